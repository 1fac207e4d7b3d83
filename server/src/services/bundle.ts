// `openapi-check bundle ROOT`: one self-contained document. The target of every external `$ref`
// moves into `components` under the name it had (the last pointer segment, or the file's name),
// a clash gets a numeric suffix and is reported, and the `$ref`s are rewritten to local ones.
// Local `$ref`s stay `$ref`s (recursive schemas stay valid). Targets of a kind that has no
// components map (a Path Item) are written in place. `--dereference` writes every target in
// place, except where a `$ref` is met again inside its own target (a cycle): that one stays.
import * as path from 'path';
import { stringify } from 'yaml';
import { YAML_TEXT_OPTIONS } from './bundle-text';
import { Analysis, analyzeSteps, RefFailure } from '../model/analysis';
import { isRemoteLocation } from '../model/location';
import { DocumentStore, FileSource, isLoadFailure, SourceDocument } from '../model/documents';
import { COMPONENT_MAPS, kindAt } from '../model/kinds';
import { ObjectKind } from '../model/spec';
import { escapePointerSegment } from '../model/ref';
import { drain, stepClock, Steps } from '../syntax/steps';
import { firstSyntaxError, SyntaxNode } from '../syntax/tree';

export interface BundleResult {
  /** The bundled document as text; undefined when the root cannot be read. */
  text?: string;
  /** What the user should know: renamed components, references left as they were. */
  notes: string[];
  /** Why there is no text. */
  failure?: string;
}

export interface BundleRequest {
  root: string;
  format?: 'yaml' | 'json';
  dereference: boolean;
  /** Where the output goes (relative file references left unresolved are rewritten for it). */
  outDir: string;
  /** How paths are shown in notes. */
  show: (absolutePath: string) => string;
  /** Output nodes past which targets are no longer written in place (default OUTPUT_BUDGET). */
  outputBudget?: number;
}

/**
 * Bounds of writing targets in place: the output nodes (a DAG of shared schemas doubles at each
 * level it is inlined) and the targets nested inside one another (each is a level of recursion).
 * Past them, `$ref`s stay references.
 */
export const OUTPUT_BUDGET = 2_000_000;
const MAX_NESTED_INLINES = 64;
/**
 * Subtrees whose source is at most this long are written in one go (well under a millisecond);
 * larger ones child by child, pausing between children, so the language server answers messages
 * while a 13 MB document is bundled.
 */
const AT_ONCE_CHARS = 16_384;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A bundle as a value, before it is written: what `openapi-check bundle` prints and the preview renders. */
export interface BundledValue {
  value: Json;
  notes: string[];
  /** Per file the bundle read, the JSON pointer where its first part landed in the bundle (a root: ''). */
  places: Map<string, string>;
  /** Nodes of other files written whole into the bundle (moved to components, or in place under the root), and where. */
  nodePlaces: Map<SyntaxNode, { path: string; pointer: string }>;
  analysis: Analysis;
}

/** Why a root cannot be bundled; `syntaxError`: the root's first syntax error, to show where it is. */
export interface BundleRefusal {
  failure: string;
  syntaxError?: { path: string; offset: number; length: number; message: string };
}

export function bundle(files: FileSource, request: BundleRequest): BundleResult {
  const bundled = bundleValue(new DocumentStore(files), request);
  if ('failure' in bundled) return { notes: [], failure: bundled.failure };
  return { text: bundleText(bundled, request.format), notes: bundled.notes };
}

/** A bundle written as text: in `format`, else in the root's (the language server writes the same text in steps: bundle-text.ts). */
export function bundleText(bundled: BundledValue, format?: 'yaml' | 'json'): string {
  const value = bundled.value;
  if ((format ?? bundled.analysis.root.format) === 'json') return JSON.stringify(value, null, 2) + '\n';
  return stringify(value, YAML_TEXT_OPTIONS);
}

/**
 * Bundles a root from a store's models (the CLI's fresh store, the language server's session store).
 * `analysis`: the root's analysis over those same models, when the caller has one (not walked again).
 */
export function bundleValue(store: DocumentStore, request: BundleRequest, known?: Analysis): BundledValue | BundleRefusal {
  return drain(bundleValueSteps(store, request, known));
}

/** `bundleValue` in steps: the language server runs it in slices, the CLI drains it. */
export function* bundleValueSteps(store: DocumentStore, request: BundleRequest, known?: Analysis): Steps<BundledValue | BundleRefusal> {
  const root = store.get(request.root);
  if (isLoadFailure(root)) return { failure: root.message.replace(request.root, request.show(request.root)) };
  if (!root.root || root.parsed.errors.length > 0) {
    const first = firstSyntaxError(root.parsed.errors);
    const syntaxError = first && { path: root.path, offset: first.offset, length: first.length, message: first.message };
    return { failure: `${request.show(request.root)} has syntax errors: run openapi-check on it first.`, syntaxError };
  }
  const analysis = known?.root === root ? known : yield* analyzeSteps(root, store);
  const bundler = new Bundler(analysis, request);
  const value = yield* bundler.steps();
  return { value, notes: bundler.notes, places: bundler.places, nodePlaces: bundler.nodePlaces, analysis };
}

class Bundler {
  readonly notes: string[] = [];
  /** Per file, where its first part was written in the bundle (a preview of that file scrolls there). */
  readonly places = new Map<string, string>();
  readonly nodePlaces = new Map<SyntaxNode, { path: string; pointer: string }>();
  private readonly root: SourceDocument;
  /** Components map -> names taken (the root's own and those given to moved targets). */
  private readonly taken = new Map<string, Set<string>>();
  /** Moved targets by node: their components map and name. */
  private readonly moved = new Map<SyntaxNode, { map: string; name: string }>();
  /** Moved targets not yet written, in the order they were met. */
  private readonly pending: { node: SyntaxNode; doc: SourceDocument; map: string; name: string }[] = [];
  /** Root component entries that only `$ref` an external target: the target takes their place. */
  private readonly replacedEntries = new Map<SyntaxNode, { node: SyntaxNode; doc: SourceDocument }>();
  /** Targets being written in place (--dereference, Path Items): meeting one again is a cycle. */
  private readonly inlining = new Set<SyntaxNode>();
  /** Output nodes written so far. */
  private written = 0;
  private budgetNoted = false;
  private readonly due = stepClock(32);

  constructor(private readonly analysis: Analysis, private readonly request: BundleRequest) {
    this.root = analysis.root;
    this.places.set(this.root.path, '');
  }

  private placed(doc: SourceDocument, pointer: string, node: SyntaxNode): void {
    if (!this.places.has(doc.path)) this.places.set(doc.path, pointer);
    if (!this.nodePlaces.has(node)) this.nodePlaces.set(node, { path: doc.path, pointer });
  }

  *steps(): Steps<Json> {
    const components = this.root.root!.get('components');
    for (const map of new Set(Object.values(COMPONENT_MAPS))) {
      const entries = components?.get(map);
      this.taken.set(map, new Set(entries?.kind === 'object' ? entries.children!.map((c) => String(c.key)) : []));
      if (this.request.dereference || entries?.kind !== 'object') continue;
      // `Pet: {$ref: pet.yaml}` in the root's components: the target becomes `Pet` itself.
      for (const entry of entries.children!) {
        const reference = this.analysis.referenceAt(entry);
        const target = reference?.target;
        if (!target || target.doc === this.root || this.moved.has(target.node) || COMPONENT_MAPS[this.kindOf(target, reference.expected)] !== map) continue;
        this.moved.set(target.node, { map, name: String(entry.key) });
        this.replacedEntries.set(entry, target);
        this.placed(target.doc, entry.pointer, target.node);
      }
    }
    const value = (yield* this.convertSteps(this.root.root!, this.root)) as { [key: string]: Json };
    // Moved targets, including those their own content moves (the list grows while it is written).
    for (let i = 0; i < this.pending.length; i++) {
      const { node, doc, map, name } = this.pending[i];
      const components = ((value.components ??= {}) as { [key: string]: Json });
      const entries = ((components[map] ??= {}) as { [key: string]: Json });
      entries[name] = yield* this.convertSteps(node, doc);
      if (this.due()) yield;
    }
    return value;
  }

  private convert(node: SyntaxNode, doc: SourceDocument): Json {
    this.written++;
    const replaced = this.replacedEntries.get(node);
    if (replaced) return this.convert(replaced.node, replaced.doc);
    if (node.kind === 'array') return node.children!.map((c) => this.convert(c, doc));
    if (node.kind !== 'object') return node.value;
    const reference = node.get('$ref') ? this.analysis.referenceAt(node) : undefined;
    if (reference) {
      const rewritten = drain(this.reference(node, doc, reference, (n, d) => this.convertAtOnce(n, d)));
      if (rewritten !== undefined) return rewritten;
    }
    const result: { [key: string]: Json } = {};
    for (const child of node.children!) result[String(child.key)] = this.convert(child, doc);
    return result;
  }

  // eslint-disable-next-line require-yield
  private *convertAtOnce(node: SyntaxNode, doc: SourceDocument): Steps<Json> {
    return this.convert(node, doc);
  }

  /** `convert` in steps: the same output and the same notes, in the same order; small subtrees at once. */
  private *convertSteps(node: SyntaxNode, doc: SourceDocument): Steps<Json> {
    if (node.length <= AT_ONCE_CHARS) return this.convert(node, doc);
    this.written++;
    const replaced = this.replacedEntries.get(node);
    if (replaced) return yield* this.convertSteps(replaced.node, replaced.doc);
    if (node.kind === 'array') {
      const items: Json[] = [];
      for (const child of node.children!) {
        items.push(yield* this.convertSteps(child, doc));
        if (this.due()) yield;
      }
      return items;
    }
    if (node.kind !== 'object') return node.value;
    const reference = node.get('$ref') ? this.analysis.referenceAt(node) : undefined;
    if (reference) {
      const rewritten = yield* this.reference(node, doc, reference, (n, d) => this.convertSteps(n, d));
      if (rewritten !== undefined) return rewritten;
    }
    const result: { [key: string]: Json } = {};
    for (const child of node.children!) {
      result[String(child.key)] = yield* this.convertSteps(child, doc);
      if (this.due()) yield;
    }
    return result;
  }

  /** A `$ref` holder's new value: the target in place, or the holder with its `$ref` rewritten. */
  private *reference(holder: SyntaxNode, doc: SourceDocument, reference: NonNullable<ReturnType<Analysis['referenceAt']>>,
    convert: (node: SyntaxNode, doc: SourceDocument) => Steps<Json>): Steps<Json | undefined> {
    const raw = holder.get('$ref')!.stringValue;
    const target = reference.target;
    if (raw === undefined) return undefined;
    if (!target) return this.unresolved(holder, doc, raw, reference.failure);
    const external = target.doc !== this.root;
    const map = COMPONENT_MAPS[this.kindOf(target, reference.expected)];
    const inPlace = this.request.dereference || (external && !map);
    const budget = this.request.outputBudget ?? OUTPUT_BUDGET;
    const withinBounds = this.written < budget && this.inlining.size < MAX_NESTED_INLINES;
    if (inPlace && !this.inlining.has(target.node) && withinBounds) {
      // Only the root's nodes keep their pointer in the bundle; deeper in-place targets are not placed.
      if (doc === this.root) this.placed(target.doc, holder.pointer, target.node);
      this.inlining.add(target.node);
      try {
        return yield* convert(target.node, target.doc);
      } finally {
        this.inlining.delete(target.node);
      }
    }
    if (inPlace && !withinBounds && !this.budgetNoted) {
      this.budgetNoted = true;
      this.notes.push(`targets are written in place up to ${budget} nodes and ${MAX_NESTED_INLINES} levels; past that, $refs stay references.`);
    }
    // A local `$ref` of the root stays as written; one of another file now points into the bundle.
    if (!external) return doc === this.root ? undefined : this.withRef(holder, doc, '#' + target.node.pointer);
    if (!map) {
      const why = `components cannot hold a ${reference.expected}, and it cannot be written in place (a cycle, or past the bounds)`;
      this.notes.push(`${this.request.show(doc.path)}#${holder.pointer}: ${why}: the $ref to ${raw} stays as it was.`);
      return this.withRef(holder, doc, this.relocated(doc, raw));
    }
    return this.withRef(holder, doc, `#/components/${map}/${escapePointerSegment(this.componentName(target.node, target.doc, map))}`);
  }

  /**
   * What a target is: its place in a document laid out like an OpenAPI one says (`#/components/schemas/X` is a Schema
   * even where a Parameter is expected, so the bundle keeps that mistake visible), else the place
   * that references it.
   */
  private kindOf(target: { doc: SourceDocument; node: SyntaxNode }, expected: ObjectKind): ObjectKind {
    const root = target.doc.root;
    if (!root || root.kind !== 'object' || target.node === root) return expected;
    const own = kindAt(root, target.node.path.map(String));
    return own && COMPONENT_MAPS[own] ? own : expected;
  }

  /** The name a moved target gets (the same each time it is met). */
  private componentName(node: SyntaxNode, doc: SourceDocument, map: string): string {
    const known = this.moved.get(node);
    if (known) return known.name;
    const fileName = isRemoteLocation(doc.path) ? path.posix.basename(new URL(doc.path).pathname) : path.basename(doc.path);
    const own = node.key !== undefined ? String(node.key) : fileName.replace(/\.(ya?ml|json)$/i, '');
    const wanted = own.replace(/[^a-zA-Z0-9._-]/g, '_') || 'Component';
    const taken = this.taken.get(map)!;
    let name = wanted;
    for (let n = 2; taken.has(name); n++) name = `${wanted}${n}`;
    if (name !== wanted) this.notes.push(`${this.request.show(doc.path)}#${node.pointer} is bundled as components/${map}/${name}: ${wanted} was taken.`);
    taken.add(name);
    this.moved.set(node, { map, name });
    this.pending.push({ node, doc, map, name });
    this.placed(doc, `/components/${map}/${escapePointerSegment(name)}`, node);
    return name;
  }

  /** An unresolved `$ref` stays; a relative file path is rewritten to work from the output's folder. */
  private unresolved(holder: SyntaxNode, doc: SourceDocument, raw: string, failure: RefFailure | undefined): Json {
    const loadFailure = failure?.reason === 'file' ? failure.failure : undefined;
    // A remote target not fetched by choice stays a reference, as it always did: said only when asked for.
    if (failure?.reason === 'url' || loadFailure?.reason === 'remote-off') return this.withRef(holder, doc, this.relocated(doc, raw));
    const why = loadFailure?.reason === 'remote-not-allowed' ? `is not fetched (${loadFailure.host} is not an allowed host: --allow-remote ${loadFailure.host})`
      : loadFailure?.reason === 'remote-failed' ? `could not be fetched: ${loadFailure.message.replace(/\.$/, '')}`
      : 'does not resolve';
    this.notes.push(`${this.request.show(doc.path)}#${holder.pointer}: ${raw} ${why}; it stays a $ref.`);
    return this.withRef(holder, doc, this.relocated(doc, raw));
  }

  /** A `$ref` that stays external, written to work from the output's folder. */
  private relocated(doc: SourceDocument, raw: string): string {
    const hash = raw.indexOf('#');
    const file = hash >= 0 ? raw.slice(0, hash) : raw;
    const fragment = hash >= 0 ? raw.slice(hash) : '';
    if (/^[a-z][a-z0-9+.-]*:/i.test(file) || file.startsWith('/') || (file === '' && doc === this.root)) return raw;
    // A relative reference inside a remote document stays one to the remote document's neighbour.
    if (isRemoteLocation(doc.path)) return new URL(file, doc.path).href + fragment;
    const absolute = file === '' ? doc.path : path.resolve(path.dirname(doc.path), file);
    return path.relative(this.request.outDir, absolute).split(path.sep).join('/') + fragment;
  }

  /** The holder with its `$ref` replaced (its other keys, ignored by the format, kept as written). */
  private withRef(holder: SyntaxNode, doc: SourceDocument, ref: string): Json {
    const result: { [key: string]: Json } = {};
    for (const child of holder.children!) result[String(child.key)] = child.key === '$ref' ? ref : this.convert(child, doc);
    return result;
  }
}
