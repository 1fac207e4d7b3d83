// npm run test:electron: the end-to-end suite in desktop VS Code via @vscode/test-electron, where
// VS Code can be downloaded (it cannot on the development machines here: use npm run test:e2e).
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';
import { runTests } from '@vscode/test-electron';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
await build({ entryPoints: [join(root, 'test', 'e2e', 'suite.ts')], outfile: join(root, 'dist', 'test', 'e2e', 'index.js'), bundle: true, platform: 'node', format: 'cjs', external: ['vscode', 'mocha'], logLevel: 'warning' });
const workspace = join(mkdtempSync(join(tmpdir(), 'openapi-electron-')), 'workspace');
cpSync(join(root, 'examples', 'petstore'), workspace, { recursive: true });
await runTests({
  extensionDevelopmentPath: root,
  extensionTestsPath: join(root, 'dist', 'test', 'e2e', 'index.js'),
  launchArgs: [workspace, '--disable-extensions', '--skip-welcome', '--disable-workspace-trust'],
});
