// Glob patterns expanded by the CLI itself (quoted, so the shell leaves them alone, and the same on
// every platform): `*`, `?`, `[abc]`, `{a,b}` and `**` for any depth of folders. `**` does not go
// into `node_modules` or folders whose name starts with `.` (unless the pattern names them), and
// never follows a symbolic link to a folder, so the walk ends and visits each folder once per `**`.
import * as fs from 'fs';
import * as path from 'path';

const GLOB_CHARS = /[*?[\]{}]/;
/** Brace alternatives a pattern may expand to (`{a,b}{c,d}` is 4). */
const MAX_ALTERNATIVES = 1024;

export function isGlob(arg: string): boolean {
  return GLOB_CHARS.test(arg);
}

/** The files a pattern matches, sorted, written like the pattern (relative stays relative). */
export function expandGlob(pattern: string, cwd: string): string[] {
  const found = new Set<string>();
  for (const alternative of expandBraces(pattern.split('\\').join('/'))) {
    const segments = alternative.split('/');
    const firstGlob = segments.findIndex((s) => GLOB_CHARS.test(s));
    if (firstGlob < 0) {
      if (isFile(path.resolve(cwd, alternative))) found.add(alternative);
      continue;
    }
    const prefix = segments.slice(0, firstGlob).join('/');
    const shown = prefix === '' && alternative.startsWith('/') ? '/' : prefix;
    walk(path.resolve(cwd, shown || '.'), shown, segments.slice(firstGlob), found);
  }
  return [...found].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function walk(dir: string, shown: string, segments: string[], found: Set<string>): void {
  const [segment, ...rest] = segments;
  const join = (name: string) => (shown === '' ? name : shown.endsWith('/') ? shown + name : `${shown}/${name}`);
  if (segment === '**') {
    walk(dir, shown, rest, found);
    for (const entry of entries(dir)) {
      if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.')) {
        walk(path.join(dir, entry.name), join(entry.name), segments, found);
      }
    }
    return;
  }
  if (segment === undefined) return;
  const matcher = segmentMatcher(segment);
  for (const entry of entries(dir)) {
    if (!matcher.test(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (rest.length === 0) {
      if (entry.isFile() || (entry.isSymbolicLink() && isFile(full))) found.add(join(entry.name));
    } else if (entry.isDirectory()) walk(full, join(entry.name), rest, found);
  }
}

function entries(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** One path segment as a regular expression; `*` and `?` match no leading `.` unless written. */
function segmentMatcher(segment: string): RegExp {
  let source = '';
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i];
    if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else if (c === '[') {
      const close = segment.indexOf(']', i + 2);
      if (close < 0) source += '\\[';
      else {
        let body = segment.slice(i + 1, close);
        if (body.startsWith('!')) body = '^' + body.slice(1);
        source += '[' + body.replace(/\\/g, '\\\\') + ']';
        i = close;
      }
    } else source += c.replace(/[.+^${}()|\\\]]/g, '\\$&');
  }
  const hidden = segment.startsWith('.') ? '' : '(?!\\.)';
  return new RegExp(`^${hidden}${source}$`);
}

/** `a{b,c}d` -> `abd`, `acd` (nested braces too), up to MAX_ALTERNATIVES. */
export function expandBraces(pattern: string): string[] {
  const open = pattern.indexOf('{');
  if (open < 0) return [pattern];
  let depth = 0;
  const commas: number[] = [];
  let close = -1;
  for (let i = open; i < pattern.length && close < 0; i++) {
    if (pattern[i] === '{') depth++;
    else if (pattern[i] === '}' && --depth === 0) close = i;
    else if (pattern[i] === ',' && depth === 1) commas.push(i);
  }
  if (close < 0 || commas.length === 0) return [pattern];
  const bounds = [open, ...commas, close];
  const head = pattern.slice(0, open);
  const tails = expandBraces(pattern.slice(close + 1));
  const result: string[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    for (const middle of expandBraces(pattern.slice(bounds[k] + 1, bounds[k + 1]))) {
      for (const tail of tails) {
        if (result.length >= MAX_ALTERNATIVES) return result;
        result.push(head + middle + tail);
      }
    }
  }
  return result;
}
