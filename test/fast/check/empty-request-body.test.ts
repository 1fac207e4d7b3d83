// An empty `requestBody:` on a GET describes no body: request-body-method says nothing until a
// value is typed there, and then warns as a fresh check does (the rule reads the body's value).
import assert from 'node:assert/strict';
import { pathToFileURL } from 'url';
import { describe, it } from 'node:test';
import { LineIndex } from '../../../server/src/syntax/line-index';
import { Session } from '../../../server/src/server/state/session';
import { describeAll, freshFindings } from '../../helpers/recheck';

const FILE = '/virtual/empty-request-body/openapi.yaml';

describe('a value typed at an empty requestBody of a GET', () => {
  for (const [form, text, typed] of [
    ['YAML', 'openapi: 3.0.3\ninfo: {title: T, version: 1.0.0}\npaths:\n  /pets:\n    get:\n      operationId: listPets\n      requestBody: \n      responses:\n        \'200\': {description: OK}\n', 'x'],
    ['JSON', '{"openapi": "3.0.3", "info": {"title": "T", "version": "1.0.0"}, "paths": {"/pets": {"get": {"operationId": "listPets", "requestBody": null, "responses": {"200": {"description": "OK"}}}}}}\n', ''],
  ] as const) {
    it(`${form}: the warning comes with the value, as in a fresh check`, () => {
      const file = form === 'JSON' ? FILE.replace('.yaml', '.json') : FILE;
      const session = new Session();
      const uri = pathToFileURL(file).href;
      session.open.set(uri, { uri, path: file, version: 1, text });
      const doc = session.open.get(uri)!;
      const warnings = () => session.check(file).diagnostics.filter((d) => d.rule === 'request-body-method').map((d) => d.message);
      assert.deepEqual(warnings(), []);
      // YAML: `x` typed after `requestBody: `; JSON: `null` replaced by `"x"`, as pasted.
      const at = form === 'JSON' ? text.indexOf('null') : text.indexOf('requestBody: ') + 'requestBody: '.length;
      const lines = new LineIndex(text);
      const end = form === 'JSON' ? at + 'null'.length : at;
      session.applyChanges(doc, [{ range: { start: lines.positionAt(at), end: lines.positionAt(end) }, text: form === 'JSON' ? '"x"' : typed }]);
      assert.deepEqual(warnings(), ['GET operations should not have a "requestBody": many servers and proxies drop the body of GET requests. Send the data as parameters, or make the operation a POST.']);
      assert.deepEqual(describeAll(session.check(file).diagnostics), freshFindings(session, file));
    });
  }
});
