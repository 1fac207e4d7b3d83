import { SchemaValidator } from '../model/validate';
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
  description: '`default` matches the schema: its type, enum, bounds and formats (OpenAPI 3.0 semantics).',
  spec: ['Schema Object'],
  rationale:
    'The specification says the default MUST conform to the schema\'s type. Clients and servers substitute the default for a missing value; a default the schema rejects is a value the API itself would reject.',
  messages: { invalid: '"default{path}": {message}.' },
  kinds: ['Schema'],
  members: ['default'],
  localThroughRefs: true,
  // Defaults are Schemas' and validated against them: any of their values but free text.
  readsValue: (edited) => edited.kinds.includes('Schema') && !isFreeTextValue(edited),
  checkObject(object, context) {
    const value = object.node.get('default');
    if (!value) return;
    for (const error of new SchemaValidator(context.analysis).validate(value, object.node, object.doc)) {
      const fix = error.node === value ? converted(value, object.node.get('type')?.stringValue, object.doc) : undefined;
      context.report({ at: firstLineSpan(object.doc, error.node), messageId: 'invalid', data: { path: error.path, message: error.message }, fixes: fix ? [fix] : [] });
    }
  },
});
