// The fuzzy score's kernel (services/fuzzy.ts) weighs only the places of the name that hold a query
// character and decides ASCII word starts from a table: its score must be the best alignment's,
// as a plain dynamic program over every place of the name computes it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fuzzyMatcher, RUN_BONUS, START_BONUS, WORD_START_BONUS } from '../../../server/src/services/fuzzy';
import { isWordStart } from '../../../server/src/workspace/symbol-table';

/** Every alignment of the query in the name, best kept per (query character, place): no window, no shortcut. */
function plainScore(query: string, name: string): number | undefined {
  const q = query.replace(/\s+/g, '').slice(0, 32);
  if (q === '') return 0;
  const n = name.slice(0, 256);
  const lq = q.toLowerCase();
  const ln = n.toLowerCase();
  if (ln.length !== n.length) return undefined; // not generated below
  let row: number[] = [];
  for (let i = 0; i < q.length; i++) {
    const next: number[] = [];
    for (let j = 0; j < n.length; j++) {
      next[j] = -Infinity;
      if (ln[j] !== lq[i]) continue;
      const own = 1 + (n[j] === q[i] ? 1 : 0) + (j === 0 ? START_BONUS : isWordStart(n, j) ? WORD_START_BONUS : 0);
      let before = i === 0 ? 0 : -Infinity;
      for (let k = 0; i > 0 && k < j; k++) before = Math.max(before, row[k] + (k === j - 1 ? RUN_BONUS : 0));
      next[j] = own + before;
    }
    row = next;
  }
  const best = Math.max(-Infinity, ...row);
  return best === -Infinity ? undefined : best + (ln === lq ? 20 : 0) - n.length * 0.01;
}

let seed = 7;
const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
const PIECES = ['Pet', 'pet', 'Store', 'st', 'S', 'T', '/', '{', '}', '_', '-', '.', ' ', ':', '#', '2', '42', 'v1', 'É', 'é', 'Ü', 'ßx', 'Ω', 'ω', 'GET', 'POST', 'a', 'e', 'x', 'X'];
const piece = () => PIECES[random(PIECES.length)];

describe('fuzzy score kernel', () => {
  it('scores every generated name as the plain dynamic program does', () => {
    let compared = 0;
    let matched = 0;
    for (let k = 0; k < 3000; k++) {
      const name = Array.from({ length: 1 + random(14) }, piece).join('');
      const query = Array.from({ length: 1 + random(4) }, piece).join('').slice(0, 1 + random(8));
      if (name.toLowerCase().length !== name.length) continue;
      const expected = plainScore(query, name);
      assert.equal(fuzzyMatcher(query)(name), expected, `${query} in ${name}`);
      assert.equal(fuzzyMatcher(query)(name, name.toLowerCase()), expected, `${query} in ${name}, lower case given`);
      compared++;
      if (expected !== undefined) matched++;
    }
    assert.ok(compared > 2500 && matched > 500, `${compared} compared, ${matched} matching`);
  });

  it('scores word starts after each separator, at humps, digits and unicode letters as written', () => {
    for (const [query, name] of [['PS', 'PetStore'], ['ps', 'pet_store'], ['pi', 'GET /pets/{petId}'], ['v2', 'api/v2-x'], ['éa', 'Éclair_Apple'], ['ωΩ', 'ωmegaΩmega'], ['a1', 'a1'], ['xy', 'x'.repeat(300) + 'Y']]) {
      assert.equal(fuzzyMatcher(query)(name), plainScore(query, name), `${query} in ${name}`);
    }
  });

  it('reads a name whose lower case is longer at the places of its lower case', () => {
    // 'İ' lower-cases to 'i' and a combining dot: the word starts and cases after it are read where
    // the lower case matched, as after any other first letter.
    for (const [query, name] of [['pet', 'İdPetStore'], ['PS', 'İPetStore'], ['ds', 'İd_store']]) {
      const written = name.replace('İ', 'X');
      assert.equal(fuzzyMatcher(query)(name), fuzzyMatcher(query)(written), `${query} in ${name}`);
      assert.equal(fuzzyMatcher(query)(name, name.toLowerCase()), fuzzyMatcher(query)(written), `${query} in ${name}, its lower case given`);
    }
    assert.equal(fuzzyMatcher('pet')('İdPetStore'), 1 + WORD_START_BONUS + 2 * (2 + RUN_BONUS) - 0.1);
    // Its 'i' is matched (a Turkish name is found by what is typed), at the name's start; the dot
    // after it breaks a run into 'st', so 'St' of Store, a word start, scores more.
    assert.equal(fuzzyMatcher('ist')('İstanbulStore'), 1 + START_BONUS + (1 + WORD_START_BONUS) + (2 + RUN_BONUS) - 0.13);
    assert.equal(fuzzyMatcher('ist')('İstanbul'), 1 + START_BONUS + 2 + (2 + RUN_BONUS) - 0.08);
  });
});
