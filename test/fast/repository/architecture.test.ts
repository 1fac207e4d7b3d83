// The layers of docs/dev/architecture.md, held by the imports: each folder of server/src imports
// only the folders below it, only the server knows LSP, and inside the server runtime/ knows
// nothing of state/ or handlers/. A new import that crosses a layer upwards fails here, naming it.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../helpers/paths';

const SOURCE = path.join(REPO_ROOT, 'server', 'src');

/** The layers, lowest first; a folder may import its own and those before it. */
const LAYERS: readonly (readonly string[])[] = [
  ['syntax'], ['model'], ['io'], ['workspace'], ['check'], ['rules'], ['diff'], ['services'], ['cli', 'server'],
];

/** Inside server/: its parts, lowest first (the top-level files of server/ are lsp-types.ts and main.ts). */
const SERVER_LAYERS: readonly (readonly string[])[] = [['runtime'], ['transport', 'lsp-types.ts'], ['state'], ['handlers'], ['main.ts']];

function rank(layers: readonly (readonly string[])[], part: string): number {
  return layers.findIndex((names) => names.includes(part));
}

interface Import {
  from: string;
  to: string;
  line: number;
}

/** Every relative import and every package import of the TypeScript files under a folder. */
function imports(dir: string): { relative: Import[]; packages: Import[] } {
  const relative: Import[] = [];
  const packages: Import[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith('.ts')) {
        fs.readFileSync(p, 'utf8').split('\n').forEach((text, i) => {
          for (const m of text.matchAll(/(?:^import|^export)[^'"]*from '([^']+)'|require\('([^']+)'\)/g)) {
            const spec = m[1] ?? m[2];
            const entry = { from: p, to: spec, line: i + 1 };
            if (spec.startsWith('.')) relative.push({ ...entry, to: path.resolve(path.dirname(p), spec) });
            else packages.push(entry);
          }
        });
      }
    }
  };
  walk(dir);
  return { relative, packages };
}

const where = (i: Import) => `${path.relative(REPO_ROOT, i.from)}:${i.line} imports ${path.relative(REPO_ROOT, i.to)}`;

describe('architecture', () => {
  const { relative, packages } = imports(SOURCE);

  it('has every folder of server/src in a layer', () => {
    const folders = fs.readdirSync(SOURCE, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    assert.deepEqual(folders.filter((f) => rank(LAYERS, f) < 0), []);
    const serverParts = fs.readdirSync(path.join(SOURCE, 'server'));
    assert.deepEqual(serverParts.filter((p) => rank(SERVER_LAYERS, p) < 0), [], 'every part of server/ is in a layer');
  });

  it('imports only downwards between the folders of server/src', () => {
    const upwards = relative.filter((i) => {
      const [from, to] = [i.from, i.to].map((p) => path.relative(SOURCE, p).split(path.sep)[0]);
      return from !== to && rank(LAYERS, to) >= rank(LAYERS, from);
    });
    assert.deepEqual(upwards.map(where), []);
  });

  it('imports only downwards inside the server: runtime < transport < state < handlers < main', () => {
    const serverDir = path.join(SOURCE, 'server');
    const partOf = (p: string) => path.relative(serverDir, p.endsWith('.ts') ? p : p + '.ts').split(path.sep)[0];
    const upwards = relative.filter((i) => {
      if (!i.from.startsWith(serverDir + path.sep) || !i.to.startsWith(serverDir + path.sep)) return false;
      const [from, to] = [partOf(i.from), partOf(i.to)];
      return from !== to && rank(SERVER_LAYERS, to) >= rank(SERVER_LAYERS, from);
    });
    assert.deepEqual(upwards.map(where), []);
  });

  it('lets only the server know LSP', () => {
    const lsp = packages.filter((i) => /^vscode-languageserver/.test(i.to) && !i.from.startsWith(path.join(SOURCE, 'server') + path.sep));
    assert.deepEqual(lsp.map((i) => `${path.relative(REPO_ROOT, i.from)}:${i.line} imports ${i.to}`), []);
  });

  it('keeps rules one file each, importing no other layer than check, model and syntax below them', () => {
    const rules = relative.filter((i) => i.from.startsWith(path.join(SOURCE, 'rules') + path.sep));
    const outside = rules.filter((i) => !['check', 'model', 'syntax', 'rules'].includes(path.relative(SOURCE, i.to).split(path.sep)[0]));
    assert.deepEqual(outside.map(where), []);
  });

  it('keeps every test file in a tier, and the in-process tiers free of processes and installs', () => {
    const TIERS = ['fast', 'stress', 'protocol', 'end-to-end'];
    const FAST_FOLDERS = [...LAYERS.flat().filter((l) => l !== 'cli'), 'repository', 'client'];
    const misplaced: string[] = [];
    const spawning: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.test.ts')) {
          const [tier, folder] = path.relative(path.join(REPO_ROOT, 'test'), full).split(path.sep);
          if (!TIERS.includes(tier) || (['fast', 'stress'].includes(tier) && !FAST_FOLDERS.includes(folder))) misplaced.push(path.relative(REPO_ROOT, full));
          const text = fs.readFileSync(full, 'utf8');
          // The fast tier runs with nothing built but the bundles and nothing installed.
          // (This file names what it looks for.)
          if (['fast', 'stress'].includes(tier) && entry.name !== 'architecture.test.ts' && /from 'node:child_process'|from 'child_process'|helpers\/(lsp-client|cli|corpus)'/.test(text)) spawning.push(path.relative(REPO_ROOT, full));
        }
      }
    };
    walk(path.join(REPO_ROOT, 'test'));
    assert.deepEqual(misplaced, [], 'test files go in test/fast/<layer>/, test/stress/<layer>/, test/protocol/ or test/end-to-end/');
    assert.deepEqual(spawning, [], 'fast and stress tests start no process: move them to test/protocol/ or test/end-to-end/');
  });
});
