// The entry point of the diff layer: two versions in, the changes out, with the configuration's
// levels and the acknowledged changes set aside. The CLI and the language server only call this.
import { SourceDocument } from '../model/documents';
import { AcknowledgementOutcome, Accepted, applyAcknowledgements, UNUSED_ACKNOWLEDGEMENT } from './acknowledgements';
import { DiffConfig, EMPTY_DIFF_CONFIG } from './config';
import { DiffEngine, KindCrash, KindSetting } from './engine';
import { KINDS } from './kinds/index';
import { DiffSide } from './side';
import { Change, ChangeKind, DIFF_LEVELS, DiffLevel } from './types';

export interface DiffOptions {
  config?: DiffConfig;
  /** The catalog (kinds/index.ts); tests pass a part of it. */
  kinds?: readonly ChangeKind[];
}

export interface DiffResult {
  /** What to report: breaking changes first, then warnings, then the others; each level in the order found. */
  changes: Change[];
  /** Changes an acknowledgement accepted, with its reason. */
  accepted: Accepted[];
  crashes: KindCrash[];
  /** The comparison stopped at its bound on schema pairs (a description far larger than any real one). */
  truncated: boolean;
}

export function activeKinds(kinds: readonly ChangeKind[], config: DiffConfig): KindSetting[] {
  const active: KindSetting[] = [];
  for (const kind of kinds) {
    const setting = config.levels.get(kind.id) ?? kind.level;
    if (setting !== 'off') active.push({ kind, level: setting });
  }
  return active;
}

export function diffSides(base: DiffSide, next: DiffSide, options: DiffOptions = {}): DiffResult {
  const kinds = options.kinds ?? KINDS;
  const active = activeKinds(kinds, options.config ?? EMPTY_DIFF_CONFIG);
  const engine = new DiffEngine(base, next, active);
  return finishDiff(engine.run(), engine, next, kinds, active);
}

/** The changes an engine found, with acknowledgements applied and reviewed, breaking ones first. */
export function finishDiff(
  found: readonly Change[],
  engine: DiffEngine,
  next: DiffSide,
  kinds: readonly ChangeKind[],
  active: readonly KindSetting[],
): DiffResult {
  const activeIds = new Set(active.map((a) => a.kind.id));
  const { changes, accepted, outcomes } = applyAcknowledgements(
    found,
    next.documents(),
    activeIds,
    new Set(kinds.map((k) => k.id)),
  );
  const review = active.find((a) => a.kind.id === UNUSED_ACKNOWLEDGEMENT);
  if (review) changes.push(...reviewAcknowledgements(outcomes, review.level));
  // Breaking changes first; within a level, in the order found (operation by operation).
  const rank = (change: Change) => DIFF_LEVELS.indexOf(change.level);
  changes.sort((a, b) => rank(a) - rank(b));
  return { changes, accepted, crashes: engine.crashes, truncated: engine.truncated };
}

/** The acknowledgements without a reason, of unknown kinds, or that accepted nothing. */
function reviewAcknowledgements(outcomes: readonly AcknowledgementOutcome[], level: DiffLevel): Change[] {
  const kind = KINDS.find((k) => k.id === UNUSED_ACKNOWLEDGEMENT)!;
  const found: Change[] = [];
  for (const { doc, acknowledgement, ids } of outcomes) {
    const place = (offset: number, length: number) => ({ doc, offset, length });
    const say = (messageId: string, id: string, offset: number, length: number) =>
      found.push({
        kind: UNUSED_ACKNOWLEDGEMENT,
        level,
        message: kind.messages[messageId].replace('{id}', id),
        new: place(offset, length),
      });
    acknowledgement.ids.forEach((id, i) => {
      if (ids[i].status === 'unknown') say('unknown', id.id, id.offset, id.length);
      else if (ids[i].status === 'active' && ids[i].accepted === 0) say('unused', id.id, id.offset, id.length);
    });
    const used = ids.some((id) => id.accepted > 0);
    if (used && !acknowledgement.reason)
      say('reason', acknowledgement.ids.map((id) => id.id).join(', '), acknowledgement.offset, acknowledgement.length);
  }
  found.sort((a, b) =>
    a.new!.doc.path < b.new!.doc.path ? -1 : a.new!.doc.path > b.new!.doc.path ? 1 : a.new!.offset - b.new!.offset,
  );
  return found;
}

export type { SourceDocument };
