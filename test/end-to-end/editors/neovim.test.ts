// The same server in another editor: Neovim (Debian's 0.7, headless) gets diagnostics, definition,
// completion, references and rename. scripts/ensure-neovim.sh installs nvim when it is missing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { before, describe, it } from 'node:test';
import { REPO_ROOT } from '../../helpers/paths';

describe('Neovim as the LSP client', { timeout: 180_000 }, () => {
  before(() => {
    const r = spawnSync('bash', [path.join(REPO_ROOT, 'scripts', 'ensure-neovim.sh')], { stdio: 'inherit' });
    assert.equal(r.status, 0, 'neovim installs');
  });

  it('shows our diagnostics, jumps through a $ref, completes `in` values, finds references and renames', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-nvim-'));
    fs.cpSync(path.join(REPO_ROOT, 'examples', 'petstore'), dir, { recursive: true });
    const file = path.join(dir, 'openapi.yaml');
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const defLine = lines.findIndex((l) => l.includes("$ref: './schemas.yaml#/Pet'"));
    const compLine = lines.findIndex((l) => l.trim() === 'in: path');
    const renameLine = lines.indexOf('    limit:');
    const out = path.join(dir, 'out.json');
    const scratch = path.join(dir, 'xdg');
    const r = spawnSync('nvim', ['--headless', '--clean', '-n', '-i', 'NONE', '-S', path.join(REPO_ROOT, 'test', 'neovim', 'client.lua')], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 120_000,
      env: {
        ...process.env,
        XDG_CONFIG_HOME: scratch, XDG_DATA_HOME: scratch, XDG_CACHE_HOME: scratch, XDG_STATE_HOME: scratch,
        OPENAPI_SERVER: path.join(REPO_ROOT, 'dist', 'server.js'), OPENAPI_ROOT: dir, OPENAPI_FILE: file, OPENAPI_OUT: out,
        DEF_LINE: String(defLine), DEF_CHAR: String(lines[defLine].indexOf('schemas')),
        COMP_LINE: String(compLine), COMP_CHAR: String(lines[compLine].indexOf('path')),
        REF_LINE: String(defLine), REF_CHAR: String(lines[defLine].indexOf('#/Pet') + 3),
        REN_LINE: String(renameLine), REN_CHAR: '6',
      },
    });
    assert.ok(fs.existsSync(out), `nvim wrote no result (status ${r.status}): ${r.stderr}`);
    const result = JSON.parse(fs.readFileSync(out, 'utf8'));
    const diagnostics = result.diagnostics[result.uri] as { code: string; range: { start: { line: number; character: number } } }[];
    const slash = diagnostics.find((d) => d.code === 'path-leading-slash')!;
    assert.deepEqual(slash.range.start, { line: 70, character: 2 });
    assert.ok(diagnostics.some((d) => d.code === 'operation-id-unique'));
    const definition = Array.isArray(result.definition) ? result.definition[0] : result.definition;
    assert.equal(definition.targetUri, pathToFileURL(path.join(dir, 'schemas.yaml')).href);
    assert.deepEqual(definition.targetSelectionRange.start, { line: 0, character: 0 });
    const labels = (Array.isArray(result.completion) ? result.completion : result.completion.items).map((c: { label: string }) => c.label);
    // `petid` is not the path's {petId} (letter case counts): `query`, the likely one, comes first.
    assert.deepEqual(labels, ['query', 'path', 'header', 'cookie']);
    // References to schemas.yaml#/Pet: the $ref here and the declaration in the other file.
    const schemasUri = pathToFileURL(path.join(dir, 'schemas.yaml')).href;
    const references = (result.references as { uri: string; range: { start: { line: number } } }[]).map((l) => `${l.uri}:${l.range.start.line}`).sort();
    assert.deepEqual(references, [`${result.uri}:${defLine}`, `${schemasUri}:0`].sort());
    // Renaming the `limit` parameter changes its key and the $ref to it.
    const edits = (result.rename.changes[result.uri] as { range: { start: { line: number } }; newText: string }[]).map((e) => `${e.range.start.line}:${e.newText}`).sort();
    const refLine = lines.findIndex((l) => l.includes("$ref: '#/components/parameters/limit'"));
    assert.deepEqual(edits, [`${refLine}:'#/components/parameters/pageSize'`, `${renameLine}:pageSize`].sort());
  });
});
