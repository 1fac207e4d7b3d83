import { defineRule } from '../check/types';

export default defineRule({
  id: 'syntax',
  severity: 'error',
  description: 'YAML or JSON syntax errors and duplicate keys (the same method twice in one path item is a duplicate key).',
  spec: ['Format'],
  rationale:
    'The specification says a document is JSON or YAML: text that does not parse, or repeats a key, is read differently by every tool, or not at all.',
  messages: { parse: '{message}' },
  // A generator: a large document can have 100,000 errors (as many duplicate keys).
  *checkDocument(doc, context) {
    for (const error of doc.parsed.errors) {
      context.report({
        at: { offset: error.offset, length: error.length },
        messageId: 'parse',
        data: { message: error.message },
        severity: error.severity,
      });
      yield;
    }
  },
});
