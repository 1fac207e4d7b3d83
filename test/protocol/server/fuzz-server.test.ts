// Fuzzing the built server over stdio (issue 8, item 10): hostile documents and random edits from a
// fixed seed (test/fuzz/), a request after every step answered within a generous bound, the server
// alive throughout, and at the end the same diagnostics as a fresh server given the final texts.
// `npm run fuzz -- --seed N --seconds S` runs it for longer, with other seeds, and shrinks what
// it finds. Below it, the defects the fuzzer found, each as a test of its own.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { TEST_SCALE } from '../../fuzz/documents';
import { describeFigures, runEpisode } from '../../fuzz/episode';
import { writeReproduction } from '../../fuzz/shrink';
import { LspClient } from '../../helpers/lsp-client';
import { REPO_ROOT } from '../../helpers/paths';

const SEED = Number(process.env.FUZZ_SEED ?? 24);
const STEPS = Number(process.env.FUZZ_STEPS ?? 150);

describe('fuzzing the server with hostile documents and edits', { timeout: 120_000 }, () => {
  it(`seed ${SEED}: every request answered, the server alive, a fresh server's diagnostics at the end`, async (t) => {
    const started = performance.now();
    // Bounds for a loaded 2-core machine: a hang shows as minutes, not as a few seconds.
    const options = { steps: STEPS, scale: TEST_SCALE, requestBoundMs: 15_000, publishBoundMs: 40_000 };
    const result = await runEpisode(SEED, { ...options, log: (line) => t.diagnostic(line) });
    const f = result.figures;
    t.diagnostic(`${describeFigures(f)}; ${Math.round((performance.now() - started) / 1000)} s in all`);
    if (result.failure) {
      const folder = path.join(REPO_ROOT, 'test-output', 'fuzz-test', `seed-${SEED}`);
      const { failure, workspace, actions, finalTexts } = result;
      const run = { seed: SEED, episode: 0, episodeSeed: SEED };
      writeReproduction(folder, { ...run, failure, workspace, actions, allActions: actions, reproduced: false,
        finalTexts });
      assert.fail(`step ${failure.step}: ${failure.kind}\n${failure.message}\nEvery action is in ${folder}; ` +
        `shrink it with: npm run fuzz -- --small --episode-seed ${SEED} --steps ${STEPS}`);
    }
    assert.equal(f.steps, STEPS + 1, 'every step ran (step 0 opens the documents)');
    assert.ok(f.comparedFiles >= 3, `the diagnostics of ${f.comparedFiles} files were compared`);
  });
});

/** The diagnostics as a user reads them: rule, start and message. */
const shown = (diagnostics: Diagnostic[]) =>
  diagnostics.map((d) => `${d.code} ${d.range.start.line}:${d.range.start.character} ${d.message}`);

describe('defects the fuzzer found', { timeout: 60_000 }, () => {
  let dir: string;
  let client: LspClient;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-fuzz-found-'));
    client = new LspClient();
    await client.initialize(dir);
  });
  afterEach(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a change whose range ends past the end of a line stops before the line break, as on a fresh open', async () => {
    const text = "openapi: 3.0.3\ninfo:\n  title: T\n  version: '1'\npaths: {}\r\n" +
      'components:\n  schemas:\n    A:\n      type: object\n';
    const uri = client.open(path.join(dir, 'past-the-end.yaml'), text);
    await client.waitForDiagnostics(uri, (p) => p.version === 1);
    // Deletes ` {}` and whatever lies past the end of line 4, which is nothing: `components` stays on its line.
    client.change(uri, [{ range: { start: { line: 4, character: 6 }, end: { line: 4, character: 200 } }, text: '' }]);
    const diagnostics = await client.waitForDiagnostics(uri, (p) => p.version === 2);
    assert.deepEqual(shown(diagnostics), [
      'field-type 4:6 "paths" must be an object, not empty (null).',
      'unused-component 7:4 "schemas/A" is never used: no operation references it, directly or through other ' +
        'components.',
    ]);
  });

  it('typing in a block of a text broken above it keeps the errors the broken text gives that block', async () => {
    // `p2` is indented less than `p1`: from there on the yaml package reports every later item,
    // `Target` too; reparsing the `Target` block alone (the incremental reparse) lost that error.
    const text = 'openapi: 3.0.3\ncomponents:\n  schemas:\n    Big:\n      properties:\n        p1: {}\n   p2: {}\n' +
      '        p3: {}\n    Target:\n      type: string\n    Other:\n      type: string\n';
    const uri = client.open(path.join(dir, 'broken.yaml'), text);
    await client.waitForDiagnostics(uri, (p) => p.version === 1);
    const at = { line: 8, character: 7 };
    client.change(uri, [{ range: { start: at, end: at }, text: 'Z' }]);
    const edited = await client.waitForDiagnostics(uri, (p) => p.version === 2);
    assert.deepEqual(shown(edited).filter((d) => d.startsWith('syntax')), [
      'syntax 6:0 All mapping items must start at the same column.',
      'syntax 7:0 All mapping items must start at the same column.',
      'syntax 8:0 All mapping items must start at the same column.',
      'syntax 10:0 All mapping items must start at the same column.',
    ]);
  });

  it('typing in a block that opens a string it does not close gives the errors of the whole text', async () => {
    // The string's end depends on quotes past the block: read whole, `./x:` and the lines after it
    // up to `/b` are one string used as a key; the block alone ended it at its own end.
    const text = "openapi: 3.0.3\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          $ref: './x:\n" +
      "        type: string\n  /b:\n    get:\n      description: 'later'\n";
    const uri = client.open(path.join(dir, 'unclosed.yaml'), text);
    await client.waitForDiagnostics(uri, (p) => p.version === 1);
    const lineStart = { line: 7, character: 0 };
    client.change(uri, [{ range: { start: lineStart, end: lineStart }, text: '        ...\n' }]);
    const edited = await client.waitForDiagnostics(uri, (p) => p.version === 2);
    assert.deepEqual(shown(edited).filter((d) => d.startsWith('syntax')), [
      "syntax 6:16 This string is never closed: add the closing '. A string that goes on over lines needs each of them indented further than the line it starts on.",
      'syntax 7:8 Implicit keys need to be on a single line.',
    ]);
  });
});
