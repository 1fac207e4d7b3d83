// The order in which the input worker hands messages on (server/src/server/input-order.ts), read
// from bytes by the real framer: a read-only request on another document sent right behind a large
// didOpen goes first once the input has had its turn; everything else keeps the client's order.
import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { InputOrder, QuietWindow } from '../server/src/server/input-order';
import { FrameEvent, MessageFramer } from '../server/src/server/message-framing';

const LARGE = 1_000;
const text = 'paths: {}\n'.repeat(200);
const open = (uri: string) => ({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'yaml', version: 1, text } } });
const request = (id: number, method: string, uri: string) => ({ jsonrpc: '2.0', id, method, params: { textDocument: { uri }, position: { line: 0, character: 0 } } });
const hover = (id: number, uri: string) => request(id, 'textDocument/hover', uri);
const change = (uri: string) => ({ jsonrpc: '2.0', method: 'textDocument/didChange', params: { textDocument: { uri, version: 2 }, contentChanges: [{ text: 'x' }] } });
const frame = (body: string) => Buffer.from(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);

/** The input as one chunk through a framer and an order whose turns come when `turn` is called. */
function reader() {
  const delivered: unknown[] = [];
  const turns: (() => void)[] = [];
  const order = new InputOrder((e: FrameEvent) => delivered.push('message' in e ? e.message : e), (then) => turns.push(then));
  const framer = new MessageFramer((e) => order.push(e), { largeBodyBytes: LARGE });
  return {
    delivered,
    order,
    send: (...bodies: (object | string)[]) => framer.push(Buffer.concat(bodies.map((b) => frame(typeof b === 'string' ? b : JSON.stringify(b))))),
    turn() {
      assert.equal(turns.length, 1, 'one turn asked for');
      turns.shift()!();
    },
    get turnsAsked() {
      return turns.length;
    },
  };
}

describe('the order of the server\'s input', () => {
  it('hands on read-only requests on other documents sent right behind a large didOpen first, then the rest in order', () => {
    const input = reader();
    input.send(change('file:///b.yaml'), open('file:///a.yaml'), hover(1, 'file:///b.yaml'), request(2, 'textDocument/definition', 'file:///c.yaml'));
    // Before the input's turn: only what came before the large body.
    assert.deepEqual(input.delivered, [change('file:///b.yaml')]);
    input.send(hover(3, 'file:///a.yaml'), hover(4, 'file:///b.yaml'));
    input.turn();
    assert.deepEqual(input.delivered, [
      change('file:///b.yaml'), hover(1, 'file:///b.yaml'), request(2, 'textDocument/definition', 'file:///c.yaml'),
      open('file:///a.yaml'), hover(3, 'file:///a.yaml'), hover(4, 'file:///b.yaml'),
    ]);
    input.send(hover(5, 'file:///b.yaml'));
    assert.deepEqual(input.delivered.at(-1), hover(5, 'file:///b.yaml'));
    assert.equal(input.turnsAsked, 0);
  });

  it('keeps the order of whatever else comes first behind it: edits, reads of every file, notifications, responses, shutdown', () => {
    const first = [
      request(1, 'textDocument/rename', 'file:///b.yaml'), request(1, 'textDocument/references', 'file:///b.yaml'),
      request(1, 'textDocument/codeAction', 'file:///b.yaml'), change('file:///b.yaml'),
      { jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 7 } }, { jsonrpc: '2.0', id: 8, result: [{}] },
      { jsonrpc: '2.0', id: 9, method: 'shutdown' }, { jsonrpc: '2.0', method: 'textDocument/hover', params: hover(0, 'file:///b.yaml').params }, { jsonrpc: '2.0', id: 10, method: 'workspace/symbol', params: { query: 'a' } },
    ];
    for (const message of first) {
      const input = reader();
      input.send(open('file:///a.yaml'), message, hover(2, 'file:///b.yaml'));
      input.turn();
      assert.deepEqual(input.delivered, [open('file:///a.yaml'), message, hover(2, 'file:///b.yaml')], JSON.stringify(message));
    }
  });

  it('keeps the order behind a large didOpen whose URI comes after its text, and behind a large didChange', () => {
    const textFirst = `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"text":${JSON.stringify(text)},"uri":"file:///a.yaml","languageId":"yaml","version":1}}}`;
    const largeChange = { ...change('file:///a.yaml'), params: { textDocument: { uri: 'file:///a.yaml', version: 2 }, contentChanges: [{ text }] } };
    for (const large of [textFirst, largeChange]) {
      const input = reader();
      input.send(large, hover(1, 'file:///b.yaml'));
      input.turn();
      assert.deepEqual(input.delivered, [typeof large === 'string' ? JSON.parse(large) : large, hover(1, 'file:///b.yaml')]);
    }
  });

  it('holds what follows a second large didOpen for its own turn, and ends the input after everything', () => {
    const input = reader();
    let ended = false;
    input.send(open('file:///a.yaml'), hover(1, 'file:///b.yaml'), open('file:///c.yaml'), hover(2, 'file:///b.yaml'));
    input.order.end(() => (ended = true));
    input.turn();
    assert.deepEqual(input.delivered, [hover(1, 'file:///b.yaml'), open('file:///a.yaml')]);
    assert.equal(ended, false);
    input.turn();
    assert.deepEqual(input.delivered.slice(2), [hover(2, 'file:///b.yaml'), open('file:///c.yaml')]);
    assert.equal(ended, true);
  });

  it('reports a large body that is not JSON where it was, after the requests that passed it', () => {
    const input = reader();
    const broken = JSON.stringify(open('file:///a.yaml')).slice(0, -2);
    input.send(broken, hover(1, 'file:///b.yaml'), hover(2, 'file:///a.yaml'));
    input.turn();
    assert.equal(input.delivered.length, 3);
    assert.deepEqual(input.delivered[0], hover(1, 'file:///b.yaml'));
    assert.match((input.delivered[1] as { error: string }).error, /JSON/);
    assert.deepEqual(input.delivered[2], hover(2, 'file:///a.yaml'));
  });

  it('lets a large body go once the input is quiet for a while, or at the latest after its bound', () => {
    mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    try {
      const window = new QuietWindow(3, 20);
      let closed = 0;
      window.wait(() => closed++);
      mock.timers.tick(2);
      window.arrived();
      mock.timers.tick(2);
      assert.equal(closed, 0, 'input 2 ms ago');
      mock.timers.tick(1);
      assert.equal(closed, 1, 'quiet for 3 ms');
      window.arrived();
      window.wait(() => closed++);
      for (let ms = 0; ms < 18; ms += 2) {
        mock.timers.tick(2);
        window.arrived();
      }
      assert.equal(closed, 1, 'input every 2 ms, 18 ms on');
      mock.timers.tick(2);
      assert.equal(closed, 2, '20 ms on');
    } finally {
      mock.timers.reset();
    }
  });
});
