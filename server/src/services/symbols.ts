// Document symbols: paths with their operations (method, operationId, deprecated), components.
import { SourceDocument } from '../model/documents';
import { HTTP_METHODS } from '../model/spec';
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

function symbol(node: SyntaxNode, name: string, kind: DocumentSymbol['kind'], children: DocumentSymbol[] = [], detail?: string, deprecated = false): DocumentSymbol {
  const start = node.memberStart;
  const selection = node.keyOffset >= 0 ? { offset: node.keyOffset, length: node.keyLength } : { offset: node.offset, length: 0 };
  return { name, detail, kind, deprecated, range: { offset: start, length: node.end - start }, selection, children };
}

export function documentSymbols(doc: SourceDocument): DocumentSymbol[] {
  const root = doc.root;
  if (root?.kind !== 'object') return [];
  const result: DocumentSymbol[] = [];
  const paths = root.get('paths');
  if (paths?.kind === 'object') {
    const pathSymbols = paths.children!.filter((p) => !String(p.key).startsWith('x-')).map((pathItem) => {
      const operations = pathItem.kind === 'object'
        ? pathItem.children!.filter((m) => (HTTP_METHODS as readonly string[]).includes(String(m.key))).map((op) => {
            const id = op.kind === 'object' ? op.get('operationId')?.stringValue : undefined;
            const deprecated = op.kind === 'object' && op.get('deprecated')?.value === true;
            return symbol(op, String(op.key).toUpperCase(), 'operation', [], [id, deprecated ? '(deprecated)' : ''].filter(Boolean).join(' ') || undefined, deprecated);
          })
        : [];
      return symbol(pathItem, String(pathItem.key), 'path', operations);
    });
    result.push(symbol(paths, 'paths', 'group', pathSymbols));
  }
  const components = root.get('components');
  if (components?.kind === 'object') {
    const maps = components.children!.filter((m) => m.kind === 'object').map((map) =>
      symbol(map, String(map.key), 'group', map.children!.map((entry) => symbol(entry, String(entry.key), 'component', [], undefined, entry.kind === 'object' && entry.get('deprecated')?.value === true))));
    result.push(symbol(components, 'components', 'group', maps));
  }
  return result;
}
