// What a fresh check shows, as a user sees diagnostics (rule, severity, range, message): the
// reference the editor's published diagnostics are compared with after edits.
import { pathToFileURL } from 'url';
import { Session } from '../../server/src/server/state/session';
import { LineIndex } from '../../server/src/syntax/line-index';

/** Diagnostics as a user sees them: rule, severity, range, message. */
export function shown(list: { code?: unknown; severity?: number; message: string; range: { start: { line: number; character: number }; end: { line: number; character: number } } }[]): string[] {
  return list.map((d) => `${d.code} ${d.severity} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${d.message}`).sort();
}

const SEVERITY = { error: 1, warning: 2, information: 3, hint: 4 } as const;

/** What a fresh check of these texts shows in `file`. */
export function freshShown(root: string, texts: ReadonlyMap<string, string>, file: string): string[] {
  const session = new Session();
  for (const [i, [p, text]] of [...texts].entries()) session.open.set(pathToFileURL(p).href, { uri: pathToFileURL(p).href, path: p, version: i, text });
  const lines = new LineIndex(texts.get(file)!);
  const inFile = session.check(root).diagnostics.filter((d) => d.doc.path === file);
  return shown(inFile.map((d) => ({ code: d.rule, severity: SEVERITY[d.severity], message: d.message, range: { start: lines.positionAt(d.offset), end: lines.positionAt(d.offset + d.length) } })));
}

