import { OPENAPI_VERSIONS } from '../model/spec';
import { Reference } from '../model/analysis';
import { escapePointerSegment } from '../model/ref';
import { replaceScalar } from '../syntax/edit';
import { defineRule } from '../check/types';
import { spanInScalar } from '../check/report';
import { fromChildren } from '../syntax/tree';

/** The most `/`-separated parts of a path key this rule tries to rebuild from a pointer. */
const MAX_PATH_SEGMENTS = 64;
const LONGEST_KEY = {};

/**
 * `#/paths//users/get` or `#/paths/users/{id}/get`: a path key written with raw `/`. Returns the
 * corrected reference when joining segments names an existing path key.
 */
export function rawSlashPathRef(reference: Reference): string | undefined {
  const failure = reference.failure;
  if (failure?.reason !== 'pointer' || failure.segments[0] !== 'paths' || failure.failedAt < 1 || !reference.parsed) return undefined;
  const paths = failure.doc.root?.get('paths');
  if (paths?.kind !== 'object') return undefined;
  const segments = failure.segments;
  // Bounded: a path key has a few segments, and none is longer than the longest key.
  const longest = fromChildren(paths, LONGEST_KEY, (p) => p.children!.reduce((most, c) => Math.max(most, String(c.key).length), 0));
  let joinedLength = -1;
  for (let end = 2; end <= segments.length && end <= MAX_PATH_SEGMENTS + 1; end++) joinedLength += segments[end - 1].length + 1;
  for (let end = Math.min(segments.length, MAX_PATH_SEGMENTS + 1); end > 1; joinedLength -= segments[--end].length + 1) {
    if (joinedLength > longest) continue;
    const joined = segments.slice(1, end).join('/');
    for (const candidate of [joined, '/' + joined]) {
      const key = paths.get(candidate) ? candidate : undefined;
      if (key === undefined) continue;
      const file = reference.parsed.raw.slice(0, reference.parsed.raw.indexOf('#'));
      const corrected = file + '#/paths/' + [escapePointerSegment(key), ...segments.slice(end).map(escapePointerSegment)].join('/');
      // The key was escaped already: the pointer fails further on, for another reason.
      return corrected === reference.parsed.raw ? undefined : corrected;
    }
  }
  return undefined;
}

export default defineRule({
  id: 'ref-pointer-escape',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  description: 'A JSON Pointer with `~` not followed by `0`/`1`, or a path key written with raw `/`.',
  spec: ['Reference Object'],
  rationale:
    'References follow JSON Pointer (RFC 6901), where / and ~ in a key must be escaped: unescaped, the pointer names another place or none.',
  messages: {
    tilde: '{message}.',
    slash: 'The path key in this pointer must have its "/" escaped as "~1": "{suggestion}".',
  },
  checkReference(reference, context) {
    const { parsed, refNode, doc } = reference;
    if (!parsed) return;
    for (const problem of parsed.escapeProblems) {
      context.report({
        at: spanInScalar(doc, refNode, 'value', problem.start, problem.length),
        messageId: 'tilde',
        data: { message: problem.message.replace(/\.$/, '') },
        fixes: problem.suggestion === undefined ? [] : [{ title: 'Escape "~" as "~0"', edits: [replaceScalar(doc.parsed, refNode, problem.suggestion)] }],
      });
    }
    const suggestion = rawSlashPathRef(reference);
    if (suggestion) {
      context.report({
        at: { node: refNode },
        messageId: 'slash',
        data: { suggestion },
        fixes: [{ title: `Change to "${suggestion}"`, edits: [replaceScalar(doc.parsed, refNode, suggestion)] }],
      });
    }
  },
});
