// Document symbols (the outline). A root: info, servers, tags, security, paths with their
// operations (method, operationId, deprecated), components (a Swagger 2.0 root: definitions,
// parameters, responses, securityDefinitions), in the order the document has them.
// A fragment file: what it holds (its schemas, path items, operations, or a schema's properties).
import { documentStatus } from '../model/analysis';
import { SourceDocument } from '../model/documents';
import { COMPONENT_MAPS } from '../model/kinds';
import { HTTP_METHODS } from '../model/spec';
import { SWAGGER2_DEFINITION_MAPS } from '../model/swagger2';
import { SyntaxNode } from '../syntax/tree';

export interface DocumentSymbol {
  name: string;
  detail?: string;
  kind: 'group' | 'path' | 'operation' | 'component';
  deprecated: boolean;
  /** The whole member, and the part to select (its key). */
  range: { offset: number; length: number };
  selection: { offset: number; length: number };
  children: DocumentSymbol[];
}

const MAPS = new Set<string>(Object.values(COMPONENT_MAPS) as string[]);
// With 3.2's `query` (in an earlier version that key is unknown-method's finding, and still an operation to the reader).
const METHOD_KEYS: readonly unknown[] = [...HTTP_METHODS, 'query'];
const isMethod = (key: unknown) => METHOD_KEYS.includes(key);

function symbol(node: SyntaxNode, name: string, kind: DocumentSymbol['kind'], children: DocumentSymbol[] = [], detail?: string, deprecated = false): DocumentSymbol {
  const start = node.memberStart;
  const selection = node.keyOffset >= 0 ? { offset: node.keyOffset, length: node.keyLength } : { offset: node.offset, length: 0 };
  return { name, detail, kind, deprecated, range: { offset: start, length: node.end - start }, selection, children };
}

/**
 * Entries listed per collection: a 30 MB document has 200,000 paths, whose outline (91 MB of
 * JSON) held the server for 24 s, and nobody reads an outline that long. The rest is one line.
 */
export const MAX_LISTED = 1000;

/** Symbols for the first MAX_LISTED nodes, and one saying how many more there are. */
function listed(nodes: readonly SyntaxNode[], owner: SyntaxNode, make: (node: SyntaxNode) => DocumentSymbol[]): DocumentSymbol[] {
  const shown = nodes.length > MAX_LISTED ? nodes.slice(0, MAX_LISTED) : nodes;
  const symbols = shown.flatMap(make);
  if (nodes.length > MAX_LISTED) {
    const more = symbol(owner, `... ${nodes.length - MAX_LISTED} more`, 'group');
    const last = nodes[MAX_LISTED];
    more.selection = { offset: last.keyOffset >= 0 ? last.keyOffset : last.offset, length: 0 };
    symbols.push(more);
  }
  return symbols;
}

const isDeprecated = (node: SyntaxNode) => node.kind === 'object' && node.get('deprecated')?.value === true;
const entries = (node: SyntaxNode) => (node.kind === 'object' ? node.children! : []);
const text = (node: SyntaxNode | undefined) => (node?.kind === 'string' || node?.kind === 'number' ? String(node.value) : undefined);

function operation(op: SyntaxNode): DocumentSymbol {
  const id = op.kind === 'object' ? op.get('operationId')?.stringValue : undefined;
  const deprecated = isDeprecated(op);
  return symbol(op, String(op.key).toUpperCase(), 'operation', [], [id, deprecated ? '(deprecated)' : ''].filter(Boolean).join(' ') || undefined, deprecated);
}

function pathItem(item: SyntaxNode): DocumentSymbol {
  return symbol(item, String(item.key), 'path', entries(item).filter((m) => isMethod(m.key)).map(operation));
}

function componentMaps(components: SyntaxNode): DocumentSymbol {
  const maps = entries(components).filter((m) => m.kind === 'object' && !String(m.key).startsWith('x-'));
  return symbol(components, String(components.key), 'group', listed(maps, components, (m) => [componentMap(m)]));
}

function componentMap(map: SyntaxNode): DocumentSymbol {
  return symbol(map, String(map.key), 'group', listed(entries(map), map, (entry) => [symbol(entry, String(entry.key), 'component', [], undefined, isDeprecated(entry))]));
}

function listGroup(node: SyntaxNode, name: (item: SyntaxNode) => string | undefined): DocumentSymbol {
  const items = node.kind === 'array' ? node.children! : [];
  return symbol(node, String(node.key), 'group', listed(items, node, (item) => {
    const label = name(item);
    return label === undefined ? [] : [symbol(item, label, 'component')];
  }));
}

function rootMember(member: SyntaxNode, swagger2: boolean): DocumentSymbol | undefined {
  // A Swagger 2.0 root keeps its named objects in maps of its own (`definitions`, `parameters`...).
  if (swagger2 && SWAGGER2_DEFINITION_MAPS.has(String(member.key))) return member.kind === 'object' ? componentMap(member) : undefined;
  switch (member.key) {
    case 'info': {
      const detail = [text(member.get('title')), text(member.get('version'))].filter(Boolean).join(' ');
      return symbol(member, 'info', 'group', [], detail || undefined);
    }
    case 'servers':
      return listGroup(member, (s) => text(s.get('url')));
    case 'tags':
      return listGroup(member, (t) => text(t.get('name')));
    case 'security':
      return listGroup(member, (r) => (r.kind === 'object' ? r.children!.map((c) => String(c.key)).join(' + ') || '(none)' : undefined));
    case 'paths':
      return symbol(member, 'paths', 'group', listed(entries(member).filter((p) => !String(p.key).startsWith('x-')), member, (p) => [pathItem(p)]));
    case 'components':
      return member.kind === 'object' ? componentMaps(member) : undefined;
    case 'webhooks':
      // 3.1: Path Items keyed by a name, not a path.
      return swagger2 ? undefined : symbol(member, 'webhooks', 'group', listed(entries(member).filter((p) => !String(p.key).startsWith('x-')), member, (p) => [pathItem(p)]));
    default:
      return undefined;
  }
}

/** A fragment file's top-level member: an operation, a path, a components map, or a named entry. */
function fragmentMember(member: SyntaxNode): DocumentSymbol {
  const key = String(member.key);
  if (isMethod(key) && member.kind === 'object') return operation(member);
  if (key.startsWith('/')) return pathItem(member);
  if (key === 'components' && member.kind === 'object') return componentMaps(member);
  if (MAPS.has(key) && member.kind === 'object') return componentMap(member);
  return symbol(member, key, 'component', [], undefined, isDeprecated(member));
}

/** `referenced`: another file references this one (a fragment), so it gets an outline too. */
export function documentSymbols(doc: SourceDocument, referenced = false): DocumentSymbol[] {
  const root = doc.root;
  if (root?.kind !== 'object') return [];
  const status = documentStatus(root).kind;
  if (status !== 'not-openapi') return root.children!.flatMap((m) => rootMember(m, status === 'swagger-2.0') ?? []);
  if (!referenced) return [];
  // A schema file: its properties.
  const properties = root.get('properties');
  if (properties?.kind === 'object' && (root.get('type') || !root.children!.some((m) => isMethod(m.key)))) {
    return [symbol(properties, 'properties', 'group', listed(entries(properties), properties, (p) => [symbol(p, String(p.key), 'component', [], undefined, isDeprecated(p))]))];
  }
  return listed(root.children!, root, (m) => [fragmentMember(m)]);
}
