// textDocument/formatting and textDocument/rangeFormatting (Format Document, Format Selection) of
// OpenAPI documents and the files they reference; other YAML and JSON files are left to other
// formatters. The edits come from services/format.ts.
import { DocumentFormattingParams, DocumentRangeFormattingParams, TextEdit } from 'vscode-languageserver/node';
import { documentStatus } from '../../model/analysis';
import { SourceDocument } from '../../model/documents';
import { formatEdits } from '../../services/format';
import { toLspEdits } from '../lsp-types';
import { FORMAT_MAX_CHARS } from '../runtime/tuning';
import { currentDocument, ServerContext } from './context';

function formattable(ctx: ServerContext, uri: string): SourceDocument | undefined {
  const doc = currentDocument(ctx, uri);
  // Edits are made at the model's offsets: none while a newer text is being parsed.
  if (!doc || !ctx.session.isCurrent(doc.path)) return undefined;
  const isOpenApi = documentStatus(doc.root).kind !== 'not-openapi' || ctx.session.rootsReading(doc.path).length > 0;
  if (!isOpenApi) return undefined;
  if (doc.textLength > FORMAT_MAX_CHARS) {
    ctx.connection.window.showInformationMessage(`This document is too large to format (over ${FORMAT_MAX_CHARS / 1024 / 1024} MB).`);
    return undefined;
  }
  return doc;
}

export function registerFormatting(ctx: ServerContext): void {
  const optionsOf = (params: DocumentFormattingParams) => ({
    tabSize: params.options.tabSize, insertSpaces: params.options.insertSpaces, orderKeys: ctx.settings.formatOrderKeys, quotes: ctx.settings.formatQuotes,
  });
  ctx.dispatch.request<DocumentFormattingParams, TextEdit[] | null>('textDocument/formatting', null, (params) => {
    const doc = formattable(ctx, params.textDocument.uri);
    return doc ? toLspEdits(doc, formatEdits(doc.parsed, optionsOf(params))) : null;
  });
  ctx.dispatch.request<DocumentRangeFormattingParams, TextEdit[] | null>('textDocument/rangeFormatting', null, (params) => {
    const doc = formattable(ctx, params.textDocument.uri);
    if (!doc) return null;
    const start = doc.lineIndex.offsetAt(params.range.start);
    const range = { offset: start, length: doc.lineIndex.offsetAt(params.range.end) - start };
    return toLspEdits(doc, formatEdits(doc.parsed, optionsOf(params), range));
  });
}
