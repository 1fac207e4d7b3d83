// Refactors: extract an inline Schema, Parameter, Response, Request Body, Header or Example (and in
// 3.1 and 3.2 a Path Item) to `components` with a `$ref` in its place; inline a `$ref` (a copy of its target in its place,
// refused for recursive schemas); move a component to another file (new or existing), every
// `$ref` to it updated. Offers are cheap to list; the edits are built when one is chosen.
import * as path from 'path';
import { Analysis, documentVersion } from '../model/analysis';
import { DocumentStore, SourceDocument } from '../model/documents';
import { REASON_PHRASES } from '../model/facts';
import { COMPONENT_MAPS, kindAt } from '../model/kinds';
import { parseRef } from '../model/ref';
import { isBareSchemaName } from '../model/mapping-value';
import { resolveRefTarget, Target } from '../model/resolve';
import { ObjectKind, OpenApiVersion } from '../model/spec';
import { isSwagger2Root } from '../model/swagger2';
import { indentUnit, removeNode, TextEdit, WriteValue } from '../syntax/edit';
import { SyntaxNode } from '../syntax/tree';
import { FileIndex, pointerKey } from '../workspace/file-index';
import { relativeFilePart, scalarEdit, scalarText, withFilePart, withPointerPrefix, filePart } from '../workspace/ref-text';
import { WorkspaceIndex } from '../workspace/workspace-index';
import { blockText, contentEnd, insertAtPath, lineIndentAt, newlineOf, refObjectText } from './block-text';
import { nodeAt } from './node-at';
import { FileEdits } from './rename';

export type RefactorKind = 'refactor.extract' | 'refactor.inline' | 'refactor.move';

export type RefactorAction =
  | { type: 'extract'; offset: number }
  | { type: 'inline'; offset: number }
  | { type: 'move'; offset: number; target: string; newFile: boolean };

export interface RefactorOffer {
  title: string;
  kind: RefactorKind;
  /** Why it cannot be applied here; the editor shows it greyed out with this reason. */
  disabled?: string;
  action: RefactorAction;
}

export interface RefactorResult {
  edits: FileEdits;
  /** New files with their text. */
  created: { path: string; text: string }[];
  /**
   * Where the name the refactor chose stands once its edits are made (an offset in the file's new
   * text): the editor starts a rename there, so the user names it (Extract's new component).
   */
  renameAt?: { path: string; offset: number };
}

export interface RefactorContext {
  index: WorkspaceIndex;
  doc: SourceDocument;
  analysis: Analysis | undefined;
  /** The current document of another file (the editor's text when it is open). */
  store: DocumentStore;
  /** Whether the editor can create files (a WorkspaceEdit with resource operations). */
  canCreateFiles: boolean;
  exists(filePath: string): boolean;
  /** Whether a document has no file yet (an untitled one): nothing moves to or from it. */
  unsaved?(filePath: string): boolean;
}

const EXTRACTABLE: readonly ObjectKind[] = ['Schema', 'Parameter', 'Response', 'RequestBody', 'Header', 'Example'];
/** 3.1 and 3.2 have `components.pathItems` too; 3.0 has no place for a Path Item component. */
const EXTRACTABLE_SINCE_31: readonly ObjectKind[] = [...EXTRACTABLE, 'PathItem'];
const MAX_MOVE_TARGETS = 5;
/** Nodes a recursion check of an inline looks at before it gives up (and refuses). */
const MAX_RECURSION_CHECK = 200_000;

export function refactorsAt(ctx: RefactorContext, offset: number): RefactorOffer[] {
  const offers: RefactorOffer[] = [];
  // Extract and move write 3.0's `components`: in a Swagger 2.0 document only inlining applies.
  const swagger2 = isSwagger2Root(ctx.doc.root) || ctx.analysis?.status.kind === 'swagger-2.0';
  const extract = swagger2 ? undefined : extractableAt(ctx, offset);
  if (extract) {
    offers.push({ title: `Extract to components.${componentMap(extract.kind)}`, kind: 'refactor.extract', action: { type: 'extract', offset: extract.node.offset } });
  }
  const inline = inlineAt(ctx, offset);
  if (inline) {
    const refusal = inlineRefusal(ctx, inline);
    offers.push({ title: `Inline \`${inline.raw}\``, kind: 'refactor.inline', action: { type: 'inline', offset: inline.holder.offset }, ...(refusal ? { disabled: refusal } : {}) });
  }
  const move = swagger2 || ctx.unsaved?.(ctx.doc.path) ? undefined : movableAt(ctx, offset);
  if (move) offers.push(...moveOffers(ctx, move));
  return offers;
}

export function applyRefactor(ctx: RefactorContext, action: RefactorAction): RefactorResult | { error: string } {
  switch (action.type) {
    case 'extract': {
      const found = extractableAt(ctx, action.offset);
      return found ? extractEdits(ctx, found) : { error: 'There is no inline object to extract here any more.' };
    }
    case 'inline': {
      const found = inlineAt(ctx, action.offset);
      if (!found) return { error: 'There is no `$ref` to inline here any more.' };
      const refusal = inlineRefusal(ctx, found);
      return refusal ? { error: refusal } : inlineEdits(ctx, found);
    }
    case 'move': {
      const found = movableAt(ctx, action.offset);
      return found ? moveEdits(ctx, found, action.target, action.newFile) : { error: 'There is no component to move here any more.' };
    }
  }
}

class Edits {
  readonly edits: FileEdits = new Map();
  add(file: string, edit: TextEdit): void {
    let list = this.edits.get(file);
    if (!list) this.edits.set(file, (list = []));
    list.push(edit);
  }
}

function inFlow(node: SyntaxNode): boolean {
  for (let n: SyntaxNode | undefined = node; n; n = n.parent) if (n.flow) return true;
  return false;
}

function pascalCase(words: string): string {
  return words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
}

/** A component name that the `components` map of a kind does not have yet. */
function uniqueName(root: SyntaxNode, map: string, wanted: string): string {
  const base = wanted.replace(/[^a-zA-Z0-9._-]/g, '') || 'Component';
  const taken = root.get('components')?.get(map);
  if (!taken?.get(base)) return base;
  for (let i = 2; ; i++) if (!taken.get(base + i)) return base + i;
}

// ---- extract --------------------------------------------------------------------------------

interface Extractable {
  node: SyntaxNode;
  kind: ObjectKind;
}

/** The `components` map of a kind (`pathItems` for a Path Item, which 3.0's table has no map for). */
function componentMap(kind: ObjectKind): string {
  return kind === 'PathItem' ? 'pathItems' : COMPONENT_MAPS[kind]!;
}

function kindOfNode(ctx: RefactorContext, node: SyntaxNode, extractable: readonly ObjectKind[], version: OpenApiVersion): ObjectKind | undefined {
  const fromAnalysis = ctx.analysis?.objectsAt(node).find((o) => extractable.includes(o.kind))?.kind;
  return fromAnalysis ?? kindAt(ctx.doc.root!, node.path.map(String), version);
}

function extractableAt(ctx: RefactorContext, offset: number): Extractable | undefined {
  const root = ctx.doc.root;
  if (!root || !ctx.index.get(ctx.doc.path)?.root) return undefined;
  const version = ctx.analysis?.root.path === ctx.doc.path ? ctx.analysis.version : documentVersion(root);
  const extractable = version === '3.0' ? EXTRACTABLE : EXTRACTABLE_SINCE_31;
  for (let node = nodeAt(root, offset)?.node; node && node !== root; node = node.parent) {
    if (node.kind !== 'object' || node.get('$ref')) continue;
    const kind = kindOfNode(ctx, node, extractable, version);
    if (!kind || !extractable.includes(kind)) continue;
    const segments = node.path;
    if (segments[0] === 'components' && segments.length === 3) return undefined; // a component already
    return { node, kind };
  }
  return undefined;
}

/** `ListPets` from an operationId, else from the method and path (`GetPetsPetId`). */
function operationName(node: SyntaxNode): string | undefined {
  const segments = node.path;
  if (segments[0] !== 'paths' || segments.length < 3) return undefined;
  const operation = node.parent && ancestorAt(node, 3);
  const id = operation?.kind === 'object' ? operation.get('operationId')?.stringValue : undefined;
  return pascalCase(id ?? `${String(segments[2])} ${String(segments[1])}`);
}

function ancestorAt(node: SyntaxNode, depth: number): SyntaxNode | undefined {
  let n: SyntaxNode | undefined = node;
  while (n && n.path.length > depth) n = n.parent;
  return n;
}

function suggestName({ node, kind }: Extractable): string {
  const key = node.key;
  const segments = node.path.map(String);
  const operation = operationName(node) ?? '';
  const responseCode = segments[segments.indexOf('responses') + 1];
  const forResponse = (code: string | undefined) => {
    if (code && /^[45]/.test(code)) return pascalCase(REASON_PHRASES[code] ?? `Error ${code}`);
    return `${operation}Response`;
  };
  switch (kind) {
    case 'PathItem':
      // `/pets/{petId}` names PetsPetId; a webhook or a callback its key.
      return pascalCase(String(key ?? '')) || 'PathItem';
    case 'Parameter':
      return pascalCase(node.get('name')?.stringValue ?? 'Parameter');
    case 'Response':
      return forResponse(typeof key === 'string' ? key : undefined);
    case 'RequestBody':
      return `${operation}Body`;
    case 'Header':
    case 'Example':
      return typeof key === 'string' ? key : kind;
    case 'Schema': {
      if (node.parent?.key === 'properties' && typeof key === 'string') return pascalCase(key);
      if (key === 'items') return `${pascalCase(String(node.parent?.key ?? ''))}Item`;
      if (segments.includes('requestBody')) return `${operation}Request`;
      if (segments.includes('responses')) return forResponse(responseCode);
      const parameterName = node.parent?.get('name')?.stringValue;
      if (parameterName) return pascalCase(parameterName);
      return pascalCase(String(key ?? 'Schema')) || 'Schema';
    }
    default:
      return kind;
  }
}

function extractEdits(ctx: RefactorContext, found: Extractable): RefactorResult {
  const { doc } = ctx;
  const root = doc.root!;
  const map = componentMap(found.kind);
  const name = uniqueName(root, map, suggestName(found));
  const node = found.node;
  const edits = new Edits();
  const ref = `#/components/${map}/${name}`;
  const end = contentEnd(doc.text, node);
  const replacement = { offset: node.offset, length: end - node.offset, newText: refObjectText(doc, ref, inFlow(node)) };
  const insertion = insertAtPath(doc, root, ['components', map, name], (indent) => bodyText(doc, node, indent), () => node.toValue() as WriteValue);
  edits.add(doc.path, replacement);
  edits.add(doc.path, insertion);
  const renameAt = newKeyOffset(doc.format, [replacement, insertion], insertion, name);
  return { edits: edits.edits, created: [], renameAt: renameAt === undefined ? undefined : { path: doc.path, offset: renameAt } };
}

/**
 * The offset, in the text after `edits`, of the key `name` that `insertion` writes (the first key of
 * that name in its text: the maps above it are `components` and the kind's map). Undefined if not found.
 */
function newKeyOffset(format: 'yaml' | 'json', edits: readonly TextEdit[], insertion: TextEdit, name: string): number | undefined {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const key = format === 'json' ? new RegExp(`"(${escaped})"\\s*:`) : new RegExp(`(?:^|[\\s{,])(${escaped})\\s*:`);
  const match = key.exec(insertion.newText);
  if (!match) return undefined;
  const inText = match.index + match[0].indexOf(name, format === 'json' ? 1 : 0);
  let shift = 0;
  for (const e of edits) if (e !== insertion && e.offset < insertion.offset) shift += e.newText.length - e.length;
  return insertion.offset + shift + inText;
}

/** A node's text for a new place: a block (YAML block mapping, JSON across lines) or one line. */
function bodyText(doc: SourceDocument, node: SyntaxNode, indent: string, replacements: readonly TextEdit[] = []): { text: string; block: boolean } {
  const text = blockText(doc, node, indent, replacements);
  return { text, block: doc.format === 'yaml' && !node.flow && node.kind === 'object' && node.children!.length > 0 };
}

// ---- inline ---------------------------------------------------------------------------------

interface Inlinable {
  holder: SyntaxNode;
  raw: string;
  target: Target | undefined;
}

function inlineAt(ctx: RefactorContext, offset: number): Inlinable | undefined {
  const at = nodeAt(ctx.doc.root, offset);
  let holder = at?.node;
  if (holder?.key === '$ref') holder = holder.parent;
  const ref = holder?.kind === 'object' ? holder.get('$ref') : undefined;
  if (!holder || ref?.kind !== 'string') return undefined;
  const raw = ref.value as string;
  const { target } = resolveRefTarget(ctx.store, ctx.doc, parseRef(raw));
  return { holder, raw, target };
}

function contains(outer: SyntaxNode, inner: SyntaxNode): boolean {
  for (let n: SyntaxNode | undefined = inner; n; n = n.parent) if (n === outer) return true;
  return false;
}

/** `$ref` string nodes in a subtree (not in example values). */
function refNodesIn(node: SyntaxNode, limit: { left: number }): SyntaxNode[] {
  const found: SyntaxNode[] = [];
  const stack = [node];
  while (stack.length > 0 && limit.left-- > 0) {
    const n = stack.pop()!;
    if (n.kind !== 'object' && n.kind !== 'array') continue;
    for (const child of n.children!) {
      if (child.key === '$ref' && child.kind === 'string' && n.kind === 'object') found.push(child);
      else if (child.key !== 'example' && child.key !== 'default' && child.key !== 'enum') stack.push(child);
    }
  }
  return found;
}

/** Why a `$ref` cannot be inlined: it does not resolve, or its target refers back to itself. */
function inlineRefusal(ctx: RefactorContext, found: Inlinable): string | undefined {
  const target = found.target;
  if (!target) return `\`${found.raw}\` does not resolve: there is nothing to copy.`;
  if (contains(target.node, found.holder) && target.doc === ctx.doc) return `\`${found.raw}\` is recursive: a copy would contain itself.`;
  const limit = { left: MAX_RECURSION_CHECK };
  const seen = new Set<SyntaxNode>([target.node]);
  const queue: Target[] = [target];
  while (queue.length > 0) {
    const current = queue.pop()!;
    for (const refNode of refNodesIn(current.node, limit)) {
      const next = resolveRefTarget(ctx.store, current.doc, parseRef(refNode.value as string)).target;
      if (!next) continue;
      if (next.doc === target.doc && contains(next.node, target.node)) return `\`${found.raw}\` is recursive: it refers back to itself, so a copy would never end.`;
      if (!seen.has(next.node)) seen.add(next.node), queue.push(next);
    }
    if (limit.left <= 0) return `\`${found.raw}\` is too large to check for recursion; inline it by hand.`;
  }
  if (found.holder.parent?.key === 'paths' && found.holder.children!.length > 1) return 'This Path Item has its own fields beside `$ref`: inline it by hand.';
  return undefined;
}

/** The reference `raw` (written in `from`) as `to` must write it to name the same node. */
function rebased(raw: string, from: string, to: string): string {
  const parsed = parseRef(raw);
  if (parsed.form === 'url') return raw;
  const absolute = parsed.form === 'file' ? path.resolve(path.dirname(from), parsed.file) : from;
  return withFilePart(raw, relativeFilePart(to, absolute, filePart(raw)));
}

/** Edits rewriting the references inside a subtree that moves from `doc` into `toFile`. */
function refRewrites(doc: SourceDocument, node: SyntaxNode, toFile: string, moved?: { pointer: readonly string[]; to: (rest: string[]) => string }): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const refNode of refNodesIn(node, { left: MAX_RECURSION_CHECK })) {
    const raw = refNode.value as string;
    const parsed = parseRef(raw);
    let next: string;
    const local = parsed.form === 'local' || (parsed.form === 'file' && path.resolve(path.dirname(doc.path), parsed.file) === doc.path);
    const pointer = parsed.pointer ?? [];
    if (moved && local && pointer.length >= moved.pointer.length && moved.pointer.every((s, i) => pointer[i] === s)) {
      next = moved.to(pointer.slice(moved.pointer.length));
    } else {
      next = rebased(raw, doc.path, toFile);
    }
    if (next !== raw) edits.push({ offset: refNode.offset, length: refNode.length, newText: scalarText(doc.format, next, { style: refNode.style, flow: inFlow(refNode) }) });
  }
  return edits;
}

/** A value's JSON text (for a copy across formats), re-indented after its first line. */
function jsonText(value: unknown, unit: string, indent: string, nl: string): string {
  return JSON.stringify(value, null, unit).split('\n').join(nl + indent);
}

function inlineEdits(ctx: RefactorContext, found: Inlinable): RefactorResult {
  const { doc } = ctx;
  const target = found.target!;
  const holder = found.holder;
  const end = contentEnd(doc.text, holder);
  const yamlBlock = doc.format === 'yaml' && !inFlow(holder);
  const indent = yamlBlock ? ' '.repeat(doc.lineIndex.positionAt(holder.offset).character) : lineIndentAt(doc, holder.offset);
  const rewrites = refRewrites(target.doc, target.node, doc.path);
  const sameShape = target.doc.format === doc.format && (doc.format === 'json' || target.node.flow || yamlBlock) && target.node.kind === 'object';
  let text: string;
  if (sameShape) text = blockText(target.doc, target.node, indent, rewrites);
  else {
    // Across formats, the copy is written as JSON, which YAML reads too (one line inside a flow).
    const value = rewrittenValueWith(target.node, rewrites);
    text = doc.format === 'yaml' && !yamlBlock ? JSON.stringify(value) : jsonText(value, indentUnit(doc.parsed), indent, newlineOf(doc));
  }
  const edits = new Edits();
  edits.add(doc.path, { offset: holder.offset, length: end - holder.offset, newText: text });
  return { edits: edits.edits, created: [] };
}

// ---- move -----------------------------------------------------------------------------------

interface Movable {
  node: SyntaxNode;
  map: string;
  name: string;
  pointer: string[];
}

function movableAt(ctx: RefactorContext, offset: number): Movable | undefined {
  const at = nodeAt(ctx.doc.root, offset);
  if (!at?.onKey || !ctx.index.get(ctx.doc.path)?.root) return undefined;
  const segments = at.node.path.map(String);
  if (segments.length !== 3 || segments[0] !== 'components' || segments[1] === 'securitySchemes' || !Object.values(COMPONENT_MAPS).includes(segments[1])) return undefined;
  return { node: at.node, map: segments[1], name: segments[2], pointer: segments };
}

/** Where a moved component goes in a target file: under its `components` map, or at its top. */
function placement(ctx: RefactorContext, target: string, movable: Movable): string[] | undefined {
  const file = ctx.index.get(target);
  if (!file) return undefined;
  const layout = file.root || file.definitions.some((d) => d.pointer[0] === 'components');
  if (layout) {
    const taken = file.definitions.some((d) => pointerKey(d.pointer) === pointerKey(['components', movable.map, movable.name]));
    return taken ? undefined : ['components', movable.map, movable.name];
  }
  const definitions = ctx.index.definitionsOf(target);
  const kind = Object.entries(COMPONENT_MAPS).find(([, m]) => m === movable.map)?.[0];
  const sameKind = definitions.length > 0 && definitions.every((d) => d.pointer.length === 1 && ctx.index.kindOf(target, d) === kind);
  if (!sameKind || definitions.some((d) => d.name === movable.name)) return undefined;
  return [movable.name];
}

function newFilePath(ctx: RefactorContext, movable: Movable): string {
  const ext = ctx.doc.format === 'json' ? '.json' : '.yaml';
  return path.join(path.dirname(ctx.doc.path), movable.map, movable.name + ext);
}

function moveOffers(ctx: RefactorContext, movable: Movable): RefactorOffer[] {
  const offers: RefactorOffer[] = [];
  const project = ctx.index.projectOf(ctx.doc.path);
  // The files this one already references first (its schemas file), then the rest of its
  // description, then other files; another API's root last, each group in path order.
  const referenced = new Set(ctx.index.get(ctx.doc.path)?.refs.targets.map((t) => t.targetFile) ?? []);
  const rank = (f: FileIndex) => (referenced.has(f.path) ? 0 : project.has(f.path) ? 1 : 2) * 2 + (f.root ? 1 : 0);
  const candidates = [...ctx.index.all()]
    .filter((f) => f.path !== ctx.doc.path && !ctx.unsaved?.(f.path) && placement(ctx, f.path, movable))
    .sort((a, b) => rank(a) - rank(b) || (a.path < b.path ? -1 : 1))
    .slice(0, MAX_MOVE_TARGETS);
  const relative = (p: string) => path.relative(path.dirname(ctx.doc.path), p).split(path.sep).join('/');
  for (const file of candidates) {
    offers.push({ title: `Move \`${movable.name}\` to ${relative(file.path)}`, kind: 'refactor.move', action: { type: 'move', offset: movable.node.keyOffset, target: file.path, newFile: false } });
  }
  const created = newFilePath(ctx, movable);
  if (ctx.canCreateFiles && !ctx.exists(created)) {
    offers.push({ title: `Move \`${movable.name}\` to a new file ${relative(created)}`, kind: 'refactor.move', action: { type: 'move', offset: movable.node.keyOffset, target: created, newFile: true } });
  }
  return offers;
}

function moveEdits(ctx: RefactorContext, movable: Movable, target: string, newFile: boolean): RefactorResult | { error: string } {
  const { doc, index } = ctx;
  const prefix = newFile ? [] : placement(ctx, target, movable);
  if (!prefix) return { error: `\`${movable.name}\` cannot go to ${path.basename(target)}: the name is taken there, or it holds other kinds of objects.` };
  const targetDoc = newFile ? undefined : ctx.store.get(target);
  if (targetDoc && 'reason' in targetDoc) return { error: `${path.basename(target)} cannot be read: ${targetDoc.message}` };
  const node = movable.node;
  const edits = new Edits();
  const created: RefactorResult['created'] = [];
  const refTo = (fromFile: string, rest: readonly string[], like: string) => {
    const pointer = [...prefix, ...rest];
    // A reference that was local gets a `./` path, the usual way to name a sibling file.
    const file = relativeFilePart(fromFile, target, like || './');
    return pointer.length === 0 ? file || '#' : withPointerPrefix(`${file}#`, 0, pointer);
  };
  // References elsewhere; those inside the moved text move with it.
  const moving = { start: node.memberStart, end: node.end };
  for (const { file, entry } of index.refsTo(doc.path, movable.pointer, true)) {
    if (file.path === doc.path && entry.span.offset >= moving.start && entry.span.offset < moving.end) continue;
    const rest = entry.pointer.slice(movable.pointer.length);
    const raw = entry.role === 'mapping' && isBareSchemaName(entry.raw) ? refTo(file.path, rest, '') : refTo(file.path, rest, filePart(entry.raw));
    edits.add(file.path, scalarEdit(file.format, entry.span, raw));
  }
  const inner = refRewrites(doc, node, target, { pointer: movable.pointer, to: (rest) => refTo(target, rest, './') });
  // The component goes, and with it the maps it leaves empty (`schemas: {}`, then `components: {}`).
  let removed = node;
  while (removed.parent && removed.parent !== doc.root && removed.parent.kind === 'object' && removed.parent.children!.length === 1) removed = removed.parent;
  const removal = removeNode(doc.parsed, removed);
  edits.add(doc.path, removal);
  if (!targetDoc) {
    const nl = newlineOf(doc);
    const text = doc.format === 'json' || node.flow || node.kind !== 'object'
      ? jsonText(rewrittenValueWith(node, inner), indentUnit(doc.parsed), '', nl)
      : blockText(doc, node, '', inner);
    created.push({ path: target, text: text + nl });
    return { edits: edits.edits, created };
  }
  const sameFormat = targetDoc.format === doc.format;
  const insert = insertAtPath(
    targetDoc, targetDoc.root!, prefix,
    (indent) => (sameFormat ? bodyText(doc, node, indent, inner) : { text: jsonText(rewrittenValueWith(node, inner), indentUnit(targetDoc.parsed), indent, newlineOf(targetDoc)), block: false }),
    () => rewrittenValueWith(node, inner) as WriteValue,
  );
  edits.add(target, insert);
  return { edits: edits.edits, created };
}

/** A node's value with the reference rewrites of `inner` applied (for copies across formats). */
function rewrittenValueWith(node: SyntaxNode, inner: readonly TextEdit[]): unknown {
  const byOffset = new Map(inner.map((e) => [e.offset, e.newText]));
  const walk = (n: SyntaxNode): unknown => {
    if (n.kind === 'object') {
      const out: Record<string, unknown> = {};
      for (const c of n.children!) out[String(c.key)] = walk(c);
      return out;
    }
    if (n.kind === 'array') return n.children!.map(walk);
    const replaced = byOffset.get(n.offset);
    return replaced !== undefined ? parseScalarText(replaced) : n.value;
  };
  return walk(node);
}

/** A rewritten reference's value back from its text (JSON or YAML quoted or plain). */
function parseScalarText(text: string): string {
  if (text.startsWith('"')) return JSON.parse(text) as string;
  if (text.startsWith("'")) return text.slice(1, -1).replace(/''/g, "'");
  return text;
}
