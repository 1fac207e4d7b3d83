// Workspace symbols: operations (one each, found by operationId or by `METHOD /path`), components
// by name and kind, tags. Ranked exact > prefix > fuzzy, as rust-analyzer's symbol search: the
// prefix matches come from each file's sorted table by binary search; the fuzzy ones are scanned
// (a subsequence of the name, camel-case humps and word starts scored higher) only when the exact
// and prefix matches leave room in the answer. Nothing is built per query beyond its answer.
import { ObjectKind } from '../model/spec';
import { FileIndex } from '../workspace/file-index';
import { charBit, lowerBound, MAX_SCANNED, maskOf, operationLabel, scanSubsequence, SymbolKind, symbolTableOf, writtenName } from '../workspace/symbol-table';
import { WorkspaceIndex } from '../workspace/workspace-index';
import { fuzzyMatcher, RUN_BONUS, START_BONUS, WORD_START_BONUS } from './fuzzy';
import { FileSpan } from './symbol-at';

export interface WorkspaceSymbol {
  /** An operation's is `listPets (GET /pets)`: editors filter by the name, and either part finds it. */
  name: string;
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
/** Query characters read: a longer query is cut (names are matched on their first 256 too). */
const MAX_QUERY = 32;

/** How a name matched, best first. */
const enum Rank {
  ExactCase = 0,
  Exact = 1,
  Prefix = 2,
  Fuzzy = 3,
}

interface Match {
  file: FileIndex;
  /** `entry index << 2 | SymbolKind`; an operation's label and operationId name the same symbol. */
  target: number;
  rank: Rank;
  /** Within a rank, higher first: the fuzzy score (word starts, humps, runs), or minus the name's length. */
  score: number;
  /** The name as matched, lower case: the last tie-breaker, so an answer does not depend on file order. */
  lower: string;
}

/** The symbol an entry names in its file; operations are one symbol whichever of their names matched. */
function symbolKey(match: Match): number {
  const kind = match.target & 3;
  return kind === SymbolKind.OperationLabel ? match.target - 1 : match.target;
}

export function workspaceSymbols(index: WorkspaceIndex, query: string, limit = MAX_RESULTS): WorkspaceSymbol[] {
  const typed = query.trim().slice(0, MAX_QUERY);
  const lower = typed.toLowerCase();
  const files = [...index.all()];
  // An operation has two names: twice the answer's entries hold at least its number of symbols.
  const best = new BestMatches(2 * limit);
  const offers = (file: FileIndex) => file.root || index.definitionsOf(file.path).length > 0;
  const rankOf = (name: string, nameLower: string): Rank =>
    nameLower === lower ? (name === typed ? Rank.ExactCase : Rank.Exact) : Rank.Prefix;

  // Exact and prefix matches: one contiguous run of each file's sorted names.
  let prefixed = 0;
  for (const file of files) {
    const table = symbolTableOf(file);
    const { names } = table;
    let offering: boolean | undefined;
    for (let k = lowerBound(names, lower); k < names.length && names[k].startsWith(lower); k++) {
      const target = table.targets[k];
      if ((target & 3) === SymbolKind.Definition && !(offering ??= offers(file))) continue;
      prefixed++;
      const name = names[k];
      const rank = name === lower ? rankOf(table.written[k] ?? writtenName(file, target), name) : Rank.Prefix;
      if (best.admits(rank, -name.length)) best.add({ file, target, rank, score: -name.length, lower: name });
    }
    for (const i of table.pathless) {
      const label = pathlessLabel(index, file, i);
      const labelLower = label.toLowerCase();
      if (!labelLower.startsWith(lower)) continue;
      prefixed++;
      best.add({ file, target: (i << 2) | SymbolKind.OperationLabel, rank: rankOf(label, labelLower), score: -label.length, lower: labelLower });
    }
  }

  // Fuzzy matches, only when the others leave room in the answer: they never go before them.
  const compact = lower.replace(/\s+/g, '');
  if (prefixed < best.capacity && distinctSymbols(best.entries()) < limit && compact !== '') {
    const score = fuzzyMatcher(typed);
    const queryMask = maskOf(compact);
    for (const file of files) {
      const table = symbolTableOf(file);
      let offering: boolean | undefined;
      scanSubsequence(table, compact, queryMask, (k) => {
        const name = table.names[k];
        if (name.startsWith(lower)) return; // ranked above already
        const target = table.targets[k];
        if ((target & 3) === SymbolKind.Definition && !(offering ??= offers(file))) return;
        // Most names of a short query's many matches cannot enter the answer: no alignment for them.
        if (!best.admits(Rank.Fuzzy, scoreBound(compact, name, table.starts[k]))) return;
        const value = score(table.written[k] ?? writtenName(file, target), name);
        if (value !== undefined && best.admits(Rank.Fuzzy, value)) best.add({ file, target, rank: Rank.Fuzzy, score: value, lower: name });
      });
      for (const i of table.pathless) {
        const label = pathlessLabel(index, file, i);
        const labelLower = label.toLowerCase();
        if (labelLower.startsWith(lower)) continue;
        const value = score(label, labelLower);
        if (value !== undefined && best.admits(Rank.Fuzzy, value)) best.add({ file, target: (i << 2) | SymbolKind.OperationLabel, rank: Rank.Fuzzy, score: value, lower: labelLower });
      }
    }
  }
  const sorted = best.entries().sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
  const answered = new Set<string>();
  const symbols: WorkspaceSymbol[] = [];
  for (const match of sorted) {
    const key = `${symbolKey(match)}\0${match.file.path}`;
    if (answered.has(key)) continue; // the operation's other name, ranked lower
    answered.add(key);
    symbols.push(symbolOf(index, match));
    if (symbols.length === limit) break;
  }
  return symbols;
}

/**
 * At least the fuzzy score of a name (see fuzzyMatcher): per query character 1, 1 for its case,
 * the start bonus where the name starts with it or the word start bonus where a word of the name
 * does, and a run bonus for each but the first.
 */
function scoreBound(query: string, lowerName: string, wordStarts: number): number {
  let bound = RUN_BONUS * (query.length - 1) - Math.min(lowerName.length, MAX_SCANNED) * 0.01;
  for (let i = 0; i < query.length; i++) {
    const code = query.charCodeAt(i);
    bound += 2 + (i === 0 && code === lowerName.charCodeAt(0) ? START_BONUS : (wordStarts & charBit(code)) !== 0 ? WORD_START_BONUS : 0);
  }
  return bound;
}

function distinctSymbols(matches: readonly Match[]): number {
  return new Set(matches.map((m) => `${symbolKey(m)}\0${m.file.path}`)).size;
}

/** The best matches seen, at most `capacity` of them: a heap with the worst on top. */
class BestMatches {
  private readonly heap: Match[] = [];
  constructor(readonly capacity: number) {}

  entries(): Match[] {
    return this.heap.slice();
  }

  /** Whether a match of this rank and score could enter (decided before building it). */
  admits(rank: Rank, score: number): boolean {
    if (this.heap.length < this.capacity) return true;
    const worst = this.heap[0];
    return rank < worst.rank || (rank === worst.rank && score >= worst.score);
  }

  add(match: Match): void {
    const heap = this.heap;
    if (heap.length < this.capacity) {
      heap.push(match);
      this.up(heap.length - 1);
    } else if (this.capacity > 0 && better(match, heap[0])) {
      heap[0] = match;
      this.down(0);
    }
  }

  private up(i: number): void {
    const heap = this.heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!better(heap[parent], heap[i])) break;
      [heap[parent], heap[i]] = [heap[i], heap[parent]];
      i = parent;
    }
  }

  private down(i: number): void {
    const heap = this.heap;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < heap.length && better(heap[worst], heap[left])) worst = left;
      if (right < heap.length && better(heap[worst], heap[right])) worst = right;
      if (worst === i) return;
      [heap[worst], heap[i]] = [heap[i], heap[worst]];
      i = worst;
    }
  }
}

function better(a: Match, b: Match): boolean {
  if (a.rank !== b.rank) return a.rank < b.rank;
  if (a.score !== b.score) return a.score > b.score;
  if (a.lower !== b.lower) return a.lower < b.lower;
  return a.file.path < b.file.path || (a.file.path === b.file.path && a.target < b.target);
}

/** `METHOD /path` of an operation of a Path Item file, the path being where a root references it. */
function pathlessLabel(index: WorkspaceIndex, file: FileIndex, i: number): string {
  const operation = file.operations[i];
  return operationLabel(operation.method, index.pathOf(file, operation));
}

function symbolOf(index: WorkspaceIndex, match: Match): WorkspaceSymbol {
  const { file } = match;
  const i = match.target >>> 2;
  const at = (start: number, end: number) => ({ file: file.path, offset: start, length: end - start });
  switch ((match.target & 3) as SymbolKind) {
    case SymbolKind.OperationId:
    case SymbolKind.OperationLabel: {
      const operation = file.operations[i];
      const label = operationLabel(operation.method, index.pathOf(file, operation), operation.webhook);
      const common = { kind: 'operation' as const, deprecated: operation.deprecated, range: at(operation.start, operation.end), container: '' };
      const id = operation.operationIdSpan;
      if (operation.operationId !== undefined && id) {
        return { ...common, name: `${operation.operationId} (${label})`, selection: at(id.offset, id.offset + id.length) };
      }
      return { ...common, name: label, selection: at(operation.key.offset, operation.key.offset + operation.key.length) };
    }
    case SymbolKind.Definition: {
      const definition = file.definitions[i];
      return {
        name: definition.name, kind: 'component', objectKind: index.kindOf(file.path, definition),
        container: definition.pointer.slice(0, -1).filter((s) => s !== 'components').join('/'), deprecated: definition.deprecated,
        range: at(definition.start, definition.end), selection: at(definition.key.offset, definition.key.offset + definition.key.length),
      };
    }
    case SymbolKind.Tag: {
      const tag = file.tags[i];
      return { name: tag.name, kind: 'tag', container: 'tags', deprecated: false, range: at(tag.start, tag.end), selection: at(tag.span.offset, tag.span.offset + tag.span.length) };
    }
  }
}
