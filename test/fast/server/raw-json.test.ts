// A large answer's JSON text written ahead in steps, and spliced into the response by the stdio
// writer: the client must receive exactly what JSON.stringify would have sent.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { drain } from '../../../server/src/syntax/steps';
import { jsonTextSteps, messageBytes } from '../../../server/src/server/transport/raw-json';

const VALUE = {
  openapi: '3.0.3',
  info: { title: 'Quotes " and \\ backslashes, \u0000 NUL, ✓ and \ud83d\ude00', version: '1.0.0' },
  paths: {
    '/pets/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true }], responses: { '200': { description: 'OK' } } } },
    '/empty': {},
  },
  tags: [],
  list: [1, 2.5, -3e-7, null, true, false, [[], {}], 'x'],
  components: { schemas: { Deep: { properties: { a: { properties: { b: { properties: { c: { type: 'string' } } } } } } } } },
};

describe('JSON text written in steps', () => {
  it('is JSON.stringify of the value, for every kind of value', () => {
    for (const value of [VALUE, [], {}, 'text', 0, null, [VALUE, VALUE]]) {
      assert.equal(drain(jsonTextSteps(value)).text, JSON.stringify(value));
    }
  });

  it('leaves out keys JSON.stringify leaves out, and writes null for them in an array', () => {
    const value = { a: undefined, b: 1, c: [undefined, 2], d: { e: undefined } };
    assert.equal(drain(jsonTextSteps(value)).text, JSON.stringify(value));
  });

  it('pauses on a large value, and still gives the same text', () => {
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 20_000; i++) paths[`/things${i}`] = { get: { summary: `thing ${i}`, responses: { '200': { description: 'OK' } } } };
    const value = { openapi: '3.0.3', paths };
    const steps = jsonTextSteps(value);
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    assert.equal(step.value.text, JSON.stringify(value));
    assert.ok(pauses > 0, 'it paused');
  });
});

describe('a message with JSON text written ahead', () => {
  it('is sent as JSON.stringify of the message with the value in place', () => {
    const raw = drain(jsonTextSteps(VALUE));
    const message = { jsonrpc: '2.0', id: 7, result: { root: 'file:///a.yaml', document: raw, pointer: '', notes: ['a "note"'] } };
    const expected = JSON.stringify({ jsonrpc: '2.0', id: 7, result: { root: 'file:///a.yaml', document: VALUE, pointer: '', notes: ['a "note"'] } });
    assert.equal(messageBytes(message).toString('utf-8'), expected);
    assert.equal(JSON.stringify(message), expected, 'other transports serialize the value itself');
  });

  it('leaves any other message to JSON.stringify', () => {
    for (const message of [{ jsonrpc: '2.0', id: 1, result: null }, { jsonrpc: '2.0', id: 2, result: [1, 2] }, { jsonrpc: '2.0', method: 'x', params: { a: 1 } }]) {
      assert.equal(messageBytes(message).toString('utf-8'), JSON.stringify(message));
    }
  });
});
