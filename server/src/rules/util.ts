// Helpers rules share: suggestions, spans inside scalars, path templates, effective parameters.
import { Analysis, OpenApiObject } from '../model/analysis';
import { SourceDocument } from '../model/documents';
import { HTTP_METHODS } from '../model/spec';
import { SyntaxNode } from '../syntax/tree';
import { Fix, Span } from './types';
import { ParsedText } from '../syntax/tree';
import { removeNode } from '../syntax/edit';

export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

/** The candidate a misspelling most likely meant: same letters in another case, or a close spelling. */
export function closest(name: string, candidates: Iterable<string>, maxDistance?: number): string | undefined {
  const lower = name.toLowerCase();
  const limit = maxDistance ?? (name.length <= 4 ? 1 : name.length <= 8 ? 2 : 3);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const d = candidate.toLowerCase() === lower ? 0 : editDistance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

/**
 * A span inside a scalar (`start`..`start+length` of its string value), mapped to source offsets.
 * Exact for plain and quoted scalars without escapes before the span; else the whole scalar.
 */
export function spanInScalar(doc: SourceDocument, node: SyntaxNode, part: 'key' | 'value', start: number, length: number): Span {
  const offset = part === 'key' ? node.keyOffset : node.offset;
  const sourceLength = part === 'key' ? node.keyLength : node.length;
  const style = part === 'key' ? node.keyStyle : node.style;
  const value = part === 'key' ? String(node.key) : String(node.value);
  const quote = style === 'single' || style === 'double' ? 1 : 0;
  const raw = doc.text.slice(offset + quote, offset + quote + start + length);
  if (style !== 'block' && raw === value.slice(0, start + length)) return { offset: offset + quote + start, length };
  return { offset, length: sourceLength };
}

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

/** HTTP reason phrases, for placeholders and completions. */
export const REASON_PHRASES: Record<string, string> = {
  '100': 'Continue', '101': 'Switching Protocols', '200': 'OK', '201': 'Created', '202': 'Accepted',
  '203': 'Non-Authoritative Information', '204': 'No Content', '205': 'Reset Content', '206': 'Partial Content',
  '300': 'Multiple Choices', '301': 'Moved Permanently', '302': 'Found', '303': 'See Other', '304': 'Not Modified',
  '307': 'Temporary Redirect', '308': 'Permanent Redirect', '400': 'Bad Request', '401': 'Unauthorized',
  '402': 'Payment Required', '403': 'Forbidden', '404': 'Not Found', '405': 'Method Not Allowed',
  '406': 'Not Acceptable', '407': 'Proxy Authentication Required', '408': 'Request Timeout', '409': 'Conflict',
  '410': 'Gone', '411': 'Length Required', '412': 'Precondition Failed', '413': 'Content Too Large',
  '414': 'URI Too Long', '415': 'Unsupported Media Type', '416': 'Range Not Satisfiable', '417': 'Expectation Failed',
  '421': 'Misdirected Request', '422': 'Unprocessable Content', '423': 'Locked', '424': 'Failed Dependency',
  '425': 'Too Early', '426': 'Upgrade Required', '428': 'Precondition Required', '429': 'Too Many Requests',
  '431': 'Request Header Fields Too Large', '451': 'Unavailable For Legal Reasons', '500': 'Internal Server Error',
  '501': 'Not Implemented', '502': 'Bad Gateway', '503': 'Service Unavailable', '504': 'Gateway Timeout',
  '505': 'HTTP Version Not Supported', '1XX': 'Informational', '2XX': 'Success', '3XX': 'Redirection',
  '4XX': 'Client Error', '5XX': 'Server Error', default: 'Unexpected error',
};

/** A readable name for an object kind in messages. */
export function kindName(kind: string): string {
  const names: Record<string, string> = { Root: 'OpenAPI Object (the root)', PathItem: 'Path Item Object', RequestBody: 'Request Body Object', MediaType: 'Media Type Object', ServerVariable: 'Server Variable Object', ExternalDocs: 'External Documentation Object', SecurityScheme: 'Security Scheme Object', OAuthFlows: 'OAuth Flows Object', OAuthFlow: 'OAuth Flow Object', SecurityRequirement: 'Security Requirement Object' };
  return names[kind] ?? `${kind} Object`;
}

/** Where to point at an object: its key, or for an array item its first key, or the object. */
export function objectAnchor(node: SyntaxNode): Span {
  if (typeof node.key === 'string' && node.keyOffset >= 0) return { node, part: 'key' };
  const first = node.children?.[0];
  if (first && first.keyOffset >= 0) return { node: first, part: 'key' };
  return { offset: node.offset, length: Math.min(node.length, 1) };
}

/** The Operations of a Path Item, keyed by their method. */
export function operationsOf(pathItem: OpenApiObject, analysis: Analysis): OpenApiObject[] {
  return analysis.childrenOf(pathItem).filter((o) => o.kind === 'Operation' && HTTP_METHODS.includes(o.node.key as never));
}

/** A fix that deletes a member or an item (with its separator or its lines). */
export function removalFix(title: string, parsed: ParsedText, node: SyntaxNode): Fix {
  return { title, edits: [removeNode(parsed, node)], removes: [node] };
}

/** A value's span, cut to its first line: a finding about a whole object or list points at its start. */
export function firstLineSpan(doc: SourceDocument, node: SyntaxNode): Span {
  if (node.kind !== 'object' && node.kind !== 'array') return { node };
  const text = doc.text;
  let end = node.offset;
  while (end < node.end && text[end] !== '\n' && text[end] !== '\r') end++;
  while (end > node.offset + 1 && /\s/.test(text[end - 1])) end--;
  return { offset: node.offset, length: end - node.offset };
}
