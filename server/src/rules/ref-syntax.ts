import { OPENAPI_VERSIONS } from '../model/spec';
import { namesAnchor } from '../model/analysis';
import { replaceScalar } from '../syntax/edit';
import { defineRule } from '../check/types';
import { spanInScalar } from '../check/report';
import { isYamlCommentRef } from './ref-yaml-comment';

export default defineRule({
  id: 'ref-syntax',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  description: 'A `$ref` that is not a string or not a valid URI reference (RFC 3986): spaces, bad `%` escapes, backslashes, a fragment not starting with `/`, a bare pointer without `#`. The fix that percent-encodes characters of a file path (`menu_{id}.yaml` to `menu_%7Bid%7D.yaml`) is applied only when picked, never by Fix all or `--fix`: tools that look the file up by the path as written (Redocly) no longer find it.',
  versionNote: 'OpenAPI 3.1 and 3.2: a Schema\'s `$ref` may end in a plain name (`#pet`), the `$anchor` of a schema (JSON Schema 2020-12); that fragment is not reported there.',
  spec: ['Reference Object', 'Relative References in URLs'],
  rationale:
    'A $ref is a URI reference (RFC 3986): a value that is not one cannot be resolved the same way by every tool.',
  messages: {
    notString: '"$ref" must be a string (a URI reference), not {actual}.',
    invalid: '{message}.',
  },
  checkReference(reference, context) {
    const { refNode, doc } = reference;
    if (reference.failure?.reason === 'not-string') {
      if (isYamlCommentRef(reference)) return;
      context.report({ at: { node: refNode }, messageId: 'notString', data: { actual: refNode.kind === 'null' ? 'empty' : refNode.kind === 'object' || refNode.kind === 'array' ? `an ${refNode.kind}` : `a ${refNode.kind}` } });
      return;
    }
    // JSON Schema 2020-12 (3.1, 3.2): a plain-name fragment names a schema's `$anchor`.
    const anchorAllowed = namesAnchor(reference, context.version);
    for (const problem of reference.parsed?.syntaxProblems ?? []) {
      if (problem.code === 'fragment' && anchorAllowed) continue;
      context.report({
        at: problem.code === 'empty' ? { node: refNode } : spanInScalar(doc, refNode, 'value', problem.start, problem.length),
        messageId: 'invalid',
        data: { message: problem.message.replace(/\.$/, '') },
        // Encoding a file path is applied only when picked: the file must then be found by its
        // decoded name, which not every tool does.
        fixes: problem.suggestion !== undefined ? [{ title: `Change to "${problem.suggestion}"`, edits: [replaceScalar(doc.parsed, refNode, problem.suggestion)], picked: problem.encodesFilePath || undefined }] : [],
      });
    }
  },
});
