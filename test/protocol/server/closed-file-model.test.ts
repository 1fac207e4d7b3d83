// A document closed as it is on disk (saved, or never changed) keeps its model as the file's: a
// request right after the close (references on it, a definition into it) is answered without
// reading and parsing the file again, which took seconds for a 2 MB root. One closed with changes
// it did not save goes back to the disk's text. Its index in the workspace index stays too (the
// indexing worker read and parsed it again).
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { describe, it } from 'node:test';
import type { Location, LocationLink } from 'vscode-languageserver-protocol';
import { Session } from '../../../server/src/server/state/session';
import { LspClient } from '../../helpers/lsp-client';

const ROOT = [
  'openapi: 3.0.3', 'info: {title: T, version: "1"}', 'paths:', '  /pets:', '    get:', '      responses:',
  "        '200':", '          description: OK', '          content:', '            application/json:',
  "              schema: {$ref: '#/components/schemas/Pet'}", '  /owners:', '    get:', '      responses:',
  "        '200':", '          description: OK', '          content:', '            application/json:',
  "              schema: {$ref: '#/components/schemas/Pet'}", 'components:', '  schemas:', '    Pet: {type: string}',
].join('\n') + '\n';
const PET_LINE = ROOT.split('\n').indexOf('    Pet: {type: string}');
const REF_LINES = ROOT.split('\n').flatMap((l, i) => (l.includes("$ref: '#/components/schemas/Pet'") ? [i] : []));

/** A folder with `root.yaml` holding `text`; removed after `body`. */
async function inFolder(text: string, body: (file: string) => Promise<void> | void): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-closed-model-'));
  try {
    const file = path.join(dir, 'root.yaml');
    fs.writeFileSync(file, text);
    await body(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the model of a closed document', { timeout: 120_000 }, () => {
  it('stays the file\'s when the document is closed as it is on disk', async () => {
    await inFolder(ROOT, (file) => {
      const session = new Session();
      const uri = pathToFileURL(file).href;
      session.opened({ uri, path: file, version: 1, text: ROOT });
      const model = session.modelOf(file);
      session.closed(uri);
      assert.equal(session.isCurrent(file), true);
      assert.equal(session.modelOf(file), model, 'the same model: nothing read or parsed again');
    });
  });

  it('goes back to the disk\'s text when the document is closed with changes it did not save', async () => {
    await inFolder(ROOT, (file) => {
      const session = new Session();
      const uri = pathToFileURL(file).href;
      session.opened({ uri, path: file, version: 1, text: ROOT });
      const doc = session.openDocument(file)!;
      session.applyChanges(doc, [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: 'x-a: 1\n' }]);
      assert.equal(session.modelOf(file)?.text, `openapi: 3.0.3\nx-a: 1\n${ROOT.slice('openapi: 3.0.3\n'.length)}`);
      session.closed(uri);
      assert.equal(session.isCurrent(file), false);
      assert.equal(session.modelOf(file)?.text, ROOT);
    });
  });

  it('answers references and a definition on a document just closed from the model it had', async () => {
    await inFolder(ROOT, async (file) => {
      const client = new LspClient();
      try {
        await client.initialize(path.dirname(file), undefined, { window: { workDoneProgress: true } });
        await client.waitForProgressEnd();
        const uri = client.open(file, ROOT);
        await client.waitForDiagnostics(uri);
        const references = () => client.request<Location[]>('textDocument/references', {
          textDocument: { uri }, position: { line: PET_LINE, character: 5 }, context: { includeDeclaration: false },
        });
        const expected = REF_LINES.map((line) => [uri, line]);
        const lines = (locations: Location[]) => locations.map((r) => [r.uri, r.range.start.line]).sort();
        // Asked while it is open, the workspace index holds the document's own index.
        assert.deepEqual(lines(await references()), expected);
        const published = client.published.length;
        const indexings = () => client.progress.filter((p) => p.value.kind === 'begin').length;
        const indexed = indexings();
        client.close(uri);
        // The check after the close has run (it clears the closed document's diagnostics).
        await client.waitForDiagnostics(uri, () => client.published.length > published);
        assert.deepEqual(lines(await references()), expected);
        const character = ROOT.split('\n')[REF_LINES[0]].indexOf('Pet');
        const links = await client.request<LocationLink[]>('textDocument/definition', {
          textDocument: { uri }, position: { line: REF_LINES[0], character },
        });
        assert.deepEqual(links.map((l) => [l.targetUri, l.targetSelectionRange.start.line]), [[uri, PET_LINE]]);
        assert.equal(client.marked('a request reads a file'), 0, 'no request read the file again');
        await new Promise((resolve) => setTimeout(resolve, 500)); // the background looks at open documents
        assert.equal(indexings(), indexed, 'the workspace index kept its index of the file');
      } finally {
        await client.stop();
      }
    });
  });

  it('answers references on a document closed with changes it did not save from the disk\'s text', async () => {
    await inFolder(ROOT, async (file) => {
      const client = new LspClient();
      try {
        await client.initialize(path.dirname(file), undefined, { window: { workDoneProgress: true } });
        await client.waitForProgressEnd();
        const uri = client.open(file, ROOT);
        await client.waitForDiagnostics(uri);
        const top = { line: 1, character: 0 };
        const version = client.change(uri, [{ range: { start: top, end: top }, text: 'x-a: 1\n' }]);
        await client.waitForDiagnostics(uri, (p) => p.version === version);
        client.close(uri);
        const references = await client.request<Location[]>('textDocument/references', {
          textDocument: { uri }, position: { line: PET_LINE, character: 5 }, context: { includeDeclaration: false },
        });
        assert.deepEqual(references.map((r) => [r.uri, r.range.start.line]).sort(), REF_LINES.map((line) => [uri, line]));
      } finally {
        await client.stop();
      }
    });
  });
});
