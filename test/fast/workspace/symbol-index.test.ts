// Workspace symbol search over each file's sorted name table: exact before prefix before fuzzy,
// camel-case humps and word starts ranked within the fuzzy matches, and answers that follow the
// files as they are set, replaced and removed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fuzzyMatcher } from '../../../server/src/services/fuzzy';
import { workspaceSymbols } from '../../../server/src/services/workspace-symbols';
import { parseText } from '../../../server/src/syntax/parse';
import { indexFile } from '../../../server/src/workspace/file-index';
import { nameLength, nameOf, scanSubsequence, Segment, SymbolIndex } from '../../../server/src/workspace/symbol-index';
import { charBit, isWordStart, maskOf, symbolTableOf, writtenName } from '../../../server/src/workspace/symbol-table';
import { WorkspaceIndex } from '../../../server/src/workspace/workspace-index';
import { schemaNames } from '../../helpers/schema-names';

const root = (ops: [string, string, string][], schemas: string[], tags: string[] = []) => [
  'openapi: 3.0.3', "info: {title: T, version: '1'}",
  ...(tags.length ? ['tags:', ...tags.map((t) => `  - name: ${t}`)] : []),
  'paths:',
  ...ops.flatMap(([path, method, id]) => [`  ${path}:`, `    ${method}:`, ...(id ? [`      operationId: ${id}`] : []), '      responses:', "        '200': {description: OK}"]),
  'components:', '  schemas:', ...schemas.map((s) => `    ${s}: {type: string}`),
].join('\n') + '\n';
const file = (name: string, text: string) => indexFile(`/w/${name}`, parseText(text, 'yaml'));
const names = (ix: WorkspaceIndex, query: string, limit?: number) => workspaceSymbols(ix, query, limit).map((s) => s.name);
const namesOf = (segment: Segment) => Array.from({ length: segment.count }, (_, g) => nameOf(segment, g));

describe('workspace symbol search', () => {
  const index = new WorkspaceIndex();
  index.set(file('pets.yaml', root(
    [['/pets', 'get', 'listPets'], ['/pets/{petId}', 'get', 'getPetById'], ['/pets', 'post', 'createPet'], ['/stores', 'get', '']],
    ['Pet', 'PetList', 'NewPet', 'Pets', 'GeneralPurposeBlob', 'PaginatedPetBundleIndex', 'petstore_auth'], ['pets', 'store'])));
  index.set(file('users.yaml', root([['/users', 'get', 'listUsers'], ['/users/{id}', 'delete', 'deleteUser']], ['User', 'UserPet', 'APet'])));

  it('ranks the exact name first (its case first), then names it starts, then names that hold it', () => {
    const found = names(index, 'Pet');
    assert.deepEqual(found.slice(0, 5), ['Pet', 'pets', 'Pets', 'PetList', 'petstore_auth']);
    assert.deepEqual(found.slice(5).sort(), ['APet', 'NewPet', 'PaginatedPetBundleIndex', 'UserPet', 'createPet (POST /pets)',
      'getPetById (GET /pets/{petId})', 'listPets (GET /pets)']);
    assert.deepEqual(names(index, 'pets').slice(0, 2), ['pets', 'Pets'], 'the tag is written as typed');
  });

  it('finds by a prefix of any case, and an operation by its `METHOD /path` too', () => {
    assert.deepEqual(names(index, 'petl'), ['PetList', 'PaginatedPetBundleIndex'], 'the prefix, then the subsequence');
    assert.deepEqual(names(index, 'GET /pets'), ['listPets (GET /pets)', 'getPetById (GET /pets/{petId})']);
    assert.deepEqual(names(index, 'get /st'), ['GET /stores', 'getPetById (GET /pets/{petId})'], 'an operation without operationId is named by its method and path; then g-e-t-/-s-t in `GET /pets/{petId}`');
    assert.deepEqual(names(index, 'delete'), ['deleteUser (DELETE /users/{id})'], 'one entry for an operation both of whose names match');
  });

  it('matches fuzzy queries by subsequence, camel-case humps and word starts above scattered letters', () => {
    const found = names(index, 'gpbi');
    assert.equal(found[0], 'getPetById (GET /pets/{petId})', 'the humps g-P-B-I');
    assert.ok(found.includes('PaginatedPetBundleIndex'));
    assert.ok(found.indexOf('PaginatedPetBundleIndex') < found.indexOf('GeneralPurposeBlob') || !found.includes('GeneralPurposeBlob'));
    assert.deepEqual(names(index, 'pbi'), ['PaginatedPetBundleIndex', 'getPetById (GET /pets/{petId})'], 'the humps from the start rank first');
    assert.deepEqual(names(index, 'xyz'), []);
    assert.deepEqual(names(index, 'pst_a'), ['petstore_auth']);
  });

  it('returns at most the limit, keeping the best', () => {
    assert.deepEqual(names(index, 'p', 3), ['Pet', 'pets', 'Pets']);
    assert.equal(names(index, '').length, 6 + 10 + 2, 'an empty query lists every symbol: operations, schemas, tags');
  });

  it('follows a file replaced by an edit, and one removed', () => {
    const ix = new WorkspaceIndex();
    ix.set(file('a.yaml', root([['/a', 'get', 'getAlpha']], ['Alpha'])));
    ix.set(file('b.yaml', root([['/b', 'get', 'getBeta']], ['Beta'])));
    assert.deepEqual(names(ix, 'alp'), ['Alpha', 'getAlpha (GET /a)']);
    ix.set(file('a.yaml', root([['/a', 'get', 'getAlpine']], ['Alpine'])));
    assert.deepEqual(names(ix, 'alp'), ['Alpine', 'getAlpine (GET /a)']);
    assert.deepEqual(names(ix, 'alpha'), []);
    assert.deepEqual(names(ix, 'getalp'), ['getAlpine (GET /a)']);
    ix.remove('/w/b.yaml');
    assert.deepEqual(names(ix, 'beta'), []);
    assert.deepEqual(names(ix, 'get'), ['getAlpine (GET /a)']);
  });

  it('answers for a file set again after its removal, and set in a second index (its table is built again)', () => {
    // The index keeps only what queries read of a file's table: the rest is in its segments.
    const beta = file('b.yaml', root([['/b', 'get', 'getBeta'], ['/b', 'post', 'postBeta']], ['Beta', 'BetaList'], ['beta']));
    const ix = new WorkspaceIndex();
    ix.set(beta);
    ix.remove('/w/b.yaml');
    assert.deepEqual(names(ix, 'bet'), []);
    ix.set(beta);
    const expected = ['Beta', 'beta', 'BetaList', 'getBeta (GET /b)', 'postBeta (POST /b)'];
    assert.deepEqual(names(ix, 'bet'), expected);
    assert.deepEqual(names(ix, 'btl'), ['BetaList']);
    const other = new WorkspaceIndex();
    other.set(beta);
    assert.deepEqual(names(other, 'bet'), expected);
    assert.deepEqual(names(ix, 'bet'), expected);
  });

  it('lists a fragment file\'s entries only when others reference them by pointer, and names a Path Item file\'s operations by the referencing path', () => {
    const ix = new WorkspaceIndex();
    ix.set(file('item.yaml', 'get:\n  operationId: getThing\n  responses:\n    "200": {description: OK}\n'));
    ix.set(file('frag.yaml', 'Thing: {type: string}\n'));
    assert.deepEqual(names(ix, 'thing'), ['getThing (GET)']);
    ix.set(file('api.yaml', "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n  /things:\n    $ref: './item.yaml'\n" +
      "components:\n  schemas:\n    Wrapper: {$ref: './frag.yaml#/Thing'}\n"));
    assert.deepEqual(names(ix, 'thing'), ['Thing', 'getThing (GET /things)']);
    assert.deepEqual(names(ix, 'get /thi'), ['getThing (GET /things)']);
  });
});

/** The characters (lower case, as bits) that start a word of a name as written (its first 256 scored). */
function wordStartLetters(name: string): number {
  let mask = 0;
  for (let j = 0; j < Math.min(name.length, 256); j++) if (isWordStart(name, j)) mask |= charBit(name.charAt(j).toLowerCase().charCodeAt(0));
  return mask >>> 0;
}

describe('the subsequence scan of a sorted table', () => {
  it('keeps per name its target, its characters and its word starts', () => {
    const indexed = file('m.yaml', root([['/pets/{petId}', 'get', 'showPetById'], ['/a_b', 'post', '']], ['NewPet']));
    const table = symbolTableOf(indexed);
    const rows = table.names.map((name, k) => {
      const written = writtenName(indexed, table.targets[k]);
      // The letters starting its words, in the case written or not, together.
      assert.equal((table.upperStarts[k] | table.lowerStarts[k]) >>> 0, wordStartLetters(written), written);
      assert.equal(table.masks[k], maskOf(name));
      return [name, written];
    });
    assert.deepEqual(rows, [['get /pets/{petid}', 'GET /pets/{petId}'], ['newpet', 'NewPet'], ['post /a_b', 'POST /a_b'], ['showpetbyid', 'showPetById']]);
  });

  it('visits exactly the names holding the query in order, however names share prefixes', () => {
    // Names past Latin-1 ('aΩb', 'abΩ') are read from their strings, the others from the segment's bytes, in one scan.
    const words = ['a', 'ab', 'abc', 'abcd', 'abd', 'abdc', 'acb', 'aéb', 'aΩb', 'abΩ', 'abΩc', 'b', 'ba', 'bac', 'bca', 'cab', 'éa', 'x'.repeat(300) + 'abc', 'zzzz'];
    const symbols = new SymbolIndex();
    symbols.set(file('t.yaml', root([], words)));
    const [segment] = symbols.segments;
    assert.equal(symbols.segments.length, 1);
    // The segment keeps bytes, not strings, but for the names they do not hold whole: each name comes back as it was.
    const lower = [...new Set(words.map((w) => w.toLowerCase()))].sort();
    assert.deepEqual(namesOf(segment), lower);
    assert.deepEqual(namesOf(segment).map((_, g) => nameLength(segment, g)), lower.map((w) => w.length));
    assert.deepEqual([...segment.unscanned.values()].sort(), ['abω', 'abωc', 'aωb', 'x'.repeat(300) + 'abc']);
    for (const query of ['a', 'ab', 'abc', 'bc', 'ca', 'acd', 'ωb', 'bω', 'éb', 'é', 'zz', 'q']) {
      const visited: string[] = [];
      const ends: number[] = [];
      scanSubsequence(segment, query, maskOf(query), (k, end) => (visited.push(nameOf(segment, k)), ends.push(end)));
      const expected = namesOf(segment).filter((n) => {
        let i = 0;
        for (const c of n.slice(0, 256)) if (c === query[i]) i++;
        return i === query.length;
      });
      assert.deepEqual(visited, expected, query);
      // Where the earliest match ends: the next letter typed goes on from there.
      assert.deepEqual(ends, expected.map((n) => {
        let i = 0;
        let j = 0;
        while (i < query.length) if (n[j++] === query[i]) i++;
        return j;
      }), query);
    }
  });
});

describe('segments merged from bytes', () => {
  it('orders and joins names read from bytes and from strings alike, long names that share their first 256 characters too', () => {
    const long = 'x'.repeat(300);
    const perFile = [
      ['b', 'éa', long + 'b', 'aΩb', 'ab'],
      ['a', 'ab', long + 'a', 'aΩb', 'é', long + 'b'],
      ['ab', 'ac', 'ÿ', 'aΩa', long + 'c', 'x'.repeat(256)],
    ];
    const symbols = new SymbolIndex();
    // Files of one name each first: they are merged with each other, then with the larger ones.
    perFile.flat().forEach((name, i) => symbols.set(file(`one-${i}.yaml`, root([], [name]))));
    perFile.forEach((names, i) => symbols.set(file(`f${i}.yaml`, root([], names))));
    const all = symbols.segments.flatMap((segment) => {
      const names = namesOf(segment);
      for (let g = 1; g < names.length; g++) assert.ok(names[g - 1] < names[g], `sorted and distinct: ${names[g - 1].slice(-3)} < ${names[g].slice(-3)}`);
      return names;
    });
    assert.deepEqual([...new Set(all)].sort(), [...new Set(perFile.flat().map((n) => n.toLowerCase()))].sort());
  });
});

describe('fuzzy queries over many names', () => {
  // Schemas only: one name per symbol, so the answer can be computed the slow way, name by name.
  const shape = {
    seed: 7, maxWords: 3, underscoreOneIn: 4, numbersBelow: 50,
    words: ['pet', 'store', 'user', 'customer', 'address', 'petition', 'order', 'error', 'page', 'stat', 'tree', 'step', 'set'],
  };
  const files = Array.from({ length: 12 }, (_, i) => file(`lib-${String(i).padStart(2, '0')}.yaml`, root([], schemaNames(150, shape))));
  const build = () => {
    const ix = new WorkspaceIndex();
    for (const f of files) ix.set(f);
    return ix;
  };
  const answer = (ix: WorkspaceIndex, query: string, limit: number) => workspaceSymbols(ix, query, limit).map((s) => `${s.selection.file} ${s.name}`);
  /** The answer name by name: exact, then prefix (shorter first), then fuzzy by score; ties by name, then file. */
  const slowAnswer = (query: string, limit: number) => {
    const lower = query.toLowerCase();
    const score = fuzzyMatcher(query);
    const ranked = files.flatMap((f) => f.definitions.flatMap((d) => {
      const nameLower = d.name.toLowerCase();
      const [rank, value] = nameLower === lower ? [d.name === query ? 0 : 1, -d.name.length] : nameLower.startsWith(lower) ? [2, -d.name.length] : [3, score(d.name, nameLower)];
      return value === undefined ? [] : [{ key: `${f.path} ${d.name}`, rank, value, nameLower, path: f.path }];
    }));
    ranked.sort((a, b) => a.rank - b.rank || b.value - a.value || (a.nameLower < b.nameLower ? -1 : a.nameLower > b.nameLower ? 1 : 0) || (a.path < b.path ? -1 : 1));
    return ranked.slice(0, limit).map((r) => r.key);
  };

  it('answers what scoring every name would, however few the answer keeps', () => {
    const ix = build();
    for (const query of ['pet', 'PetS', 'pst', 'cstadr', 'st', 'e', 'tree_p', 'userr', 'xq']) {
      for (const limit of [1, 5, 40, 256]) assert.deepEqual(answer(ix, query, limit), slowAnswer(query, limit), `${query} (${limit})`);
    }
  });

  it('answers a query typed letter by letter as the same query asked first', () => {
    const typing = build();
    for (const typed of ['PetStoreAddr', 'cstmrAdd', 'usr_ord', 'steptree']) {
      for (let n = 1; n <= typed.length; n++) {
        const query = typed.slice(0, n);
        const fresh = answer(build(), query, 30);
        assert.deepEqual(answer(typing, query, 30), fresh, query);
        assert.deepEqual(fresh, slowAnswer(query, 30), query);
      }
      // Backspace: a shorter query is no extension of the last one.
      assert.deepEqual(answer(typing, typed.slice(0, 2), 30), slowAnswer(typed.slice(0, 2), 30));
    }
  });

  it('answers from a file as it is now when it changes between two letters', () => {
    const ix = new WorkspaceIndex();
    ix.set(file('a.yaml', root([], ['PetStore', 'PetSitter', 'Pasta'])));
    ix.set(file('b.yaml', root([], ['PetShop'])));
    assert.deepEqual(names(ix, 'pts').sort(), ['PetShop', 'PetSitter', 'PetStore']);
    ix.set(file('a.yaml', root([], ['PotStand', 'Pasta'])));
    assert.deepEqual(names(ix, 'ptst'), ['PotStand'], 'the old names are gone, the new one is found');
    ix.remove('/w/a.yaml');
    assert.deepEqual(names(ix, 'ptsta'), []);
  });
});
