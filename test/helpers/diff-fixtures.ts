// Diff fixtures: test/diff/<kind>/<case>/ holds base/ and new/ (each a root openapi.yaml or
// openapi.json and the files it references) and changes.txt, the exact change list expected:
//
//   <level> <kind> <operation or -> base=<file>:<line>:<char>-<line>:<char> new=... :: <message>
//
// one line per change in the order reported, positions 0-based (as in the JSON report), files
// relative to their side's folder. test/diff/no-change/ holds versions that differ only in form.
import * as fs from 'fs';
import * as path from 'path';
import { diffSides, DiffResult } from '../../server/src/diff/diff';
import { createSide } from '../../server/src/diff/side';
import { Change, Place } from '../../server/src/diff/types';
import { diskFiles } from '../../server/src/io/read-file';
import { DocumentStore, isLoadFailure } from '../../server/src/model/documents';
import { fixturePath } from './paths';

export const DIFF_FIXTURES = fixturePath('diff');
export const NO_CHANGE = 'no-change';

export interface DiffCase {
  /** The folder under test/diff/: a change kind, or no-change. */
  kind: string;
  name: string;
  dir: string;
  /** Root file names in base/ and new/ (`openapi.yaml`, `openapi.json`). */
  baseRoot: string;
  newRoot: string;
}

export function rootIn(sideDir: string): string {
  const root = ['openapi.yaml', 'openapi.yml', 'openapi.json'].find((f) => fs.existsSync(path.join(sideDir, f)));
  if (!root) throw new Error(`${sideDir} has no openapi.yaml or openapi.json`);
  return root;
}

export function diffCases(kind?: string): DiffCase[] {
  const kinds = kind ? [kind] : fs.readdirSync(DIFF_FIXTURES).sort();
  return kinds.flatMap((k) => {
    const dir = path.join(DIFF_FIXTURES, k);
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .sort()
      .map((name) => {
        const caseDir = path.join(dir, name);
        return {
          kind: k,
          name,
          dir: caseDir,
          baseRoot: rootIn(path.join(caseDir, 'base')),
          newRoot: rootIn(path.join(caseDir, 'new')),
        };
      });
  });
}

export interface LineRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

const range = (r: LineRange) => `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;

/** One expected line from a change's parts (files relative to their side's folder). */
export function changeLine(c: {
  level: string;
  id: string;
  operation?: string;
  message: string;
  base?: { file: string; range: LineRange };
  new?: { file: string; range: LineRange };
}): string {
  const side = (name: string, place?: { file: string; range: LineRange }) =>
    place ? ` ${name}=${place.file}:${range(place.range)}` : '';
  return `${c.level} ${c.id} ${c.operation ?? '-'}${side('base', c.base)}${side('new', c.new)} :: ${c.message}`;
}

function placeOf(place: Place | undefined, sideDir: string) {
  if (!place) return undefined;
  const lines = place.doc.lineIndex;
  return {
    file: path.relative(sideDir, place.doc.path).split(path.sep).join('/'),
    range: { start: lines.positionAt(place.offset), end: lines.positionAt(place.offset + place.length) },
  };
}

/** The case's changes through the diff layer, as expected lines. */
export function runCase(c: DiffCase): { lines: string[]; result: DiffResult } {
  const side = (which: 'base' | 'new', root: string) => {
    const store = new DocumentStore(diskFiles);
    const doc = store.get(path.join(c.dir, which, root));
    if (isLoadFailure(doc)) throw new Error(doc.message);
    return createSide(store, doc);
  };
  const result = diffSides(side('base', c.baseRoot), side('new', c.newRoot));
  const lines = result.changes.map((change: Change) =>
    changeLine({
      level: change.level,
      id: change.kind,
      operation: change.operation,
      message: change.message,
      base: placeOf(change.base, path.join(c.dir, 'base')),
      new: placeOf(change.new, path.join(c.dir, 'new')),
    }),
  );
  return { lines, result };
}

export function expectedLines(c: DiffCase): string[] {
  const file = path.join(c.dir, 'changes.txt');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
}
