// The workspace symbol query as it was before the workspace-wide index (symbol-index.ts): one walk
// of each file's table. Kept as the reference the new structure's answers are compared with.
import { FileIndex } from '../../server/src/workspace/file-index';
import { charBit, MAX_SCANNED, partitionPoint, maskOf, SymbolKind, SymbolTable, symbolTableOf, writtenName } from '../../server/src/workspace/symbol-table';
import { WorkspaceIndex } from '../../server/src/workspace/workspace-index';
import { fuzzyMatcher, RUN_BONUS, START_BONUS, WORD_START_BONUS } from '../../server/src/services/fuzzy';
import { BestMatches, better, distinctSymbols, isSubsequence, MAX_QUERY, MAX_RESULTS, pathlessLabel, Rank, symbolKey, symbolOf, WorkspaceSymbol } from '../../server/src/services/workspace-symbols';

export function workspaceSymbolsPerFile(index: WorkspaceIndex, query: string, limit = MAX_RESULTS): WorkspaceSymbol[] {
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
    for (let k = partitionPoint(0, names.length, (i) => names[i] < lower); k < names.length && names[k].startsWith(lower); k++) {
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
    const tables = files.map(symbolTableOf);
    const found = fuzzyCandidates(index, files, tables, compact);
    const offering = new Int8Array(files.length).fill(-1);
    const pairs = queryPairs(compact);
    // Each candidate's score bound, then alignments best bound first: once the answer is full, a
    // name whose bound cannot enter ends the work (more than 66,000 names of the directory hold `pet`).
    const bounds = new Float64Array(found.count);
    const kept = new Uint32Array(found.count);
    let keptCount = 0;
    for (let c = 0; c < found.count; c++) {
      const f = found.files[c];
      const file = files[f];
      const table = tables[f];
      const k = found.names[c];
      const name = table.names[k];
      if (name.startsWith(lower)) continue; // ranked above already
      if ((table.targets[k] & 3) === SymbolKind.Definition) {
        if (offering[f] < 0) offering[f] = offers(file) ? 1 : 0;
        if (offering[f] === 0) continue;
      }
      bounds[c] = scoreBound(compact, pairs, name, (table.upperStarts[k] | table.lowerStarts[k]) >>> 0, table.written[k]?.length ?? 0);
      kept[keptCount++] = c;
    }
    const { order, starts, top } = bucketsByBound(kept.subarray(0, keptCount), bounds);
    for (let b = 0; b + 1 < starts.length; b++) {
      // Bounds of bucket b are at most top - b: once those cannot enter, no later bucket can.
      if (!best.admits(Rank.Fuzzy, top - b)) break;
      // Highest bound first within the bucket too: the answer's worst rises fast, and the first
      // bound that cannot enter ends the bucket ('pet' has 15,000 names in its top bucket).
      const bucket = order.subarray(starts[b], starts[b + 1]);
      bucket.sort((x, y) => bounds[y] - bounds[x]);
      for (const c of bucket) {
        if (!best.admits(Rank.Fuzzy, bounds[c])) break;
        const file = files[found.files[c]];
        const table = tables[found.files[c]];
        const k = found.names[c];
        const name = table.names[k];
        const target = table.targets[k];
        const value = score(table.written[k] ?? writtenName(file, target), name);
        if (value !== undefined && best.admits(Rank.Fuzzy, value)) best.add({ file, target, rank: Rank.Fuzzy, score: value, lower: name });
      }
    }
    for (const file of files) {
      const table = symbolTableOf(file);
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
 * does, and a run bonus for each but the first whose pair with the one before is in the name, less
 * the length term.
 */
function scoreBound(query: string, pairs: readonly string[], lowerName: string, wordStarts: number, writtenLength: number): number {
  // The score's length term is the written name's (0 when not known here: a looser bound, never a wrong one).
  let bound = -Math.min(writtenLength, MAX_SCANNED) * 0.01;
  for (let i = 0; i < query.length; i++) {
    const code = query.charCodeAt(i);
    bound += 2 + (i === 0 && code === lowerName.charCodeAt(0) ? START_BONUS : (wordStarts & charBit(code)) !== 0 ? WORD_START_BONUS : 0);
    // A run needs the two characters side by side in the part of the name scored.
    if (i > 0) {
      const at = lowerName.indexOf(pairs[i]);
      if (at >= 0 && at < MAX_SCANNED - 1) bound += RUN_BONUS;
    }
  }
  return bound;
}

/** Candidates kept at most for the next query (8 bytes each): more, and the next query scans again. */
const MAX_REUSED_CANDIDATES = 2_000_000;

/** The names holding a query as a subsequence: per candidate, its file (index in `files`) and its row in the file's table. */
interface Candidates {
  count: number;
  files: Uint32Array;
  names: Uint32Array;
}

/** The last fuzzy query's candidates per index, for the query typed next (see fuzzyCandidates). */
const lastCandidates = new WeakMap<WorkspaceIndex, { version: number; files: readonly FileIndex[]; compact: string; found: Candidates }>();

/**
 * The names of every file that hold `compact` as a subsequence, in file and table order. A query
 * typed letter by letter holds the one before it as a subsequence, so it holds only names that
 * one held: while the index has not changed, only the last query's candidates are read again.
 */
function fuzzyCandidates(index: WorkspaceIndex, files: readonly FileIndex[], tables: readonly SymbolTable[], compact: string): Candidates {
  // Signed, as `&` gives the masks: the bit of other characters (see charBit) is the sign bit.
  const queryMask = maskOf(compact) | 0;
  const last = lastCandidates.get(index);
  let found: Candidates;
  if (last && last.version === index.version && last.files.length === files.length && isSubsequence(last.compact, compact)) {
    const from = last.found;
    found = { count: 0, files: new Uint32Array(from.count), names: new Uint32Array(from.count) };
    for (let c = 0; c < from.count; c++) {
      const table = tables[from.files[c]];
      const k = from.names[c];
      if ((table.masks[k] & queryMask) !== queryMask || !isSubsequence(compact, table.names[k], MAX_SCANNED)) continue;
      found.files[found.count] = from.files[c];
      found.names[found.count++] = k;
    }
  } else {
    found = { count: 0, files: new Uint32Array(1024), names: new Uint32Array(1024) };
    tables.forEach((table, f) => {
      table.names.forEach((name, k) => {
        if ((table.masks[k] & queryMask) !== queryMask || !isSubsequence(compact, name, MAX_SCANNED)) return;
        if (found.count === found.files.length) {
          const files = new Uint32Array(2 * found.count);
          const names = new Uint32Array(2 * found.count);
          files.set(found.files);
          names.set(found.names);
          found.files = files;
          found.names = names;
        }
        found.files[found.count] = f;
        found.names[found.count++] = k;
      });
    });
  }
  if (found.count <= MAX_REUSED_CANDIDATES) lastCandidates.set(index, { version: index.version, files, compact, found });
  else lastCandidates.delete(index);
  return found;
}

/**
 * The candidates by their bounds, highest first, in buckets of one point (bucket b holds bounds in
 * (top - b - 1, top - b]): linear in the candidates (66,000 for `pet`); only the buckets read are sorted.
 */
function bucketsByBound(candidates: Uint32Array, bounds: Float64Array): { order: Uint32Array; starts: Uint32Array; top: number } {
  let top = 0;
  for (const c of candidates) top = Math.max(top, Math.ceil(bounds[c]));
  const bucketOf = (c: number) => Math.min(top, Math.max(0, top - Math.ceil(bounds[c])));
  const starts = new Uint32Array(top + 2);
  for (const c of candidates) starts[bucketOf(c) + 1]++;
  for (let b = 1; b < starts.length; b++) starts[b] += starts[b - 1];
  const order = new Uint32Array(candidates.length);
  const next = starts.slice();
  for (const c of candidates) order[next[bucketOf(c)]++] = c;
  return { order, starts, top };
}

/** Per query character but the first, the pair it makes with the one before. */
function queryPairs(query: string): string[] {
  return Array.from({ length: query.length }, (_, i) => (i === 0 ? '' : query.slice(i - 1, i + 1)));
}
