// One fault, one error: around a syntax error the tree is the parser's guess, and findings on the
// shape of the objects that hold it (a field "missing", a field of the wrong type) are not reported.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument } from '../../../server/src/check/checker';
import { DocumentStore } from '../../../server/src/model/documents';
import { RULES } from '../../../server/src/rules/index';

const check = (text: string) => checkDocument(new DocumentStore({ read: () => ({ text }) }), '/virtual/api.yaml', { rules: RULES })
  .diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.rule}: ${d.message}`);

describe('findings that follow from a syntax error', () => {
  const lines = [
    'openapi: 3.0.0', 'info:', '  version: 1.0.0', '  title: Pets', 'paths:', '  /pets:', '    get:', '      operationId: listPets',
    '      parameters:', '        - name: limit', '          in: query', '          schema:', '            type: number',
    '                    responses:', "                      '200':", '                        description: OK', '',
  ];

  it('are left out on the objects around it: the responses a line indented too far made part of a key', () => {
    assert.deepEqual(check(lines.join('\n')), [
      'syntax: Nested mappings are not allowed in compact mappings.',
      'syntax: Implicit keys need to be on a single line.',
    ]);
  });

  it('come back once the syntax error is fixed, where they hold', () => {
    const fixed = lines.map((l) => (l.startsWith('                    responses:') ? '      responsez:' : l)).join('\n');
    assert.deepEqual(check(fixed).sort(), [
      'required-field: The Operation Object is missing the required field "responses".',
      'unknown-field: "responsez" is not a field of the Operation Object. Did you mean "responses"?',
    ]);
  });

  it('stay elsewhere in the document: a missing field of an object that holds no error', () => {
    const text = lines.slice(0, 13).join('\n') + "\n      responses: {'200': {description: OK}}\n  /stores:\n    get:\n      operationId: listStores\n";
    assert.deepEqual(check(text + '    x-note: [\n').sort(), [
      'required-field: The Operation Object is missing the required field "responses".',
      'syntax: Flow sequence in block collection must be sufficiently indented and end with a ].',
    ]);
  });
});
