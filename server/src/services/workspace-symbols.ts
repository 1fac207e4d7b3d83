// Workspace symbols: operations (one each, found by operationId or by `METHOD /path`), components
// by name and kind, tags, fuzzy-matched against the query.
import { ObjectKind } from '../model/spec';
import { WorkspaceIndex } from '../workspace/workspace-index';
import { fuzzyMatcher } from './fuzzy';
import { FileSpan } from './symbol-at';

export interface WorkspaceSymbol {
  /** An operation's is `listPets (GET /pets)`: editors filter by the name, and either part finds it. */
  name: string;
  /** What the query is matched against: the name, and an operation's operationId and `METHOD /path` alone. */
  matched: string[];
  kind: 'operation' | 'component' | 'tag';
  /** For components: the kind of object, when known. */
  objectKind?: ObjectKind;
  /** What holds it: `schemas` for a component, `tags` for a tag; nothing for an operation. */
  container: string;
  deprecated: boolean;
  /** The whole symbol, and its name. */
  range: FileSpan;
  selection: FileSpan;
}

/** Results returned at most: an editor shows the best few. */
const MAX_RESULTS = 256;

const lists = new WeakMap<WorkspaceIndex, { version: number; symbols: WorkspaceSymbol[]; lowerNames: string[][] }>();

function allSymbols(index: WorkspaceIndex): { symbols: WorkspaceSymbol[]; lowerNames: string[][] } {
  const cached = lists.get(index);
  if (cached?.version === index.version) return cached;
  const symbols: WorkspaceSymbol[] = [];
  for (const file of index.all()) {
    const at = (start: number, end: number) => ({ file: file.path, offset: start, length: end - start });
    for (const operation of file.operations) {
      const path = index.pathOf(file, operation);
      const where = path !== undefined ? ' ' + path : operation.webhook !== undefined ? ` webhook ${operation.webhook}` : '';
      const label = `${operation.method.toUpperCase()}${where}`;
      const range = at(operation.start, operation.end);
      const common = { kind: 'operation' as const, deprecated: operation.deprecated, range, container: '' };
      const id = operation.operationIdSpan;
      if (operation.operationId !== undefined && id) {
        const name = `${operation.operationId} (${label})`;
        symbols.push({ ...common, name, matched: [name, operation.operationId, label], selection: at(id.offset, id.offset + id.length) });
      } else {
        symbols.push({ ...common, name: label, matched: [label], selection: at(operation.key.offset, operation.key.offset + operation.key.length) });
      }
    }
    for (const definition of index.definitionsOf(file.path)) {
      symbols.push({
        name: definition.name, matched: [definition.name], kind: 'component', objectKind: index.kindOf(file.path, definition),
        container: definition.pointer.slice(0, -1).filter((s) => s !== 'components').join('/'), deprecated: definition.deprecated,
        range: at(definition.start, definition.end), selection: at(definition.key.offset, definition.key.offset + definition.key.length),
      });
    }
    for (const tag of file.tags) {
      symbols.push({ name: tag.name, matched: [tag.name], kind: 'tag', container: 'tags', deprecated: false, range: at(tag.start, tag.end), selection: at(tag.span.offset, tag.span.offset + tag.span.length) });
    }
  }
  const list = { version: index.version, symbols, lowerNames: symbols.map((s) => s.matched.map((m) => m.toLowerCase())) };
  lists.set(index, list);
  return list;
}

export function workspaceSymbols(index: WorkspaceIndex, query: string, limit = MAX_RESULTS): WorkspaceSymbol[] {
  const scored: { symbol: WorkspaceSymbol; score: number }[] = [];
  const { symbols, lowerNames } = allSymbols(index);
  const score = fuzzyMatcher(query);
  for (let i = 0; i < symbols.length; i++) {
    let best: number | undefined;
    symbols[i].matched.forEach((name, k) => {
      const value = score(name, lowerNames[i][k]);
      if (value !== undefined && (best === undefined || value > best)) best = value;
    });
    if (best !== undefined) scored.push({ symbol: symbols[i], score: best });
  }
  scored.sort((a, b) => b.score - a.score || a.symbol.name.length - b.symbol.name.length || (a.symbol.name < b.symbol.name ? -1 : 1));
  return scored.slice(0, limit).map((s) => s.symbol);
}
