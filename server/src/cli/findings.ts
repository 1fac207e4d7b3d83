// Findings as the CLI reports them: a file name relative to the current folder, LSP-style 0-based ranges, and
// what a baseline needs to recognise a finding after unrelated edits (the JSON Pointer of the node
// it starts in). Plain data: findings cross from worker processes by structured clone.
import * as crypto from 'crypto';
import * as path from 'path';
import { Diagnostic, Severity, SEVERITIES } from '../check/types';
import { isRemoteLocation } from '../model/location';
import { nodeAt } from '../services/node-at';
import { Position } from '../syntax/line-index';

export interface Finding {
  /** The path relative to the current folder (absolute outside it), for checked and referenced files alike. */
  file: string;
  /** Absolute path (baselines are written relative to their own folder). */
  path: string;
  /** JSON Pointer of the node the finding starts in ('' for the root or an unparsed file). */
  pointer: string;
  rule: string;
  severity: Severity;
  message: string;
  range: { start: Position; end: Position };
}

/**
 * How a document's path is shown, one convention for every file: relative to the current folder,
 * absolute outside it (`./api.yaml` and a referenced `../shared/x.yaml` in one report read alike).
 */
export function displayPath(absolutePath: string, cwd: string): string {
  if (isRemoteLocation(absolutePath)) return absolutePath; // a remote document is named by its URL
  const relative = path.relative(cwd, absolutePath);
  return relative.startsWith('..') || path.isAbsolute(relative) ? absolutePath : relative;
}

/** `withPointer`: false when nothing reads the pointer (no baseline): finding it walks down the tree per finding. */
export function toFinding(d: Diagnostic, file: string, withPointer = true): Finding {
  const lines = d.doc.lineIndex;
  return {
    file,
    path: d.doc.path,
    pointer: withPointer ? nodeAt(d.doc.root, d.offset)?.node.pointer ?? '' : '',
    rule: d.rule,
    severity: d.severity,
    message: d.message,
    range: { start: lines.positionAt(d.offset), end: lines.positionAt(d.offset + d.length) },
  };
}

/** A document's name relative to a folder, with `/` between names; a remote document's URL as it is. */
export function relativeName(folder: string, location: string): string {
  return isRemoteLocation(location) ? location : path.relative(folder, location).split(path.sep).join('/');
}

/** Whether a severity is at least as severe as a threshold. */
export function atLeast(severity: Severity, threshold: Severity): boolean {
  return SEVERITIES.indexOf(severity) <= SEVERITIES.indexOf(threshold);
}

export function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const f of findings) counts[f.severity]++;
  return counts;
}

/** A short stable hash (of a message, of a finding's identity). */
export function shortHash(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex').slice(0, 16);
}
