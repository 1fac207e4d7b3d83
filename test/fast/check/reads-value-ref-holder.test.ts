// A value typed in an object the walk does not take as one (a security scheme in a map with a `$ref`
// beside its entries, which stands for the whole map) is still read by the rules that read it by
// place: their findings are checked again (found by the cross-file session fuzz).
import assert from 'node:assert/strict';
import { pathToFileURL } from 'url';
import { describe, it } from 'node:test';
import { LineIndex } from '../../../server/src/syntax/line-index';
import { Session } from '../../../server/src/server/state/session';
import { describeAll, freshFindings } from '../../helpers/recheck';

const FILE = '/virtual/reads-value-ref-holder/openapi.yaml';
const PATHS = '/virtual/reads-value-ref-holder/paths.yaml';
const PATHS_TEXT = `users:
  get:
    operationId: listUsers
    security:
      - oauth: [read]
    responses:
      '200': {description: OK}
`;
const TEXT = `openapi: 3.0.3
info: {title: T, version: 1.0.0}
paths:
  /users:
    $ref: 'paths.yaml#/users'
components:
  securitySchemes:
    oauth:
      type: oauth2
      flows:
        clientCredentials:
          tokenUrl: https://auth.example.org/token
          sco,pes:
            read: Read
    $ref: 'paths.yaml#/users'
`;

describe('a value typed in a $ref holder read by place', () => {
  it('a scheme\'s type typed away from oauth2: the scope warning goes, as in a fresh check', () => {
    const session = new Session();
    const uri = pathToFileURL(FILE).href;
    session.open.set(uri, { uri, path: FILE, version: 1, text: TEXT });
    const paths = pathToFileURL(PATHS).href;
    session.open.set(paths, { uri: paths, path: PATHS, version: 1, text: PATHS_TEXT });
    const doc = session.open.get(uri)!;
    const scopes = () => session.check(FILE).diagnostics.filter((d) => d.rule === 'security-scopes').map((d) => d.message);
    assert.deepEqual(scopes(), ['Scope "read" is not declared in any flow of the "oauth" scheme.']);
    const at = TEXT.indexOf('oauth2') + 2;
    const lines = new LineIndex(TEXT);
    session.applyChanges(doc, [{ range: { start: lines.positionAt(at), end: lines.positionAt(at) }, text: "'" }]);
    assert.deepEqual(scopes(), []);
    assert.deepEqual(describeAll(session.check(FILE).diagnostics), freshFindings(session, FILE));
  });

  it('a scheme\'s "in" typed away from the parameter\'s: the credential fix adds a scheme of its own, as in a fresh check', () => {
    const text = `openapi: 3.0.3
info: {title: T, version: 1.0.0}
paths:
  /users:
    get:
      parameters:
        - {name: api_key, in: query, schema: {type: string}}
      responses:
        '200': {description: OK}
components:
  securitySchemes:
    api_key: {type: apiKey, name: api_key, in: query}
    $ref: 'paths.yaml#/users'
`;
    const session = new Session();
    const uri = pathToFileURL(FILE).href;
    session.open.set(uri, { uri, path: FILE, version: 1, text });
    const paths = pathToFileURL(PATHS).href;
    session.open.set(paths, { uri: paths, path: PATHS, version: 1, text: PATHS_TEXT });
    const fixTexts = () => session.check(FILE).diagnostics.filter((d) => d.rule === 'api-key-parameter').flatMap((d) => d.fixes.flatMap((f) => f.edits.map((e) => e.newText.trim())));
    // The scheme that is there serves: the fix adds only the requirement.
    assert.ok(!fixTexts().some((t) => t.includes('api_key_key')));
    const at = text.indexOf('in: query}') + 'in: quer'.length;
    const lines = new LineIndex(text);
    session.applyChanges(session.open.get(uri)!, [{ range: { start: lines.positionAt(at), end: lines.positionAt(at + 1) }, text: 'a' }]);
    const after = fixTexts();
    assert.ok(after.some((t) => t.includes('api_key_key')), after.join(' | '));
    assert.deepEqual(describeAll(session.check(FILE).diagnostics), freshFindings(session, FILE));
  });
});
