// The language server as the benches start it: dist/server.js (or another build) over stdio, with
// the answers a client gives to the server's own requests. Each bench adds the notifications it
// watches, then calls connection.listen().
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The environment the VS Code extension starts the server with (client/src/extension.ts). */
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' };

/**
 * A reader of the server's messages with no timer for a partial one: vscode-jsonrpc arms it again
 * for good, and a server killed in the middle of a message would keep this process alive (see
 * test/helpers/lsp-client.ts).
 */
export function serverReader(stdout) {
  const reader = new StreamMessageReader(stdout);
  reader.partialMessageTimeout = 0;
  return reader;
}

/**
 * Starts a server. `settings`: what it reads as its `openapi30` settings; `stderr`: 'pipe' to read
 * it (traces), 'inherit' to show it; `nodeArgs`: before the script (profiling); `env`: added.
 */
export function startBenchServer({ script = join(root, 'dist', 'server.js'), nodeArgs = [], env = {}, settings = {}, stderr = 'inherit' } = {}) {
  const server = spawn(process.execPath, [...nodeArgs, script, '--stdio'], { stdio: ['pipe', 'pipe', stderr], env: { ...process.env, ...env } });
  const connection = createMessageConnection(serverReader(server.stdout), new StreamMessageWriter(server.stdin));
  connection.onRequest('workspace/configuration', () => [settings]);
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onRequest('workspace/codeLens/refresh', () => null);
  return { server, connection };
}

/** Shuts a server down, waiting up to `waitMs` for it to exit (a profiling server writes its profile then). */
export async function stopBenchServer({ server, connection }, waitMs = 5000) {
  await connection.sendRequest('shutdown').catch(() => undefined);
  const exited = new Promise((resolve) => server.once('exit', resolve));
  await connection.sendNotification('exit').catch(() => undefined);
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, waitMs))]);
  connection.dispose();
  server.kill();
}
