import { Target } from '../engine';
import { keywordSpot } from '../facts';
import { keywordValue } from '../schema-view';
import { defineKind } from '../types';

export default defineKind({
  id: 'response-became-nullable',
  level: 'breaking',
  description: 'What clients read may now be null (`nullable: true` was added).',
  rationale: 'Clients that read the value without checking for null crash or misbehave on it.',
  messages: { nullable: '{Target} may now be null: clients that read it without checking for null fail.' },
  sites: ['schema'],
  compare(site, context) {
    if (
      site.direction !== 'response' ||
      keywordValue(site.base, 'nullable') === true ||
      keywordValue(site.new, 'nullable') !== true
    )
      return;
    context.report({
      messageId: 'nullable',
      data: { Target: Target(site) },
      base: keywordSpot(site.base, 'nullable'),
      new: keywordSpot(site.new, 'nullable'),
    });
  },
});
