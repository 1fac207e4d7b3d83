// Swagger 2.0 -> OpenAPI 3.0.3 over our syntax trees: each 2.0 construct is written as its 3.0
// form, in the author's order, into an output tree (out.ts) whose nodes remember their source.
// Every file a `$ref` reaches is converted too: a whole 2.0 document as a document, any other file
// as it is, with the nodes that are referenced converted in the role they are referenced in (a
// Schema, a Parameter, a Response, a Path Item...). `$ref`s are written last, to wherever their
// target ended up (see convert-swagger2.ts).
import * as path from 'path';
import { DocumentStore, isLoadFailure, SourceDocument } from '../../model/documents';
import { parseRef } from '../../model/ref';
import {
  componentNameFrom, FORM_URLENCODED, isSwagger2Root, mediaTypes, MULTIPART, OAUTH_FLOWS, QUERY_STYLES,
  SWAGGER2_METHODS, VALUE_FIELDS,
} from '../../model/swagger2';
import { SyntaxNode } from '../../syntax/tree';
import { countNodes, map, Out, OutMap, OutPair, OutRef, OutSeq, pair, scalar, seq, YamlScalarStyle } from './out';

export type Role = 'Schema' | 'Parameter' | 'RequestBody' | 'Response' | 'PathItem';

interface Target {
  doc: SourceDocument;
  node: SyntaxNode;
}

/** One file the conversion reached. */
export interface DocState {
  doc: SourceDocument;
  /** A whole Swagger 2.0 document (else a file of fragments, kept as it is but for what is referenced). */
  swagger: boolean;
  out?: Out;
  /** The document's media types, for what it holds (`consumes`, `produces`, or the default). */
  consumes: string[];
  produces: string[];
  /** Security scheme names that are not 3.0 component names, and what they became. */
  schemeNames: Map<string, string>;
}

/** What a body or response is written for: the media types in force where it is. */
interface Context {
  consumes: string[];
  produces: string[];
}

export interface Note {
  doc: SourceDocument;
  offset: number;
  message: string;
  /** The source node it is about, when it was not written beside an output node (see notesInOutput). */
  unplaced?: SyntaxNode;
}

/** The media type bodies and responses get when a document names none. */
const DEFAULT_MEDIA_TYPE = 'application/json';
/** Most `$ref`s followed one after another to find what a parameter is. */
const MAX_REF_CHAIN = 32;
/** Most targets written in place inside one another (each is a level of recursion). */
const MAX_NESTED_INLINES = 16;
/** A body schema under a second media type is written again up to this many nodes; past it, it is a `$ref` to the first. */
const MAX_REPEATED_SCHEMA_NODES = 40;

const key = (types: readonly string[]) => types.join('\n');

export class Swagger2Converter {
  readonly notes: Note[] = [];
  readonly states = new Map<string, DocState>();
  private readonly queue: DocState[] = [];
  /** Where each source node was written: the first place converted in its own role wins over copies. */
  readonly placed = new Map<SyntaxNode, { out: Out; strong: boolean }>();
  /** The role (and media types) a referenced node is converted in, by the first that asked. */
  private readonly claims = new Map<SyntaxNode, { role: Role; context: Context }>();
  private readonly requests: { target: Target; role: Role }[] = [];
  /** Above 0 while a copy is written (a second media type, a body written in an operation): it takes no place. */
  private copying = 0;
  private readonly inlining = new Set<SyntaxNode>();
  private readonly notedDefaults = new Set<SourceDocument>();

  constructor(private readonly store: DocumentStore) {}

  /** Converts the root and every file it reaches. */
  run(root: SourceDocument): void {
    this.stateOf(root);
    while (this.queue.length > 0 || this.requests.length > 0) {
      while (this.queue.length > 0) this.convertFile(this.queue.shift()!);
      const request = this.requests.shift();
      if (request) this.convertInPlace(request.target, request.role);
    }
  }

  stateOf(doc: SourceDocument): DocState {
    let state = this.states.get(doc.path);
    if (state) return state;
    const root = doc.root;
    const swagger = isSwagger2Root(root);
    state = {
      doc,
      swagger,
      consumes: (swagger && mediaTypes(root!.get('consumes'))) || [],
      produces: (swagger && mediaTypes(root!.get('produces'))) || [],
      schemeNames: new Map(),
    };
    this.states.set(doc.path, state);
    this.queue.push(state);
    return state;
  }

  note(doc: SourceDocument, node: SyntaxNode | undefined, message: string, at?: OutPair | Out): void {
    const placed = at !== undefined && !this.copying;
    this.notes.push({ doc, offset: node ? (node.keyOffset >= 0 ? node.keyOffset : node.offset) : 0, message, unplaced: placed ? undefined : node });
    if (placed) (at.notes ??= []).push(message);
  }

  /**
   * Notes made without an output place (about a construct left out, such as a collectionFormat
   * with no 3.0 style) written before the output of the nearest source node above that was
   * written, so that YAML output carries each note as a comment where it applies.
   */
  notesInOutput(): void {
    for (const note of this.notes) {
      for (let node = note.unplaced; node; node = node.parent) {
        const placed = this.placed.get(node);
        if (!placed || dead.has(placed.out)) continue;
        const notes = (placed.out.notes ??= []);
        if (!notes.includes(note.message)) notes.push(note.message);
        break;
      }
    }
  }

  // ---- placing -------------------------------------------------------------------------------

  private place<T extends Out>(node: SyntaxNode, out: T): T {
    out.source = node;
    const known = this.placed.get(node);
    if (this.copying > 0) {
      if (!known || dead.has(known.out)) this.placed.set(node, { out, strong: false });
    } else if (!known || !known.strong || dead.has(known.out)) this.placed.set(node, { out, strong: true });
    return out;
  }

  /** A copy of a source subtree as it is (its `$ref`s too: they are not followed). */
  copy(node: SyntaxNode, doc: SourceDocument): Out {
    const out = this.copyNode(node, doc);
    // Weak places: a node copied as it is, converted later if something references it in a role.
    const stack: [SyntaxNode, Out][] = [[node, out]];
    while (stack.length > 0) {
      const [source, written] = stack.pop()!;
      const known = this.placed.get(source);
      if (!known || dead.has(known.out)) this.placed.set(source, { out: written, strong: false });
      if (written.kind === 'map') source.children!.forEach((c, i) => stack.push([c, written.pairs[i].value]));
      else if (written.kind === 'seq') source.children!.forEach((c, i) => stack.push([c, written.items[i]]));
    }
    return out;
  }

  private copyNode(node: SyntaxNode, doc: SourceDocument): Out {
    if (node.kind === 'object') {
      const out = map(node.children!.map((c) => this.member(c, this.copyNode(c, doc))), node);
      out.flow = node.flow;
      return out;
    }
    if (node.kind === 'array') {
      const out = seq(node.children!.map((c) => this.copyNode(c, doc)), node);
      out.flow = node.flow;
      return out;
    }
    return this.scalarOf(node, doc);
  }

  private scalarOf(node: SyntaxNode, doc: SourceDocument): Out {
    const out = scalar(node.value, node);
    if (doc.format === 'yaml') out.style = scalarStyle(node, doc);
    if (node.kind === 'number') out.numberText = doc.source.slice(node.offset, Math.min(node.end, node.offset + 64));
    return out;
  }

  /** A pair for a source member, written with its comments. */
  private member(node: SyntaxNode, value: Out, key = String(node.key)): OutPair {
    const p = pair(key, value, node);
    if (node.keyKind === 'number') p.numericKey = true;
    return p;
  }

  // ---- references ----------------------------------------------------------------------------

  /** The node a `$ref` names, or why it cannot be followed. */
  resolve(doc: SourceDocument, raw: string): Target | { failure: string; remote?: boolean } {
    const parsed = parseRef(raw);
    if (parsed.form === 'url') return { failure: 'remote', remote: true };
    let target = doc;
    if (parsed.form === 'file') {
      const loaded = this.store.get(path.resolve(path.dirname(doc.path), parsed.file));
      if (isLoadFailure(loaded)) return { failure: loaded.message };
      if (!loaded.root) return { failure: `${parsed.file} is empty.` };
      target = loaded;
    }
    let node = target.root;
    for (const segment of parsed.pointer ?? []) {
      node = node?.kind === 'object' ? node.get(segment) : node?.kind === 'array' && /^\d+$/.test(segment) ? node.at(Number(segment)) : undefined;
      if (!node) return { failure: `${raw} names nothing in ${path.basename(target.path)}.` };
    }
    if (!node) return { failure: `${raw} names nothing.` };
    return { doc: target, node };
  }

  /** What a chain of `$ref`s ends at (bounded; undefined for a cycle or a target that is not there). */
  private resolveChain(doc: SourceDocument, node: SyntaxNode): Target | undefined {
    let at: Target = { doc, node };
    for (let hops = 0; hops < MAX_REF_CHAIN; hops++) {
      const raw = at.node.kind === 'object' ? at.node.get('$ref')?.stringValue : undefined;
      if (raw === undefined) return at;
      const next = this.resolve(at.doc, raw);
      if ('failure' in next) return undefined;
      at = next;
    }
    return undefined;
  }

  /**
   * The context a referenced node is converted in: the first to ask decides, except for a 2.0
   * document's own components, which are written for that document's media types.
   */
  private claim(target: Target, role: Role, context: Context): { role: Role; context: Context } {
    const known = this.claims.get(target.node);
    if (known) return known;
    const state = this.stateOf(target.doc);
    const section = target.node.parent?.parent === target.doc.root ? target.node.parent?.key : undefined;
    const own = state.swagger && (section === 'parameters' || section === 'responses');
    const claim = { role, context: own ? this.documentContext(state) : context };
    this.claims.set(target.node, claim);
    this.requests.push({ target, role });
    return claim;
  }

  /** A `$ref` holder written for a role: its `$ref` points to wherever the target is written. */
  private reference(holder: SyntaxNode, doc: SourceDocument, role: Role, context: Context): OutMap {
    const refNode = holder.get('$ref')!;
    const raw = refNode.stringValue;
    const out = map([], holder);
    out.flow = holder.flow;
    for (const child of holder.children!) {
      if (child !== refNode || raw === undefined) {
        out.pairs.push(this.member(child, this.copy(child, doc)));
        continue;
      }
      const ref = this.refTo(doc, raw, role, context, child, out);
      if (doc.format === 'yaml') ref.style = scalarStyle(child, doc);
      out.pairs.push(this.member(child, ref));
    }
    return this.place(holder, out);
  }

  /** The value of a `$ref` to `raw` from `doc`. */
  private refTo(doc: SourceDocument, raw: string, role: Role, context: Context, at: SyntaxNode, holder: OutMap): OutRef {
    const target = this.resolve(doc, raw);
    if ('failure' in target) {
      if (!target.remote) this.note(doc, at, `the $ref to ${raw} does not resolve (${target.failure}); it is written as the 3.0 place it would name.`, holder);
      else this.note(doc, at, `the remote $ref ${raw} is not followed: convert what it names separately.`, holder);
      return { kind: 'ref', target: { kind: 'text', text: target.remote ? raw : renamedPointer(raw) }, raw };
    }
    this.claim(target, role, context);
    return { kind: 'ref', target: { kind: 'source', node: target.node, docPath: target.doc.path, fragment: raw.includes('#') }, raw };
  }

  /** Converts, where it was copied, a node something references in a role. */
  private convertInPlace(target: Target, role: Role): void {
    const known = this.placed.get(target.node);
    if (known?.strong) return;
    const claim = this.claims.get(target.node)!;
    if (!known) {
      this.note(target.doc, target.node, `a ${role} is referenced here, but this place has no 3.0 equivalent: the $ref to it will not resolve.`);
      return;
    }
    // What was written there before is gone: places in it are taken again by the conversion.
    markDead(known.out);
    const converted = this.convertRole(target, role, claim.context);
    const out = known.out as unknown as Record<string, unknown>;
    for (const k of Object.keys(out)) if (k !== 'parent' && k !== 'keyInParent') delete out[k];
    Object.assign(out, converted);
    this.placed.set(target.node, { out: known.out, strong: true });
  }

  private convertRole(target: Target, role: Role, context: Context): Out {
    const { doc, node } = target;
    switch (role) {
      case 'Schema':
        return this.schema(node, doc);
      case 'Parameter':
        return this.parameter(node, doc, context);
      case 'RequestBody':
        return this.bodyFromParameter(node, doc, context);
      case 'Response':
        return this.response(node, doc, context);
      case 'PathItem':
        return this.pathItem(node, doc, context);
    }
  }

  // ---- files ---------------------------------------------------------------------------------

  private convertFile(state: DocState): void {
    const root = state.doc.root!;
    state.out = state.swagger ? this.document(state) : this.copy(root, state.doc);
  }

  private documentContext(state: DocState): Context {
    return { consumes: state.consumes, produces: state.produces };
  }

  /** A whole 2.0 document as a 3.0 one, in the author's order. */
  private document(state: DocState): OutMap {
    const { doc } = state;
    const root = doc.root!;
    const out = map([], root);
    this.place(root, out);
    const context = this.documentContext(state);
    const servers = ['host', 'basePath', 'schemes'].map((k) => root.get(k)).filter((n): n is SyntaxNode => n !== undefined);
    const componentSections = ['definitions', 'parameters', 'responses', 'securityDefinitions'];
    let componentsWritten = false;
    let serversWritten = false;
    for (const child of root.children!) {
      const name = String(child.key);
      if (name === 'swagger') {
        out.pairs.push(this.member(child, scalar('3.0.3'), 'openapi'));
      } else if (name === 'info' && child.kind === 'object') {
        out.pairs.push(this.member(child, this.info(child, doc)));
      } else if (servers.includes(child)) {
        if (serversWritten) continue;
        serversWritten = true;
        const written = this.servers(root, doc, undefined);
        if (written) {
          const p = pair('servers', written);
          p.commentsFrom = servers;
          out.pairs.push(p);
        }
      } else if (name === 'consumes' || name === 'produces') {
        continue;
      } else if (name === 'paths' && child.kind === 'object') {
        out.pairs.push(this.member(child, this.paths(child, doc, context)));
      } else if (componentSections.includes(name)) {
        if (componentsWritten) continue;
        componentsWritten = true;
        const p = pair('components', this.components(state));
        p.commentsFrom = componentSections.map((k) => root.get(k)).filter((n): n is SyntaxNode => n !== undefined);
        out.pairs.push(p);
      } else if (name === 'security') {
        out.pairs.push(this.member(child, this.securityRequirements(child, doc, state)));
      } else {
        out.pairs.push(this.member(child, this.copy(child, doc)));
      }
    }
    if (!root.get('paths')) {
      const paths = pair('paths', map([]));
      out.pairs.push(paths);
      this.note(doc, root, 'the document has no paths, which both versions require: written with "paths: {}".', paths);
    }
    if (!state.consumes.length || !state.produces.length) this.noteDefaults(state, out);
    return out;
  }

  private noteDefaults(state: DocState, at: OutMap): void {
    const missing = [!state.consumes.length && 'consumes', !state.produces.length && 'produces'].filter(Boolean).join(' or ');
    if (!this.usesDefault.has(state.doc) || this.notedDefaults.has(state.doc)) return;
    this.notedDefaults.add(state.doc);
    this.note(state.doc, state.doc.root, `the document has no ${missing}: bodies and responses that need a media type are written as ${DEFAULT_MEDIA_TYPE}.`, at.pairs[0]);
  }

  /** Documents where a body or response had no media type of its own. */
  private readonly usesDefault = new Set<SourceDocument>();

  private types(types: readonly string[], doc: SourceDocument): string[] {
    if (types.length) return [...types];
    this.usesDefault.add(doc);
    return [DEFAULT_MEDIA_TYPE];
  }

  private info(node: SyntaxNode, doc: SourceDocument): Out {
    const out = this.copy(node, doc) as OutMap;
    const version = node.get('version');
    // `version: 1.0` is a number in YAML: the version is a string in both formats.
    if (version && version.kind === 'number') {
      const index = node.children!.indexOf(version);
      out.pairs[index].value = scalar(doc.source.slice(version.offset, version.end), version);
    }
    return out;
  }

  /** `host`, `basePath` and `schemes` (of the document, or an operation's) as 3.0 `servers`. */
  private servers(root: SyntaxNode, doc: SourceDocument, operationSchemes: SyntaxNode | undefined): OutSeq | undefined {
    const hostNode = root.get('host');
    // A list of one host (written by some tools) is that host.
    const onlyItem = hostNode?.kind === 'array' && hostNode.children!.length === 1 ? hostNode.children![0].stringValue : undefined;
    const host = hostNode?.stringValue ?? onlyItem;
    if (hostNode && hostNode.stringValue === undefined && !operationSchemes) {
      this.note(doc, hostNode, host !== undefined ? `host is a list, not a string: its one item ${host} is the host.` : 'host is not a string: left out of the server URL.');
    }
    let basePath = root.get('basePath')?.stringValue ?? '';
    const schemesNode = operationSchemes ?? root.get('schemes');
    const listed = mediaTypes(schemesNode) ?? [];
    // `http:` and `https://` are schemes written with what follows them in a URL.
    const schemes = listed.map((s) => s.replace(/:(\/\/)?$/, '')).filter((s) => /^[a-z][a-z0-9+.-]*$/i.test(s));
    const odd = listed.filter((s) => !/^[a-z][a-z0-9+.-]*$/i.test(s));
    if (odd.length) this.note(doc, schemesNode, `schemes holds values that are not scheme names (${odd.join(', ')}): read as ${schemes.join(', ') || 'none'}.`);
    if (host === undefined && !basePath && !operationSchemes) return undefined;
    if (basePath && !basePath.startsWith('/')) basePath = '/' + basePath;
    basePath = basePath.replace(/\/+$/, '');
    const out = seq([]);
    if (host === undefined) {
      // No host: 2.0 means the host the document is served from, which a relative URL says too.
      out.items.push(map([pair('url', scalar(basePath || '/'))]));
      return out;
    }
    if (/[{}]/.test(host)) this.note(doc, root.get('host'), `the host "${host}" holds braces, which OpenAPI 3.0 reads as server variables.`);
    // Without schemes, 2.0 uses the one the document was fetched with: a URL without a scheme says the same.
    for (const scheme of schemes.length ? schemes : ['']) {
      out.items.push(map([pair('url', scalar(`${scheme ? scheme + ':' : ''}//${host}${basePath}`))]));
    }
    return out;
  }

  private components(state: DocState): OutMap {
    const { doc } = state;
    const root = doc.root!;
    const out = map([]);
    for (const child of root.children!) {
      if (child.kind !== 'object') continue;
      switch (child.key) {
        case 'definitions': {
          const schemas = this.componentMap(child, doc, 'schemas', (entry) => this.schema(entry, doc));
          out.pairs.push(this.member(child, schemas, 'schemas'));
          break;
        }
        case 'parameters': {
          const parameters = map([], child);
          const bodies = map([]);
          const taken = new Set<string>();
          const bodyTaken = new Set<string>();
          for (const entry of child.children!) {
            const kind = entry.kind === 'object' ? entry.get('in')?.value : undefined;
            if (kind === 'formData') {
              this.note(doc, entry, `the formData parameter "${entry.key}" is written into the request body of each operation that uses it: 3.0 components cannot hold it.`, parameters);
              continue;
            }
            const target = kind === 'body' ? bodies : parameters;
            const name = this.componentName(String(entry.key), kind === 'body' ? bodyTaken : taken, doc, entry, kind === 'body' ? 'requestBodies' : 'parameters');
            const value = kind === 'body' ? this.bodyFromParameter(entry, doc, this.documentContext(state)) : this.parameter(entry, doc, this.documentContext(state));
            this.claims.set(entry, { role: kind === 'body' ? 'RequestBody' : 'Parameter', context: this.documentContext(state) });
            target.pairs.push(this.member(entry, value, name));
          }
          if (parameters.pairs.length || !bodies.pairs.length) out.pairs.push(this.member(child, parameters, 'parameters'));
          if (bodies.pairs.length) out.pairs.push(pair('requestBodies', bodies));
          break;
        }
        case 'responses': {
          const context = this.documentContext(state);
          const responses = this.componentMap(child, doc, 'responses', (entry) => this.response(entry, doc, context));
          for (const entry of child.children!) this.claims.set(entry, { role: 'Response', context });
          out.pairs.push(this.member(child, responses, 'responses'));
          break;
        }
        case 'securityDefinitions': {
          const taken = new Set<string>();
          const schemes = map([], child);
          for (const entry of child.children!) {
            const name = this.componentName(String(entry.key), taken, doc, entry, 'securitySchemes');
            if (name !== entry.key) state.schemeNames.set(String(entry.key), name);
            schemes.pairs.push(this.member(entry, this.securityScheme(entry, doc), name));
          }
          out.pairs.push(this.member(child, this.place(child, schemes), 'securitySchemes'));
          break;
        }
      }
    }
    return out;
  }

  private componentMap(node: SyntaxNode, doc: SourceDocument, kind: string, convert: (entry: SyntaxNode) => Out): OutMap {
    const out = map([], node);
    const taken = new Set<string>();
    for (const entry of node.children!) out.pairs.push(this.member(entry, convert(entry), this.componentName(String(entry.key), taken, doc, entry, kind)));
    return this.place(node, out);
  }

  /** A 3.0 component name for a 2.0 one (which allowed any characters), unique in its map. */
  private componentName(name: string, taken: Set<string>, doc: SourceDocument, entry: SyntaxNode, kind: string): string {
    const wanted = componentNameFrom(name);
    let chosen = wanted;
    for (let n = 2; taken.has(chosen); n++) chosen = `${wanted}${n}`;
    taken.add(chosen);
    if (chosen !== name) this.note(doc, entry, `"${name}" is not a 3.0 component name: it is written as components/${kind}/${chosen}, and every $ref to it follows.`);
    return chosen;
  }

  private securityRequirements(node: SyntaxNode, doc: SourceDocument, state: DocState): Out {
    const out = this.copy(node, doc);
    if (node.kind !== 'array' || state.schemeNames.size === 0) return out;
    for (const item of (out as OutSeq).items) {
      if (item.kind !== 'map') continue;
      for (const p of item.pairs) p.key = state.schemeNames.get(p.key) ?? p.key;
    }
    return out;
  }

  // ---- paths and operations ------------------------------------------------------------------

  private paths(node: SyntaxNode, doc: SourceDocument, context: Context): OutMap {
    const out = map([], node);
    for (const child of node.children!) {
      const value = String(child.key).startsWith('x-') || child.kind !== 'object' ? this.copy(child, doc) : this.pathItem(child, doc, context);
      out.pairs.push(this.member(child, value));
    }
    return this.place(node, out);
  }

  /** A Path Item. Its body and formData parameters go into each operation's request body; the others stay. */
  private pathItem(node: SyntaxNode, doc: SourceDocument, context: Context): Out {
    if (node.kind !== 'object') return this.copy(node, doc);
    if (node.get('$ref')?.stringValue !== undefined) return this.reference(node, doc, 'PathItem', context);
    const out = map([], node);
    this.place(node, out);
    const shared = this.parameterList(node.get('parameters'), doc);
    for (const child of node.children!) {
      const name = String(child.key);
      if (name === 'parameters' && child.kind === 'array') {
        const kept = this.nonBodyParameters(child, doc, context);
        if (kept.items.length || child.children!.length === 0) out.pairs.push(this.member(child, kept));
      } else if (SWAGGER2_METHODS.has(name) && child.kind === 'object') {
        out.pairs.push(this.member(child, this.operation(child, doc, context, shared, node)));
      } else {
        out.pairs.push(this.member(child, this.copy(child, doc)));
      }
    }
    return out;
  }

  /** The items of a `parameters` array, each with what it resolves to. */
  private parameterList(node: SyntaxNode | undefined, doc: SourceDocument): Target[] {
    if (node?.kind !== 'array') return [];
    return node.children!.map((item) => ({ doc, node: item }));
  }

  private locationOf(param: Target): string | undefined {
    const resolved = this.resolveChain(param.doc, param.node);
    const location = resolved?.node.kind === 'object' ? resolved.node.get('in')?.value : undefined;
    return typeof location === 'string' ? location : undefined;
  }

  private identity(param: Target): string | undefined {
    const resolved = this.resolveChain(param.doc, param.node);
    if (resolved?.node.kind !== 'object') return undefined;
    return `${String(resolved.node.get('in')?.value)}\n${String(resolved.node.get('name')?.value)}`;
  }

  /** A `parameters` array without its body and formData parameters (they go into the request body). */
  private nonBodyParameters(node: SyntaxNode, doc: SourceDocument, context: Context): OutSeq {
    const out = seq([], node);
    for (const item of node.children!) {
      const location = this.locationOf({ doc, node: item });
      if (location === 'body' || location === 'formData') continue;
      out.items.push(this.parameter(item, doc, context));
    }
    return this.place(node, out);
  }

  private operation(node: SyntaxNode, doc: SourceDocument, documentContext: Context, shared: Target[], pathItem: SyntaxNode): OutMap {
    const out = map([], node);
    this.place(node, out);
    const context: Context = {
      consumes: mediaTypes(node.get('consumes')) ?? documentContext.consumes,
      produces: mediaTypes(node.get('produces')) ?? documentContext.produces,
    };
    // The operation's parameters override the Path Item's of the same name and location.
    const own = this.parameterList(node.get('parameters'), doc);
    const ownIds = new Set(own.map((p) => this.identity(p)));
    const all = [...shared.filter((p) => !ownIds.has(this.identity(p))), ...own];
    const bodies = all.filter((p) => this.locationOf(p) === 'body');
    const forms = all.filter((p) => this.locationOf(p) === 'formData');
    let body: Out | undefined;
    let bodyNotes: string[] = [];
    if (bodies.length) {
      body = this.requestBody(bodies[bodies.length - 1], context);
      if (bodies.length > 1) bodyNotes.push('more than one body parameter: the last one is the request body.');
      if (forms.length) bodyNotes.push('body and formData parameters together: the formData ones are left out.');
    } else if (forms.length) {
      const form = this.formBody(forms, context);
      body = form.body;
      bodyNotes = form.notes;
    }
    const bodyPair = body && pair('requestBody', body);
    for (const message of bodyNotes) this.note(doc, node, message, bodyPair);
    let bodyWritten = false;
    for (const child of node.children!) {
      const name = String(child.key);
      if (name === 'consumes' || name === 'produces') continue;
      if (name === 'responses' && bodyPair && !bodyWritten) {
        out.pairs.push(bodyPair);
        bodyWritten = true;
      }
      if (name === 'parameters' && child.kind === 'array') {
        const kept = this.nonBodyParameters(child, doc, context);
        if (kept.items.length || child.children!.length === 0) out.pairs.push(this.member(child, kept));
        if (bodyPair && !bodyWritten) out.pairs.push(bodyPair);
        bodyWritten = true;
      } else if (name === 'responses' && child.kind === 'object') {
        out.pairs.push(this.member(child, this.responses(child, doc, context)));
      } else if (name === 'schemes') {
        const servers = this.servers(this.rootOf(doc) ?? pathItem, doc, child);
        if (servers) out.pairs.push(this.member(child, servers, 'servers'));
      } else if (name === 'security') {
        out.pairs.push(this.member(child, this.securityRequirements(child, doc, this.stateOf(doc))));
      } else {
        out.pairs.push(this.member(child, this.copy(child, doc)));
      }
    }
    if (bodyPair && !bodyWritten) out.pairs.push(bodyPair);
    if (!node.get('responses')) {
      const responses = pair('responses', map([pair('default', map([pair('description', scalar('Default response'))]))]));
      out.pairs.push(responses);
      this.note(doc, node, 'the operation has no responses, which both versions require: written with a default response.', responses);
    }
    return out;
  }

  private rootOf(doc: SourceDocument): SyntaxNode | undefined {
    return this.stateOf(doc).swagger ? doc.root : undefined;
  }

  // ---- parameters ----------------------------------------------------------------------------

  /** A non-body Parameter: its value fields become its `schema`, its collectionFormat a style. */
  private parameter(node: SyntaxNode, doc: SourceDocument, context: Context): Out {
    if (node.kind !== 'object') return this.copy(node, doc);
    if (node.get('$ref')?.stringValue !== undefined) return this.reference(node, doc, 'Parameter', context);
    const location = node.get('in')?.stringValue;
    const out = map([], node);
    out.flow = node.flow;
    this.place(node, out);
    const schema = this.valueSchema(node, doc);
    const style = this.styleOf(node, doc, location);
    // Path parameters are required in both versions; a document that forgets it means it anyway.
    const requiredNode = node.get('required');
    const patchRequired = location === 'path' && requiredNode?.value !== true;
    if (patchRequired) this.note(doc, requiredNode ?? node, 'a path parameter is always required: written with "required: true".');
    let schemaWritten = false;
    for (const child of node.children!) {
      const name = String(child.key);
      if (child === requiredNode && patchRequired) {
        out.pairs.push(this.member(child, scalar(true, child)));
      } else if (name === 'in' && patchRequired && !requiredNode) {
        out.pairs.push(this.member(child, this.copy(child, doc)), pair('required', scalar(true)));
      } else if (VALUE_FIELDS.has(name) || name === 'collectionFormat') {
        if (schemaWritten) continue;
        schemaWritten = true;
        out.pairs.push(...style);
        out.pairs.push(pair('schema', schema));
      } else if (name === 'x-example') {
        out.pairs.push(this.member(child, this.copy(child, doc), 'example'));
      } else if (name === 'allowEmptyValue' && location !== 'query') {
        this.note(doc, child, `allowEmptyValue applies to query parameters only in 3.0: left out.`, out);
      } else if (name === 'schema') {
        // Not a 2.0 field for this kind of parameter, but written by some: it is the schema.
        if (!schemaWritten) out.pairs.push(this.member(child, this.schema(child, doc)));
        schemaWritten = true;
      } else {
        out.pairs.push(this.member(child, this.copy(child, doc)));
      }
    }
    if (!schemaWritten) out.pairs.push(...style, pair('schema', schema));
    return out;
  }

  /** `style`/`explode` for an array parameter's collectionFormat (csv when it has none). */
  private styleOf(node: SyntaxNode, doc: SourceDocument, location: string | undefined): OutPair[] {
    if (node.get('type')?.value !== 'array') return [];
    const formatNode = node.get('collectionFormat');
    const format = formatNode?.stringValue ?? 'csv';
    const member = formatNode;
    if (location === 'query') {
      const style = QUERY_STYLES[format];
      if (!style) {
        this.note(doc, formatNode, `collectionFormat ${format} has no OpenAPI 3.0 equivalent: the parameter is written as comma-separated (style form, explode false).`);
        return [pair('style', scalar('form'), member), pair('explode', scalar(false))];
      }
      return [pair('style', scalar(style.style), member), pair('explode', scalar(style.explode))];
    }
    if (location === 'path' || location === 'header') {
      if (format !== 'csv') this.note(doc, formatNode, `collectionFormat ${format} is not possible in a ${location} parameter in OpenAPI 3.0: it is written as comma-separated (style simple).`);
      return [];
    }
    return [];
  }

  /** The 3.0 schema of a Parameter, Header or Items Object: its value fields, in their order. */
  private valueSchema(node: SyntaxNode, doc: SourceDocument): OutMap {
    const out = map([]);
    for (const child of node.children!) {
      const name = String(child.key);
      if (!VALUE_FIELDS.has(name)) continue;
      if (name === 'x-nullable') out.pairs.push(this.member(child, this.copy(child, doc), 'nullable'));
      else if (name === 'type' && child.value === 'file') {
        out.pairs.push(this.member(child, scalar('string', child)));
        if (!node.get('format')) out.pairs.push(pair('format', scalar('binary')));
      } else if (name === 'format' && node.get('type')?.value === 'file') {
        out.pairs.push(this.member(child, scalar('binary', child)));
      } else if (name === 'items' && child.kind === 'object') {
        if (child.get('collectionFormat') && child.get('type')?.value === 'array') {
          this.note(doc, child.get('collectionFormat'), 'a collectionFormat of nested arrays has no OpenAPI 3.0 equivalent: left out.');
        }
        out.pairs.push(this.member(child, child.get('$ref') ? this.schema(child, doc) : this.valueSchema(child, doc)));
      } else {
        out.pairs.push(this.member(child, this.copy(child, doc)));
      }
    }
    return out;
  }

  // ---- request bodies ------------------------------------------------------------------------

  /** An operation's request body from its body parameter (or a `$ref` to one). */
  private requestBody(param: Target, context: Context): Out {
    const { doc, node } = param;
    const raw = node.kind === 'object' ? node.get('$ref')?.stringValue : undefined;
    if (raw === undefined) return this.bodyFromParameter(node, doc, context);
    const target = this.resolve(doc, raw);
    if ('failure' in target) return this.reference(node, doc, 'RequestBody', context);
    const claim = this.claim(target, 'RequestBody', context);
    const sameTypes = key(this.types(claim.context.consumes, target.doc)) === key(this.types(context.consumes, doc));
    if (sameTypes || this.inlining.has(target.node) || this.inlining.size >= MAX_NESTED_INLINES) return this.reference(node, doc, 'RequestBody', context);
    // Written for other media types than the shared one: the operation gets its own copy.
    return this.inline(target, () => this.requestBody(target, context));
  }

  private inline(target: Target, write: () => Out): Out {
    this.inlining.add(target.node);
    this.copying++;
    try {
      return write();
    } finally {
      this.copying--;
      this.inlining.delete(target.node);
    }
  }

  /** A Request Body Object from a 2.0 body parameter. */
  private bodyFromParameter(node: SyntaxNode, doc: SourceDocument, context: Context): Out {
    if (node.kind !== 'object') return this.copy(node, doc);
    if (node.get('$ref')?.stringValue !== undefined) return this.requestBody({ doc, node }, context);
    const out = map([], node);
    this.place(node, out);
    const types = this.types(context.consumes, doc);
    const examples = node.get('x-examples');
    for (const child of node.children!) {
      const name = String(child.key);
      if (name === 'name' || name === 'in' || name === 'x-examples' || VALUE_FIELDS.has(name)) continue;
      if (name === 'schema') {
        out.pairs.push(this.member(child, this.content(child, doc, types, examples), 'content'));
      } else if (name === 'description' || name === 'required' || name.startsWith('x-')) {
        out.pairs.push(this.member(child, this.copy(child, doc)));
      } else {
        this.note(doc, child, `"${name}" of a body parameter has no place in a 3.0 request body: left out.`, out);
      }
    }
    if (!node.get('schema')) {
      // Written by some with the fields of other parameters (`type: string`): those are its schema.
      const hasValue = node.children!.some((c) => VALUE_FIELDS.has(String(c.key)));
      const content = this.content(undefined, doc, types, examples);
      if (hasValue) {
        this.note(doc, node, 'a body parameter without "schema": its type fields are written as the schema.', out);
        for (const media of content.pairs) (media.value as OutMap).pairs.unshift(pair('schema', this.valueSchema(node, doc)));
      }
      out.pairs.push(pair('content', content));
    }
    return out;
  }

  /**
   * A `content` map: the schema under each media type (written again for each, or past a size a
   * `$ref` to the first), and the examples of a 2.0 `examples` map under their own media types.
   */
  private content(schemaNode: SyntaxNode | undefined, doc: SourceDocument, types: readonly string[], examples: SyntaxNode | undefined): OutMap {
    const out = map([]);
    const exampleTypes = examples?.kind === 'object' ? examples.children!.map((e) => String(e.key)) : [];
    const all = [...types, ...exampleTypes.filter((t) => !types.includes(t))];
    let first: Out | undefined;
    for (const type of all) {
      const media = map([]);
      if (schemaNode) {
        if (!first) media.pairs.push(this.member(schemaNode, (first = this.schema(schemaNode, doc)), 'schema'));
        else media.pairs.push(pair('schema', this.repeat(schemaNode, doc, first)));
      }
      const example = examples?.kind === 'object' ? examples.get(type) : undefined;
      if (example) media.pairs.push(this.member(example, this.copy(example, doc), 'example'));
      out.pairs.push(pair(type, media));
    }
    return out;
  }

  /** A schema written a second time: again when it is small, else a `$ref` to where it was first written. */
  private repeat(schemaNode: SyntaxNode, doc: SourceDocument, first: Out): Out {
    this.copying++;
    try {
      const again = this.schema(schemaNode, doc);
      if (countNodes(again, MAX_REPEATED_SCHEMA_NODES + 1) <= MAX_REPEATED_SCHEMA_NODES) return again;
    } finally {
      this.copying--;
    }
    return map([pair('$ref', { kind: 'ref', target: { kind: 'out', node: first } })]);
  }

  /** A request body from formData parameters: one object schema, a property per parameter. */
  private formBody(params: Target[], context: Context): { body: Out; notes: string[] } {
    const notes: string[] = [];
    const resolved = params.map((p) => this.resolveChain(p.doc, p.node)).filter((p): p is Target => p?.node.kind === 'object');
    const hasFile = resolved.some((p) => p.node.get('type')?.value === 'file');
    const declared = context.consumes;
    let types = declared.filter((t) => t === FORM_URLENCODED || t === MULTIPART || t.startsWith(MULTIPART + ';') || t.startsWith(FORM_URLENCODED + ';'));
    if (!types.length) {
      types = [hasFile ? MULTIPART : FORM_URLENCODED];
      if (declared.length) notes.push(`formData parameters, but consumes lists no form media type: the body is written as ${types[0]}.`);
    } else if (hasFile && !types.some((t) => t.startsWith(MULTIPART))) {
      notes.push(`a file parameter needs ${MULTIPART}, which consumes does not list: the body is written as ${MULTIPART} too.`);
      types.push(MULTIPART);
    }
    const schema = map([pair('type', scalar('object'))]);
    const properties = map([]);
    const required = seq([]);
    const encodings = map([]);
    for (const param of resolved) {
      const name = param.node.get('name')?.stringValue;
      if (name === undefined) continue;
      const property = this.formProperty(param);
      properties.pairs.push(pair(name, property, param.node));
      if (param.node.get('required')?.value === true) required.items.push(scalar(name));
      const encoding = this.formEncoding(param, notes);
      if (encoding) encodings.pairs.push(pair(name, encoding));
    }
    schema.pairs.push(pair('properties', properties));
    if (required.items.length) schema.pairs.push(pair('required', required));
    const content = map([]);
    types.forEach((type, i) => {
      const media = map([pair('schema', i === 0 ? schema : this.repeatOut(schema))]);
      if (encodings.pairs.length && type.startsWith(FORM_URLENCODED)) media.pairs.push(pair('encoding', encodings));
      content.pairs.push(pair(type, media));
    });
    const body = map([pair('content', content)]);
    if (required.items.length) body.pairs.push(pair('required', scalar(true)));
    return { body, notes };
  }

  /** A form schema under a second media type: a `$ref` to the first (it is not a source node anyone can point at). */
  private repeatOut(first: OutMap): Out {
    return countNodes(first, MAX_REPEATED_SCHEMA_NODES + 1) <= MAX_REPEATED_SCHEMA_NODES ? cloneOut(first) : map([pair('$ref', { kind: 'ref', target: { kind: 'out', node: first } })]);
  }

  private formProperty(param: Target): Out {
    const { doc, node } = param;
    const out = map([]);
    out.flow = node.flow;
    this.place(node, out);
    const schema = this.valueSchema(node, doc);
    let schemaWritten = false;
    for (const child of node.children!) {
      const name = String(child.key);
      if (VALUE_FIELDS.has(name)) {
        if (!schemaWritten) out.pairs.push(...schema.pairs);
        schemaWritten = true;
      } else if (name === 'description' || (name.startsWith('x-') && name !== 'x-example')) {
        out.pairs.push(this.member(child, this.copy(child, doc)));
      } else if (name === 'x-example') {
        out.pairs.push(this.member(child, this.copy(child, doc), 'example'));
      } else if (name === 'allowEmptyValue' && child.value === true) {
        this.note(doc, child, 'allowEmptyValue of a formData parameter has no OpenAPI 3.0 equivalent: left out.');
      }
    }
    if (!schemaWritten) out.pairs.push(...schema.pairs);
    return out;
  }

  /** The encoding of an array form field (urlencoded bodies): its collectionFormat as a style. */
  private formEncoding(param: Target, notes: string[]): OutMap | undefined {
    const { node } = param;
    if (node.get('type')?.value !== 'array') return undefined;
    const format = node.get('collectionFormat')?.stringValue ?? 'csv';
    const style = QUERY_STYLES[format];
    if (!style) {
      notes.push(`collectionFormat ${format} of "${node.get('name')?.value}" has no OpenAPI 3.0 equivalent: written as comma-separated.`);
      return map([pair('style', scalar('form')), pair('explode', scalar(false))]);
    }
    if (format === 'multi') return undefined; // the 3.0 default: one field per item
    return map([pair('style', scalar(style.style)), pair('explode', scalar(style.explode))]);
  }

  // ---- responses -----------------------------------------------------------------------------

  private responses(node: SyntaxNode, doc: SourceDocument, context: Context): OutMap {
    const out = map([], node);
    this.place(node, out);
    for (const child of node.children!) {
      const value = String(child.key).startsWith('x-') ? this.copy(child, doc) : this.responseAt(child, doc, context);
      const written = this.member(child, value);
      written.numericKey = false; // `200:` is a number in YAML: 3.0 wants status codes as strings
      out.pairs.push(written);
    }
    return out;
  }

  /** An operation's response, or a `$ref` to a shared one (a copy when the operation produces other media types). */
  private responseAt(node: SyntaxNode, doc: SourceDocument, context: Context): Out {
    const raw = node.kind === 'object' ? node.get('$ref')?.stringValue : undefined;
    if (raw === undefined) return this.response(node, doc, context);
    const target = this.resolve(doc, raw);
    if ('failure' in target) return this.reference(node, doc, 'Response', context);
    const claim = this.claim(target, 'Response', context);
    const needsTypes = target.node.kind === 'object' && (target.node.get('schema') !== undefined || target.node.get('$ref') !== undefined);
    const sameTypes = !needsTypes || key(this.types(claim.context.produces, target.doc)) === key(this.types(context.produces, doc));
    if (sameTypes || this.inlining.has(target.node) || this.inlining.size >= MAX_NESTED_INLINES) return this.reference(node, doc, 'Response', context);
    return this.inline(target, () => this.responseAt(target.node, target.doc, context));
  }

  private response(node: SyntaxNode, doc: SourceDocument, context: Context): Out {
    if (node.kind !== 'object') return this.copy(node, doc);
    if (node.get('$ref')?.stringValue !== undefined) return this.responseAt(node, doc, context);
    const out = map([], node);
    this.place(node, out);
    const schema = node.get('schema');
    const examples = node.get('examples');
    // A response of a description (and extensions) keeps its flow style; content written into it would not fit one line.
    out.flow = node.flow && !schema && !examples && !node.get('headers');
    let contentWritten = false;
    for (const child of node.children!) {
      const name = String(child.key);
      if (name === 'schema' || (name === 'examples' && !schema)) {
        if (contentWritten) continue;
        contentWritten = true;
        const types = schema ? this.types(context.produces, doc) : [];
        out.pairs.push(this.member(child, this.content(schema, doc, types, examples?.kind === 'object' ? examples : undefined), 'content'));
      } else if (name === 'examples') {
        continue;
      } else if (name === 'headers' && child.kind === 'object') {
        const headers = map([], child);
        for (const header of child.children!) headers.pairs.push(this.member(header, this.header(header, doc)));
        out.pairs.push(this.member(child, this.place(child, headers)));
      } else {
        out.pairs.push(this.member(child, this.copy(child, doc)));
      }
    }
    return out;
  }

  private header(node: SyntaxNode, doc: SourceDocument): Out {
    if (node.kind !== 'object') return this.copy(node, doc);
    const out = map([], node);
    this.place(node, out);
    let schemaWritten = false;
    for (const child of node.children!) {
      const name = String(child.key);
      if (VALUE_FIELDS.has(name) || name === 'collectionFormat') {
        if (name === 'collectionFormat' && child.value !== 'csv') {
          this.note(doc, child, `collectionFormat ${String(child.value)} is not possible in a header in OpenAPI 3.0: it is written as comma-separated.`, out);
        }
        if (schemaWritten) continue;
        schemaWritten = true;
        out.pairs.push(pair('schema', this.valueSchema(node, doc)));
      } else if (name === 'x-example') {
        out.pairs.push(this.member(child, this.copy(child, doc), 'example'));
      } else {
        out.pairs.push(this.member(child, this.copy(child, doc)));
      }
    }
    return out;
  }

  // ---- schemas -------------------------------------------------------------------------------

  schema(node: SyntaxNode, doc: SourceDocument): Out {
    if (node.kind !== 'object') return this.copy(node, doc);
    if (node.get('$ref')?.stringValue !== undefined) return this.reference(node, doc, 'Schema', { consumes: [], produces: [] });
    const out = map([], node);
    out.flow = node.flow;
    this.place(node, out);
    const typeNode = node.get('type');
    const requiredProperties = this.requiredByProperty(node, doc);
    for (const child of node.children!) {
      const name = String(child.key);
      if (name === 'required' && child.kind === 'boolean') continue; // a property's, moved to its parent (below)
      if (name === 'required' && child.kind === 'array' && requiredProperties.length) {
        out.pairs.push(this.member(child, seq([...(this.copy(child, doc) as OutSeq).items, ...requiredProperties.map((n) => scalar(n))])));
        requiredProperties.length = 0;
        continue;
      }
      switch (name) {
        case 'properties':
        case 'patternProperties':
        case 'definitions':
          out.pairs.push(this.member(child, this.schemaMap(child, doc)));
          break;
        case 'items':
        case 'allOf':
        case 'anyOf':
        case 'oneOf':
          out.pairs.push(this.member(child, child.kind === 'array' ? this.schemaList(child, doc) : this.schema(child, doc)));
          break;
        case 'additionalProperties':
        case 'not':
          out.pairs.push(this.member(child, this.schema(child, doc)));
          break;
        case 'x-nullable':
          if (node.get('nullable')) out.pairs.push(this.member(child, this.copy(child, doc)));
          else out.pairs.push(this.member(child, this.copy(child, doc), 'nullable'));
          break;
        case 'discriminator':
          if (child.kind === 'string') out.pairs.push(this.member(child, map([pair('propertyName', this.scalarOf(child, doc))])));
          else out.pairs.push(this.member(child, this.copy(child, doc)));
          break;
        case 'type':
          out.pairs.push(...this.schemaType(child, node, doc));
          break;
        case 'format':
          if (typeNode?.value === 'file') out.pairs.push(this.member(child, scalar('binary', child)));
          else out.pairs.push(this.member(child, this.copy(child, doc)));
          break;
        default:
          out.pairs.push(this.member(child, this.copy(child, doc)));
      }
    }
    if (requiredProperties.length) out.pairs.push(pair('required', seq(requiredProperties.map((n) => scalar(n)))));
    return out;
  }

  /**
   * Properties written with `required: true` in their own schema (a common 2.0 mistake that
   * tools read as meant): their names, for the object's `required` list.
   */
  private requiredByProperty(node: SyntaxNode, doc: SourceDocument): string[] {
    const properties = node.get('properties');
    if (properties?.kind !== 'object') return [];
    const names: string[] = [];
    for (const property of properties.children!) {
      const flag = property.kind === 'object' ? property.get('required') : undefined;
      if (flag?.kind !== 'boolean') continue;
      this.note(doc, flag, `"required: ${String(flag.value)}" inside a property schema means nothing: ${flag.value ? `"${String(property.key)}" is added to the object's "required" list` : 'left out'}.`);
      if (flag.value === true) names.push(String(property.key));
    }
    return names;
  }

  /** `type: file` is a binary string; a type array of one type and "null" is that type, nullable. */
  private schemaType(child: SyntaxNode, schema: SyntaxNode, doc: SourceDocument): OutPair[] {
    if (child.value === 'file') {
      const pairs = [this.member(child, scalar('string', child))];
      if (!schema.get('format')) pairs.push(pair('format', scalar('binary')));
      return pairs;
    }
    if (child.kind === 'array') {
      const types = child.children!.map((c) => c.value);
      const others = types.filter((t) => t !== 'null');
      if (others.length === 1 && typeof others[0] === 'string') {
        const pairs = [this.member(child, scalar(others[0]))];
        if (types.includes('null') && !schema.get('x-nullable') && !schema.get('nullable')) pairs.push(pair('nullable', scalar(true)));
        return pairs;
      }
      this.note(doc, child, 'a list of types is not possible in OpenAPI 3.0 (use oneOf): left as it is.');
    }
    return [this.member(child, this.copy(child, doc))];
  }

  private schemaMap(node: SyntaxNode, doc: SourceDocument): Out {
    if (node.kind !== 'object') return this.copy(node, doc);
    const out = map([], node);
    out.flow = node.flow;
    this.place(node, out);
    for (const child of node.children!) out.pairs.push(this.member(child, this.schema(child, doc)));
    return out;
  }

  private schemaList(node: SyntaxNode, doc: SourceDocument): Out {
    const out = seq(node.children!.map((c) => this.schema(c, doc)), node);
    out.flow = node.flow;
    return this.place(node, out);
  }

  // ---- security ------------------------------------------------------------------------------

  private securityScheme(node: SyntaxNode, doc: SourceDocument): Out {
    if (node.kind !== 'object') return this.copy(node, doc);
    const type = node.get('type')?.value;
    if (type !== 'basic' && type !== 'oauth2') return this.copy(node, doc);
    const out = map([], node);
    this.place(node, out);
    if (type === 'basic') {
      for (const child of node.children!) {
        if (child.key === 'type') out.pairs.push(this.member(child, scalar('http', child)), pair('scheme', scalar('basic')));
        else out.pairs.push(this.member(child, this.copy(child, doc)));
      }
      return out;
    }
    const flowName = node.get('flow')?.stringValue;
    const flow = flowName !== undefined ? OAUTH_FLOWS[flowName] : undefined;
    const flowFields = new Set(['flow', 'authorizationUrl', 'tokenUrl', 'scopes']);
    let flowsWritten = false;
    for (const child of node.children!) {
      const name = String(child.key);
      if (!flowFields.has(name)) {
        out.pairs.push(this.member(child, this.copy(child, doc)));
        continue;
      }
      if (flowsWritten) continue;
      flowsWritten = true;
      if (!flow) {
        this.note(doc, node.get('flow') ?? node, `the OAuth2 flow "${flowName ?? ''}" is not one of implicit, password, application, accessCode: the scheme has no flows.`, out);
        out.pairs.push(pair('flows', map([])));
        continue;
      }
      const flowOut = map([]);
      for (const field of node.children!) {
        const fieldName = String(field.key);
        if (flow.urls.includes(fieldName)) flowOut.pairs.push(this.member(field, this.copy(field, doc)));
        else if (fieldName === 'scopes') flowOut.pairs.push(this.member(field, this.copy(field, doc)));
      }
      if (!node.get('scopes')) flowOut.pairs.push(pair('scopes', map([])));
      const flowsOut = map([pair(flow.name, flowOut, node.get('flow'))]);
      out.pairs.push(pair('flows', flowsOut));
    }
    return out;
  }
}

/** Written nodes replaced by a conversion in place: a source node placed in one is placed again. */
const dead = new WeakSet<Out>();

/** Marks what a node held (not the node itself, which is reused) as replaced. */
function markDead(root: Out): void {
  const stack: Out[] = [];
  if (root.kind === 'map') for (const p of root.pairs) stack.push(p.value);
  else if (root.kind === 'seq') for (const item of root.items) stack.push(item);
  while (stack.length > 0) {
    const node = stack.pop()!;
    dead.add(node);
    if (node.kind === 'map') for (const p of node.pairs) stack.push(p.value);
    else if (node.kind === 'seq') for (const item of node.items) stack.push(item);
  }
}

/** A copy of a small written tree (without places or comments: it is a second instance). */
function cloneOut(out: Out): Out {
  if (out.kind === 'map') return map(out.pairs.map((p) => pair(p.key, cloneOut(p.value))));
  if (out.kind === 'seq') return seq(out.items.map(cloneOut));
  if (out.kind === 'ref') return { kind: 'ref', target: out.target, raw: out.raw };
  return { kind: 'scalar', value: out.value, style: out.style, numberText: out.numberText };
}

function scalarStyle(node: SyntaxNode, doc: SourceDocument): YamlScalarStyle {
  switch (node.style) {
    case 'single':
      return 'single';
    case 'double':
      return 'double';
    case 'block':
      return doc.source.slice(node.offset, node.offset + 1) === '>' ? 'folded' : 'literal';
    default:
      return 'plain';
  }
}

/** A 2.0 pointer as the 3.0 place it names (for a `$ref` that cannot be followed). */
export function renamedPointer(raw: string): string {
  return raw
    .replace(/#\/definitions\//, '#/components/schemas/')
    .replace(/#\/parameters\//, '#/components/parameters/')
    .replace(/#\/responses\//, '#/components/responses/')
    .replace(/#\/securityDefinitions\//, '#/components/securitySchemes/');
}
