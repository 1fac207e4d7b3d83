// Diagnostics as the CLI reports them: a file name as the user gave it, LSP-style 0-based ranges.
import * as path from 'path';
import { Position } from '../syntax/line-index';
import { Diagnostic, Severity } from '../check/types';

export interface Finding {
  file: string;
  rule: string;
  severity: Severity;
  message: string;
  range: { start: Position; end: Position };
}

/** How a document's path is shown: as given for the checked file, relative to the cwd for others. */
export function displayPath(absolutePath: string, given: Map<string, string>, cwd: string): string {
  const asGiven = given.get(absolutePath);
  if (asGiven !== undefined) return asGiven;
  const relative = path.relative(cwd, absolutePath);
  return relative.startsWith('..') || path.isAbsolute(relative) ? absolutePath : relative;
}

export function toFinding(d: Diagnostic, file: string): Finding {
  const lines = d.doc.lineIndex;
  return {
    file,
    rule: d.rule,
    severity: d.severity,
    message: d.message,
    range: { start: lines.positionAt(d.offset), end: lines.positionAt(d.offset + d.length) },
  };
}
