// Compares the fast YAML reader (syntax/yaml-fast.ts) with the `yaml` package path, for the tests
// that hold the two to the same tree; the YAML texts they read and break at random.
import * as fs from 'fs';
import * as path from 'path';
import { parseYamlWithPackage } from '../../server/src/syntax/yaml';
import { parseYamlFast } from '../../server/src/syntax/yaml-fast';
import { REPO_ROOT } from './paths';
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

const EXAMPLES = path.join(REPO_ROOT, 'node_modules', '@readme', 'oas-examples', '3.0', 'yaml');

/** The YAML fixtures, examples and sample documents, without their `^^^` annotation lines. */
export function yamlTexts(): { name: string; text: string }[] {
  const files = [...filesUnder(path.join(REPO_ROOT, 'test')), ...filesUnder(path.join(REPO_ROOT, 'examples')), ...filesUnder(EXAMPLES)];
  return files.filter((f) => /\.ya?ml$/.test(f)).sort().map((f) => ({ name: path.relative(REPO_ROOT, f), text: fs.readFileSync(f, 'utf8').replace(/^.*\^\^\^.*\n/gm, '') }));
}

/** A fixed-seed random source (a linear congruential generator) and a pick from a list. */
export function seeded(start: number) {
  let seed = start;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  return { random, pick };
}

/** Small pieces of YAML syntax that random edits insert. */
export const YAML_PIECES = [' ', '  ', ':', ': ', '-', '- ', '#', ' #', "'", '"', '|', '>', '|-', '>+', '|2', '[', ']', '{', '}', ',', '\n', '\r\n', '\r',
  '\t', 'a', '0', '1.5', '&a ', '*a', '!', '?', '? ', '---', '...', 'null', 'true', '~', '\\', '\\n', "''", '%', '@', '`', '0x1F',
  '.inf', ' - ', '\n  ', '\n    ', '\n- ', 'k: v', '"k": 1', '{a: 1}', '[1, 2]', '\ufeff', '\u2028', '\x01', '\x7f', 'é', '😀',
  '\x00', '\x0b', '\x0c', '\x1b', '\x85'];

/** `text` after one to three random edits: pieces inserted, characters removed, indents changed, lines repeated. */
export function randomlyBroken(text: string, { random, pick }: ReturnType<typeof seeded>): string {
  for (let e = 1 + Math.floor(random() * 3); e > 0; e--) {
    const at = Math.floor(random() * (text.length + 1));
    const r = random();
    if (r < 0.45) text = text.slice(0, at) + pick(YAML_PIECES) + text.slice(at);
    else if (r < 0.7) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 5));
    else if (r < 0.85) {
      const lineStart = text.lastIndexOf('\n', at - 1) + 1;
      text = random() < 0.5 ? text.slice(0, lineStart) + pick([' ', '  ', '   ']) + text.slice(lineStart) : text.slice(0, lineStart) + text.slice(lineStart).replace(/^ {1,3}/, '');
    } else {
      const lines = text.split('\n');
      lines.splice(Math.floor(random() * lines.length), 0, lines[Math.floor(random() * lines.length)]);
      text = lines.join('\n');
    }
  }
  return text;
}
