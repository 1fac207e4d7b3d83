import { defineRule } from '../check/types';
import { spanInScalar } from '../check/report';

export default defineRule({
  id: 'path-template',
  severity: 'warning',
  description: 'Path templates: unbalanced braces, empty `{}`, the same name twice in one template.',
  spec: ['Path Templating'],
  rationale:
    'A template with unbalanced braces, an empty name or a name twice cannot be filled in unambiguously: clients build the wrong URL.',
  messages: {
    unclosed: 'This "{" is never closed.',
    unopened: 'This "}" closes nothing.',
    nested: 'Path parameters cannot be nested.',
    empty: 'Empty "{}": a path parameter needs a name.',
    repeated: 'Path parameter "{name}" appears twice in this path.',
  },
  kinds: ['Paths'],
  local: true,
  checkObject(object, context) {
    const { doc } = object;
    for (const child of object.node.children!) {
      const key = String(child.key);
      if (key.startsWith('x-')) continue;
      const at = (start: number, length: number) => spanInScalar(doc, child, 'key', start, length);
      let open = -1;
      const seen = new Set<string>();
      for (let i = 0; i < key.length; i++) {
        if (key[i] === '{') {
          if (open >= 0) {
            context.report({ at: at(i, 1), messageId: 'nested' });
          }
          open = i;
        } else if (key[i] === '}') {
          if (open < 0) {
            context.report({ at: at(i, 1), messageId: 'unopened' });
            continue;
          }
          const name = key.slice(open + 1, i);
          if (name === '') context.report({ at: at(open, 2), messageId: 'empty' });
          else if (seen.has(name)) context.report({ at: at(open, i - open + 1), messageId: 'repeated', data: { name } });
          seen.add(name);
          open = -1;
        }
      }
      if (open >= 0) context.report({ at: at(open, 1), messageId: 'unclosed' });
    }
  },
});
