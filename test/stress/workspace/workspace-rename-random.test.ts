// Randomized renames over the fixture workspace: each renames a random component (schemas,
// parameters, responses, security schemes, in a root or in the shared document) to a random valid
// name, applies the edits to the files, and checks every root afresh: no `ref-unresolved`, and the
// same findings as before the renames once names are mapped back.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { describe, it } from 'node:test';
import { diskFiles } from '../../../server/src/io/read-file';
import { checkDocument } from '../../../server/src/check/checker';
import { DocumentStore } from '../../../server/src/model/documents';
import { RULES } from '../../../server/src/rules/index';
import { renameSymbol } from '../../../server/src/services/rename';
import { SymbolAt } from '../../../server/src/services/symbol-at';
import { applyEdits } from '../../../server/src/syntax/edit';
import { detectFormat, parseText } from '../../../server/src/syntax/parse';
import { indexFile } from '../../../server/src/workspace/file-index';
import { WorkspaceIndex } from '../../../server/src/workspace/workspace-index';
import { REPO_ROOT } from '../../helpers/paths';

const RENAMES = Number(process.env.RANDOM_RENAMES ?? 40);
const SEED = Number(process.env.RANDOM_SEED ?? 20261110);

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full) : /\.(ya?ml|json)$/.test(e.name) ? [full] : [];
  });
}

function indexOf(file: string): ReturnType<typeof indexFile> {
  const text = fs.readFileSync(file, 'utf8');
  return indexFile(file, parseText(text, detectFormat(file, text)));
}

/** Every root checked afresh from disk: `file:line rule message`, sorted. */
function findings(dir: string, index: WorkspaceIndex): string[] {
  const store = new DocumentStore(diskFiles);
  const seen = new Set<string>();
  for (const file of index.all()) {
    if (!file.root) continue;
    for (const d of checkDocument(store, file.path, { rules: RULES, skipNonOpenApi: true, workspace: index }).diagnostics) {
      seen.add(`${path.relative(dir, d.doc.path)}:${d.doc.lineIndex.positionAt(d.offset).line + 1} ${d.rule} ${d.message}`);
    }
  }
  return [...seen].sort();
}

describe('random renames of components across the workspace', () => {
  it(`keeps every reference resolving and every other finding (${RENAMES} renames, seed ${SEED})`, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-renames-'));
    fs.cpSync(path.join(REPO_ROOT, 'test', 'fixtures', 'workspace'), dir, { recursive: true });
    const index = new WorkspaceIndex();
    for (const file of filesUnder(dir)) index.set(indexOf(file));
    const before = findings(dir, index);
    assert.ok(before.some((f) => f.includes('unused-component')), 'the fixture has findings to compare');
    const next = random(SEED);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
    /** Current name -> the name it had in the fixture. */
    const original = new Map<string, string>();
    for (let i = 0; i < RENAMES; i++) {
      const candidates = [...index.all()].flatMap((file) => index.definitionsOf(file.path).map((definition) => ({ file, definition })));
      const { file, definition } = pick(candidates);
      const newName = `Zq${i}${pick(['', '.v2', '_b', '-c', 'Item'])}`;
      const symbol: SymbolAt = file.root && definition.pointer[1] === 'securitySchemes'
        ? { kind: 'scheme', name: definition.name, file: file.path, origin: { offset: 0, length: 0 } }
        : { kind: 'definition', file: file.path, pointer: definition.pointer, name: definition.name, origin: { offset: 0, length: 0 } };
      const result = renameSymbol(index, file.path, symbol, newName);
      assert.ok(!('error' in result), `renaming ${definition.pointer.join('/')} to ${newName}: ${'error' in result ? result.error : ''}`);
      for (const [changed, edits] of result.edits) {
        fs.writeFileSync(changed, applyEdits(fs.readFileSync(changed, 'utf8'), edits));
        index.set(indexOf(changed));
      }
      original.set(newName, original.get(definition.name) ?? definition.name);
      original.delete(definition.name);
      const after = findings(dir, index);
      const unresolved = after.filter((f) => / ref-unresolved /.test(f));
      assert.deepEqual(unresolved, [], `after renaming ${definition.pointer.join('/')} to ${newName}`);
      const longestFirst = [...original].sort((a, b) => b[0].length - a[0].length);
      const named = after.map((f) => longestFirst.reduce((text, [now, was]) => text.split(now).join(was), f)).sort();
      assert.deepEqual(named, before, `after renaming ${definition.pointer.join('/')} to ${newName}`);
    }
  });
});
