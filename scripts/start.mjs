// npm start: the product in real VS Code. Installs code-server (once), packages and installs the
// extension, and serves the bundled example workspace on 127.0.0.1, printing the URL.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args, options = {}) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
};
run('bash', ['scripts/ensure-code-server.sh']);
run('npm', ['run', 'package', '--silent']);
run(process.execPath, ['scripts/build.mjs']); // back to the unminified development bundles

const home = join(root, '.tools', 'start');
const workspace = join(home, 'workspace');
if (!existsSync(workspace)) cpSync(join(root, 'examples', 'petstore'), workspace, { recursive: true });
for (const d of ['user-data', 'extensions', 'tmp']) mkdirSync(join(home, d), { recursive: true });
const entry = join(root, '.tools', 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js');
const common = ['--user-data-dir', join(home, 'user-data'), '--extensions-dir', join(home, 'extensions')];
const env = { ...process.env, TMPDIR: join(home, 'tmp') };
run(process.execPath, [entry, ...common, '--install-extension', join(root, 'openapi-30-tools.vsix'), '--force'], { env });

const port = process.env.PORT ?? '8080';
const server = spawn(process.execPath, [entry, ...common, '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`, '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', workspace], { env, stdio: ['ignore', 'pipe', 'pipe'] });
let printed = false;
const onData = (chunk) => {
  const m = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(String(chunk));
  if (m && !printed) {
    printed = true;
    console.log(`\nOpenAPI 3.0 Tools in VS Code: open ${m[1]}/?folder=${encodeURIComponent(workspace)}\n(the example workspace has mistakes to find; Ctrl+C stops the server)\n`);
  }
};
server.stdout.on('data', onData);
server.stderr.on('data', onData);
server.on('exit', (code) => process.exit(code ?? 0));
process.on('SIGINT', () => server.kill('SIGINT'));
