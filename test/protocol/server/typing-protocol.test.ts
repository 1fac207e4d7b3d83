// The typing sequences over the protocol, as an editor sends them: the built server (dist/server.js)
// over stdio gets one didChange per key; at every pause (once the server has published for the
// latest version and gone quiet) the diagnostics it published for the file equal a fresh check of
// the same texts. The reported sequences are typed exactly; the others come from the in-process
// typing runs (test/helpers/typing-run.ts), replayed key by key.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import { LineIndex } from '../../../server/src/syntax/line-index';
import { tempDir } from '../../helpers/cli';
import { freshShown, shown } from '../../helpers/fresh-check';
import { LspClient } from '../../helpers/lsp-client';
import { REPO_ROOT } from '../../helpers/paths';
import { random } from '../../helpers/recheck';
import { REPORTED_JSON, REPORTED_JSON_PROPERTIES, REPORTED_YAML, TypingRun } from '../../helpers/typing-run';

type Step = { file: string; offset: number; length: number; text: string } | 'pause';

/** Records a typing run's keys and pauses (typed in process first, to know the sequence). */
function recorded(root: string, texts: Map<string, string>, type: (run: TypingRun) => void): Step[] {
  const run = new TypingRun(root, texts, random(root.length * 131), { sequences: 0, keys: 0, pauses: 0 });
  type(run);
  return run.log;
}

describe('typing over the protocol equals a fresh check at every pause', () => {
  const dir = tempDir();
  let client: LspClient;
  before(async () => {
    client = new LspClient();
    await client.initialize(dir);
  });
  after(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Opens the files, sends the steps, and compares at every pause. */
  async function replay(root: string, texts: Map<string, string>, steps: Step[]): Promise<number> {
    const current = new Map(texts);
    const uris = new Map<string, string>();
    for (const [file, text] of texts) {
      fs.writeFileSync(file, text);
      uris.set(file, client.open(file, text));
    }
    const versions = new Map<string, number>([...uris.values()].map((u) => [u, 1]));
    let lastFile = root;
    let pauses = 0;
    for (const step of steps) {
      if (step === 'pause') {
        const uri = uris.get(lastFile)!;
        const version = versions.get(uri)!;
        await client.waitForDiagnostics(uri, (p) => p.version === version);
        // Quiet: no publish for a while after the one of the latest version.
        for (let waited = 0; performance.now() - client.lastPublishAt < 250 && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
        const published = client.allDiagnostics().get(uri)!;
        assert.equal(published.version, version);
        assert.deepEqual(shown(published.diagnostics), freshShown(root, current, lastFile), `${path.basename(lastFile)} at version ${version}:\n${current.get(lastFile)}`);
        pauses++;
        continue;
      }
      const text = current.get(step.file)!;
      const lines = new LineIndex(text);
      const uri = uris.get(step.file)!;
      versions.set(uri, client.change(uri, [{ range: { start: lines.positionAt(step.offset), end: lines.positionAt(step.offset + step.length) }, text: step.text }]));
      current.set(step.file, text.slice(0, step.offset) + step.text + text.slice(step.offset + step.length));
      lastFile = step.file;
    }
    for (const uri of uris.values()) client.close(uri);
    return pauses;
  }

  for (const property of REPORTED_JSON_PROPERTIES) {
    it(`JSON: ${property} typed after operationId with auto-closed quotes, then erased`, async () => {
      const root = path.join(dir, `typed-${REPORTED_JSON_PROPERTIES.indexOf(property)}.json`);
      const texts = new Map([[root, REPORTED_JSON]]);
      const steps = recorded(root, texts, (run) => {
        run.typist.moveTo(REPORTED_JSON.indexOf('"listPetsJson",') + '"listPetsJson",'.length);
        run.typist.enter();
        run.typist.typeString(property, () => run.log.push('pause'));
        while (run.doc.text.length > REPORTED_JSON.length) {
          run.typist.backspace();
          run.log.push('pause');
        }
      });
      const pauses = await replay(root, texts, steps);
      assert.ok(pauses > property.length, `${pauses} pauses`);
    });
  }

  it('YAML: a flow mapping property typed key by key', async () => {
    const root = path.join(dir, 'typed.yaml');
    const texts = new Map([[root, REPORTED_YAML]]);
    const steps = recorded(root, texts, (run) => {
      run.typist.moveTo(REPORTED_YAML.indexOf('          type: integer') + '          type: integer'.length);
      run.typist.enter();
      run.typist.backspace();
      run.typist.typeString('name: { type: string, maxLength: 20 }', () => run.log.push('pause'));
    });
    await replay(root, texts, steps);
  });

  for (const source of ['examples/petstore/openapi.yaml', 'test/fixtures/workspace/admin/openapi.json', 'node_modules/@readme/oas-examples/3.0/json/petstore.json']) {
    it(`random sequences in ${source}`, async () => {
      const folder = path.join(dir, path.basename(path.dirname(source)) + '-' + path.extname(source).slice(1));
      fs.mkdirSync(folder, { recursive: true });
      const siblings = source.startsWith('examples/petstore') ? ['openapi.yaml', 'schemas.yaml'] : [path.basename(source)];
      const texts = new Map(siblings.map((f) => [path.join(folder, f), fs.readFileSync(path.join(REPO_ROOT, path.dirname(source), f), 'utf8')]));
      const root = path.join(folder, path.basename(source));
      const steps = recorded(root, texts, (run) => {
        for (let i = 0; i < 6; i++) run.sequence();
      });
      const pauses = await replay(root, texts, steps);
      assert.ok(pauses >= 6, `${pauses} pauses`);
    });
  }
});
