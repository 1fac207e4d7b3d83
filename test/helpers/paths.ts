import * as fs from 'fs';
import * as path from 'path';

function findRepoRoot(from: string): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${from}`);
    dir = up;
  }
  return dir;
}

// Tests run from bundles under dist/; the repository root is the folder with package.json.
export const REPO_ROOT = findRepoRoot(__dirname);
export const CLI = path.join(REPO_ROOT, 'dist', 'cli.js');
export const fixturePath = (...parts: string[]) => path.join(REPO_ROOT, 'test', ...parts);
