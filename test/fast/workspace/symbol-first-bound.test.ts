// The first bound of a workspace symbol query (firstBoundPoints in services/workspace-symbols.ts)
// counts a character's word start and its run bonus together only where the query's pair ends at a
// place where a word can start. A bound below a spelling's score would drop a match: it must be at
// least the score of every spelling of the name, for names built to put the query's letters at word
// starts in either case, humps inside a run, separators typed, word starts past the places known
// (64) and past the characters scored (256), non-ASCII letters; and the answers must be the ones
// scoring every name gives, across keystrokes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fuzzyMatcher } from '../../../server/src/services/fuzzy';
import { firstBoundPoints, workspaceSymbols } from '../../../server/src/services/workspace-symbols';
import { FileIndex } from '../../../server/src/workspace/file-index';
import { WorkspaceIndex } from '../../../server/src/workspace/workspace-index';
import { answerScoringEveryName, keptSpellings, schemasFile } from '../../helpers/symbol-oracle';

let seed = 17;
const random = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >>> 8) % n;
// The query's letters alone, in both cases, as runs and apart; separators; a hump inside a run ('tS', 'eT').
const PIECES = ['p', 'P', 'e', 'E', 't', 'T', 's', 'S', 'pe', 'Pe', 'PE', 'pE', 'et', 'eT', 'Et', 'pet', 'Pet', 'PeT', 'tS', 'St', 'st',
  '/', '{', '}', '_', '-', '.', ' ', '2', 'v1', 'x', 'X', 'é', 'É', 'İ', 'ß', 'Ω', 'ω'];
const piece = () => PIECES[random(PIECES.length)];
/** Names of a few to about 110 characters, and some past 256 (their tail is not scored). */
const generatedName = () => {
  const name = Array.from({ length: 1 + random(random(3) === 0 ? 40 : 8) }, piece).join('');
  return random(12) === 0 ? `${'y'.repeat(240 + random(20))}${name}` : name;
};
/** The same name in another case where its words start elsewhere (a hump lost or gained). */
const respelled = (name: string) => Array.from(name, (c) => (random(4) === 0 ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c)).join('');
const QUERIES = ['Pet', 'pet', 'PET', 'pT', 'PetSt', 'petst', 'eTS', 'tS', 'Ts', 'p/e', 'e_t', 'v1/p', '2e', 'éÉ', 'Ωω', 'ßs', 'İp', 'pp', 'ttt', 'pEtS'];

/** The first bound as the query reads it: whole points less the length term. */
function firstBound(query: string, spellings: string[]): number {
  const { lower, low, high, upper, lowerStarts, shortest } = keptSpellings(spellings);
  const compact = query.toLowerCase().replace(/\s+/g, '');
  return firstBoundPoints(compact, query.replace(/\s+/g, ''))(lower, upper, lowerStarts, 0, low, high) - shortest * 0.01;
}

/** The first bound with a character's word start and run bonus counted wherever each holds, apart. */
function apartBound(query: string, spellings: string[]): number {
  const { lower, upper, lowerStarts, shortest } = keptSpellings(spellings);
  const compact = query.toLowerCase();
  const bare = firstBoundPoints(compact, query, false)(lower, upper, lowerStarts, 0, 1, 0);
  let runs = 0;
  for (let i = 1; i < compact.length; i++) {
    const at = lower.indexOf(compact.slice(i - 1, i + 1));
    if (at >= 0 && at < 255) runs += 5;
  }
  return bare + runs - shortest * 0.01;
}

describe('the first bound of fuzzy scores', () => {
  it('is at least the score of every spelling of a name, and adds up character by character', () => {
    let compared = 0;
    let tighter = 0;
    for (let n = 0; n < 4000; n++) {
      const first = generatedName();
      const spellings = [first, ...Array.from({ length: random(3) }, () => respelled(first))];
      if (spellings.some((s) => s.toLowerCase() !== first.toLowerCase())) continue; // a case change that is not one name (ß -> SS)
      const { lower, low, high, upper, lowerStarts } = keptSpellings(spellings);
      for (const query of QUERIES) {
        const compact = query.toLowerCase();
        if (lower.startsWith(compact)) continue; // ranked as a prefix: never bounded
        const bound = firstBound(query, spellings);
        for (const spelling of spellings) {
          const score = fuzzyMatcher(query)(spelling, lower);
          if (score === undefined) continue;
          compared++;
          assert.ok(bound >= score, `${query} in ${JSON.stringify(spelling)} (spellings ${JSON.stringify(spellings)}): bound ${bound} < score ${score}`);
          const apart = apartBound(query, spellings);
          assert.ok(bound <= apart, `${query} in ${JSON.stringify(spelling)}: ${bound} above ${apart}`);
          if (bound < apart) tighter++;
        }
        // A query typed one more character adds that character's points to the last one's (the
        // candidates carried to the next keystroke keep their points).
        if (compact.length === query.length && compact.length > 1) {
          const points = (q: string, from: number) => firstBoundPoints(q.toLowerCase(), q)(lower, upper, lowerStarts, from, low, high);
          const shorter = query.slice(0, -1);
          assert.equal(points(query, 0), points(shorter, 0) + points(query, shorter.length), `${query} in ${first}`);
        }
      }
    }
    assert.ok(compared > 5000, `${compared} scores compared`);
    // Tighter than a word start and a run bonus counted wherever each holds apart (the bound before):
    // these names are built to hold humps inside runs, where both count, so the share is small here.
    assert.ok(tighter > compared / 10, `${tighter} of ${compared} bounds below the one counting both apart`);
  });

  it('counts a word start and a run bonus on one character only where the pair ends at a word start', () => {
    // 'Pet' in getPetsByStatusType: P at a word start (7), e and t in the run (7 each); the 'T' of
    // Type starts a word but is not after an 'e'. The score is the same 21 points.
    const name = 'getPetsByStatusType';
    assert.equal(firstBound('Pet', [name]), 21 - name.length * 0.01);
    assert.equal(fuzzyMatcher('Pet')(name), 21 - name.length * 0.01);
    // A hump inside the run: 'eT' of getPeTs ends at a word start, so both count for the 't'.
    assert.equal(firstBound('pet', ['getPeTs']), fuzzyMatcher('pet')('getPeTs'));
    // A typed separator: the letter after it starts a word and continues the run.
    assert.equal(firstBound('v1/p', ['getV1/pets']), fuzzyMatcher('v1/p')('getV1/pets'));
    // Past place 63 a word may start anywhere: both count wherever the pair is.
    const long = `${'x'.repeat(70)}eT`;
    assert.ok(firstBound('eT', [long]) >= fuzzyMatcher('eT')(long)!);
    assert.equal(firstBound('eT', [long]), 2 + 1 + 5 + 1 + 5 - long.length * 0.01);
  });

  it('keeps the answers of scoring every name across keystrokes and edits, at several limits', () => {
    seed = 99; // names of their own, whichever tests ran before
    const files: FileIndex[] = Array.from({ length: 6 }, (_, f) => generatedFile(`/w/f${f}.yaml`));
    const sequences = [
      // Typed letter by letter, Backspace, typed on in another case.
      ['P', 'Pe', 'Pet', 'PetS', 'PetSt', 'PetS', 'Pet', 'PeT', 'PeTs'],
      // A query that stops extending the last one, then one that is a subsequence of it.
      ['e', 'eT', 'eTS', 'pt', 'pet', 'pst', 'ps'],
      // Separators and non-ASCII typed.
      ['v', 'v1', 'v1/', 'v1/p', 'é', 'éÉ', 'Ω', 'Ωω', 'ß', 'ßs', 'İ', 'İp'],
    ];
    for (const limit of [1, 5, 30, 256]) {
      for (const sequence of sequences) {
        const index = new WorkspaceIndex();
        for (const file of files) index.set(file);
        for (const query of sequence) {
          const answer = workspaceSymbols(index, query, limit).map((s) => `${s.selection.file} ${s.name}`);
          assert.deepEqual(answer, answerScoringEveryName(files, query, limit), `${sequence.join(' > ')}: ${query} (${limit})`);
        }
      }
    }
    // A file replaced and one removed between two letters: the candidates carried are not the files'.
    for (const limit of [3, 40]) {
      const index = new WorkspaceIndex();
      let current = files.slice();
      for (const file of current) index.set(file);
      const typed = (query: string) => assert.deepEqual(workspaceSymbols(index, query, limit).map((s) => `${s.selection.file} ${s.name}`), answerScoringEveryName(current, query, limit), `${query} (${limit})`);
      typed('P');
      typed('Pe');
      const replaced = generatedFile('/w/f2.yaml');
      index.set(replaced);
      current = current.map((f) => (f.path === replaced.path ? replaced : f));
      typed('Pet');
      typed('PetS');
      index.remove('/w/f4.yaml');
      current = current.filter((f) => f.path !== '/w/f4.yaml');
      typed('PetSt');
      typed('PetS');
    }
  });
});

/** A description of 150 generated schema names, some the respelling of another. */
function generatedFile(path: string): FileIndex {
  const names = new Set<string>();
  while (names.size < 150) {
    const name = random(3) === 0 && names.size > 0 ? respelled([...names][random(names.size)]) : generatedName();
    if (name.trim() === name && name !== '') names.add(name);
  }
  return schemasFile(path, names);
}

