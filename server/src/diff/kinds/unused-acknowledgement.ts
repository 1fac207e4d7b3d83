import { defineKind } from '../types';

/**
 * Reported by the diff after the comparison (see acknowledgements.ts), not on a site: an
 * acknowledgement that needs attention.
 */
export default defineKind({
  id: 'unused-acknowledgement',
  level: 'warning',
  description:
    'An acknowledgement of an accepted change (`# openapi-check-accept`, `x-openapi-check-accept`) without a reason, naming an unknown change kind, or accepting no change.',
  rationale:
    'An acknowledgement records a decision: without a reason nobody can review it later. Once the release with the change ' +
    'ships, the next diff no longer finds the change, and the acknowledgement would silently accept a different one.',
  messages: {
    reason: 'The acknowledgement of {id} has no reason: write why the change is accepted after "--".',
    unknown: 'The acknowledgement names {id}, which is no change kind of openapi-check diff.',
    unused:
      'The acknowledgement of {id} accepts no change here: remove it (the release it was for has shipped, or the change moved).',
  },
  sites: [],
  compare() {},
});
