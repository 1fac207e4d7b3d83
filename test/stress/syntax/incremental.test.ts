// Incremental reparse equals a full parse: after each of many random edits, the tree the fast path
// produces (when it takes the edit) has the same nodes, offsets and values as a fresh parse. When
// an edit breaks the text, the reparsed block reports an error and the next edits go on from the
// broken tree; once the text is whole again the tree equals a fresh parse again.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { describe, it } from 'node:test';
import { reparseEdit } from '../../../server/src/syntax/incremental';
import { parseText } from '../../../server/src/syntax/parse';
import { hasKeyIndex, isSegmented, ParsedText, segmentTreeSteps, SyntaxNode } from '../../../server/src/syntax/tree';
import { decodeParseSteps, encodeParse, EncodedParse } from '../../../server/src/syntax/tree-transfer';
import { drain } from '../../../server/src/syntax/steps';
import { REPO_ROOT } from '../../helpers/paths';
import { withAliases } from '../../helpers/yaml-aliases';
import { Session } from '../../../server/src/server/state/session';
import type { SourceDocument } from '../../../server/src/model/documents';
import { LineIndex } from '../../../server/src/syntax/line-index';
import { pathToFileURL } from 'url';

function flatten(root: SyntaxNode | undefined): string[] {
  const out: string[] = [];
  const stack = root ? [root] : [];
  while (stack.length) {
    const n = stack.pop()!;
    out.push(`${n.pointer} ${n.kind} ${n.offset}+${n.length} key@${n.keyOffset}+${n.keyLength} ${n.keyKind} ${n.keyStyle} ${n.style} ${n.flow} ${JSON.stringify(n.value)}`);
    if (n.children) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return out;
}

// A small deterministic generator, so a failure can be replayed.
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s ^ (s >>> 15), 2246822507) + 0x9e3779b9) >>> 0) / 2 ** 32);
}

// Like typing: mostly letters, digits and spaces, with structure-changing characters mixed in.
const TYPED = 'abcdefghXYZ0189 .-_';
const STRUCTURAL = ':#\'"{}[],&*!|>\n';
const pick = (next: () => number) => {
  const set = next() < 0.85 ? TYPED : STRUCTURAL;
  return set[Math.floor(next() * set.length)];
};

/**
 * An incremental result against a fresh parse of the same text: the same tree and no errors when
 * the text is whole; at least one error when it is broken (the block that broke reports it).
 */
function assertLikeFullParse(incremental: ParsedText, expected: ParsedText, label: string): void {
  assert.equal(incremental.text, expected.text);
  if (expected.errors.length === 0) {
    assert.deepEqual(flatten(incremental.root), flatten(expected.root), label);
    assert.deepEqual(incremental.errors, expected.errors, label);
  } else if (expected.errors.some((e) => e.severity === 'error')) {
    assert.ok(incremental.errors.some((e) => e.severity === 'error'), `${label}: the broken text reports an error`);
  }
}

/** `typed` inserted at `at` is reparsed without the whole text, into the tree a whole parse gives. */
function assertTypedAloneLikeWhole(text: string, at: number, typed: string): void {
  const after = text.slice(0, at) + typed + text.slice(at);
  const result = reparseEdit(parseText(text, 'yaml'), { offset: at, length: 0, newText: typed });
  assert.ok(result, 'reparsed alone');
  assert.deepEqual(flatten(result.parsed.root), flatten(parseText(after, 'yaml').root));
}

/** Each file's text, and the same with anchors and aliases (the fast reader reads both). */
function textsOf(files: string[]): { name: string; text: string }[] {
  return files.flatMap((file) => {
    const text = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
    const aliased = withAliases(text);
    const parsed = parseText(aliased, 'yaml');
    assert.ok(!parsed.selfContainedBlocks && parsed.aliasesEnd! > 0, 'the fast reader reads the aliases');
    return [{ name: path.basename(file), text }, { name: `${path.basename(file)} with aliases`, text: aliased }];
  });
}

describe('incremental YAML reparse', () => {
  for (const { name, text: original } of textsOf(['examples/petstore/openapi.yaml', 'node_modules/@readme/oas-examples/3.0/yaml/petstore.yaml', 'node_modules/@readme/oas-examples/3.0/yaml/complex-nesting.yaml'])) {
    it(`equals a full parse after 400 random edits of ${name}`, () => {
      const next = random(name.length * 7919);
      let parsed = parseText(original, 'yaml');
      let fast = 0;
      let full = 0;
      for (let i = 0; i < 400; i++) {
        const text = parsed.text;
        // Mostly edits inside scalars (where the fast path applies), some anywhere.
        let offset = Math.floor(next() * text.length);
        if (next() < 0.8) {
          const scalars: SyntaxNode[] = [];
          const stack = parsed.root ? [parsed.root] : [];
          while (stack.length) {
            const n = stack.pop()!;
            if (n.kind === 'string') scalars.push(n);
            if (n.children) stack.push(...n.children);
          }
          const target = scalars[Math.floor(next() * scalars.length)];
          if (target) offset = target.offset + Math.floor(next() * (target.length + 1));
        }
        const length = next() < 0.3 ? Math.min(Math.floor(next() * 3), text.length - offset) : 0;
        const newText = next() < 0.25 && length > 0 ? '' : pick(next);
        const edit = { offset, length, newText };
        const expected = parseText(text.slice(0, offset) + newText + text.slice(offset + length), 'yaml');
        const incremental = reparseEdit(parsed, edit)?.parsed;
        if (incremental) {
          fast++;
          assertLikeFullParse(incremental, expected, `edit ${i}: ${JSON.stringify(edit)}`);
          parsed = incremental;
        } else {
          full++;
          // Go on from documents that parse, as an editor's user mostly does; a broken state is
          // still checked above, it just does not become the base of the next edit.
          if (expected.errors.length === 0) parsed = expected;
        }
      }
      assert.ok(fast >= 40, `the fast path took ${fast} of 400 edits`);
      assert.ok(full >= 5, `the full parse took ${full} of 400 edits`);
    });
  }

  // Edits that change structure inside a block: new lines at the indent of a field, removed
  // lines, indentation changes, keys renamed, flow collections typed.
  const LINES = ['tags: [a, b]', 'deprecated: true', 'x-note: |', '  literal text', '- item', 'description: >-', '# comment', 'summary: "q"', 'type: object', 'a: {b: c}', '', 'key:'];
  for (const { name, text: original } of textsOf(['examples/petstore/openapi.yaml', 'node_modules/@readme/oas-examples/3.0/yaml/petstore.yaml', 'node_modules/@readme/oas-examples/3.0/yaml/complex-nesting.yaml', 'node_modules/@readme/oas-examples/3.0/yaml/readme-extensions.yaml'])) {
    it(`block reparse equals a full parse after 400 random line edits of ${name}`, () => {
      const next = random(name.length * 104729);
      let parsed = parseText(original, 'yaml');
      let blocks = 0;
      let broken = 0;
      for (let i = 0; i < 400; i++) {
        const text = parsed.text;
        const lineStarts = [0];
        for (let j = text.indexOf('\n'); j >= 0 && j < text.length - 1; j = text.indexOf('\n', j + 1)) lineStarts.push(j + 1);
        const lineStart = lineStarts[Math.floor(next() * lineStarts.length)];
        const lineEnd = text.indexOf('\n', lineStart) < 0 ? text.length : text.indexOf('\n', lineStart);
        const indent = /^ */.exec(text.slice(lineStart))![0].length;
        const roll = next();
        let edit: { offset: number; length: number; newText: string };
        if (roll < 0.4) {
          // A new line after this one, at this line's indent, one level deeper or shallower.
          const depth = Math.max(0, indent + [0, 0, 2, -2, 1][Math.floor(next() * 5)]);
          edit = { offset: lineEnd, length: 0, newText: '\n' + ' '.repeat(depth) + LINES[Math.floor(next() * LINES.length)] };
        } else if (roll < 0.55) {
          edit = { offset: lineStart, length: Math.min(lineEnd + 1, text.length) - lineStart, newText: '' };
        } else if (roll < 0.7) {
          edit = next() < 0.5 ? { offset: lineStart, length: 0, newText: ' ' } : { offset: lineStart, length: Math.min(1, indent), newText: '' };
        } else {
          const at = lineStart + Math.floor(next() * (lineEnd - lineStart + 1));
          edit = { offset: at, length: next() < 0.3 ? Math.min(2, lineEnd - at) : 0, newText: pick(next) };
        }
        const expected = parseText(text.slice(0, edit.offset) + edit.newText + text.slice(edit.offset + edit.length), 'yaml');
        const incremental = reparseEdit(parsed, edit);
        if (incremental) {
          if (incremental.node !== incremental.replaced) blocks++;
          if (expected.errors.length > 0) broken++;
          assertLikeFullParse(incremental.parsed, expected, `edit ${i}: ${JSON.stringify(edit)}`);
          parsed = incremental.parsed;
        } else if (expected.errors.length === 0) {
          parsed = expected;
        }
      }
      // The edits go on from broken texts: an edit while another part of the text is broken is
      // parsed whole (the other error's recovery may read the block otherwise), so fewer take it.
      assert.ok(blocks >= 30, `the block path took ${blocks} of 400 edits`);
      assert.ok(broken >= 10, `the block path went through ${broken} broken states`);
    });
  }

  // Single hostile characters anywhere, from documents that parse and from the broken texts they
  // lead to: whatever the fast path takes must be the whole-text parse's tree and errors exactly,
  // broken or not (the server's diagnostics are made from both; the fuzz test compares them with a
  // fresh server's). The yaml package's error recovery may read past the block that was edited.
  const HOSTILE = ['{', '}', '[', ']', ':', ': ', 'é', '\t', "'", '"', '#', '-', '\n', '&a', '*a', ' ', 'x'];
  const sortedErrors = (parsed: ParsedText) => parsed.errors.map((e) => JSON.stringify(e)).sort();
  for (const { name, text: original } of textsOf(['examples/petstore/openapi.yaml', 'node_modules/@readme/oas-examples/3.0/yaml/complex-nesting.yaml', 'node_modules/@readme/oas-examples/3.0/yaml/callbacks.yaml'])) {
    it(`equals a full parse, errors and all, after 250 hostile characters typed or deleted in ${name}`, () => {
      const next = random(name.length * 31337);
      let parsed = parseText(original, 'yaml');
      let brokenBlocks = 0;
      for (let i = 0; i < 250; i++) {
        // Back to the whole document now and then (a reparse changes the old tree: parse it again).
        if (next() < 0.15) parsed = parseText(original, 'yaml');
        const text = parsed.text;
        const offset = Math.floor(next() * text.length);
        const edit = next() < 0.25 ? { offset, length: 1, newText: '' } : { offset, length: 0, newText: HOSTILE[Math.floor(next() * HOSTILE.length)] };
        const expected = parseText(text.slice(0, offset) + edit.newText + text.slice(offset + edit.length), 'yaml');
        const result = reparseEdit(parsed, edit);
        if (!result) {
          parsed = expected;
          continue;
        }
        const label = `edit ${i}: ${JSON.stringify(edit)} after ${JSON.stringify(text.slice(Math.max(0, offset - 60), offset))}`;
        assert.deepEqual(flatten(result.parsed.root), flatten(expected.root), label);
        assert.deepEqual(sortedErrors(result.parsed), sortedErrors(expected), label);
        if (expected.errors.length > 0 && result.node !== result.replaced) brokenBlocks++;
        parsed = result.parsed;
      }
      assert.ok(brokenBlocks >= 8, `the block path took ${brokenBlocks} edits of broken texts`);
    });
  }

  it("keeps a broken member with the next one when the yaml package's recovery reads them together", () => {
    // `é` typed before a flow mapping makes `name: é{type: string}` a compact mapping in a compact
    // mapping. In the whole text the yaml package's recovery goes on reading the next line into
    // `name`'s value, so `owner` is no Schema field of its own; the block of `name` parsed alone
    // ended before it. The fuzz test found the two servers' diagnostics differ (unknown-field).
    const text = 'a:\n  properties:\n    name: {type: string}\n    owner: {type: string}\n  required: [name]\nb:\n' +
      '  x-padding: so that the block of properties is a small part of the text and worth parsing alone\n';
    const edit = { offset: text.indexOf('{type'), length: 0, newText: 'é' };
    const expected = parseText(text.slice(0, edit.offset) + 'é' + text.slice(edit.offset), 'yaml');
    assert.deepEqual(expected.root!.get('a')!.get('properties')!.children!.map((c) => c.key), ['name']);
    const result = reparseEdit(parseText(text, 'yaml'), edit);
    assert.equal(result?.replaced.key, 'properties', 'the enclosing block is parsed again, checked with the line after it');
    assert.deepEqual(flatten(result.parsed.root), flatten(expected.root));
    assert.deepEqual(result.parsed.errors, expected.errors);
  });

  it('types a new key through its broken states block by block, and ends with the tree of a full parse', () => {
    const text = fs.readFileSync(path.join(REPO_ROOT, 'examples/petstore/openapi.yaml'), 'utf8');
    const at = text.indexOf('\n', text.indexOf('operationId: listPets'));
    let parsed = reparseEdit(parseText(text, 'yaml'), { offset: at, length: 0, newText: '\n      ' })!.parsed;
    let offset = at + 7;
    const operationBefore = parsed.root!.get('paths')!.get('/pets')!.get('get')!;
    const [parameters, responses] = [operationBefore.get('parameters'), operationBefore.get('responses')];
    assert.ok(parameters && responses);
    const states: number[] = [];
    for (const ch of 'description: x') {
      const result = reparseEdit(parsed, { offset, length: 0, newText: ch });
      assert.ok(result, `typing ${JSON.stringify(ch)} reparses one block`);
      // Only the member typed is parsed again (the first keystroke: the line it is on belongs to
      // operationId's block). The half-typed key does not swallow the \`parameters:\` line below
      // (the yaml package reads \`de\` and that line as one key): the other members keep their nodes.
      assert.match(String(result.replaced.key), /^(operationId|d\w*)$/, `typing ${JSON.stringify(ch)}`);
      const operation = result.parsed.root!.get('paths')!.get('/pets')!.get('get')!;
      assert.equal(operation, operationBefore);
      assert.equal(operation.get('parameters'), parameters, `typing ${JSON.stringify(ch)}: the parameters keep their nodes`);
      assert.equal(operation.get('responses'), responses, `typing ${JSON.stringify(ch)}: the responses keep their nodes`);
      parsed = result.parsed;
      offset++;
      states.push(parsed.errors.length);
    }
    assert.ok(states.slice(0, 11).every((n) => n > 0), 'the half-typed key is a syntax error');
    assert.deepEqual(parsed.errors, []);
    assert.deepEqual(flatten(parsed.root), flatten(parseText(parsed.text, 'yaml').root));
  });

  it('leaves a large block the fast reader refuses to the whole-text parse, and still reparses a small one', () => {
    // The yaml package's parse of a 100 KB block, level after level up the tree, held the server
    // for seconds on every keystroke into a flow collection; the whole text goes to its worker.
    const paths = Array.from({ length: 2000 }, (_, i) => `  /p${i}:\n    get:\n      responses: {}\n`).join('');
    const schemas = Array.from({ length: 3000 }, (_, i) => `    S${i}:\n      type: string\n`).join('');
    const parsed = parseText(`openapi: 3.0.3\npaths:\n${paths}components:\n  schemas:\n${schemas}`, 'yaml');
    // The paths block: more than the package's share, less than half the text (no full parse anyway).
    assert.ok(paths.length > 64 * 1024 && paths.length < parsed.text.length / 2);
    const inPaths = parsed.text.indexOf('  /p700:');
    assert.equal(reparseEdit(parsed, { offset: inPaths, length: 0, newText: '  x: !!str a\n' }), undefined);
    const inOperation = parsed.text.indexOf('responses: {}', inPaths) + 'responses: {}'.length;
    const small = reparseEdit(parsed, { offset: inOperation, length: 0, newText: '\n      tags: !!seq [a]' });
    assert.deepEqual(small?.nodes.map((n) => n.key), ['responses', 'tags']);
  });

  it('parses the whole text again when aliases could copy the edited block elsewhere, and reparses a block after the last alias alone', () => {
    const text = 'a: &x\n  b: 1\nc: *x\ne:\n  f: 2\n';
    const parsed = parseText(text, 'yaml');
    assert.equal(parsed.selfContainedBlocks, false);
    assert.equal(parsed.aliasesEnd, text.indexOf('  f:'));
    assert.equal(reparseEdit(parsed, { offset: 12, length: 0, newText: '\n  d: 2' }), undefined);
    const edit = { offset: text.length - 1, length: 0, newText: '\n  g: 3' };
    const result = reparseEdit(parsed, edit)!;
    assert.equal(result.replaced.key, 'f');
    assert.deepEqual(result.nodes.map((n) => n.key), ['f', 'g']);
    const expected = parseText(text.slice(0, -1) + edit.newText + '\n', 'yaml');
    assert.deepEqual(flatten(result.parsed.root), flatten(expected.root));
    // The copy keeps the anchored block's place; the next edit after the alias is reparsed too.
    assert.equal(result.parsed.root!.get('c')!.get('b')!.offset, text.indexOf('1'));
    assert.equal(result.parsed.aliasesEnd, parsed.aliasesEnd);
  });

  it('moves the start of a block mapping with its first member, as a whole parse puts it', () => {
    for (const [text, at, newText] of [['x: 1\nu:\n  v: word\n', 0, '\n'], ['u:\n  v: word\n  w: 1\n', 5, '\n  '], ['a: 1\nb: 2\n', 0, '# c\n']] as const) {
      const result = reparseEdit(parseText(text, 'yaml'), { offset: at, length: 0, newText });
      const after = text.slice(0, at) + newText + text.slice(at);
      assert.ok(result, JSON.stringify(after));
      assert.deepEqual(flatten(result.parsed.root), flatten(parseText(after, 'yaml').root), JSON.stringify(after));
    }
  });

  it('parses the whole text again after an edit in a mapping with a merge key, whose own keys decide what the merge brings', () => {
    const text = 'a: &x\n  b: 1\n  d: 0\nc:\n  <<: *x\n  d: 2\ne: 3\nf: 4\n';
    const parsed = parseText(text, 'yaml');
    assert.equal(parsed.aliasesEnd, text.indexOf('f:'));
    // Without its own `d`, the mapping takes a's.
    assert.equal(reparseEdit(parsed, { offset: text.indexOf('d: 2'), length: 4, newText: 'x: 2' }), undefined);
    assert.equal(parseText(text.replace('d: 2', 'x: 2'), 'yaml').root!.get('c')!.get('d')!.value, 0);
    const edit = { offset: text.indexOf('4'), length: 1, newText: '5' };
    const result = reparseEdit(parsed, edit)!;
    assert.deepEqual(flatten(result.parsed.root), flatten(parseText(text.replace('f: 4', 'f: 5'), 'yaml').root));
  });

  it('parses the whole text again after a comment line typed right below a collection an alias ends, whose range takes it in', () => {
    for (const text of ['a: &x\n  b: 1\nc:\n  d: *x\ne: 1\ng: 2\n', 'a: &x\n  b: 1\nl:\n  - *x\n\ne: 1\ng: 2\n', 'a: &x\n  b: 1\nc:\n  <<: *x\ne: 1\ng: 2\n']) {
      const parsed = parseText(text, 'yaml');
      assert.equal(parsed.aliasesEnd, text.indexOf('g:'), text);
      const at = text.indexOf('e: 1');
      assert.equal(reparseEdit(parsed, { offset: at, length: 0, newText: '    # comment\n' }), undefined, text);
      const grown = parseText(text.slice(0, at) + '    # comment\n' + text.slice(at), 'yaml');
      // The package's range of the collection ends after the comment.
      assert.ok(grown.root!.children![1].end > at, text);
    }
  });

  it('replaces a member whose key a tag typed before it changes, though its own text did not', () => {
    // The tag stands before the member's key, outside the text the kept members are compared by.
    const text = 'k:\n  c:\n    c: 1\n    d: 1\n    b: v\n  d:\n    a:\n      - v\n    : b\n    b: "q"\n    d: "q"\nj:\n  b:\n    a: 1\n';
    assertTypedAloneLikeWhole(text, text.indexOf(': b'), '!!str ');
  });

  it('reparses a block below a key whose comment holds a "!", which is no tag', () => {
    const text = 'paths: # generated, do not edit !\n  /a:\n    get:\n      operationId: a\n  /b: {}\n';
    assertTypedAloneLikeWhole(text, text.indexOf('operationId'), 'summary: S\n      ');
  });

  it('reads a plain scalar that a typed character makes a number (0o7, 0xf, +.inf) as a number, as a whole parse does', () => {
    // The YAML 1.2 core schema's octal, hexadecimal and signed infinity forms (found by a session fuzz).
    const text = 'n:\n  a: o1\n  b: 0o\n  c: 0x\n  d: +.in\n  e: [x1, 0x]\nz: 1\n';
    for (const [after, typed, pointer] of [['a: ', '0', '/n/a'], ['b: 0o', '7', '/n/b'], ['c: 0x', 'f', '/n/c'], ['d: +.in', 'f', '/n/d'], ['[x1, 0x', 'A', '/n/e/1']]) {
      const at = text.indexOf(after) + after.length;
      const whole = parseText(text.slice(0, at) + typed + text.slice(at), 'yaml');
      assert.match(flatten(whole.root).find((line) => line.startsWith(pointer + ' '))!, / number /, `${after}${typed} is a number`);
      const result = reparseEdit(parseText(text, 'yaml'), { offset: at, length: 0, newText: typed });
      if (result) assert.deepEqual(flatten(result.parsed.root), flatten(whole.root), `${after}${typed}`);
    }
  });

  it('equals a whole parse after each character typed or deleted in a text whose quoted string is read with its lines indented', () => {
    // A certificate pasted at column 0 in a quoted string: the whole parse reads it indented.
    const text = 'openapi: 3.0.3\ncomponents:\n  schemas:\n    Rule:\n      properties:\n        ca:\n          example: "-----BEGIN-----\nMIIF\n-----END-----"\n          type: string\n    App:\n      type: object\n';
    const original = parseText(text, 'yaml');
    assert.ok(original.errors.some((e) => e.code === 'QUOTED_INDENT'));
    let reparsed = 0;
    for (let at = 0; at <= text.length; at++) {
      for (const edit of [{ offset: at, length: 0, newText: 'x' }, { offset: at, length: 1, newText: '' }, { offset: at, length: 0, newText: ' ' }]) {
        if (edit.offset + edit.length > text.length) continue;
        const after = text.slice(0, edit.offset) + edit.newText + text.slice(edit.offset + edit.length);
        const result = reparseEdit(parseText(text, 'yaml'), edit);
        if (!result) continue;
        reparsed++;
        const whole = parseText(after, 'yaml');
        const what = JSON.stringify(edit);
        assert.deepEqual(flatten(result.parsed.root), flatten(whole.root), what);
        assert.deepEqual(result.parsed.errors.map((e) => [e.offset, e.length, e.message]), whole.errors.map((e) => [e.offset, e.length, e.message]), what);
      }
    }
    // Today none is reparsed in place (such a text's blocks are not read alone): each is a whole parse.
    assert.equal(reparsed, 0);
  });

  it('parses the whole text when a quote is deleted below a quoted scalar the yaml package closes only by that quote', () => {
    // `'dog.yaml''` ends in an escaped quote: read as closed while a quote follows further down, and
    // as never closed once it is gone (found by the cross-file fuzz). A quote opened after a flow
    // mapping (`{b: 1}'`) reads on to the next quote the same way.
    for (const [text, deleted] of [
      ["a:\n  dog: 'dog.yaml''\nb:\n  c: x\n  d: 'y'\n", "'y'"],
      ["q:\n  a: {b: 1}'\n  c:\n    - $ref: '#/x'\n  d: 1\n", "    - $ref: '#/x'\n"],
    ]) {
      const at = text.indexOf(deleted);
      const after = text.slice(0, at) + text.slice(at + deleted.length);
      const result = reparseEdit(parseText(text, 'yaml'), { offset: at, length: deleted.length, newText: '' });
      const whole = parseText(after, 'yaml');
      if (result) {
        assert.deepEqual(flatten(result.parsed.root), flatten(whole.root), deleted);
        assert.deepEqual(result.parsed.errors.map((e) => [e.offset, e.length, e.message]), whole.errors.map((e) => [e.offset, e.length, e.message]), deleted);
      }
      assert.ok(whole.errors.length > 0, `${deleted}: the text is broken once the quote is gone`);
    }
  });

  it('parses the whole text for an edit below a line with an error whose quote is left open', () => {
    // A quote typed at the start of a line of a text broken above it reads on to the next lone
    // quote, far below: deleting that quote's line changes the errors on the quote's line (found by
    // the cross-file fuzz in the workspace fixture); also with 40 more errors above it (a review).
    for (const errorsAbove of [0, 40]) {
      let text = fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/workspace/shared/components.yaml'), 'utf8');
      const apply = (offset: number, length: number, newText: string) => (text = text.slice(0, offset) + newText + text.slice(offset + length));
      apply(text.indexOf('        code:') + 1, 0, '- ');
      const label = text.indexOf('          type: string\n', text.indexOf('label:'));
      apply(label, '          type: string\n'.length, '');
      apply(text.indexOf('    TreeNode:'), 0, "'");
      text = Array.from({ length: errorsAbove }, (_, i) => `x-e${i}: @x\n`).join('') + text;
      const old = parseText(text, 'yaml');
      assert.ok(old.errors.some((e) => e.offset === text.indexOf("'    TreeNode:")), "an error on the quote's line");
      assert.ok(old.errors.length > errorsAbove, `${old.errors.length} errors`);
      const refLine = text.indexOf("            $ref: '#/components/schemas/TreeNode'");
      const edit = { offset: refLine, length: text.indexOf('\n', refLine) + 1 - refLine, newText: '' };
      const whole = parseText(text.slice(0, edit.offset) + text.slice(edit.offset + edit.length), 'yaml');
      const result = reparseEdit(old, edit);
      if (result) assert.deepEqual([flatten(result.parsed.root), result.parsed.errors], [flatten(whole.root), whole.errors], `${errorsAbove} errors above`);
    }
  });

  it('replaces only the member whose block holds the edit, with the members a pasted line adds, keeping the other nodes', () => {
    const parsed = parseText('paths:\n  /a:\n    get:\n      summary: x\n  /b:\n    get: {}\n', 'yaml');
    const other = parsed.root!.get('paths')!.get('/b')!;
    const operation = parsed.root!.get('paths')!.get('/a')!.get('get')!;
    const edit = { offset: parsed.text.indexOf('summary: x') + 10, length: 0, newText: '\n      deprecated: true' };
    const result = reparseEdit(parsed, edit)!;
    assert.equal(result.replaced.key, 'summary');
    assert.deepEqual(result.nodes.map((n) => n.key), ['summary', 'deprecated']);
    assert.equal(result.parsed.root!.get('paths')!.get('/a')!.get('get'), operation, 'the operation is the same node');
    assert.equal(result.parsed.root!.get('paths')!.get('/b'), other);
    assert.equal(other.offset, result.parsed.text.indexOf('get: {}'));
    assert.deepEqual(result.parsed.root!.get('paths')!.get('/a')!.get('get')!.toValue(), { summary: 'x', deprecated: true });
  });

  it('drops the duplicate-key error of a later member when the first of the two keys is renamed, as a whole parse does', () => {
    const text = 'info:\n  x-a: 1\n  x-b: 2\n  x-a: 3\n';
    const parsed = parseText(text, 'yaml');
    assert.deepEqual(parsed.errors.map((e) => [e.code, e.offset]), [['DUPLICATE_KEY', text.lastIndexOf('x-a')]]);
    for (const [from, to] of [['x-a: 1', 'x-c: 1'], ['x-a: 1', 'x-a: 5'], ['x-b: 2', 'x-a: 2']]) {
      const edit = { offset: text.indexOf(from), length: from.length, newText: to };
      const result = reparseEdit(parseText(text, 'yaml'), edit);
      const whole = parseText(text.slice(0, edit.offset) + to + text.slice(edit.offset + from.length), 'yaml');
      const errors = (result?.parsed ?? whole).errors.map((e) => [e.code, e.offset]);
      assert.deepEqual(errors, whole.errors.map((e) => [e.code, e.offset]), `${from} -> ${to}`);
    }
  });
});

describe('incremental JSON reparse', () => {
  const JSON_EDITS = ['"', ',', '{', '}', '[', ']', ':', 'a', '1', ' ', '\n', '\\', '"x": 1,', '"y": [1, 2],', 'true', 'null'];
  for (const file of ['node_modules/@readme/oas-examples/3.0/json/petstore.json', 'node_modules/@readme/oas-examples/3.0/json/complex-nesting.json', 'node_modules/@readme/oas-examples/3.0/json/readme-extensions.json']) {
    it(`equals a full parse after 400 random edits of ${path.basename(file)}`, () => {
      const next = random(file.length * 15485863);
      let parsed = parseText(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'), 'json');
      let strings = 0;
      let values = 0;
      let broken = 0;
      for (let i = 0; i < 400; i++) {
        const text = parsed.text;
        // Mostly typing inside strings and between members, some anywhere.
        let offset = Math.floor(next() * text.length);
        const roll = next();
        if (roll < 0.6) {
          const scalars: SyntaxNode[] = [];
          const stack = parsed.root ? [parsed.root] : [];
          while (stack.length) {
            const n = stack.pop()!;
            if (!n.children) scalars.push(n);
            else stack.push(...n.children);
          }
          const target = scalars[Math.floor(next() * scalars.length)];
          if (target) offset = roll < 0.4 ? target.offset + 1 + Math.floor(next() * Math.max(1, target.length - 1)) : target.end;
        }
        const length = next() < 0.25 ? Math.min(1 + Math.floor(next() * 2), text.length - offset) : 0;
        const newText = next() < 0.2 && length > 0 ? '' : next() < 0.7 ? TYPED[Math.floor(next() * TYPED.length)] : JSON_EDITS[Math.floor(next() * JSON_EDITS.length)];
        const edit = { offset, length, newText };
        const expected = parseText(text.slice(0, offset) + newText + text.slice(offset + length), 'json');
        const incremental = reparseEdit(parsed, edit);
        if (incremental) {
          if (incremental.node === incremental.replaced) strings++;
          else values++;
          if (expected.errors.length > 0) broken++;
          assertLikeFullParse(incremental.parsed, expected, `edit ${i}: ${JSON.stringify(edit)}`);
          parsed = incremental.parsed;
        } else if (expected.errors.length === 0) parsed = expected;
      }
      assert.ok(strings >= 40, `typing inside a string took the string path ${strings} times`);
      assert.ok(values >= 40, `the value path took ${values} edits`);
      assert.ok(broken >= 10, `${broken} broken states were reparsed by value`);
    });
  }

  it('leaves an edit past the depth limit to the whole-text parse, which reports what was typed there', () => {
    // Broken further on (a comma missing), so the whole text is read by the tolerant parser, which
    // reports errors at any depth; the strict reader of a reparsed value skips past the limit.
    const text = '{"openapi": "3.0.3", "x-deep": ' + '['.repeat(1100) + ']'.repeat(1100) + ', "x-shallow": [1] "x-broken": 2}';
    const parsed = parseText(text, 'json');
    assert.deepEqual(parsed.errors.map((e) => e.code), ['CommaExpected']);
    // Typed 1,050 levels deep: a fresh parse reports the invalid symbol.
    const at = text.indexOf('['.repeat(1050)) + 1050;
    const edit = { offset: at, length: 0, newText: 'a' };
    const expected = parseText(text.slice(0, at) + 'a' + text.slice(at), 'json');
    assert.ok(expected.errors.some((e) => e.offset === at && e.severity === 'error'), JSON.stringify(expected.errors));
    assert.equal(reparseEdit(parsed, edit), undefined);
    // A shallow edit in the same document is still reparsed alone, and keeps the depth warning.
    const shallow = text.indexOf('[1]') + 2;
    const reparsed = reparseEdit(parseText(text, 'json'), { offset: shallow, length: 0, newText: ', 2' });
    assert.ok(reparsed);
    assertLikeFullParse(reparsed.parsed, parseText(text.slice(0, shallow) + ', 2' + text.slice(shallow), 'json'), 'shallow edit');
  });

  it('leaves a large broken value to the whole-text parse, and still reparses a small one', () => {
    // jsonc-parser's recovery over 100 KB, level after level up the tree, held the server per keystroke.
    const paths = Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [`/p${i}`, { get: { responses: {} } }]));
    const schemas = Object.fromEntries(Array.from({ length: 4000 }, (_, i) => [`S${i}`, { type: 'string' }]));
    const text = JSON.stringify({ openapi: '3.0.3', paths, components: { schemas } }, null, 2);
    const parsed = parseText(text, 'json');
    const pathsNode = parsed.root!.get('paths')!;
    assert.ok(pathsNode.length > 64 * 1024 && pathsNode.length < text.length / 2);
    const betweenPaths = text.indexOf('"/p701"');
    assert.equal(reparseEdit(parsed, { offset: betweenPaths, length: 0, newText: '"x": , ' }), undefined);
    const inOperation = text.indexOf('"responses"', betweenPaths);
    const small = reparseEdit(parsed, { offset: inOperation, length: 0, newText: '"x": , ' });
    assert.deepEqual(small?.nodes.map((n) => n.key), ['x', 'responses']);
    assert.equal(small.parsed.errors.length, 1, 'the broken operation is reparsed alone, with its error');
  });

  it('reparses only the operation when a field is typed into it, keeping the other paths', () => {
    const text = JSON.stringify({ openapi: '3.0.3', paths: { '/a': { get: { operationId: 'a', responses: {} } }, '/b': { get: { operationId: 'b' } } } }, null, 2);
    const parsed = parseText(text, 'json');
    const other = parsed.root!.get('paths')!.get('/b')!;
    const at = text.indexOf('"operationId": "a",') + '"operationId": "a",'.length;
    const operation = parsed.root!.get('paths')!.get('/a')!.get('get')!;
    const responses = operation.get('responses');
    const result = reparseEdit(parsed, { offset: at, length: 0, newText: '\n        "deprecated": true,' })!;
    // The operation is parsed again; its members the edit left keep their nodes, and the new one
    // comes in with the member before it.
    assert.equal(result.replaced.key, 'operationId');
    assert.deepEqual(result.nodes.map((n) => n.key), ['operationId', 'deprecated']);
    assert.equal(result.parsed.root!.get('paths')!.get('/a')!.get('get'), operation);
    assert.equal(operation.get('responses'), responses);
    assert.equal(responses!.keyOffset, result.parsed.text.indexOf('"responses"'));
    assert.equal(result.parsed.root!.get('paths')!.get('/b'), other);
    assert.equal(other.keyOffset, result.parsed.text.indexOf('"/b"'));
    assert.deepEqual(result.parsed.root!.get('paths')!.get('/a')!.get('get')!.toValue(), { operationId: 'a', deprecated: true, responses: {} });
    const typed = reparseEdit(result.parsed, { offset: result.parsed.text.indexOf('"b"') + 2, length: 0, newText: 'c' })!;
    assert.equal(typed.node, typed.replaced, 'typing inside a string changes only that string');
    assert.equal(typed.parsed.root!.get('paths')!.get('/b')!.get('get')!.get('operationId')!.value, 'bc');
  });
});

describe('every single edit of small documents', () => {
  // Each edit at each offset of texts that hold what the incremental reparse has edges for: nested
  // block mappings ending the text, sequences of mappings, block and quoted scalars, flow
  // collections, comments, a text broken already. Where the reparse takes an edit, its tree and
  // errors must be a whole parse's, exactly (the randomized tests above sample; this enumerates).
  const YAML_TEXTS = [
    "openapi: 3.0.3\ninfo:\n  title: T\n  version: '1'\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n",
    "openapi: 3.0.3\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n        '404':\n          description: no\n  /b: {}\ncomponents: {}\n",
    'p:\n  - name: id\n    in: path\n  - name: q\n    schema:\n      type: string\nz: 1\n',
    'a:\n  b: |\n    text\n\n    more\n  c: >\n    folded\n  d: "q\\"x"\ne: \'it\'\'s\'\n',
    's:\n  t:\n    u: [1, {v: w}]\n    x: {y: [z]}\n  # trailing\n\nn: ~\n',
    "x:\n  # c\n  y: 'q'\n\n  z: \"w\"\n# end\n",
    'w:\n    -x x\n    - y: z\n',
    "n:\n  type: [string, 'null']\n  max: 40\nm:\n  p:\n    '^x-': {type: string}\n  u: false\n",
    // Block scalars whose range takes in the blank lines after them: empty, and keeping line breaks.
    'x:\n  w: |\nc: 1\n',
    'r:\n  a: |\n    t\n  # c\n  b: 2\n',
    'q:\n  d: >-\n    folded\n\n  e: |+\n    keep\n\nz: 1\n',
    // Broken elsewhere (found by chained random edits): a flow mapping open over a line, whose error
    // spans the scalars after it; a member out of line with its siblings.
    'openapi: 3.0.3\ninfo: {title: Fixture, version: 1.0.0}\nservers:\n  - url: https://api.petstore.io/v1\n  - url: /\n  - url: https://{region}.petstore.io\n   {ariables:\n      region: {default: eu}\npaths: {}\n',
    "openapi: 3.1.0\ninfo:\n  title: Shared components, referenced b: y other documents\n  version: 1.0.0\ncomponents:\n  schemas:\n    Money:\n      type: object\n      properties:\n        amoun't:\n null      type: number\n        currency:\n          type: string\n",
    // A string left open above a scalar with a quote in it; a flow mapping left open at the top.
    "s:\n  P:\n    o:\n      - r: '#/c\n    f: int32/Dog'\n    d: 1\n  C:\n    t: o\n",
    "{aths:\n  /e:\n    g:\n      t: s\n   :\n    t: s     '200':\n        d: The q strin'g is\n",
    // An unexpected `[` after a quoted key: the lexer reads flow from there, so a `[` typed below is structure.
    "openapi: 3.0.3\ninfo:\n  title: Fixture\n  version: 1.0.0\npaths:\n  /pets/{token}:\n    get:\n      parameters:\n        - {name: limit, in: query}\n        - {name: keyword, in: query}\n        - {name: token, in: path, required: true}\n      responses:\n        '200'[:\n         a description: OK\n",
    // An error deeper inside an earlier member of the same mapping (a key without its colon, a
    // misaligned line): the blocks after it are parsed alone.
    'paths:\n  /a:\n    get:\n      summ\n      x: 1\n  /b:\n    get:\n      operationId: b\n  /c: {}\nz: 1\n',
    'c:\n  s:\n    A:\n       type: object\n      x: 1\n    B:\n      type: string\n      d: 2\n',
    // A top-level key without its colon: the yaml package reads it on into the lines at column 0 below it.
    'openapi: 3.0.3\ninfo:\n  t: 1\nserve\n:\n  - url: x\n',
    'a:\n  b: 1\nc d\n e\nf:\n  g: 2\n',
    // A broken collection the yaml package stretches over the comment lines after it (a `-` left
    // alone), and an empty value after `? key`, placed past the next line's indent.
    'paths:\n  /a:\n    get:\n      operationId: a\n\n  # next\n  /b:\n    get: {}\n',
    'r:\n  b:\n    c: 1\n    ? z\n  d: 1\n',
    'b:\n  c: 1\n  -\n# c\nd: 1\n',
    // Lines whose empty node the yaml package places by what follows: `? :`, an anchor alone.
    'b:\n  c: 1\n  ? :\n# c\nd: 1\n',
    'b:\n  c: 1\n  &a\nd: 1\ne: 2\n',
    // A merge whose members the mapping overrides: renaming one brings the merged member in.
    'm:\n  <<: {e: 1}\n  e:\n    f: 1\n  g: 2\nz: 1\n',
    // A misaligned line in an earlier top-level member: the yaml package places an empty key typed
    // below at the end of the lines it recovers.
    'r:\n  a: 0\n  b:\n    c: 1\n   - item\n  d:\n    e: 1\n    f:\n      g: 2\nz: 1\n',
    // An empty key right below a block, in a broken text: the package may place it on a broken line
    // typed in the block (found by the session fuzz in the ref-unresolved fixtures).
    'info:\n          $ref      $ref:\ncomponents:\n        name:\n          t\n: str\n',
    // An empty key's value below a comment line; a bare tag in a flow sequence (found by a review).
    'a:\n  :\n   t\n  b: 1\n',
    'a: [!, x]\nb: 1\n',
    // A `[` typed before a later member's key (the package reports a flow key there, not on a first
    // member); a flow mapping left open in a block, whose recovery read the lines after the block
    // (both found by the session fuzz).
    'info:\n  title: F\n  version]:\n',
    'info:\n      parameters:\n        - {name:\n      c, in: cook\n      resp\n',
    // A tag that checks its scalar; a flow key below a line where blank or comment lines are typed
    // (found by a review).
    'a: !!timestamp 2001-12-14\nb:\n  - !!timestamp 2001-12-14\n',
    'k: v\n[a]: 1\n',
    // Tags on an earlier line than what they tag, one that checks its members, an anchor before a
    // flow key (found by a second review).
    'a: !!timestamp\n  2001-12-14\nb:\n  - !!timestamp\n    2001-12-14\n',
    'a: !!set\n  x:\n  y:\nb: 1\n',
    'a: 1\nj: 1\n&x [a]: 1\n',
    // A quoted scalar left open by an escaped quote at its line's end: the package reads it as
    // closed while a lone quote follows anywhere below, and over the blank lines right below it.
    "d:\n  m:\n    dog: 'dog.yaml''\n  x:\n    y: 1\nz: 'q'\n",
    'a:\n  b: "x\\"\n  d: 1\ne:\n  f: 2\ng: "h"\n',
  ];
  const YAML_PIECES = ['a', ' ', '\n', '\n  ', '\n    ', ':', ': ', '#', ' #x', '- ', '-', '"', "'", '{', '}', '[', ']', ',', '&a', '*a', '? ', '|', '>', '\t', '!', '%', '@', '\n- ', 'x: y', '\n  x: 1', '...', '---', '\n---\n'];
  const JSON_TEXTS = [
    '{\n  "openapi": "3.0.3",\n  "info": {"title": "T", "version": "1"},\n  "paths": {\n    "/a": {"get": {"responses": {"200": {"description": "ok"}}}}\n  },\n  "x": [1, 2, {"a": null}]\n}\n',
    '{"a": {"b": [1, {"c": "d"}], "e": "f\\"g"}, "h": {}}\n',
    // Broken elsewhere: a comma missing before a value (reported at its first character), a
    // comma missing inside one, a string left open.
    '{\n  "security": [\n 1   {\n      "apiKey": []\n    }\n  ],\n  "paths": {}\n}\n',
    '{"a": {"b": 1 "c": 2}, "d": [1, 2, {"e": 3}]}\n',
    '{"a": {"b": "x}, "d": [1, 2]}\n',
  ];
  const JSON_PIECES = ['a', ' ', '\n', '"', '{', '}', '[', ']', ',', ':', '""', '{}', '"a": 1', ',"b": 2', '\\', '1', 'null', '/*', '\t'];

  const errorsOf = (parsed: ParsedText) => parsed.errors.map((e) => JSON.stringify(e)).sort();

  function everyEdit(texts: string[], pieces: string[], format: 'yaml' | 'json'): number {
    let taken = 0;
    for (const text of texts) {
      for (let offset = 0; offset <= text.length; offset++) {
        for (const length of [0, 1, 2]) {
          if (offset + length > text.length) continue;
          for (const newText of length ? ['', ...pieces] : pieces) {
            const edit = { offset, length, newText };
            const result = reparseEdit(parseText(text, format), edit);
            if (!result) continue;
            taken++;
            const expected = parseText(text.slice(0, offset) + newText + text.slice(offset + length), format);
            const label = `${JSON.stringify(text.slice(0, 40))}… ${JSON.stringify(edit)}`;
            assert.deepEqual(flatten(result.parsed.root), flatten(expected.root), label);
            assert.deepEqual(errorsOf(result.parsed), errorsOf(expected), label);
          }
        }
      }
    }
    return taken;
  }

  it('YAML: the reparsed tree and errors are a whole parse\'s', () => {
    assert.ok(everyEdit(YAML_TEXTS, YAML_PIECES, 'yaml') > 10_000, 'over 10,000 edits are reparsed, not parsed whole');
  });

  it('JSON: the reparsed tree and errors are a whole parse\'s', () => {
    assert.ok(everyEdit(JSON_TEXTS, JSON_PIECES, 'json') > 2_000, 'over 2,000 edits are reparsed, not parsed whole');
  });
});

describe('edits in a text broken elsewhere', () => {
  const text = fs.readFileSync(path.join(REPO_ROOT, 'examples/petstore/openapi.yaml'), 'utf8');
  const operation = text.indexOf('\n', text.indexOf('operationId: listPets'));

  for (const [broken, label] of [['  version 1.0.0', 'a key without its colon'], ['   version: 1.0.0', 'a misaligned line'], ['  x-a: 1\n  x-a: 2', 'a duplicate key']] as const) {
    it(`reparses a line typed far below ${label} alone, as a whole parse reads it`, () => {
      const line = /^ {2}version: .*$/m.exec(text)!;
      const before = text.slice(0, line.index) + broken + text.slice(line.index + line[0].length);
      const old = parseText(before, 'yaml');
      assert.ok(old.errors.length > 0, 'the text is broken above');
      const edit = { offset: operation + before.length - text.length, length: 0, newText: '\n      summary: List' };
      const result = reparseEdit(old, edit);
      assert.ok(result && result.node !== result.replaced, 'the block is parsed alone');
      const expected = parseText(before.slice(0, edit.offset) + edit.newText + before.slice(edit.offset), 'yaml');
      assert.deepEqual(flatten(result.parsed.root), flatten(expected.root));
      assert.deepEqual(result.parsed.errors, expected.errors);
    });
  }

  // In the same top-level member (`paths`): the next path's key line closes what the broken line opened.
  const getPet = text.indexOf('\n', text.indexOf('operationId: getPet'));
  for (const [broken, label] of [['      summary', 'a key without its colon'], ['       summary: List pets', 'a misaligned line'], ['      summ\n        ary: List pets', 'a key read over two lines'], ['      - List pets', 'a sequence item in a mapping']] as const) {
    it(`reparses a line typed in another path below ${label} in an earlier path alone, as a whole parse reads it`, () => {
      const line = '      summary: List pets';
      const at = text.indexOf(line);
      const before = text.slice(0, at) + broken + text.slice(at + line.length);
      const old = parseText(before, 'yaml');
      assert.ok(old.errors.length > 0, 'the text is broken above, in paths');
      for (const newText of ['\n      deprecated: true', '\n      ', 'x', '\n    x']) {
        const edit = { offset: getPet + before.length - text.length, length: 0, newText };
        const result = reparseEdit(parseText(before, 'yaml'), edit);
        const expected = parseText(before.slice(0, edit.offset) + newText + before.slice(edit.offset), 'yaml');
        if (newText.startsWith('\n      d')) assert.ok(result && result.node !== result.replaced, 'the block is parsed alone');
        if (!result) continue;
        assert.deepEqual(flatten(result.parsed.root), flatten(expected.root), JSON.stringify(newText));
        assert.deepEqual(result.parsed.errors, expected.errors, JSON.stringify(newText));
      }
    });
  }

  it('parses the whole text after an edit below a path key out of line with the others', () => {
    const before = text.replace('  /pets/{petId}:', '   /pets/{petId}:');
    assert.ok(parseText(before, 'yaml').errors.length > 0);
    const offset = before.indexOf('\n', before.indexOf('operationId: replacePet'));
    assert.equal(reparseEdit(parseText(before, 'yaml'), { offset, length: 0, newText: '\n      deprecated: true' }), undefined);
  });

  it('parses the whole text after an edit below an unclosed flow collection, which the yaml package reads on from', () => {
    const at = text.indexOf('  title:');
    const before = text.slice(0, at) + '  x-list: [a, b\n' + text.slice(at);
    const edit = { offset: operation + before.length - text.length, length: 0, newText: '\n      summary: List' };
    assert.equal(reparseEdit(parseText(before, 'yaml'), edit), undefined);
  });

  it('parses the whole text after a comment line `#x` typed at or left of a block\'s column above a plain value', () => {
    // The yaml package then reads the value and the next key as one key: the mapping loses a member.
    for (const [text, at, typed] of [['a:\n  :\n   t\n  b: 1\n', 6, '\n #x'], ['a:\n  k:\n    t\n  b: 1\n', 7, '\n  #x']] as const) {
      const after = text.slice(0, at) + typed + text.slice(at);
      assert.equal(parseText(after, 'yaml').root!.get('a')!.children!.length, 1, after);
      assert.equal(reparseEdit(parseText(text, 'yaml'), { offset: at, length: 0, newText: typed }), undefined, after);
    }
  });

  it('reads a line of spaces and a tab below a block as the whole text does', () => {
    // YAML reads the line as blank until the line above it loses its value; then the tab is
    // indentation, an error. The block used to end at that line and miss the error.
    const before = 'a:\n  b: 1\n  \t\n  c:\n    d: 2\nz:\n  y: a longer block, so that the one edited is a small part of the text\n';
    const edit = { offset: before.indexOf('1'), length: 1, newText: '' };
    const after = before.slice(0, edit.offset) + before.slice(edit.offset + 1);
    const expected = parseText(after, 'yaml');
    assert.ok(expected.errors.some((e) => e.code === 'TAB_AS_INDENT'));
    const result = reparseEdit(parseText(before, 'yaml'), edit);
    if (result) assert.deepEqual(result.parsed.errors, expected.errors);
  });
});

describe('segments cut in steps', () => {
  // 84,000 nodes: walking them takes longer than one step, so the walk pauses.
  const paths = Array.from({ length: 12_000 }, (_, i) =>
    `  /r${i}:\n    get:\n      operationId: get${i}\n      summary: Item ${i}\n      responses:\n        '200':\n          description: OK\n`).join('');
  const text = 'openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\npaths:\n' + paths;
  /** Typing into summaries across the document, each compared with a full parse. */
  const typeAcross = (parsed: ParsedText) => {
    for (const at of [0.1, 0.5, 0.9, 0.3]) {
      const offset = parsed.text.indexOf('summary: Item', Math.floor(parsed.text.length * at)) + 'summary: Item'.length;
      const edit = { offset, length: 0, newText: 'x' };
      const reparsed = reparseEdit(parsed, edit)!;
      assert.ok(reparsed, 'typing in a summary takes the fast path');
      assertLikeFullParse(reparsed.parsed, parseText(parsed.text.slice(0, offset) + 'x' + parsed.text.slice(offset), 'yaml'), `typed at ${offset}`);
      parsed = reparsed.parsed;
    }
    return parsed;
  };

  it('a tree segmented in steps has the offsets of a full parse through later edits', () => {
    const parsed = parseText(text, 'yaml');
    const steps = segmentTreeSteps(parsed.root!);
    let pauses = 0;
    while (!steps.next().done) pauses++;
    assert.ok(pauses > 0, 'the walk paused');
    typeAcross(parsed);
  });

  it('an edit between two steps stops the walk under way; the tree, edited as it is, is cut by a new walk', () => {
    const parsed = parseText(text, 'yaml');
    const steps = segmentTreeSteps(parsed.root!);
    assert.equal(steps.next().done, false, 'the walk pauses');
    // Over 1 MB: not cut at once by the edit (that took up to 1.3 s for 30 MB).
    assert.ok(text.length > 1_000_000);
    const edited = typeAcross(parsed);
    assert.equal(isSegmented(edited.root!), false, 'the edit did not cut the tree at once');
    assert.equal(steps.next().done, true, 'the walk under way stops');
    const again = segmentTreeSteps(edited.root!);
    while (!again.next().done);
    assert.equal(isSegmented(edited.root!), true);
    typeAcross(edited);
  });

  it('a walk stopped by an edit keeps the segments it cut, and the next walk goes on from them', () => {
    const parsed = parseText(text, 'yaml');
    const segmentRoots = (root: SyntaxNode) => {
      const found = new Map<SyntaxNode, unknown>();
      const stack = [root];
      while (stack.length) {
        const node = stack.pop()!;
        if (node.isSegmentRoot) found.set(node, node.base);
        else if (node.children) stack.push(...node.children);
      }
      return found;
    };
    const steps = segmentTreeSteps(parsed.root!);
    let cut = segmentRoots(parsed.root!);
    while (cut.size === 0) {
      assert.equal(steps.next().done, false, 'the walk pauses before its end');
      cut = segmentRoots(parsed.root!);
    }
    const edited = typeAcross(parsed);
    assert.equal(steps.next().done, true, 'the walk under way stops');
    const kept = [...segmentRoots(edited.root!)].filter(([node, base]) => cut.get(node) === base);
    assert.ok(kept.length > 0, 'segments cut before the edit are still there');
    const again = segmentTreeSteps(edited.root!);
    while (!again.next().done);
    assert.equal(isSegmented(edited.root!), true);
    const after = segmentRoots(edited.root!);
    for (const [node, base] of kept) assert.equal(after.get(node), base, 'the new walk left the earlier segments as they were');
    assert.ok(after.size > kept.length);
    typeAcross(edited);
  });

  it('a check after edits of a large document not cut yet cuts it first, before the next keystroke', () => {
    const session = new Session();
    const file = path.join(REPO_ROOT, 'examples', 'segments', 'openapi.yaml');
    session.opened({ uri: pathToFileURL(file).href, path: file, version: 1, text });
    const doc = session.open.byPath.get(file)!;
    drain(session.store.loadSteps(file));
    const model = () => session.store.cached(file) as SourceDocument;
    const root = model().root!;
    const at = text.indexOf('summary: Item 5000') + 'summary: Item 5000'.length;
    const position = new LineIndex(text).positionAt(at);
    assert.equal(session.applyChanges(doc, [{ range: { start: position, end: position }, text: 'x' }]), 'recheck');
    assert.equal(model().root, root, 'the edit took the tree as it is');
    assert.equal(isSegmented(root), false);
    drain(session.updateSteps([file]));
    assert.equal(isSegmented(root), true);
    assert.equal(session.diagnosticsIn(file).filter((d) => d.rule === 'syntax').length, 0);
  });

  it('the first check of a large opened document cuts its tree, before any keystroke', () => {
    const session = new Session();
    const file = path.join(REPO_ROOT, 'examples', 'segments', 'openapi.yaml');
    session.opened({ uri: pathToFileURL(file).href, path: file, version: 1, text });
    drain(session.store.loadSteps(file));
    const root = (session.store.cached(file) as SourceDocument).root!;
    assert.equal(isSegmented(root), false);
    drain(session.updateSteps([file]));
    assert.equal((session.store.cached(file) as SourceDocument).root, root);
    assert.equal(isSegmented(root), true, 'a keystroke during or after the first check moves segments, not every node');
    assert.ok(session.roots().includes(file), 'the document was checked as a root');
  });

  it('a first edit of a smaller tree cuts it at once', () => {
    const small = parseText(text.slice(0, text.indexOf('  /r2000:')), 'yaml');
    typeAcross(small);
    assert.equal(isSegmented(small.root!), true);
  });
});

describe('the members of an object with thousands of them, by key', () => {
  const count = 5_000;
  const text = 'x-many:\n' + Array.from({ length: count }, (_, i) => `  k${i}: {v: ${i}}\n`).join('');
  /** What `get` answers for some keys: the value's text, or undefined. */
  const answers = (parsed: ParsedText, keys: string[]) => {
    const many = parsed.root!.get('x-many')!;
    return keys.map((k) => {
      const member = many.get(k);
      return member && parsed.text.slice(member.offset, member.end);
    });
  };
  const keys = ['k0', 'k10', 'k2500', 'k4999', 'k10x', 'added'];

  it('finds members after edits that replace, rename, add and repeat keys, as a fresh parse does', () => {
    let parsed = parseText(text, 'yaml');
    assert.deepEqual(answers(parsed, keys), ['{v: 0}', '{v: 10}', '{v: 2500}', '{v: 4999}', undefined, undefined]);
    // Typed from a member's key on: each is reparsed in place but the last (a key that repeats).
    const edits: [string, string][] = [['k10: {v: 10}', 'k10: {v: 11}'], ['k10: {v: 11}', 'k10x: {v: 11}'],
      ['k2500: {v: 2500}', 'k2500: {v: 2500}\n  added: {v: -1}'], ['k4999: {v: 4999}', 'k0: {v: 4999}']];
    let inPlace = 0;
    for (const [before, after] of edits) {
      const offset = parsed.text.indexOf(before);
      const edit = { offset, length: before.length, newText: after };
      const reparsed = reparseEdit(parsed, edit);
      const newText = parsed.text.slice(0, offset) + after + parsed.text.slice(offset + before.length);
      if (reparsed) inPlace++;
      // Kept through the edit: building it again took one long step.
      if (reparsed) assert.ok(hasKeyIndex(reparsed.parsed.root!.get('x-many')!), `key index kept after ${JSON.stringify(after)}`);
      parsed = reparsed?.parsed ?? parseText(newText, 'yaml');
      assert.equal(parsed.text, newText);
      assert.deepEqual(answers(parsed, keys), answers(parseText(newText, 'yaml'), keys), `after ${JSON.stringify(after)}`);
    }
    assert.equal(inPlace, 3);
    // The last edit repeated k0: the first member is the one read.
    assert.deepEqual(answers(parsed, ['k0', 'k10', 'k10x', 'added']), ['{v: 0}', undefined, '{v: 11}', '{v: -1}']);
  });

  it('finds members of a tree copied from the parse worker', () => {
    const copied = structuredClone(encodeParse(parseText(text, 'yaml'))) as EncodedParse;
    const rebuilt = drain(decodeParseSteps(copied, text, 'yaml'));
    assert.ok(hasKeyIndex(rebuilt.root!.get('x-many')!), 'built while the tree was decoded, in steps');
    assert.deepEqual(answers(rebuilt, keys), ['{v: 0}', '{v: 10}', '{v: 2500}', '{v: 4999}', undefined, undefined]);
  });
});
