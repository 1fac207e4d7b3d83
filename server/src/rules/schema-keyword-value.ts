import { defineRule } from '../check/types';
import { removalFix } from '../check/report';
import { removeNode } from '../syntax/edit';
import { OPENAPI_VERSIONS } from '../model/spec';

/** Why a pattern is not a regular expression, or undefined when it is one (Ecma-262, no `u` flag). */
export function patternProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern);
    return undefined;
  } catch (e) {
    return (e as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '');
  }
}

export default defineRule({
  id: 'schema-keyword-value',
  severity: 'error',
  description: 'A Schema keyword with a value JSON Schema does not allow: `multipleOf` not greater than 0, `required` empty or naming a property twice, `enum` empty, `pattern` that is not a regular expression.',
  spec: ['Schema Object'],
  rationale:
    'Validators refuse these schemas or read them in different ways: an empty enum allows no value, a pattern that does not compile checks nothing, and a multipleOf of 0 divides by zero.',
  messages: {
    multipleOf: '"multipleOf" must be greater than 0, not {value}.',
    requiredEmpty: '"required" must list at least one property: remove it when no property is required.',
    requiredTwice: '"{name}" is already in "required".',
    enumEmpty: 'An empty "enum" allows no value: list the allowed values, or remove "enum".',
    pattern: '"pattern" is not a regular expression: {problem}.',
  },
  versions: OPENAPI_VERSIONS,
  versionNote:
    'OpenAPI 3.1 and 3.2 (JSON Schema 2020-12): `multipleOf` must still be greater than 0, `required` must still not name a property twice, and `pattern` is still an ECMA-262 regular expression. An empty `required` is allowed there (2020-12 says it means the same as no `required`), so it is not reported; an empty `enum` is a SHOULD NOT there (a MUST NOT in 3.0), so it is a warning.',
  kinds: ['Schema'],
  members: ['multipleOf', 'required', 'enum', 'pattern'],
  local: true,
  checkObject(object, context) {
    const { node, doc } = object;
    const multipleOf = node.get('multipleOf');
    if (multipleOf?.kind === 'number' && (multipleOf.value as number) <= 0) {
      context.report({ at: { node: multipleOf }, messageId: 'multipleOf', data: { value: String(multipleOf.value) } });
    }
    const required = node.get('required');
    if (required?.kind === 'array') {
      if (required.children!.length === 0 && (context.version ?? '3.0') === '3.0') {
        context.report({ at: { node: required, part: 'member' }, messageId: 'requiredEmpty', fixes: [removalFix('Remove "required"', doc.parsed, required)] });
      }
      const seen = new Set<unknown>();
      for (const name of required.children!) {
        if (!seen.has(name.value) || name.kind !== 'string') {
          seen.add(name.value);
          continue;
        }
        // Each fix removes one duplicate, so fix-all never empties the list.
        context.report({ at: { node: name }, messageId: 'requiredTwice', data: { name: name.value as string }, fixes: [{ title: `Remove the second "${String(name.value)}"`, edits: [removeNode(doc.parsed, name)], removes: [name] }] });
      }
    }
    const values = node.get('enum');
    if (values?.kind === 'array' && values.children!.length === 0) {
      context.report({ at: { node: values, part: 'member' }, messageId: 'enumEmpty', severity: (context.version ?? '3.0') === '3.0' ? undefined : 'warning' });
    }
    const pattern = node.get('pattern');
    const problem = pattern?.kind === 'string' ? patternProblem(pattern.value as string) : undefined;
    if (problem) context.report({ at: { node: pattern! }, messageId: 'pattern', data: { problem: problem.replace(/\.$/, '') } });
  },
});
