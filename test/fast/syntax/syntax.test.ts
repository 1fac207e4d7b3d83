// The syntax layer: one tree for YAML and JSON, offsets at the right characters, edits that keep
// the author's formatting.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyEdits, appendItem, composeEdits, insertMember, removeNode, renameKey, replaceScalar, TextEdit } from '../../../server/src/syntax/edit';
import { LineIndex, lineIndexSteps } from '../../../server/src/syntax/line-index';
import { parseText } from '../../../server/src/syntax/parse';
import { ParsedText, SyntaxNode } from '../../../server/src/syntax/tree';
import { sortSteps } from '../../../server/src/syntax/steps';

function shape(node: SyntaxNode | undefined): unknown {
  if (!node) return undefined;
  return { kind: node.kind, pointer: node.pointer, value: node.kind === 'object' || node.kind === 'array' ? undefined : node.value, children: node.children?.map(shape) };
}

const YAML = `openapi: '3.0.3'
paths:
  /users/{id}:
    get:
      tags: [a, b]
      responses:
        200:
          description: OK
`;
const JSON_TEXT = `{"openapi": "3.0.3", "paths": {"/users/{id}": {"get": {"tags": ["a", "b"], "responses": {"200": {"description": "OK"}}}}}}`;

describe('syntax trees', () => {
  it('are the same for YAML and JSON, with JSON Pointers', () => {
    const y = parseText(YAML, 'yaml');
    const j = parseText(JSON_TEXT, 'json');
    assert.deepEqual(y.errors, []);
    assert.deepEqual(j.errors, []);
    assert.deepEqual(shape(y.root), shape(j.root));
    const get = y.root!.get('paths')!.get('/users/{id}')!.get('get')!;
    assert.equal(get.pointer, '/paths/~1users~1{id}/get');
    assert.deepEqual(get.path, ['paths', '/users/{id}', 'get']);
  });

  it('read a key half typed above a member as a key without a value, and keep the member', () => {
    // The yaml package reads `descr` and the `responses:` line below as one key (an error).
    const text = 'get:\n  operationId: a\n  descr\n  x-y\n  responses:\n    default: {description: OK}\n';
    const parsed = parseText(text, 'yaml');
    const get = parsed.root!.get('get')!;
    assert.deepEqual(get.children!.map((c) => [c.key, c.kind, text.slice(c.keyOffset, c.keyOffset + c.keyLength)]), [
      ['operationId', 'string', 'operationId'], ['descr', 'null', 'descr'], ['x-y', 'null', 'x-y'], ['responses', 'object', 'responses'],
    ]);
    assert.equal(get.get('descr')!.offset, text.indexOf('descr') + 5);
    assert.deepEqual(parsed.errors.map((e) => [e.message, e.offset]), [['Implicit keys need to be on a single line.', text.indexOf('descr')]]);
    // More indented, a line continues a plain scalar as before.
    const folded = parseText('a:\n  descr\n    more\n', 'yaml');
    assert.equal(folded.root!.get('a')!.value, 'descr more');
  });

  it('keep key and value offsets, and how YAML keys were written', () => {
    const y = parseText(YAML, 'yaml');
    const response = y.root!.get('paths')!.get('/users/{id}')!.get('get')!.get('responses')!.get('200')!;
    assert.equal(YAML.slice(response.keyOffset, response.keyOffset + response.keyLength), '200');
    assert.equal(response.keyKind, 'number');
    const version = y.root!.get('openapi')!;
    assert.equal(YAML.slice(version.offset, version.end), "'3.0.3'");
    assert.equal(version.style, 'single');
    const j = parseText(JSON_TEXT, 'json');
    const tag = j.root!.get('paths')!.get('/users/{id}')!.get('get')!.get('tags')!.at(1)!;
    assert.equal(JSON_TEXT.slice(tag.offset, tag.end), '"b"');
    assert.equal(tag.key, 1);
  });

  it('decode JSON escapes and report errors at the exact characters', () => {
    const j = parseText('{"a\\u0041": "x\\ny"}', 'json');
    assert.equal(j.root!.get('aA')!.value, 'x\ny');
    const broken = parseText('{"a": 1,, "b": 2}', 'json');
    assert.deepEqual(broken.errors.map((e) => [e.offset, e.message]), [[8, 'Property name expected.']]);
    assert.equal(broken.root?.get('b')?.value, 2, 'the tolerant parser keeps the rest of the tree');
  });

  it('report duplicate keys in YAML and JSON', () => {
    for (const [text, format] of [['a: 1\na: 2\n', 'yaml'], ['{"a": 1, "a": 2}', 'json']] as const) {
      const parsed = parseText(text, format);
      assert.deepEqual(parsed.errors.map((e) => [e.code, text.slice(e.offset, e.offset + e.length)]), [['DUPLICATE_KEY', format === 'json' ? '"a"' : 'a']]);
    }
  });

  it('read YAML 1.2 core schema scalars', () => {
    const y = parseText('a: yes\nb: 2020-01-01\nc: 0x1F\nd: ~\ne: 1e3\n', 'yaml');
    assert.deepEqual(y.root!.toValue(), { a: 'yes', b: '2020-01-01', c: 31, d: null, e: 1000 });
  });
});

describe('YAML errors', () => {
  it('one line that fits nowhere is one error for the rest of the document, not one per token after it', () => {
    const lines = ['openapi: 3.0.0', 'info:', '  title: T', '  version: v2', 'paths:', '  /:', '    get:', '      responses:', "        '200':",
      '          description: OK', '          content:', '            application/json:', '              examples:', '                foo:',
      '                   value: {', '                    "versions": [1, 2]', '                  }', "        '300':", '          description: More', ''];
    const text = lines.join('\n');
    const brace = text.indexOf('                  }') + 18;
    assert.deepEqual(parseText(text, 'yaml').errors.map((e) => [e.offset, e.length, e.message]), [
      [brace, 1, 'Flow map in block collection must be sufficiently indented and end with a }.'],
      [brace, 1, 'The rest of the document cannot be read from here: "}" fits nowhere in the structure above it. Check the indentation of this line and of the lines just above.'],
    ]);
  });

  it('says in its own words that a second document starts at a "---" line', () => {
    for (const text of ["openapi: 3.0.3\npaths: {}\n---\n", "openapi: 3.0.3\npaths: {}\n---\nfoo: 1\n"]) {
      assert.deepEqual(parseText(text, 'yaml').errors.map((e) => [e.offset, e.length, e.message]), [
        [text.indexOf('---'), 3, 'A second YAML document starts here, but a description is one document: remove this "---" line, or move what follows it to a file of its own.'],
      ]);
    }
  });

  it('reads a document indented with tabs as laid out (a tab as two spaces), with one error for the tabs', () => {
    const spaces = "openapi: 3.0.3\npaths:\n  /pets:\n    get:\n      parameters:\n        - name: limit\n          in: query\n";
    const tabs = spaces.replace(/^( +)/gm, (indent) => '\t'.repeat(indent.length / 2));
    const parsed = parseText(tabs, 'yaml');
    assert.deepEqual(shape(parsed.root), shape(parseText(spaces, 'yaml').root));
    assert.deepEqual(parsed.errors.map((e) => [e.offset, e.message]), [
      [tabs.indexOf('\t'), 'YAML does not allow tabs in indentation, and 5 lines are indented with tabs: indent with spaces. The document is read as if each tab were two spaces.'],
    ]);
    const parameter = parsed.root!.get('paths')!.get('/pets')!.get('get')!.get('parameters')!.at(0)!;
    assert.equal(tabs.slice(parameter.get('in')!.keyOffset, parameter.get('in')!.end), 'in: query', 'offsets are the tab text\'s');
  });

  it('reads a quoted string whose lines start at column 0 (a pasted certificate) as js-yaml does, with one error for it', () => {
    const indented = 'a:\n  cert: "-----BEGIN-----\n   MIIF\n   -----END-----"\n  b: 1\nc: [x]\n';
    const pasted = 'a:\n  cert: "-----BEGIN-----\nMIIF\n-----END-----"\n  b: 1\nc: [x]\n';
    for (const text of [pasted, pasted.replace(/^ {2}/gm, '\t')]) {
      const parsed = parseText(text, 'yaml');
      assert.deepEqual(shape(parsed.root), shape(parseText(indented, 'yaml').root));
      assert.equal(parsed.root!.get('a')!.get('cert')!.value, '-----BEGIN----- MIIF -----END-----');
      const open = text.indexOf('"');
      assert.deepEqual(parsed.errors.filter((e) => e.code === 'QUOTED_INDENT').map((e) => [e.offset, e.length, e.message]), [
        [open, '"-----BEGIN-----'.length, 'The lines of this string after its first must be indented further than the line it starts on: it is read as if they were, each line break as a space. To keep its line breaks (a certificate), write it as a block scalar ("|") instead.'],
      ]);
      const b = parsed.root!.get('a')!.get('b')!;
      assert.equal(text.slice(b.keyOffset, b.end), 'b: 1', 'offsets are the text\'s');
      const cert = parsed.root!.get('a')!.get('cert')!;
      assert.equal(text.slice(cert.offset, cert.end), '"-----BEGIN-----\nMIIF\n-----END-----"');
    }
    // In a sequence's entry (past its "- "), after an escaped line break, and with CRLF line ends
    // and a comment after the closing quote.
    for (const [text, key, value] of [
      ['list:\n  - description: "abc\ndef"\n    name: x\n', 'name', 'abc def'],
      ['a:\n  s: "abc \\\ndef"\n  name: x\n', 'name', 'abc def'],
      ['a:\r\n  s: "abc\r\ndef" # note\r\n  name: x\r\n', 'name', 'abc def'],
    ]) {
      const parsed = parseText(text, 'yaml');
      assert.deepEqual(parsed.errors.map((e) => e.code), ['QUOTED_INDENT'], JSON.stringify(text));
      const holder = parsed.root!.children![0].kind === 'array' ? parsed.root!.children![0].at(0)! : parsed.root!.children![0];
      assert.equal(holder.children!.find((c) => c.key !== key)!.value, value, JSON.stringify(text));
      const named = holder.get(key)!;
      assert.equal(text.slice(named.keyOffset, named.end), `${key}: x`, JSON.stringify(text));
    }
    // A string whose lines would need more spaces than the text holds is left unclosed (a line
    // indented 10,000 columns, 150 lines below it at column 0).
    const deep = ' '.repeat(10_000) + 'title: "x\n' + 'y\n'.repeat(150) + 'z"\n';
    assert.match(parseText(deep, 'yaml').errors[0].message, /^This string is never closed/);
    // A line that reads as a key is structure: the string stays unclosed, as the yaml package reads it.
    const keyBelow = "a:\n  ref: './x:\n  b: 1\nc: 'later'\n";
    assert.match(parseText(keyBelow, 'yaml').errors[0].message, /^This string is never closed/);
    // So is one with more after its closing quote on that line.
    const trailing = 'a:\n  s: "x\ny" z\n';
    const [first] = parseText(trailing, 'yaml').errors;
    assert.deepEqual([first.offset, first.message.slice(0, 27)], [trailing.indexOf('"'), 'This string is never closed']);
  });
});

describe('YAML merge keys', () => {
  const MERGED = [
    'common: &common', "  '401': {description: Not authenticated}", "  '500': {description: Server error}",
    'one:', '  <<: *common', "  '200': {description: OK}",
    'two:', "  <<: [*common, {'404': {description: Not found}}]", "  '500': {description: Ours}", '',
  ].join('\n');
  const members = (node: SyntaxNode) => node.children!.map((c) => `${c.key}@${c.keyOffset}`);

  it('merge the members of an alias, at the places of their source text', () => {
    const parsed = parseText(MERGED, 'yaml');
    assert.deepEqual(parsed.errors, []);
    const one = parsed.root!.get('one')!;
    const source = parsed.root!.get('common')!;
    assert.deepEqual(members(one), [`401@${source.get('401')!.keyOffset}`, `500@${source.get('500')!.keyOffset}`, `200@${MERGED.indexOf("'200'")}`]);
    assert.equal(one.get('401')!.get('description')!.value, 'Not authenticated');
    assert.equal(one.get('401')!.parent, one);
  });

  it('keep the mapping\'s own members over merged ones, and earlier sources over later ones', () => {
    const two = parseText(MERGED, 'yaml').root!.get('two')!;
    assert.deepEqual(two.children!.map((c) => c.key), ['401', '404', '500']);
    assert.equal(two.get('500')!.get('description')!.value, 'Ours');
    assert.equal(two.get('404')!.get('description')!.value, 'Not found');
  });

  it('report a merge of something that is no mapping', () => {
    const text = 'a: &a 1\nb:\n  <<: *a\n  c: 2\n';
    const parsed = parseText(text, 'yaml');
    assert.deepEqual(parsed.errors.map((e) => [e.offset, e.message]), [[text.indexOf('*a'), 'A merge key "<<" takes a mapping, an alias of one, or a list of them.']]);
    assert.deepEqual(parsed.root!.get('b')!.children!.map((c) => c.key), ['c']);
  });
});

describe('line index', () => {
  it('converts offsets to UTF-16 line/character and back, for \\n and \\r\\n', () => {
    const text = 'a: é😀\r\nb: 1\nc';
    const lines = new LineIndex(text);
    assert.deepEqual(lines.positionAt(text.indexOf('b')), { line: 1, character: 0 });
    assert.deepEqual(lines.positionAt(text.indexOf('\r')), { line: 0, character: 6 });
    assert.equal(lines.offsetAt({ line: 2, character: 0 }), text.indexOf('c'));
  });

  it('builds the same index in steps as at once, pausing over a long text', () => {
    const long = Array.from({ length: 200_000 }, (_, i) => `line ${i}`).join('\n');
    for (const text of ['', 'a', 'a\nb\n', 'a\r\nb\rc\n', long]) {
      const steps = lineIndexSteps({ text });
      let pauses = 0;
      let step = steps.next();
      for (; !step.done; step = steps.next()) pauses++;
      const once = new LineIndex(text);
      for (const offset of [0, 1, Math.floor(text.length / 2), text.length - 1, text.length]) {
        assert.deepEqual(step.value.positionAt(offset), once.positionAt(offset), `${JSON.stringify(text.slice(0, 12))} at ${offset}`);
      }
      assert.equal(step.value.lineCount, once.lineCount);
      if (text === long) assert.ok(pauses >= 2, `${pauses} pauses`);
    }
  });

  it('reads a character past the end of a line as the end of the line, before its line break', () => {
    const text = 'ab\r\ncd\nef\rgh';
    const lines = new LineIndex(text);
    assert.equal(lines.offsetAt({ line: 0, character: 99 }), text.indexOf('\r\n'));
    assert.equal(lines.offsetAt({ line: 1, character: 3 }), text.indexOf('\nef'));
    assert.equal(lines.offsetAt({ line: 2, character: 2 }), text.indexOf('\rgh'));
    assert.equal(lines.offsetAt({ line: 3, character: 99 }), text.length);
    assert.equal(lines.offsetAt({ line: 9, character: 0 }), text.length);
  });

  it('reads an offset between the \\r and the \\n of a line break as the end of the line', () => {
    const text = 'ab\r\ncd';
    assert.deepEqual(new LineIndex(text).positionAt(3), { line: 0, character: 2 });
    assert.deepEqual(new LineIndex(text).positionAt(4), { line: 1, character: 0 });
  });

  it('moved through an edit, equals the index built from the new text (random edits over every kind of line break)', () => {
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    const pieces = ['a', 'b', '\n', '\r', '\r\n', 'xyz', '\n\n', ' '];
    const somePieces = (most: number) => Array.from({ length: random(most) }, () => pieces[random(pieces.length)]).join('');
    const starts = (index: LineIndex) => Array.from({ length: index.lineCount }, (_, line) => index.lineStart(line));
    for (let n = 0; n < 5000; n++) {
      const text = somePieces(12);
      const offset = random(text.length + 1);
      const removed = random(text.length - offset + 1);
      const inserted = somePieces(4);
      const next = text.slice(0, offset) + inserted + text.slice(offset + removed);
      const moved = new LineIndex(text).afterEdit(next, offset, removed, inserted);
      const fresh = new LineIndex(next);
      assert.deepEqual(starts(moved), starts(fresh), JSON.stringify({ text, offset, removed, inserted }));
      // Positions too: between a CR and its LF is the end of the line, which needs the CR known.
      for (let at = 0; at <= next.length; at++) assert.deepEqual(moved.positionAt(at), fresh.positionAt(at), JSON.stringify({ next, at }));
      for (let line = 0; line < fresh.lineCount; line++) assert.equal(moved.offsetAt({ line, character: 99 }), fresh.offsetAt({ line, character: 99 }));
    }
  });

  it('moved through hundreds of edits of a long text, one after the other, equals the index built from the last text', () => {
    // 30,000 lines: the index is kept in chunks of some thousands, which the edits split and join.
    let seed = 11;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    let text = Array.from({ length: 30_000 }, (_, i) => `line ${i}${i % 7 === 0 ? '\r\n' : '\n'}`).join('');
    let index = new LineIndex(text);
    const pasted = Array.from({ length: 9_000 }, (_, i) => `pasted ${i}\n`).join('');
    for (let n = 0; n < 300; n++) {
      const offset = random(text.length + 1);
      // Mostly keystrokes and line breaks; now and then thousands of lines pasted or removed.
      const kind = random(20);
      const removed = kind === 0 ? Math.min(text.length - offset, random(200_000)) : random(3);
      const inserted = kind === 1 ? pasted : ['x', '\n', '\r\n', '', 'ab\ncd'][random(5)];
      const next = text.slice(0, offset) + inserted + text.slice(Math.min(text.length, offset + removed));
      index = index.afterEdit(next, offset, Math.min(removed, text.length - offset), inserted);
      text = next;
      const fresh = new LineIndex(text);
      assert.equal(index.lineCount, fresh.lineCount, `line count after edit ${n}`);
      for (let k = 0; k < 50; k++) {
        const line = random(fresh.lineCount);
        assert.equal(index.lineStart(line), fresh.lineStart(line), `start of line ${line} after edit ${n}`);
        const at = random(text.length + 1);
        assert.deepEqual(index.positionAt(at), fresh.positionAt(at), `offset ${at} after edit ${n}`);
      }
    }
  });
});

describe('edits', () => {
  const run = (text: string, format: 'yaml' | 'json', edit: (p: ParsedText) => ReturnType<typeof insertMember>) => {
    const parsed = parseText(text, format);
    return applyEdits(text, [edit(parsed)]);
  };

  it('insert a member at the indentation of its siblings (YAML block, flow, JSON)', () => {
    assert.equal(run('info:\n    title: T\nx: 1\n', 'yaml', (p) => insertMember(p, p.root!.get('info')!, 'version', '1.0')), "info:\n    title: T\n    version: '1.0'\nx: 1\n");
    assert.equal(run('info: {title: T}\n', 'yaml', (p) => insertMember(p, p.root!.get('info')!, 'version', 'v1')), 'info: {title: T, version: v1}\n');
    assert.equal(run('{\n  "info": {\n    "title": "T"\n  }\n}', 'json', (p) => insertMember(p, p.root!.get('info')!, 'version', '1')), '{\n  "info": {\n    "title": "T",\n    "version": "1"\n  }\n}');
    assert.equal(run('- name: a\n  in: query\n', 'yaml', (p) => insertMember(p, p.root!.at(0)!, 'schema', { type: 'string' })), '- name: a\n  in: query\n  schema:\n    type: string\n');
  });

  it('remove a member or an item with its lines or separator', () => {
    assert.equal(run('a: 1\nb:\n  c: 2\nd: 3\n', 'yaml', (p) => removeNode(p, p.root!.get('b')!)), 'a: 1\nd: 3\n');
    assert.equal(run('- name: a\n  in: path\n', 'yaml', (p) => removeNode(p, p.root!.at(0)!.get('name')!)), '- in: path\n');
    assert.equal(run('{"a": 1, "b": 2, "c": 3}', 'json', (p) => removeNode(p, p.root!.get('c')!)), '{"a": 1, "b": 2}');
    assert.equal(run('{"a": 1, "b": 2}', 'json', (p) => removeNode(p, p.root!.get('a')!)), '{"b": 2}');
    assert.equal(run('x:\n  - 1\n  - 2\n', 'yaml', (p) => removeNode(p, p.root!.get('x')!.at(0)!)), 'x:\n  - 2\n');
  });

  it('append an item, rename a key and replace a scalar keeping quotes', () => {
    assert.equal(run('x:\n  - a\n', 'yaml', (p) => appendItem(p, p.root!.get('x')!, { name: 'b', in: 'path' })), 'x:\n  - a\n  - name: b\n    in: path\n');
    assert.equal(run("'GET': 1\n", 'yaml', (p) => renameKey(p, p.root!.get('GET')!, 'get')), "'get': 1\n");
    assert.equal(run('a: "x"\n', 'yaml', (p) => replaceScalar(p, p.root!.get('a')!, 'y')), 'a: "y"\n');
    assert.equal(run('a: x\n', 'yaml', (p) => replaceScalar(p, p.root!.get('a')!, 'true')), "a: 'true'\n");
  });
});

describe('edits of edits, as one list', () => {
  function random(seed: number): () => number {
    let s = seed >>> 0;
    return () => ((s = (Math.imul(s ^ (s >>> 15), 2246822507) + 0x9e3779b9) >>> 0) / 2 ** 32);
  }
  /** Edits of a text of `length` that do not overlap (nor two at one offset), in a random order. */
  function randomEdits(length: number, next: () => number): TextEdit[] {
    const edits: TextEdit[] = [];
    let at = Math.floor(next() * 4);
    while (at <= length) {
      const removed = Math.min(length - at, Math.floor(next() * 4));
      const added = ['', 'x', 'yz', 'QRS'][Math.floor(next() * 4)];
      if (removed > 0 || added) edits.push({ offset: at, length: removed, newText: added });
      at += removed + 1 + Math.floor(next() * 6);
    }
    return edits.sort(() => next() - 0.5);
  }

  it('make the text both lists make, in order, as edits of the first text that do not overlap', () => {
    const next = random(7);
    let merged = 0;
    for (let round = 0; round < 2_000; round++) {
      const original = 'abcdefghijklmnopqrstuvwxyz0123456789'.slice(0, Math.floor(next() * 36));
      const first = randomEdits(original.length, next);
      const between = applyEdits(original, first);
      const second = randomEdits(between.length, next);
      const composed = composeEdits(first, second, between);
      const label = JSON.stringify({ original, first, second, composed });
      assert.equal(applyEdits(original, composed), applyEdits(between, second), label);
      for (let i = 1; i < composed.length; i++) {
        const [a, b] = [composed[i - 1], composed[i]];
        assert.ok(a.offset + a.length <= b.offset && !(a.offset === b.offset && (a.length === 0 || b.length === 0)), `sorted, apart: ${label}`);
      }
      assert.ok(composed.length <= first.length + second.length, label);
      if (composed.length < first.length + second.length) merged++;
    }
    assert.ok(merged > 200, `edits that touch were merged ${merged} times`);
  });

  it('keeps apart the edits of the second list that touch none of the first', () => {
    const original = 'one two three four';
    const first = [{ offset: 4, length: 3, newText: 'TWO' }];
    const between = applyEdits(original, first);
    const composed = composeEdits(first, [{ offset: 0, length: 3, newText: '1' }, { offset: 14, length: 4, newText: '4' }], between);
    assert.deepEqual(composed, [{ offset: 0, length: 3, newText: '1' }, { offset: 4, length: 3, newText: 'TWO' }, { offset: 14, length: 4, newText: '4' }]);
  });
});

describe('sorting in steps', () => {
  it('sorts like Array.prototype.sort, stable, pausing between runs and merges', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    for (const count of [0, 1, 4096, 4097, 10_000, 50_000]) {
      // Few distinct keys: stability shows in the order of equal keys.
      const items = Array.from({ length: count }, (_, i) => ({ key: Math.floor(random() * 100), at: i }));
      const compare = (a: { key: number }, b: { key: number }) => a.key - b.key;
      const expected = [...items].sort(compare);
      const steps = sortSteps([...items], compare);
      let pauses = 0;
      let step = steps.next();
      for (; !step.done; step = steps.next()) pauses++;
      assert.deepEqual(step.value, expected, `${count} items`);
      if (count > 4096) assert.ok(pauses >= Math.ceil(count / 4096), `${count} items: ${pauses} pauses`);
    }
  });
});
