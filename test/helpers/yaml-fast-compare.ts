// Compares the fast YAML reader (syntax/yaml-fast.ts) with the `yaml` package path, for the tests
// that hold the two to the same tree.
import * as fs from 'fs';
import * as path from 'path';
import { parseYamlWithPackage } from '../../server/src/syntax/yaml';
import { parseYamlFast } from '../../server/src/syntax/yaml-fast';
import { errorLines, treeDifference } from './tree-diff';

export function filesUnder(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(full, out);
    else out.push(full);
  }
  return out;
}

/** Where the fast tree differs from the `yaml` package's, or undefined (also when it does not read the text). */
export function fastDifference(text: string): { fast: boolean; difference?: string } {
  const fast = parseYamlFast(text);
  if (!fast) return { fast: false };
  const full = parseYamlWithPackage(text);
  const difference = treeDifference(fast.root, full.root, text) ??
    (JSON.stringify(errorLines(fast)) === JSON.stringify(errorLines(full)) ? undefined : `errors ${errorLines(fast).join('; ')} != ${errorLines(full).join('; ')}`) ??
    (fast.selfContainedBlocks === full.selfContainedBlocks ? undefined : `selfContainedBlocks ${fast.selfContainedBlocks} != ${full.selfContainedBlocks}`);
  return { fast: true, difference };
}
