// Findings that follow from a syntax error. Around a YAML or JSON syntax error the tree is the
// parser's guess: a line indented too far makes `responses` part of a key above it, and the
// Operation then "misses" its responses while the author wrote them. Such findings on the objects
// around the error (their shape: required fields, field types, unknown fields) are wrong words;
// the syntax error is the one fault to report, and once it is fixed they come back if they hold.
import { Analysis } from '../model/analysis';
import { childStartingAtOrBefore } from '../syntax/child-at';
import { SyntaxNode } from '../syntax/tree';
import { Diagnostic } from './types';

/**
 * Errors after which the tree is still the text's: a duplicate key (both members are there), tabs
 * in indentation (read as laid out). The others leave the parser guessing.
 */
const TREE_INTACT = new Set(['DUPLICATE_KEY', 'TAB_AS_INDENT']);

/** Rules that judge an object's shape, which a syntax error inside it makes a guess. */
const SHAPE_RULES = new Set(['required-field', 'field-type', 'unknown-field']);

/** The nodes from below the root down to the deepest whose member span holds an offset. */
function nodesHolding(root: SyntaxNode, offset: number, into: Set<SyntaxNode>): void {
  let node: SyntaxNode | undefined = root;
  while (node?.children) {
    const child: SyntaxNode | undefined = childStartingAtOrBefore(node, offset);
    if (!child || offset > child.end) return;
    into.add(child);
    node = child;
  }
}

/** The deepest node whose member span holds an offset (the root when none below it does). */
function nodeAt(root: SyntaxNode, offset: number): SyntaxNode {
  let node = root;
  for (;;) {
    const child = childStartingAtOrBefore(node, offset);
    if (!child || offset > child.end) return node;
    node = child;
  }
}

/**
 * The findings without the shape findings on objects around a syntax error of their document: the
 * error's node and every node above it but the root (a root field missing is not the error's doing).
 */
export function withoutFollowOnFindings(diagnostics: Diagnostic[], analysis: Analysis): Diagnostic[] {
  const broken = new Map<string, Set<SyntaxNode>>();
  for (const doc of analysis.documents) {
    const guessed = (e: { severity: string; code: string }) => e.severity === 'error' && !TREE_INTACT.has(e.code);
    if (!doc.root || !doc.parsed.errors.some(guessed)) continue;
    const nodes = new Set<SyntaxNode>();
    for (const error of doc.parsed.errors) if (guessed(error)) nodesHolding(doc.root, error.offset, nodes);
    if (nodes.size > 0) broken.set(doc.path, nodes);
  }
  if (broken.size === 0) return diagnostics;
  return diagnostics.filter((d) => {
    const nodes = broken.get(d.doc.path);
    if (!nodes || !SHAPE_RULES.has(d.rule) || !d.doc.root) return true;
    return !nodes.has(nodeAt(d.doc.root, d.offset));
  });
}
