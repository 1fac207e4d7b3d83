// What the cursor is on, in workspace terms: a definition (a component, an entry of a fragment
// file), a whole file (the file part of a `$ref`), an operationId, a tag or a security scheme.
// References, rename and code lens all start from here.
import { Definition, FileIndex, NameUse, ScalarSpan } from '../workspace/file-index';
import { WorkspaceIndex } from '../workspace/workspace-index';
import type { TextLike } from '../syntax/piece-text';

export type SymbolAt =
  | { kind: 'definition'; file: string; pointer: string[]; name: string; origin: Span }
  | { kind: 'file'; file: string; origin: Span }
  | { kind: 'operation'; id: string; origin: Span }
  | { kind: 'tag'; name: string; origin: Span }
  | { kind: 'scheme'; name: string; file: string | undefined; origin: Span };

export interface Span {
  offset: number;
  length: number;
}

/** A place in some file of the workspace. */
export interface FileSpan extends Span {
  file: string;
}

const inside = (span: ScalarSpan, offset: number) => offset >= span.offset && offset <= span.offset + span.length;

/** Quotes around a scalar's text in the source. */
export function quoteWidth(span: ScalarSpan): number {
  return span.style === 'single' || span.style === 'double' ? 1 : 0;
}

/** The part of a reference's text that is its last pointer segment (where a rename types). */
export function lastSegmentSpan(span: ScalarSpan, raw: string, text: TextLike | undefined): Span {
  const start = span.offset + quoteWidth(span);
  if (text !== undefined && text.slice(start, start + raw.length) !== raw) return { offset: span.offset, length: span.length };
  const slash = raw.lastIndexOf('/');
  const hash = raw.indexOf('#');
  const from = Math.max(slash, hash) + 1;
  return { offset: start + from, length: raw.length - from };
}

function definitionSymbol(file: FileIndex, d: Definition): SymbolAt {
  const origin = { offset: d.key.offset, length: d.key.length };
  // A root's security schemes: `components/securitySchemes/*`, or a Swagger 2.0 root's `securityDefinitions/*`.
  if (file.root && d.kind === 'SecurityScheme') return { kind: 'scheme', name: d.name, file: file.path, origin };
  return { kind: 'definition', file: file.path, pointer: d.pointer, name: d.name, origin };
}

/**
 * The symbol at an offset of an indexed file. `text` is the file's current text, a string or its
 * pieces (to place spans inside reference strings exactly); without it, spans cover the whole
 * scalar.
 */
export function symbolAt(index: WorkspaceIndex, file: FileIndex, offset: number, text?: TextLike): SymbolAt | undefined {
  const refs = file.refs;
  for (let i = 0; i < refs.length; i++) {
    // From the columns: a view only for the reference at the offset.
    const at = refs.offset(i);
    if (offset < at || offset > at + refs.spanLength(i)) continue;
    const ref = refs.at(i);
    const start = ref.span.offset + quoteWidth(ref.span);
    const hash = ref.raw.indexOf('#');
    const fileLength = hash < 0 ? ref.raw.length : hash;
    if (ref.role === 'ref' && fileLength > 0 && offset <= start + fileLength) {
      return { kind: 'file', file: ref.targetFile, origin: { offset: start, length: fileLength } };
    }
    const target = index.get(ref.targetFile);
    const definition = target?.definitions.find((d) => d.pointer.length === ref.pointer.length && d.pointer.every((s, i) => s === ref.pointer[i]));
    const origin = lastSegmentSpan(ref.span, ref.raw, text);
    if (target && definition) return { ...definitionSymbol(target, definition), origin };
    const name = ref.pointer[ref.pointer.length - 1];
    return name === undefined
      ? { kind: 'file', file: ref.targetFile, origin }
      : { kind: 'definition', file: ref.targetFile, pointer: ref.pointer, name, origin };
  }
  const on = (uses: readonly NameUse[]) => uses.find((u) => inside(u.span, offset));
  const spanOf = (u: NameUse) => ({ offset: u.span.offset + quoteWidth(u.span), length: u.span.length - 2 * quoteWidth(u.span) });
  for (const operation of file.operations) {
    if (operation.operationIdSpan && operation.operationId !== undefined && inside(operation.operationIdSpan, offset)) {
      return { kind: 'operation', id: operation.operationId, origin: spanOf({ name: operation.operationId, span: operation.operationIdSpan }) };
    }
    const tag = on(operation.tags);
    if (tag) return { kind: 'tag', name: tag.name, origin: spanOf(tag) };
  }
  const link = on(file.linkOperationIds);
  if (link) return { kind: 'operation', id: link.name, origin: spanOf(link) };
  const tag = on(file.tags);
  if (tag) return { kind: 'tag', name: tag.name, origin: spanOf(tag) };
  const scheme = on(file.securityUses);
  if (scheme) return { kind: 'scheme', name: scheme.name, file: undefined, origin: spanOf(scheme) };
  const definitions = index.definitionsOf(file.path);
  const definition = definitions.find((d) => inside(d.key, offset));
  if (definition) return definitionSymbol(file, definition);
  // In a file others reference, outside its definitions: the file itself.
  if (!file.root && !definitions.some((d) => d.start <= offset && offset < d.end) && index.refsInto(file.path).length > 0) {
    return { kind: 'file', file: file.path, origin: { offset, length: 0 } };
  }
  return undefined;
}
