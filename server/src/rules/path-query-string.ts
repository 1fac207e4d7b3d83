import { OPENAPI_VERSIONS } from '../model/spec';
import { appendItem, insertMember, renameKey, WriteValue } from '../syntax/edit';
import { eachMember } from '../check/member-steps';
import { defineRule } from '../check/types';
import { spanInScalar } from '../check/report';

export default defineRule({
  id: 'path-query-string',
  severity: 'warning',
  versions: OPENAPI_VERSIONS,
  description: 'A `?` in a path key: query parameters are declared with `in: query`.',
  spec: ['Paths Object', 'Parameter Object'],
  rationale:
    'Servers match the path without its query string, so a path key with one matches no request, and the query values it names are invisible to clients: query parameters are declared with in: query.',
  messages: {
    one: 'A path must not contain a query string: declare "{names}" as an "in: query" parameter instead.',
    many: 'A path must not contain a query string: declare "{names}" as "in: query" parameters instead.',
  },
  kinds: ['Paths'],
  local: true,
  checkObject(object, context) {
    const { doc } = object;
    return eachMember(object, context, (child) => {
      const key = String(child.key);
      const q = key.indexOf('?');
      if (q < 0 || key.startsWith('x-')) return;
      const names = [...new Set(key.slice(q + 1).split('&').map((p) => decodeQueryName(p.split('=')[0])).filter(Boolean))];
      const path = key.slice(0, q) || '/';
      const report = { at: spanInScalar(doc, child, 'key', q, key.length - q), messageId: names.length > 1 ? 'many' : 'one', data: { names: names.join('", "') || '?' } };
      // The path is there already (OpenAI's `/responses?beta=true` beside `/responses`): renaming
      // would write it twice, and merging two Path Items is the author's to do.
      if (object.node.get(path)) {
        context.report(report);
        return;
      }
      const edits = [renameKey(doc.parsed, child, path)];
      const parameters: WriteValue[] = names.map((name) => ({ name, in: 'query', schema: { type: 'string' } }));
      if (child.kind === 'object' && parameters.length) {
        const list = child.get('parameters');
        if (list?.kind === 'array') for (const p of parameters) edits.push(appendItem(doc.parsed, list, p));
        else if (!list) edits.push(insertMember(doc.parsed, child, 'parameters', parameters));
      }
      // Two keys with the same path (`/a?x`, `/a?y`): one rename a round, as two would collide.
      context.report({ ...report, fixes: [{ title: 'Move the query string into "in: query" parameters', edits, claims: [`key:${doc.path}#${object.node.pointer}/${path}`] }] });
    });
  },
});

function decodeQueryName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}
