// The OpenAPI view of a root document and every file it references: which node is which object,
// every `$ref` with its resolution, and the indexes rules share. Built in one walk per version.
import { SyntaxNode } from '../syntax/tree';
import { NodeMap } from '../syntax/node-map';
import { drain, stepClock, Steps } from '../syntax/steps';
import { DocumentStore, isLoadFailure, LoadFailure, SourceDocument } from './documents';
import { mappedFile } from './mapping-value';
import { refLocation } from './location';
import { RefFailure, resolveInSchemaResources, resolveRefTarget, Target } from './resolve';
import { isLocalRef, ParsedRef, parseRef } from './ref';
import { layoutKindAt } from './kinds';
import { FieldSpec, isOtherDialect, ObjectKind, OpenApiVersion, specOf } from './spec';

export type { RefFailure, Target };

export type DocumentStatus =
  | { kind: 'openapi-3.0'; versionNode: SyntaxNode }
  | { kind: 'openapi-3.1'; versionNode: SyntaxNode }
  | { kind: 'openapi-3.2'; versionNode: SyntaxNode }
  /** A version the rules cannot read as 3.0.x, 3.1.x or 3.2.x; checked by the rules of the version it starts like. */
  | { kind: 'openapi-malformed'; versionNode: SyntaxNode }
  | { kind: 'swagger-2.0'; versionNode: SyntaxNode }
  | { kind: 'not-openapi' };

// As the official schemas: a patch number, and a pre-release such as `3.0.0-RC2`.
const CHECKED_VERSIONS: readonly [RegExp, DocumentStatus['kind']][] = [
  [/^3\.0\.\d+(-.+)?$/, 'openapi-3.0'],
  [/^3\.1\.\d+(-.+)?$/, 'openapi-3.1'],
  [/^3\.2\.\d+(-.+)?$/, 'openapi-3.2'],
];

/** Classifies a parsed root: `openapi: 3.0.x`, `3.1.x` and `3.2.x` documents are checked. */
export function documentStatus(root: SyntaxNode | undefined): DocumentStatus {
  if (!root || root.kind !== 'object') return { kind: 'not-openapi' };
  const openapi = root.get('openapi');
  if (openapi) {
    if (openapi.kind === 'string') {
      const version = String(openapi.value);
      for (const [pattern, kind] of CHECKED_VERSIONS) if (pattern.test(version)) return { kind, versionNode: openapi } as DocumentStatus;
    }
    return { kind: 'openapi-malformed', versionNode: openapi };
  }
  const swagger = root.get('swagger');
  if (swagger) return { kind: 'swagger-2.0', versionNode: swagger };
  return { kind: 'not-openapi' };
}

/** Whether the rules check a document of this status (a malformed version by the version it starts like). */
export function isCheckedStatus(status: DocumentStatus): boolean {
  return status.kind === 'openapi-3.0' || status.kind === 'openapi-3.1' || status.kind === 'openapi-3.2' || status.kind === 'openapi-malformed';
}

/**
 * The version whose rules a document follows: its own, or for a malformed version the one it starts
 * like (`3.1` unquoted, `3.1.x`), 3.0 otherwise (a 3.0 document with a typo in its version).
 */
export function rulesVersion(status: DocumentStatus): OpenApiVersion {
  switch (status.kind) {
    case 'openapi-3.1': return '3.1';
    case 'openapi-3.2': return '3.2';
    case 'openapi-malformed': {
      const node = status.versionNode;
      const text = node.kind === 'string' || node.kind === 'number' ? String(node.value) : '';
      if (/^3\.1(\.|$)/.test(text)) return '3.1';
      if (/^3\.2(\.|$)/.test(text)) return '3.2';
      return '3.0';
    }
    default: return '3.0';
  }
}

/** The version whose fields and rules apply to a root (3.0 for anything that names none). */
export function documentVersion(root: SyntaxNode | undefined): OpenApiVersion {
  return rulesVersion(documentStatus(root));
}

export interface Usage {
  /** The node at the place of use: the object itself, or the `$ref` holder that led to it. */
  node: SyntaxNode;
  doc: SourceDocument;
  parent: OpenApiObject | undefined;
}

export interface OpenApiObject {
  kind: ObjectKind;
  node: SyntaxNode;
  doc: SourceDocument;
  /** The enclosing object where it was first reached. */
  parent: OpenApiObject | undefined;
  /** Each place the object is used, first where the walk first reached it. */
  readonly usages: readonly Usage[];
}

/**
 * An object as the walk records it: with the objects first reached directly inside it. Its first
 * usage is its own doc and parent at the node that led to it, so only that node is kept; the list
 * is made when asked for. A list and a usage per object were two fifths of the analysis's objects.
 */
class WalkedObject implements OpenApiObject {
  children: OpenApiObject[] | undefined = undefined;
  /** Usages after the first (most objects have none). */
  laterUsages: Usage[] | undefined = undefined;

  constructor(
    /** Its place in the analysis's `objects`. */
    readonly index: number,
    readonly kind: ObjectKind,
    public node: SyntaxNode,
    private readonly slot: DocumentSlot,
    public parent: OpenApiObject | undefined,
    readonly firstUsageNode: SyntaxNode,
    /** The document of the first usage when it is not the object's (a `$ref` from another file led to it). */
    private readonly firstUsageSlot: DocumentSlot | undefined,
  ) {}

  get doc(): SourceDocument {
    return this.slot.doc;
  }

  get usages(): readonly Usage[] {
    const first: Usage = { node: this.firstUsageNode, doc: (this.firstUsageSlot ?? this.slot).doc, parent: this.parent };
    return this.laterUsages ? [first, ...this.laterUsages] : [first];
  }
}

/** The node that first led the walk to an object: its own, or the `$ref` holder that points at it. */
export function firstUsageNode(object: OpenApiObject): SyntaxNode {
  return object instanceof WalkedObject ? object.firstUsageNode : object.usages[0].node;
}

/**
 * A document of a walk as its objects, references and targets read it: after edits that changed
 * only values, the analysis moves to the documents' new versions by one write per document, not
 * one per object (50,000 objects and 10,000 references on every keystroke in GitHub's description).
 */
class DocumentSlot {
  constructor(public doc: SourceDocument) {}
}

/** The slots of a walk's documents, found by the document they hold now. */
class DocumentSlots {
  private readonly byDoc = new Map<SourceDocument, DocumentSlot>();
  /** Every slot made, also one made for an older version a caller passed (moved all the same). */
  private readonly all: DocumentSlot[] = [];

  of(doc: SourceDocument): DocumentSlot {
    let slot = this.byDoc.get(doc);
    if (!slot) {
      this.byDoc.set(doc, (slot = new DocumentSlot(doc)));
      this.all.push(slot);
    }
    return slot;
  }

  /** Moves every slot to the newest version of its document. */
  moveTo(newest: (doc: SourceDocument) => SourceDocument): void {
    for (const slot of this.all) {
      const now = newest(slot.doc);
      if (now === slot.doc) continue;
      if (this.byDoc.get(slot.doc) === slot) this.byDoc.delete(slot.doc);
      slot.doc = now;
      if (!this.byDoc.has(now)) this.byDoc.set(now, slot);
    }
  }
}

/** A place in a document, read through its slot (see DocumentSlot). */
class SlotTarget implements Target {
  constructor(private readonly slot: DocumentSlot, readonly node: SyntaxNode) {}
  get doc(): SourceDocument {
    return this.slot.doc;
  }
}

/** A Reference whose documents are read through slots (see DocumentSlot). */
class WalkedReference implements Reference {
  parsed: ParsedRef | undefined = undefined;
  target: Target | undefined = undefined;
  failure: RefFailure | undefined = undefined;

  constructor(
    private readonly slot: DocumentSlot,
    readonly holder: SyntaxNode,
    readonly refNode: SyntaxNode,
    readonly expected: ObjectKind,
    readonly allowed: boolean,
    readonly place: 'object' | 'map',
    readonly parent: OpenApiObject | undefined,
  ) {}

  get doc(): SourceDocument {
    return this.slot.doc;
  }
}

export interface Reference {
  doc: SourceDocument;
  /** The object that holds `$ref`. */
  holder: SyntaxNode;
  /** The `$ref` value. */
  refNode: SyntaxNode;
  /** The kind of object the place calls for. */
  expected: ObjectKind;
  /** Whether the format allows a Reference Object at this place (§4.6). */
  allowed: boolean;
  /** `map`: the `$ref` stands in place of a whole map (`schemas: {$ref: ...}`), never allowed. */
  place: 'object' | 'map';
  /** The object around the place (the Operation of a parameter `$ref`...). */
  parent: OpenApiObject | undefined;
  parsed: ParsedRef | undefined;
  target: Target | undefined;
  failure: RefFailure | undefined;
}

/**
 * Whether a reference names a schema by its `$anchor` (`#pet`): a plain-name fragment in a Schema
 * place of a 3.1 or 3.2 document, which JSON Schema 2020-12 reads so.
 */
export function namesAnchor(reference: Reference, version: OpenApiVersion | undefined): boolean {
  return reference.parsed?.anchor !== undefined && (version ?? '3.0') !== '3.0' && reference.expected === 'Schema';
}

export interface Analysis {
  root: SourceDocument;
  status: DocumentStatus;
  /** The version whose fields and rules apply (see rulesVersion). */
  version: OpenApiVersion;
  /** The root and every document reached through `$ref`, root first. */
  documents: SourceDocument[];
  /** Every file a `$ref` or a discriminator's mapping named, read or not (a missing file is checked again when it appears). */
  files: ReadonlySet<string>;
  /** The files discriminator mappings name that could not be read, with why (the files are not walked). */
  mappedFileFailures: ReadonlyMap<string, LoadFailure>;
  objects: OpenApiObject[];
  byKind: Map<ObjectKind, OpenApiObject[]>;
  references: Reference[];
  /** Every Operation by its operationId, in walk order. */
  operationIds: Map<string, OpenApiObject[]>;
  /** Follows a chain of `$ref`s from a node to the object it stands for. */
  resolve(node: SyntaxNode, doc: SourceDocument): ResolvedChain;
  /** The objects a node is (one per role it was reached in). */
  objectsAt(node: SyntaxNode): readonly OpenApiObject[];
  /** Objects first reached directly inside this one (its Operations, Parameters...). */
  childrenOf(object: OpenApiObject): readonly OpenApiObject[];
  /** An object's place in `objects` (the walk's order). */
  indexOf(object: OpenApiObject): number;
  /** The Reference recorded for a `$ref` holder, if the walk met it. */
  referenceAt(holder: SyntaxNode): Reference | undefined;
  /** The loop a `$ref` holder is on, and its own reference's place in it, if it is on one. */
  loopAt(holder: SyntaxNode): LoopPlace | undefined;
  /** Whether some `$ref` the walk met points at this node. */
  isReferenced(node: SyntaxNode): boolean;
  /**
   * This analysis, brought to the current versions of its documents after edits that changed only
   * scalar values in place (no key, no `$ref`, no `openapi`: the caller vouches for it): which node
   * is which object stays, the documents are the new ones, and the operationIds are read again:
   * those of the Operations a node of `edited` is a member of, when given (the nodes edits
   * changed, added or removed), else all.
   */
  afterValueEdits(current: (doc: SourceDocument) => SourceDocument, edited?: readonly SyntaxNode[]): Steps<Analysis>;
}

export interface ResolvedChain {
  /** The final non-reference object, when the chain ends in one. */
  target: Target | undefined;
  /** The references followed, in order (for a loop, the loop's, at most MAX_CHAIN). */
  chain: readonly Reference[];
  /** The chain runs into a loop of references. */
  cycle: boolean;
  /** The chain is longer than MAX_CHAIN references: not followed to its end. */
  tooLong: boolean;
}

/** References followed from one `$ref` before giving up (each step may be another file). */
export const MAX_CHAIN = 64;

/**
 * Whether a reference leads to an object of the kind its place expects, or of no kind the target's
 * place tells. The walk goes on into such targets only, and a chain ends without a target at any
 * other: a Parameter where a Schema is expected is ref-target-kind's one finding; walked as a Schema,
 * each field of the Parameter would be another ("name" is no Schema field).
 */
export function leadsToExpectedKind(reference: Reference): boolean {
  const { target, expected } = reference;
  if (!target) return false;
  if (expected === 'PathItem') return true;
  let leads = leadsToExpected.get(reference);
  if (leads === undefined) {
    // Where the target is, not what the pointer says: a 3.1 `$ref` may name a schema by its `$id`
    // or `$anchor`, or by a pointer inside a schema resource.
    const actual = layoutKindAt(target.doc.root, target.node.path.map(String));
    leadsToExpected.set(reference, (leads = actual === undefined || actual === expected));
  }
  return leads;
}

/** Per reference, whether it leads to the kind expected (the walk asks, then each chain through it). */
const leadsToExpected = new WeakMap<Reference, boolean>();

const NO_OBJECTS: readonly OpenApiObject[] = [];
const NO_REFERENCES: readonly Reference[] = Object.freeze([]);

/**
 * A `$ref` loop seen from one of its references. All members share one array: a loop through
 * 10,000 references is stored once, not once per member turned to start with it.
 */
export interface LoopPlace {
  /** The references of the loop in order, from where the walk first met it. */
  loop: readonly Reference[];
  /** Where the holder's own reference is in `loop`. */
  index: number;
}

/** Up to `count` references of a loop, starting with the one at its place and going round. */
export function loopFrom(place: LoopPlace, count: number): Reference[] {
  const { loop, index } = place;
  const taken = new Array<Reference>(Math.min(count, loop.length));
  for (let i = 0; i < taken.length; i++) taken[i] = loop[(index + i) % loop.length];
  return taken;
}

interface Pending {
  doc: SourceDocument;
  node: SyntaxNode;
  kind: ObjectKind;
  parent: OpenApiObject | undefined;
  refAllowed: boolean;
  usage: SyntaxNode;
  /** The document of `usage` (another file's, when a `$ref` led here). */
  usageDoc: SourceDocument;
}

/**
 * Every Pending made here, fields in one order: spread copies (`{ ...item, node }`) got hidden
 * classes of their own, and the walk's code, seeing several, was deoptimized again and again.
 */
function pending(
  doc: SourceDocument, node: SyntaxNode, kind: ObjectKind, parent: OpenApiObject | undefined, refAllowed: boolean, usage: SyntaxNode,
  usageDoc: SourceDocument,
): Pending {
  return { doc, node, kind, parent, refAllowed, usage, usageDoc };
}

/**
 * The file an object's `$ref` names when it is not loaded yet (or out of date). `schemaIds`: the
 * object is a Schema whose `$ref` may name a schema resource of its own document (see schemaIdsApply).
 */
function fileToLoad(item: Pending, store: DocumentStore, schemaIds: boolean): string | undefined {
  const node = item.node;
  if (node.kind !== 'object') return undefined;
  const ref = node.get('$ref');
  if (ref?.kind !== 'string') return undefined;
  const text = ref.value as string;
  // Most references are within the document (`#/components/...`): nothing to load, and no need to parse them twice.
  if (isLocalRef(text)) return undefined;
  const parsed = parseRef(text);
  if (schemaIds && resolveInSchemaResources(item.doc, parsed, node)) return undefined;
  // A remote document too: its text is fetched already, but a large one still parses in steps.
  const target = refLocation(item.doc.path, parsed);
  if (!target || !('location' in target)) return undefined;
  const file = target.location;
  return store.isCurrent(file) ? undefined : file;
}

/** Visited items the walk's queue holds at most before it lets them go (see Walk.steps). */
const QUEUE_TRIM_AT = 4096;

/** Members of one object enqueued between two looks at the clock. */
const MEMBERS_PER_STEP = 256;

export function analyze(rootDoc: SourceDocument, store: DocumentStore): Analysis {
  return drain(analyzeSteps(rootDoc, store));
}

/** The walk in steps: the language server pauses between them, so a newer edit can stop it. */
export function* analyzeSteps(rootDoc: SourceDocument, store: DocumentStore): Steps<Analysis> {
  const status = documentStatus(rootDoc.root);
  const version = rulesVersion(status);
  const walk = new Walk(rootDoc, store, version);
  if (isCheckedStatus(status)) yield* walk.steps();
  // What only the walk reads goes (a tenth of the analysis's memory on GitHub's description was the queue).
  walk.done();
  const { documents, files, mappedFileFailures, objects, byKind, references, refsByHolder, visited } = walk;
  const graph = new ReferenceGraph(references, refsByHolder, walk.slots);
  const operationIds = new OperationIds(byKind.get('Operation') ?? [], walk.operationIds);

  let analysis: Analysis = {
    root: rootDoc, status, version, documents, files, mappedFileFailures, objects, byKind, references, operationIds: walk.operationIds,
    resolve: (node, doc) => graph.resolve(node, doc),
    afterValueEdits: function* (current, edited) {
      movedToNewest(walk, current);
      // A new record over the same walk: what rules cached per analysis was computed from the old values.
      const moved: Analysis = { ...analysis, root: documents[0], status: documentStatus(documents[0].root) };
      // A new map, not the old one changed: caches of what the last check derived from it go with it.
      moved.operationIds = edited ? operationIds.after(edited, (node) => moved.objectsAt(node)) : yield* operationIds.all();
      // A mapping value typed may name another file: that one file is read, not the whole walk again.
      if (edited) yield* walk.readEditedMappingsSteps(edited, (node) => moved.objectsAt(node));
      analysis = moved;
      return moved;
    },
    referenceAt: (holder) => refsByHolder.get(holder),
    loopAt: (holder) => graph.loopAt(holder),
    isReferenced: (node) => graph.isReferenced(node),
    childrenOf: (object) => (object as WalkedObject).children ?? NO_OBJECTS,
    indexOf: (object) => (object as WalkedObject).index,
    objectsAt: (node) => {
      const at = visited.get(node);
      return at === undefined ? NO_OBJECTS : Array.isArray(at) ? at : [at];
    },
  };
  return analysis;
}

/**
 * The walk from the root through every field the format defines and every `$ref`: a FIFO queue,
 * so objects come out in document order per level, which keeps "first" stable.
 */
class Walk {
  readonly objects: OpenApiObject[] = [];
  readonly byKind = new Map<ObjectKind, OpenApiObject[]>();
  readonly references: Reference[] = [];
  readonly refsByHolder = new NodeMap<Reference>();
  readonly operationIds = new Map<string, OpenApiObject[]>();
  readonly documents: SourceDocument[];
  readonly slots = new DocumentSlots();
  /** Every file a `$ref` or a discriminator's mapping named. */
  readonly files = new Set<string>();
  readonly mappedFileFailures = new Map<string, LoadFailure>();
  private readonly mappingsRead = new Set<SyntaxNode>();
  /**
   * The objects at each node: most nodes are one object, kept without an array (50,000 arrays in
   * GitHub's description, about 3 MB). Maps keyed by nodes are NodeMaps: a 30 MB document has
   * 600,000 objects, and one growth of a Map that large held the thread for 40-200 ms.
   */
  readonly visited = new NodeMap<WalkedObject | WalkedObject[]>();
  private readonly seenDocuments: Set<SourceDocument>;
  /**
   * Per `$ref` holder, the kinds it was followed as: the one kind itself (nearly every holder), a
   * Set from a second on (a Set per holder was 10,000 of them, held to the walk's end).
   */
  private readonly followed = new NodeMap<ObjectKind | Set<ObjectKind>>();
  /**
   * Each `$ref` text parsed once per walk: GitHub's description has 10,460 references to about
   * 2,000 places (a parsed reference is never mutated, so references share it).
   */
  private readonly parsedRefs = new Map<string, ParsedRef>();
  private readonly queue: Pending[] = [];
  /** The members of a large object still to enqueue (a Paths object of 200,000 paths), a slice per step. */
  private membersLeft: { item: Pending; object: OpenApiObject; next: number } | undefined;

  /** 3.1 and 3.2: the document's Schemas are of another JSON Schema dialect (`jsonSchemaDialect`). */
  private readonly schemasOfOtherDialect: boolean;

  constructor(private readonly rootDoc: SourceDocument, private readonly store: DocumentStore, private readonly version: OpenApiVersion) {
    this.documents = [rootDoc];
    this.seenDocuments = new Set([rootDoc]);
    this.schemasOfOtherDialect = version !== '3.0' && isOtherDialect(rootDoc.root?.get('jsonSchemaDialect'));
  }

  /** 3.1 and 3.2 read a Schema's `$ref` as JSON Schema 2020-12 does: against the `$id`s around it. */
  private schemaIdsApply(item: Pending): boolean {
    return this.version !== '3.0' && item.kind === 'Schema';
  }

  *steps(): Steps<void> {
    const { queue, rootDoc, store } = this;
    queue.push(pending(rootDoc, rootDoc.root!, 'Root', undefined, false, rootDoc.root!, rootDoc));
    const due = stepClock();
    for (let i = 0; i < queue.length; i++) {
      // A file this object's `$ref` names is read and parsed in steps before the visit needs it.
      const file = fileToLoad(queue[i], store, this.schemaIdsApply(queue[i]));
      if (file) yield* store.loadSteps(file);
      if (queue[i].kind === 'Discriminator') yield* this.readMappedFilesSteps(queue[i].node, queue[i].doc, due);
      this.visit(queue[i]);
      // Before the next object, as at once: the walk's order stays the same.
      while (this.membersLeft) {
        const left = this.membersLeft;
        const count = left.object.node.children!.length;
        const end = Math.min(left.next + MEMBERS_PER_STEP, count);
        this.enqueueMembers(left.item, left.object, left.next, end);
        if (end < count) left.next = end;
        else this.membersLeft = undefined;
        if (due()) yield;
      }
      // Visited items leave the queue, in batches: kept to the walk's end, they were 100,000
      // objects (8 MB on GitHub's description) that each scavenge copied and then promoted.
      if (i >= QUEUE_TRIM_AT && i * 2 >= queue.length) {
        queue.splice(0, i + 1);
        i = -1;
      }
      if (due()) yield;
    }
  }

  done(): void {
    this.mappingsRead.clear();
    this.queue.length = 0;
    this.followed.clear();
    this.parsedRefs.clear();
  }

  /** The documents the analysis holds, as moved by afterValueEdits. */
  replaceDocuments(newest: (doc: SourceDocument) => SourceDocument): void {
    this.documents.forEach((doc, i) => (this.documents[i] = newest(doc)));
  }

  private resolveRef(doc: SourceDocument, parsed: ParsedRef, schemaHolder: SyntaxNode | undefined): ReturnType<typeof resolveRefTarget> {
    // A schema resource of the same document (3.1, 3.2: `$id`) names no file to watch.
    const inResource = schemaHolder && resolveInSchemaResources(doc, parsed, schemaHolder);
    // Every file and URL a reference names: the server checks again what reads one when it changes
    // (an edit, a file saved, a remote document's fetch that ended).
    const target = inResource ? undefined : refLocation(doc.path, parsed);
    if (target && 'location' in target) this.files.add(target.location);
    const result = inResource ?? resolveRefTarget(this.store, doc, parsed);
    const reached = result.target?.doc ?? (result.failure?.reason === 'pointer' ? result.failure.doc : undefined);
    if (reached && !this.seenDocuments.has(reached)) {
      this.seenDocuments.add(reached);
      this.documents.push(reached);
    }
    const reachedTarget = result.target;
    const failure = result.failure;
    return {
      target: reachedTarget && new SlotTarget(this.slots.of(reachedTarget.doc), reachedTarget.node),
      failure: failure?.reason === 'pointer' ? pointerFailure(failure, this.slots.of(failure.doc)) : failure,
    };
  }

  private recordReference(item: Pending, holder: SyntaxNode, refNode: SyntaxNode, allowed: boolean, place: Reference['place'] = 'object'): Reference {
    const reference = new WalkedReference(this.slots.of(item.doc), holder, refNode, item.kind, allowed, place, item.parent);
    if (refNode.kind === 'string') {
      const text = refNode.value as string;
      let parsed = this.parsedRefs.get(text);
      if (!parsed) this.parsedRefs.set(text, (parsed = parseRef(text)));
      reference.parsed = parsed;
      if (allowed) {
        const { target, failure } = this.resolveRef(item.doc, reference.parsed, this.schemaIdsApply(item) ? holder : undefined);
        reference.target = target;
        reference.failure = failure;
      }
    } else {
      reference.failure = { reason: 'not-string' };
    }
    this.references.push(reference);
    this.refsByHolder.set(holder, reference);
    return reference;
  }

  private enqueue(doc: SourceDocument, node: SyntaxNode, kind: ObjectKind, parent: OpenApiObject | undefined, refAllowed: boolean): void {
    this.queue.push(pending(doc, node, kind, parent, refAllowed, node, doc));
  }

  private enqueueField(item: Pending, owner: OpenApiObject | undefined, child: SyntaxNode, spec: FieldSpec): void {
    const kind = spec.kind;
    if (!kind) return;
    if (spec.shape === 'object') this.enqueue(item.doc, child, kind, owner, spec.refAllowed);
    else if (spec.shape === 'array' && child.kind === 'array') {
      for (const entry of child.children!) this.enqueue(item.doc, entry, kind, owner, spec.refAllowed);
    } else if (spec.shape === 'map' && child.kind === 'object') {
      const ref = child.get('$ref');
      // `schemas: {$ref: './x.yaml'}`: a reference in place of the whole map is not allowed (§4.6).
      // A `$ref` whose value is an object is an entry with that name (SCIM schemas have a
      // property called `$ref`).
      if (ref?.kind === 'string') {
        this.recordReference(pending(item.doc, item.node, kind, owner, item.refAllowed, item.usage, item.usageDoc), child, ref, false, 'map');
      } else for (const entry of child.children!) this.enqueue(item.doc, entry, kind, owner, spec.refAllowed);
    }
  }

  private visit(item: Pending): void {
    const { node, kind } = item;
    if (node.kind !== 'object') return;
    // A Schema of another JSON Schema dialect (draft-04's boolean exclusiveMinimum...) is no Schema
    // Object the 2020-12 rules can judge: it is not walked, so no rule reads it.
    if (kind === 'Schema' && this.version !== '3.0' && (this.schemasOfOtherDialect || isOtherDialect(node.get('$schema')))) return;
    const refNode = node.get('$ref');
    // In a 3.1 or 3.2 Schema (JSON Schema 2020-12) `$ref` is one keyword among others, as in a Path Item.
    const refAmongFields = kind === 'PathItem' || (kind === 'Schema' && this.version !== '3.0');
    if (refNode && !refAmongFields) {
      // Follow each holder once per kind: a loop of pure references must end here.
      const kinds = this.followed.get(node);
      if (kinds === kind || (typeof kinds === 'object' && kinds.has(kind))) return;
      if (kinds === undefined) this.followed.set(node, kind);
      else if (typeof kinds === 'string') this.followed.set(node, new Set([kinds, kind]));
      else kinds.add(kind);
      const reference = this.recordReference(item, node, refNode, item.refAllowed);
      if (leadsToExpectedKind(reference)) this.queue.push(pending(reference.target!.doc, reference.target!.node, kind, item.parent, true, item.usage, item.usageDoc));
      return;
    }
    const seen = this.visited.get(node);
    const again = seen === undefined ? undefined : Array.isArray(seen) ? seen.find((o) => o.kind === kind) : seen.kind === kind ? seen : undefined;
    if (again) {
      (again.laterUsages ??= []).push(slotUsage(item.usage, this.slots.of(item.usageDoc), item.parent));
      return;
    }
    if (refNode) {
      // A Path Item's `$ref` is one of its fields: follow it and walk the local fields too.
      const reference = this.recordReference(item, node, refNode, kind === 'PathItem' || item.refAllowed);
      if (leadsToExpectedKind(reference)) this.queue.push(pending(reference.target!.doc, reference.target!.node, kind, item.parent, item.refAllowed, item.usage, item.usageDoc));
    }
    const object = this.record(item, seen);
    const count = node.children!.length;
    if (count <= MEMBERS_PER_STEP) this.enqueueMembers(item, object, 0, count);
    else this.membersLeft = { item, object, next: 0 };
  }

  /**
   * The files a Discriminator's mapping values (3.2: its `defaultMapping` too) name, read but not
   * walked: the discriminator rule judges a mapping to a file that does not exist, and the file is
   * watched. Once per Discriminator node, pausing between values (a mapping may have 100,000).
   */
  private *readMappedFilesSteps(node: SyntaxNode, doc: SourceDocument, due: () => boolean): Steps<void> {
    if (node.kind !== 'object' || this.mappingsRead.has(node)) return;
    this.mappingsRead.add(node);
    const mapping = node.get('mapping');
    const values = mapping?.kind === 'object' ? mapping.children! : [];
    const defaultMapping = this.version === '3.2' ? node.get('defaultMapping') : undefined;
    for (let i = 0, count = values.length + (defaultMapping ? 1 : 0); i < count; i++) {
      yield* this.readMappedFileSteps(i < values.length ? values[i] : defaultMapping!, doc, node);
      if (due()) yield;
    }
  }

  /** After values were edited in place: the files the edited mapping values name now. */
  *readEditedMappingsSteps(edited: readonly SyntaxNode[], objectsAt: (node: SyntaxNode) => readonly OpenApiObject[]): Steps<void> {
    for (const value of edited) {
      const isDefault = value.key === 'defaultMapping';
      if (isDefault && this.version !== '3.2') continue;
      const discriminator = isDefault ? value.parent : value.parent?.key === 'mapping' ? value.parent.parent : undefined;
      const object = discriminator && objectsAt(discriminator).find((o) => o.kind === 'Discriminator');
      if (object) yield* this.readMappedFileSteps(value, object.doc, discriminator);
    }
  }

  /** Reads the file one mapping value names, if it names one (see readMappedFilesSteps). */
  *readMappedFileSteps(value: SyntaxNode, doc: SourceDocument, discriminator: SyntaxNode): Steps<void> {
    // 3.1, 3.2: a value may name a schema of this document by its `$id`, or resolve against one.
    const schemaHolder = this.version !== '3.0' ? discriminator.parent : undefined;
    const file = value.kind === 'string' ? mappedFile(value.value as string, doc, this.rootDoc, schemaHolder) : undefined;
    if (!file) return;
    this.files.add(file);
    if (!this.store.isCurrent(file)) yield* this.store.loadSteps(file);
    const read = this.store.get(file);
    if (isLoadFailure(read)) this.mappedFileFailures.set(file, read);
    else this.mappedFileFailures.delete(file);
  }

  /** A new object at the item's node: in its parent's children, the node's objects, its kind's list and the operationIds. */
  private record(item: Pending, seen: WalkedObject | WalkedObject[] | undefined): WalkedObject {
    const { node, kind, doc } = item;
    const usageSlot = item.usageDoc === doc ? undefined : this.slots.of(item.usageDoc);
    const object = new WalkedObject(this.objects.length, kind, node, this.slots.of(doc), item.parent, item.usage, usageSlot);
    this.objects.push(object);
    if (item.parent) {
      const parent = item.parent as WalkedObject;
      if (parent.children) parent.children.push(object);
      else parent.children = [object];
    }
    if (seen === undefined) this.visited.set(node, object);
    else if (Array.isArray(seen)) seen.push(object);
    else this.visited.set(node, [seen, object]);
    let list = this.byKind.get(kind);
    if (!list) this.byKind.set(kind, (list = []));
    list.push(object);
    if (kind === 'Operation') {
      const id = node.get('operationId');
      if (id?.kind === 'string') {
        const sameId = this.operationIds.get(id.value as string);
        if (sameId) sameId.push(object);
        else this.operationIds.set(id.value as string, [object]);
      }
    }
    return object;
  }

  private enqueueMembers(item: Pending, object: OpenApiObject, from: number, to: number): void {
    const spec = specOf(object.kind, this.version);
    const members = object.node.children!;
    for (let m = from; m < to; m++) {
      const child = members[m];
      const key = child.key as string;
      if (key === '$ref') continue;
      const field = spec.fields.get(key);
      if (field) this.enqueueField(item, object, child, field);
      else if (spec.patterned && !(spec.extensions && key.startsWith('x-'))) this.enqueueField(item, object, child, spec.patterned);
    }
  }
}

/**
 * What the walk's references lead to: chains, loops, targets. Every holder has one `$ref`, so the
 * references form a graph where each node has at most one edge out, and all loops, of any length,
 * are found in one pass over it (when first asked).
 */
class ReferenceGraph {
  private loops: NodeMap<LoopPlace> | undefined;
  private targets: NodeMap<true> | undefined;
  /**
   * Only chains through a `$ref` are kept: a node that is no reference resolves to itself at once,
   * and keeping that answer for every object a rule asked about was three objects each (60,000
   * for 10,000 path items) for the collector to go through.
   */
  readonly chains = new NodeMap<ResolvedChain>();

  constructor(
    private readonly references: readonly Reference[], private readonly refsByHolder: NodeMap<Reference>, private readonly slots: DocumentSlots,
  ) {}

  loopAt(holder: SyntaxNode): LoopPlace | undefined {
    return (this.loops ??= this.findLoops()).get(holder);
  }

  isReferenced(node: SyntaxNode): boolean {
    if (!this.targets) {
      this.targets = new NodeMap();
      for (const reference of this.references) if (reference.target) this.targets.set(reference.target.node, true);
    }
    return this.targets.has(node);
  }

  resolve(node: SyntaxNode, doc: SourceDocument): ResolvedChain {
    if (node.kind !== 'object' || !node.get('$ref')) return { target: { doc, node }, chain: NO_REFERENCES, cycle: false, tooLong: false };
    const cached = this.chains.get(node);
    if (cached) return cached;
    const chain: Reference[] = [];
    // Kept in `chains`: read through the document's slot, so that it moves with the analysis.
    let current: Target | undefined = new SlotTarget(this.slots.of(doc), node);
    let cycle = false;
    let tooLong = false;
    while (current && current.node.kind === 'object' && current.node.get('$ref')) {
      const reference = this.refsByHolder.get(current.node);
      if (!reference) break; // a PathItem `$ref` or a place the walk did not reach
      if (reference.expected === 'PathItem') break;
      const loop = this.loopAt(current.node);
      if (loop) {
        cycle = true;
        chain.push(...loopFrom(loop, MAX_CHAIN));
        current = undefined;
        break;
      }
      if (chain.length >= MAX_CHAIN) {
        tooLong = true;
        current = undefined;
        break;
      }
      chain.push(reference);
      // A target of another kind than the place expects (a Schema `$ref` to a whole OpenAPI
      // document) is not walked as one: ref-target-kind reports it, and no rule reads it as what the
      // place expects (an example validated against it would be read where no edit re-checks it).
      current = leadsToExpectedKind(reference) ? reference.target : undefined;
    }
    const result = { target: current, chain, cycle, tooLong };
    this.chains.set(node, result);
    return result;
  }

  private nextReference(reference: Reference): Reference | undefined {
    const target = reference.target?.node;
    const next = target ? this.refsByHolder.get(target) : undefined;
    return next && next.expected !== 'PathItem' ? next : undefined;
  }

  private findLoops(): NodeMap<LoopPlace> {
    const found = new NodeMap<LoopPlace>();
    const walkOf = new Map<Reference, number>();
    let walk = 0;
    for (const start of this.references) {
      if (start.expected === 'PathItem' || walkOf.has(start)) continue;
      walk++;
      const path: Reference[] = [];
      let at: Reference | undefined = start;
      while (at && !walkOf.has(at)) {
        walkOf.set(at, walk);
        path.push(at);
        at = this.nextReference(at);
      }
      // Back to a reference of this same walk: the path from it on is a loop.
      if (at && walkOf.get(at) === walk) {
        const loop = path.slice(path.indexOf(at));
        loop.forEach((reference, index) => found.set(reference.holder, { loop, index }));
      }
    }
    return found;
  }
}

/**
 * Moves every object, reference and chain of the walk to the current versions of their documents:
 * they read their documents through the walk's slots, so this is one write per document.
 */
function movedToNewest(walk: Walk, current: (doc: SourceDocument) => SourceDocument): void {
  const replaced = new Map<string, SourceDocument>();
  for (const doc of walk.documents) {
    const now = current(doc);
    if (now !== doc) replaced.set(doc.path, now);
  }
  if (replaced.size === 0) return;
  const newest = (doc: SourceDocument) => replaced.get(doc.path) ?? doc;
  walk.slots.moveTo(newest);
  walk.replaceDocuments(newest);
}

/** A usage whose document is read through its slot. */
function slotUsage(node: SyntaxNode, slot: DocumentSlot, parent: OpenApiObject | undefined): Usage {
  return new SlotUsage(node, slot, parent);
}

/**
 * A class, not an object literal with a getter: each such literal had a closure of its own and its
 * properties in a dictionary (10,139 usages in GitHub's description: 4.5 MB, now 0.5).
 */
class SlotUsage implements Usage {
  constructor(readonly node: SyntaxNode, private readonly slot: DocumentSlot, readonly parent: OpenApiObject | undefined) {}
  get doc(): SourceDocument {
    return this.slot.doc;
  }
}

/** A failed pointer whose document is read through its slot. */
function pointerFailure(failure: Extract<RefFailure, { reason: 'pointer' }>, slot: DocumentSlot): RefFailure {
  const { segments, failedAt, parent, inSchema } = failure;
  return { reason: 'pointer', get doc() { return slot.doc; }, segments, failedAt, parent, inSchema };
}

/**
 * The Operations by operationId, kept current through value edits: typing in one operationId
 * regroups that Operation, not the 1,000 of GitHub's description (nor what reads them all again).
 */
class OperationIds {
  /** Each Operation's id as last read (undefined: none, or not a string). */
  private readonly idOf = new Map<OpenApiObject, string | undefined>();
  /** Each Operation's place in the walk: a group lists its Operations in walk order. */
  private readonly order = new Map<OpenApiObject, number>();

  constructor(private readonly operations: readonly OpenApiObject[], private current: Map<string, OpenApiObject[]>) {
    operations.forEach((operation, index) => this.order.set(operation, index));
    for (const [id, list] of current) for (const operation of list) this.idOf.set(operation, id);
  }

  /** Every id read again (a new map). */
  *all(): Steps<Map<string, OpenApiObject[]>> {
    const due = stepClock();
    const byId = new Map<string, OpenApiObject[]>();
    this.idOf.clear();
    for (const operation of this.operations) {
      if (due()) yield;
      const id = idOfOperation(operation);
      this.idOf.set(operation, id);
      if (id === undefined) continue;
      const sameId = byId.get(id);
      if (sameId) sameId.push(operation);
      else byId.set(id, [operation]);
    }
    return (this.current = byId);
  }

  /**
   * A new map after edits of the nodes `edited`: the Operations they are members of read again.
   * Groups that change are new arrays; the others are shared with the map before.
   */
  after(edited: readonly SyntaxNode[], objectsAt: (node: SyntaxNode) => readonly OpenApiObject[]): Map<string, OpenApiObject[]> {
    const changed = new Map<OpenApiObject, string | undefined>();
    for (const node of edited) {
      if (!node.parent) continue;
      for (const object of objectsAt(node.parent)) {
        if (object.kind !== 'Operation' || !this.order.has(object)) continue;
        const id = idOfOperation(object);
        if (id !== this.idOf.get(object)) changed.set(object, id);
      }
    }
    if (changed.size === 0) return (this.current = new Map(this.current));
    const byId = new Map(this.current);
    for (const [operation, id] of changed) {
      const before = this.idOf.get(operation);
      if (before !== undefined) {
        const rest = byId.get(before)!.filter((o) => o !== operation);
        if (rest.length > 0) byId.set(before, rest);
        else byId.delete(before);
      }
      this.idOf.set(operation, id);
      if (id === undefined) continue;
      const group = [...(byId.get(id) ?? []), operation];
      group.sort((a, b) => this.order.get(a)! - this.order.get(b)!);
      byId.set(id, group);
    }
    // The ids in the order a fresh walk meets them: suggestions take the first of equally near
    // names, and must be a fresh check's. One pass over the Operations, no sort.
    const inWalkOrder = new Map<string, OpenApiObject[]>();
    for (const operation of this.operations) {
      const id = this.idOf.get(operation);
      if (id !== undefined && !inWalkOrder.has(id)) inWalkOrder.set(id, byId.get(id)!);
    }
    return (this.current = inWalkOrder);
  }
}

function idOfOperation(operation: OpenApiObject): string | undefined {
  const id = operation.node.get('operationId');
  return id?.kind === 'string' ? (id.value as string) : undefined;
}
