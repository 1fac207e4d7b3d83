import * as path from 'path';
import { escapePointerSegment } from '../model/ref';
import { replaceScalar } from '../syntax/edit';
import { rawSlashPathRef } from './ref-pointer-escape';
import { defineRule } from '../check/types';
import { keyNames } from '../check/suggest';

export default defineRule({
  id: 'ref-unresolved',
  severity: 'error',
  description: 'The target of a `$ref` does not exist: missing pointer, missing file, missing pointer in another file. Remote URLs are not fetched: they get an information "not checked".',
  spec: ['Reference Object', 'Document Structure'],
  rationale:
    'A reference whose target does not exist leaves a hole in the description: tools fail to load the document or silently drop the part.',
  messages: {
    pointer: '"{ref}" does not resolve: {where} has no "{segment}".',
    pointerSuggest: '"{ref}" does not resolve: {where} has no "{segment}". Did you mean "{suggestion}"?',
    missingFile: '"{ref}" does not resolve: the file "{file}" does not exist.',
    folder: '"{ref}" does not resolve: "{file}" is a folder, not a file.',
    notDocument: '"{ref}" does not resolve: "{file}" is not a YAML or JSON document.',
    unreadable: '"{ref}" does not resolve: {message}',
    remote: 'Remote reference "{ref}" is not checked: fetching URLs is off.',
  },
  checkReference(reference, context) {
    const { failure, parsed, refNode, doc } = reference;
    if (!failure || !parsed || failure.reason === 'not-string') return;
    // Reported by ref-syntax or ref-pointer-escape with a fix of their own.
    if (parsed.syntaxProblems.some((p) => p.code === 'bare-pointer' || p.code === 'fragment')) return;
    const ref = parsed.raw;
    const at = { node: refNode };
    const rel = (file: string) => path.relative(path.dirname(doc.path), file) || path.basename(file);
    switch (failure.reason) {
      case 'url':
        context.report({ at, messageId: 'remote', data: { ref }, severity: 'information' });
        return;
      case 'file': {
        const file = rel(failure.file);
        const f = failure.failure;
        if (f.reason === 'missing') context.report({ at, messageId: 'missingFile', data: { ref, file } });
        else if (f.reason === 'folder') context.report({ at, messageId: 'folder', data: { ref, file } });
        else if (f.reason === 'binary' || f.reason === 'encoding') context.report({ at, messageId: 'notDocument', data: { ref, file } });
        else context.report({ at, messageId: 'unreadable', data: { ref, message: f.message } });
        return;
      }
      case 'not-a-document':
        context.report({ at, messageId: 'notDocument', data: { ref, file: rel(failure.file) } });
        return;
      case 'pointer': {
        if (rawSlashPathRef(reference)) return;
        if (parsed.form === 'local' && parsed.pointer?.[0] === 'definitions') return; // swagger2-construct
        const { segments, failedAt, parent } = failure;
        const segment = segments[failedAt] ?? '';
        const prefix = '/' + segments.slice(0, failedAt).map(escapePointerSegment).join('/');
        const where = (failedAt === 0 ? 'the document root' : '"' + prefix + '"') + (failure.doc === doc ? '' : ` in "${rel(failure.doc.path)}"`);
        const nearest = parent?.kind === 'object' ? keyNames(parent).nearest(segment) : undefined;
        const file = ref.slice(0, Math.max(0, ref.indexOf('#')));
        const suggestion = nearest === undefined ? undefined : file + '#/' + [...segments.slice(0, failedAt), nearest, ...segments.slice(failedAt + 1)].map(escapePointerSegment).join('/');
        context.report({
          at,
          messageId: suggestion ? 'pointerSuggest' : 'pointer',
          data: { ref, where, segment, suggestion: suggestion ?? '' },
          fixes: suggestion ? [{ title: `Change to "${suggestion}"`, edits: [replaceScalar(doc.parsed, refNode, suggestion)] }] : [],
        });
      }
    }
  },
});
