// YAML the fast reader leaves to the `yaml` package, and broken JSON, are parsed in a worker thread
// by the language server: the tree comes back as flat arrays and is built again in steps. Here: the tree built
// again is the tree parsed in place, node for node; the worker answers, gives way to a newer text,
// and a text that exhausts its memory is an error on the document, not a dead server.
import assert from 'node:assert/strict';
import * as path from 'path';
import { after, describe, it } from 'node:test';
import { ParseThread } from '../../../server/src/server/runtime/parse-thread';
import { drain } from '../../../server/src/syntax/steps';
import { DocumentStore, isLoadFailure } from '../../../server/src/model/documents';
import { Offloader, Scheduler } from '../../../server/src/server/runtime/scheduler';
import { decodeParseSteps, encodeParse, EncodedParse } from '../../../server/src/syntax/tree-transfer';
import { SyntaxNode } from '../../../server/src/syntax/tree';
import { parseYamlWithPackage } from '../../../server/src/syntax/yaml';
import { REPO_ROOT } from '../../helpers/paths';
import { parseJson } from '../../../server/src/syntax/json';

/** A scheduler whose handed-off parses go to `offloader` (the worker thread, or a wrapper of it). */
function withWorker(offloader: Offloader): Scheduler {
  const scheduler = new Scheduler();
  scheduler.offloader = offloader;
  return scheduler;
}

/** Every field of every node, in pre-order: two trees are the same when these are equal. */
function fields(root: SyntaxNode | undefined): unknown[] {
  const out: unknown[] = [];
  const stack = root ? [root] : [];
  while (stack.length > 0) {
    const n = stack.pop()!;
    out.push([n.pointer, n.kind, n.offset, n.length, n.key, n.keyOffset, n.keyLength, n.value, n.style, n.keyStyle, n.keyKind, n.flow, n.children?.length, n.parent?.pointer]);
    if (n.children) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return out;
}

// Anchors and aliases, flow collections, tags, non-string keys, block scalars, escapes, a repeated
// key, an empty value, a number too large for an integer: what the fast reader refuses or rarely meets.
const TRICKY = `%YAML 1.2
---
openapi: 3.0.3
info: {title: "T \\u00e9", version: '1.0'}
x-numbers: [1, -2.5, 0x1F, 1e400, .inf, 123456789012345678901]
x-flags: [true, false, null, ~]
x-tagged: !!str 42
200: integer key
? [complex, key]
: value
shared: &shared
  description: |
    Literal
      block
  nested: {a: [1, {b: *shared}]}
again: *shared
empty:
dup: 1
dup: 2
folded: >-
  one
  two
`;

// This test runs from dist/test/; the worker's bundle is dist/parse-worker.js (npm run build).
const SCRIPT = path.join(REPO_ROOT, 'dist', 'parse-worker.js');

/** The texts' names in the order their parses settle, and `track` to name one. */
function settling() {
  const settledOrder: string[] = [];
  const track = (name: string, outcome: ReturnType<ParseThread['parse']>) => outcome.then((o) => (settledOrder.push(name), o));
  return { settledOrder, track };
}

/** A text with an alias the fast reader refuses, long enough that its parse takes a while. */
const slowText = (key: string, aliases = 40_000) => TRICKY + `${key}: 1\n` + 'x-old: *shared\n'.repeat(aliases);

describe('the YAML parsing worker', () => {
  const thread = new ParseThread(undefined, SCRIPT);
  after(() => thread.stop());

  it('builds again, node for node, the tree the yaml package parses in place', () => {
    const parsed = parseYamlWithPackage(TRICKY);
    // Through a structured clone, as a message between threads copies it.
    const copied = structuredClone(encodeParse(parsed)) as EncodedParse;
    const rebuilt = drain(decodeParseSteps(copied, TRICKY, 'yaml'));
    assert.deepEqual(fields(rebuilt.root), fields(parsed.root));
    assert.deepEqual(rebuilt.errors, parsed.errors);
    assert.equal(rebuilt.selfContainedBlocks, false);
    assert.ok(parsed.errors.some((e) => e.code === 'DUPLICATE_KEY'), 'the repeated key is reported');
    assert.ok(parsed.errors.some((e) => e.code === 'ALIAS_CYCLE'), 'the alias inside its own anchor is reported');
    assert.equal(rebuilt.root!.get('again')!.get('description')!.value, 'Literal\n  block\n');
    assert.equal(rebuilt.root!.get('again')!.get('description')!.offset, parsed.root!.get('shared')!.get('description')!.offset);
  });

  it('parses in the worker what the yaml package parses here', async () => {
    const text = TRICKY + Array.from({ length: 2000 }, (_, i) => `k${i}: *shared\n`).join('');
    const outcome = await thread.parse(text, 'yaml');
    assert.ok(!('failed' in outcome), JSON.stringify(outcome));
    const rebuilt = drain(decodeParseSteps(outcome, text, 'yaml'));
    assert.deepEqual(fields(rebuilt.root), fields(parseYamlWithPackage(text).root));
  });

  it('reads a broken JSON text in the worker as jsonc-parser reads it here', async () => {
    const text = JSON.stringify({ openapi: '3.0.3', paths: Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`/p${i}`, { get: { responses: {} } }])) }, null, 2)
      .replace('"/p1000"', "'/p1000'");
    const outcome = await thread.parse(text, 'json');
    assert.ok(!('failed' in outcome));
    const rebuilt = drain(decodeParseSteps(outcome, text, 'json'));
    const inPlace = parseJson(text);
    assert.ok(inPlace.errors.length > 0, 'the text is broken');
    assert.deepEqual(fields(rebuilt.root), fields(inPlace.root));
    assert.deepEqual(rebuilt.errors, inPlace.errors);
    assert.equal(rebuilt.format, 'json');
  });

  it('gives way to a newer text: the older parse ends, the newer one is answered', async () => {
    const older = thread.parse(TRICKY + 'x-old: *shared\n'.repeat(20_000), 'yaml');
    const newer = thread.parse(TRICKY + 'x-new: 1\n', 'yaml');
    assert.deepEqual(await older, { failed: 'not read: a newer text of the document is being read.' });
    const outcome = await newer;
    assert.ok(!('failed' in outcome));
    assert.equal(drain(decodeParseSteps(outcome, TRICKY + 'x-new: 1\n', 'yaml')).root!.get('x-new')!.value, 1);
  });

  it('answers the texts of two documents, and a newer text of one stops only that one\'s older text', async () => {
    const decodedValue = async (outcome: ReturnType<ParseThread['parse']>, text: string, key: string) => {
      const settled = await outcome;
      assert.ok(!('failed' in settled), `${key}: ${JSON.stringify(settled)}`);
      return drain(decodeParseSteps(settled, text, 'yaml')).root!.get(key)!.value;
    };
    // A check reads one large file while a request reads another: each is answered.
    const slow = TRICKY + 'x-a: 1\n' + 'x-old: *shared\n'.repeat(20_000);
    const first = thread.parse(slow, 'yaml', '/w/a.yaml');
    const other = thread.parse(TRICKY + 'x-b: 2\n', 'yaml', '/w/b.yaml');
    assert.equal(await decodedValue(first, slow, 'x-a'), 1);
    assert.equal(await decodedValue(other, TRICKY + 'x-b: 2\n', 'x-b'), 2);
    // The user types in a.yaml while b.yaml waits its turn: a.yaml's older text is moot.
    const older = thread.parse(slow, 'yaml', '/w/a.yaml');
    const waiting = thread.parse(TRICKY + 'x-b: 3\n', 'yaml', '/w/b.yaml');
    const newer = thread.parse(TRICKY + 'x-a: 4\n', 'yaml', '/w/a.yaml');
    assert.deepEqual(await older, { failed: 'not read: a newer text of the document is being read.' });
    assert.equal(await decodedValue(waiting, TRICKY + 'x-b: 3\n', 'x-b'), 3);
    assert.equal(await decodedValue(newer, TRICKY + 'x-a: 4\n', 'x-a'), 4);
  });

  it('parses a branch store\'s text of a file (fix-all\'s) beside the server\'s, not instead of it', async () => {
    const file = path.resolve('/w/root.yaml');
    const served = TRICKY + 'x-served: 1\n' + 'x-old: *shared\n'.repeat(20_000);
    const fixed = TRICKY + 'x-fixed: 2\n' + 'x-old: *shared\n'.repeat(20_000);
    const scheduler = withWorker(thread);
    const store = new DocumentStore({ read: () => ({ text: served }) });
    const branch = store.branch({ read: () => ({ text: fixed }) }, file);
    const [model, branchModel] = await Promise.all([scheduler.run('checks', store.loadSteps(file)), scheduler.run('background', branch.loadSteps(file))]);
    assert.ok(model && branchModel && !isLoadFailure(model) && !isLoadFailure(branchModel));
    assert.deepEqual(model.parsed.errors.filter((e) => e.code === 'Crash'), []);
    assert.equal(model.root?.get('x-served')?.value, 1);
    assert.equal(branchModel.root?.get('x-fixed')?.value, 2);
  });

  it('leaves to the worker only the texts whose load waits for it: a load run to its end parses in place', async () => {
    const asked: number[] = [];
    const scheduler = withWorker({ parse: (text, format, source) => (asked.push(text.length), thread.parse(text, format, source)) });
    const text = TRICKY + 'x-old: *shared\n'.repeat(10_000);
    const store = new DocumentStore({ read: () => ({ text }) });
    // A request's or a small document's load, run to its end at once: it never reads the
    // worker's answer, so asking for one parsed the text twice and held up the texts queued behind.
    const model = drain(store.loadSteps(path.resolve('/w/drained.yaml')));
    assert.ok(!isLoadFailure(model));
    assert.equal(model.root?.get('folded')?.value, 'one two');
    assert.deepEqual(asked, []);
    // A load the scheduler runs has the worker parse it.
    const stepped = await scheduler.run('checks', new DocumentStore({ read: () => ({ text }) }).loadSteps(path.resolve('/w/stepped.yaml')));
    assert.ok(stepped && !isLoadFailure(stepped) && stepped.root?.get('folded')?.value === 'one two');
    assert.deepEqual(asked, [text.length]);
  });

  it('parses a text a request waits for beside the checks\' parse, not after it', async () => {
    const slow = TRICKY + 'x-a: 1\n' + 'x-old: *shared\n'.repeat(40_000);
    const { settledOrder, track } = settling();
    // A check waits for a large file; then one for another file, which a request also waits for.
    const checked = track('checked', thread.parse(slow, 'yaml', '/w/root.yaml'));
    await new Promise((resolve) => setImmediate(resolve)); // the worker starts on it
    const askedOutcome = thread.parse(TRICKY + 'x-b: 2\n', 'yaml', '/w/other.yaml');
    const asked = track('asked', askedOutcome);
    thread.prefer(askedOutcome, 'request');
    const answer = await asked;
    assert.ok(!('failed' in answer), JSON.stringify(answer));
    assert.equal(drain(decodeParseSteps(answer, TRICKY + 'x-b: 2\n', 'yaml')).root!.get('x-b')!.value, 2);
    assert.deepEqual(settledOrder, ['asked'], 'the request\'s text is answered while the check\'s is parsed');
    const first = await checked;
    assert.ok(!('failed' in first), JSON.stringify(first));
    assert.equal(drain(decodeParseSteps(first, slow, 'yaml')).root!.get('x-a')!.value, 1);
  });

  it('gives way to a newer text of a file a request waits for, in either worker', async () => {
    const checked = thread.parse(slowText('x-a', 20_000), 'yaml', '/w/root.yaml');
    await new Promise((resolve) => setImmediate(resolve)); // the worker starts on it
    const older = thread.parse(slowText('x-b', 20_000), 'yaml', '/w/other.yaml');
    thread.prefer(older, 'request');
    // The user edits the file the request waited for: its older text, parsed by the requests'
    // worker, is moot; the check's parse goes on.
    const newer = thread.parse(TRICKY + 'x-b: 3\n', 'yaml', '/w/other.yaml');
    assert.deepEqual(await older, { failed: 'not read: a newer text of the document is being read.' });
    const [answer, first] = [await newer, await checked];
    assert.ok(!('failed' in answer) && !('failed' in first));
    assert.equal(drain(decodeParseSteps(answer, TRICKY + 'x-b: 3\n', 'yaml')).root!.get('x-b')!.value, 3);
    assert.equal(drain(decodeParseSteps(first, slowText('x-a', 20_000), 'yaml')).root!.get('x-a')!.value, 1);
  });

  it('hurries a request\'s load that joined a check\'s load of the same file', async () => {
    const slow = TRICKY + 'x-old: *shared\n'.repeat(40_000);
    const closed = TRICKY + 'x-closed: 5\n' + 'x-pad: *shared\n'.repeat(6_000);
    const hurried: string[] = [];
    const scheduler = withWorker({
      parse: (text, format, source) => thread.parse(text, format, source),
      prefer: (outcome, urgency) => (hurried.push(urgency), thread.prefer(outcome as Promise<EncodedParse | { failed: string }>, urgency)),
    });
    let rootDone = false;
    const rootLoad = scheduler.run('checks', new DocumentStore({ read: () => ({ text: slow }) }).loadSteps(path.resolve('/w/root.yaml')))
      .then((model) => ((rootDone = true), model));
    await new Promise((resolve) => setTimeout(resolve, 50)); // the worker starts on it
    // A check starts loading the closed file, and a request asks for it too: they share the load.
    const store = new DocumentStore({ read: () => ({ text: closed }) });
    const checkLoad = scheduler.run('checks', store.loadSteps(path.resolve('/w/closed.yaml')));
    const model = await scheduler.run('requests', store.loadSteps(path.resolve('/w/closed.yaml')));
    assert.ok(model && !isLoadFailure(model));
    assert.equal(model.root?.get('x-closed')?.value, 5);
    assert.deepEqual(hurried, ['request']);
    assert.equal(rootDone, false, 'the request\'s file is parsed while the check\'s root still is');
    await Promise.all([rootLoad, checkLoad]);
  });

  /** Fix-all re-checking a fixed text of a large root, once the worker has started on it. */
  async function fixAllUnderWay(track: ReturnType<typeof settling>['track']) {
    const outcome = thread.parse(slowText('x-fixed'), 'yaml', '1:/w/root.yaml');
    thread.prefer(outcome, 'background');
    const fixed = track('fixed', outcome);
    await new Promise((resolve) => setImmediate(resolve)); // the worker starts on it
    return { fixed };
  }

  it('parses a check\'s text beside fix-all\'s, and before fix-all\'s next one', async () => {
    const { settledOrder, track } = settling();
    // Fix-all re-checks a fixed text of a large root...
    const { fixed } = await fixAllUnderWay(track);
    // ...and has its next one waiting when the user edits another file, whose check waits too.
    const nextFixOutcome = thread.parse(slowText('x-next'), 'yaml', '1:/w/other-root.yaml');
    thread.prefer(nextFixOutcome, 'background');
    const nextFix = track('next fix', nextFixOutcome);
    const checked = track('checked', thread.parse(TRICKY + 'x-b: 2\n', 'yaml', '2:/w/edited.yaml'));
    const answer = await checked;
    assert.ok(!('failed' in answer), JSON.stringify(answer));
    assert.equal(drain(decodeParseSteps(answer, TRICKY + 'x-b: 2\n', 'yaml')).root!.get('x-b')!.value, 2);
    assert.deepEqual(settledOrder, ['checked'], 'the check\'s text is answered while fix-all\'s is parsed');
    const [first, second] = [await fixed, await nextFix];
    assert.ok(!('failed' in first) && !('failed' in second));
    assert.equal(drain(decodeParseSteps(second, slowText('x-next'), 'yaml')).root!.get('x-next')!.value, 1);
  });

  it('gives a request\'s text fix-all\'s place when both workers are busy, and parses fix-all\'s again', async () => {
    const { settledOrder, track } = settling();
    const { fixed } = await fixAllUnderWay(track);
    const checked = track('checked', thread.parse(slowText('x-checked'), 'yaml', '/w/b.yaml'));
    await new Promise((resolve) => setImmediate(resolve)); // the worker starts on it
    const askedOutcome = thread.parse(TRICKY + 'x-asked: 3\n', 'yaml', '/w/c.yaml');
    thread.prefer(askedOutcome, 'request');
    const asked = await track('asked', askedOutcome);
    assert.ok(!('failed' in asked), JSON.stringify(asked));
    assert.equal(drain(decodeParseSteps(asked, TRICKY + 'x-asked: 3\n', 'yaml')).root!.get('x-asked')!.value, 3);
    assert.deepEqual(settledOrder, ['asked']);
    const [fixedText, checkedText] = [await fixed, await checked];
    assert.ok(!('failed' in fixedText) && !('failed' in checkedText));
    assert.equal(drain(decodeParseSteps(fixedText, slowText('x-fixed'), 'yaml')).root!.get('x-fixed')!.value, 1);
    assert.equal(drain(decodeParseSteps(checkedText, slowText('x-checked'), 'yaml')).root!.get('x-checked')!.value, 1);
  });

  it('parses two texts at once only when one of them is small', async () => {
    const bounded = new ParseThread(undefined, SCRIPT, undefined, slowText('x-b').length - 1);
    try {
      const { settledOrder, track } = settling();
      // The check's text takes twice as long as the request's.
      const checked = track('checked', bounded.parse(slowText('x-a', 80_000), 'yaml', '/w/a.yaml'));
      await new Promise((resolve) => setImmediate(resolve)); // the worker starts on it
      // Both large: the request's text waits for the check's.
      const largeOutcome = bounded.parse(slowText('x-b'), 'yaml', '/w/b.yaml');
      bounded.prefer(largeOutcome, 'request');
      const large = track('large', largeOutcome);
      await Promise.all([checked, large]);
      assert.deepEqual(settledOrder, ['checked', 'large']);
      // One small: parsed beside the large one.
      const again = track('again', bounded.parse(slowText('x-c'), 'yaml', '/w/a.yaml'));
      await new Promise((resolve) => setImmediate(resolve)); // the worker starts on it
      const smallOutcome = bounded.parse(TRICKY + 'x-d: 1\n', 'yaml', '/w/d.yaml');
      bounded.prefer(smallOutcome, 'request');
      await Promise.all([again, track('small', smallOutcome)]);
      assert.deepEqual(settledOrder, ['checked', 'large', 'small', 'again']);
    } finally {
      bounded.stop();
    }
  });

  it('keeps a text a check asks for too at the check\'s rank', async () => {
        const { settledOrder, track } = settling();
    const running = track('running', thread.parse(slowText('x-a'), 'yaml', '/w/a.yaml'));
    await new Promise((resolve) => setImmediate(resolve)); // the worker starts on it
    const checked = thread.parse(slowText('x-b'), 'yaml', '/w/b.yaml');
    // Fix-all's text is the same as the one the check waits for: asked twice, it stays a check's.
    const shared = thread.parse(slowText('x-c'), 'yaml', '/w/c.yaml');
    const sharedAgain = thread.parse(slowText('x-c'), 'yaml', '1:/w/c.yaml');
    assert.equal(sharedAgain, shared);
    thread.prefer(sharedAgain, 'background');
    const later = track('later', thread.parse(TRICKY + 'x-d: 1\n', 'yaml', '/w/d.yaml'));
    const afterShared = track('shared', shared);
    void track('checked', checked);
    await Promise.all([running, checked, afterShared, later]);
    assert.deepEqual(settledOrder, ['running', 'checked', 'shared', 'later']);
  });

  it('fails only the hurried text that needs more memory than its worker may use', async () => {
    const small = new ParseThread(undefined, SCRIPT, 16);
    try {
      const checked = small.parse(TRICKY + 'x-old: *shared\n'.repeat(500), 'yaml', '/w/root.yaml');
      await new Promise((resolve) => setImmediate(resolve)); // the worker starts on it
      const huge = small.parse('x: [' + '{a: 1}, '.repeat(300_000) + ']\n', 'yaml', '/w/huge.yaml');
      small.prefer(huge, 'request');
      assert.deepEqual(await huge, { failed: 'reading it needs more than 16 MB of memory (anchors and aliases, flow collections and tags are read by a slower YAML reader).' });
      const first = await checked;
      assert.ok(!('failed' in first), JSON.stringify(first));
      const next = small.parse('y: &a 1\nz: *a\n', 'yaml', '/w/next.yaml');
      small.prefer(next, 'request');
      assert.ok(!('failed' in (await next)));
    } finally {
      small.stop();
    }
  });

  it('reports a text that needs more memory than the worker may use, and parses the next one', async () => {
    const small = new ParseThread(undefined, SCRIPT, 16);
    try {
      // 300,000 flow mappings: far more than 16 MB of the yaml package's nodes.
      const outcome = await small.parse('x: [' + '{a: 1}, '.repeat(300_000) + ']\n', 'yaml');
      assert.deepEqual(outcome, { failed: 'reading it needs more than 16 MB of memory (anchors and aliases, flow collections and tags are read by a slower YAML reader).' });
      const next = await small.parse('y: &a 1\nz: *a\n', 'yaml');
      assert.ok(!('failed' in next));
    } finally {
      small.stop();
    }
  });
});

