// The CLI on hostile input: references to a named pipe, a device and its own standard input end
// in a finding, not a hang or a gigabyte read; `-` reads a document from standard input; a
// document larger than the heap can hold ends in a clear error, not a V8 abort.
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
    assert.match(messages[1], /^"\/dev\/stdin#\/Pet" does not resolve: "\/dev\/stdin" is (a named pipe|a socket), not a file\.$/);
    assert.equal(messages[2], '"/dev/zero#/Pet" does not resolve: "/dev/zero" is a character device, not a file.');
  });

  it('says a $ref names a file too long for the file system, in a message of bounded length', () => {
    const longName = 'a'.repeat(300) + '.yaml';
    const longPath = 'folder/'.repeat(700) + 'x.yaml';
    const refs = [`'./${longName}#/Pet'`, `'./${longPath}#/Pet'`];
    fs.writeFileSync(path.join(dir, 'long.yaml'), HEADER + 'components:\n  schemas:\n' + refs.map((r, i) => `    S${i}:\n      $ref: ${r}\n`).join(''));
    const r = run(['--format', 'json', 'long.yaml']);
    assert.equal(r.status, 1, r.stderr);
    const messages = (JSON.parse(r.stdout) as { rule: string; message: string }[]).filter((f) => f.rule === 'ref-unresolved').map((f) => f.message);
    // The $ref is quoted cut to 200 characters; the reason follows whole.
    assert.deepEqual(messages, [
      `"./${longName.slice(0, 197)}…" does not resolve: a file or folder name in it is 305 bytes long, more than file systems allow (255).`,
      `"./${longPath.slice(0, 197)}…" does not resolve: the path of the file is ${Buffer.byteLength(path.join(dir, longPath))} bytes long, more than the file system allows.`,
    ]);
    for (const message of messages) assert.ok(message.length < 320, message);
  });

  it('quotes a file a $ref names by its absolute path as that path', () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-cli-elsewhere-'));
    try {
      fs.writeFileSync(path.join(other, 'shared.yaml'), 'Pet: {type: object}\n');
      const refs = [`'${other}/shared.yaml#/Pets'`, `'${other}/missing.yaml#/Pet'`];
      fs.writeFileSync(path.join(dir, 'absolute.yaml'), HEADER + 'components:\n  schemas:\n' + refs.map((r, i) => `    S${i}:\n      $ref: ${r}\n`).join(''));
      const r = run(['--format', 'json', 'absolute.yaml']);
      const messages = (JSON.parse(r.stdout) as { rule: string; message: string }[]).filter((f) => f.rule === 'ref-unresolved').map((f) => f.message);
      assert.deepEqual(messages, [
        `"${other}/shared.yaml#/Pets" does not resolve: the document root in "${other}/shared.yaml" has no "Pets". Did you mean "${other}/shared.yaml#/Pet"?`,
        `"${other}/missing.yaml#/Pet" does not resolve: the file "${other}/missing.yaml" does not exist.`,
      ]);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('refuses a named pipe given on the command line instead of waiting on it', () => {
    const r = run(['pipe.yaml']);
    assert.equal(r.status, 2);
    assert.equal(r.stderr, 'openapi-check: cannot check pipe.yaml: pipe.yaml is a named pipe, not a file.\n');
    assert.equal(r.stdout, '1 file could not be checked.\n');
  });

  it('never counts a file it could not check as one without problems', () => {
    fs.mkdirSync(path.join(dir, 'folder.yaml'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'clean.yaml'), HEADER);
    for (const jobs of ['1', '2']) {
      const r = run(['--jobs', jobs, 'folder.yaml', 'clean.yaml', 'pipe.yaml']);
      assert.equal(r.status, 2, `--jobs ${jobs}`);
      assert.equal(r.stderr, 'openapi-check: cannot check folder.yaml: folder.yaml is a folder, not a file.\n' +
        'openapi-check: cannot check pipe.yaml: pipe.yaml is a named pipe, not a file.\n');
      assert.equal(r.stdout, 'No problems in 1 file; 2 files could not be checked.\n');
    }
    fs.writeFileSync(path.join(dir, 'invalid.yaml'), HEADER.replace('paths: {}', 'paths:\n  pets: {}'));
    const withFindings = run(['--format', 'github', 'invalid.yaml', 'folder.yaml']);
    assert.equal(withFindings.status, 2);
    assert.match(withFindings.stdout, /\n1 problem \(1 error, 0 warnings, 0 information, 0 hints\) in 1 file; 1 file could not be checked\.\n$/);
  });

  it('checks a document too large for the heap to the end, or stops with a clear error and exit code 2, never a V8 abort', () => {
    // 17 MB, above the size from which the CLI checks a file in a worker thread, in few objects.
    const paths = [`"nolead": {"get": {"operationId": "nolead", "responses": {"200": {"description": "OK"}}}}`];
    const words = 'This operation returns the item. '.repeat(30);
    for (let i = 0; paths.length * 1100 < 17 * 1024 * 1024; i++) {
      paths.push(`"/items${i}": {"get": {"operationId": "get${i}", "description": "${words}", "responses": {"200": {"description": "OK"}}}}`);
    }
    fs.writeFileSync(path.join(dir, 'big.json'), `{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {\n${paths.join(',\n')}\n}}\n`);
    const tight = spawnSync(process.execPath, ['--max-old-space-size=16', CLI, 'big.json'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    assert.equal(tight.signal, null, 'no abort');
    assert.equal(tight.status, 2, tight.stderr);
    assert.match(tight.stderr, /^openapi-check: cannot check big\.json: checking it needs more memory than Node\.js allows here \(a heap of \d+ MB\)\. Give Node\.js more \(NODE_OPTIONS=--max-old-space-size=\d+\), or split the document into files\.\n$/);
    assert.equal(tight.stdout, '1 file could not be checked.\n');
    const roomy = run(['--format', 'json', 'big.json']);
    assert.equal(roomy.status, 1, roomy.stderr);
    assert.deepEqual((JSON.parse(roomy.stdout) as { rule: string; range: { start: { line: number } } }[]).map((f) => [f.rule, f.range.start.line]), [['path-leading-slash', 1]]);
  });

  it('stops with a clear error and exit code 2 on a dense array too large for the heap, never a V8 abort', () => {
    // 75 MB of small numbers in one array (37.5 million nodes) aborted the whole CLI when its worker
    // was a thread: at the heap limit a thread gets 16 MB more, and the array grows by hundreds. The
    // same shape, 4 MB under a 64 MB heap, checked in a worker process: its abort is its own.
    const items = Array.from({ length: 2_000_000 }, (_, i) => i % 10).join(',');
    fs.writeFileSync(path.join(dir, 'dense.json'), `{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{},"x-big":[${items}]}\n`);
    const r = spawnSync(process.execPath, ['--max-old-space-size=64', CLI, 'dense.json'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.signal, null, 'no abort');
    assert.equal(r.status, 2, r.stderr);
    // V8's report of the worker's abort is not passed on: one line says what happened.
    assert.match(r.stderr, /^openapi-check: cannot check dense\.json: checking it needs more memory than Node\.js allows here \(a heap of \d+ MB\)\. Give Node\.js more \(NODE_OPTIONS=--max-old-space-size=\d+\), or split the document into files\.\n$/);
    assert.equal(r.stdout, '1 file could not be checked.\n');
  });

  it('checks standard input when it is named with -', () => {
    const r = run(['-'], HEADER.replace('paths: {}', 'paths:\n  pets: {}'));
    assert.equal(r.status, 1);
    assert.equal(r.stdout.split('\n')[0], '<stdin>:6:3 error path-leading-slash Path "pets" must start with "/": paths are relative to the server URL.');
  });
});
