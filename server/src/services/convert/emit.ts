// A converted tree as text. YAML goes through the `yaml` package's Document model: it places
// comments, quotes only where a plain scalar would read back as something else, and keeps block
// scalars; writing that by hand would repeat it. JSON is written here, in the order of the tree.
import { Document, Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import type { MemberComments } from '../../syntax/yaml-comments';
import { SyntaxNode } from '../../syntax/tree';
import { Out, OutPair, OutRef, YamlScalarStyle } from './out';

export interface EmitContext {
  /** The comments of the source members (YAML sources). */
  comments: Map<SyntaxNode, MemberComments>;
  blankLineBefore: Set<SyntaxNode>;
  /** The text of a `$ref` in its output file. */
  refText(ref: OutRef): string;
  /** How notes are written as comments. */
  notePrefix: string;
  /** Whether keys keep the quoting of their source members (a YAML source). */
  keyStyles: boolean;
}

export interface Layout {
  /** Indentation step. */
  indent: string;
  /** YAML: sequences under a key are indented (`key:\n  - a`) rather than flush (`key:\n- a`). */
  indentSeq: boolean;
  /** Comments after the last member of the source. */
  endComments?: string[];
  /** YAML: quote with single quotes where quotes are needed (the author's habit). */
  singleQuote?: boolean;
}

const SCALAR_TYPES: Record<YamlScalarStyle, Scalar.Type> = {
  plain: 'PLAIN',
  single: 'QUOTE_SINGLE',
  double: 'QUOTE_DOUBLE',
  literal: 'BLOCK_LITERAL',
  folded: 'BLOCK_FOLDED',
};

class YamlWriter {
  /** Members whose comments were written: a member written twice (media types) has them once. */
  private readonly used = new Set<SyntaxNode>();
  constructor(private readonly context: EmitContext) {}

  node(out: Out): Scalar | YAMLMap | YAMLSeq {
    switch (out.kind) {
      case 'scalar': {
        const node = new Scalar(out.value);
        if (out.style && (typeof out.value === 'string' || out.style === 'plain')) node.type = SCALAR_TYPES[out.style];
        if (out.numberText && typeof out.value === 'number') {
          const fraction = /\.(\d+)$/.exec(out.numberText);
          if (fraction) node.minFractionDigits = fraction[1].length;
        }
        return node;
      }
      case 'ref': {
        const node = new Scalar(this.context.refText(out));
        if (out.style === 'single' || out.style === 'double') node.type = SCALAR_TYPES[out.style];
        return node;
      }
      case 'seq': {
        const seq = new YAMLSeq();
        seq.flow = out.items.length === 0 || (Boolean(out.flow) && !hasNotes(out));
        for (const item of out.items) {
          const node = this.node(item);
          const comments = item.source ? this.comments(item.source) : undefined;
          this.attach(node, comments, item.notes, item.source);
          seq.items.push(node);
        }
        return seq;
      }
      case 'map': {
        const map = new YAMLMap();
        map.flow = out.pairs.length === 0 || (Boolean(out.flow) && !hasNotes(out));
        for (const p of out.pairs) map.items.push(this.pair(p));
        return map;
      }
    }
  }

  private pair(p: OutPair): Pair {
    const key = new Scalar(p.numericKey && /^\d+$/.test(p.key) ? Number(p.key) : p.key);
    // The author's quotes, on a key written as it was.
    const asWritten = p.member && p.member.keyOffset >= 0 && String(p.member.key) === p.key;
    const quoted = asWritten && (p.member!.keyStyle === 'single' || p.member!.keyStyle === 'double');
    if (quoted && this.context.keyStyles) key.type = SCALAR_TYPES[p.member!.keyStyle as 'single' | 'double'];
    const value = this.node(p.value);
    const before: string[] = [];
    for (const other of p.commentsFrom ?? []) before.push(...(this.comments(other)?.before ?? []));
    const own = p.member ? this.comments(p.member) : undefined;
    if (own) before.push(...own.before);
    for (const note of [...(p.notes ?? []), ...(p.value.notes ?? [])]) before.push(` ${this.context.notePrefix}${note}`);
    if (before.length) key.commentBefore = before.join('\n');
    const blank = [p.member, ...(p.commentsFrom ?? [])].some((m) => m && this.context.blankLineBefore.has(m));
    if (blank) key.spaceBefore = true;
    if (own?.trailing !== undefined) trail(value, own.trailing);
    return new Pair(key, value);
  }

  private attach(node: Scalar | YAMLMap | YAMLSeq, comments: MemberComments | undefined, notes: string[] | undefined, member: SyntaxNode | undefined): void {
    const before = [...(comments?.before ?? []), ...(notes ?? []).map((n) => ` ${this.context.notePrefix}${n}`)];
    if (before.length) node.commentBefore = before.join('\n');
    if (member && this.context.blankLineBefore.has(member)) node.spaceBefore = true;
    if (comments?.trailing !== undefined) trail(node, comments.trailing);
  }

  /** A member's comments, the first time they are asked for. */
  private comments(member: SyntaxNode): MemberComments | undefined {
    if (this.used.has(member)) return undefined;
    const comments = this.context.comments.get(member);
    if (comments) this.used.add(member);
    return comments;
  }
}

function hasNotes(out: Out): boolean {
  if (out.kind === 'map') return out.pairs.some((p) => p.notes?.length || p.value.notes?.length);
  if (out.kind === 'seq') return out.items.some((i) => i.notes?.length);
  return false;
}

/** A comment after a value on its line: on a scalar, after it; on a collection, on the line that opens it. */
function trail(node: Scalar | YAMLMap | YAMLSeq, text: string): void {
  if (node instanceof Scalar || node.flow) node.comment = node.comment ? `${text}\n${node.comment}` : text;
  else node.commentBefore = node.commentBefore ? `${text}\n${node.commentBefore}` : text;
}

export function emitYaml(root: Out, context: EmitContext, layout: Layout): string {
  const doc = new Document();
  doc.contents = new YamlWriter(context).node(root);
  if (root.notes?.length) doc.commentBefore = root.notes.map((n) => ` ${context.notePrefix}${n}`).join('\n');
  if (layout.endComments?.length) doc.comment = layout.endComments.join('\n');
  const text = doc.toString({ indent: layout.indent.length || 2, indentSeq: layout.indentSeq, lineWidth: 0, minContentWidth: 0, flowCollectionPadding: false, singleQuote: layout.singleQuote ?? false });
  return text.endsWith('\n') ? text : text + '\n';
}

/** JSON in the tree's order, indented by `indent`, as JSON.stringify lays it out (trees are at most 1,000 deep). */
export function emitJson(root: Out, context: EmitContext, indent: string): string {
  const parts: string[] = [];
  const indents: string[] = [];
  const write = (out: Out, depth: number): void => {
    if (out.kind === 'scalar') parts.push(jsonScalar(out.value, out.numberText));
    else if (out.kind === 'ref') parts.push(JSON.stringify(context.refText(out)));
    else {
      const size = out.kind === 'map' ? out.pairs.length : out.items.length;
      if (size === 0) {
        parts.push(out.kind === 'map' ? '{}' : '[]');
        return;
      }
      const inner = (indents[depth + 1] ??= '\n' + indent.repeat(depth + 1));
      parts.push(out.kind === 'map' ? '{' : '[');
      for (let i = 0; i < size; i++) {
        if (out.kind === 'map') {
          const p = out.pairs[i];
          parts.push((i > 0 ? ',' : '') + inner + JSON.stringify(p.key) + ': ');
          write(p.value, depth + 1);
        } else {
          parts.push(i > 0 ? ',' + inner : inner);
          write(out.items[i], depth + 1);
        }
      }
      parts.push((indents[depth] ??= '\n' + indent.repeat(depth)) + (out.kind === 'map' ? '}' : ']'));
    }
  };
  write(root, 0);
  return parts.join('') + '\n';
}

function jsonScalar(value: unknown, numberText: string | undefined): string {
  if (typeof value === 'number') {
    if (numberText !== undefined && /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(numberText) && Number(numberText) === value) return numberText;
    return Number.isFinite(value) ? JSON.stringify(value) : 'null';
  }
  return JSON.stringify(value);
}
