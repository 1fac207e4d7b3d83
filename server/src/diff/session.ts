// A diff an editor keeps while the new version is edited: the base side is read once, and after an
// edit only the operations whose comparison read something the edit changed are compared again;
// the others keep their changes, their places taken again from their nodes (which the incremental
// parse moved). Document-level sites (servers, security schemes) are compared every time: they
// are few. What the lead's editor integration calls; the CLI diffs once with diffSides.
import { drain, stepClock, Steps } from '../syntax/steps';
import { SyntaxNode } from '../syntax/tree';
import { isLoadFailure } from '../model/documents';
import { activeKinds, DiffOptions, DiffResult, finishDiff } from './diff';
import { EMPTY_DIFF_CONFIG } from './config';
import { DiffEngine, KindSetting, placeOf, SchemaPairKey } from './engine';
import { KINDS } from './kinds/index';
import { DiffSide } from './side';
import { Change, ChangeKind } from './types';

/** What an edit changed in the new version: the node the incremental parse replaced (see syntax/incremental.ts). */
export interface EditedNode {
  replaced: SyntaxNode;
}

interface Remembered {
  next: DiffSide;
  changesOf: Map<string, Change[]>;
  readBy: Map<SyntaxNode, string[]>;
  pairsOf: Map<string, SchemaPairKey[]>;
}

export class DiffSession {
  private readonly kinds: readonly ChangeKind[];
  private readonly active: KindSetting[];
  private last: Remembered | undefined;
  /** Operations compared by the last call (all of them for `diff`): what a test or a trace looks at. */
  compared = 0;

  constructor(
    readonly base: DiffSide,
    options: DiffOptions = {},
  ) {
    this.kinds = options.kinds ?? KINDS;
    this.active = activeKinds(this.kinds, options.config ?? EMPTY_DIFF_CONFIG);
  }

  /** The whole diff of a version of the new document. */
  diff(next: DiffSide): DiffResult {
    return this.rediff(next, undefined);
  }

  /**
   * The diff of a version made from the last one by edits: operations whose comparison read a node
   * an edit replaced, or one above it, are compared again, and so are operations added, removed or
   * replaced whole; the others keep their changes. `edits` undefined: compare everything.
   */
  rediff(next: DiffSide, edits: readonly EditedNode[] | undefined): DiffResult {
    return drain(this.rediffSteps(next, edits));
  }

  /**
   * The same in steps, a pause between operations (a full diff of thousands of operations takes
   * seconds): what the language server runs between messages. Only a diff run to its end is
   * remembered; a caller that stops it (an edit changed the trees) must not run it on, and the
   * next call compares against the last finished one.
   */
  *rediffSteps(next: DiffSide, edits: readonly EditedNode[] | undefined): Steps<DiffResult> {
    const due = stepClock(4);
    const last = edits ? this.last : undefined;
    const touched = last ? touchedOperations(last, next, edits!) : undefined;
    const engine = new DiffEngine(this.base, next, this.active);
    if (last && touched) {
      for (const [key, pairs] of last.pairsOf) if (key !== '' && !touched.has(key)) engine.seedPairs(pairs);
    }
    engine.compareDocumentSites();
    const found: Change[] = [...(engine.changesOf.get('') ?? [])];
    this.compared = 0;
    const keys = [
      ...this.base.operations.keys(),
      ...[...next.operations.keys()].filter((k) => !this.base.operations.has(k)),
    ];
    for (const key of keys) {
      if (due()) yield;
      if (touched && !touched.has(key)) {
        // Kept: its changes with their places taken again, what it read and its pairs carried over.
        found.push(...(last!.changesOf.get(key) ?? []).map((change) => relocated(change, next)));
        engine.changesOf.set(key, last!.changesOf.get(key) ?? []);
        const pairs = last!.pairsOf.get(key);
        if (pairs) engine.pairsOf.set(key, pairs);
        continue;
      }
      this.compared++;
      engine.compareOperationKey(key, this.base.operations.get(key), next.operations.get(key));
      found.push(...(engine.changesOf.get(key) ?? []));
    }
    if (last && touched) {
      for (const [node, readers] of last.readBy) {
        const kept = readers.filter((key) => !touched.has(key));
        if (kept.length) engine.readBy.set(node, [...(engine.readBy.get(node) ?? []), ...kept]);
      }
    }
    this.last = { next, changesOf: engine.changesOf, readBy: engine.readBy, pairsOf: engine.pairsOf };
    return finishDiff(found, engine, next, this.kinds, this.active);
  }
}

function touchedOperations(last: Remembered, next: DiffSide, edits: readonly EditedNode[]): Set<string> {
  const touched = new Set<string>();
  for (const { replaced } of edits) {
    for (let node: SyntaxNode | undefined = replaced; node; node = node.parent)
      for (const key of last.readBy.get(node) ?? []) touched.add(key);
  }
  // Operations that appeared, disappeared or were parsed anew.
  for (const [key, operation] of next.operations)
    if (last.next.operations.get(key)?.node !== operation.node) touched.add(key);
  for (const key of last.next.operations.keys()) if (!next.operations.has(key)) touched.add(key);
  touched.delete('');
  return touched;
}

/** A kept change with its places taken from its nodes again, in the current versions of their documents. */
function relocated(change: Change, next: DiffSide): Change {
  const spot = change.spots?.new;
  if (!spot) return change;
  const place = placeOf(spot);
  const current = next.store.cached(place.doc.path);
  return { ...change, new: current && !isLoadFailure(current) ? { ...place, doc: current } : place };
}
