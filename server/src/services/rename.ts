// Rename across the workspace: a component (or a fragment file's entry) with every reference to
// it, an operationId with the Links that name it, a tag, a security scheme with the requirements
// that name it, and a path parameter (`{name}` in the template and its parameters' `name`). One
// set of edits over every file, or a message saying why not.
import { Analysis } from '../model/analysis';
import { SourceDocument } from '../model/documents';
import { templateParams } from '../model/operations';
import { isBareSchemaName } from '../model/mapping-value';
import { TextEdit } from '../syntax/edit';
import { SyntaxNode } from '../syntax/tree';
import { Definition, FileIndex, pointerKey, ScalarSpan } from '../workspace/file-index';
import { scalarEdit, withPointerSegment } from '../workspace/ref-text';
import { WorkspaceIndex } from '../workspace/workspace-index';
import { nodeAt } from './node-at';
import { schemeDefinitions } from './references';
import { Span, symbolAt, SymbolAt } from './symbol-at';

/** Edits per file path. */
export type FileEdits = Map<string, TextEdit[]>;

export type RenameResult = { edits: FileEdits } | { error: string };

export interface PrepareResult {
  range: Span;
  placeholder: string;
}

const COMPONENT_NAME = /^[a-zA-Z0-9._-]+$/;

type Renamable = { symbol: SymbolAt } | { parameter: PathParameter };

interface PathParameter {
  name: string;
  origin: Span;
  /** The Path Item's node in the current document. */
  pathItem: SyntaxNode;
}

/** Whether the thing at the offset can be renamed, and the text a rename replaces. */
export function prepareRename(index: WorkspaceIndex, doc: SourceDocument, offset: number): PrepareResult | { error: string } | undefined {
  const target = renamableAt(index, doc, offset);
  if (!target) return undefined;
  if ('error' in target) return target;
  if ('parameter' in target) return { range: target.parameter.origin, placeholder: target.parameter.name };
  const { symbol } = target;
  const placeholder = symbol.kind === 'operation' ? symbol.id : symbol.kind === 'file' ? '' : symbol.name;
  return { range: symbol.origin, placeholder };
}

export function renameAt(index: WorkspaceIndex, doc: SourceDocument, offset: number, newName: string, analysis?: Analysis): RenameResult | undefined {
  const target = renamableAt(index, doc, offset);
  if (!target) return undefined;
  if ('error' in target) return target;
  if ('parameter' in target) return renamePathParameter(index, doc, target.parameter, newName, analysis);
  return renameSymbol(index, doc.path, target.symbol, newName);
}

/** Renames a symbol found in `fromFile` (names that are not references are renamed in its project). */
export function renameSymbol(index: WorkspaceIndex, fromFile: string, symbol: SymbolAt, newName: string): RenameResult {
  switch (symbol.kind) {
    case 'definition':
      return renameDefinition(index, symbol.file, symbol.pointer, newName);
    case 'scheme':
      return renameScheme(index, symbol.file ?? fromFile, symbol.name, newName);
    case 'operation':
      return renameOperationId(index, fromFile, symbol.id, newName);
    case 'tag':
      return renameTag(index, fromFile, symbol.name, newName);
    case 'file':
      return { error: 'Rename or move the file itself: every `$ref` to it is updated then.' };
  }
}

function renamableAt(index: WorkspaceIndex, doc: SourceDocument, offset: number): Renamable | { error: string } | undefined {
  const parameter = pathParameterAt(doc, offset);
  if (parameter) return { parameter };
  const file = index.get(doc.path);
  if (!file) return undefined;
  const symbol = symbolAt(index, file, offset, doc.source);
  if (!symbol) return undefined;
  if (symbol.kind === 'file') return { error: 'Rename or move the file itself: every `$ref` to it is updated then.' };
  if (symbol.kind === 'definition' && !findDefinition(index, symbol.file, symbol.pointer)) {
    const holder = index.definitionHolding(symbol.file, symbol.pointer);
    if (holder) return { error: `\`${pointerKey(symbol.pointer)}\` points inside \`${holder.name}\`: only a component's own name can be renamed.` };
    return { error: `\`${pointerKey(symbol.pointer)}\` does not resolve to a component: there is nothing to rename.` };
  }
  return { symbol };
}

function findDefinition(index: WorkspaceIndex, filePath: string, pointer: readonly string[]): Definition | undefined {
  const key = pointerKey(pointer);
  return index.get(filePath)?.definitions.find((d) => pointerKey(d.pointer) === key);
}

class EditSet {
  readonly edits: FileEdits = new Map();
  private readonly seen = new Set<string>();
  add(file: string, edit: TextEdit): void {
    const key = `${file}\0${edit.offset}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    let list = this.edits.get(file);
    if (!list) this.edits.set(file, (list = []));
    list.push(edit);
  }
  scalar(file: FileIndex, span: ScalarSpan, value: string): void {
    this.add(file.path, scalarEdit(file.format, span, value));
  }
}

function validName(newName: string, what: string): string | undefined {
  if (newName.trim() === '') return `The new ${what} is empty.`;
  if (/[\r\n]/.test(newName)) return `The new ${what} must be on one line.`;
  return undefined;
}

/** Every reference into the definition, with its segment at `depth` renamed. */
function renameReferences(index: WorkspaceIndex, edits: EditSet, filePath: string, pointer: readonly string[], newName: string): void {
  const depth = pointer.length - 1;
  for (const { file, entry } of index.refsTo(filePath, pointer, true)) {
    // A discriminator mapping may name a schema bare (`dog: Dog`).
    const bare = entry.role === 'mapping' && isBareSchemaName(entry.raw);
    edits.scalar(file, entry.span, bare ? newName : withPointerSegment(entry.raw, depth, newName));
  }
}

export function renameDefinition(index: WorkspaceIndex, filePath: string, pointer: readonly string[], newName: string): RenameResult {
  const file = index.get(filePath);
  const definition = findDefinition(index, filePath, pointer);
  if (!file || !definition) return { error: `\`${pointerKey(pointer)}\` is not a component of an indexed file.` };
  if (!COMPONENT_NAME.test(newName)) {
    return { error: `\`${newName}\` is not a valid component name: use only letters, digits, \`.\`, \`_\` and \`-\`.` };
  }
  if (newName === definition.name) return { edits: new Map() };
  const sibling = pointerKey([...pointer.slice(0, -1), newName]);
  if (file.definitions.some((d) => pointerKey(d.pointer) === sibling)) {
    return { error: `\`${newName}\` is already taken: \`${sibling}\` exists in ${baseName(filePath)}.` };
  }
  const edits = new EditSet();
  edits.scalar(file, definition.key, newName);
  renameReferences(index, edits, filePath, pointer, newName);
  return { edits: edits.edits };
}

function renameScheme(index: WorkspaceIndex, fromFile: string, name: string, newName: string): RenameResult {
  const project = index.projectOf(fromFile);
  const definitions = schemeDefinitions(index, project, name);
  if (definitions.length === 0) return { error: `No security scheme \`${name}\` is defined in \`components.securitySchemes\`.` };
  const edits = new EditSet();
  for (const { file, definition } of definitions) {
    const result = renameDefinition(index, file.path, definition.pointer, newName);
    if ('error' in result) return result;
    for (const [path, list] of result.edits) for (const edit of list) edits.add(path, edit);
  }
  for (const { file, entry } of index.schemeUses(name)) if (project.has(file.path)) edits.scalar(file, entry.span, newName);
  return { edits: edits.edits };
}

function renameOperationId(index: WorkspaceIndex, fromFile: string, id: string, newName: string): RenameResult {
  const invalid = validName(newName, 'operationId');
  if (invalid) return { error: invalid };
  if (newName === id) return { edits: new Map() };
  const project = index.projectOf(fromFile);
  const taken = index.operationsWithId(newName).find((o) => project.has(o.file.path));
  if (taken) {
    const where = `${taken.entry.method.toUpperCase()} ${index.pathOf(taken.file, taken.entry) ?? ''}`.trim();
    return { error: `\`${newName}\` is already the operationId of ${where} in ${baseName(taken.file.path)}.` };
  }
  const edits = new EditSet();
  for (const { file, entry } of index.operationsWithId(id)) {
    if (project.has(file.path) && entry.operationIdSpan) edits.scalar(file, entry.operationIdSpan, newName);
  }
  for (const { file, entry } of index.linksTo(id)) if (project.has(file.path)) edits.scalar(file, entry.span, newName);
  return { edits: edits.edits };
}

function renameTag(index: WorkspaceIndex, fromFile: string, name: string, newName: string): RenameResult {
  const invalid = validName(newName, 'tag');
  if (invalid) return { error: invalid };
  if (newName === name) return { edits: new Map() };
  const project = index.projectOf(fromFile);
  const inProject = (list: readonly { file: FileIndex }[]) => list.some((l) => project.has(l.file.path));
  if (inProject(index.tagDeclarations(newName)) || inProject(index.tagUses(newName))) {
    return { error: `\`${newName}\` is already a tag of this description: renaming would merge the two.` };
  }
  const edits = new EditSet();
  for (const { file, entry } of [...index.tagDeclarations(name), ...index.tagUses(name)]) {
    if (project.has(file.path)) edits.scalar(file, entry.span, newName);
  }
  return { edits: edits.edits };
}

// ---- path parameters ------------------------------------------------------------------------

/** A Path Item node: a member of `paths` (root or a paths fragment), or a Path Item file's root. */
function isPathItem(doc: SourceDocument, node: SyntaxNode): boolean {
  if (node.kind !== 'object') return false;
  const root = doc.root;
  if (node.parent?.key === 'paths' && node.parent.parent === root) return true;
  if (node.parent === root && typeof node.key === 'string' && node.key.startsWith('/')) return true;
  return node === root && !root.get('openapi') && ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'].some((m) => root.get(m));
}

function pathParameterAt(doc: SourceDocument, offset: number): PathParameter | undefined {
  const at = nodeAt(doc.root, offset);
  if (!at) return undefined;
  const node = at.node;
  if (at.onKey && isPathItem(doc, node) && typeof node.key === 'string') {
    const quote = node.keyStyle === 'single' || node.keyStyle === 'double' ? 1 : 0;
    const start = node.keyOffset + quote;
    if (doc.text.slice(start, start + node.key.length) !== node.key) return undefined;
    const param = templateParams(node.key).find((p) => offset > start + p.start && offset < start + p.start + p.length);
    if (!param) return undefined;
    return { name: param.name, origin: { offset: start + param.start + 1, length: param.name.length }, pathItem: node };
  }
  // The `name` of an inline path parameter of a Path Item or of one of its operations.
  if (node.key !== 'name' || node.kind !== 'string' || at.onKey) return undefined;
  const parameter = node.parent;
  const list = parameter?.parent;
  if (parameter?.get('in')?.value !== 'path' || list?.key !== 'parameters') return undefined;
  const owner = list.parent;
  const pathItem = owner && isPathItem(doc, owner) ? owner : owner?.parent && isPathItem(doc, owner.parent) ? owner.parent : undefined;
  if (!pathItem) return undefined;
  const quote = node.style === 'single' || node.style === 'double' ? 1 : 0;
  return { name: node.value as string, origin: { offset: node.offset + quote, length: node.length - 2 * quote }, pathItem };
}

/** Parameter lists of a Path Item: its own and each operation's. */
function parameterLists(pathItem: SyntaxNode): SyntaxNode[] {
  const lists: SyntaxNode[] = [];
  const own = pathItem.get('parameters');
  if (own?.kind === 'array') lists.push(own);
  for (const member of pathItem.children!) {
    const parameters = member.kind === 'object' ? member.get('parameters') : undefined;
    if (member.key !== 'parameters' && parameters?.kind === 'array') lists.push(parameters);
  }
  return lists;
}

function renamePathParameter(index: WorkspaceIndex, doc: SourceDocument, parameter: PathParameter, newName: string, analysis?: Analysis): RenameResult {
  if (!/^[^{}/?#\s]+$/.test(newName)) return { error: `\`${newName}\` cannot be a path parameter name: it must not contain spaces, \`{\`, \`}\`, \`/\`, \`?\` or \`#\`.` };
  const { name, pathItem } = parameter;
  if (newName === name) return { edits: new Map() };
  const file = index.get(doc.path);
  if (!file) return { error: 'This file is not indexed yet.' };
  const edits = new EditSet();
  // The parameters named in the template, inline; one that comes through a `$ref` is shared.
  for (const list of parameterLists(pathItem)) {
    for (const item of list.children!) {
      if (item.kind !== 'object') continue;
      const ref = item.get('$ref');
      const resolved = ref ? analysis?.resolve(item, doc).target?.node ?? localTarget(doc, ref) : item;
      if (resolved?.kind !== 'object' || resolved.get('in')?.value !== 'path' || resolved.get('name')?.value !== name) continue;
      if (ref) return { error: `\`${name}\` is declared by the shared parameter \`${ref.value}\`: rename its \`name\` there, for every path that uses it.` };
      const nameNode = resolved.get('name')!;
      edits.scalar(file, { offset: nameNode.offset, length: nameNode.length, style: nameNode.style, flow: inFlow(nameNode) }, newName);
    }
  }
  // The path keys: this Path Item's, and the `paths` keys of other files that reference it.
  const keys: { file: FileIndex; path: string; span: ScalarSpan; pointer: string[] }[] = [];
  if (typeof pathItem.key === 'string') {
    keys.push({ file, path: pathItem.key, span: { offset: pathItem.keyOffset, length: pathItem.keyLength, style: pathItem.keyStyle, flow: inFlow(pathItem) }, pointer: pathItem.path.map(String) });
  }
  for (const { file: from, entry } of index.refsTo(doc.path, pathItem.path.map(String))) {
    if (entry.pathKey) keys.push({ file: from, path: entry.pathKey.name, span: entry.pathKey.span, pointer: entry.pathKey.pointer });
  }
  for (const key of keys) {
    const params = templateParams(key.path);
    if (params.some((p) => p.name === newName)) return { error: `\`${key.path}\` already has a parameter \`{${newName}}\`.` };
    let renamed = key.path;
    for (const p of [...params].reverse()) if (p.name === name) renamed = renamed.slice(0, p.start) + `{${newName}}` + renamed.slice(p.start + p.length);
    edits.scalar(key.file, key.span, renamed);
    // References into the renamed path (`#/paths/~1pets~1%7BpetId%7D/get`).
    for (const { file: from, entry } of index.refsTo(key.file.path, key.pointer, true)) {
      edits.scalar(from, entry.span, withPointerSegment(entry.raw, key.pointer.length - 1, renamed));
    }
  }
  return { edits: edits.edits };
}

function localTarget(doc: SourceDocument, ref: SyntaxNode): SyntaxNode | undefined {
  const value = ref.stringValue;
  if (!value?.startsWith('#/')) return undefined;
  let node = doc.root;
  for (const raw of value.slice(2).split('/')) {
    const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = node?.kind === 'object' ? node.get(segment) : node?.kind === 'array' ? node.at(Number(segment)) : undefined;
  }
  return node;
}

function inFlow(node: SyntaxNode): boolean {
  for (let n = node.parent; n; n = n.parent) if (n.flow) return true;
  return false;
}

function baseName(filePath: string): string {
  return filePath.split(/[\\/]/).pop() ?? filePath;
}
