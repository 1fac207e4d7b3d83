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
  description: 'A `$ref` that is not a string or not a valid URI reference (RFC 3986): spaces, bad `%` escapes, backslashes, a fragment not starting with `/`, a bare pointer without `#`. Characters to encode in a reference that resolves as written (`paths/menu_{id}.yaml`, a space in a file name) are a warning.',
  versionNote: 'OpenAPI 3.1 and 3.2: a Schema\'s `$ref` may end in a plain name (`#pet`), the `$anchor` of a schema (JSON Schema 2020-12); that fragment is not reported there.',
  spec: ['Reference Object', 'Relative References in URLs'],
  rationale:
    'A $ref is a URI reference (RFC 3986): a value that is not one cannot be resolved the same way by every tool.',
  messages: {
    notString: '"$ref" must be a string (a URI reference), not {actual}.',
    invalid: '{message}.',
    resolvesAsWritten: '{message}: it resolves as written here, but a tool that holds to RFC 3986 may not resolve it.',
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
      // Characters to encode (`paths/menu_{id}.yaml`, Redocly's own layout) in a reference that
      // resolves as written, as most tools resolve it: a warning, not an error.
      const resolvesAsWritten = problem.code === 'characters' && reference.target !== undefined && !String(refNode.value).includes('\\');
      context.report({
        at: problem.code === 'empty' ? { node: refNode } : spanInScalar(doc, refNode, 'value', problem.start, problem.length),
        messageId: resolvesAsWritten ? 'resolvesAsWritten' : 'invalid',
        severity: resolvesAsWritten ? 'warning' : undefined,
        data: { message: problem.message.replace(/\.$/, '') },
        fixes: problem.suggestion !== undefined ? [{ title: `Change to "${problem.suggestion}"`, edits: [replaceScalar(doc.parsed, refNode, problem.suggestion)] }] : [],
      });
    }
  },
});
