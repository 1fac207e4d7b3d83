// What the workspace symbol tests compare the index with: what a segment keeps of a name's
// spellings (the bounds are read from it), and the answer that scoring every name gives.
import { fuzzyMatcher } from '../../server/src/services/fuzzy';
import { parseText } from '../../server/src/syntax/parse';
import { FileIndex, indexFile } from '../../server/src/workspace/file-index';
import { addWordStartPlaces, caseStartMasks } from '../../server/src/workspace/symbol-table';

export interface KeptSpellings {
  lower: string;
  /** Word-start places (addWordStartPlaces): bits of places 1-31, then 32-63. */
  low: number;
  high: number;
  upper: number;
  lowerStarts: number;
  shortest: number;
}

/**
 * What a symbol segment keeps of one lower-case name written in several spellings (see
 * workspace/symbol-index.ts): its word-start places, the letters starting its words in upper case
 * and otherwise, and its shortest length scored.
 */
export function keptSpellings(spellings: readonly string[]): KeptSpellings {
  const lower = spellings[0].toLowerCase();
  const low = new Uint32Array(1);
  const high = new Uint32Array(1);
  let upper = 0;
  let lowerStarts = 0;
  for (const spelling of spellings) {
    addWordStartPlaces(spelling, lower.length, low, high, 0);
    const masks = caseStartMasks(spelling);
    upper |= masks.upper;
    lowerStarts |= masks.lower;
  }
  const shortest = Math.min(...spellings.map((s) => Math.min(s.length, 256)));
  return { lower, low: low[0], high: high[0], upper, lowerStarts, shortest };
}

/** A file defining a string schema of each name. */
export function schemasFile(path: string, names: Iterable<string>): FileIndex {
  const text = `openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n${[...names].map((n) => `    ${JSON.stringify(n)}: {type: string}`).join('\n')}\n`;
  return indexFile(path, parseText(text, 'yaml'));
}

/**
 * The answer to a query over the files' schema names, each scored: exact, then prefix (shorter
 * first), then fuzzy by score; ties by lower-case name, then file. As `${path} ${name}`.
 */
export function answerScoringEveryName(files: readonly FileIndex[], query: string, limit: number): string[] {
  const typed = query.trim();
  const lower = typed.toLowerCase();
  const score = fuzzyMatcher(typed);
  const ranked = files.flatMap((f) => f.definitions.flatMap((d) => {
    const nameLower = d.name.toLowerCase();
    // Exact and prefix matches rank shorter first by their lower-case length ('İ' lower-cases to two characters).
    const [rank, value] = nameLower === lower ? [d.name === typed ? 0 : 1, -nameLower.length] : nameLower.startsWith(lower) ? [2, -nameLower.length] : [3, score(d.name, nameLower)];
    return value === undefined ? [] : [{ key: `${f.path} ${d.name}`, rank, value, nameLower, path: f.path }];
  }));
  ranked.sort((a, b) => a.rank - b.rank || b.value! - a.value! || (a.nameLower < b.nameLower ? -1 : a.nameLower > b.nameLower ? 1 : 0) || (a.path < b.path ? -1 : 1));
  return ranked.slice(0, limit).map((r) => r.key);
}
