// Views rules and services share over Path Items, Operations and their parameters.
import { SourceDocument } from './documents';
import { Analysis, MAX_CHAIN, OpenApiObject } from './analysis';
import { HTTP_METHODS } from './spec';
import { SyntaxNode } from '../syntax/tree';

export interface TemplateParam {
  name: string;
  /** Position of `{name}` in the path string. */
  start: number;
  length: number;
}

/** `{name}` parts of a path template, in order; a query string after `?` is path-query-string's. */
export function templateParams(pathKey: string): TemplateParam[] {
  const result: TemplateParam[] = [];
  const re = /\{([^{}]*)\}/g;
  const path = pathKey.split('?')[0];
  let m: RegExpExecArray | null;
  while ((m = re.exec(path))) result.push({ name: m[1], start: m.index, length: m[0].length });
  return result;
}

/** The path key of a Path Item under `paths` (undefined for callback path items). */
export function pathKeyOf(pathItem: OpenApiObject): string | undefined {
  for (const usage of pathItem.usages) {
    if (usage.parent?.kind === 'Paths' && typeof usage.node.key === 'string') return usage.node.key;
  }
  return undefined;
}

/** The member node under `paths` where a Path Item is used (its key is the path). */
export function pathMemberOf(pathItem: OpenApiObject): { node: SyntaxNode; doc: SourceDocument } | undefined {
  const usage = pathItem.usages.find((u) => u.parent?.kind === 'Paths' && typeof u.node.key === 'string');
  return usage ? { node: usage.node, doc: usage.doc } : undefined;
}

export interface ParameterUse {
  /** The list item where the parameter appears (a `$ref` holder or the inline parameter). */
  item: SyntaxNode;
  doc: SourceDocument;
  /** The resolved Parameter node, if it resolves. */
  parameter: SyntaxNode | undefined;
  name: string | undefined;
  in: string | undefined;
  level: 'path' | 'operation';
}

export function parameterUses(list: SyntaxNode | undefined, doc: SourceDocument, analysis: Analysis, level: 'path' | 'operation'): ParameterUse[] {
  if (!list || list.kind !== 'array') return [];
  return list.children!.map((item) => {
    const resolved = analysis.resolve(item, doc).target?.node;
    const parameter = resolved?.kind === 'object' ? resolved : undefined;
    const name = parameter?.get('name')?.stringValue;
    const location = parameter?.get('in')?.stringValue;
    return { item, doc, parameter, name, in: location, level };
  });
}

/** Identity of a parameter (§4.13): name and location; header names ignore case. */
export function parameterKey(name: string, location: string): string {
  return location + ':' + (location === 'header' ? name.toLowerCase() : name);
}

/** An operation's parameters after path-level inheritance and operation-level override (§4.12). */
export function effectiveParameters(operation: OpenApiObject, analysis: Analysis): { uses: ParameterUse[]; complete: boolean } {
  const pathItem = operation.parent?.kind === 'PathItem' ? operation.parent : undefined;
  const own = parameterUses(operation.node.get('parameters'), operation.doc, analysis, 'operation');
  const inherited = pathItem ? parameterUses(pathItem.node.get('parameters'), pathItem.doc, analysis, 'path') : [];
  const byKey = new Map<string, ParameterUse>();
  let complete = true;
  for (const use of [...inherited, ...own]) {
    if (use.name === undefined || use.in === undefined) {
      complete = false;
      continue;
    }
    byKey.set(parameterKey(use.name, use.in), use);
  }
  return { uses: [...byKey.values()], complete };
}

/**
 * The Path Items that make up the path at a Path Item's member: the member's own object and, when
 * it holds a `$ref`, the Path Items it references, read as one (the fields beside a Path Item
 * `$ref` apply with the referenced item's). Undefined for a referenced part: the member's own
 * object speaks for all, so a path is judged once.
 */
export function pathItemParts(pathItem: OpenApiObject, member: { node: SyntaxNode; doc: SourceDocument }, analysis: Analysis): OpenApiObject[] | undefined {
  if (member.node !== pathItem.node) {
    return analysis.objectsAt(member.node).some((o) => o.kind === 'PathItem' && o !== pathItem) ? undefined : [pathItem];
  }
  // Followed here, not by `resolve`, which stops at a Path Item `$ref` (its siblings make it an
  // object of its own); a chain (`mid.yaml` holding only `$ref: end.yaml`) adds each item on it.
  const parts = [pathItem];
  for (let node = pathItem.node; parts.length <= MAX_CHAIN && node.get('$ref'); ) {
    const target = analysis.referenceAt(node)?.target;
    const next = target && analysis.objectsAt(target.node).find((o) => o.kind === 'PathItem');
    if (!next || parts.includes(next)) break;
    parts.push(next);
    node = next.node;
  }
  return parts;
}

/** The Operations of a Path Item, keyed by their method. */
export function operationsOf(pathItem: OpenApiObject, analysis: Analysis): OpenApiObject[] {
  return analysis.childrenOf(pathItem).filter((o) => o.kind === 'Operation' && HTTP_METHODS.includes(o.node.key as never));
}
