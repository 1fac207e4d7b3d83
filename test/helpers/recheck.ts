// Shared by the re-check tests: a rule's fixtures opened in a session, the findings compared in
// full, and a seeded random sequence (the same edits on every machine).
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { Diagnostic } from '../../server/src/check/types';
import assert from 'node:assert/strict';
import { OpenDocument, Session } from '../../server/src/server/state/session';
import { LineIndex } from '../../server/src/syntax/line-index';
import { stripAnnotations } from './fixtures';

/** Everything a user sees of findings: file, rule, severity, range, message, fixes, related places, tags. */
export const describeAll = (ds: readonly Diagnostic[]) =>
  ds.map((d) => JSON.stringify([d.doc.path, d.rule, d.severity, d.offset, d.length, d.message, d.fixes.map((f) => [f.title, f.edits]), d.related.map((r) => [r.doc.path, r.offset, r.length, r.message]), d.tags])).sort();

/**
 * A session with a rule's fixture checked: the files beside it (referenced ones) are open too,
 * all without their annotations.
 */
export function fixtureSession(dir: string, file: string): { session: Session; doc: OpenDocument } {
  const session = new Session();
  const beside = fs.readdirSync(dir).filter((f) => /\.(ya?ml|json)$/.test(f) && !f.includes('.fixed'));
  for (const [i, name] of beside.entries()) {
    const p = path.join(dir, name);
    const uri = pathToFileURL(p).href;
    session.open.set(uri, { uri, path: p, version: i, text: stripAnnotations(fs.readFileSync(p, 'utf8'), p).text });
  }
  session.check(file);
  return { session, doc: session.open.get(pathToFileURL(file).href)! };
}

/** A new session with the same open texts (files not open are read from disk by both). */
export function freshSession(session: Session): Session {
  const fresh = new Session();
  // Not a spread: an editor document's text is a getter (joined from its edited tree when read).
  for (const open of session.open.values()) fresh.open.set(open.uri, { uri: open.uri, path: open.path, version: open.version, text: open.text });
  return fresh;
}

/** The findings a new session reports for the same open texts. */
export function freshFindings(session: Session, file: string): string[] {
  return describeAll(freshSession(session).check(file).diagnostics);
}

export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s ^ (s >>> 15), 2246822507) + 0x9e3779b9) >>> 0) / 2 ** 32);
}

/**
 * A rule's fixture open in a session, typed in as an editor sends edits: `type` replaces `length`
 * characters at `offset` and asserts the findings equal a fresh check's; `findings` lists the
 * rule's, as the text each points at and its message.
 */
export function typingInFixture(dir: string, file: string, rule: string) {
  const { session, doc } = fixtureSession(dir, file);
  const findings = () => session.check(file).diagnostics.filter((d) => d.rule === rule).map((d) => [doc.text.slice(d.offset, d.offset + d.length), d.message]);
  const type = (offset: number, length: number, newText: string) => {
    const lines = new LineIndex(doc.text);
    session.applyChanges(doc, [{ range: { start: lines.positionAt(offset), end: lines.positionAt(offset + length) }, text: newText }]);
    assert.deepEqual(describeAll(session.check(file).diagnostics), freshFindings(session, file), JSON.stringify([offset, length, newText]));
  };
  return { doc, findings, type };
}
