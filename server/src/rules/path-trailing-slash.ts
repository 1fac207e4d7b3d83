import { OPENAPI_VERSIONS } from '../model/spec';
import { eachMember } from '../check/member-steps';
import { defineRule } from '../check/types';
import { shortened } from '../check/report';
import { mergePathItemsFix } from '../check/path-merge';
import { readByMerge } from './equivalent-paths';

export default defineRule({
  id: 'path-trailing-slash',
  severity: 'warning',
  versions: OPENAPI_VERSIONS,
  description: 'A path that ends with `/` beside the same path without it (`/pets/` and `/pets`).',
  spec: ['Paths Object', 'Path Templating Matching'],
  rationale:
    'Many servers and gateways treat the two as one path, so one of the two descriptions is never reached; others treat them as two, and clients must guess which one to call.',
  messages: { twin: 'Path "{path}" is "{other}" with a trailing "/": describe the operations under one of them.' },
  kinds: ['Paths'],
  // The paths are keys; the merge fix reads values.
  readsValue: readByMerge,
  checkObject(object, context) {
    const { node, doc } = object;
    return eachMember(object, context, (child) => {
      const key = String(child.key);
      if (key.length < 2 || !key.endsWith('/') || key.startsWith('x-')) return;
      const twin = node.get(key.slice(0, -1));
      if (!twin) return;
      const merge = mergePathItemsFix(context.analysis, doc, twin, child, new Map(), `Move its operations to "${shortened(String(twin.key))}"`);
      context.report({
        at: { node: child, part: 'key' },
        messageId: 'twin',
        data: { path: key, other: String(twin.key) },
        related: [{ doc, offset: twin.keyOffset, length: twin.keyLength, message: `The path "${String(twin.key)}".` }],
        fixes: merge ? [merge] : [],
      });
    });
  },
});
