// Hover on a `$ref`: what it points at, with a short preview of the target.
import * as path from 'path';
import { DocumentStore, SourceDocument } from '../model/documents';
import { kindAt } from '../model/kinds';
import { kindName } from '../model/facts';
import { definitionAt } from './definition';

export interface HoverResult {
  /** Markdown. */
  contents: string;
  range: { offset: number; length: number };
}

const PREVIEW_LINES = 15;

export function hoverAt(store: DocumentStore, doc: SourceDocument, offset: number): HoverResult | undefined {
  const definition = definitionAt(store, doc, offset);
  if (!definition) return undefined;
  const { target } = definition;
  const node = target.node;
  const kind = target.doc.root ? kindAt(target.doc.root, node.path.map(String)) : undefined;
  const where = target.doc.path === doc.path ? 'this file' : `\`${path.relative(path.dirname(doc.path), target.doc.path)}\``;
  const title = `**${node.pointer ? '#' + node.pointer : 'the whole document'}**${kind ? ` — ${kindName(kind)}` : ''} in ${where}`;
  // YAML: the source itself; JSON: pretty-printed, as minified JSON is one long line.
  let preview: string;
  if (target.doc.format === 'yaml') {
    const lines = target.doc.text.slice(node.memberStart, node.end).split('\n');
    const indent = Math.min(...lines.slice(1).filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length), Infinity);
    preview = [lines[0], ...lines.slice(1).map((l) => (Number.isFinite(indent) ? l.slice(Math.max(0, indent - 2)) : l))].slice(0, PREVIEW_LINES).join('\n').trimEnd();
    if (lines.length > PREVIEW_LINES) preview += '\n…';
  } else {
    const lines = JSON.stringify(node.toValue(), null, 2).split('\n');
    preview = lines.slice(0, PREVIEW_LINES).join('\n') + (lines.length > PREVIEW_LINES ? '\n…' : '');
  }
  return { contents: `${title}\n\n\`\`\`${target.doc.format}\n${preview}\n\`\`\``, range: definition.origin };
}
