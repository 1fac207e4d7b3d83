// Bundles the CLI, the language server and the VS Code client into dist/ with esbuild.
// Type checking is its own step (`npm run typecheck`); esbuild only strips types.
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
// --production: minified bundles without source maps, for the .vsix.
const production = process.argv.includes('--production');
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  define: { PRODUCT_VERSION: JSON.stringify(pkg.version) },
  absWorkingDir: root,
  // jsonc-parser's UMD main hides its requires from bundlers; its ESM build bundles cleanly.
  mainFields: ['module', 'main'],
};
const entries = [
  // openapi-check: a small executable that runs the CLI's bundle from a code cache (server/src/cli/entry.ts).
  { entryPoints: ['server/src/cli/entry.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
  { entryPoints: ['server/src/cli/main.ts'], outfile: 'dist/cli-main.js' },
  // The worker processes of `openapi-check` (--jobs N, large files) run this next to cli.js: a launcher
  // that runs the worker's bundle from a code cache, as cli.js does cli-main.js.
  { entryPoints: ['server/src/cli/worker-entry.ts'], outfile: 'dist/cli-worker.js' },
  { entryPoints: ['server/src/cli/worker.ts'], outfile: 'dist/cli-worker-main.js' },
  { entryPoints: ['server/src/server/main.ts'], outfile: 'dist/server.js', banner: { js: '#!/usr/bin/env node' } },
  // The workspace indexing worker, started by the server (server/src/server/state/workspace.ts).
  { entryPoints: ['server/src/server/runtime/index-worker.ts'], outfile: 'dist/index-worker.js' },
  // The YAML parsing worker, for texts the fast reader leaves to the `yaml` package (server/src/server/runtime/parse-thread.ts).
  { entryPoints: ['server/src/server/runtime/parse-worker.ts'], outfile: 'dist/parse-worker.js' },
  // The Swagger 2.0 conversion worker (server/src/server/state/convert-thread.ts).
  { entryPoints: ['server/src/server/state/convert-worker.ts'], outfile: 'dist/convert-worker.js' },
  // The input worker, which reads and parses the server's LSP messages from stdin (server/src/server/transport/stdin-reader.ts).
  { entryPoints: ['server/src/server/transport/reader-worker.ts'], outfile: 'dist/reader-worker.js' },
  // The worker parsing the server's large input messages (server/src/server/transport/message-decoder.ts).
  { entryPoints: ['server/src/server/transport/message-worker.ts'], outfile: 'dist/message-worker.js' },
  { entryPoints: ['client/src/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] },
];
await Promise.all(entries.filter((e) => existsSync(join(root, e.entryPoints[0]))).map((e) => build({ ...common, ...e })));

// The preview's webview (client/src/preview.ts) loads only files of the extension: Swagger UI's
// bundle and stylesheet (without their source map comments, which devtools would ask for), its
// licence and notices (Apache-2.0 asks for them beside what is shipped), our stylesheet and script.
const previewDir = join(root, 'dist', 'preview');
mkdirSync(previewDir, { recursive: true });
const swaggerUi = join(root, 'node_modules', 'swagger-ui-dist');
const withoutSourceMap = (text) => text.replace(/\n\/[/*]# sourceMappingURL=\S+(\s*\*\/)?\s*$/, '\n');
for (const name of ['swagger-ui-bundle.js', 'swagger-ui.css']) writeFileSync(join(previewDir, name), withoutSourceMap(readFileSync(join(swaggerUi, name), 'utf8')));
writeFileSync(join(previewDir, 'swagger-ui-LICENSE.txt'), [
  readFileSync(join(swaggerUi, 'LICENSE'), 'utf8'), readFileSync(join(swaggerUi, 'NOTICE'), 'utf8'), readFileSync(join(swaggerUi, 'swagger-ui-bundle.js.LICENSE.txt'), 'utf8'),
].join('\n'));
writeFileSync(join(previewDir, 'preview.css'), readFileSync(join(root, 'client', 'webview', 'preview.css')));
// `openapi-check docs` (server/src/cli/docs.ts) inlines these into its page, with the two above.
writeFileSync(join(previewDir, 'docs.css'), readFileSync(join(root, 'client', 'webview', 'docs.css')));
await Promise.all(['preview', 'docs'].map((name) => build({
  entryPoints: [`client/webview/${name}.ts`], outfile: `dist/preview/${name}.js`, absWorkingDir: root,
  bundle: true, platform: 'browser', format: 'iife', target: 'es2022', minify: production, logLevel: 'warning',
})));
