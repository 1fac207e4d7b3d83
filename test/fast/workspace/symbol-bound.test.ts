// The fuzzy bound of a workspace symbol query (fuzzyBound in services/fuzzy.ts) reads where the
// words of a name start from what the segments keep (addWordStartPlaces: places 1 to 63, the
// letters starting words in upper case past them), not from the names as written. A bound below a
// spelling's score would drop a match: it must be at least the score of every spelling of the
// name, whatever starts its words (capitals, digits, `/`, `{`, `_`, `-`, unicode letters), and the
// answers must be the ones scoring every name gives.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fuzzyBound, fuzzyMatcher } from '../../../server/src/services/fuzzy';
import { workspaceSymbols } from '../../../server/src/services/workspace-symbols';
import { addWordStartPlaces, caseStartMasks } from '../../../server/src/workspace/symbol-table';
import { WorkspaceIndex } from '../../../server/src/workspace/workspace-index';
import { answerScoringEveryName, keptSpellings, schemasFile } from '../../helpers/symbol-oracle';

let seed = 5;
const random = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >>> 8) % n;
const PIECES = ['pet', 'Pet', 'PET', 'store', 'Store', 'S', 's', 't', 'T', '2', '42', 'v1', '/', '{', '}', '_', '-', '.', ':', '#', ' ',
  'É', 'é', 'İd', 'Ürün', 'ürün', 'Ω', 'ω', 'straße', 'Straße', 'GET ', 'POST /', 'id', 'Id', 'x'];
const piece = () => PIECES[random(PIECES.length)];
/** Names of up to about 90 characters: word starts past place 64 are assumed, not known. */
const generatedName = () => Array.from({ length: 1 + random(random(3) === 0 ? 30 : 8) }, piece).join('');
/** The same name in another case where its words start elsewhere (a hump lost or gained). */
const respelled = (name: string) => Array.from(name, (c) => (random(4) === 0 ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c)).join('');
const QUERIES = ['PetSt', 'pst', 'ps', 'S2', 'Ω', 'éü', 'v1/', '{id', 'st_p', 'ttt', 'PS', 'ßs', 'storeid', 'x', 'G/P', 'Pt:#'];

describe('the positional bound of fuzzy scores', () => {
  it('is at least the score of every spelling of a name', () => {
    let compared = 0;
    let boundedBelowMost = 0;
    for (let n = 0; n < 3000; n++) {
      const first = generatedName();
      const spellings = [first, ...Array.from({ length: random(3) }, () => respelled(first))];
      const lower = first.toLowerCase();
      if (spellings.some((s) => s.toLowerCase() !== lower)) continue; // a case change that is not one name (ß -> SS)
      const { low, high, upper, lowerStarts, shortest } = keptSpellings(spellings);
      for (const query of QUERIES) {
        if (lower.startsWith(query.toLowerCase())) continue; // ranked as a prefix: never bounded
        const bound = fuzzyBound(query)(lower, low, high, upper, lowerStarts, shortest);
        for (const spelling of spellings) {
          const score = fuzzyMatcher(query)(spelling, lower);
          if (score === undefined) continue;
          compared++;
          if (bound === undefined) continue; // places not known: the caller bounds it otherwise
          assert.ok(bound >= score, `${query} in ${JSON.stringify(spelling)} (spellings ${JSON.stringify(spellings)}): bound ${bound} < score ${score}`);
          if (bound - score < 2) boundedBelowMost++;
        }
      }
    }
    assert.ok(compared > 3000, `${compared} scores compared`);
    // Not a bound that lets everything through: most are within the case points of the score.
    assert.ok(boundedBelowMost > compared / 2, `${boundedBelowMost} of ${compared} bounds within 2 points of the score`);
  });

  it('says it does not know the places of a name whose lower case has another length', () => {
    const name = 'İstanbulStore';
    const low = new Uint32Array(1);
    const high = new Uint32Array(1);
    addWordStartPlaces(name, name.toLowerCase().length, low, high, 0);
    assert.notEqual(name.toLowerCase().length, name.length);
    assert.equal(fuzzyBound('st')(name.toLowerCase(), low[0], high[0], 0, 0, name.length), undefined);
  });

  it('past place 63, counts a word start wherever one can be: after a separator, at a hump, at non-ASCII letters', () => {
    const pad = 'x'.repeat(70);
    for (const [query, name] of [['éü', `${pad}éÜber`], ['ΩX', `${pad}ωΩx`], ['xs', `${pad}/store`], ['zS', `${pad}zStore`], ['z{i', `${pad}z{id}`], ['z_i', `${pad}z_id`], ['z2', `${pad}z-2`]]) {
      const lower = name.toLowerCase();
      const low = new Uint32Array(1);
      const high = new Uint32Array(1);
      addWordStartPlaces(name, lower.length, low, high, 0);
      const { upper, lower: lowerStarts } = caseStartMasks(name);
      const bound = fuzzyBound(query)(lower, low[0], high[0], upper, lowerStarts, name.length)!;
      const score = fuzzyMatcher(query)(name, lower)!;
      assert.ok(score !== undefined && bound >= score, `${query} in ${name}: bound ${bound}, score ${score}`);
    }
  });

  it('keeps the answers of scoring every name, in files of such names', () => {
    const files = Array.from({ length: 8 }, (_, f) => {
      const names = new Set<string>();
      while (names.size < 120) names.add(random(3) === 0 ? respelled([...names][random(names.size || 1)] ?? generatedName()) : generatedName());
      return schemasFile(`/w/f${f}.yaml`, names);
    });
    const index = new WorkspaceIndex();
    for (const file of files) index.set(file);
    for (const query of QUERIES) {
      for (const limit of [1, 7, 40]) {
        const answer = workspaceSymbols(index, query, limit).map((s) => `${s.selection.file} ${s.name}`);
        assert.deepEqual(answer, answerScoringEveryName(files, query, limit), `${query} (${limit})`);
      }
    }
  });
});
