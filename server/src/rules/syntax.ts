import { defineRule } from '../check/types';

export default defineRule({
  id: 'syntax',
  severity: 'error',
  description: 'YAML or JSON syntax errors and duplicate keys (the same method twice in one path item is a duplicate key, §4.3).',
  messages: { parse: '{message}' },
  checkDocument(doc, context) {
    for (const error of doc.parsed.errors) {
      context.report({
        at: { offset: error.offset, length: error.length },
        messageId: 'parse',
        data: { message: error.message },
        severity: error.severity,
      });
    }
  },
});
