// The fuzzy candidates carried from one workspace symbol query to the next: answers stay those of
// scoring every name, whatever was typed before (letters, prefix-only answers, Backspace, a query
// that stops extending, an edit between two letters), at several limits.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fuzzyMatcher } from '../../../server/src/services/fuzzy';
import { workspaceSymbols } from '../../../server/src/services/workspace-symbols';
import { parseText } from '../../../server/src/syntax/parse';
import { FileIndex, indexFile } from '../../../server/src/workspace/file-index';
import { WorkspaceIndex } from '../../../server/src/workspace/workspace-index';
import { schemaNames } from '../../helpers/schema-names';

const schemasFile = (path: string, schemas: string[]) => indexFile(path, parseText([
  'openapi: 3.0.3', "info: {title: T, version: '1'}", 'paths: {}', 'components:', '  schemas:',
  ...schemas.map((s) => `    ${s}: {type: string}`),
].join('\n') + '\n', 'yaml'));

// Schemas only: one name per symbol, so the answer can be computed the slow way, name by name.
const SHAPE = {
  seed: 11, maxWords: 4, underscoreOneIn: 5, numbersBelow: 40,
  words: ['pet', 'store', 'user', 'customer', 'address', 'petition', 'order', 'error', 'page', 'stat', 'get', 'set', 'invoice'],
};
const files = Array.from({ length: 16 }, (_, i) => schemasFile(`/w/lib-${String(i).padStart(2, '0')}.yaml`, schemaNames(200, SHAPE)));
const build = (all: FileIndex[] = files) => {
  const ix = new WorkspaceIndex();
  for (const f of all) ix.set(f);
  return ix;
};
const answer = (ix: WorkspaceIndex, query: string, limit: number) => workspaceSymbols(ix, query, limit).map((s) => `${s.selection.file} ${s.name}`);
/** The answer name by name: exact, then prefix (shorter first), then fuzzy by score; ties by name, then file. */
const slowAnswer = (all: FileIndex[], query: string, limit: number) => {
  const lower = query.trim().toLowerCase();
  const score = fuzzyMatcher(query.trim());
  const ranked = all.flatMap((f) => f.definitions.flatMap((d) => {
    const nameLower = d.name.toLowerCase();
    const [rank, value] = nameLower === lower ? [d.name === query.trim() ? 0 : 1, -d.name.length] : nameLower.startsWith(lower) ? [2, -d.name.length] : [3, score(d.name, nameLower)];
    return value === undefined ? [] : [{ key: `${f.path} ${d.name}`, rank, value, nameLower, path: f.path }];
  }));
  ranked.sort((a, b) => a.rank - b.rank || b.value - a.value || (a.nameLower < b.nameLower ? -1 : a.nameLower > b.nameLower ? 1 : 0) || (a.path < b.path ? -1 : 1));
  return ranked.slice(0, limit).map((r) => r.key);
};

describe('fuzzy candidates carried between queries', () => {
  it('answers as scoring every name at several limits across letters, Backspace and a query that stops extending', () => {
    const sequences = [
      // Typed, a Backspace, typed on.
      ['g', 'ge', 'get', 'getU', 'getUs', 'getUse', 'getUser', 'getUse', 'getUs', 'getUsA', 'getUsAd'],
      // A query that stops extending the last one: another word, then a subsequence of the last.
      ['pet', 'petS', 'petSt', 'cu', 'cus', 'cusAd', 'custAd', 'cstAd', 'c'],
      // Prefix-only answers, then a letter no name holds, then Backspace to a query fuzzy matches answer.
      ['i', 'in', 'inv', 'invo', 'invoic', 'invoicez', 'invoic', 'invoiceS', 'invoiceSt'],
      // Spaces are not matched; case ranks.
      ['Pet', 'Pet S', 'Pet St', 'PetSt', 'PETST', 'pEtSt'],
    ];
    for (const limit of [1, 3, 8, 30]) {
      for (const sequence of sequences) {
        const typing = build();
        for (const query of sequence) assert.deepEqual(answer(typing, query, limit), slowAnswer(files, query, limit), `${sequence.join(' > ')}: ${query} (${limit})`);
      }
    }
  });

  it('answers from the files as they are now when one changes between two letters', () => {
    const typing = build();
    // Fuzzy answers (few names start with these): their candidates are carried to the next letter.
    for (const query of ['rd', 'rdq']) assert.deepEqual(answer(typing, query, 8), slowAnswer(files, query, 8), query);
    const changed = [...files.slice(1), schemasFile('/w/lib-00.yaml', ['ZrZdZqZx', 'QrdqxOrder', 'StoreOrderZed'])];
    typing.set(changed[changed.length - 1]);
    for (const query of ['rdqx', 'rdqxo']) assert.deepEqual(answer(typing, query, 8), slowAnswer(changed, query, 8), query);
    typing.remove('/w/lib-03.yaml');
    const removed = changed.filter((f) => f.path !== '/w/lib-03.yaml');
    for (const query of ['ro', 'rod', 'rodr']) assert.deepEqual(answer(typing, query, 8), slowAnswer(removed, query, 8), query);
    typing.set(schemasFile('/w/lib-03.yaml', ['RzoqdRx']));
    const added = [...removed, schemasFile('/w/lib-03.yaml', ['RzoqdRx'])];
    for (const query of ['rodrx', 'ro']) assert.deepEqual(answer(typing, query, 8), slowAnswer(added, query, 8), query);
  });
});
