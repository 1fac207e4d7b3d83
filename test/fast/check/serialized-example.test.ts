// A parameter's example written as a string is read as its style serializes it: typing another
// style, or another example, changes the finding as in a fresh check.
import assert from 'node:assert/strict';
import { pathToFileURL } from 'url';
import { describe, it } from 'node:test';
import { LineIndex } from '../../../server/src/syntax/line-index';
import { Session } from '../../../server/src/server/state/session';
import { describeAll, freshFindings } from '../../helpers/recheck';

const FILE = '/virtual/serialized-example/openapi.yaml';
const TEXT = `openapi: 3.0.3
info: {title: T, version: 1.0.0}
paths:
  /pets:
    get:
      operationId: listPets
      parameters:
        - name: ids
          in: query
          style: form
          explode: false
          schema: {type: array, items: {type: integer}}
          example: 1|2
      responses:
        '200': {description: OK}
`;

describe('a string example of a parameter read by its style', () => {
  it('the style typed from form to pipeDelimited: the example reads as [1, 2] and the warning goes, as in a fresh check', () => {
    const session = new Session();
    const uri = pathToFileURL(FILE).href;
    session.open.set(uri, { uri, path: FILE, version: 1, text: TEXT });
    const doc = session.open.get(uri)!;
    const warnings = () => session.check(FILE).diagnostics.filter((d) => d.rule === 'example-valid').map((d) => d.message);
    assert.deepEqual(warnings(), ['"example": expected an array, got a string. Write the array itself.']);
    let text = TEXT;
    const replace = (from: string, to: string) => {
      const at = text.indexOf(from);
      const lines = new LineIndex(text);
      session.applyChanges(doc, [{ range: { start: lines.positionAt(at), end: lines.positionAt(at + from.length) }, text: to }]);
      text = text.slice(0, at) + to + text.slice(at + from.length);
    };
    replace('form\n', 'pipeDelimited\n');
    assert.deepEqual(warnings(), []);
    assert.deepEqual(describeAll(session.check(FILE).diagnostics), freshFindings(session, FILE));
    replace('1|2', '1|x');
    assert.deepEqual(warnings(), ['"example": expected an array, got a string. Write the array itself.']);
    assert.deepEqual(describeAll(session.check(FILE).diagnostics), freshFindings(session, FILE));
  });

  it('an object sent as filter[R]=300: typing the name, explode and style re-reads it, as in a fresh check', () => {
    const file = '/virtual/serialized-example/object.yaml';
    let text = TEXT.replace(/        - name: ids[^]*?example: 1\|2\n/, [
      '        - name: filter',
      '          in: query',
      '          style: deepObject',
      '          schema: {type: object, properties: {R: {type: integer, maximum: 255}}}',
      '          example: filter[R]=300',
      '',
    ].join('\n'));
    const session = new Session();
    const uri = pathToFileURL(file).href;
    session.open.set(uri, { uri, path: file, version: 1, text });
    const doc = session.open.get(uri)!;
    const warnings = () => session.check(file).diagnostics.filter((d) => d.rule === 'example-valid').map((d) => d.message);
    const replace = (from: string, to: string) => {
      const at = text.indexOf(from);
      const lines = new LineIndex(text);
      session.applyChanges(doc, [{ range: { start: lines.positionAt(at), end: lines.positionAt(at + from.length) }, text: to }]);
      text = text.slice(0, at) + to + text.slice(at + from.length);
      assert.deepEqual(describeAll(session.check(file).diagnostics), freshFindings(session, file), `${from} -> ${to}`);
    };
    assert.deepEqual(warnings(), ['"example.R": 300 is greater than the maximum 255.']);
    replace('name: filter', 'name: filters');
    assert.deepEqual(warnings(), ['"example": expected an object, got a string. Write the object itself.']);
    replace('name: filters', 'name: filter');
    // Form, exploded: a property named "filter[R]", which the schema allows.
    replace('style: deepObject', 'style: form');
    assert.deepEqual(warnings(), []);
    replace('filter[R]=300', 'R,300');
    assert.deepEqual(warnings(), ['"example": expected an object, got a string. Write the object itself.']);
    replace('style: form', 'style: form\n          explode: false');
    assert.deepEqual(warnings(), ['"example.R": 300 is greater than the maximum 255.']);
  });
});
