// The plan of an incremental re-check: which findings of a root's last check still hold after the
// edits made since (moved to their new places), and which objects, references and rules must be
// checked again. The language server's session records each edit reparsed in place here; the
// engine asks the plan (EarlierFindings) while it walks. No LSP, no IO: plain data in and out.
import { Analysis, firstUsageNode, leadsToExpectedKind, OpenApiObject, Reference } from '../model/analysis';
import { DocumentStore, isLoadFailure, SourceDocument } from '../model/documents';
import { mayNameFile } from '../model/mapping-value';
import { ObjectKind, OpenApiVersion, specOf } from '../model/spec';
import { Reparsed, errorsOnlyMoved } from '../syntax/incremental';
import { LineIndex } from '../syntax/line-index';
import { sourceOf, TextLike } from '../syntax/piece-text';
import { Steps, stepClock } from '../syntax/steps';
import { TextEdit } from '../syntax/edit';
import { SyntaxNode } from '../syntax/tree';
import { CheckResult } from './checker';
import { EarlierFindings } from './engine';
import { EditedFile, EditedSpan, findingMovesThrough, findingsMoveWithValue, isFreeText, isFreeTextKey, movedDiagnostic, movedRange } from './shift';
import { Diagnostic, EditedValue, Rule } from './types';

type Unit = Parameters<NonNullable<CheckResult['perUnit']>['get']>[0];
const isObject = (unit: Unit): unit is OpenApiObject => 'kind' in unit && 'usages' in unit;
const isReference = (unit: Unit): unit is Reference => 'holder' in unit && 'refNode' in unit;

const NO_FINDINGS: readonly Diagnostic[] = Object.freeze([]);

/** The edits made since a root's last check in trees that were updated in place. */
export class EditsSinceCheck {
  /** Per file, in the order they were made. */
  readonly edits = new Map<string, TextEdit[]>();
  /** Nodes whose subtree an edit changed: the replaced node and its ancestors. */
  private readonly touched = new Set<SyntaxNode>();
  /** Per touched node, its children the edits went through (the replaced node, or a touched ancestor of it). */
  private readonly touchedThrough = new Map<SyntaxNode, Set<SyntaxNode>>();
  /**
   * Where edits changed fields, while none changed which node is which object: scalars whose
   * value changed in place, and members added, removed or replaced (holding no object).
   */
  private values: SyntaxNode[] | undefined = [];
  /** The mappings members were added to or removed from, by file. */
  private readonly memberParents: { path: string; node: SyntaxNode }[] = [];
  /** Whether no edit changed which node is which object (see changeOf). */
  private sameStructure = true;

  record(filePath: string, edit: TextEdit, replaced: SyntaxNode, nodes: readonly SyntaxNode[], change: Change): void {
    let list = this.edits.get(filePath);
    if (!list) this.edits.set(filePath, (list = []));
    list.push(edit);
    for (let n: SyntaxNode | undefined = replaced; n; n = n.parent) {
      this.touched.add(n);
      if (!n.parent) continue;
      let through = this.touchedThrough.get(n.parent);
      if (!through) this.touchedThrough.set(n.parent, (through = new Set()));
      through.add(n);
    }
    if (change === 'structure') {
      this.sameStructure = false;
      this.values = undefined;
    } else if (this.values) {
      // A member's old node still knows its parent: the field it was is found like the new ones.
      this.values.push(replaced);
      if (change === 'member') {
        for (const node of nodes) if (node !== replaced) this.values.push(node);
        if (replaced.parent) this.memberParents.push({ path: filePath, node: replaced.parent });
      }
    }
  }

  /**
   * The objects members were added to or removed from; the units of findings an edit cut across;
   * and those of findings with a fix that writes into a mapping whose members changed (where it
   * inserts depends on them: before the first member, after the last).
   */
  private unitsToCheckAgain(before: Analysis, perUnit: NonNullable<CheckResult['perUnit']>): Set<Unit> {
    const units = new Set<Unit>();
    for (const { node: parent } of this.memberParents) {
      for (let n: SyntaxNode | undefined = parent; n; n = n.parent) {
        const objects = before.objectsAt(n);
        if (objects.length === 0) continue;
        for (const object of objects) units.add(object);
        break;
      }
    }
    const writesIntoChanged = (d: Diagnostic) => d.fixes.some((fix) => fix.edits.some((e) => {
      const at = movedRange(e.offset, e.length, this.edits.get(d.doc.path) ?? []);
      return this.memberParents.some(({ path, node }) => path === d.doc.path && at.offset + at.length >= node.offset && at.offset <= node.end);
    }));
    for (const [unit, list] of perUnit) {
      if (units.has(unit)) continue;
      if (!list.every((d) => findingMovesThrough(d, this.edits)) || (this.memberParents.length > 0 && list.some(writesIntoChanged))) units.add(unit);
    }
    return units;
  }

  /**
   * Whether the edits went into the object's parent only through other objects of its kind, each
   * kept as the same object (values edited in place): an operationId typed in one Path Item
   * touches the Paths object, and its 700 other Path Items read nothing of it. A parent touched
   * through a field of its own (a Path Item's `parameters`, which its Operations read) is not.
   */
  private onlySiblingsTouched(before: Analysis, object: OpenApiObject): boolean {
    const through = this.touchedThrough.get(object.node.parent!);
    if (!through) return false;
    for (const child of through) {
      if (child === object.node || !before.objectsAt(child).some((o) => o.kind === object.kind)) return false;
    }
    return true;
  }

  /**
   * The objects forObject answers for with findings or undefined: those with findings, those an
   * edit touched or whose parent node it touched, and those checked again.
   */
  private *objectsToVisit(before: Analysis, perUnit: NonNullable<CheckResult['perUnit']>, recheck: ReadonlySet<Unit> | undefined): Steps<Set<OpenApiObject>> {
    // In steps: a touched Paths object of a 30 MB document has 100,000 members (50 ms at once).
    const due = stepClock();
    const objects = new Set<OpenApiObject>();
    for (const node of this.touched) {
      for (const object of before.objectsAt(node)) objects.add(object);
      for (const child of node.children ?? []) {
        if (due()) yield;
        for (const object of before.objectsAt(child)) objects.add(object);
      }
    }
    for (const unit of perUnit.keys()) {
      if (due()) yield;
      if (isObject(unit)) objects.add(unit);
    }
    for (const unit of recheck ?? []) if (isObject(unit)) objects.add(unit);
    return objects;
  }

  /**
   * The references forReference answers for with findings or undefined: those with findings and
   * those whose holder an edit touched. A touched node a reference reaches (a target, so also the
   * end of every chain) may change what any of them reports: then all are visited (undefined).
   */
  private referencesToVisit(before: Analysis, perUnit: NonNullable<CheckResult['perUnit']>): Set<Reference> | undefined {
    const references = new Set<Reference>();
    for (const node of this.touched) {
      if (before.isReferenced(node)) return undefined;
      const reference = before.referenceAt(node);
      if (reference) references.add(reference);
    }
    for (const unit of perUnit.keys()) if (isReference(unit)) references.add(unit);
    return references;
  }

  /**
   * An object of the new analysis keeps the findings of the last check when the same node had the
   * same role then, and neither it nor its parent contains an edit (local rules also read the
   * parent and siblings). A file parsed again has new nodes, so nothing in it is kept.
   * When every edit changed a value in place and every file is the tree the last check read, the
   * last analysis still holds: then the findings of references and of rules that do not read the
   * values edited are kept too.
   */
  *earlierFindings(previous: CheckResult, store: DocumentStore): Steps<EarlierFindings | undefined> {
    const { analysis: before, perUnit } = previous;
    if (!before || !perUnit) return undefined;
    const sameAnalysis = this.sameStructure && this.edits.size > 0 && sameTrees(before, store);
    let valueEdits: EditedValue[] | undefined;
    if (sameAnalysis && this.values) {
      valueEdits = [];
      for (const node of this.values) editedValues(node, before, valueEdits);
    }
    const recheck = valueEdits ? this.unitsToCheckAgain(before, perUnit) : undefined;
    const objectsToVisit = sameAnalysis ? yield* this.objectsToVisit(before, perUnit, recheck) : undefined;
    const referencesToVisit = sameAnalysis ? this.referencesToVisit(before, perUnit) : undefined;
    // Asked once per kept finding (1,250 per keystroke in GitHub's description): the store's
    // lookup resolves the path each time, so each file's answer is kept for this check.
    const editedFiles = new Map<string, ReturnType<EditedFile>>();
    const editedFile: EditedFile = (path) => {
      if (editedFiles.has(path)) return editedFiles.get(path);
      const edits = this.edits.get(path);
      const now = edits && store.cached(path);
      const file = now && !isLoadFailure(now) ? { doc: now, edits } : undefined;
      editedFiles.set(path, file);
      return file;
    };
    const moved = (d: Diagnostic): Diagnostic => movedDiagnostic(d, editedFile);
    return {
      version: before.version,
      forObject: (object, analysis) => {
        const node = object.node;
        if (this.touched.has(node) || (node.parent && this.touched.has(node.parent) && !(sameAnalysis && this.onlySiblingsTouched(before, object)))) return undefined;
        const earlier = sameAnalysis ? object : before.objectsAt(node).find((o) => o.kind === object.kind);
        if (!earlier || (!sameAnalysis && !sameRole(earlier, object, before, analysis))) return undefined;
        const found = perUnit.get(earlier);
        // Most objects have no findings: one shared empty list, nothing allocated per object.
        if (!found) return NO_FINDINGS;
        // `recheck` holds the units of findings an edit cuts across, when there is one.
        if (!recheck && !found.every((d) => findingMovesThrough(d, this.edits))) return undefined;
        return found.map(moved);
      },
      referencedUnchanged: (analysis) => {
        // An edit inside a Schema or Example touched its node (the edit's ancestors are touched),
        // or one inside what a Schema is applied with (a `$ref` into an `anyOf` of something no walk
        // made a Schema): rules of that Schema read it (a required name defined there).
        for (const node of this.touched) {
          if (before.objectsAt(node).some((o) => o.kind === 'Schema' || o.kind === 'Example') || composesSchema(before, node)) return false;
        }
        // A `$ref` written by an edit is in a new block, whose objects are checked again anyway;
        // one that was there must reach the same node. The same walk brought up to date holds the
        // same references (10,000 in GitHub's description, looked up on every keystroke).
        if (analysis.references !== before.references) {
          for (const reference of analysis.references) {
            const earlier = before.referenceAt(reference.holder);
            // The same node may no longer be of the kind expected (an `openapi` key typed in its file).
            if (earlier && (earlier.target?.node !== reference.target?.node || leadsToExpectedKind(earlier) !== leadsToExpectedKind(reference))) return false;
          }
        }
        // One an edit took away (its key edited, its holder replaced) leaves an object of its own.
        for (const node of this.touched) if (before.referenceAt(node) && !analysis.referenceAt(node)) return false;
        return true;
      },
      sameAnalysis,
      before: sameAnalysis ? before : undefined,
      valueEdits,
      forReference: sameAnalysis ? (reference) => {
        // Reference rules read the holder, the `$ref` and the objects it leads to.
        if (this.touched.has(reference.holder)) return undefined;
        if (reference.target && this.touched.has(reference.target.node)) return undefined;
        const end = before.resolve(reference.holder, reference.doc).target;
        if (end && this.touched.has(end.node)) return undefined;
        const found = perUnit.get(reference) ?? NO_FINDINGS;
        return recheck || found.every((d) => findingMovesThrough(d, this.edits)) ? found.map(moved) : undefined;
      } : undefined,
      recheck,
      objectsToVisit,
      referencesToVisit,
      findingsOf: function* (rules) {
        for (const [unit, list] of perUnit) {
          if (recheck?.has(unit)) continue;
          const kept = list.filter((d) => rules.has(d.rule));
          if (kept.length > 0) yield [unit, kept.map(moved)];
        }
      },
    };
  }
}

/**
 * What an edit that reused the tree changed: one scalar's value in place; a member that holds no
 * OpenAPI object, `$ref` or reference target and can hold none (a description typed as a new key,
 * an extension pasted); or more (which node is which object may differ: the analysis walks again).
 */
type Change = 'value' | 'member' | 'structure';

export function changeOf(analysis: Analysis, replaced: SyntaxNode, nodes: readonly SyntaxNode[]): Change {
  const now = nodes[0];
  // A mapping value that names a file is read again by the analysis it keeps (afterValueEdits).
  if (nodes.length === 1 && replaced === now) return now.children || analysisReads(now.key, now.parent) ? 'structure' : 'value';
  // The innermost object around the members, and the field of it they are in.
  let field = now;
  let owner = now.parent;
  while (owner && analysis.objectsAt(owner).length === 0) (field = owner), (owner = owner.parent);
  if (!owner) return 'structure';
  const keys = field === now ? [replaced.key, ...nodes.map((n) => n.key)] : [field.key];
  for (const object of analysis.objectsAt(owner)) {
    const spec = specOf(object.kind, analysis.version);
    for (const key of keys) {
      if (typeof key !== 'string' || analysisReads(key, owner)) return 'structure';
      // The walk reads the files a mapping names. A key typed into or out of `mapping` (`mappin:`,
      // or the first of two `mapping:` keys, which hid the second) changes which values it reads.
      const renamed = field === now && nodes.some((n) => n.key !== replaced.key);
      if (object.kind === 'Discriminator' && (key === 'mapping' || key === 'defaultMapping') && (renamed || namesNewFiles(replaced, nodes))) return 'structure';
      const fieldSpec = spec.fields.get(key) ?? (spec.patterned && !(spec.extensions && key.startsWith('x-')) ? spec.patterned : undefined);
      if (fieldSpec?.kind) return 'structure';
    }
  }
  // Nothing in the old member was an object or a `$ref`, or reached by one; neither member holds a
  // key the analysis reads (an `$id` in a free-form value, which a `$ref` by URI may name).
  const stack = [replaced];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (analysisReads(n.key, n.parent) || analysis.objectsAt(n).length > 0 || analysis.isReferenced(n)) return 'structure';
    if (n.children) for (const c of n.children) stack.push(c);
  }
  for (const node of nodes) stack.push(node);
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (analysisReads(n.key, n.parent)) return 'structure';
    if (n.children) for (const c of n.children) stack.push(c);
  }
  // A `$ref` that did not resolve may resolve now, through a key the edit added; or its message
  // (the keys it suggests) may change, where the edit replaced the node it stopped at.
  const around = new Set<SyntaxNode>();
  for (let n: SyntaxNode | undefined = now; n; n = n.parent) around.add(n);
  for (const reference of analysis.references) {
    // An empty YAML `$ref` (`$ref: #/...` is a comment): the fix that quotes it suggests the keys
    // nearest to the comment's pointer, read from the whole document.
    if (reference.refNode.kind === 'null' && reference.doc.format === 'yaml') return 'structure';
    const failure = reference.failure;
    if (failure?.reason !== 'pointer') continue;
    if (!failure.parent || around.has(failure.parent)) return 'structure';
    for (let n: SyntaxNode | undefined = failure.parent; n; n = n.parent) if (n === replaced) return 'structure';
  }
  return 'member';
}

/** Composition members looked at by composesSchema before it answers yes, to be safe. */
const MAX_COMPOSITION_MEMBERS = 10_000;

/**
 * Whether an object of a new walk was reached as its earlier self was: from the same place, under a
 * parent of the same role. Rules read the parent: a Media Type's example is a request's or a
 * response's, and a Request Body a broken root now reaches as a Response changes that.
 */
function sameRole(earlier: OpenApiObject, now: OpenApiObject, walkBefore: Analysis, walkAfter: Analysis): boolean {
  if (firstUsageNode(earlier) !== firstUsageNode(now)) return false;
  // Used as other kinds besides (a Response another `$ref` uses as a Schema): rules read which (kind-fit.ts).
  if (!sameKinds(walkBefore.objectsAt(earlier.node), walkAfter.objectsAt(now.node))) return false;
  const before = earlier.parent;
  const after = now.parent;
  if (!before || !after) return before === after;
  return before.node === after.node && before.kind === after.kind && firstUsageNode(before) === firstUsageNode(after);
}

function sameKinds(before: readonly OpenApiObject[], after: readonly OpenApiObject[]): boolean {
  return before.length === after.length && before.every((o, i) => o.kind === after[i].kind);
}

/**
 * Whether a node has, as an `anyOf`, `oneOf` or `allOf` member or its `not` (or theirs, on down),
 * a Schema of the analysis: the Schema is applied with the node, and its rules read the node.
 */
function composesSchema(analysis: Analysis, node: SyntaxNode): boolean {
  const stack = [node];
  for (let seen = 0; stack.length > 0; seen++) {
    if (seen > MAX_COMPOSITION_MEMBERS) return true;
    const n = stack.pop()!;
    if (n.kind !== 'object') continue;
    const members: SyntaxNode[] = [];
    for (const key of ['anyOf', 'oneOf', 'allOf']) {
      const list = n.get(key);
      if (list?.kind === 'array') for (const item of list.children!) members.push(item);
    }
    const not = n.get('not');
    if (not) members.push(not);
    for (const member of members) {
      if (analysis.objectsAt(member).some((o) => o.kind === 'Schema')) return true;
      stack.push(member);
    }
  }
  return false;
}

/** A key whose value the analysis reads: `$ref`, and the root's version that decides which rules apply. */
function analysisReads(key: string | number | undefined, parent: SyntaxNode | undefined): boolean {
  // `$schema` and `jsonSchemaDialect` too: a Schema of another dialect is not walked (3.1 and 3.2).
  // The anchors a `$ref` names (`#pet`), and `$id`, against which references in its schema resolve;
  // 3.2's `$self`, against which a discriminator's mapping values resolve (the walk reads their files).
  return key === '$ref' || key === '$schema' || key === '$anchor' || key === '$dynamicAnchor' || key === '$id' ||
    (!parent?.parent && (key === 'openapi' || key === 'swagger' || key === 'jsonSchemaDialect' || key === '$self'));
}

/**
 * Whether the members that replace others in a Discriminator's mapping hold a value that may name a
 * file (see mayNameFile) the replaced ones did not hold: the walk reads the files mappings name. A key typed in an entry keeps its value; an entry removed leaves a
 * file read that nothing names.
 */
function namesNewFiles(replaced: SyntaxNode, nodes: readonly SyntaxNode[]): boolean {
  const before = new Set<unknown>();
  const stack = [replaced];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.kind === 'string') before.add(n.value);
    if (n.children) for (const c of n.children) stack.push(c);
  }
  for (const node of nodes) stack.push(node);
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.kind === 'string' && !before.has(n.value) && mayNameFile(n.value as string)) return true;
    if (n.children) for (const c of n.children) stack.push(c);
  }
  return false;
}

/** Whether every file an analysis read is still the tree it read (edited in place, not parsed again). */
function sameTrees(analysis: Analysis, store: DocumentStore): boolean {
  for (const doc of analysis.documents) {
    const now = store.cached(doc.path);
    if (!store.isCurrent(doc.path) || !now || isLoadFailure(now) || now.root !== doc.root) return false;
  }
  for (const file of analysis.files) if (!store.isCurrent(file)) return false;
  return true;
}

/**
 * An edited scalar as the objects around it read it: the innermost object with the field it is in,
 * and every object further out whose free-form value (an example, a default, an extension) holds
 * it. A `$ref` into such a value makes part of it an object of another kind, and the rules of the
 * outer object still read it as their value. One walk up the tree: its depth.
 */
function editedValues(node: SyntaxNode, analysis: Analysis, into: EditedValue[]): void {
  let member = node;
  let innermost = true;
  for (let at = node.parent; at; member = at, at = at.parent) {
    const objects = analysis.objectsAt(at);
    if (objects.length === 0) continue;
    const field = typeof member.key === 'string' ? member.key : undefined;
    const readsAsValue = innermost || objects.some((o) => holdsFreeForm(o.kind, field, analysis.version));
    if (readsAsValue) into.push({ node, kinds: objects.map((o) => o.kind), field });
    innermost = false;
  }
  if (innermost) into.push({ node, kinds: [], field: undefined });
}

/**
 * Whether a rule says it reads a scalar's value (Rule.readsValue). Free text is read by no local
 * rule, but a non-local one may compare it (two Path Items' summaries before a merge).
 */
function readByRule(node: SyntaxNode, analysis: Analysis | undefined, rules: readonly Rule[]): boolean {
  if (!analysis) return false;
  const values: EditedValue[] = [];
  editedValues(node, analysis, values);
  return rules.some((rule) => rule.readsValue && values.some((value) => rule.readsValue!(value)));
}

/** Whether a field of an object holds a value read whole (not objects the analysis walks into). */
function holdsFreeForm(kind: ObjectKind, field: string | undefined, version: OpenApiVersion): boolean {
  if (field === undefined) return false;
  const spec = specOf(kind, version);
  if (spec.extensions && field.startsWith('x-')) return true;
  const fieldSpec = spec.fields.get(field) ?? spec.patterned;
  return !fieldSpec?.kind;
}

/**
 * The member an edit replaced, as it was before the edit, and whether its value grew or shrank by
 * the edit alone: typed inside one line of it, past its first character.
 */
function editedSpan(reparsed: Reparsed, edit: TextEdit, before: LineIndex): EditedSpan {
  const { replaced, node } = reparsed;
  const delta = edit.newText.length - edit.length;
  // A scalar edited in place is the same node, grown by the edit already.
  const valueEnd = replaced === node ? node.end - delta : replaced.end;
  const inside = !/[\r\n]/.test(edit.newText) && edit.offset > replaced.offset && edit.offset + edit.length <= valueEnd;
  const lastLine = before.lineOf(Math.max(valueEnd, edit.offset + edit.length));
  const nextLine = lastLine + 1 < before.lineCount ? before.lineStart(lastLine + 1) : before.text.length;
  // A value that ends in blanks (a plain scalar's continuation line being erased) has an end that
  // ranges trimmed of blanks do not share.
  const endsInText = (text: TextLike, end: number) => end > 0 && !/\s/.test(text.slice(end - 1, end));
  const uniform = inside && node.offset === replaced.offset && node.end === valueEnd + delta &&
    endsInText(before.text, valueEnd) && endsInText(sourceOf(reparsed.parsed), node.end);
  return { memberStart: replaced.memberStart, valueStart: replaced.offset, valueEnd, nextLine, uniform };
}

/**
 * A free-text string that is still one after the edit (same key, still a string): where the syntax
 * says so, or a field of an object every last check's analysis knows (an Example Object's summary,
 * under `examples`, where the syntax alone sees data).
 */
function stillFreeText(before: SyntaxNode, after: SyntaxNode, lastChecks: readonly LastCheck[]): boolean {
  if (before.kind !== 'string' || after.kind !== 'string' || before.key !== after.key) return false;
  if (isFreeText(before) && isFreeText(after)) return true;
  const parent = before.parent;
  return isFreeTextKey(before.key) && parent === after.parent && parent?.kind === 'object' &&
    lastChecks.every(({ result }) => (result.analysis?.objectsAt(parent).length ?? 0) > 0);
}


/** A root's last check and the edits recorded since (none yet for a root never checked in steps). */
export interface LastCheck {
  result: CheckResult;
  since: EditsSinceCheck | undefined;
}

/**
 * Whether an edit reparsed in place changes nothing but the places of the findings of every root
 * that reads the file: free text (a description) that no rule reads, typed so that the syntax
 * errors are the old ones moved and no finding's boundary comes from the edited value's text. No
 * root may have edits waiting for a re-check (then the findings move through all of them at once).
 */
export function editOnlyMovesFindings(
  lastChecks: readonly LastCheck[], rules: readonly Rule[], filePath: string, before: SourceDocument, reparsed: Reparsed, edit: TextEdit,
): boolean {
  if (lastChecks.some(({ since }) => since?.edits.size !== 0)) return false;
  if (reparsed.nodes.length !== 1 || !stillFreeText(reparsed.replaced, reparsed.node, lastChecks)) return false;
  if (lastChecks.some(({ result }) => readByRule(reparsed.replaced, result.analysis, rules))) return false;
  if (!errorsOnlyMoved(before.parsed.errors, reparsed.parsed.errors, edit)) return false;
  const span = editedSpan(reparsed, edit, before.lineIndex);
  return lastChecks.every(({ result }) =>
    findingsMoveWithValue(result.perUnit?.values() ?? [result.diagnostics], filePath, span, edit));
}
