// npm start: the product in real VS Code, as a newcomer first sees it. One line per step, the
// tools' own output only when a step fails. Every start serves a fresh copy of examples/petstore
// from a scratch folder outside the repository (edits and Fix all never touch the repository's
// copy), with code-server's config, data and extensions there too, nothing in $HOME. The
// workbench opens openapi.yaml with the Problems panel, without walkthrough or prompts.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();
const scratch = join(tmpdir(), 'openapi-30-tools-start');
const workspace = join(scratch, 'workspace');
const userData = join(scratch, 'user-data');
const extensions = join(scratch, 'extensions');
const codeServer = join(root, '.tools', 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js');
const port = process.env.PORT ?? '8080';

/** Runs a step's command quietly; on failure, prints what it said and stops. START_TIMING=1: each step's time. */
function step(label, cmd, args, options = {}) {
  process.stdout.write(`  ${label}...\n`);
  const t = performance.now();
  const r = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (r.status !== 0) {
    process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}\n${label} failed (${cmd} ${args.join(' ')})\n`);
    process.exit(1);
  }
  if (process.env.START_TIMING) process.stdout.write(`    ${Math.round(performance.now() - t)} ms\n`);
}

console.log('OpenAPI Tools in VS Code (code-server), on the bundled example:');
const installed = existsSync(join(root, '.tools', 'code-server', 'node_modules', '.bin', 'code-server'));
step(installed ? 'checking code-server' : 'installing code-server (first run, 1 to 2 min)', 'bash', [join(root, 'scripts', 'ensure-code-server.sh'), '--no-browser']);
// Packaging takes about 10 s: done again only when what goes into the package changed.
const vsix = join(root, 'openapi-30-tools.vsix');
const stamp = join(root, '.tools', 'start', 'package-inputs.sha256');
const inputs = packageInputsHash();
if (existsSync(vsix) && existsSync(stamp) && readFileSync(stamp, 'utf8') === inputs) {
  process.stdout.write('  the extension package is up to date\n');
} else {
  step('packaging the extension', process.execPath, [join(root, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies',
    '--no-rewrite-relative-links', '--out', vsix]);
  // Packaging minifies dist/: back to the development bundles the tests and debugging use.
  step('restoring the development build', process.execPath, [join(root, 'scripts', 'build.mjs')]);
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, inputs);
}

process.stdout.write(`  copying the example to ${workspace}...\n`);
rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
cpSync(join(root, 'examples', 'petstore'), workspace, { recursive: true });
for (const d of ['tmp', 'config', 'data', 'cache', join('user-data', 'User'), 'extensions']) mkdirSync(join(scratch, d), { recursive: true });
// The scratch profile's settings: open on the example, not on VS Code's welcome and walkthroughs;
// no git, update, telemetry or recommendation prompts.
writeFileSync(join(userData, 'User', 'settings.json'), JSON.stringify({
  'workbench.startupEditor': 'none',
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.tips.enabled': false,
  'git.enabled': false,
  'git.openRepositoryInParentFolders': 'never',
  'extensions.ignoreRecommendations': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'security.workspace.trust.enabled': false,
}, null, 2));
const env = {
  ...process.env,
  TMPDIR: join(scratch, 'tmp'), XDG_CONFIG_HOME: join(scratch, 'config'), XDG_DATA_HOME: join(scratch, 'data'), XDG_CACHE_HOME: join(scratch, 'cache'),
};
const profile = ['--user-data-dir', userData, '--extensions-dir', extensions];
const setup = demoSetupExtension();
step('installing the extension into code-server', process.execPath, [codeServer, ...profile,
  '--install-extension', vsix, '--install-extension', setup, '--force'], { env });

process.stdout.write('  starting code-server...\n');
const server = spawn(process.execPath, [codeServer, ...profile, '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`, '--disable-telemetry',
  '--disable-update-check', '--disable-workspace-trust', '--disable-getting-started-override', workspace], { env, stdio: ['ignore', 'pipe', 'pipe'] });
let log = '';
let printed = false;
const onData = (chunk) => {
  log += chunk;
  const m = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
  if (m && !printed) {
    printed = true;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`\nOpen ${m[1]}/ (ready in ${seconds} s)`);
    console.log(`The example has mistakes to find. It is a fresh copy in ${workspace}: edit freely, the next npm start`);
    console.log('resets it. Ctrl+C stops the server.');
  }
};
server.stdout.on('data', onData);
server.stderr.on('data', onData);
server.on('exit', (code) => {
  if (!printed) {
    process.stderr.write(`${log}\ncode-server stopped before it served the workbench`);
    process.stderr.write(/EADDRINUSE/.test(log) ? ` (port ${port} is in use: stop the other server, or PORT=8081 npm start)\n` : '\n');
  }
  process.exit(code ?? 0);
});
process.on('SIGINT', () => server.kill('SIGINT'));
process.on('SIGTERM', () => server.kill('SIGTERM'));

/** A hash of every file the package is built from (sources, grammar, rule pages, manifest). */
function packageInputsHash() {
  const hash = createHash('sha256');
  const add = (path) => {
    if (statSync(path).isDirectory()) for (const name of readdirSync(path).sort()) add(join(path, name));
    else hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0');
  };
  for (const input of ['server/src', 'client/src', 'syntaxes', 'docs/rules', 'images', 'package.json', 'package-lock.json', 'README.md', 'LICENSE',
    '.vscodeignore', 'scripts/build.mjs']) {
    if (existsSync(join(root, input))) add(join(root, input));
  }
  return hash.digest('hex');
}

/**
 * A two-line extension for the scratch profile only (never part of the product): at start it
 * opens openapi.yaml and shows the Problems panel, which no user setting can do. Packaged once
 * into .tools/ and again only when its source changes.
 */
function demoSetupExtension() {
  const main = [
    "const vscode = require('vscode');",
    'exports.activate = async () => {',
    '  const folder = vscode.workspace.workspaceFolders?.[0];',
    '  if (!folder) return;',
    "  await vscode.window.showTextDocument(vscode.Uri.joinPath(folder.uri, 'openapi.yaml'), { preview: false });",
    "  await vscode.commands.executeCommand('workbench.actions.view.problems');",
    "  await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');",
    '};',
    '',
  ].join('\n');
  const manifest = JSON.stringify({
    name: 'openapi-demo-setup', displayName: 'OpenAPI demo set-up (npm start only)', publisher: 'openapi-30-tools', version: '0.0.1',
    engines: { vscode: '^1.100.0' }, activationEvents: ['onStartupFinished'], main: './extension.js',
  }, null, 2);
  const hash = createHash('sha256').update(main).update(manifest).digest('hex').slice(0, 12);
  const dir = join(root, '.tools', 'start', 'demo-setup');
  const vsix = join(dir, `openapi-demo-setup-${hash}.vsix`);
  if (existsSync(vsix)) return vsix;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'extension.js'), main);
  writeFileSync(join(dir, 'package.json'), manifest);
  writeFileSync(join(dir, 'README.md'), 'Opens the example and the Problems panel when `npm start` serves it.\n');
  step('packaging the workbench set-up (first run)', process.execPath, [join(root, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package',
    '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', vsix], { cwd: dir });
  return vsix;
}
