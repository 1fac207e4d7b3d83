// What a rule is and what it reports. Rules see the model and build fixes from node offsets;
// they never see LSP or the terminal.
import { Analysis, OpenApiObject, Reference } from '../model/analysis';
import { SourceDocument } from '../model/documents';
import { ObjectKind, OpenApiVersion } from '../model/spec';
import { TextEdit } from '../syntax/edit';
import type { WorkspaceUses } from '../workspace/workspace-index';
import { SyntaxNode } from '../syntax/tree';
import type { SuppressionsFound } from './suppressions';

export type Severity = 'error' | 'warning' | 'information' | 'hint';
export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'information', 'hint'];

export type DiagnosticTag = 'unnecessary' | 'deprecated';

export interface Fix {
  title: string;
  /** Edits in the document of the diagnostic. */
  edits: TextEdit[];
  /** Nodes the fix deletes, so fix-all never empties a collection through several fixes at once. */
  removes?: SyntaxNode[];
  /**
   * What the fix creates or decides, named so that two fixes that would contradict each other name
   * the same thing (`key:/paths/~1pets/get/content/application~1json`, `param:/pets/{petId}:petId`):
   * fix-all applies only the first fix that claims it.
   */
  claims?: string[];
  /**
   * Applied only when the user picks it (a quick fix), never by Fix all or `--fix`: it deletes or
   * invents what only the author can decide on (see Rule.pickedFixes).
   */
  picked?: boolean;
}

export interface RelatedInformation {
  doc: SourceDocument;
  offset: number;
  length: number;
  message: string;
}

export interface Diagnostic {
  rule: string;
  severity: Severity;
  message: string;
  doc: SourceDocument;
  offset: number;
  length: number;
  fixes: Fix[];
  related: RelatedInformation[];
  tags: DiagnosticTag[];
}

/** Where a diagnostic points: a node's key, its value, the whole member, or explicit offsets. */
export type Span =
  | { node: SyntaxNode; part?: 'key' | 'value' | 'member' }
  | { offset: number; length: number };

export interface Report {
  at: Span;
  /** A key of the rule's `messages`, with `{placeholders}` filled from `data`. */
  messageId: string;
  data?: Record<string, string | number>;
  /** The document the span is in; defaults to the one being checked. */
  doc?: SourceDocument;
  fixes?: Fix[];
  related?: RelatedInformation[];
  tags?: DiagnosticTag[];
  /** Overrides the rule's default severity for this finding (a configured severity still wins). */
  severity?: Severity;
}

export interface RuleContext {
  analysis: Analysis;
  /**
   * The version of the document checked (the analysis's, given apart so that a `local` rule, which
   * may not read the analysis, can read it); absent: 3.0.
   */
  version?: OpenApiVersion;
  options: Record<string, unknown>;
  /** The other descriptions of the workspace, when the check runs in the language server. */
  workspace?: WorkspaceUses;
  report(report: Report): void;
}

export interface Rule {
  id: string;
  severity: Severity;
  description: string;
  messages: Record<string, string>;
  /**
   * Sections of the OpenAPI 3.0.3 specification the rule enforces, by heading (`Path Templating`):
   * its page links each one (see `specLink`).
   */
  spec?: readonly string[];
  /** Why a finding matters to the people who use the document, for the rule's page. */
  rationale?: string;
  /**
   * Why the rule has its default severity (whether the 3.0.3 text makes it a requirement, how
   * often real documents trigger it), for the rule's page.
   */
  severityNote?: string;
  /**
   * Why the rule's fixes are applied only when the user picks one (Fix.picked): they delete what
   * the author wrote or add what the API may not do, for the rule's page.
   */
  pickedFixes?: string;
  /** Tags every diagnostic of this rule carries. */
  tags?: DiagnosticTag[];
  /** Off unless the configuration turns it on. */
  offByDefault?: boolean;
  /**
   * The OpenAPI versions whose documents the rule checks (`context.analysis.version` says which one
   * a check is of); without it, 3.0 only: a rule applies to 3.1 and 3.2 once its author has read
   * their texts for it.
   */
  versions?: readonly OpenApiVersion[];
  /** How the rule applies in each version it checks, where they differ, for the rule's page. */
  versionNote?: string;
  /** Object kinds whose every instance is passed to `checkObject`. */
  kinds?: readonly ObjectKind[];
  /**
   * `checkObject` reports nothing on an object that has none of these members: the engine calls
   * it only for objects with one of them (most rules of Schema Objects look for one keyword, and
   * a large description has 40,000 schemas). The meta test holds rules to it.
   */
  members?: readonly string[];
  /**
   * `checkObject` reads only the object's node and subtree, its parent and siblings (never the
   * analysis, the object's place or other documents, but for the kinds its own node is used as:
   * `analysis.objectsAt(object.node)`, which a kept finding's object keeps): after an edit
   * elsewhere its findings still hold and are moved instead of checked again. The meta test holds
   * rules to this.
   */
  local?: boolean;
  /**
   * Like `local`, but also reads other Schema and Example objects: those `$ref`s reach (through
   * `context.analysis.resolve` and the schema validator), the schemas a schema is applied with
   * around it (the `anyOf` it is a member of) and whether an `allOf` of another schema extends it
   * (model/extended-schemas.ts): findings are kept when, besides, no Schema or Example changed, nor
   * anything a Schema is applied with, and every `$ref` resolves as it did.
   */
  localThroughRefs?: boolean;
  /**
   * For a rule that is not `local`: whether a change of this scalar value (typing in a string, the
   * document's structure, keys and `$ref`s unchanged) can change any of the rule's findings,
   * anywhere. A rule that reads only the structure answers false. After edits that changed only
   * values, a rule that answers false for each of them keeps all its findings (moved); a rule
   * without this is checked again in full. Typing in free text (a description) only moves the
   * findings when every rule answers false. The re-check tests hold rules to it.
   */
  readsValue?(edited: EditedValue): boolean;
  /**
   * For an object rule that reads edited values (readsValue): the objects whose findings of this
   * rule may differ after the edits, read from the analysis before and after them (the Operations
   * of the operationIds an edit changed). The others keep their findings of the last check, and
   * only these are checked again. Undefined: every object is checked again. Called only when every
   * edit changed a scalar value in place and the analysis was kept, so both hold the same objects.
   */
  affectedBy?(edited: readonly EditedValue[], before: Analysis, after: Analysis): Iterable<OpenApiObject> | undefined;
  /**
   * A rule that may report thousands of findings in one call (unused components of a large
   * description) is a generator: it yields between them, and the language server's rule run
   * pauses there like between two objects.
   */
  checkObject?(object: OpenApiObject, context: RuleContext): void | Iterable<void>;
  /** Called once per `$ref` the walk met. */
  checkReference?(reference: Reference, context: RuleContext): void;
  /**
   * Called once per document (the root and every referenced file); a generator, like
   * `checkObject`, when it may report thousands of findings (every syntax error).
   */
  checkDocument?(doc: SourceDocument, context: RuleContext): void | Iterable<void>;
  /** Called once per check after the other rules, with the suppressions and what each silenced. */
  checkSuppressions?(found: SuppressionsFound, context: RuleContext): void;
}

/** A scalar whose value an edit changed in place, and where it is. */
export interface EditedValue {
  node: SyntaxNode;
  /** The roles of the innermost OpenAPI object around it (none when it is outside every object). */
  kinds: readonly ObjectKind[];
  /** The field of that object it is in (`operationId`; `tags` for an entry of `tags`). */
  field: string | undefined;
}

export function defineRule(rule: Rule): Rule {
  return rule;
}
