// Runs the end-to-end suite (test/e2e/suite.ts) in real VS Code: code-server + headless chromium.
// scripts/ensure-code-server.sh installs both when missing (about 2 minutes on a new machine).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../helpers/paths';

describe('VS Code (code-server) end to end', { timeout: 900_000 }, () => {
  it('passes the extension-host suite', () => {
    const r = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'e2e.mjs')], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 850_000 });
    const output = `${r.stdout}\n${r.stderr}`;
    assert.equal(r.status, 0, output.slice(-4000));
    assert.match(r.stdout, /50 passing/);
    assert.doesNotMatch(r.stdout, /failing/);
  });

  it('passes the Restricted Mode tests with workspace trust on (the folder opens untrusted)', () => {
    const r = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'e2e.mjs')], {
      cwd: REPO_ROOT, encoding: 'utf8', timeout: 300_000, env: { ...process.env, OPENAPI_E2E_RESTRICTED: '1', OPENAPI_E2E_GREP: 'Restricted Mode' },
    });
    const output = `${r.stdout}\n${r.stderr}`;
    assert.equal(r.status, 0, output.slice(-4000));
    assert.match(r.stdout, /1 passing/);
    assert.doesNotMatch(r.stdout, /failing/);
  });
});
