// The CLI on hostile input: references to a named pipe, a device and its own standard input end
// in a finding, not a hang or a gigabyte read; `-` reads a document from standard input.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import { CLI } from './helpers/paths';

const HEADER = 'openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\npaths: {}\n';

describe('openapi-check on hostile input', { timeout: 120_000 }, () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-cli-hostile-'));
    execFileSync('mkfifo', [path.join(dir, 'pipe.yaml')]);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const run = (args: string[], input?: string) => spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: 'utf8', input, timeout: 60_000 });

  it('reports references to a named pipe, /dev/zero and /dev/stdin, with something piped in', () => {
    const refs = ["'./pipe.yaml#/Pet'", "'/dev/zero#/Pet'", "'/dev/stdin#/Pet'"];
    fs.writeFileSync(path.join(dir, 'openapi.yaml'), HEADER + 'components:\n  schemas:\n' + refs.map((r, i) => `    S${i}:\n      $ref: ${r}\n`).join(''));
    const r = run(['--format', 'json', 'openapi.yaml'], 'Pet: {type: object}\n');
    assert.equal(r.signal, null, 'finished');
    assert.equal(r.status, 1, r.stderr);
    const messages = (JSON.parse(r.stdout) as { rule: string; message: string }[]).filter((f) => f.rule === 'ref-unresolved').map((f) => f.message).sort();
    assert.equal(messages.length, 3);
    assert.match(messages[0], /^"\.\/pipe\.yaml#\/Pet" does not resolve: "pipe\.yaml" is a named pipe, not a file\.$/);
    assert.match(messages[1], /^"\/dev\/stdin#\/Pet" does not resolve: ".*dev\/stdin" is (a named pipe|a socket), not a file\.$/);
    assert.match(messages[2], /^"\/dev\/zero#\/Pet" does not resolve: ".*dev\/zero" is a character device, not a file\.$/);
  });

  it('refuses a named pipe given on the command line instead of waiting on it', () => {
    const r = run(['pipe.yaml']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /cannot check pipe\.yaml: .*pipe\.yaml is a named pipe, not a file\./);
  });

  it('checks standard input when it is named with -', () => {
    const r = run(['-'], HEADER.replace('paths: {}', 'paths:\n  pets: {}'));
    assert.equal(r.status, 1);
    assert.equal(r.stdout.split('\n')[0], '<stdin>:6:3 error path-leading-slash Path "pets" must start with "/": paths are relative to the server URL.');
  });
});
