// A subtree's text carried to another place: its lines re-indented as one block, so comments,
// quoting and key order stay as the author wrote them; and the text of a new member written into
// an object (YAML block or JSON), creating the maps on the way (`components`, `schemas`).
import { SourceDocument } from '../model/documents';
import { applyEdits, indentUnit, insertMember, newline, setMember, TextEdit, WriteValue } from '../syntax/edit';
import { SyntaxNode } from '../syntax/tree';

/** End of a node's real content (YAML block ranges can include trailing blank lines and comments). */
export function contentEnd(text: string, node: SyntaxNode): number {
  let end = node.end;
  while (end > node.offset && /\s/.test(text[end - 1])) end--;
  return Math.max(end, node.offset);
}

function lineStart(doc: SourceDocument, offset: number): number {
  return doc.lineIndex.lineStart(doc.lineIndex.positionAt(offset).line);
}

/** Leading whitespace of the line an offset is on. */
export function lineIndentAt(doc: SourceDocument, offset: number): string {
  const start = lineStart(doc, offset);
  return /^[ \t]*/.exec(doc.text.slice(start, offset))![0];
}

/** The column of the first line of a node's block: where its keys start (YAML) or its line's indent (JSON). */
function baseColumn(doc: SourceDocument, node: SyntaxNode): number {
  if (doc.format === 'yaml' && !node.flow) return node.offset - lineStart(doc, node.offset);
  return lineIndentAt(doc, node.offset).length;
}

/**
 * A node's text with its lines after the first re-indented from the node's base column to
 * `indent`. `replacements` (offsets in the document) are applied to the text first.
 */
export function blockText(doc: SourceDocument, node: SyntaxNode, indent: string, replacements: readonly TextEdit[] = []): string {
  const end = contentEnd(doc.text, node);
  // In one pass: a moved schema may hold 10,000 references to rewrite.
  const inside = replacements.filter((r) => r.offset >= node.offset && r.offset + r.length <= end);
  const text = applyEdits(doc.text.slice(node.offset, end), inside.map((r) => ({ ...r, offset: r.offset - node.offset })));
  const base = baseColumn(doc, node);
  const nl = newlineOf(doc);
  return text
    .split(/\r?\n/)
    .map((line, i) => {
      if (i === 0) return line;
      if (line.trim() === '') return '';
      const leading = /^ */.exec(line)![0].length;
      return indent + line.slice(Math.min(leading, base));
    })
    .join(nl);
}

export function newlineOf(doc: SourceDocument): string {
  return newline(doc.parsed);
}

/** Whether an object can take a new member as text: a YAML block mapping, or JSON across lines. */
function takesBlockMembers(doc: SourceDocument, node: SyntaxNode): boolean {
  if (node.kind !== 'object' || !node.children || node.children.length === 0) return false;
  if (doc.format === 'yaml') return !node.flow;
  const first = node.children[0];
  return /[\r\n]/.test(doc.text.slice(node.offset, first.memberStart));
}

function childIndent(doc: SourceDocument, node: SyntaxNode): string {
  const first = node.children![0];
  return lineIndentAt(doc, first.memberStart) + (doc.format === 'yaml' && doc.text[first.memberStart - 2] === '-' ? '  ' : '');
}

/**
 * The edit that puts `body` (a node's text, or a one-line value) at `keys` under `container`,
 * creating the maps that are missing. `bodyOf(indent)` gives the value's text for an indent.
 * `fallback` is the plain value, for containers written inline, where only a value can be set.
 */
export function insertAtPath(
  doc: SourceDocument, container: SyntaxNode, keys: readonly string[], bodyOf: (indent: string) => { text: string; block: boolean },
  fallback: () => WriteValue,
): TextEdit {
  let node = container;
  let depth = 0;
  while (depth < keys.length - 1) {
    const next = node.get(keys[depth]);
    if (!next || !takesBlockMembers(doc, next)) break;
    node = next;
    depth++;
  }
  const missing = keys.slice(depth);
  const existing = node.get(missing[0]);
  if (existing) {
    // A map written inline or empty (`schemas: {}`) takes the entry as a value; a null one is replaced.
    if (existing.kind === 'object' && missing.length > 1) return insertMember(doc.parsed, existing, missing[1], nestValue(missing.slice(2), fallback()));
    return setMember(doc.parsed, node, missing[0], nestValue(missing.slice(1), fallback()));
  }
  if (!takesBlockMembers(doc, node)) return insertMember(doc.parsed, node, missing[0], nestValue(missing.slice(1), fallback()));
  const unit = indentUnit(doc.parsed);
  const nl = newlineOf(doc);
  const indent = childIndent(doc, node);
  const last = node.children![node.children!.length - 1];
  const end = contentEnd(doc.text, last);
  let text = '';
  if (doc.format === 'yaml') {
    missing.forEach((key, i) => {
      const here = indent + unit.repeat(i);
      if (i < missing.length - 1) text += nl + here + yamlKey(key) + ':';
      else {
        const body = bodyOf(here + unit);
        text += nl + here + yamlKey(key) + ':' + (body.block ? nl + here + unit + body.text : ' ' + body.text);
      }
    });
    let at = end;
    while (at < doc.text.length && doc.text[at] !== '\n' && doc.text[at] !== '\r') at++;
    return { offset: at, length: 0, newText: text };
  }
  missing.forEach((key, i) => {
    const here = indent + unit.repeat(i);
    text += (i === 0 ? ',' : '') + nl + here + JSON.stringify(key) + ': ';
    text += i < missing.length - 1 ? '{' : bodyOf(here).text;
  });
  for (let i = missing.length - 2; i >= 0; i--) text += nl + indent + unit.repeat(i) + '}';
  return { offset: end, length: 0, newText: text };
}

function nestValue(keys: readonly string[], value: WriteValue): WriteValue {
  return keys.reduceRight<WriteValue>((inner, key) => ({ [key]: inner }), value);
}

function yamlKey(key: string): string {
  return /^[A-Za-z0-9._-]+$/.test(key) && !/^(true|false|null|yes|no|on|off|~|[-+]?\d[\d._]*)$/i.test(key) ? key : `'${key.replace(/'/g, "''")}'`;
}

/** `$ref: '...'` for a YAML block, `{$ref: '...'}` in a flow, `{ "$ref": "..." }` in JSON. */
export function refObjectText(doc: SourceDocument, raw: string, inFlow: boolean): string {
  if (doc.format === 'json') return `{ "$ref": ${JSON.stringify(raw)} }`;
  const value = `'${raw.replace(/'/g, "''")}'`;
  return inFlow ? `{$ref: ${value}}` : `$ref: ${value}`;
}
