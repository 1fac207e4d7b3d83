// The editor's re-check after a member is added to or removed from an object (a pasted field
// line, a key typed on a new line) equals a fresh full check. Such an edit keeps the last
// analysis when the member holds no OpenAPI object, and rules that read none of the fields it
// changed keep their findings (Rule.readsValue): these edits, in every rule's fixtures, hold
// those declarations to what the rules read.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { describe, it } from 'node:test';
import { LineIndex } from '../../../server/src/syntax/line-index';
import { detectFormat, parseText } from '../../../server/src/syntax/parse';
import { SyntaxNode } from '../../../server/src/syntax/tree';
import { REPO_ROOT } from '../../helpers/paths';
import { rootFixtures } from '../../helpers/fixtures';
import { describeAll, fixtureSession, freshFindings, random } from '../../helpers/recheck';

/** Members whose presence rules read: fields of Operations, Parameters, Schemas, Tags, Links... */
const MEMBERS = [
  'x-edited: true', 'description: d', 'summary: s', 'deprecated: true', 'operationId: listPets', 'operationId: getPet',
  'tags: [pets]', 'required: true', 'required: false', 'in: header', 'in: path', 'name: id', 'name: Authorization', 'type: string',
  'type: integer', 'format: int32', 'nullable: true', 'default: x', 'example: 1', 'enum: [a, 1]', 'style: form', 'explode: true',
  'additionalProperties: false', 'readOnly: true', 'writeOnly: true', 'title: t', 'propertyName: kind', 'scheme: bearer',
  'url: http://example.com', 'allowEmptyValue: true', 'allowReserved: true', 'minimum: 3', 'maximum: 1', 'minLength: 4',
  'maxLength: 2', 'const: 1', 'version: 1.0.0', 'title: API', 'value: v', 'externalValue: x.json', 'pattern: "["',
  'bearerFormat: JWT', 'openIdConnectUrl: http://example.com', 'operationRef: "#/paths/~1pets/get"', 'contentType: text/plain',
];

/** Members of block mappings (YAML), in text order. */
function blockMembers(root: SyntaxNode | undefined): SyntaxNode[] {
  const found: SyntaxNode[] = [];
  const stack = root ? [root] : [];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.parent?.kind === 'object' && !n.parent.flow && n.keyOffset >= 0) found.push(n);
    if (n.children) for (const c of n.children) stack.push(c);
  }
  return found.sort((a, b) => a.keyOffset - b.keyOffset);
}

/**
 * A member added above a member of the same mapping (or below one that follows a `- `), a
 * one-line member removed, or one replaced by another (`- name: x` becoming `- summary: s`).
 */
function memberEdit(text: string, root: SyntaxNode | undefined, next: () => number): { offset: number; length: number; newText: string } | undefined {
  const members = blockMembers(root);
  if (members.length === 0) return undefined;
  const member = members[Math.floor(next() * members.length)];
  const lineStart = text.lastIndexOf('\n', member.keyOffset - 1) + 1;
  const lineEnd = text.indexOf('\n', member.keyOffset) < 0 ? text.length : text.indexOf('\n', member.keyOffset);
  const column = member.keyOffset - lineStart;
  const ownLine = /^ *$/.test(text.slice(lineStart, member.keyOffset));
  const oneLine = !member.children && member.end <= lineEnd;
  const siblings = new Set(member.parent!.children!.map((c) => c.key));
  const choices = MEMBERS.filter((m) => !siblings.has(m.slice(0, m.indexOf(':'))));
  const line = choices[Math.floor(next() * choices.length)];
  const roll = next();
  if (oneLine && roll < 0.25 && ownLine) return { offset: lineStart, length: Math.min(lineEnd + 1, text.length) - lineStart, newText: '' };
  if (oneLine && roll < 0.5) return { offset: member.keyOffset, length: member.end - member.keyOffset, newText: line };
  if (ownLine) return { offset: lineStart, length: 0, newText: ' '.repeat(column) + line + '\n' };
  return oneLine ? { offset: lineEnd, length: 0, newText: '\n' + ' '.repeat(column) + line } : undefined;
}

describe('incremental re-check after members added and removed', () => {
  const ruleDirs = fs.readdirSync(path.join(REPO_ROOT, 'test', 'rules')).sort();
  const outcomes = { checks: 0, reused: 0 };
  for (const rule of ruleDirs) {
    it(`equals a fresh check after members added and removed in the fixtures of ${rule}`, () => {
      const dir = path.join(REPO_ROOT, 'test', 'rules', rule);
      for (const { file } of rootFixtures(dir)) {
        if (detectFormat(file, '') === 'json') continue;
        // Seeded by the path inside the repository: the same edits on every machine.
        const next = random(path.relative(REPO_ROOT, file).length * Number(process.env.RECHECK_SEED ?? 104729));
        const { session, doc } = fixtureSession(dir, file);
        for (let i = 0; i < 25; i++) {
          const edit = memberEdit(doc.text, parseText(doc.text, 'yaml').root, next);
          if (!edit) continue;
          const lines = new LineIndex(doc.text);
          session.applyChanges(doc, [{ range: { start: lines.positionAt(edit.offset), end: lines.positionAt(edit.offset + edit.length) }, text: edit.newText }]);
          if (next() < 0.3) continue;
          const result = session.check(file);
          outcomes.checks++;
          if (result.analysisReused) outcomes.reused++;
          assert.deepEqual(describeAll(session.results.get(file)!.diagnostics), freshFindings(session, file), `${path.basename(file)} after edit ${i}: ${JSON.stringify(edit)}`);
        }
      }
    });
  }

  // Every one-line member of every rule's fixtures, replaced by an extension and put back: a
  // rule that reads whether a field is there, and does not say so, keeps a stale finding.
  for (const rule of ruleDirs) {
    it(`equals a fresh check after each one-line member of the fixtures of ${rule} is taken out and put back`, () => {
      const dir = path.join(REPO_ROOT, 'test', 'rules', rule);
      for (const { file } of rootFixtures(dir)) {
        if (detectFormat(file, '') === 'json') continue;
        const { session, doc } = fixtureSession(dir, file);
        const count = blockMembers(parseText(doc.text, 'yaml').root).length;
        for (let i = 0; i < count; i++) {
          const member = blockMembers(parseText(doc.text, 'yaml').root)[i];
          const lineEnd = doc.text.indexOf('\n', member.keyOffset) < 0 ? doc.text.length : doc.text.indexOf('\n', member.keyOffset);
          if (member.children || member.end > lineEnd) continue;
          const written = doc.text.slice(member.keyOffset, member.end);
          for (const [offset, length, newText] of [[member.keyOffset, written.length, 'x-out: 1'], [member.keyOffset, 'x-out: 1'.length, written]] as const) {
            const lines = new LineIndex(doc.text);
            session.applyChanges(doc, [{ range: { start: lines.positionAt(offset), end: lines.positionAt(offset + length) }, text: newText }]);
            session.check(file);
            assert.deepEqual(describeAll(session.results.get(file)!.diagnostics), freshFindings(session, file), `${path.basename(file)}: ${JSON.stringify(written)} -> ${JSON.stringify(newText)}`);
          }
        }
      }
    });
  }

  it('reused the last analysis after many of those edits', () => {
    assert.ok(outcomes.reused > outcomes.checks / 10, `the analysis was reused in ${outcomes.reused} of ${outcomes.checks} checks`);
  });
});
