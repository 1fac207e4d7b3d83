// The order in which the server takes its input (server/src/server/transport/input-order.ts), read from
// bytes by the real framer: while a large didOpen is parsed elsewhere, read-only requests on other
// documents go first; everything else keeps the client's order. And the worker that parses large
// messages (message-decoder.ts): in order, on the thread when it cannot start, and a message it
// cannot parse reported alone.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { describe, it } from 'node:test';
import { InputOrder } from '../../../server/src/server/transport/input-order';
import { openedUri } from '../../../server/src/server/transport/opened-uri';
import { MessageDecoder } from '../../../server/src/server/transport/message-decoder';
import { FrameEvent, MessageFramer, parseLargeBody } from '../../../server/src/server/transport/message-framing';
import { REPO_ROOT } from '../../helpers/paths';

const LARGE = 1_000;
const text = 'paths: {}\n'.repeat(200);
const open = (uri: string) => ({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'yaml', version: 1, text } } });
const request = (id: number, method: string, uri: string) => ({ jsonrpc: '2.0', id, method, params: { textDocument: { uri }, position: { line: 0, character: 0 } } });
const hover = (id: number, uri: string) => request(id, 'textDocument/hover', uri);
const change = (uri: string) => ({ jsonrpc: '2.0', method: 'textDocument/didChange', params: { textDocument: { uri, version: 2 }, contentChanges: [{ text: 'x' }] } });
const frame = (body: string) => Buffer.from(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);

/** Input through a framer and an order; large messages are parsed when `parseNext` is called. */
function reader() {
  const delivered: unknown[] = [];
  const order = new InputOrder((e: FrameEvent) => delivered.push('message' in e ? e.message : e));
  const parsing: { id: number; bytes: Buffer }[] = [];
  let ids = 0;
  const framer = new MessageFramer((e) => {
    if (!('large' in e)) return order.push(e);
    const id = ids++;
    parsing.push({ id, bytes: e.large.bytes });
    order.push({ large: { id, opens: openedUri(e.large.bytes) } });
  }, { largeBodyBytes: LARGE });
  return {
    delivered,
    order,
    send: (...bodies: (object | string)[]) => framer.push(Buffer.concat(bodies.map((b) => frame(typeof b === 'string' ? b : JSON.stringify(b))))),
    parseNext() {
      const next = parsing.shift()!;
      order.parsed(next.id, parseLargeBody(next.bytes));
    },
  };
}

describe('the order of the server\'s input', () => {
  it('hands on read-only requests on other documents while a large didOpen is parsed, then it and the rest in order', () => {
    const input = reader();
    input.send(change('file:///b.yaml'), open('file:///a.yaml'), hover(1, 'file:///b.yaml'), request(2, 'textDocument/definition', 'file:///c.yaml'));
    assert.deepEqual(input.delivered, [change('file:///b.yaml'), hover(1, 'file:///b.yaml'), request(2, 'textDocument/definition', 'file:///c.yaml')]);
    // Later too, until something that may not pass comes: from then on all waits.
    input.send(request(3, 'textDocument/completion', 'file:///b.yaml'), hover(4, 'file:///a.yaml'), hover(5, 'file:///b.yaml'));
    assert.deepEqual(input.delivered.slice(3), [request(3, 'textDocument/completion', 'file:///b.yaml')]);
    input.parseNext();
    assert.deepEqual(input.delivered.slice(4), [open('file:///a.yaml'), hover(4, 'file:///a.yaml'), hover(5, 'file:///b.yaml')]);
    input.send(hover(6, 'file:///b.yaml'));
    assert.deepEqual(input.delivered.at(-1), hover(6, 'file:///b.yaml'));
  });

  it('keeps the order of whatever else comes first behind it: edits, reads of every file, notifications, answers to the server, shutdown', () => {
    const first = [
      request(1, 'textDocument/rename', 'file:///b.yaml'), request(1, 'textDocument/references', 'file:///b.yaml'),
      request(1, 'textDocument/codeAction', 'file:///b.yaml'), change('file:///b.yaml'),
      { jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 7 } }, { jsonrpc: '2.0', id: 8, result: [{ maxFileSize: 5 }] },
      { jsonrpc: '2.0', id: 8, error: { code: -32601, message: 'no' } },
      { jsonrpc: '2.0', id: 9, method: 'shutdown' }, { jsonrpc: '2.0', method: 'textDocument/hover', params: hover(0, 'file:///b.yaml').params },
      { jsonrpc: '2.0', id: 10, method: 'workspace/symbol', params: { query: 'a' } },
    ];
    for (const message of first) {
      const input = reader();
      input.send(open('file:///a.yaml'), message, hover(2, 'file:///b.yaml'));
      assert.deepEqual(input.delivered, [], JSON.stringify(message));
      input.parseNext();
      assert.deepEqual(input.delivered, [open('file:///a.yaml'), message, hover(2, 'file:///b.yaml')], JSON.stringify(message));
    }
  });

  it('lets requests pass a large didOpen in any key order, but keeps the order behind a large didChange', () => {
    const textFirst = `{"params":{"textDocument":{"text":${JSON.stringify(text)},"version":1,"uri":"file:///a.yaml","languageId":"yaml"}},"method":"textDocument/didOpen","jsonrpc":"2.0"}`;
    const passed = reader();
    passed.send(textFirst, hover(1, 'file:///b.yaml'), hover(2, 'file:///a.yaml'));
    assert.deepEqual(passed.delivered, [hover(1, 'file:///b.yaml')]);
    passed.parseNext();
    assert.deepEqual(passed.delivered.slice(1), [JSON.parse(textFirst), hover(2, 'file:///a.yaml')]);
    const largeChange = { ...change('file:///a.yaml'), params: { textDocument: { uri: 'file:///a.yaml', version: 2 }, contentChanges: [{ text }] } };
    const kept = reader();
    kept.send(largeChange, hover(1, 'file:///b.yaml'));
    assert.deepEqual(kept.delivered, []);
    kept.parseNext();
    assert.deepEqual(kept.delivered, [largeChange, hover(1, 'file:///b.yaml')]);
  });

  it('holds what follows a second large didOpen while the first is parsed, then lets it pass the second, and ends the input after everything', () => {
    const input = reader();
    let ended = false;
    input.send(open('file:///a.yaml'), open('file:///c.yaml'), hover(1, 'file:///b.yaml'), hover(2, 'file:///c.yaml'));
    input.order.end(() => (ended = true));
    assert.deepEqual(input.delivered, []);
    input.parseNext();
    assert.deepEqual(input.delivered, [open('file:///a.yaml'), hover(1, 'file:///b.yaml')]);
    assert.equal(ended, false);
    input.parseNext();
    assert.deepEqual(input.delivered.slice(2), [open('file:///c.yaml'), hover(2, 'file:///c.yaml')]);
    assert.equal(ended, true);
  });

  it('reports a large body that is not JSON where it was, after the requests that passed it', () => {
    const input = reader();
    const broken = JSON.stringify(open('file:///a.yaml')).slice(0, -2);
    input.send(broken, hover(1, 'file:///b.yaml'), hover(2, 'file:///a.yaml'));
    input.parseNext();
    assert.equal(input.delivered.length, 3);
    assert.deepEqual(input.delivered[0], hover(1, 'file:///b.yaml'));
    assert.match((input.delivered[1] as { error: string }).error, /JSON/);
    assert.deepEqual(input.delivered[2], hover(2, 'file:///a.yaml'));
  });
});

describe('the worker parsing large messages', () => {
  const bytesOf = (value: unknown) => Buffer.from(JSON.stringify(value));

  function decoded(script: string, bodies: Buffer[]): Promise<{ results: [number, FrameEvent][]; log: string[] }> {
    return new Promise((resolve) => {
      const results: [number, FrameEvent][] = [];
      const log: string[] = [];
      const decoder = new MessageDecoder((id, event) => {
        results.push([id, event]);
        if (results.length === bodies.length) {
          decoder.dispose();
          resolve({ results, log });
        }
      }, (m) => log.push(m), script);
      bodies.forEach((body, id) => decoder.decode(id, body));
    });
  }

  it('parses messages in the worker, in order, a broken one reported alone', async () => {
    const broken = Buffer.from('{"jsonrpc": "2.0", "method": ');
    const { results, log } = await decoded(path.join(REPO_ROOT, 'dist', 'message-worker.js'), [bytesOf(open('file:///a.yaml')), broken, bytesOf(hover(1, 'file:///b.yaml'))]);
    assert.deepEqual(results.map(([id]) => id), [0, 1, 2]);
    assert.deepEqual(results[0][1], { message: open('file:///a.yaml') });
    assert.match((results[1][1] as { error: string }).error, /JSON/);
    assert.deepEqual(results[2][1], { message: hover(1, 'file:///b.yaml') });
    assert.deepEqual(log, []);
  });

  it('parses on this thread, and says so, when its worker cannot start', async () => {
    const missing = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-decoder-')), 'message-worker.js');
    const { results, log } = await decoded(missing, [bytesOf(open('file:///a.yaml'))]);
    assert.deepEqual(results, [[0, { message: open('file:///a.yaml') }]]);
    assert.equal(log.length, 1);
    assert.match(log[0], /The worker parsing large messages cannot start \(.*message-worker\.js is missing\): its work is done on the server's thread\./);
  });

  it('reports the messages in a worker that stops as unreadable, and starts another for the next', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-decoder-'));
    const stopping = path.join(dir, 'message-worker.js');
    // Stops at message 0; answers the others.
    fs.writeFileSync(stopping, `const { parentPort } = require('worker_threads');
parentPort.on('message', ({ id }) => (id === 0 ? process.exit(3) : parentPort.postMessage({ id, event: { message: 'read' } })));
`);
    const results: [number, FrameEvent][] = [];
    const log: string[] = [];
    const next = () => new Promise<void>((resolve) => (waiting = resolve));
    let waiting = () => {};
    const decoder = new MessageDecoder((id, event) => (results.push([id, event]), waiting()), (m) => log.push(m), stopping);
    try {
      const body = bytesOf(open('file:///a.yaml'));
      let done = next();
      decoder.decode(0, Buffer.from(body));
      await done;
      done = next();
      decoder.decode(1, Buffer.from(body));
      await done;
      assert.deepEqual(results, [
        [0, { error: `A message of ${body.length} bytes could not be read: the worker parsing it stopped (exit code 3).` }],
        [1, { message: 'read' }],
      ]);
      assert.deepEqual(log, ['The worker parsing large messages stopped (exit code 3).']);
    } finally {
      decoder.dispose();
    }
  });
});
