// An open document's index kept through edits equals a fresh index of the edited tree: after each
// of many random edits (typing in descriptions, `$ref`s, operationIds, tags and keys, new and
// removed lines, JSON members), every entry and every offset, in YAML and JSON.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { describe, it } from 'node:test';
import { reparseEdit } from '../../../server/src/syntax/incremental';
import { lineIndexOf } from '../../../server/src/syntax/line-index';
import { parseText } from '../../../server/src/syntax/parse';
import { ParsedText, SyntaxNode } from '../../../server/src/syntax/tree';
import { FileIndex, indexFile, lineStartArray } from '../../../server/src/workspace/file-index';
import { indexAfterEdit, OffsetMove, settleMoves } from '../../../server/src/workspace/index-edit';
import { REPO_ROOT } from '../../helpers/paths';

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s ^ (s >>> 15), 2246822507) + 0x9e3779b9) >>> 0) / 2 ** 32);
}

const TYPED = 'abcXYZ019 ._-/#';
const YAML_STRUCTURAL = ':#\'"{}[],\n';
const YAML_LINES = ['$ref: "#/components/schemas/Pet"', 'operationId: typed', 'tags: [a, b]', '- name: t', 'description: text', 'deprecated: true',
  'x-note: |', '  literal', 'type: object', 'properties:', '  id: {type: string}', 'mapping:', '  a: "#/components/schemas/A"', '- b', '', 'key:'];
const JSON_EDITS = ['"', ',', '{', '}', '[', ']', ':', '\n', '"x": 1,', '"$ref": "#/components/schemas/Pet",', '"operationId": "o",', '"tags": ["t"],', '"description": "d",'];
/** Keys whose values the index reads: typing is aimed there half the time. */
const READ = new Set(['$ref', 'operationId', 'operationRef', 'name', 'tags', 'mapping']);

function scalars(parsed: ParsedText): { read: SyntaxNode[]; other: SyntaxNode[] } {
  const read: SyntaxNode[] = [];
  const other: SyntaxNode[] = [];
  const stack = parsed.root ? [parsed.root] : [];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.children) stack.push(...n.children);
    else if (n.kind === 'string') (READ.has(String(n.key)) || READ.has(String(n.parent?.key)) ? read : other).push(n);
  }
  return { read, other };
}

function keyed(parsed: ParsedText): SyntaxNode[] {
  const nodes: SyntaxNode[] = [];
  const stack = parsed.root ? [parsed.root] : [];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.keyOffset >= 0 && n.keyLength > 0) nodes.push(n);
    if (n.children) stack.push(...n.children);
  }
  return nodes;
}

function randomEdit(parsed: ParsedText, next: () => number): { offset: number; length: number; newText: string } {
  const text = parsed.text;
  const pickOf = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
  const roll = next();
  if (roll < 0.45) {
    // Typing in a value: one the index reads half the time.
    const { read, other } = scalars(parsed);
    const target = pickOf(next() < 0.5 && read.length > 0 ? read : other);
    if (target) {
      const quote = target.style === 'plain' ? 0 : 1;
      const offset = target.offset + quote + Math.floor(next() * (target.length - 2 * quote + 1));
      const length = next() < 0.3 ? Math.min(1, target.end - quote - offset) : 0;
      return { offset, length, newText: length > 0 && next() < 0.5 ? '' : pickOf([...TYPED]) };
    }
  }
  if (roll < 0.55) {
    // Typing in a key.
    const target = pickOf(keyed(parsed));
    if (target) {
      const offset = target.keyOffset + Math.floor(next() * (target.keyLength + 1));
      return { offset, length: next() < 0.3 ? Math.min(1, target.keyOffset + target.keyLength - offset) : 0, newText: pickOf([...TYPED]) };
    }
  }
  const lineStarts = [0];
  for (let j = text.indexOf('\n'); j >= 0 && j < text.length - 1; j = text.indexOf('\n', j + 1)) lineStarts.push(j + 1);
  const lineStart = pickOf(lineStarts);
  const lineEnd = text.indexOf('\n', lineStart) < 0 ? text.length : text.indexOf('\n', lineStart);
  const indent = /^ */.exec(text.slice(lineStart))![0].length;
  if (parsed.format === 'json') {
    const at = lineStart + Math.floor(next() * (lineEnd - lineStart + 1));
    if (roll < 0.7) return { offset: lineEnd, length: 0, newText: '\n' + ' '.repeat(indent) + pickOf(JSON_EDITS) };
    if (roll < 0.8) return { offset: lineStart, length: Math.min(lineEnd + 1, text.length) - lineStart, newText: '' };
    return { offset: at, length: next() < 0.3 ? Math.min(2, lineEnd - at) : 0, newText: pickOf(JSON_EDITS) };
  }
  if (roll < 0.75) {
    const depth = Math.max(0, indent + pickOf([0, 0, 2, -2, 4]));
    return { offset: lineEnd, length: 0, newText: '\n' + ' '.repeat(depth) + pickOf(YAML_LINES) };
  }
  if (roll < 0.85) return { offset: lineStart, length: Math.min(lineEnd + 1, text.length) - lineStart, newText: '' };
  const at = lineStart + Math.floor(next() * (lineEnd - lineStart + 1));
  return { offset: at, length: next() < 0.3 ? Math.min(2, lineEnd - at) : 0, newText: pickOf([...TYPED, ...YAML_STRUCTURAL]) };
}

/** An index as plain data, its line starts as numbers whatever holds them, its references as entries (not their columns' layout). */
const plain = (index: FileIndex) => ({
  ...index, lines: Array.from(lineStartArray(index.lines)), refs: Array.from({ length: index.refs.length }, (_, i) => index.refs.copy(i)),
});

/** Equal indexes; else a message that names the first entry that differs. */
function assertSameIndex(actual: FileIndex, expected: FileIndex, label: string): void {
  const a = plain(actual) as unknown as Record<string, unknown>;
  const e = plain(expected) as unknown as Record<string, unknown>;
  for (const key of Object.keys(e)) {
    const [x, y] = [a[key], e[key]];
    if (Array.isArray(x) && Array.isArray(y) && key !== 'lines') {
      for (let i = 0; i < Math.max(x.length, y.length); i++) {
        assert.deepEqual(x[i], y[i], `${label}: ${key}[${i}] of ${x.length} (expected ${y.length})`);
      }
    }
    assert.deepEqual(x, y, `${label}: ${key}`);
  }
}

function followEdits(file: string, format: 'yaml' | 'json', edits: number) {
  const filePath = path.join(REPO_ROOT, file);
  const next = random(file.length * 7919 + edits + Number(process.env.INDEX_EDIT_SEED ?? 0));
  let parsed = parseText(fs.readFileSync(filePath, 'utf8'), format);
  let index = indexFile(filePath, parsed);
  const counts = { inPlace: 0, newIndex: 0, again: 0, fullParse: 0 };
  for (let i = 0; i < edits; i++) {
    const edit = randomEdit(parsed, next);
    const reparsed = reparseEdit(parsed, edit);
    if (!reparsed) {
      counts.fullParse++;
      const text = parsed.text;
      const expected = parseText(text.slice(0, edit.offset) + edit.newText + text.slice(edit.offset + edit.length), format);
      if (expected.errors.length === 0) (parsed = expected), (index = indexFile(filePath, parsed));
      continue;
    }
    parsed = reparsed.parsed;
    const kept = indexAfterEdit(index, edit, reparsed, lineIndexOf(parsed));
    const fresh = indexFile(filePath, parsed);
    if (!kept) {
      counts.again++;
      index = fresh;
      continue;
    }
    if (kept === index) counts.inPlace++;
    else counts.newIndex++;
    assertSameIndex(kept, fresh, `edit ${i} of ${file}: ${JSON.stringify(edit)}`);
    index = kept;
  }
  return counts;
}

/** More for a longer local run: INDEX_EDITS=5000 INDEX_EDIT_SEED=n. */
const EDITS = Number(process.env.INDEX_EDITS ?? 400);
const OAS = 'node_modules/@readme/oas-examples/3.0';
const EXAMPLES = ['petstore', 'discriminators', 'link-example', 'security-multiple', 'petstore-expanded', 'uspto'];

describe('an open document\'s index kept through edits', () => {
  for (const file of ['examples/petstore/openapi.yaml', 'examples/petstore/schemas.yaml', ...EXAMPLES.map((e) => `${OAS}/yaml/${e}.yaml`)]) {
    it(`equals a fresh index after each of ${EDITS} random edits of ${path.basename(file)} (YAML)`, () => {
      const counts = followEdits(file, 'yaml', EDITS);
      assert.ok(counts.inPlace >= 60, `in place ${JSON.stringify(counts)}`);
      assert.ok(counts.newIndex >= 10, `new index ${JSON.stringify(counts)}`);
    });
  }
  for (const file of EXAMPLES.map((e) => `${OAS}/json/${e}.json`)) {
    it(`equals a fresh index after each of ${EDITS} random edits of ${path.basename(file)} (JSON)`, () => {
      const counts = followEdits(file, 'json', EDITS);
      assert.ok(counts.inPlace >= 60, `in place ${JSON.stringify(counts)}`);
      assert.ok(counts.newIndex >= 10, `new index ${JSON.stringify(counts)}`);
    });
  }
});

/**
 * The server's way (WorkspaceFiles): typing in free text leaves moves pending until a request reads
 * the index. Runs of keystrokes at one place (typing on, deleting back), keystrokes elsewhere and
 * other edits; at random points the moves are applied and the index must equal a fresh one.
 */
function followEditsDeferred(name: string, text: string, format: 'yaml' | 'json', edits: number) {
  const filePath = path.join(REPO_ROOT, name);
  const next = random(name.length * 104729 + edits + Number(process.env.INDEX_EDIT_SEED ?? 0));
  let parsed = parseText(text, format);
  let index = indexFile(filePath, parsed);
  const pending: OffsetMove[] = [];
  const counts = { settled: 0, mostPending: 0, folded: 0 };
  let cursor: number | undefined;
  for (let i = 0; i < edits; i++) {
    const roll = next();
    let edit: { offset: number; length: number; newText: string };
    if (cursor !== undefined && roll < 0.7) {
      // Typing on, deleting back or forward, or typing after moving the cursor a little.
      const typed = 'ab c'[Math.floor(next() * 4)];
      if (roll < 0.35) edit = { offset: cursor, length: 0, newText: typed };
      else if (roll < 0.5) edit = { offset: cursor - 1, length: 1, newText: '' };
      else if (roll < 0.6) edit = { offset: cursor, length: 1, newText: '' };
      else edit = { offset: cursor + [-2, -1, 1, 2][Math.floor(next() * 4)], length: 0, newText: typed };
    } else if (roll < 0.85) {
      // A new run at the end of a value the index does not read, where members end: offsets there
      // move with the typing.
      const { other } = scalars(parsed);
      const target = other[Math.floor(next() * other.length)];
      const end = target ? target.end - (target.style === 'plain' ? 0 : 1) : 0;
      edit = target && target.style !== 'block' ? { offset: end, length: 0, newText: 'x' } : randomEdit(parsed, next);
    } else edit = randomEdit(parsed, next);
    const reparsed = reparseEdit(parsed, edit);
    const before = pending.length;
    if (!reparsed) {
      cursor = undefined;
      const was = parsed.text;
      const expected = parseText(was.slice(0, edit.offset) + edit.newText + was.slice(edit.offset + edit.length), format);
      if (expected.errors.length === 0) (parsed = expected), (index = indexFile(filePath, parsed)), (pending.length = 0);
      continue;
    }
    parsed = reparsed.parsed;
    const kept = indexAfterEdit(index, edit, reparsed, lineIndexOf(parsed), pending);
    const typedInText = reparsed.node === reparsed.replaced && reparsed.node.kind === 'string' && kept === index && pending.length > 0;
    cursor = typedInText ? edit.offset + edit.newText.length : undefined;
    if (cursor !== undefined && cursor - 1 <= reparsed.node.offset) cursor = undefined;
    if (pending.length > 0 && pending.length <= before) counts.folded++;
    counts.mostPending = Math.max(counts.mostPending, pending.length);
    if (!kept) {
      index = indexFile(filePath, parsed);
      pending.length = 0;
      continue;
    }
    index = kept;
    if (next() < 0.15 || i === edits - 1) {
      settleMoves(index, pending);
      counts.settled++;
      assertSameIndex(index, indexFile(filePath, parsed), `edit ${i} of ${name}: ${JSON.stringify(edit)}`);
    }
  }
  return counts;
}

/** Operations and schemas whose last member is free text: their entries end where typing goes on. */
function endingInText(format: 'yaml' | 'json'): string {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < 30; i++) {
    paths[`/p${i}`] = { get: { operationId: `op${i}`, responses: { 200: { $ref: `#/components/responses/R${i}` } }, summary: `Sum ${i}` } };
    schemas[`S${i}`] = { type: 'object', description: `About ${i}` };
  }
  const responses = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`R${i}`, { description: `Done ${i}` }]));
  const doc = { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths, components: { schemas, responses } };
  if (format === 'json') return JSON.stringify(doc, null, 2) + '\n';
  const yaml = (value: unknown, indent: string): string => Object.entries(value as Record<string, unknown>).map(([k, v]) =>
    typeof v === 'object' ? `${indent}${/^[\w]+$/.test(k) ? k : `'${k}'`}:\n${yaml(v, indent + '  ')}` : `${indent}${k}: ${k === '$ref' ? `'${v}'` : v}\n`).join('');
  return yaml(doc, '');
}

describe('an open document\'s index through typing whose moves wait for a request', () => {
  const cases: [string, string, 'yaml' | 'json'][] = [
    ['ending-in-text.yaml', endingInText('yaml'), 'yaml'],
    ['ending-in-text.json', endingInText('json'), 'json'],
    ...([['examples/petstore/openapi.yaml', 'yaml'], [`${OAS}/yaml/uspto.yaml`, 'yaml'], [`${OAS}/json/petstore-expanded.json`, 'json']] as const)
      .map(([file, format]): [string, string, 'yaml' | 'json'] => [file, fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'), format]),
  ];
  for (const [name, text, format] of cases) {
    it(`equals a fresh index whenever its moves are applied, through ${EDITS} edits of ${path.basename(name)}`, () => {
      const counts = followEditsDeferred(name, text, format, EDITS);
      // Edits the reparse declines in a broken text are dropped (above), and it declines every edit
      // below a line with an error and an open quote (syntax/incremental.ts, looseQuotedFrom).
      assert.ok(counts.settled >= 15, JSON.stringify(counts));
      assert.ok(counts.folded >= 20, `keystrokes folded into the last move ${JSON.stringify(counts)}`);
      assert.ok(counts.mostPending >= 2, `several moves pending at once ${JSON.stringify(counts)}`);
    });
  }
});

describe('an open document\'s index kept through an edit among thousands of members', () => {
  it('follows a path added among 12,000 and equals a fresh index (the re-walk counts each member once)', () => {
    const lines = ['openapi: 3.0.3', 'info: {title: T, version: "1"}', 'paths:'];
    for (let i = 0; i < 12_000; i++) lines.push(`  /p${i}:`, `    get: {operationId: op${i}, responses: {'200': {description: OK}}}`);
    const text = lines.join('\n') + '\n';
    const filePath = path.join(REPO_ROOT, 'many-paths.yaml');
    const parsed = parseText(text, 'yaml');
    const index = indexFile(filePath, parsed);
    // Typed at the end of /p5999's last line, as a user adds a path below it.
    const at = text.indexOf('  /p6000:') - 1;
    const edit = { offset: at, length: 0, newText: "\n  /added:\n    get: {operationId: added, responses: {'200': {description: OK}}}" };
    const reparsed = reparseEdit(parsed, edit)!;
    assert.ok(reparsed, 'the edit is reparsed in place');
    const kept = indexAfterEdit(index, edit, reparsed, lineIndexOf(reparsed.parsed));
    assert.ok(kept, 'the index follows the edit instead of being built again');
    assertSameIndex(kept, indexFile(filePath, reparsed.parsed), 'after adding /added');
    assert.equal(kept.operations.length, 12_001);
  });
});
