import { defineRule } from '../check/types';
import { HTTP_METHODS, OPENAPI_VERSIONS } from '../model/spec';
import { childStartingAtOrBefore } from '../syntax/child-at';
import { TextEdit } from '../syntax/edit';
import { SyntaxNode } from '../syntax/tree';

/** The member whose key starts at an offset (a duplicate key's), found down the tree by binary search. */
function memberWithKeyAt(root: SyntaxNode | undefined, offset: number): SyntaxNode | undefined {
  let node = root;
  while (node?.children) {
    const child = childStartingAtOrBefore(node, offset);
    if (!child || offset > child.end) return undefined;
    if (child.keyOffset === offset) return child;
    node = child;
  }
  return undefined;
}

/** Each line's indentation with its tabs as two spaces (how the document is read). */
function tabIndentEdits(text: string): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const match of text.matchAll(/^[ \t]*\t[ \t]*(?=\S)/gm)) {
    edits.push({ offset: match.index!, length: match[0].length, newText: match[0].replace(/\t/g, '  ') });
  }
  return edits;
}

/** A method of a Path Item under `paths`: twice, it is two operations with one path and method. */
function isOperationKey(member: SyntaxNode | undefined): boolean {
  const pathItem = member?.parent;
  return typeof member?.key === 'string' && (HTTP_METHODS as readonly string[]).includes(member.key) && pathItem?.parent?.key === 'paths' && !pathItem.parent.parent?.parent;
}

export default defineRule({
  id: 'syntax',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  description: 'YAML or JSON syntax errors and duplicate keys (the same method twice in one path item is a duplicate key).',
  spec: ['Format'],
  rationale:
    'The specification says a document is JSON or YAML: text that does not parse, or repeats a key, is read differently by every tool, or not at all.',
  severityNote:
    'An error, but for a duplicate key in JSON: YAML forbids duplicate keys, while JSON (RFC 8259) only says names SHOULD be unique, and readers keep one of them (most the last). That is a warning (the other value is lost), except a method twice in one path item: two operations with one path and method are not allowed.',
  messages: { parse: '{message}', jsonDuplicate: 'Duplicate key "{key}": JSON readers keep only one of them (most keep the last), so the other value is lost.' },
  // A generator: a large document can have 100,000 errors (as many duplicate keys).
  *checkDocument(doc, context) {
    for (const error of doc.parsed.errors) {
      const at = { offset: error.offset, length: error.length };
      if (doc.format === 'json' && error.code === 'DUPLICATE_KEY' && !isOperationKey(memberWithKeyAt(doc.root, error.offset))) {
        context.report({ at, messageId: 'jsonDuplicate', data: { key: doc.source.slice(error.offset + 1, error.offset + error.length - 1) }, severity: 'warning' });
      } else {
        const fixes = error.code === 'TAB_AS_INDENT' ? [{ title: 'Indent with spaces', edits: tabIndentEdits(doc.source.toString()) }] : [];
        context.report({ at, messageId: 'parse', data: { message: error.message }, severity: error.severity, fixes });
      }
      yield;
    }
  },
});
