// The LSP framing the server's input worker reads (server/src/server/transport/message-framing.ts): messages
// come out whole and in order however the bytes are cut, characters split between chunks included,
// and malformed input is skipped with vscode-jsonrpc's errors while the messages after it still come.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FrameEvent, FramerLimits, LargeBody, MAX_HEADER_BYTES, MessageFramer, parseLargeBody } from '../../../server/src/server/transport/message-framing';

const frame = (body: string) => Buffer.concat([Buffer.from(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`), Buffer.from(body)]);
const message = (id: number, text: string) => ({ jsonrpc: '2.0', id, method: 'textDocument/hover', params: { text } });

/** What a framer emits for these chunks. */
function read(chunks: Buffer[], limits?: FramerLimits): FrameEvent[] {
  const events: FrameEvent[] = [];
  const framer = new MessageFramer((e) => events.push('large' in e ? parseLargeBody(e.large.bytes) : e), limits);
  for (const chunk of chunks) framer.push(chunk);
  return events;
}

function cutAt(bytes: Buffer, cuts: number[]): Buffer[] {
  const edges = [0, ...cuts, bytes.length];
  return edges.slice(1).map((end, i) => bytes.subarray(edges[i], end));
}

describe('reading LSP messages from bytes', () => {
  // 2-, 3- and 4-byte UTF-8 characters (the last a surrogate pair in JavaScript).
  const text = 'Ünïcödé 日本語 🐾 and a quote " and a backslash \\';
  const two = Buffer.concat([frame(JSON.stringify(message(1, text))), frame(JSON.stringify(message(2, text.repeat(3))))]);
  const expected = [{ message: message(1, text) }, { message: message(2, text.repeat(3)) }];

  it('reads two messages cut in two at every byte', () => {
    for (let cut = 0; cut <= two.length; cut++) assert.deepEqual(read(cutAt(two, [cut])), expected, `cut at ${cut}`);
  });

  it('reads two messages given a byte at a time, and given at once', () => {
    assert.deepEqual(read(cutAt(two, Array.from({ length: two.length - 1 }, (_, i) => i + 1))), expected);
    assert.deepEqual(read([two]), expected);
  });

  it('reads a large body cut inside its characters, in odd chunks', () => {
    const long = text.repeat(20_000);
    const bytes = frame(JSON.stringify(message(3, long)));
    const cuts: number[] = [];
    // Cut after the first byte of a multi-byte character, about every 4,000 bytes.
    for (let at = 4_001; at < bytes.length; at += 4_001) {
      while (at < bytes.length && (bytes[at] & 0xc0) !== 0xc0) at++;
      cuts.push(at + 1);
    }
    assert.ok(cuts.length > 200);
    assert.deepEqual(read(cutAt(bytes, cuts)), [{ message: message(3, long) }]);
    // Handed on as its bytes when large, in memory of their own.
    const large: LargeBody[] = [];
    const framer = new MessageFramer((e) => 'large' in e && large.push(e.large), { largeBodyBytes: 100_000 });
    for (const chunk of cutAt(bytes, cuts)) framer.push(chunk);
    assert.equal(large.length, 1);
    const body = bytes.subarray(bytes.indexOf('\r\n\r\n') + 4);
    assert.deepEqual([large[0].bytes.byteOffset, large[0].bytes.buffer.byteLength], [0, body.length]);
    assert.ok(large[0].bytes.equals(body));
    assert.deepEqual(parseLargeBody(large[0].bytes), { message: message(3, long) });
  });

  it('skips a body that is not JSON and header lines without a colon, and reads on, with vscode-jsonrpc\'s errors', () => {
    const input = Buffer.concat([
      frame('{"jsonrpc": "2.0", "id": 1,'),
      Buffer.from('Content-Type application/json\r\n\r\n'),
      Buffer.from('Content-Type: application/json\r\n\r\n'),
      Buffer.from('Content-Length: twelve\r\n\r\n'),
      frame(JSON.stringify(message(4, text))),
    ]);
    for (const chunks of [[input], cutAt(input, [5, 40, 41, 90])]) {
      const events = read(chunks);
      assert.equal(events.length, 5);
      assert.match((events[0] as { error: string }).error, /JSON/);
      assert.deepEqual(events.slice(1), [
        { error: "Message header must separate key and value using ':'\nContent-Type application/json" },
        { error: 'Header must provide a Content-Length property.\n{"content-type":"application/json"}' },
        { error: 'Content-Length value must be a number. Got twelve' },
        { message: message(4, text) },
      ]);
    }
  });

  it('drops a header that never ends and a body longer than the limit, without keeping them, and reads on', () => {
    const endless = Buffer.alloc(MAX_HEADER_BYTES * 3, 'x');
    const after = frame(JSON.stringify(message(5, text)));
    const events = read([...cutAt(endless, [1_000, MAX_HEADER_BYTES + 7]), after]);
    assert.deepEqual(events.slice(-1), [{ message: message(5, text) }]);
    assert.ok(events.slice(0, -1).length >= 1 && events.slice(0, -1).every((e) => 'error' in e && /longer than 65536 bytes/.test(e.error)));
    const big = frame(JSON.stringify(message(6, 'x'.repeat(5_000))));
    assert.deepEqual(read([big, after], { maxBodyBytes: 1_000 }), [{ error: 'A message of more than 1000 bytes cannot be read: it was skipped.' }, { message: message(5, text) }]);
  });
});
