import { addFieldFix } from './required-field';
import { defineRule } from '../check/types';
import { objectAnchor } from '../check/report';
import { REASON_PHRASES } from '../model/facts';

export default defineRule({
  id: 'response-description',
  severity: 'error',
  versions: ['3.0', '3.1'],
  versionNote:
    'OpenAPI 3.0 and 3.1 mark a Response\'s `description` REQUIRED. OpenAPI 3.2 does not (its Response Object adds `summary`, and `description` is optional), so a 3.2 response without one is not reported.',
  description: 'A Response without `description`.',
  spec: ['Response Object'],
  rationale:
    'The specification marks description REQUIRED: it is what readers of the documentation learn about the response.',
  messages: {
    missing: 'A response needs a "description": say what the response returns.',
    missingError: 'A response needs a "description": say when this error happens.',
  },
  kinds: ['Response'],
  // Whether `description` is there, and the status code keys it is used under.
  readsValue: () => false,
  checkObject(object, context) {
    if (object.node.get('description')) return;
    // The reason phrase of the status code this response is used under, when there is one.
    const code = object.usages.map((u) => (u.parent?.kind === 'Responses' ? String(u.node.key) : undefined)).find((c) => c !== undefined);
    const phrase = (code && REASON_PHRASES[code.toUpperCase() === 'DEFAULT' ? 'default' : code]) ?? '';
    context.report({
      at: objectAnchor(object.node),
      messageId: code && /^(4|5|default)/i.test(code) ? 'missingError' : 'missing',
      fixes: [addFieldFix(object, 'description', phrase)],
    });
  },
});
