// The document store's last complete models and their currency: a request's load in slices must
// leave a file current unless its text changed meanwhile, or the request parses it again.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentStore } from '../../../server/src/model/documents';
import { encodeParse } from '../../../server/src/syntax/tree-transfer';
import { parseYamlWithPackage } from '../../../server/src/syntax/yaml';
import { Scheduler } from '../../../server/src/server/runtime/scheduler';

const FILE = '/folder/root.yaml';
const TEXT = 'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths:\n  /pets:\n    get:\n      responses: {}\n';

/** A store over one file, counting how often it is read. */
function countingStore(text = TEXT): { store: DocumentStore; reads: () => number } {
  let reads = 0;
  const store = new DocumentStore({ read: () => (reads++, { text }) });
  return { store, reads: () => reads };
}

/** Starts a load in steps: runs it to its first pause (the file is read by then). */
function startLoad(store: DocumentStore) {
  const load = store.loadSteps(FILE);
  assert.equal(load.next().done, false, 'the parse pauses at least once');
  return load;
}

const finish = (load: ReturnType<DocumentStore['loadSteps']>) => {
  for (;;) {
    const step = load.next();
    if (step.done) return step.value;
  }
};

const PATHS = 10_000;
/** A YAML text (after `head`) long enough to be parsed in several steps. */
const large = (head = '') => `openapi: 3.0.3\n${head}info: {title: T, version: "1"}\npaths:\n` +
  Array.from({ length: PATHS }, (_, i) => `  /p${i}:\n    get:\n      responses: {}\n`).join('');
const LARGE = large();

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

  // A check and a request on a just-closed file both loaded it: two parses taking turns, each twice as slow.
  it('a second load of a file while one is under way joins it: the file is read and parsed once', () => {
    const { store, reads } = countingStore(LARGE);
    const checks = startLoad(store);
    const request = store.loadSteps(FILE);
    const requested = finish(request); // the request's driver runs the shared parse to its end
    assert.equal(finish(checks), requested, 'the same model for both');
    assert.equal(reads(), 1);
    assert.equal(store.isCurrent(FILE), true);
    assert.equal(store.cached(FILE), requested);
    assert.ok(!('reason' in requested) && requested.root?.children?.find((c) => c.key === 'paths')?.children?.length === PATHS);
  });

  it('a load its caller left (a check stopped by an edit elsewhere) is taken up by the next one', () => {
    const { store, reads } = countingStore(LARGE);
    startLoad(store); // never resumed
    const doc = finish(store.loadSteps(FILE));
    assert.equal(reads(), 1);
    assert.equal(store.cached(FILE), doc);
    assert.equal(store.isCurrent(FILE), true);
  });

  it('a load of an older text is not joined once the file changed', () => {
    const { store, reads } = countingStore(LARGE);
    const older = startLoad(store);
    store.invalidate(FILE);
    const newer = finish(store.loadSteps(FILE));
    assert.equal(reads(), 2);
    assert.equal(store.isCurrent(FILE), true);
    assert.equal(store.cached(FILE), newer);
    finish(older);
  });

  it('a parse in the worker thread is handed to every load that joins it, and done once', async () => {
    let parses = 0;
    const scheduler = new Scheduler();
    scheduler.offloader = { parse: async (text: string) => (parses++, encodeParse(parseYamlWithPackage(text))) };
    // Tags on more lines than are read around (syntax/yaml-around.ts): the fast reader refuses the
    // text, and it is long enough for the worker.
    const text = large('x-a: !!str x\nx-c: !!str x\nx-d: !!str x\nx-e: !!str x\nx-b: y\n');
    const { store, reads } = countingStore(text);
    const loads = [store.loadSteps(FILE), store.loadSteps(FILE)];
    const docs = await Promise.all(loads.map((load) => scheduler.run('checks', load)));
    assert.equal(docs[0], docs[1]);
    assert.equal(parses, 1, 'one parse in the worker for both loads');
    assert.equal(reads(), 1);
    assert.ok(docs[0] && !('reason' in docs[0]) && docs[0].root?.children?.some((c) => c.key === 'x-b'));
  });

  it('a branch starts with the current models but the one left out, and reads the rest from its own files', () => {
    const other = '/folder/other.yaml';
    const stale = '/folder/stale.yaml';
    const store = new DocumentStore({ read: () => ({ text: TEXT }) });
    const kept = store.get(other);
    store.get(FILE);
    store.get(stale);
    store.invalidate(stale);
    const fixed = `${TEXT}x-fixed: true\n`;
    const reads: string[] = [];
    const branch = store.branch({ read: (p) => (reads.push(p), { text: p === FILE ? fixed : TEXT }) }, FILE);
    assert.equal(branch.get(other), kept, 'the same model: not parsed again');
    const own = branch.get(FILE);
    assert.ok(!('reason' in own) && own.text === fixed);
    branch.get(stale);
    assert.deepEqual(reads, [FILE, stale]);
    assert.notEqual(store.cached(FILE), own, 'the store itself keeps its model');
  });
});
