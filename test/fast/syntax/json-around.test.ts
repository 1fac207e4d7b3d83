// A large JSON text the strict reader stops on is read around the object or array it stopped in
// (syntax/json-around.ts): the tree and errors must be exactly jsonc-parser's recovery's (the
// path parseJson takes), or the text goes to that recovery whole. On a generated description
// with one error, and on thousands of randomly broken documents (read around at any size here).
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { describe, it } from 'node:test';
import { parseJson, readJsonStrictSteps } from '../../../server/src/syntax/json';
import { parseJsonAroundSteps } from '../../../server/src/syntax/json-around';
import { parseText } from '../../../server/src/syntax/parse';
import { drain } from '../../../server/src/syntax/steps';
import { ParsedText } from '../../../server/src/syntax/tree';
import { parseYaml } from '../../../server/src/syntax/yaml';
import { largeDescription } from '../../helpers/large-description';
import { REPO_ROOT } from '../../helpers/paths';
import { parseDifference } from '../../helpers/tree-diff';
import { filesUnder, seeded } from '../../helpers/yaml-fast-compare';

/** The strict reader's stop, and the text read around it (minChars: from what size). */
function readAround(text: string, minChars?: number): ParsedText | undefined {
  const read = drain(readJsonStrictSteps(text));
  assert.ok('failedAt' in read, 'the strict reader stops on it');
  return drain(parseJsonAroundSteps(text, read, minChars));
}

/** The generated description as JSON (over 64 KB, what goes to a worker), with `change` made after its first operationId. */
function withChange(change: (rest: string) => string): string {
  const text = JSON.stringify(parseYaml(largeDescription(200)).root!.toValue(), null, 2);
  const at = text.indexOf('"operationId": "getItem0",') + '"operationId": "getItem0",'.length;
  return text.slice(0, at) + change(text.slice(at));
}

describe('a large JSON text read around the value the strict reader stops in', () => {
  for (const [what, change] of [
    ['a comma left out', (rest: string) => rest.replace(',', '')],
    ['a comma too many', (rest: string) => ' "x-a": 1,' + rest.replace('}', ',}')],
    ['a colon left out', (rest: string) => ' "x-a" 1,' + rest],
    ['a value left out', (rest: string) => ' "x-a": ,' + rest],
  ] as const) {
    it(`reads ${what} as jsonc-parser's recovery does, parsing only the operation around it with it`, () => {
      const text = withChange(change);
      const around = readAround(text);
      assert.ok(around, 'read around the value');
      const whole = parseJson(text);
      assert.ok(whole.errors.length > 0);
      assert.equal(parseDifference(around, whole, text), undefined);
      assert.deepEqual(around.errors, whole.errors, 'errors in the same order, too');
      assert.equal(parseDifference(parseText(text, 'json'), whole, text), undefined, 'parseText reads it so');
    });
  }

  it('reads a string left open and a bracket too many as the recovery does, and leaves a small text to it', () => {
    for (const text of [withChange((rest) => ' "x-a": "open,' + rest), withChange((rest) => ' "x-a": 1},' + rest)]) {
      const around = readAround(text);
      if (around) assert.equal(parseDifference(around, parseJson(text), text), undefined);
      assert.equal(parseDifference(parseText(text, 'json'), parseJson(text), text), undefined);
    }
    assert.equal(readAround('{"a": {"b": 1 "c": 2}}'), undefined, 'below 64 KB the recovery takes milliseconds');
    // Nesting past the strict reader's limit elsewhere: the recovery reports it otherwise (a review).
    const deep = '{"x": {"a": 1 "b": 2}, "d": ' + '['.repeat(1100) + ']'.repeat(1100) + ', "pad": "' + 'p'.repeat(70_000) + '"}';
    assert.equal(readAround(deep), undefined);
    assert.equal(parseDifference(parseText(deep, 'json'), parseJson(deep), deep), undefined);
  });

  it('never disagrees with the recovery on randomly broken documents, read around at any size (fixed seed)', () => {
    const { random, pick } = seeded(20261130);
    const files = [...filesUnder(path.join(REPO_ROOT, 'test')), ...filesUnder(path.join(REPO_ROOT, 'examples'))].filter((f) => f.endsWith('.json')).sort();
    const texts = files.map((f) => fs.readFileSync(f, 'utf8')).filter((t) => t.length < 60_000 && /^\s*[{[]/.test(t));
    const pieces = ['{', '}', '[', ']', ',', ':', '"', '""', '"k": 1', ',"k": {}', '1', 'null', ' ', '\n', '\\', '/*'];
    let readAroundCount = 0;
    const rounds = 4000;
    for (let n = 0; n < rounds; n++) {
      let text = pick(texts);
      for (let e = 1 + Math.floor(random() * 2); e > 0; e--) {
        const at = Math.floor(random() * (text.length + 1));
        text = random() < 0.6 ? text.slice(0, at) + pick(pieces) + text.slice(at) : text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 3));
      }
      const read = drain(readJsonStrictSteps(text));
      if (!('failedAt' in read)) continue;
      const around = drain(parseJsonAroundSteps(text, read, 0));
      if (!around) continue;
      readAroundCount++;
      const found = parseDifference(around, parseJson(text), text);
      if (found !== undefined) assert.fail(`${found}\n--- text:\n${text}`);
    }
    assert.ok(readAroundCount > rounds / 10, `${readAroundCount} of ${rounds} read around`);
  });
});
