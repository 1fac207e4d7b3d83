// A discriminator's mapping names a file the walk reads but does not walk: a mapping to a file that
// does not exist is an error. The editor must equal a fresh check as such a value is typed, as an
// entry is pasted, and when the file appears.
import assert from 'node:assert/strict';
import { pathToFileURL } from 'url';
import { describe, it } from 'node:test';
import { Session } from '../../../server/src/server/state/session';
import { describeAll, freshFindings } from '../../helpers/recheck';

const DIR = '/virtual/mapping-files';
const ROOT = `${DIR}/api.yaml`;
const DOG = `${DIR}/dog.yaml`;
const CAT = `${DIR}/cat.yaml`;
const ROOT_TEXT = [
  'openapi: 3.0.3',
  'info: {title: Pets, version: 1.0.0}',
  'paths:',
  '  /pets:',
  '    get:',
  '      operationId: listPets',
  '      responses:',
  "        '200':",
  '          description: OK',
  '          content:',
  '            application/json:',
  '              schema:',
  "                $ref: '#/components/schemas/Pet'",
  'components:',
  '  schemas:',
  '    Pet:',
  '      type: object',
  '      required: [petType]',
  '      properties:',
  '        petType: {type: string}',
  '      discriminator:',
  '        propertyName: petType',
  '        mapping:',
  '          dog: dog.yaml',
  '      oneOf:',
  "        - $ref: 'dog.yaml'",
  '',
].join('\n');
const MAPPING_LINE = 23;
const DOG_TEXT = 'type: object\nrequired: [petType]\nproperties:\n  petType: {type: string}\n';

type Finding = [offset: number, length: number, message: string, fixes: string[]];

function session(): { session: Session; edit: (line: number, from: number, to: number, text: string) => void; findings: () => Finding[] } {
  const s = new Session();
  s.opened({ uri: pathToFileURL(ROOT).href, path: ROOT, version: 1, text: ROOT_TEXT });
  s.opened({ uri: pathToFileURL(DOG).href, path: DOG, version: 1, text: DOG_TEXT });
  const edit = (line: number, from: number, to: number, text: string) =>
    s.applyChanges(s.open.get(pathToFileURL(ROOT).href)!, [{ range: { start: { line, character: from }, end: { line, character: to } }, text }]);
  const findings = () => {
    const editor = describeAll(s.check(ROOT).diagnostics);
    assert.deepEqual(editor, freshFindings(s, ROOT));
    // Where, and what the user reads: offset, length, message and the fixes' titles.
    return editor.map((f) => JSON.parse(f)).filter((f) => f[1] === 'discriminator').map((f): Finding => [f[3], f[4], f[5], f[6].map((fix: [string]) => fix[0])]);
  };
  return { session: s, edit, findings };
}

describe('a discriminator mapping to a file', () => {
  it('is reported when the file does not exist, as each character of its name is typed, until the file is opened', () => {
    const { session: s, edit, findings } = session();
    assert.deepEqual(findings(), []);
    const start = '          dog: '.length;
    // Backspace over "dog.yaml", then type "dgo.yaml" one character at a time.
    for (let n = 'dog.yaml'.length; n > 0; n--) {
      edit(MAPPING_LINE, start + n - 1, start + n, '');
      findings();
    }
    const typed = 'dgo.yaml';
    for (let n = 0; n < typed.length; n++) {
      edit(MAPPING_LINE, start + n, start + n, typed[n]);
      const now = findings();
      if (n === typed.length - 1) {
        const at = ROOT_TEXT.indexOf('dog: dog.yaml') + 'dog: '.length;
        assert.deepEqual(now, [[at, 8, 'Mapping "dog" points at "dgo.yaml", but the file "dgo.yaml" does not exist. Did you mean "dog.yaml"?', ['Change to "dog.yaml"']]]);
      }
    }
    s.opened({ uri: pathToFileURL(`${DIR}/dgo.yaml`).href, path: `${DIR}/dgo.yaml`, version: 1, text: DOG_TEXT });
    assert.deepEqual(findings(), []);
  });

  it('is reported for a pasted entry, and no longer once the file is opened', () => {
    const { session: s, edit, findings } = session();
    findings();
    const end = '          dog: dog.yaml'.length;
    edit(MAPPING_LINE, end, end, '\n          cat: cat.yaml');
    const at = ROOT_TEXT.indexOf('dog: dog.yaml') + 'dog: dog.yaml\n          cat: '.length;
    assert.deepEqual(findings(), [[at, 8, 'Mapping "cat" points at "cat.yaml", but the file "cat.yaml" does not exist.', []]]);
    s.opened({ uri: pathToFileURL(CAT).href, path: CAT, version: 1, text: DOG_TEXT });
    // Read now, but walked by no `$ref`: it is not judged against the oneOf list.
    assert.deepEqual(findings(), []);
  });

  it('is reported once the file a `$ref` also reads is gone', () => {
    const { session: s, findings } = session();
    assert.deepEqual(findings(), []);
    // Closed unsaved: the file is read from the disk, where it does not exist.
    s.closed(pathToFileURL(DOG).href);
    const at = ROOT_TEXT.indexOf('dog: dog.yaml') + 'dog: '.length;
    assert.deepEqual(findings(), [[at, 8, 'Mapping "dog" points at "dog.yaml", but the file "dog.yaml" does not exist.', []]]);
    s.opened({ uri: pathToFileURL(DOG).href, path: DOG, version: 2, text: DOG_TEXT });
    assert.deepEqual(findings(), []);
  });

  it('is reported in JSON as its name is typed between the quotes the editor closed', () => {
    const s = new Session();
    const root = `${DIR}/api.json`;
    const dog = `${DIR}/dog.json`;
    const pet = { type: 'object', required: ['petType'], properties: { petType: { type: 'string' } }, discriminator: { propertyName: 'petType', mapping: { dog: 'dog.json' } }, oneOf: [{ $ref: 'dog.json' }] };
    const api = { openapi: '3.0.3', info: { title: 'Pets', version: '1.0.0' }, paths: {}, components: { schemas: { Pet: pet } } };
    const text = JSON.stringify(api, null, 2);
    s.opened({ uri: pathToFileURL(root).href, path: root, version: 1, text });
    s.opened({ uri: pathToFileURL(dog).href, path: dog, version: 1, text: '{"type": "object"}' });
    const uri = pathToFileURL(root).href;
    const line = text.split('\n').findIndex((l) => l.includes('"dog": "dog.json"'));
    const start = text.split('\n')[line].indexOf('"dog.json"');
    const edit = (from: number, to: number, inserted: string) => s.applyChanges(s.open.get(uri)!, [{ range: { start: { line, character: from }, end: { line, character: to } }, text: inserted }]);
    const mappingFindings = () => {
      const editor = describeAll(s.check(root).diagnostics);
      assert.deepEqual(editor, freshFindings(s, root));
      return editor.map((f) => JSON.parse(f)).filter((f) => f[1] === 'discriminator').map((f) => f[5]);
    };
    assert.deepEqual(mappingFindings(), []);
    // The value deleted whole, then `"` typed (the editor closes it) and the name typed inside.
    edit(start, start + '"dog.json"'.length, '');
    mappingFindings();
    edit(start, start, '""');
    mappingFindings();
    const typed = 'dgo.json';
    for (let n = 0; n < typed.length; n++) {
      edit(start + 1 + n, start + 1 + n, typed[n]);
      mappingFindings();
    }
    assert.deepEqual(mappingFindings(), ['Mapping "dog" points at "dgo.json", but the file "dgo.json" does not exist. Did you mean "dog.json"?']);
  });

  it('is checked without walking the description again as a key, a schema name or a file name is typed', () => {
    const { session: s, edit } = session();
    /** The discriminator's messages and the walk's objects (the same array when the check reused the last walk). */
    const check = () => {
      const result = s.check(ROOT);
      const messages = describeAll(result.diagnostics);
      assert.deepEqual(messages, freshFindings(s, ROOT));
      return { messages: messages.map((f) => JSON.parse(f)).filter((f) => f[1] === 'discriminator').map((f) => f[5]), walked: result.analysis!.objects };
    };
    const first = check().walked;
    const start = '          '.length;
    edit(MAPPING_LINE, start, start, 'x');
    assert.equal(check().walked, first, 'a character typed in a mapping key');
    const value = '          xdog: '.length;
    edit(MAPPING_LINE, value + 'dog'.length, value + 'dog'.length, 's');
    const typed = check();
    assert.equal(typed.walked, first, 'a character typed in a file name');
    assert.deepEqual(typed.messages, ['Mapping "xdog" points at "dogs.yaml", but the file "dogs.yaml" does not exist. Did you mean "dog.yaml"?']);
    edit(MAPPING_LINE, value, value + 'dogs.yaml'.length, 'Pet');
    const named = check();
    assert.equal(named.walked, first, 'a file name replaced by a schema name');
    assert.deepEqual(named.messages, ['Mapping "xdog" points at "Pet", which is not one of the "oneOf" alternatives: every schema the discriminator can select must be listed there.']);
  });

  it('is reported once a misspelled key becomes `mapping`, an `x-` prefix is deleted from it, or a duplicate key that hid it is typed away', () => {
    // The last: the first of two `mapping:` keys (an empty one, which hides the second) typed away.
    for (const [misspelled, from, to, text] of [['mappin:', 'mappin'.length, 'mappin'.length, 'g'], ['x-mapping:', 0, 2, ''], ['mapping:\n        mapping:', 'mappi'.length, 'mappi'.length, ' ']] as const) {
      const s = new Session();
      const root = ROOT_TEXT.replace('        mapping:\n          dog: dog.yaml', `        ${misspelled}\n          dog: dgo.yaml`);
      s.opened({ uri: pathToFileURL(ROOT).href, path: ROOT, version: 1, text: root });
      s.opened({ uri: pathToFileURL(DOG).href, path: DOG, version: 1, text: DOG_TEXT });
      const discriminatorFindings = () => {
        const editor = describeAll(s.check(ROOT).diagnostics);
        assert.deepEqual(editor, freshFindings(s, ROOT), misspelled);
        return editor.map((f) => JSON.parse(f)).filter((f) => f[1] === 'discriminator').map((f) => f[5]);
      };
      assert.deepEqual(discriminatorFindings(), []);
      const line = MAPPING_LINE - 1;
      s.applyChanges(s.open.get(pathToFileURL(ROOT).href)!, [{ range: { start: { line, character: 8 + from }, end: { line, character: 8 + to } }, text }]);
      assert.deepEqual(discriminatorFindings(), ['Mapping "dog" points at "dgo.yaml", but the file "dgo.yaml" does not exist. Did you mean "dog.yaml"?'], misspelled);
    }
  });
});
