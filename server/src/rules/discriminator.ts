import * as path from 'path';
import { defineRule } from '../check/types';
import { isFreeTextValue } from '../check/shift';
import { keyNames } from '../check/suggest';
import { parseRef } from '../model/ref';
import { declaredProperties } from '../model/validate';
import { appendItem, insertMember, replaceScalar } from '../syntax/edit';
import { SyntaxNode } from '../syntax/tree';
import { Analysis, OpenApiObject } from '../model/analysis';

/** Whether a mapping value names a schema that exists; undefined when that cannot be told (another file not loaded). */
function mappingResolves(analysis: Analysis, object: OpenApiObject, value: string): boolean | undefined {
  // A schema name: of the root's components, or of the file the discriminator is in (a schemas file
  // with a components layout names its own schemas so).
  if (!value.includes('/') && !value.includes('#')) {
    const named = (doc: { root: SyntaxNode | undefined }) => doc.root?.get('components')?.get('schemas')?.get(value);
    return Boolean(named(analysis.root) ?? named(object.doc));
  }
  const parsed = parseRef(value);
  if (parsed.form === 'url' || parsed.syntaxProblems.length) return undefined;
  const doc = parsed.form === 'local' ? object.doc : analysis.documents.find((d) => d.path === path.resolve(path.dirname(object.doc.path), parsed.file));
  if (!doc) return undefined;
  let node: SyntaxNode | undefined = doc.root;
  for (const segment of parsed.pointer ?? []) node = node?.kind === 'object' ? node.get(segment) : node?.kind === 'array' ? node.at(Number(segment)) : undefined;
  return node?.kind === 'object';
}

export default defineRule({
  id: 'discriminator',
  severity: 'error',
  description: 'A `discriminator` whose `propertyName` is not a required property of the schemas it selects (its `oneOf`/`anyOf` alternatives, or the schema itself and what it extends through `allOf`), or whose `mapping` names a schema that does not exist.',
  spec: ['Discriminator Object', 'Composition and Inheritance (Polymorphism)'],
  rationale:
    'Clients pick the schema of a payload by the value of this property, and a payload without it matches no schema: the 3.0.3 text (Composition and Inheritance) says the discriminator field MUST be a required field. A mapping to a schema that does not exist leaves payloads with that value without a schema.',
  messages: {
    undeclared: 'Property "{name}" that the discriminator reads is not defined in {where}: define it, and list it in "required".',
    notRequired: 'Property "{name}" that the discriminator reads must be required: add it to "required" of {where}.',
    mapping: 'Mapping "{key}" points at "{value}", which is no schema of this document.',
    mappingSuggest: 'Mapping "{key}" points at "{value}", which is no schema of this document. Did you mean "{suggestion}"?',
  },
  kinds: ['Schema'],
  members: ['discriminator'],
  readsValue: (edited) =>
    !isFreeTextValue(edited) && (edited.kinds.includes('Schema') || edited.kinds.includes('Discriminator')),
  checkObject(object, context) {
    const { node, doc } = object;
    const discriminator = node.get('discriminator');
    if (discriminator?.kind !== 'object') return;
    const { analysis } = context;
    const propertyName = discriminator.get('propertyName');
    if (propertyName?.kind === 'string') {
      const name = propertyName.value as string;
      // A member of an allOf shares the properties of its siblings: the payload meets them all.
      const composed = node.parent?.kind === 'array' && node.parent.key === 'allOf' && node.parent.parent?.kind === 'object' ? node.parent.parent : node;
      const own = declaredProperties(analysis, composed, doc);
      const alternatives = ['oneOf', 'anyOf'].flatMap((k) => (node.get(k)?.kind === 'array' ? node.get(k)!.children! : []));
      const lacking = (test: (d: ReturnType<typeof declaredProperties>) => boolean) => {
        if (test(own)) return [];
        if (alternatives.length === 0) return own.incomplete ? [] : ['this schema'];
        return alternatives.filter((alternative) => {
          const declared = declaredProperties(analysis, alternative, doc);
          return !declared.incomplete && !test(declared);
        }).map((alternative) => {
          const ref = alternative.get('$ref')?.stringValue;
          return ref ? `"${ref.slice(ref.lastIndexOf('/') + 1)}"` : 'an inline alternative';
        });
      };
      const undeclared = lacking((d) => d.properties.has(name));
      const where = (list: string[]) => (list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`);
      if (undeclared.length) context.report({ at: { node: propertyName }, messageId: 'undeclared', data: { name, where: where(undeclared) } });
      else {
        const optional = lacking((d) => d.required.has(name));
        const required = node.get('required');
        const edit = required?.kind === 'array' ? appendItem(doc.parsed, required, name) : !required ? insertMember(doc.parsed, node, 'required', [name]) : undefined;
        const fixes = optional.length === 1 && optional[0] === 'this schema' && edit ? [{ title: `Add "${name}" to "required"`, edits: [edit] }] : [];
        if (optional.length) context.report({ at: { node: propertyName }, messageId: 'notRequired', data: { name, where: where(optional) }, fixes });
      }
    }
    const mapping = discriminator.get('mapping');
    for (const entry of mapping?.kind === 'object' ? mapping.children! : []) {
      if (entry.kind !== 'string' || mappingResolves(analysis, object, entry.value as string) !== false) continue;
      const value = entry.value as string;
      const schemas = analysis.root.root?.get('components')?.get('schemas');
      const local = value.startsWith('#/components/schemas/');
      const near = schemas?.kind === 'object' ? keyNames(schemas).nearest(local ? value.slice('#/components/schemas/'.length) : value) : undefined;
      const suggestion = near === undefined ? undefined : local ? `#/components/schemas/${near}` : value.includes('/') ? undefined : near;
      context.report({
        at: { node: entry },
        messageId: suggestion ? 'mappingSuggest' : 'mapping',
        data: { key: String(entry.key), value, suggestion: suggestion ?? '' },
        fixes: suggestion && doc === analysis.root ? [{ title: `Change to "${suggestion}"`, edits: [replaceScalar(doc.parsed, entry, suggestion)] }] : [],
      });
    }
  },
});
