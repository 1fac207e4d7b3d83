// `openapi-check docs ROOT [-o FILE.html]`: the root's documentation as one HTML page that needs
// nothing else, what a team publishes from CI. The page is the preview's: Swagger UI and the page's
// script and stylesheets (copied into dist/preview/ by the build, beside this CLI) are inlined, the
// bundled document (as `bundle` writes it) is embedded as JSON. Its Content-Security-Policy allows
// only its own scripts (by hash) and no connection, so it renders offline and calls nowhere.
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { bundleValue, Json } from '../services/bundle';
import { DocumentStore, FileSource } from '../model/documents';
import { DocsOptions } from './args';
import { displayPath } from './findings';

interface Io {
  out(text: string): void;
  err(text: string): void;
  cwd: string;
}

/** The renderer's files, from dist/preview/ (scripts/build.mjs writes them there). */
const ASSETS = ['swagger-ui-bundle.js', 'swagger-ui.css', 'preview.css', 'docs.css', 'docs.js', 'swagger-ui-LICENSE.txt'] as const;
type Assets = Record<(typeof ASSETS)[number], string>;

export async function runDocs(options: DocsOptions, io: Io, filesOf: (root: string) => Promise<FileSource>): Promise<number> {
  const root = path.resolve(io.cwd, options.root);
  const out = options.out === undefined ? undefined : path.resolve(io.cwd, options.out);
  const assets = readAssets(path.join(__dirname, 'preview'));
  if (typeof assets === 'string') {
    io.err(`openapi-check docs: ${assets}\n`);
    return 2;
  }
  const show = (p: string) => displayPath(p, io.cwd);
  const bundled = bundleValue(new DocumentStore(await filesOf(root)), { root, dereference: false, outDir: path.dirname(out ?? root), show });
  if ('failure' in bundled) {
    io.err(`openapi-check docs: cannot bundle ${options.root}: ${bundled.failure}\n`);
    return 2;
  }
  for (const note of bundled.notes) io.err(`openapi-check docs: ${note}\n`);
  const page = docsPage(bundled.value, assets);
  if (out) fs.writeFileSync(out, page);
  else io.out(page);
  return 0;
}

function readAssets(folder: string): Assets | string {
  const assets: Partial<Assets> = {};
  for (const name of ASSETS) {
    try {
      assets[name] = fs.readFileSync(path.join(folder, name), 'utf8');
    } catch {
      return `the page's renderer is missing (${path.join(folder, name)}): build the package with npm run build.`;
    }
  }
  return assets as Assets;
}

/** One page: inline styles and scripts, the document as JSON data, a CSP that allows nothing else. */
export function docsPage(document: Json, assets: Assets): string {
  const title = typeof document === 'object' && document !== null && !Array.isArray(document)
    && typeof (document.info as { title?: unknown } | undefined)?.title === 'string' ? String((document.info as { title: string }).title) : 'API';
  // In a <script> element only `</script` ends it: escaping every `<` keeps data and code inside.
  const scripts = [assets['swagger-ui-bundle.js'], assets['docs.js']].map((code) => code.replace(/<\/(script)/gi, '<\\/$1'));
  const hashes = scripts.map((code) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
  const csp = ["default-src 'none'", `script-src ${hashes.join(' ')}`, "style-src 'unsafe-inline'", 'img-src data: blob:'].join('; ');
  const data = JSON.stringify(document).replace(/</g, '\\u003c');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${assets['swagger-ui.css']}</style>
<style>${assets['preview.css']}</style>
<style>${assets['docs.css']}</style>
</head>
<body>
<!-- Rendered by Swagger UI, inlined below under its licence and notices:
${assets['swagger-ui-LICENSE.txt'].replace(/--/g, '- -')}
-->
<div id="preview"></div>
<script type="application/json" id="openapi-document">${data}</script>
<script>${scripts[0]}</script>
<script>${scripts[1]}</script>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
