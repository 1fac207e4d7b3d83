// A workspace the editor does not trust (VS Code's Restricted Mode), over stdio: `$ref`s are
// followed only inside the workspace folders, so no reference can show a file from elsewhere
// on the machine; once trust is granted, everything resolves as in any workspace.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import type { CompletionItem, CompletionList, Diagnostic, Hover, Location, LocationLink } from 'vscode-languageserver-protocol';
import { LspClient } from '../../helpers/lsp-client';

const SECRET = 'TOPSECRET-do-not-show';
const refUnresolved = (ds: Diagnostic[]) => ds.filter((d) => d.code === 'ref-unresolved').map((d) => `${d.range.start.line}: ${d.message}`);

describe('an untrusted workspace', { timeout: 60_000 }, () => {
  let client: LspClient;
  let dir: string;
  let workspace: string;
  let rootText: string;
  let rootUri: string;
  const outsideFile = () => path.join(dir, 'outside', 'secret.yaml');

  before(async () => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-trust-')));
    workspace = path.join(dir, 'ws');
    fs.mkdirSync(path.join(dir, 'outside'));
    fs.mkdirSync(workspace);
    fs.writeFileSync(outsideFile(), `Secret:\n  type: string\n  description: ${SECRET}\n`);
    fs.writeFileSync(path.join(workspace, 'schemas.yaml'), 'Pet:\n  type: object\n');
    // A link inside the workspace to the file outside it is outside too.
    fs.symlinkSync(outsideFile(), path.join(workspace, 'link.yaml'));
    const schemaRef = (ref: string) => `          content:\n            application/json:\n              schema:\n                $ref: '${ref}'\n`;
    rootText = 'openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\npaths:\n' +
      "  /a:\n    get:\n      responses:\n        '200':\n          description: OK\n" + schemaRef('../outside/secret.yaml#/Secret') +
      "  /b:\n    get:\n      responses:\n        '200':\n          description: OK\n" + schemaRef(`${outsideFile()}#/Secret`) +
      "  /c:\n    get:\n      responses:\n        '200':\n          description: OK\n" + schemaRef('link.yaml#/Secret') +
      "  /d:\n    get:\n      responses:\n        '200':\n          description: OK\n" + schemaRef('schemas.yaml#/Pet');
    fs.writeFileSync(path.join(workspace, 'openapi.yaml'), rootText);
    client = new LspClient();
    await client.initialize(workspace, { workspaceTrusted: false });
    rootUri = client.open(path.join(workspace, 'openapi.yaml'), rootText);
  });

  after(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const lineOf = (needle: string) => rootText.slice(0, rootText.indexOf(needle)).split('\n').length - 1;
  const positionIn = (needle: string) => ({ line: lineOf(needle), character: rootText.split('\n')[lineOf(needle)].indexOf(needle) + 3 });
  const at = (needle: string) => ({ textDocument: { uri: rootUri }, position: positionIn(needle) });

  it('reports every $ref to a file outside the folders as not followed, and resolves those inside', async () => {
    const diagnostics = await client.waitForDiagnostics(rootUri, (p) => p.diagnostics.length > 0);
    const refused = 'does not resolve: the file is outside the workspace folders, and in a workspace that is not trusted (restricted mode) references are followed only inside them.';
    assert.deepEqual(refUnresolved(diagnostics), [
      `${lineOf('../outside/secret.yaml')}: "../outside/secret.yaml#/Secret" ${refused}`,
      `${lineOf(outsideFile())}: "${outsideFile()}#/Secret" ${refused}`,
      `${lineOf('link.yaml#/Secret')}: "link.yaml#/Secret" ${refused}`,
    ]);
  });

  it('shows nothing of a file outside the folders: no hover, no definition, no completion from it', async () => {
    for (const needle of ['../outside/secret.yaml', outsideFile(), 'link.yaml#/Secret']) {
      const hover = await client.request<Hover | null>('textDocument/hover', at(needle));
      assert.ok(!JSON.stringify(hover ?? '').includes(SECRET), `hover on ${needle}: ${JSON.stringify(hover)}`);
      const definition = await client.request<Location[] | LocationLink[] | null>('textDocument/definition', at(needle));
      assert.deepEqual(definition ?? [], [], `definition of ${needle}`);
    }
    const completion = await client.request<CompletionList | CompletionItem[] | null>('textDocument/completion', at('link.yaml#/Secret'));
    const labels = (Array.isArray(completion) ? completion : completion?.items ?? []).map((i) => i.label);
    assert.ok(!labels.some((l) => l.includes('Secret')), labels.join(', '));
    const inside = await client.request<Hover | null>('textDocument/hover', at('schemas.yaml#/Pet'));
    assert.match(JSON.stringify(inside), /type: object/, 'a file inside the folders shows as always');
  });

  it('follows every $ref once the editor trusts the workspace', async () => {
    await client.connection.sendNotification('openapi30/workspaceTrusted');
    await client.waitForDiagnostics(rootUri, (p) => refUnresolved(p.diagnostics).length === 0);
    const hover = await client.request<Hover | null>('textDocument/hover', at('../outside/secret.yaml'));
    assert.match(JSON.stringify(hover), new RegExp(SECRET));
  });
});
