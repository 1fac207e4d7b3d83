// A large YAML text the fast reader gives up on is read around the line it gave up on
// (syntax/yaml-around.ts): the tree and errors must be exactly the `yaml` package path's, or the
// text goes to the package whole. On a generated description with one broken line, and on
// thousands of randomly broken documents (read around at any size here, fixed seed).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseText } from '../../../server/src/syntax/parse';
import { drain } from '../../../server/src/syntax/steps';
import { parseYamlWithPackage } from '../../../server/src/syntax/yaml';
import { parseYamlAroundSteps } from '../../../server/src/syntax/yaml-around';
import { parseYamlFast } from '../../../server/src/syntax/yaml-fast';
import { largeDescription } from '../../helpers/large-description';
import { parseDifference } from '../../helpers/tree-diff';
import { randomlyBroken, seeded, yamlTexts } from '../../helpers/yaml-fast-compare';

/** The generated description (over 64 KB, what goes to a worker) with `line` put below its first operationId. */
function withLine(line: string): string {
  const text = largeDescription(300);
  const at = text.indexOf('\n', text.indexOf('      operationId: getItem0'));
  return text.slice(0, at) + '\n' + line + text.slice(at);
}

/** `text` followed by top-level members up to 64 KB and more. */
function padded(text: string): string {
  const members: string[] = [];
  for (let i = 0; text.length + members.join('').length < 70_000; i++) members.push(`x-${i}:\n  y: ${i}\n`);
  return text + members.join('');
}

describe('a large YAML text read around the line the fast reader gives up on', () => {
  for (const [line, what] of [['      summ', 'a key without its colon'], ['       x-misaligned: 1', 'a misaligned line'], ['      - item', 'a sequence item in a mapping'],
    ['      x-tagged: !!str 1', 'a tag'], ['      x-anchored-key: {&a k: 1}', 'an anchor inside a flow collection']] as const) {
    it(`reads ${what} as the yaml package does, parsing only the operation around it with the package`, () => {
      const text = withLine(line);
      assert.equal(parseYamlFast(text), undefined, 'the fast reader gives up on it');
      const around = drain(parseYamlAroundSteps(text));
      assert.ok(around, 'read around the line');
      const whole = parseYamlWithPackage(text);
      assert.equal(parseDifference(around, whole, text), undefined);
      assert.deepEqual(around.errors, whole.errors, 'errors in the same order, too');
      assert.equal(around.text, text);
      assert.equal(parseDifference(parseText(text, 'yaml'), whole, text), undefined, 'parseText reads it so');
    });
  }

  it('reads as the yaml package does what it may leave to it: a string or flow collection left open, three broken lines, a dash above a comment line, a key in a key', () => {
    const texts = [
      withLine("      x-open: 'no closing quote"),
      withLine('      x-open: [a, b'),
      withLine(['      a', '      x-a: 1', '      b', '      x-b: 1', '      c'].join('\n')),
      // The yaml package stretches the broken collection over the comment line after it, and
      // places the empty value after `? key` past the next line's indent (found by a review).
      padded('paths:\n  /a:\n    get:\n      operationId: a\n      -\n  # next\n  /b:\n    get: {}\n'),
      padded('r:\n  b:\n    c: 1\n    ? ? z\n  d: 1\n'),
      'openapi: 3.0.3\ninfo:\n  title\n  version: 1.0.0\n',
    ];
    for (const text of texts) {
      const around = drain(parseYamlAroundSteps(text));
      if (around) assert.equal(parseDifference(around, parseYamlWithPackage(text), text), undefined, JSON.stringify(text.slice(0, 80)));
      assert.equal(parseDifference(parseText(text, 'yaml'), parseYamlWithPackage(text), text), undefined);
    }
    assert.equal(drain(parseYamlAroundSteps(texts[0])), undefined, 'a string left open is not read around');
  });

  it('never disagrees with the yaml package on randomly broken documents, read around at any size (fixed seed)', () => {
    const { random, pick } = seeded(20261129);
    const texts = yamlTexts().map((t) => t.text).filter((t) => t.length < 60_000);
    let readAround = 0;
    const rounds = 4000;
    for (let n = 0; n < rounds; n++) {
      const text = randomlyBroken(pick(texts), { random, pick });
      if (parseYamlFast(text)) continue;
      const around = drain(parseYamlAroundSteps(text, 0));
      if (!around) continue;
      readAround++;
      const found = parseDifference(around, parseYamlWithPackage(text), text);
      if (found !== undefined) assert.fail(`${found}\n--- text:\n${text}`);
    }
    assert.ok(readAround > rounds / 10, `${readAround} of ${rounds} read around`);
  });
});
