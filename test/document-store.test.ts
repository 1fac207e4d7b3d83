// The document store's last complete models and their currency: a request's load in slices must
// leave a file current unless its text changed meanwhile, or the request parses it again.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentStore } from '../server/src/model/documents';

const FILE = '/folder/root.yaml';
const TEXT = 'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths:\n  /pets:\n    get:\n      responses: {}\n';

/** A store over one file, counting how often it is read. */
function countingStore(): { store: DocumentStore; reads: () => number } {
  let reads = 0;
  const store = new DocumentStore({ read: () => (reads++, { text: TEXT }) });
  return { store, reads: () => reads };
}

/** Starts a load in steps: runs it to its first pause (the file is read by then). */
function startLoad(store: DocumentStore) {
  const load = store.loadSteps(FILE);
  assert.equal(load.next().done, false, 'the parse pauses at least once');
  return load;
}

const finish = (load: ReturnType<DocumentStore['loadSteps']>) => {
  while (!load.next().done);
};

describe('DocumentStore', () => {
  it('a load under way when its file is closed and forgotten leaves it current: no second parse', () => {
    const { store, reads } = countingStore();
    store.get(FILE);
    store.invalidate(FILE); // closed: it goes back to its text on disk
    const load = startLoad(store); // a definition on the closed file loads it in slices
    store.forget(FILE); // the check after the close: nothing open reads it
    finish(load);
    assert.equal(store.isCurrent(FILE), true);
    const { needed, complete } = store.deferringLoads(() => store.get(FILE));
    assert.deepEqual([...needed], []);
    assert.equal(complete, true);
    assert.equal(reads(), 2);
  });

  it('a load under way when its file changes leaves it stale, also when it is forgotten too', () => {
    for (const forget of [false, true]) {
      const { store } = countingStore();
      const load = startLoad(store);
      store.invalidate(FILE);
      if (forget) store.forget(FILE);
      finish(load);
      assert.equal(store.isCurrent(FILE), false, forget ? 'changed, then forgotten' : 'changed');
      assert.deepEqual([...store.deferringLoads(() => store.get(FILE)).needed], [FILE]);
    }
  });
});
