// The fast YAML reader (syntax/yaml-fast.ts) builds the same tree as the `yaml` package path,
// node for node and error for error, whenever it reads a text at all: on every YAML document of
// the repository and of the examples, and on thousands of randomly broken variants from a fixed seed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseYaml, parseYamlWithPackage } from '../../../server/src/syntax/yaml';
import { parseYamlFast } from '../../../server/src/syntax/yaml-fast';
import { SyntaxNode } from '../../../server/src/syntax/tree';
import { fastDifference, randomlyBroken, seeded, YAML_PIECES, yamlTexts } from '../../helpers/yaml-fast-compare';

describe('fast YAML reader', { timeout: 300_000 }, () => {
  it('reads every valid YAML document of the repository and the examples as the yaml package does', () => {
    let read = 0;
    for (const { name, text } of yamlTexts()) {
      const { fast, difference } = fastDifference(text);
      assert.equal(difference, undefined, name);
      // Documents the `yaml` package reads without an error are the ones the fast path is for.
      if (parseYamlWithPackage(text).errors.length === 0 && !/!\w|^%/m.test(text)) assert.ok(fast, `${name} is read by the fast path`);
      if (fast) read++;
    }
    assert.ok(read > 200, `${read} documents read fast`);
  });

  it('never disagrees with the yaml package on randomly broken documents (fixed seed)', () => {
    const { random, pick } = seeded(20261122);
    const texts = yamlTexts().map((t) => t.text).filter((t) => t.length < 60_000);
    let read = 0;
    const rounds = 6000;
    for (let n = 0; n < rounds; n++) {
      const text = randomlyBroken(pick(texts), { random, pick });
      const { fast, difference } = fastDifference(text);
      if (difference !== undefined) assert.fail(`${difference}\n--- text:\n${text}`);
      if (fast) read++;
    }
    assert.ok(read > rounds / 5, `${read} of ${rounds} variants read fast`);
  });

  it('reads block, folded and multi-line quoted scalars, indentless and nested sequences, flow values', () => {
    const text = [
      'a: |', '  line one', '    more indented', '', '  line three', 'b: >-', '  folded', '  text', '', '  para', 'c: >2', '    two extra',
      'd: "double \\"quoted\\"', '  on two lines"', "e: 'single", "", "  with a blank'", 'f:', '- x', '- - y', '  - z', 'g: [1, "two", {h: null}]',
      'i:', '  "on the next line"', 'j: plain', '  continued', 'k: ~', '0x1F: .inf', '"q": -0.5e3', '',
    ].join('\n');
    assert.equal(fastDifference(text).difference, undefined);
    const parsed = parseYamlFast(text)!;
    assert.ok(parsed, 'read fast');
    const value = parsed.root!.toValue() as Record<string, unknown>;
    assert.deepEqual(value, {
      a: 'line one\n  more indented\n\nline three\n', b: 'folded text\npara', c: '  two extra\n', d: 'double "quoted" on two lines',
      e: 'single\nwith a blank', f: ['x', ['y', 'z']], g: [1, 'two', { h: null }], i: 'on the next line', j: 'plain continued', k: null,
      31: Infinity, q: -500,
    });
  });

  it('leaves merge keys of lists, tags, directives, tabs in structure, intricate anchors and broken text to the yaml package', () => {
    const texts = [
      'a: !!str 1\n', '%YAML 1.2\n---\na: 1\n', 'a:\t1\n', 'a: "open\n', 'a: b: c\n', '- a\nb: 1\n', '? a\n: b\n',
      // Merge keys of lists, of scalars, of mappings written in place, anchors of keys, aliases in
      // flow collections, unknown aliases, an alias inside what it names, odd names, a copy with
      // duplicate keys (reported once per copy).
      'a: &x {k: 1}\nb:\n  <<: [*x]\n', 'a: &x 1\nb:\n  <<: *x\n', 'b:\n  <<: {k: 1}\n', '&k a: 1\n', '- &k a: 1\n', 'a: &x 1\nb: {c: *x}\n', 'a: &x 1\nb: [*x]\n', 'b: *nope\n',
      'a: &x\n  b: *x\n', 'a: &x! 1\nb: *x!\n', 'a: &x 1\nb: *x c\n', 'a: &x *y\n',
      'a: &x\n  k: 1\n  k: 2\nb: *x\n',
    ];
    for (const text of texts) assert.equal(parseYamlFast(text), undefined, JSON.stringify(text));
  });

  it('reads anchors, aliases and merge keys of block values as the yaml package path expands them', () => {
    const text = [
      'x: &one 1', 'resp: &resp', '  description: Not found', '  content:', '    application/json: {schema: {type: object}}',
      'list: &list', '  - a', '  - "b"', 'text: &text |', '  block', 'none: &none', 'later: &later  # a comment', '  - 1', 'paths:', '  /a:', '    get:', '      responses:',
      "        '404': *resp", '        default:', '          *resp', '        500:', '          <<: *resp', '          description: Failed', '        501:', '          <<: *resp', '  /b:', '    x-items:', '      - *list', '      - *one   # a comment',
      '    x-text: *text', '    x-none: *none', '    x-later: *later', 'one: &one 2', 'again: *one', '',
    ].join('\n');
    const { fast, difference } = fastDifference(text);
    assert.ok(fast, 'read fast');
    assert.equal(difference, undefined);
    const parsed = parseYamlFast(text)!;
    assert.equal(parsed.selfContainedBlocks, false, 'a block may take its value from elsewhere');
    const resp = { description: 'Not found', content: { 'application/json': { schema: { type: 'object' } } } };
    assert.deepEqual((parsed.root!.toValue() as Record<string, unknown>).paths, {
      '/a': { get: { responses: { 404: resp, default: resp, 500: { ...resp, description: 'Failed' }, 501: resp } } }, '/b': { 'x-items': [['a', 'b'], 1], 'x-text': 'block\n', 'x-none': null, 'x-later': [1] },
    });
    assert.equal(parsed.root!.get('again')!.value, 2, 'the closest anchor before the alias');
    // A copy lies where its anchored node does (findings on it point there); its key is the alias's member's.
    const copy = parsed.root!.get('paths')!.get('/a')!.get('get')!.get('responses')!.get('404')!;
    assert.equal(copy.offset, text.indexOf('description: Not found'));
    assert.equal(copy.keyOffset, text.indexOf("'404'"));
    assert.notEqual(copy, parsed.root!.get('resp'));
    assert.equal(parseYamlFast('a: &x 1\nb: 2\n')!.selfContainedBlocks, true, 'an anchor alone changes nothing');
  });

  it('never disagrees with the yaml package on documents given random anchors and aliases (fixed seed)', () => {
    const { random, pick } = seeded(20261129);
    const texts = yamlTexts().map((t) => t.text).filter((t) => t.length < 60_000);
    const valueLine = /^( *)(- +|[\w$/{}.'"-]+: +)(?=\S)/;
    let aliased = 0;
    let merged = 0;
    const rounds = 2000;
    for (let n = 0; n < rounds; n++) {
      const lines = pick(texts).split('\n');
      for (let a = 0; a < 1 + Math.floor(random() * 3); a++) {
        // An anchor on a value (`key: &aN value`, or `key: &aN` over a block), an alias on a later value.
        const name = pick(['a', 'b', 'resp', 'x.y-z_1']);
        const at = Math.floor(random() * lines.length);
        const header = /^( *)(- +|[\w$/{}.'"-]+:)$/.exec(lines[at]);
        if (header) lines[at] += (header[2].endsWith(':') ? ' &' : '&') + name;
        else if (valueLine.test(lines[at])) lines[at] = lines[at].replace(valueLine, `$1$2&${name} `);
        else continue;
        const later = at + 1 + Math.floor(random() * (lines.length - at - 1));
        const match = valueLine.exec(lines[later] ?? '');
        if (!match) continue;
        // A merge key above a member, or an alias in place of its value.
        if (random() < 0.3 && !match[2].startsWith('-')) lines.splice(later, 0, `${match[1]}<<: *${name}`);
        else lines[later] = match[1] + match[2] + `*${name}` + (random() < 0.2 ? '  # note' : '');
      }
      let text = lines.join('\n');
      if (random() < 0.3) {
        const at = Math.floor(random() * (text.length + 1));
        text = text.slice(0, at) + pick(YAML_PIECES) + text.slice(at);
      }
      const { fast, difference } = fastDifference(text);
      if (difference !== undefined) assert.fail(`${difference}\n--- text:\n${text}`);
      if (fast && parseYamlFast(text)!.selfContainedBlocks === false) {
        aliased++;
        if (text.includes('<<: *')) merged++;
      }
    }
    assert.ok(aliased > rounds / 10, `${aliased} of ${rounds} documents with aliases read fast`);
    assert.ok(merged > rounds / 50, `${merged} of ${rounds} documents with merge keys read fast`);
  });

  it('never disagrees with the yaml package on blocks rewritten as flow collections over several lines (fixed seed)', () => {
    const { random, pick } = seeded(20261130);
    const texts = yamlTexts().map((t) => t.text).filter((t) => t.length < 30_000 && parseYamlWithPackage(t).errors.length === 0);
    const scalar = (v: unknown) => (typeof v === 'string' && /^[A-Za-z][\w ]*$/.test(v) && random() < 0.5 ? v : typeof v === 'string' && random() < 0.3 ? `'${v.replace(/'/g, "''")}'` : JSON.stringify(v));
    /** A value as a flow collection written over lines, its closing bracket at column `column`. */
    const flow = (value: unknown, column: number): string => {
      if (value === null || typeof value !== 'object') return scalar(value);
      const entries = Array.isArray(value) ? value.map((v) => [undefined, v] as const) : Object.entries(value as object);
      const inner = column + pick([1, 2, 4]);
      const lines = entries.map(([k, v]) => ' '.repeat(inner) + (k === undefined ? '' : `${scalar(k)}: `) + flow(v, inner));
      if (lines.length > 0 && random() < 0.2) lines.splice(Math.floor(random() * lines.length), 0, ' '.repeat(inner) + '# a comment');
      const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
      if (random() < 0.3) return `${open}${entries.map(([k, v]) => (k === undefined ? '' : `${scalar(k)}: `) + flow(v, column)).join(', ')}${close}`;
      const body = lines.map((l, i) => (l.trimStart().startsWith('#') || i === lines.length - 1 ? l : l + ',')).join('\n');
      return `${open}\n${body}${random() < 0.2 ? ',' : ''}\n${' '.repeat(Math.max(0, column + pick([0, 0, 0, 1, -1])))}${close}`;
    };
    let read = 0;
    const rounds = 1500;
    for (let n = 0; n < rounds; n++) {
      const original = pick(texts);
      let text: string;
      if (random() < 0.15) {
        // JSON saved as YAML: a flow root.
        text = JSON.stringify(parseYamlWithPackage(original).root!.toValue(), null, pick([1, 2, 4, '\t']));
      } else {
        const parsed = parseYamlWithPackage(original);
        const blocks: SyntaxNode[] = [];
        const stack = [parsed.root!];
        while (stack.length) {
          const node = stack.pop()!;
          for (const child of node.children ?? []) {
            stack.push(child);
            if (child.children && !child.flow && child.keyOffset >= 0) blocks.push(child);
          }
        }
        if (blocks.length === 0) continue;
        const block = pick(blocks);
        const lineStart = original.lastIndexOf('\n', block.keyOffset) + 1;
        const column = block.keyOffset - lineStart;
        const keyLineEnd = original.indexOf('\n', block.keyOffset);
        const below = random() < 0.3;
        const written = flow(block.toValue(), below ? column + 2 : column);
        text = original.slice(0, keyLineEnd) + (below ? `\n${' '.repeat(column + 2)}` : ' ') + written + original.slice(block.end);
      }
      if (random() < 0.2) {
        const at = Math.floor(random() * (text.length + 1));
        text = text.slice(0, at) + pick(YAML_PIECES) + text.slice(at);
      }
      const { fast, difference } = fastDifference(text);
      if (difference !== undefined) assert.fail(`${difference}\n--- text:\n${text}`);
      if (fast) read++;
    }
    assert.ok(read > rounds / 3, `${read} of ${rounds} read fast`);
  });

  it('agrees with the yaml package where its ranges, errors and budget are its own (a review\'s counterexamples)', () => {
    const texts = [
      // Comment lines past a collection's column after an alias or merge that ends it: the range takes them in.
      'a: &x 1\nb:\n  c: *x\n   #\n', 'a: &x 1\nb:\n  - *x\n\n   #\nc: 1\n', 'a: &x\n  k: 1\nb:\n  <<: *x\n   #\n',
      'a: &x {}\nb:\n  <<: *x\n', // a merge of an empty mapping
      '\n\ufeffa: 1\n', '# c\n\ufeffa: 1\n', '\ufeff- a\n- b\n', '\ufeff- [1, 2]\n', // BOMs the package skips or stops at
      '{a: 1\n#\n}', 'a: [-]\n', '[-\n]', '{a: -}', 'a: {<<: {k: 1}}\n', '{<<: 1}', 'b: |+\n e\n ', 'e:\n#x\n t\nk: 1\n',
      // A tab at the end of a quoted scalar's line, folded away (found by a review).
      'b: "\t\n  q"\n', 'd:\n  b: "x \t\n    q"\n  d: 1\n', "b: 'x\t\n  q'\n", 'b: "x\n  y\t\n  q"\n',
      // Copies near the alias budget, which the package counts higher.
      'x: &x\n' + Array.from({ length: 99 }, (_, i) => `  - ${i}\n`).join('') + 'y: &y\n  k: *x\nz:\n' + '  - *y\n'.repeat(989),
    ];
    for (const text of texts) assert.equal(fastDifference(text).difference, undefined, JSON.stringify(text.slice(0, 80)));
    // Neighbours that stay fast.
    for (const text of ['a: &x 1\nb:\n  c: *x\n# at the root\nd: 1\n', 'a: 1\n\ufeffb: 2\n', 'e:\n# x\n t\nk: 1\n', '{a: 1\n #\n}',
      'r:\n  b:\n   #c\n    x y\n  d: 1\n', 'b:\n #c\n  x y\nd: 1\n']) {
      const { fast, difference } = fastDifference(text);
      assert.equal(difference, undefined, JSON.stringify(text));
      assert.ok(fast, `${JSON.stringify(text)} is read fast`);
    }
  });

  it('reads a line of spaces past the indentation that ends a block scalar as its last content, and empty block scalars, as the yaml package does', () => {
    // OpenAI's description ends examples so: the whole 3 MB went to the yaml package (2 s a parse).
    const texts = ['a: |\n  x\n      \nb: 1\n', 'a: |\n  x\n      \n\nb: 1\n', 'a: >\n  x\n      \nb: 1\n', 'a: |\n  x\n      \n', 'a: |\n  x\n      \n     \nb: 1\n',
      'a:\n  - |\n    x\n         \n  - y\n', 'a: |\n  x\n\n      \n  y\nb: 1\n', 'a: |-\n  x\n      \nb: 1\n', 'a: |+\n  x\n      \nb: 1\n',
      'a: |+\n  x\n      \n\nb: 1\n', 'a: |+\n  x\n   \n   \nb: 1\n', 'a: >-\n  x\n      \n', 'a: |+\n  x\n      \n\n'];
    const readFastAlike = (list: string[]) => {
      for (const text of list) {
        const { fast, difference } = fastDifference(text);
        assert.equal(difference, undefined, JSON.stringify(text));
        assert.ok(fast, `${JSON.stringify(text)} is read fast`);
      }
    };
    readFastAlike(texts);
    assert.equal(parseYamlFast(texts[0])!.root!.get('a')!.value, 'x\n    \n');
    // Empty block scalars: their blank lines are their value when kept, and their range.
    const empty = ['a: |+\n    \nb: 1\n', 'a: |\n    \nb: 1\n', 'a: |-\n    \nb: 1\n', 'a: |+\n\nb: 1\n', 'a: |+\n    \n\n  \nb: 1\n', 'a: |\nb: 1\n', 'a: >+\n    \nb: 1\n',
      'a: |+\n    \n', 'c:\n  a: |+\n      \n  b: 1\n', 'a: |\n', '- |+\n\n- x\n'];
    readFastAlike(empty);
    assert.equal(parseYamlFast(empty[4])!.root!.get('a')!.value, '\n\n\n');
    // Indentation indicators, and empty scalars not kept over several blank lines: read alike, or
    // left to the package (a review's counterexamples).
    for (const text of ['k: |1\n    a\n  \nb: 1\n', 'x:\n- |2\n      a\n    \nzz: 1\n', 'k: |\n\n\nb: 1\n', 'k: |-\n  \n  ', 'k: >\n  \n\n   \nb: 1\n', 'k: |2-\n     \n']) {
      assert.equal(fastDifference(text).difference, undefined, JSON.stringify(text));
    }
    // At the end of the text without a line break: read alike, or left to the package.
    for (const text of ['a: |+\n  x\n      ', 'a: |\n  x\n      ', 'a: |-\n  x\n      ', 'a: |+\n  x\n      \n   ', 'a: |+\n    ', 'a: |', 'a: |+\n']) assert.equal(fastDifference(text).difference, undefined, JSON.stringify(text));
  });

  it('reads a `#x` comment line at or left of a pending member\'s column as the yaml package does', () => {
    // The package ends the member's value there and reads the plain scalar below and the next key as
    // one key, with an error: the member is lost from the mapping.
    const texts = ['r:\n  b:\n  #c\n    x y\n  d: 1\n', 'r:\n  b:\n #c\n    x\n  d: 1\n', 'r:\n  - b:\n   #c\n      x y\n    d: 1\n',
      'r:\n  -\n  #c\n    x y\n  - 1\n'];
    for (const text of texts) assert.deepEqual(fastDifference(text), { fast: false }, JSON.stringify(text));
  });

  it('reads control characters and a BOM inside a text as the yaml package does (fixed seed)', () => {
    const { random, pick } = seeded(20261131);
    const texts = yamlTexts().map((t) => t.text).filter((t) => t.length < 20_000);
    const controls = ['\x00', '\x01', '\x07', '\x08', '\x0b', '\x0c', '\x0e', '\x1b', '\x1f', '\x7f', '\ufeff', '\x85', '\u2028', '\xa0'];
    let read = 0;
    const rounds = 4000;
    for (let n = 0; n < rounds; n++) {
      let text = pick(texts);
      for (let e = 1 + Math.floor(random() * 2); e > 0; e--) {
        // Anywhere, at a line's start, after `:` or `: `, after a dash, before a comment.
        let at = Math.floor(random() * (text.length + 1));
        const where = random();
        const after = (s: string, by: number) => (text.indexOf(s, at) >= 0 ? text.indexOf(s, at) + by : at);
        if (where < 0.25) at = text.lastIndexOf('\n', at - 1) + 1;
        else if (where < 0.5) at = after(': ', random() < 0.5 ? 1 : 2);
        else if (where < 0.6) at = after('- ', 1);
        else if (where < 0.7) at = after('#', 0);
        text = text.slice(0, at) + pick(controls) + text.slice(at);
      }
      const { fast, difference } = fastDifference(text);
      if (difference !== undefined) assert.fail(`${difference}\n--- text:\n${JSON.stringify(text)}`);
      if (fast) read++;
    }
    assert.ok(read > rounds / 3, `${read} of ${rounds} read fast`);
  });

  it('reads CR, CRLF and mixed line ends as YAML 1.2 does, and a BOM', () => {
    const lf = 'openapi: 3.0.3\ninfo:\n  title: T\n  description: |\n    a\n    b\n  version: "1"\n';
    for (const text of [lf.replace(/\n/g, '\r'), lf.replace(/\n/g, '\r\n'), lf.replace(/\n/g, (_, i: number) => (i % 2 ? '\r' : '\n')), '\ufeff' + lf]) {
      for (const parsed of [parseYaml(text), parseYamlWithPackage(text)]) {
        assert.deepEqual(parsed.errors, [], JSON.stringify(text));
        assert.deepEqual(parsed.root!.toValue(), { openapi: '3.0.3', info: { title: 'T', description: 'a\nb\n', version: '1' } });
      }
    }
  });

  it('finds " #" comments and ": " separators by their non-space character, as the yaml package reads them', () => {
    // A "#" without a space before it is text; " #" starts a comment; ":" without a space after it is text.
    const text = 'a: x#y # note\nb: "q #" # after\nc: http://h:80/p#f\nd: k:v\ne:  #only a comment\nf: g #\n  #\n';
    assert.equal(fastDifference(text).difference, undefined);
    assert.deepEqual(parseYamlFast(text)!.root!.toValue(), { a: 'x#y', b: 'q #', c: 'http://h:80/p#f', d: 'k:v', e: null, f: 'g' });
  });

  it('agrees on a comment inside a multi-line plain scalar (the scalar ends there)', () => {
    const text = 'a:\n  b: one\n  c: A long\n    te #xt continued\n    here\n  d: 4\n';
    assert.equal(fastDifference(text).difference, undefined);
  });
});
