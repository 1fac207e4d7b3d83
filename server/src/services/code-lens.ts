// Code lens: "N references" above each component, each tag and each security scheme of a file.
// Counted from the index; the places themselves are listed when a lens is resolved.
import { WorkspaceIndex } from '../workspace/workspace-index';
import { referencesOf } from './references';
import { FileSpan, Span, SymbolAt } from './symbol-at';

export interface CodeLens {
  /** Where the lens sits: the name it counts references of. */
  at: Span;
  symbol: SymbolAt;
  count: number;
}

export function codeLenses(index: WorkspaceIndex, filePath: string): CodeLens[] {
  const file = index.get(filePath);
  if (!file) return [];
  const lenses: CodeLens[] = [];
  const add = (symbol: SymbolAt) => lenses.push({ at: symbol.origin, symbol, count: referencesOf(index, filePath, symbol, false).length });
  for (const definition of index.definitionsOf(filePath)) {
    const origin = { offset: definition.key.offset, length: definition.key.length };
    if (file.root && definition.kind === 'SecurityScheme') {
      add({ kind: 'scheme', name: definition.name, file: filePath, origin });
    } else {
      add({ kind: 'definition', file: filePath, pointer: definition.pointer, name: definition.name, origin });
    }
  }
  for (const tag of file.tags) add({ kind: 'tag', name: tag.name, origin: { offset: tag.span.offset, length: tag.span.length } });
  return lenses;
}

/** The places a lens lists, when the editor resolves it. */
export function lensReferences(index: WorkspaceIndex, filePath: string, symbol: SymbolAt): FileSpan[] {
  return referencesOf(index, filePath, symbol, false);
}

/** `3 references`, `1 reference`. */
export function lensTitle(count: number): string {
  return `${count} reference${count === 1 ? '' : 's'}`;
}
