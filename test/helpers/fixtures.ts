// Fixture documents with expected diagnostics written under the characters they point at:
//
//     /pets/{petId}:
//           ^^^^^^^ error path-params-defined: Path parameter `petId` has no matching ...
//
// An annotation line is `^` carets (or `|` for an empty range) at the columns of the line above,
// then severity, rule id, `:`, and the exact message. Annotation lines are removed before parsing.
import * as fs from 'fs';
import * as path from 'path';
import { notAllowed } from '../../server/src/io/remote-documents';
import { decodeText, FileRead, FileSource } from '../../server/src/model/documents';
import { fixAll } from '../../server/src/check/fix-all';
import { Diagnostic } from '../../server/src/check/types';
import { applyEdits } from '../../server/src/syntax/edit';

export interface ExpectedDiagnostic {
  file: string;
  line: number;
  character: number;
  endCharacter: number;
  severity: string;
  rule: string;
  message: string;
}

const ANNOTATION = /^(\s*)(\^+|\|)\s+(error|warning|information|hint)\s+([a-z0-9-]+):\s?(.*)$/;

export function isAnnotation(line: string): boolean {
  return ANNOTATION.test(line);
}

/** Removes annotation lines; returns the clean text and what they expect. */
export function stripAnnotations(text: string, file: string): { text: string; expected: ExpectedDiagnostic[] } {
  const lines = text.split('\n');
  const kept: string[] = [];
  const expected: ExpectedDiagnostic[] = [];
  for (const line of lines) {
    const m = ANNOTATION.exec(line);
    if (!m) {
      kept.push(line);
      continue;
    }
    if (kept.length === 0) throw new Error(`${file}: an annotation needs a line above it`);
    const character = m[1].length;
    const width = m[2] === '|' ? 0 : m[2].length;
    expected.push({ file, line: kept.length - 1, character, endCharacter: character + width, severity: m[3], rule: m[4], message: m[5] });
  }
  return { text: kept.join('\n'), expected };
}

/** Reads files from disk with annotation lines removed, remembering what they expect. */
export class FixtureFiles implements FileSource {
  readonly expected = new Map<string, ExpectedDiagnostic[]>();
  readonly texts = new Map<string, string>();

  read(absolutePath: string): FileRead {
    let bytes: Buffer;
    try {
      if (fs.statSync(absolutePath).isDirectory()) return { reason: 'folder', message: `${absolutePath} is a folder, not a file.` };
      bytes = fs.readFileSync(absolutePath);
    } catch {
      return { reason: 'missing', message: `${absolutePath} does not exist.` };
    }
    const decoded = decodeText(bytes);
    if (!('text' in decoded)) return decoded;
    const { text, expected } = stripAnnotations(decoded.text, absolutePath);
    this.expected.set(absolutePath, expected);
    this.texts.set(absolutePath, text);
    return { text };
  }

  /** As openapi-check without --allow-remote: no URL is fetched, and the finding says how to allow its host. */
  readRemote(url: string): FileRead {
    return notAllowed(url);
  }
}

/** Root fixtures of a rule folder: files named valid* or invalid* (others are referenced files). */
export function rootFixtures(dir: string): { file: string; kind: 'valid' | 'invalid' }[] {
  return fs
    .readdirSync(dir)
    .filter((name) => /^(valid|invalid)[^.]*\.(ya?ml|json)$/.test(name))
    .sort()
    .map((name) => ({ file: path.join(dir, name), kind: name.startsWith('valid') ? 'valid' : 'invalid' }));
}

export function fixedFileFor(file: string): string {
  const ext = path.extname(file);
  return file.slice(0, -ext.length) + '.fixed' + ext;
}

/**
 * A fixture's fixed text: Fix all's, or for a rule whose fixes are applied only when picked
 * (Rule.pickedFixes), the text after a user picks each finding's first fix in turn, each on the text
 * the last one left.
 */
export function fixedText(text: string, recheck: (text: string) => readonly Diagnostic[]): string {
  if (!recheck(text).some((d) => d.fixes[0]?.picked)) return fixAll(text, recheck).text;
  for (let picks = 0; picks < 100; picks++) {
    const next = recheck(text).find((d) => d.fixes[0]?.picked);
    if (!next) return text;
    text = applyEdits(text, next.fixes[0].edits);
  }
  throw new Error('picking fixes did not end');
}
