import { FieldSpec, SPECS, ObjectKind } from '../model/spec';
import { SyntaxNode } from '../syntax/tree';
import { defineRule, RuleContext } from '../check/types';

function describe(node: SyntaxNode): string {
  if (node.kind === 'number') return 'a number';
  return { object: 'an object', array: 'an array', string: 'a string', boolean: 'a boolean', null: 'empty (null)' }[node.kind];
}

function scalarMatches(node: SyntaxNode, type: FieldSpec['scalar']): boolean {
  switch (type) {
    case 'any': return true;
    case 'string': return node.kind === 'string';
    case 'boolean': return node.kind === 'boolean';
    case 'number': return node.kind === 'number';
    case 'integer': return node.kind === 'number' && Number.isInteger(node.value);
    default: return true;
  }
}

const A: Record<string, string> = { string: 'a string', boolean: 'a boolean', number: 'a number', integer: 'an integer', any: 'a value' };

function expected(spec: FieldSpec): string {
  if (spec.shape === 'scalar') return A[spec.scalar!];
  if (spec.shape === 'object') return spec.orBoolean ? 'an object or a boolean' : 'an object';
  if (spec.shape === 'array') return spec.scalar ? `an array of ${spec.scalar}s` : 'an array';
  return 'a map (an object)';
}

export function checkFieldValue(node: SyntaxNode, spec: FieldSpec, field: string, yaml: boolean, context: RuleContext): void {
  const report = (at: SyntaxNode, what: string) => {
    // YAML reads `version: 1.0` as a number; say how to write the string.
    const quoteIt = yaml && spec.scalar === 'string' && (at.kind === 'number' || at.kind === 'boolean') && at.style === 'plain';
    context.report({ at: { node: at }, messageId: quoteIt ? 'quoteIt' : 'wrongType', data: { field, expected: what, actual: describe(at) } });
  };
  switch (spec.shape) {
    case 'scalar':
      if (!scalarMatches(node, spec.scalar)) report(node, expected(spec));
      return;
    case 'object':
      if (node.kind !== 'object' && !(spec.orBoolean && node.kind === 'boolean')) report(node, expected(spec));
      return;
    case 'array':
      if (node.kind !== 'array') return report(node, expected(spec));
      if (spec.scalar && spec.scalar !== 'any') {
        for (const item of node.children!) if (!scalarMatches(item, spec.scalar)) context.report({ at: { node: item }, messageId: 'wrongItem', data: { field, expected: A[spec.scalar], actual: describe(item) } });
      }
      return;
    case 'map':
      if (node.kind !== 'object') return report(node, expected(spec));
      if (spec.scalar && spec.scalar !== 'any') {
        for (const entry of node.children!) if (!scalarMatches(entry, spec.scalar)) context.report({ at: { node: entry }, messageId: 'wrongEntry', data: { field, key: String(entry.key), expected: A[spec.scalar], actual: describe(entry) } });
      }
      if (spec.kind) {
        // Each entry of a map of objects must itself be an object.
        for (const entry of node.children!) if (entry.kind !== 'object') context.report({ at: { node: entry }, messageId: 'wrongEntry', data: { field, key: String(entry.key), expected: 'an object', actual: describe(entry) } });
      }
  }
}

export default defineRule({
  id: 'field-type',
  severity: 'error',
  description: 'A field of the wrong JSON type (`tags` not an array of strings, `deprecated` not a boolean, `servers` not an array...).',
  spec: ['Schema'],
  rationale:
    'A field of the wrong type is read as missing or misread by tools: the document says something other than what its author wrote.',
  messages: {
    wrongType: '"{field}" must be {expected}, not {actual}.',
    quoteIt: '"{field}" must be {expected}, not {actual}: quote the value, as YAML reads it unquoted as {actual}.',
    wrongItem: 'Each item of "{field}" must be {expected}, not {actual}.',
    wrongEntry: '"{field}.{key}" must be {expected}, not {actual}.',
  },
  kinds: [...SPECS.keys()] as ObjectKind[],
  local: true,
  checkObject(object, context) {
    const spec = SPECS.get(object.kind)!;
    for (const child of object.node.children!) {
      const key = String(child.key);
      const field = spec.fields.get(key) ?? (spec.patterned && !(spec.extensions && key.startsWith('x-')) ? spec.patterned : undefined);
      if (!field) continue;
      // `type: [string, 'null']` is `schema-type`'s to explain.
      if (object.kind === 'Schema' && key === 'type' && child.kind === 'array') continue;
      checkFieldValue(child, field, key, object.doc.format === 'yaml', context);
    }
  },
});
