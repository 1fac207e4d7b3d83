// A run of checks publishes its files one after another, with pauses for messages between them. An
// edit that arrives in such a pause and needs a full parse (YAML with anchors) leaves the file's
// findings of the text before: published for the new version, they landed on the wrong lines (the
// fuzz found them past the end of the text: seed 64, episode seed 3633185550).
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { after, describe, it } from 'node:test';
import type { Connection, PublishDiagnosticsParams } from 'vscode-languageserver/node';
import { CheckScheduler } from '../../../server/src/server/state/check-runs';
import { Session } from '../../../server/src/server/state/session';
import { WorkspaceFiles } from '../../../server/src/server/state/workspace';

/** What the scheduler publishes, and the document notifications the editor sends it (handlers/document-sync.ts). */
function fakeConnection() {
  const published: PublishDiagnosticsParams[] = [];
  const listeners: ((p: PublishDiagnosticsParams) => void)[] = [];
  let checks: CheckScheduler | undefined;
  const connection = {
    sendDiagnostics: (p: PublishDiagnosticsParams) => {
      published.push(p);
      for (const listener of [...listeners]) listener(p);
    },
    console: { log() {}, info() {}, warn() {}, error() {} },
    tracer: { log() {} },
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const send = (name: 'open' | 'change' | 'close' | 'watched', params: any) => {
    if (name === 'open') checks!.documentOpened(params.textDocument.uri, params.textDocument.version, params.textDocument.text);
    else if (name === 'change') checks!.documentChanged(params.textDocument.uri, params.textDocument.version, params.contentChanges);
    else if (name === 'close') checks!.documentClosed(params.textDocument.uri);
    else checks!.watchedFilesChanged(params.changes);
  };
  return {
    connection: connection as unknown as Connection,
    published,
    send,
    /** The scheduler the notifications go to. */
    attach: (scheduler: CheckScheduler) => void (checks = scheduler),
    /** Calls `listener` as each publish is made, before the scheduler goes on. */
    onPublish: (listener: (p: PublishDiagnosticsParams) => void) => listeners.push(listener),
    /** Resolves with the first publish for `uri` that `check` accepts. */
    next(uri: string, check: (p: PublishDiagnosticsParams) => boolean = () => true): Promise<PublishDiagnosticsParams> {
      const seen = published.find((p) => p.uri === uri && check(p));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => listeners.push((p) => p.uri === uri && check(p) && resolve(p)));
    },
  };
}

describe('publishing after a check', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'publish-stale-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('leaves a file edited in a pause between publishes to the next run, which publishes it on the lines of its new text', async () => {
    const first = path.join(dir, 'first.yaml');
    const anchored = path.join(dir, 'anchored.yaml');
    // An anchor: an edit of this text needs a full parse.
    const text = [
      'openapi: 3.0.3', 'info: {title: T, version: 1.0.0}', 'x-shared: &shared {type: string}', 'x-line: 1', 'paths:',
      '  noslash:', '    get:', "      responses: {'200': {description: ok}}", '',
    ].join('\n');
    const { connection, published, send, next, onPublish, attach } = fakeConnection();
    const session = new Session();
    attach(new CheckScheduler(connection, session, new WorkspaceFiles(session)));
    const uri = pathToFileURL(anchored).href;
    const firstUri = pathToFileURL(first).href;
    // The first file is published first; right after, the edit comes (removing `x-line: 1`).
    let edited = false;
    onPublish((p) => {
      if (p.uri !== firstUri || edited) return;
      edited = true;
      send('change', { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: { line: 3, character: 0 }, end: { line: 4, character: 0 } }, text: '' }] });
    });
    send('open', { textDocument: { uri: firstUri, languageId: 'yaml', version: 1, text: text.replace('noslash', '/ok') } });
    send('open', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    const slashAt = (p: PublishDiagnosticsParams) => p.diagnostics.filter((d) => d.code === 'path-leading-slash').map((d) => d.range.start.line);
    const latest = await next(uri, (p) => p.version === 2);
    assert.ok(edited, 'the edit came right after the first publish');
    // Line 5 in the new text; line 6 was the old text's.
    assert.deepEqual(slashAt(latest), [4]);
    assert.deepEqual(published.filter((p) => p.uri === uri).map((p) => [p.version, slashAt(p)]), [[2, [4]]]);
  });

  it('still clears a file that no root reads any more, changed on disk since its last model', async () => {
    const root = path.join(dir, 'root.yaml');
    const other = path.join(dir, 'other.yaml');
    fs.writeFileSync(other, 'S:\n  type: [unclosed\n');
    const text = ['openapi: 3.0.3', 'info: {title: T, version: 1.0.0}', 'paths: {}', 'components:', '  schemas:', "    Pet: {$ref: './other.yaml#/S'}", ''].join('\n');
    const { connection, send, next, attach } = fakeConnection();
    const session = new Session();
    attach(new CheckScheduler(connection, session, new WorkspaceFiles(session)));
    const uri = pathToFileURL(root).href;
    const otherUri = pathToFileURL(other).href;
    send('open', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    const syntax = (p: PublishDiagnosticsParams) => p.diagnostics.some((d) => d.code === 'syntax');
    await next(otherUri, syntax);
    // The reference goes, and the other file changes on disk: its model is of the text before.
    fs.writeFileSync(other, 'S:\n  type: [still unclosed\n');
    send('watched', { changes: [{ uri: otherUri, type: 2 }] });
    const line = 5;
    send('change', { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: { line, character: 9 }, end: { line, character: text.split('\n')[line].length } }, text: '{type: string}' }] });
    const cleared = await next(otherUri, (p) => p.diagnostics.length === 0);
    assert.deepEqual(cleared.diagnostics, []);
  });
});
