// A large answer's JSON text written ahead in steps, and spliced into the response by the stdio
// writer: the client must receive exactly what JSON.stringify would have sent.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { drain } from '../../../server/src/syntax/steps';
import { jsonTextSteps, messageBytes, withJsonText } from '../../../server/src/server/transport/raw-json';

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

describe('an array published with its JSON text', () => {
  const diagnostic = (line: number, message: string) => ({
    range: { start: { line, character: 2 }, end: { line, character: 9 } }, severity: 1, code: 'operation-id-unique', source: 'openapi', message,
  });

  it('is sent as JSON.stringify of the notification, and is the array in process and for other transports', () => {
    const items = [diagnostic(3, 'The operationId "a" is used twice'), diagnostic(7, 'Quotes " and \\ and ✓ \ud83d\ude00')];
    const params = { uri: 'file:///a.yaml', version: 4, diagnostics: withJsonText(items) };
    const message = { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params };
    assert.equal(params.diagnostics, items);
    assert.equal(messageBytes(message).toString('utf-8'), JSON.stringify(message));
    assert.equal(JSON.stringify(message), JSON.stringify({ ...message, params: { ...params, diagnostics: [...items] } }), 'no extra key');
  });

  it('writes each item as it is when published, and an empty array as []', () => {
    const kept = diagnostic(1, 'kept');
    const first = { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: 'file:///a.yaml', diagnostics: withJsonText([kept]) } };
    assert.equal(messageBytes(first).toString('utf-8'), JSON.stringify(first));
    // The same object published again with a new one beside it (a keystroke added a finding).
    const second = { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: 'file:///a.yaml', diagnostics: withJsonText([kept, diagnostic(2, 'new')]) } };
    assert.equal(messageBytes(second).toString('utf-8'), JSON.stringify(second));
    const empty = { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: 'file:///a.yaml', diagnostics: withJsonText([]) } };
    assert.equal(messageBytes(empty).toString('utf-8'), JSON.stringify(empty));
  });
});
