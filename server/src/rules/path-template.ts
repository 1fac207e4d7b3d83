import { OPENAPI_VERSIONS } from '../model/spec';
import { eachMember } from '../check/member-steps';
import { defineRule, Fix } from '../check/types';
import { shortened, spanInScalar } from '../check/report';
import { renameKey } from '../syntax/edit';
import { SyntaxNode } from '../syntax/tree';

/**
 * The key with a brace added at `at`, when the segment it completes is a plain name and no other
 * path has that key: `/pets/{id` -> `/pets/{id}`, `/stores/id}` -> `/stores/{id}`.
 */
function braced(paths: SyntaxNode, key: string, at: number, brace: string, name: string): string | undefined {
  if (!/^[^{}/?]+$/.test(name)) return undefined;
  const fixed = key.slice(0, at) + brace + key.slice(at);
  return paths.get(fixed) ? undefined : fixed;
}

export default defineRule({
  id: 'path-template',
  severity: 'warning',
  versions: OPENAPI_VERSIONS,
  description: 'Path templates: unbalanced braces, empty `{}`, the same name twice in one template.',
  spec: ['Path Templating'],
  rationale:
    'A template with unbalanced braces, an empty name or a name twice cannot be filled in unambiguously: clients build the wrong URL.',
  messages: {
    unclosed: 'This "{" is never closed: end the parameter name with "}".',
    unopened: 'This "}" closes nothing: start the parameter name with "{".',
    nested: 'Path parameters cannot be nested.',
    empty: 'Empty "{}": a path parameter needs a name.',
    repeated: 'Path parameter "{name}" appears twice in this path.',
  },
  kinds: ['Paths'],
  local: true,
  checkObject(object, context) {
    const { doc } = object;
    const rename = (child: SyntaxNode, fixed: string): Fix => ({
      title: `Rename to "${shortened(fixed)}"`,
      edits: [renameKey(doc.parsed, child, fixed)],
      claims: [`key:${doc.path}#${object.node.pointer}/${fixed}`],
    });
    return eachMember(object, context, (child) => {
      const key = String(child.key);
      if (key.startsWith('x-')) return;
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
            const start = key.lastIndexOf('/', i) + 1;
            const fixed = braced(object.node, key, start, '{', key.slice(start, i));
            context.report({ at: at(i, 1), messageId: 'unopened', fixes: fixed ? [rename(child, fixed)] : [] });
            continue;
          }
          const name = key.slice(open + 1, i);
          if (name === '') context.report({ at: at(open, 2), messageId: 'empty' });
          else if (seen.has(name)) context.report({ at: at(open, i - open + 1), messageId: 'repeated', data: { name } });
          seen.add(name);
          open = -1;
        }
      }
      if (open >= 0) {
        const end = /[/?]|$/.exec(key.slice(open))!.index + open;
        const fixed = braced(object.node, key, end, '}', key.slice(open + 1, end));
        context.report({ at: at(open, 1), messageId: 'unclosed', fixes: fixed ? [rename(child, fixed)] : [] });
      }
    });
  },
});
