// The benchmark's documents, made once into .bench/ (ignored by git): GitHub's REST description as
// published (13 MB JSON), the same as YAML (about 10 MB), and the description grown to about 75 MB
// as JSON and as YAML (its paths repeated under distinct prefixes, operationIds renamed to stay
// unique) for the "large documents" figures of issue 8.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { withOneAlias } from './bench-alias.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const benchDir = join(root, '.bench');
/** What the benchmarks install into .bench/: GitHub's description, and Redocly to compare with. */
export const BENCH_PACKAGES = ['@octokit/openapi@23.0.2', '@redocly/cli@2.77.0'];
export const githubJson = join(benchDir, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json');
export const githubYaml = join(benchDir, 'api.github.com.yaml');

const asYaml = (value) => stringify(value, { lineWidth: 0, aliasDuplicateObjects: false });

/** Written through a temporary name: two benchmarks started at once never read half a file. */
function writeOnce(file, make) {
  if (existsSync(file)) return file;
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, make());
  renameSync(partial, file);
  return file;
}

/**
 * A copy of a document in a folder of its own, for the language server's figures: the server
 * indexes the workspace folder, and the folder GitHub's package ships its description in holds five
 * more (11-78 MB), whose indexing the measured edits competed with (and whose memory they counted).
 */
export function aloneInFolder(file, folder) {
  const dir = join(benchDir, folder);
  mkdirSync(dir, { recursive: true });
  return writeOnce(join(dir, basename(file)), () => readFileSync(file));
}

export function ensureGithubYaml() {
  return writeOnce(githubYaml, () => asYaml(JSON.parse(readFileSync(githubJson, 'utf8'))));
}

/** GitHub's description as YAML with one anchor and one alias, in a folder of its own (see aloneInFolder). */
export function ensureGithubYamlWithAlias() {
  const dir = join(benchDir, 'lsp-yaml-alias');
  mkdirSync(dir, { recursive: true });
  return writeOnce(join(dir, basename(githubYaml)), () => withOneAlias(readFileSync(ensureGithubYaml(), 'utf8')));
}

/** Copies of GitHub's paths added to its description: 17 make about 75 MB of JSON, 23 about 76 MB of YAML. */
function grown(copies) {
  const doc = JSON.parse(readFileSync(githubJson, 'utf8'));
  const original = Object.entries(doc.paths);
  for (let n = 1; n <= copies; n++) {
    for (const [path, item] of original) {
      const copy = structuredClone(item);
      for (const operation of Object.values(copy)) {
        if (operation && typeof operation === 'object' && typeof operation.operationId === 'string') operation.operationId += `-copy${n}`;
      }
      doc.paths[`/copy${n}${path}`] = copy;
    }
  }
  return doc;
}

/** The 75 MB documents: { json, yaml } paths, made on first use (about a minute, 1 GB of memory). */
export function ensureLargeDocuments() {
  return {
    json: writeOnce(join(benchDir, 'large-75mb.json'), () => JSON.stringify(grown(17), null, 2)),
    yaml: writeOnce(join(benchDir, 'large-75mb.yaml'), () => asYaml(grown(23))),
  };
}

// `node --max-old-space-size=4096 scripts/bench-inputs.mjs large`: the large documents, made in a
// process of their own (building them takes more heap than some machines give Node by default).
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'large') ensureLargeDocuments();

/** Schemas in the many-findings document: one warning each (a string with format int32). */
const MANY_FINDINGS_SCHEMAS = 40000;

/**
 * A description with 40,000 schemas and a warning in each, in a folder of its own, as YAML or JSON:
 * a keystroke in a description there moves 40,000 findings (the editor shows the first 5,000).
 */
export function ensureManyFindings(form) {
  const dir = join(benchDir, `lsp-many-findings-${form}`);
  mkdirSync(dir, { recursive: true });
  return writeOnce(join(dir, `openapi.${form}`), () => {
    const schemas = {};
    for (let i = 0; i < MANY_FINDINGS_SCHEMAS; i++) {
      schemas[`Schema${i}`] = {
        type: 'object',
        description: `Schema number ${i} of the many-findings benchmark`,
        properties: { id: { type: 'string', format: 'int32' }, next: { $ref: `#/components/schemas/Schema${(i + 1) % MANY_FINDINGS_SCHEMAS}` } },
      };
    }
    const ok = { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Schema0' } } } };
    const doc = { openapi: '3.0.3', info: { title: 'Many findings', version: '1.0.0' }, paths: { '/first': { get: { operationId: 'getFirst', responses: { 200: ok } } } }, components: { schemas } };
    return form === 'json' ? JSON.stringify(doc, null, 2) : asYaml(doc);
  });
}
