// Hover on a `$ref`: what it points at, with a short preview of the target; hover on a field name:
// what the field means, from the OpenAPI 3.0.3 specification (in our words), with a link to it.
import * as path from 'path';
import { Analysis, documentVersion } from '../model/analysis';
import { DocumentStore, SourceDocument } from '../model/documents';
import { kindAt, placeAt, placeFrom } from '../model/kinds';
import { deepestHolding, FragmentRole, NO_ROLE } from './fragment-role';
import { kindName } from '../model/facts';
import { fieldDoc, specLink, specName } from '../model/field-docs';
import { ObjectKind, OpenApiVersion, specOf } from '../model/spec';
import { definitionAt } from './definition';
import { nodeAt } from './node-at';
import { shortened } from '../check/report';
import { SyntaxNode } from '../syntax/tree';

export interface HoverResult {
  /** Markdown. */
  contents: string;
  range: { offset: number; length: number };
}

export interface HoverOptions {
  /**
   * The editor shows the target's source itself on Ctrl+hover (VS Code's definition preview):
   * the `$ref` hover then leaves the source out, so it is shown once.
   */
  editorPreviewsDefinitions?: boolean;
}

const PREVIEW_LINES = 15;

/** `role`: for a fragment file, the version and places the roots that reference it give it. */
export function hoverAt(
  store: DocumentStore, doc: SourceDocument, offset: number, analysis?: Analysis, options: HoverOptions = {}, role: FragmentRole = NO_ROLE,
): HoverResult | undefined {
  return refHover(store, doc, offset, options) ?? fieldHover(doc, offset, analysis, role);
}

function refHover(store: DocumentStore, doc: SourceDocument, offset: number, options: HoverOptions): HoverResult | undefined {
  const definition = definitionAt(store, doc, offset);
  if (!definition) return undefined;
  const { target } = definition;
  const node = target.node;
  const kind = target.doc.root ? kindAt(target.doc.root, node.path.map(String), documentVersion(target.doc.root)) : undefined;
  const where = target.doc.path === doc.path ? 'this file' : `\`${path.relative(path.dirname(doc.path), target.doc.path)}\``;
  const pointer = node.pointer;
  const title = `**${pointer ? '#' + shortened(pointer) : 'the whole document'}**${kind ? ` — ${kindName(kind)}` : ''} in ${where}`;
  if (options.editorPreviewsDefinitions) {
    const about = node.kind === 'object' ? (node.get('description') ?? node.get('summary'))?.stringValue : undefined;
    return { contents: about ? `${title}\n\n${firstLine(about)}` : title, range: definition.origin };
  }
  // YAML: the source itself; JSON: pretty-printed, as minified JSON is one long line. Only what
  // the preview shows is read: the target may be a 30 MB `components`.
  let preview: string;
  if (target.doc.format === 'yaml') {
    const lines = firstLines(target.doc.text, node.memberStart, node.end, PREVIEW_LINES + 1);
    const indents = lines.slice(1).filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length);
    const indent = indents.length > 0 ? Math.min(...indents) : Infinity;
    preview = [lines[0], ...lines.slice(1).map((l) => (Number.isFinite(indent) ? l.slice(Math.max(0, indent - 2)) : l))].slice(0, PREVIEW_LINES).map(clipLine).join('\n').trimEnd();
    if (lines.length > PREVIEW_LINES) preview += '\n…';
  } else {
    const lines: string[] = [];
    for (const line of jsonLines(node, '', '', '')) if (lines.push(line) > PREVIEW_LINES) break;
    preview = lines.slice(0, PREVIEW_LINES).map(clipLine).join('\n') + (lines.length > PREVIEW_LINES ? '\n…' : '');
  }
  return { contents: `${title}\n\n\`\`\`${target.doc.format}\n${preview}\n\`\`\``, range: definition.origin };
}

/** Longest line of a preview: a minified or generated line is cut. */
const MAX_PREVIEW_LINE = 200;

function clipLine(line: string): string {
  return line.length > MAX_PREVIEW_LINE ? line.slice(0, MAX_PREVIEW_LINE - 1) + '…' : line;
}

/** At most `count` lines of `text` between `start` and `end`, without reading past them. */
function firstLines(text: string, start: number, end: number, count: number): string[] {
  const lines: string[] = [];
  let at = start;
  while (lines.length < count && at <= end) {
    const lf = text.indexOf('\n', at);
    const lineEnd = lf < 0 || lf > end ? end : lf;
    lines.push(text.slice(at, lineEnd));
    if (lineEnd === end) break;
    at = lineEnd + 1;
  }
  return lines;
}

/**
 * A node as `JSON.stringify(value, null, 2)` prints it, one line at a time, so a preview stops
 * after the lines it shows. Long strings are cut before they are printed.
 */
function* jsonLines(node: SyntaxNode, indent: string, prefix: string, suffix: string): Generator<string> {
  const children = node.children;
  if (!children) {
    const value = typeof node.value === 'string' ? clipLine(node.value) : node.value;
    yield indent + prefix + JSON.stringify(value) + suffix;
    return;
  }
  const [open, close] = node.kind === 'object' ? ['{', '}'] : ['[', ']'];
  if (children.length === 0) {
    yield indent + prefix + open + close + suffix;
    return;
  }
  yield indent + prefix + open;
  for (let i = 0; i < children.length; i++) {
    const key = node.kind === 'object' ? JSON.stringify(clipLine(String(children[i].key))) + ': ' : '';
    yield* jsonLines(children[i], indent + '  ', key, i < children.length - 1 ? ',' : '');
  }
  yield indent + close + suffix;
}

function firstLine(text: string): string {
  const line = text.trim().split('\n')[0];
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/** On the name of a field of an OpenAPI object: its type and meaning, and the specification's section. */
function fieldHover(doc: SourceDocument, offset: number, analysis: Analysis | undefined, role: FragmentRole): HoverResult | undefined {
  const at = nodeAt(doc.root, offset);
  if (!at?.onKey || typeof at.node.key !== 'string') return undefined;
  const object = at.node.parent;
  if (!object || object.kind !== 'object') return undefined;
  // A fragment only Swagger 2.0 roots reference has no 3.x fields (nor has a 2.0 root: no field hover there).
  if (role.version === '2.0') return undefined;
  const version = role.version ?? analysis?.version ?? documentVersion(doc.root);
  const kind = objectKind(doc, object, analysis, version) ?? kindByReference(object, role, version);
  if (!kind) return undefined;
  const name = at.node.key;
  const meaning = fieldDoc(kind, name);
  const field = specOf(kind, version).fields.get(name);
  if (!meaning || !field) return undefined;
  const required = specOf(kind, version).required.includes(name) ? ', required' : '';
  const contents = `**${name}** (\`${field.notation}\`${required}) — ${kindName(kind)}\n\n${meaning}\n\n` +
    `[${kindName(kind)}](${specLink(kind, version)}) in ${specName(version)}`;
  return { contents, range: { offset: at.node.keyOffset, length: at.node.keyLength } };
}

/** The kind of an object: from the analysis (objects reached through `$ref` too), else by its place in a root. */
function objectKind(doc: SourceDocument, object: NonNullable<SourceDocument['root']>, analysis: Analysis | undefined, version: OpenApiVersion): ObjectKind | undefined {
  const known = analysis?.objectsAt(object)[0]?.kind;
  if (known) return known;
  if (analysis && analysis.root.path !== doc.path) return undefined;
  if (!doc.root?.get('openapi')) return undefined;
  return placeAt(object.path.map(String), version)?.kind;
}

/** A fragment's object by the references into its file: below the deepest one that holds it. */
function kindByReference(object: SyntaxNode, role: FragmentRole, version: OpenApiVersion): ObjectKind | undefined {
  const held = deepestHolding(object.path.map(String), role.referencedAs);
  return held ? placeFrom(held.ref.kind, held.below, version)?.kind : undefined;
}
