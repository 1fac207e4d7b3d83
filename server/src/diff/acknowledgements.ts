// Accepted changes, acknowledged next to where they happen in the new version, with a reason, in
// the forms of the checks' suppressions (check/suppressions.ts):
//   # openapi-check-accept-next-line <kind>[, <kind>] -- <reason>     the next line with content
//   # openapi-check-accept-line <kind> -- <reason>                     the comment's own line
//   # openapi-check-accept <kind> -- <reason>                          the key on its line and its value
//   x-openapi-check-accept: {<kind>: <reason>}                         the object and all below it
// A change is accepted when an acknowledgement of its kind covers where it starts in the new version.
// An acknowledgement without a reason, of an unknown kind, or that accepts nothing is reported.
import { SourceDocument } from '../model/documents';
import { markedIn, MarkerWords, Suppression, SuppressionIndex, suppressionsCovering } from '../check/suppressions';
import { Change } from './types';

export const ACCEPT_WORDS: MarkerWords = { comment: 'openapi-check-accept', extension: 'x-openapi-check-accept' };
/** The kind that reports acknowledgements (see kinds/unused-acknowledgement.ts). */
export const UNUSED_ACKNOWLEDGEMENT = 'unused-acknowledgement';

export interface Accepted {
  change: Change;
  reason: string;
}

/** What became of each acknowledgement of a document. */
export interface AcknowledgementOutcome {
  doc: SourceDocument;
  acknowledgement: Suppression;
  /** Per id: whether the kind exists and runs, and how many changes it accepted. */
  ids: { status: 'active' | 'off' | 'unknown'; accepted: number }[];
}

export interface AcknowledgementResult {
  changes: Change[];
  accepted: Accepted[];
  outcomes: AcknowledgementOutcome[];
}

/**
 * Sets aside the changes an acknowledgement covers. `documents`: the new version's documents
 * (the acknowledgements of files the diff never read are not looked at).
 */
export function applyAcknowledgements(
  changes: readonly Change[],
  documents: Iterable<SourceDocument>,
  active: ReadonlySet<string>,
  known: ReadonlySet<string>,
): AcknowledgementResult {
  const indexes = new Map<SourceDocument, SuppressionIndex>();
  const outcomes = new Map<Suppression, AcknowledgementOutcome>();
  for (const doc of documents) {
    const index = markedIn(doc, ACCEPT_WORDS);
    if (index.all.length === 0) continue;
    indexes.set(doc, index);
    for (const acknowledgement of index.all) {
      const ids = acknowledgement.ids.map((id) => ({
        status: active.has(id.id) ? ('active' as const) : known.has(id.id) ? ('off' as const) : ('unknown' as const),
        accepted: 0,
      }));
      outcomes.set(acknowledgement, { doc, acknowledgement, ids });
    }
  }
  if (outcomes.size === 0) return { changes: [...changes], accepted: [], outcomes: [] };
  const kept: Change[] = [];
  const accepted: Accepted[] = [];
  for (const change of changes) {
    const place = change.new;
    const index = place && indexes.get(place.doc);
    const covering = index ? suppressionsCovering(index, place.offset, change.kind) : [];
    for (const acknowledgement of covering) {
      const outcome = outcomes.get(acknowledgement)!;
      outcome.ids[acknowledgement.ids.findIndex((id) => id.id === change.kind)].accepted++;
    }
    if (covering.length === 0) kept.push(change);
    else accepted.push({ change, reason: covering.find((c) => c.reason)?.reason ?? '' });
  }
  return { changes: kept, accepted, outcomes: [...outcomes.values()] };
}
