// The quick fixes on a Swagger 2.0 document's `swagger` line: "Convert to OpenAPI 3.0" (new files
// beside the sources, when the editor can create files) and "Convert to OpenAPI 3.0 in place" (one
// undoable edit of the root and every file it references). The conversion is the service's
// (services/convert); here its files become one WorkspaceEdit. Built when chosen, where the
// editor resolves code actions: a large document is not converted at every cursor move, and the
// conversion runs in the worker thread the palette's Convert uses (seconds on a large document).
import * as fs from 'fs';
import { CancellationToken, CodeAction, CodeActionKind, Diagnostic as LspDiagnostic, TextDocumentEdit, WorkspaceEdit } from 'vscode-languageserver/node';
import { ConversionPlacement, convertForEditor, ConvertedForEditor } from '../../services/convert/convert-in-editor';
import { mark } from '../runtime/marks';
import { ConvertThread } from '../state/convert-thread';
import { uriToPath } from '../state/session';
import { ServerContext } from './context';

interface ConversionData {
  uri: string;
  convert: ConversionPlacement;
}

const TITLES: Record<ConversionPlacement, string> = {
  'beside': 'Convert to OpenAPI 3.0',
  'in-place': 'Convert to OpenAPI 3.0 in place',
};

/** The conversion fixes for the `openapi-version` finding of a Swagger 2.0 root. */
export function conversionActions(ctx: ServerContext, uri: string, diagnostic: LspDiagnostic): CodeAction[] {
  const capabilities = ctx.workspace.clientCapabilities;
  const canCreate = capabilities?.workspace?.workspaceEdit?.resourceOperations?.includes('create') ?? false;
  const resolves = capabilities?.textDocument?.codeAction?.resolveSupport?.properties.includes('edit') ?? false;
  const placements: ConversionPlacement[] = canCreate ? ['beside', 'in-place'] : ['in-place'];
  return placements.flatMap((placement, i): CodeAction[] => {
    const action: CodeAction = {
      title: TITLES[placement], kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: i === 0,
      data: { uri, convert: placement } satisfies ConversionData,
    };
    if (resolves) return [action];
    const edit = conversionEdit(ctx, uri, placement);
    return 'error' in edit ? [] : [{ ...action, edit }];
  });
}

/** Whether a code action to resolve is a conversion. */
export function isConversionAction(action: CodeAction): boolean {
  return typeof (action.data as Partial<ConversionData> | undefined)?.convert === 'string';
}

/** A chosen conversion, its edit built now, off the message loop. */
export async function resolveConversion(ctx: ServerContext, action: CodeAction, token: CancellationToken): Promise<{ action: CodeAction } | { error: string }> {
  const data = action.data as ConversionData;
  if (action.edit) return { action };
  const file = uriToPath(data.uri);
  if (!file) return { error: `Cannot convert ${data.uri}: not a file.` };
  const edit = await convertedEdit(ctx, file, data.convert, token);
  if (token.isCancellationRequested) return { action };
  return 'error' in edit ? edit : { action: { ...action, edit } };
}

const converters = new WeakMap<ServerContext, ConvertThread>();

/** The session's conversion worker, shared by the quick fix and the palette's Convert. */
function converterOf(ctx: ServerContext): ConvertThread {
  let converter = converters.get(ctx);
  if (!converter) {
    const made = new ConvertThread(ctx.session, (message) => ctx.connection.console.warn(message));
    ctx.dispatch.onShutdown(() => made.dispose());
    converters.set(ctx, (converter = made));
  }
  return converter;
}

/**
 * A Swagger 2.0 root converted in the worker, from the editor's unsaved text, as the edit that
 * applies it. A file it converted that was edited meanwhile is converted again: the newer edit wins
 * (an in-place edit built from the older text would undo it).
 */
export async function convertedEdit(ctx: ServerContext, file: string, placement: ConversionPlacement, token: CancellationToken): Promise<WorkspaceEdit | { error: string }> {
  const { session } = ctx;
  for (;;) {
    const versions = new Map([...session.open.values()].map((doc) => [doc.path, doc.version]));
    const converted = await converterOf(ctx).convert(file, placement);
    if (token.isCancellationRequested) return { error: 'The conversion was cancelled.' };
    const edited = 'files' in converted && converted.files.some((f) => session.openDocument(f.source)?.version !== versions.get(f.source));
    if (!edited) return conversionEditOf(ctx, converted, placement);
    mark('conversion stopped by an edit', { root: file });
  }
}

export function conversionEdit(ctx: ServerContext, uri: string, placement: ConversionPlacement): WorkspaceEdit | { error: string } {
  const { session } = ctx;
  const filePath = uriToPath(uri);
  if (!filePath) return { error: `Cannot convert ${uri}: not a file.` };
  const exists = (p: string) => session.openDocument(p) !== undefined || fs.existsSync(p);
  return conversionEditOf(ctx, convertForEditor(filePath, session.fileSource(), placement, exists), placement);
}

/** A conversion (made here or in the conversion worker) as the edit that applies it. */
export function conversionEditOf(ctx: ServerContext, converted: ConvertedForEditor | { error: string }, placement: ConversionPlacement): WorkspaceEdit | { error: string } {
  if ('error' in converted) return { error: `Cannot convert to OpenAPI 3.0: ${converted.error}` };
  return placement === 'beside' ? creatingEdit(ctx, converted) : replacingEdit(ctx, converted);
}

const START = { line: 0, character: 0 };

/** Each converted file created and filled (never over an existing one). */
function creatingEdit(ctx: ServerContext, converted: ConvertedForEditor): WorkspaceEdit {
  const documentChanges: WorkspaceEdit['documentChanges'] = [];
  for (const file of converted.files) {
    const uri = ctx.session.uriOf(file.path);
    documentChanges.push({ kind: 'create', uri, options: { overwrite: false, ignoreIfExists: false } });
    documentChanges.push({ textDocument: { uri, version: null }, edits: [{ range: { start: START, end: START }, newText: file.text }] });
  }
  return { documentChanges };
}

/** Each source's whole text replaced by its conversion: one edit the editor undoes at once. */
function replacingEdit(ctx: ServerContext, converted: ConvertedForEditor): WorkspaceEdit {
  const { session } = ctx;
  const files = session.fileSource();
  const documentChanges: TextDocumentEdit[] = [];
  for (const file of converted.files) {
    const read = files.read(file.source);
    if (!('text' in read)) continue;
    const open = session.openDocument(file.source);
    const uri = session.uriOf(file.source);
    const edits = [{ range: { start: START, end: endOf(read.text) }, newText: file.text }];
    documentChanges.push({ textDocument: { uri, version: open ? open.version : null }, edits });
  }
  if (ctx.workspace.clientCapabilities?.workspace?.workspaceEdit?.documentChanges) return { documentChanges };
  return { changes: Object.fromEntries(documentChanges.map((c) => [c.textDocument.uri, c.edits])) };
}

/** The position after a text's last character (LSP counts UTF-16 units, as JavaScript strings do). */
function endOf(text: string): { line: number; character: number } {
  const lines = text.split(/\r\n|\r|\n/);
  return { line: lines.length - 1, character: lines[lines.length - 1].length };
}
