// The CLI on hostile input: references to a named pipe, a device and its own standard input end
// in a finding, not a hang or a gigabyte read; `-` reads a document from standard input; a
// document larger than the heap can hold ends in a clear error, not a V8 abort.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import { CLI } from '../../helpers/paths';

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
    assert.equal(messages[1], '"/dev/stdin#/Pet" does not resolve: "/dev/stdin" is the standard input of this process, not a file.');
    assert.equal(messages[2], '"/dev/zero#/Pet" does not resolve: "/dev/zero" is a character device, not a file.');
  });

  type Position = { line: number; character: number };
  type Finding = { rule: string; message: string; range: { start: Position; end: Position } };
  /** Each ref-unresolved finding as [line, first character, last character, message]. */
  const unresolved = (stdout: string) => (JSON.parse(stdout) as Finding[]).filter((f) => f.rule === 'ref-unresolved')
    .map((f) => [f.range.start.line, f.range.start.character, f.range.end.character, f.message]);
  /** A document with one schema per `$ref`, each `$ref` on line 8 + 2 * its index, from character 12. */
  const withRefs = (refs: string[]) =>
    HEADER + 'components:\n  schemas:\n' + refs.map((r, i) => `    S${i}:\n      $ref: '${r}'\n`).join('');
  /** The CLI run with standard input read from a file. */
  const runFromFile = (input: number, args: string[]) =>
    spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: 'utf8', stdio: [input, 'pipe', 'pipe'], timeout: 60_000 });

  it('refuses a $ref to its own standard input or descriptors when standard input is a file, named directly or by links', () => {
    fs.writeFileSync(path.join(dir, 'stdin-source.yaml'), 'S: {type: object}\n');
    fs.symlinkSync('/dev/stdin', path.join(dir, 'stdin-link.yaml'));
    fs.symlinkSync('stdin-link.yaml', path.join(dir, 'stdin-link2.yaml'));
    fs.symlinkSync('/proc/self', path.join(dir, 'me'));
    const refs = ['/dev/stdin#/S', '/proc/self/fd/0#/S', '/dev/fd/0#/S', '/proc/thread-self/fd/0#/S', './stdin-link2.yaml#/S',
      './me/fd/0#/S', '/dev/stdout#/S', '/dev/fd/2#/S', '/dev/fd/9#/S', `/proc/${process.pid}/fd/0#/S`, './stdin-source.yaml#/S'];
    fs.writeFileSync(path.join(dir, 'descriptors.yaml'), withRefs(refs));
    const input = fs.openSync(path.join(dir, 'stdin-source.yaml'), 'r');
    try {
      const r = runFromFile(input, ['--format', 'json', 'descriptors.yaml']);
      assert.equal(r.status, 1, r.stderr);
      const is = (i: number, file: string, what: string) =>
        [8 + 2 * i, 12, 14 + refs[i].length, `"${refs[i]}" does not resolve: "${file}" is ${what}, not a file.`];
      // The file standard input comes from, named by its own path, is a document like any other.
      assert.deepEqual(unresolved(r.stdout), [
        is(0, '/dev/stdin', 'the standard input of this process'),
        is(1, '/proc/self/fd/0', 'the standard input of this process'),
        is(2, '/dev/fd/0', 'the standard input of this process'),
        is(3, '/proc/thread-self/fd/0', 'the standard input of this process'),
        is(4, 'stdin-link2.yaml', 'the standard input of this process'),
        is(5, 'me/fd/0', 'the standard input of this process'),
        is(6, '/dev/stdout', 'the standard output of this process'),
        is(7, '/dev/fd/2', 'the standard error of this process'),
        is(8, '/dev/fd/9', 'file descriptor 9 of this process'),
        // Another process's descriptors are refused alike (the CLI is a child of this test).
        is(9, `/proc/${process.pid}/fd/0`, `file descriptor 0 of process ${process.pid}`),
      ]);
    } finally {
      fs.closeSync(input);
    }
  });

  it('refuses /dev/stdin on the command line, saying to name standard input -, and checks - when standard input is a file', () => {
    const document = path.join(dir, 'stdin-document.yaml');
    fs.writeFileSync(document, HEADER.replace('paths: {}', 'paths:\n  pets: {}'));
    /** The CLI with `args`, its standard input read from the document. */
    const fromDocument = (args: string[]) => {
      const input = fs.openSync(document, 'r');
      try {
        return runFromFile(input, args);
      } finally {
        fs.closeSync(input);
      }
    };
    const named = fromDocument(['/dev/stdin']);
    assert.equal(named.status, 2);
    assert.equal(named.stderr, 'openapi-check: cannot check /dev/stdin: /dev/stdin is the standard input of this process, not a file. ' +
      'To check standard input, name it -.\n');
    assert.equal(named.stdout, '1 file could not be checked.\n');
    const dash = fromDocument(['-']);
    assert.equal(dash.status, 1, dash.stderr);
    assert.equal(dash.stdout.split('\n')[0], '<stdin>:6:3 error path-leading-slash Path "pets" must start with "/": paths are relative to the server URL.');
  });

  it('names /dev/tty without a terminal a character device, and a /proc file a system file, in words that read well', () => {
    const refs = ['/dev/tty#/S', '/proc/cpuinfo#/S'];
    fs.writeFileSync(path.join(dir, 'system.yaml'), withRefs(refs));
    // In a session of its own, the CLI has no controlling terminal: opening /dev/tty fails with ENXIO.
    const r = spawnSync('setsid', [process.execPath, CLI, '--format', 'json', 'system.yaml'],
      { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.status, 1, r.stderr);
    assert.deepEqual(unresolved(r.stdout), [
      [8, 12, 14 + refs[0].length, '"/dev/tty#/S" does not resolve: "/dev/tty" is a character device, not a file.'],
      [10, 12, 14 + refs[1].length, '"/proc/cpuinfo#/S" does not resolve: "/proc/cpuinfo" is a system file that reports no size, not a document.'],
    ]);
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
      assert.equal(r.stderr, 'openapi-check: cannot check folder.yaml: folder.yaml is a folder, not a file. To check the descriptions in it, ' +
        "name them with a glob in quotes (the shell leaves it to openapi-check): openapi-check 'folder.yaml/**/*.yaml'\n" +
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
