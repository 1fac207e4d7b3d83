import { SyntaxNode } from '../syntax/tree';
import { defineRule } from '../check/types';

export default defineRule({
  id: 'equivalent-paths',
  severity: 'error',
  description: 'Two path keys that are the same template up to parameter names (`/pets/{id}` and `/pets/{petId}`).',
  spec: ['Paths Object', 'Path Templating'],
  rationale:
    'The specification says templated paths with the same hierarchy but different templated names MUST NOT exist: a server cannot tell which of them a request is for.',
  messages: { equivalent: 'Path "{path}" is the same as "{other}" up to parameter names: a request cannot tell them apart.' },
  kinds: ['Paths'],
  checkObject(object, context) {
    const first = new Map<string, SyntaxNode>();
    for (const child of object.node.children!) {
      const key = String(child.key);
      if (key.startsWith('x-')) continue;
      const shape = key.replace(/\{[^{}]*\}/g, '{}');
      const earlier = first.get(shape);
      if (!earlier) {
        first.set(shape, child);
        continue;
      }
      if (earlier.key === child.key) continue; // a duplicate key: `syntax` reports it
      context.report({
        at: { node: child, part: 'key' },
        messageId: 'equivalent',
        data: { path: key, other: String(earlier.key) },
        related: [{ doc: object.doc, offset: earlier.keyOffset, length: earlier.keyLength, message: `The equivalent path "${String(earlier.key)}".` }],
      });
    }
  },
});
