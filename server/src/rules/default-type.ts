import { OPENAPI_VERSIONS } from '../model/spec';
import { matchesType, SchemaValidator } from '../model/validate';
import { defineRule, Fix } from '../check/types';
import { firstLineSpan } from '../check/report';
import { isFreeTextValue } from '../check/shift';
import { replaceNode, scalarText } from '../syntax/edit';
import { SyntaxNode } from '../syntax/tree';
import { SourceDocument } from '../model/documents';

/** The default written as the schema's type, when the text says it unambiguously ("100" for an integer). */
function converted(value: SyntaxNode, type: string | undefined, doc: SourceDocument): Fix | undefined {
  const text = doc.source.slice(value.offset, value.end).trimEnd();
  let newText: string | undefined;
  if ((type === 'integer' || type === 'number') && value.kind === 'string') {
    const s = (value.value as string).trim();
    if (/^-?(0|[1-9]\d*)(\.\d+)?$/.test(s) && (type === 'number' || !s.includes('.'))) newText = s;
  } else if (type === 'boolean' && value.kind === 'string' && /^(true|false)$/.test(value.value as string)) {
    newText = value.value as string;
  } else if (type === 'string' && (value.kind === 'number' || value.kind === 'boolean')) {
    newText = scalarText(doc.parsed, text, 'single');
  }
  return newText === undefined ? undefined : { title: `Change to ${newText}`, edits: [replaceNode(value, newText)] };
}

export default defineRule({

  id: 'default-type',
  severity: 'error',
  description: '`default` matches the schema: an error when it is not of the type the schema declares beside it, a warning when it breaks the schema otherwise (enum, bounds, formats, properties, composition).',
  spec: ['Schema Object'],
  rationale:
    'The specification says the default MUST conform to the type defined at the same level: clients and servers substitute it for a missing value. A default outside the enum, the bounds or the format is one the API itself would reject, but the text makes only the type a requirement, so those are warnings.',
  messages: { invalid: '"default{path}": {message}.' },
  versions: OPENAPI_VERSIONS,
  versionNote:
    'OpenAPI 3.0: a default not of the declared type is an error (the text says it MUST conform), other mismatches are warnings. OpenAPI 3.1 and 3.2 read the schema as JSON Schema 2020-12, which only recommends a valid default: every mismatch is a warning, judged with 2020-12 semantics (type lists with "null", `const`, numeric exclusive bounds, `prefixItems`; formats are annotations and not asserted).',
  kinds: ['Schema'],
  members: ['default'],
  localThroughRefs: true,
  // Defaults are Schemas' and validated against them: any of their values but free text.
  // A discriminator's property and mapping pick the alternative of a oneOf a value is held to.
  readsValue: (edited) => (edited.kinds.includes('Schema') && !isFreeTextValue(edited)) || edited.kinds.includes('Discriminator'),
  checkObject(object, context) {
    const { node, doc } = object;
    const value = node.get('default');
    if (!value) return;
    const type = node.get('type')?.stringValue;
    const nullable = node.get('nullable')?.value === true;
    // The MUST: the type declared in this Schema Object (with its own `nullable`).
    // 3.1 and 3.2 (JSON Schema 2020-12) only recommend a default the schema accepts: a warning then.
    const wrongType = (context.version ?? '3.0') === '3.0' && type !== undefined && (value.kind === 'null' ? !nullable : !matchesType(value, type));
    for (const error of new SchemaValidator(context.analysis).validate(value, node, doc)) {
      const atValue = error.node === value && error.path === '';
      // `nullable: true` beside `allOf`/`oneOf` without a type: the generator idiom for a nullable
      // reference. Whether null passes is nullable-without-type's to explain, not a second finding.
      if (atValue && value.kind === 'null' && nullable && type === undefined) continue;
      const fix = atValue ? converted(value, type, doc) : undefined;
      context.report({
        at: firstLineSpan(doc, error.node),
        messageId: 'invalid',
        data: { path: error.path, message: error.message },
        fixes: fix ? [fix] : [],
        severity: wrongType && atValue ? 'error' : 'warning',
      });
    }
  },
});
