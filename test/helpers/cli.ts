// Running the built CLI as users and CI run it, and copies of fixtures to run it on.
import { spawnSync } from 'node:child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { stripAnnotations } from './fixtures';
import { CLI, REPO_ROOT } from './paths';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function cli(args: string[], cwd = REPO_ROOT, input?: string): CliResult {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-check-'));
}

/** Copies a folder; YAML and JSON files lose their annotation lines (as the fixture tests read them). */
export function copyFixtures(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyFixtures(source, target);
    else if (/\.(ya?ml|json)$/.test(entry.name)) fs.writeFileSync(target, stripAnnotations(fs.readFileSync(source, 'utf8'), source).text);
    else fs.copyFileSync(source, target);
  }
}

/** The findings of a JSON report. */
export function jsonFindings(stdout: string): { file: string; rule: string; severity: string; message: string; range: { start: { line: number; character: number } } }[] {
  return JSON.parse(stdout);
}
