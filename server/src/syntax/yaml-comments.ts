// The comments of a YAML text, each attached to the member (object member or array item) of our
// tree it belongs to: a comment on lines of its own goes before the next member, a comment after
// content on the same line goes with the member that line holds. Tools that rewrite a document
// (the Swagger 2.0 converter) carry them over to the members they write.
import { Parser } from 'yaml';
import { SyntaxNode } from './tree';

export interface MemberComments {
  /** Comment lines before the member, without their `#`. */
  before: string[];
  /** A comment after the member's content on its first line, without its `#`. */
  trailing?: string;
}

export interface YamlComments {
  byMember: Map<SyntaxNode, MemberComments>;
  /** Members with an empty line before them (or before their comments). */
  blankLineBefore: Set<SyntaxNode>;
  /** Comments after the last member of the document. */
  end: string[];
}

interface CommentToken {
  offset: number;
  text: string;
  ownLine: boolean;
}

/** Every comment token of the text, in order. The CST is walked with an explicit stack (no recursion). */
function commentTokens(text: string): CommentToken[] {
  const found: { offset: number; source: string }[] = [];
  const stack: unknown[] = [];
  for (const token of new Parser().parse(text)) stack.push(token);
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof item === 'object') stack.push(item);
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    const token = value as { type?: unknown; offset?: unknown; source?: unknown };
    if (token.type === 'comment' && typeof token.offset === 'number' && typeof token.source === 'string') {
      found.push({ offset: token.offset, source: token.source });
      continue;
    }
    for (const key in token) {
      const child = (token as Record<string, unknown>)[key];
      if (child && typeof child === 'object') stack.push(child);
    }
  }
  found.sort((a, b) => a.offset - b.offset);
  return found.map(({ offset, source }) => ({ offset, text: source.replace(/^#/, ''), ownLine: onlySpaceBefore(text, offset) }));
}

/** Whether the line holds nothing but spaces (and `- ` indicators) before `offset`. */
function onlySpaceBefore(text: string, offset: number): boolean {
  for (let i = offset - 1; i >= 0; i--) {
    const ch = text.charCodeAt(i);
    if (ch === 10 || ch === 13) return true;
    if (ch !== 32 && ch !== 9 && ch !== 45) return false;
  }
  return true;
}

/** Most characters looked at backwards from a member to tell whether an empty line is before it. */
const BLANK_LINE_LOOKBACK = 256;

/** Whether the line before the one `offset` is on is empty (only spaces), looking back a bounded way. */
function emptyLineBefore(text: string, offset: number): boolean {
  let i = offset - 1;
  const stop = Math.max(0, offset - BLANK_LINE_LOOKBACK);
  while (i >= stop && text.charCodeAt(i) !== 10) {
    const ch = text.charCodeAt(i);
    if (ch !== 32 && ch !== 9 && ch !== 45 && ch !== 13) return false; // not first on its line
    i--;
  }
  if (i < stop || i <= 0) return false;
  i--; // the line feed ending the previous line
  if (text.charCodeAt(i) === 13) i--;
  while (i >= stop && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i--;
  return i >= 0 && text.charCodeAt(i) === 10;
}

/**
 * Members of the tree in source order (outer before inner at the same offset). Members inside
 * flow collections are left out: a comment there goes with the flow collection's own member.
 */
function membersInOrder(root: SyntaxNode): SyntaxNode[] {
  const members: SyntaxNode[] = [];
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node !== root) members.push(node);
    if (!node.children || node.flow) continue;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  // Alias expansions repeat offsets out of order; a stable sort keeps outer members first.
  let sorted = true;
  for (let i = 1; i < members.length && sorted; i++) sorted = members[i - 1].memberStart <= members[i].memberStart;
  if (!sorted) members.sort((a, b) => a.memberStart - b.memberStart);
  return members;
}

/** The comments of a YAML text, attached to the members of its tree. Linear in the text and the tree. */
export function yamlComments(text: string, root: SyntaxNode | undefined): YamlComments {
  const result: YamlComments = { byMember: new Map(), blankLineBefore: new Set(), end: [] };
  if (!root) return result;
  const tokens = text.includes('#') ? commentTokens(text) : [];
  const members = membersInOrder(root);
  const entry = (member: SyntaxNode) => {
    let comments = result.byMember.get(member);
    if (!comments) result.byMember.set(member, (comments = { before: [] }));
    return comments;
  };
  let next = 0; // the first member starting after the current comment
  for (const token of tokens) {
    while (next < members.length && members[next].memberStart <= token.offset) next++;
    if (token.ownLine) {
      if (next < members.length) entry(members[next]).before.push(token.text);
      else result.end.push(token.text);
      continue;
    }
    // After content: the innermost member started on this line before the comment.
    const holder = next > 0 ? members[next - 1] : undefined;
    if (holder && !lineBreakBetween(text, holder.memberStart, token.offset)) {
      const comments = entry(holder);
      comments.trailing = comments.trailing === undefined ? token.text : `${comments.trailing} ${token.text}`;
    } else if (next < members.length) entry(members[next]).before.push(token.text);
    else result.end.push(token.text);
  }
  for (const member of members) {
    const comments = result.byMember.get(member);
    // An empty line before the member's leading comments or before the member itself.
    const first = comments?.before.length ? firstCommentOffset(text, member, comments.before.length) : member.memberStart;
    if (first >= 0 && emptyLineBefore(text, first)) result.blankLineBefore.add(member);
  }
  return result;
}

function lineBreakBetween(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10 || ch === 13) return true;
  }
  return false;
}

/** Where the first of a member's `count` leading comment lines starts (found by going back line by line). */
function firstCommentOffset(text: string, member: SyntaxNode, count: number): number {
  let at = member.memberStart;
  let seen = 0;
  let steps = 0;
  while (seen < count && at > 0 && steps++ < count + 64) {
    const lineEnd = text.lastIndexOf('\n', at - 1);
    if (lineEnd < 0) return -1;
    const lineStart = text.lastIndexOf('\n', lineEnd - 1) + 1;
    const line = text.slice(lineStart, lineEnd);
    if (/^\s*#/.test(line)) seen++;
    at = lineStart;
  }
  return seen === count ? at + (/^\s*/.exec(text.slice(at, at + BLANK_LINE_LOOKBACK))?.[0].length ?? 0) : -1;
}
