// Suppressions written in the documents, applied in one place after the rules run, so the CLI and
// the editor silence the same findings. YAML comments:
//   # openapi-check-disable-next-line <rule-id>[, <rule-id>] -- <reason>   the next line with content
//   # openapi-check-disable-line <rule-id> -- <reason>                      the comment's own line
//   # openapi-check-disable <rule-id> -- <reason>                           the key on its line (or on
//                                                                           the next line) and its value
// and, in JSON or YAML, `x-openapi-check-disable: {<rule-id>: <reason>}` on an object: the object
// (its key too) and everything below it.
// A document's suppressions are found once per parsed text: two `indexOf` scans for the markers,
// so a large document without any costs next to nothing; a finding is then looked up by binary
// search, never by a scan of the suppressions.
import { Analysis } from '../model/analysis';
import { SourceDocument } from '../model/documents';
import { childStartingAtOrBefore, lastAtOrBefore } from '../syntax/child-at';
import { TextEdit } from '../syntax/edit';
import { LineIndex } from '../syntax/line-index';
import { sourceOf } from '../syntax/piece-text';
import { ParsedText, SyntaxNode } from '../syntax/tree';
import { Config } from './config';
import { activeRules, EngineResult, RuleCrash, toDiagnostic } from './engine';
import { Diagnostic, Rule, RuleContext } from './types';

export const DISABLE_EXTENSION = 'x-openapi-check-disable';
const COMMENT_MARKER = 'openapi-check-disable';

/**
 * The words of one kind of marked comment: the suppressions here, and the acknowledgements of
 * accepted changes that `openapi-check diff` reads (`openapi-check-accept...`) in the same forms.
 */
export interface MarkerWords {
  /** The comment's directive word; `-next-line` and `-line` forms add to it. */
  comment: string;
  /** The extension that maps ids to reasons on an object. */
  extension: string;
}

const DISABLE_WORDS: MarkerWords = { comment: COMMENT_MARKER, extension: DISABLE_EXTENSION };
/** What the editor's quick fix writes for the reason; left as is, it counts as no reason. */
export const REASON_PLACEHOLDER = '<reason>';
/** Blank and comment lines a `-next-line` comment may skip to reach its line (bounds the scan). */
const MAX_SKIPPED_LINES = 100;

export type SuppressionForm = 'next-line' | 'line' | 'block' | 'extension';

export interface SuppressedRuleId {
  id: string;
  /** Where the id is written (in the comment, or the extension member's key). */
  offset: number;
  length: number;
}

export interface Suppression {
  form: SuppressionForm;
  /** The directive word as written (`openapi-check-disable-line`), or the extension's name. */
  directive: string;
  /** The comment from `#` to the end of its line, or the extension member of one rule id. */
  offset: number;
  length: number;
  ids: SuppressedRuleId[];
  /** Empty when none is written (or the placeholder is left). */
  reason: string;
  /** Findings that start in [start, end) are covered. */
  start: number;
  end: number;
  /** The node whose place it covers, to tell whether a check reached it. */
  target: SyntaxNode | undefined;
  /** Extension: the member `<rule-id>: <reason>` (or the malformed extension member itself). */
  member?: SyntaxNode;
}

/** A document's suppressions, with the lookup structures built once. */
export interface SuppressionIndex {
  all: Suppression[];
  /** Line forms, sorted by start; their ranges are whole lines, equal or disjoint. */
  lines: Suppression[];
  /** Block and extension forms, sorted outer first; ranges are members of one tree, nested or disjoint. */
  blocks: Suppression[];
  /** For each of `blocks`, the index of the nearest one that contains it (-1: none). */
  enclosing: number[];
}

const EMPTY_INDEX: SuppressionIndex = { all: [], lines: [], blocks: [], enclosing: [] };
/** The index of a text without the marker anywhere (most documents). */
const NO_MARKER_INDEX: SuppressionIndex = { all: [], lines: [], blocks: [], enclosing: [] };
const indexes = new WeakMap<ParsedText, SuppressionIndex>();

/**
 * After an edit of a text without the marker: when the characters around the edit do not form
 * one either, the new text has none. Spares a scan of the new text per keystroke (and V8's copy
 * of the whole concatenated text that the scan would cost first).
 */
export function carrySuppressions(from: ParsedText, to: ParsedText, edit: TextEdit): void {
  if (indexes.get(from) !== NO_MARKER_INDEX) return;
  const reach = COMMENT_MARKER.length - 1;
  const end = edit.offset + edit.length;
  const text = sourceOf(from);
  const around = text.slice(Math.max(0, edit.offset - reach), edit.offset) + edit.newText + text.slice(end, end + reach);
  if (around.indexOf(COMMENT_MARKER) < 0) indexes.set(to, NO_MARKER_INDEX);
}

/** The suppressions of a document, found once per parsed text. */
export function suppressionsOf(doc: SourceDocument): SuppressionIndex {
  let index = indexes.get(doc.parsed);
  if (!index) {
    index = buildIndex(doc);
    indexes.set(doc.parsed, index);
  }
  return index;
}

/** A document's comments and extensions marked with other words than the suppressions', not cached. */
export function markedIn(doc: SourceDocument, words: MarkerWords): SuppressionIndex {
  return buildIndex(doc, words);
}

function buildIndex(doc: SourceDocument, words: MarkerWords = DISABLE_WORDS): SuppressionIndex {
  const text = doc.text;
  if (text.indexOf(words.comment) < 0) return NO_MARKER_INDEX;
  const all: Suppression[] = [];
  if (doc.format === 'yaml') commentSuppressions(doc, all, words);
  extensionSuppressions(doc, all, words);
  if (all.length === 0) return EMPTY_INDEX;
  const lines = all.filter((s) => s.form === 'line' || s.form === 'next-line').sort((a, b) => a.start - b.start);
  const blocks = all.filter((s) => s.form === 'block' || s.form === 'extension').sort((a, b) => a.start - b.start || b.end - a.end);
  const enclosing: number[] = [];
  const open: number[] = [];
  for (let i = 0; i < blocks.length; i++) {
    while (open.length > 0 && blocks[open[open.length - 1]].end < blocks[i].end) open.pop();
    enclosing.push(open.length > 0 ? open[open.length - 1] : -1);
    open.push(i);
  }
  return { all, lines, blocks, enclosing };
}

const startOf = (s: Suppression) => s.start;

/** Suppressions covering an offset for a rule id (several may). */
export function suppressionsCovering(index: SuppressionIndex, offset: number, rule: string): Suppression[] {
  const found: Suppression[] = [];
  const names = (s: Suppression) => s.ids.some((id) => id.id === rule);
  const last = lastAtOrBefore(index.lines, offset, startOf);
  for (let i = last; i >= 0 && index.lines[i].start === index.lines[last].start; i--) {
    const s = index.lines[i];
    if (offset < s.end && names(s)) found.push(s);
  }
  for (let i = lastAtOrBefore(index.blocks, offset, startOf); i >= 0; i = index.enclosing[i]) {
    const s = index.blocks[i];
    if (offset < s.end && names(s)) found.push(s);
  }
  return found;
}

// ---- finding them ------------------------------------------------------------------------

/** The nodes whose member (key through value) contains an offset, outermost first. */
function membersAt(root: SyntaxNode | undefined, offset: number): SyntaxNode[] {
  const chain: SyntaxNode[] = [];
  if (!root || offset < root.offset) return chain;
  for (let node: SyntaxNode | undefined = root; node; node = childStartingAtOrBefore(node, offset)) {
    if (offset >= Math.max(node.end, node.offset + 1)) break;
    chain.push(node);
  }
  return chain;
}

/** Whether an offset is inside a scalar (a key or a value), where `#` starts no comment. */
function insideScalar(root: SyntaxNode | undefined, offset: number): boolean {
  const chain = membersAt(root, offset);
  const deepest = chain[chain.length - 1];
  if (!deepest) return false;
  if (deepest.keyOffset >= 0 && offset >= deepest.keyOffset && offset < deepest.keyOffset + deepest.keyLength) return true;
  return !deepest.children && offset >= deepest.offset && offset < deepest.end;
}

function lineEnd(text: string, lines: LineIndex, line: number): number {
  let end = line + 1 < lines.lineCount ? lines.lineStart(line + 1) : text.length;
  while (end > lines.lineStart(line) && (text[end - 1] === '\n' || text[end - 1] === '\r')) end--;
  return end;
}

/** Where a line's content starts, past indentation and `- ` sequence dashes; -1 for blank or comment lines. */
function contentStart(text: string, lines: LineIndex, line: number): number {
  const end = lineEnd(text, lines, line);
  let at = lines.lineStart(line);
  for (;;) {
    while (at < end && (text[at] === ' ' || text[at] === '\t')) at++;
    if (text[at] === '-' && (text[at + 1] === ' ' || text[at + 1] === '\t')) at++;
    else break;
  }
  return at >= end || text[at] === '#' ? -1 : at;
}

/** The first line from `line` on that has content, within the bound. */
function contentLineFrom(text: string, lines: LineIndex, line: number): number {
  for (let l = line, skipped = 0; l < lines.lineCount && skipped <= MAX_SKIPPED_LINES; l++, skipped++) {
    if (contentStart(text, lines, l) >= 0) return l;
  }
  return -1;
}

/** The outermost node whose member starts on a line (what a block comment on that line covers). */
function memberStartingOn(doc: SourceDocument, line: number): SyntaxNode | undefined {
  const lines = doc.lineIndex;
  const at = contentStart(doc.text, lines, line);
  if (at < 0) return undefined;
  const start = lines.lineStart(line);
  return membersAt(doc.root, at).find((n) => n.memberStart >= start);
}

/** The deepest node at a line's content (what a line comment's finding would be about). */
function nodeOnLine(doc: SourceDocument, line: number): SyntaxNode | undefined {
  const at = contentStart(doc.text, doc.lineIndex, line);
  return at < 0 ? undefined : membersAt(doc.root, at).pop();
}

const directives = new Map<string, RegExp>();
function directiveOf(word: string): RegExp {
  let directive = directives.get(word);
  if (!directive) directives.set(word, (directive = new RegExp(`^${word}(-next-line|-line)?(?=[ \\t]|$)`)));
  return directive;
}

function commentSuppressions(doc: SourceDocument, out: Suppression[], words: MarkerWords): void {
  const text = doc.text;
  const lines = doc.lineIndex;
  const marker = words.comment;
  const DIRECTIVE = directiveOf(marker);
  for (let at = text.indexOf(marker); at >= 0; at = text.indexOf(marker, at + marker.length)) {
    let hash = at - 1;
    while (hash >= 0 && (text[hash] === ' ' || text[hash] === '\t')) hash--;
    if (text[hash] !== '#') continue;
    // `#` starts a comment at the start of a line or after a space, and outside any scalar.
    if (hash > 0 && !/[ \t\r\n]/.test(text[hash - 1])) continue;
    if (insideScalar(doc.root, hash)) continue;
    const line = lines.positionAt(at).line;
    const end = lineEnd(text, lines, line);
    const rest = text.slice(at, end);
    const directive = DIRECTIVE.exec(rest);
    if (!directive) continue;
    const form: SuppressionForm = directive[1] === '-next-line' ? 'next-line' : directive[1] === '-line' ? 'line' : 'block';
    const { ids, reason } = readDirective(rest, at, directive[0].length);
    // Covered lines: the comment's own, or for a comment alone on its line, the next line with content.
    const alone = /^[ \t]*$/.test(text.slice(lines.lineStart(line), hash));
    const coveredLine = form === 'line' ? line : form === 'next-line' || alone ? contentLineFrom(text, lines, line + 1) : line;
    let start = 0;
    let covered = 0;
    let target: SyntaxNode | undefined;
    if (coveredLine >= 0 && form === 'block') {
      target = memberStartingOn(doc, coveredLine);
      if (target) (start = target.memberStart), (covered = target.end - target.memberStart);
    } else if (coveredLine >= 0) {
      start = lines.lineStart(coveredLine);
      covered = (coveredLine + 1 < lines.lineCount ? lines.lineStart(coveredLine + 1) : text.length + 1) - start;
      target = nodeOnLine(doc, coveredLine);
    }
    out.push({ form, directive: directive[0], offset: hash, length: end - hash, ids, reason, start, end: start + covered, target });
  }
}

/** `<ids> -- <reason>` after the directive word; ids are separated by commas or spaces. */
function readDirective(rest: string, base: number, from: number): { ids: SuppressedRuleId[]; reason: string } {
  const separator = /(^|[ \t])--([ \t]|$)/.exec(rest.slice(from));
  const idsEnd = separator ? from + separator.index : rest.length;
  const ids: SuppressedRuleId[] = [];
  const idPattern = /[^\s,]+/g;
  const idText = rest.slice(0, idsEnd);
  idPattern.lastIndex = from;
  for (let m = idPattern.exec(idText); m; m = idPattern.exec(idText)) ids.push({ id: m[0], offset: base + m.index, length: m[0].length });
  const reason = separator ? rest.slice(idsEnd + separator[0].length).trim() : '';
  return { ids, reason: reason === REASON_PLACEHOLDER ? '' : reason };
}

function extensionSuppressions(doc: SourceDocument, out: Suppression[], words: MarkerWords): void {
  const text = doc.text;
  const name = words.extension;
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + name.length)) {
    const extension = membersAt(doc.root, at).pop();
    if (!extension || extension.key !== name || at < extension.keyOffset || at >= extension.keyOffset + extension.keyLength) continue;
    const holder = extension.parent;
    if (!holder || holder.kind !== 'object') continue;
    const covers = { start: holder.memberStart, end: holder.end, target: holder, directive: name, form: 'extension' as const };
    const members = extension.kind === 'object' ? extension.children! : [];
    if (members.length === 0) {
      out.push({ ...covers, offset: extension.memberStart, length: extension.end - extension.memberStart, ids: [], reason: '', member: extension });
    }
    for (const member of members) {
      const reason = member.kind === 'string' ? (member.value as string).trim() : '';
      out.push({
        ...covers,
        offset: member.memberStart,
        length: member.end - member.memberStart,
        ids: [{ id: String(member.key), offset: member.keyOffset, length: member.keyLength }],
        reason: reason === REASON_PLACEHOLDER ? '' : reason,
        member,
      });
    }
  }
}

// ---- applying them -------------------------------------------------------------------------

/** How the rules a suppression names stand in this check. */
export type SuppressedRuleStatus = 'active' | 'off' | 'unknown';

export interface SuppressionOutcome {
  doc: SourceDocument;
  suppression: Suppression;
  /** Per id of `suppression.ids`: whether the rule exists and runs, and how many findings it silenced. */
  rules: { status: SuppressedRuleStatus; silenced: number }[];
  /** Whether the check reached the place it covers (a shared file's other parts belong to other roots). */
  reached: boolean;
}

/** What the rule that reviews suppressions sees. */
export interface SuppressionsFound {
  outcomes: readonly SuppressionOutcome[];
  /** Every rule id of the catalog. */
  ruleIds: ReadonlySet<string>;
}

/**
 * Drops the findings a suppression covers, then lets the rules that review suppressions report
 * on them (unused-suppression). Their findings are added to the engine's per-document results,
 * so an editor moves them with the others.
 */
export function applySuppressions(analysis: Analysis, engine: EngineResult, rules: readonly Rule[], config: Config): { diagnostics: Diagnostic[]; crashes: RuleCrash[] } {
  const outcomes = new Map<Suppression, SuppressionOutcome>();
  const active = activeRules(rules, config);
  const activeIds = new Set(active.map((r) => r.rule.id));
  const ruleIds = new Set(rules.map((r) => r.id));
  for (const doc of analysis.documents) {
    for (const suppression of suppressionsOf(doc).all) {
      const statuses = suppression.ids.map((id) => ({ status: statusOf(id.id, activeIds, ruleIds), silenced: 0 }));
      outcomes.set(suppression, { doc, suppression, rules: statuses, reached: reached(analysis, doc, suppression) });
    }
  }
  if (outcomes.size === 0) return { diagnostics: engine.diagnostics, crashes: [] };

  const diagnostics: Diagnostic[] = [];
  for (const d of engine.diagnostics) {
    const covering = suppressionsCovering(suppressionsOf(d.doc), d.offset, d.rule);
    for (const s of covering) {
      const outcome = outcomes.get(s);
      if (outcome) outcome.rules[s.ids.findIndex((id) => id.id === d.rule)].silenced++;
    }
    if (covering.length === 0) diagnostics.push(d);
  }

  const crashes: RuleCrash[] = [];
  const found: SuppressionsFound = { outcomes: [...outcomes.values()], ruleIds };
  for (const rule of active) {
    if (!rule.rule.checkSuppressions) continue;
    const context: RuleContext = {
      analysis,
      version: analysis.version,
      options: rule.options,
      report: (report) => {
        const d = toDiagnostic(rule, report, analysis.root);
        diagnostics.push(d);
        let list = engine.perUnit.get(d.doc);
        if (!list) engine.perUnit.set(d.doc, (list = []));
        list.push(d);
      },
    };
    try {
      rule.rule.checkSuppressions(found, context);
    } catch (e) {
      crashes.push({ rule: rule.rule.id, where: analysis.root.path, error: (e as Error).stack ?? String(e) });
    }
  }
  diagnostics.sort((a, b) => (a.doc.path < b.doc.path ? -1 : a.doc.path > b.doc.path ? 1 : a.offset - b.offset || a.rule.localeCompare(b.rule)));
  return { diagnostics, crashes };
}

function statusOf(id: string, active: ReadonlySet<string>, known: ReadonlySet<string>): SuppressedRuleStatus {
  return active.has(id) ? 'active' : known.has(id) ? 'off' : 'unknown';
}

/** Whether the check walked the place a suppression covers: some node at or above it is an object it reached. */
function reached(analysis: Analysis, doc: SourceDocument, suppression: Suppression): boolean {
  if (!suppression.target) return doc === analysis.root;
  for (let n: SyntaxNode | undefined = suppression.target; n; n = n.parent) if (analysis.objectsAt(n).length > 0) return true;
  return false;
}
