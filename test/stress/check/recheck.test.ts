// The editor's incremental re-check equals a fresh full check: after random edits (lines added,
// removed and re-indented, characters typed in any value or key), the findings the session
// reports with kept findings of untouched objects are exactly those a new check of the same texts
// reports: rule, range, message, fixes and related places.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { after, describe, it } from 'node:test';
import { DocumentStore } from '../../../server/src/model/documents';
import { checkDocument } from '../../../server/src/check/checker';
import { RULES } from '../../../server/src/rules/index';
import { Diagnostic } from '../../../server/src/check/types';
import { OpenDocument, Session } from '../../../server/src/server/state/session';
import { LineIndex } from '../../../server/src/syntax/line-index';
import { detectFormat, parseText } from '../../../server/src/syntax/parse';
import { SyntaxNode } from '../../../server/src/syntax/tree';
import { REPO_ROOT } from '../../helpers/paths';
import { rootFixtures } from '../../helpers/fixtures';
import { describeAll, fixtureSession, freshFindings, freshSession, random } from '../../helpers/recheck';
import { withAliases } from '../../helpers/yaml-aliases';


/** The findings a check keeps per unit for the next one, duplicates included. */
const findingsKept = (result: { perUnit?: ReadonlyMap<unknown, readonly Diagnostic[]> }) =>
  [...(result.perUnit?.values() ?? [])].reduce((n, list) => n + list.length, 0);

const LINES = ['type: strin', 'deprecated: true', 'minimum: 5', 'maximum: 1', 'in: query', 'style: form', 'x-note: 1', '- item', 'required: [a]', 'nullable: true', '', 'enum: [1, b]', 'format: int32', 'default: x'];
const TYPED = 'abcxyz019 _-';

/** One random edit of a text: a line added, removed or re-indented, or a character in a value. */
function randomEdit(text: string, next: () => number): { offset: number; length: number; newText: string } {
  const roll = next();
  if (roll < 0.5) {
    const scalars: SyntaxNode[] = [];
    const stack = [parseText(text, 'yaml').root].filter((n): n is SyntaxNode => Boolean(n));
    while (stack.length) {
      const n = stack.pop()!;
      if (!n.children) scalars.push(n);
      else stack.push(...n.children);
    }
    const node = scalars[Math.floor(next() * scalars.length)];
    if (node) {
      const at = node.offset + Math.floor(next() * (node.length + 1));
      return next() < 0.3 && node.length > 0 ? { offset: Math.min(at, node.end - 1), length: 1, newText: '' } : { offset: at, length: 0, newText: TYPED[Math.floor(next() * TYPED.length)] };
    }
  }
  const starts = [0];
  for (let j = text.indexOf('\n'); j >= 0 && j < text.length - 1; j = text.indexOf('\n', j + 1)) starts.push(j + 1);
  const start = starts[Math.floor(next() * starts.length)];
  const end = text.indexOf('\n', start) < 0 ? text.length : text.indexOf('\n', start);
  const indent = /^ */.exec(text.slice(start))![0].length;
  if (roll < 0.8) {
    const depth = Math.max(0, indent + [0, 0, 2, -2][Math.floor(next() * 4)]);
    return { offset: end, length: 0, newText: '\n' + ' '.repeat(depth) + LINES[Math.floor(next() * LINES.length)] };
  }
  if (roll < 0.9) return { offset: start, length: Math.min(end + 1, text.length) - start, newText: '' };
  return next() < 0.5 ? { offset: start, length: 0, newText: ' ' } : { offset: start, length: Math.min(1, indent), newText: '' };
}

describe('incremental re-check', () => {
  const cases = [
    ['examples/petstore/openapi.yaml', 'examples/petstore/schemas.yaml'],
    ['node_modules/@readme/oas-examples/3.0/yaml/petstore.yaml'],
    ['node_modules/@readme/oas-examples/3.0/yaml/schema-validation.yaml'],
    ['node_modules/@readme/oas-examples/3.0/yaml/parameters-style.yaml'],
    ['node_modules/@readme/oas-examples/3.0/yaml/readme-extensions.yaml'],
    ['node_modules/@readme/oas-examples/3.0/yaml/response-examples.yaml'],
    ['node_modules/@readme/oas-examples/3.0/yaml/schema-enums.yaml'],
  ];
  // The same with anchors and aliases: the blocks after them are reparsed alone, the copies stay.
  const aliased = [['node_modules/@readme/oas-examples/3.0/yaml/petstore.yaml'], ['node_modules/@readme/oas-examples/3.0/yaml/schema-validation.yaml']];
  for (const files of [...cases, ...aliased]) {
    const withAnchors = aliased.includes(files);
    it(`equals a fresh check after 150 random edits of ${files.map((f) => path.basename(f)).join(' and ')}${withAnchors ? ' with aliases' : ''}`, () => {
      const next = random(files[0].length * (withAnchors ? 7 : 31337));
      const paths = files.map((f) => path.join(REPO_ROOT, f));
      const root = paths[0];
      const session = new Session();
      for (const [i, p] of paths.entries()) {
        const text = fs.readFileSync(p, 'utf8');
        session.open.set(pathToFileURL(p).href, { uri: pathToFileURL(p).href, path: p, version: i, text: withAnchors ? withAliases(text) : text });
      }
      session.check(root);
      let kept = 0;
      let checked = 0;
      let reusedChecks = 0;
      let undo: { doc: OpenDocument; edit: { offset: number; length: number; newText: string } } | undefined;
      for (let i = 0; i < 150; i++) {
        const doc = [...session.open.values()][Math.floor(next() * paths.length)];
        // Mostly edits that leave the YAML well formed (a broken file is parsed in full, which
        // starts the reuse over), some that break it, each undone by the next edit.
        if (undo) {
          const { doc: broken, edit: fix } = undo;
          undo = undefined;
          const lines = new LineIndex(broken.text);
          session.applyChanges(broken, [{ range: { start: lines.positionAt(fix.offset), end: lines.positionAt(fix.offset + fix.length) }, text: fix.newText }]);
          continue;
        }
        let edit = randomEdit(doc.text, next);
        const allowBroken = next() < 0.1;
        for (let tries = 0; tries < 20 && !allowBroken; tries++) {
          if (parseText(doc.text.slice(0, edit.offset) + edit.newText + doc.text.slice(edit.offset + edit.length), 'yaml').errors.length === 0) break;
          edit = randomEdit(doc.text, next);
        }
        const lines = new LineIndex(doc.text);
        const range = { start: lines.positionAt(edit.offset), end: lines.positionAt(edit.offset + edit.length) };
        const removed = doc.text.slice(edit.offset, edit.offset + edit.length);
        session.applyChanges(doc, [{ range, text: edit.newText }]);
        if (parseText(doc.text, 'yaml').errors.length > 0) undo = { doc, edit: { offset: edit.offset, length: edit.newText.length, newText: removed } };
        if (next() < 0.6) continue; // several edits between checks, as typing between debounces
        const result = session.check(root);
        checked += result.analysis?.objects.length ?? 0;
        kept += result.keptObjects ?? 0;
        if (result.analysisReused) reusedChecks++;
        const texts = new Map([...session.open.values()].map((d) => [d.path, d.text]));
        const fresh = checkDocument(new DocumentStore({ read: (p) => (texts.has(p) ? { text: texts.get(p)! } : { reason: 'missing', message: 'missing' }) }), root, { rules: RULES, skipNonOpenApi: true });
        assert.deepEqual(describeAll(session.results.get(root)!.diagnostics), describeAll(fresh.diagnostics), `after edit ${i}: ${JSON.stringify(edit)}`);
      }
      assert.ok(kept > checked / 3, `findings kept for ${kept} of ${checked} objects checked`);
      // Values typed and members without objects (`x-note: 1`, `deprecated: true`) keep the analysis.
      assert.ok(reusedChecks > 0, 'the last analysis was reused after some edits');
    });
  }

  // Every rule's own fixtures, with edits of values only (typing in names, ids, tags, types...):
  // the edits after which the last analysis is reused, and rules that do not read the values
  // edited keep their findings (Rule.readsValue), as do references nothing edited reaches.
  const ruleDirs = fs.readdirSync(path.join(REPO_ROOT, 'test', 'rules')).sort();
  const reuse = { checks: 0, reused: 0 };
  for (const rule of ruleDirs) {
    it(`equals a fresh check after edits of values in the fixtures of ${rule}`, () => {
      const dir = path.join(REPO_ROOT, 'test', 'rules', rule);
      for (const { file } of rootFixtures(dir)) {
        // Seeded by the path inside the repository: the same edits on every machine.
        const next = random(path.relative(REPO_ROOT, file).length * Number(process.env.RECHECK_SEED ?? 7919));
        const { session, doc } = fixtureSession(dir, file);
        for (let i = 0; i < 12; i++) {
          const scalars: SyntaxNode[] = [];
          const stack = [parseText(doc.text, detectFormat(file, doc.text)).root].filter((n): n is SyntaxNode => Boolean(n));
          while (stack.length) {
            const n = stack.pop()!;
            if (!n.children) scalars.push(n);
            else stack.push(...n.children);
          }
          const node = scalars[Math.floor(next() * scalars.length)];
          if (!node) break;
          const quoted = doc.text[node.offset] === '"' || doc.text[node.offset] === "'" ? 1 : 0;
          const at = node.offset + quoted + Math.floor(next() * (node.length - 2 * quoted + 1));
          const edit = next() < 0.3 && node.length > 2 * quoted + 1
            ? { offset: Math.min(at, node.end - quoted - 1), length: 1, newText: '' }
            : { offset: at, length: 0, newText: TYPED[Math.floor(next() * TYPED.length)] };
          const lines = new LineIndex(doc.text);
          session.applyChanges(doc, [{ range: { start: lines.positionAt(edit.offset), end: lines.positionAt(edit.offset + edit.length) }, text: edit.newText }]);
          if (next() < 0.4) continue;
          const result = session.check(file);
          reuse.checks++;
          if (result.analysisReused) reuse.reused++;
          // A new session given the same texts (files not open are read from the disk by both).
          const fresh = freshSession(session);
          const freshResult = fresh.check(file);
          assert.deepEqual(describeAll(session.results.get(file)!.diagnostics), describeAll(freshResult.diagnostics), `${path.basename(file)} after edit ${i}: ${JSON.stringify(edit)}`);
          // Findings kept twice would not show above (the engine reports each once) but pile up.
          assert.equal(findingsKept(result), findingsKept(freshResult), `${path.basename(file)} after edit ${i}: findings per unit`);
        }
      }
    });
  }

  // Deterministic: a character typed at each end of every string value of every rule's fixtures
  // (the edits a randomized pick may miss: one value of a fixture that decides a finding).
  for (const rule of ruleDirs) {
    it(`equals a fresh check after typing at either end of each string value in the fixtures of ${rule}`, () => {
      const dir = path.join(REPO_ROOT, 'test', 'rules', rule);
      for (const { file } of rootFixtures(dir)) {
        const { session, doc } = fixtureSession(dir, file);
        const original = parseText(doc.text, detectFormat(file, doc.text)).root;
        const strings: { offset: number; end: number }[] = [];
        const stack = original ? [original] : [];
        while (stack.length) {
          const n = stack.pop()!;
          if (n.kind === 'string') strings.push({ offset: n.offset, end: n.end });
          else if (n.children) stack.push(...n.children);
        }
        strings.sort((a, b) => a.offset - b.offset);
        const type = (offset: number, length: number, newText: string) => {
          const lines = new LineIndex(doc.text);
          session.applyChanges(doc, [{ range: { start: lines.positionAt(offset), end: lines.positionAt(offset + length) }, text: newText }]);
        };
        for (const { offset, end } of strings) {
          const quoted = doc.text[offset] === '"' || doc.text[offset] === "'" ? 1 : 0;
          for (const at of [offset + quoted, end - quoted]) {
            type(at, 0, 'q');
            const fresh = freshSession(session);
            const result = session.check(file);
            const where = `${path.basename(file)} after typing at ${at} in ${JSON.stringify(doc.text.slice(offset, end + 1))}`;
            assert.deepEqual(describeAll(result.diagnostics), describeAll(fresh.check(file).diagnostics), where);
            type(at, 1, '');
          }
        }
      }
    });
  }

  it('reused the last analysis in most of those checks', () => {
    assert.ok(reuse.reused > reuse.checks / 3, `the analysis was reused in ${reuse.reused} of ${reuse.checks} checks`);
  });

  it('a pasted field line is parsed alone and keeps the analysis; a pasted Parameter does not', () => {
    const file = path.join(REPO_ROOT, 'examples', 'pasted.yaml');
    const text = [
      'openapi: 3.0.3', 'info:', '  title: T', '  version: 1.0.0', 'paths:', '  /pets:', '    get:', '      operationId: listPets',
      '      responses:', "        '200':", '          description: OK', '',
    ].join('\n');
    const session = new Session();
    const doc = { uri: pathToFileURL(file).href, path: file, version: 1, text };
    session.open.set(doc.uri, doc);
    session.check(file);
    const paste = (after: string, lines: string) => {
      const at = new LineIndex(doc.text).positionAt(doc.text.indexOf(after) + after.length);
      return session.applyChanges(doc, [{ range: { start: at, end: at }, text: lines }]);
    };
    const fresh = () => {
      const other = new Session();
      other.open.set(doc.uri, { ...doc });
      return describeAll(other.check(file).diagnostics);
    };
    assert.equal(paste('operationId: listPets', '\n      x-edited: true\n      deprecated: true'), 'recheck');
    const kept = session.check(file);
    assert.equal(kept.analysisReused, true);
    assert.deepEqual(describeAll(kept.diagnostics), fresh());
    assert.equal(paste('x-edited: true', '\n      parameters:\n        - {name: q, in: query}'), 'recheck');
    const walked = session.check(file);
    assert.equal(walked.analysisReused, false, 'a Parameter is an object: the analysis walks again');
    assert.equal(walked.analysis!.byKind.get('Parameter')?.length, 1);
    assert.deepEqual(describeAll(walked.diagnostics), fresh());
  });

  it('keeps example findings while referenced schemas stay, and checks them again when one changes', () => {
    const file = path.join(REPO_ROOT, 'examples', 'kept-example.yaml');
    const text = [
      'openapi: 3.0.3', 'info:', '  title: T', '  version: 1.0.0', 'paths:', '  /pets:', '    get:', '      operationId: listPets',
      '      responses:', "        '200':", '          description: OK', '          content:', '            application/json:',
      "              schema: {$ref: '#/components/schemas/Pet'}", '              example: {id: abc}',
      'components:', '  schemas:', '    Pet:', '      type: object', '      properties:', '        id:', '          type: integer', '',
    ].join('\n');
    const session = new Session();
    const doc = { uri: pathToFileURL(file).href, path: file, version: 1, text };
    session.open.set(doc.uri, doc);
    const exampleFindings = () => session.results.get(file)!.diagnostics.filter((d) => d.rule === 'example-valid').map((d) => [d.offset, d.message]);
    const typeAt = (needle: string, insert: string) => {
      const offset = doc.text.indexOf(needle) + needle.length;
      const lines = new LineIndex(doc.text);
      session.applyChanges(doc, [{ range: { start: lines.positionAt(offset), end: lines.positionAt(offset) }, text: insert }]);
    };
    // Count the rule's runs, to see its findings kept rather than found again.
    const rule = RULES.find((r) => r.id === 'example-valid')!;
    const original = rule.checkObject!;
    let runs = 0;
    rule.checkObject = (object, context) => (runs++, original.call(rule, object, context));
    after(() => (rule.checkObject = original));
    session.check(file);
    assert.deepEqual(exampleFindings(), [[text.indexOf('abc'), '"example.id": expected an integer, got a string.']]);
    assert.ok(runs > 0);
    runs = 0;
    // An operationId is no schema: the example's finding is kept, moved by the edit.
    typeAt('operationId: listPets', 'X');
    const kept = session.check(file);
    assert.ok(kept.keptObjects! > 0);
    assert.equal(runs, 0, 'example-valid ran on no object');
    assert.deepEqual(exampleFindings(), [[text.indexOf('abc') + 1, '"example.id": expected an integer, got a string.']]);
    // The referenced schema changes: the example is validated again and now passes.
    typeAt('          type: ', 'string\n          x-was: ');
    session.check(file);
    assert.ok(runs > 0, 'example-valid ran again');
    assert.equal(doc.text.includes('type: string'), true);
    assert.deepEqual(exampleFindings(), []);
  });
});

describe('a re-check stopped by a newer edit', () => {
  // Large enough that moving the analysis to the edited document takes several steps.
  const operations = 30_000;
  const lines = ['openapi: 3.0.3', 'info: {title: T, version: "1"}', 'paths:'];
  for (let i = 0; i < operations; i++) lines.push(`  /p${i}:`, '    get:', `      summary: s${i}`, `      operationId: op${i % 3000}`, "      responses: {'200': {description: OK}}");
  const text = lines.join('\n') + '\n';
  const file = path.join(REPO_ROOT, 'test', 'stopped-recheck.yaml');
  const uri = pathToFileURL(file).href;

  for (const stopAfter of [1, 2]) {
    it(`equals a fresh check when the last one stopped after ${stopAfter} steps, with or without an edit since`, () => {
      const session = new Session();
      session.open.set(uri, { uri, path: file, version: 1, text });
      session.check(file);
      const doc = session.open.get(uri)!;
      // A character typed in an operationId near the top (a value a rule reads, so the last analysis
      // is reused): every finding below moves by one character.
      const type = (line: number) => {
        const at = { line, character: doc.text.split('\n')[line].length };
        session.applyChanges(doc, [{ range: { start: at, end: at }, text: 'x' }]);
      };
      type(6);
      const steps = session.checkSteps(file);
      let finished = false;
      for (let i = 0; i < stopAfter && !finished; i++) finished = Boolean(steps.next().done);
      const result = session.check(file);
      if (!finished) assert.ok(result.analysisReused, 'the analysis of the stopped check was reused');
      assert.deepEqual(describeAll(result.diagnostics), freshFindings(session, file), 'no edit since the stopped check');
      type(11);
      const stopped = session.checkSteps(file);
      for (let i = 0; i < stopAfter && !stopped.next().done; i++);
      type(16);
      assert.deepEqual(describeAll(session.check(file).diagnostics), freshFindings(session, file), 'an edit since the stopped check');
      assert.ok(result.diagnostics.length >= 2990, `${result.diagnostics.length} findings (operationIds used twice)`);
    });
  }
});
