// Runs the rule set over one analysis: a single pass over the objects the walk found, each
// dispatched to the rules that watch its kind. Results are kept per object (and per reference,
// per document) so a later edit can re-run only what it touched.
import { Analysis, OpenApiObject, Reference } from '../model/analysis';
import { drain, sortSteps, stepClock, Steps } from '../syntax/steps';
import { SourceDocument } from '../model/documents';
import type { TextLike } from '../syntax/piece-text';
import { ObjectKind, OpenApiVersion } from '../model/spec';
import { Config } from './config';
import { Diagnostic, EditedValue, Fix, Report, Rule, RuleContext, Severity } from './types';
import { MAX_QUOTED_TEXT, shortened } from './report';
import { UniqueFindings } from './unique-findings';
import type { WorkspaceUses } from '../workspace/workspace-index';

export interface RuleCrash {
  rule: string;
  where: string;
  error: string;
}

export interface EngineResult {
  diagnostics: Diagnostic[];
  /** Results per checked unit; the key is the object, reference or document checked. */
  perUnit: Map<OpenApiObject | Reference | SourceDocument, Diagnostic[]>;
  crashes: RuleCrash[];
  /** Objects whose findings were kept from an earlier check instead of checked again. */
  keptObjects: number;
}

export interface ActiveRule {
  rule: Rule;
  severity: Severity;
  options: Record<string, unknown>;
  severityFromConfig: boolean;
}

export function activeRules(rules: readonly Rule[], config: Config): ActiveRule[] {
  const active: ActiveRule[] = [];
  for (const rule of rules) {
    const setting = config.rules.get(rule.id);
    if (setting?.severity === 'off') continue;
    if (rule.offByDefault && !setting?.severity) continue;
    active.push({ rule, severity: setting?.severity ?? rule.severity, options: setting?.options ?? {}, severityFromConfig: Boolean(setting?.severity) });
  }
  return active;
}

/** Whether a rule checks documents of a version (3.0 only unless it says otherwise). */
export function appliesTo(rule: Rule, version: OpenApiVersion): boolean {
  return rule.versions ? rule.versions.includes(version) : version === '3.0';
}

function render(template: string, data: Record<string, string | number> | undefined): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (data && name in data ? shortened(String(data[name])) : whole));
}

/** Longest fix title or related message, which quote document text too. */
const MAX_TITLE = 2 * MAX_QUOTED_TEXT;

/** The fixes as applied only when picked, for a rule whose fixes all are (Rule.pickedFixes). */
function pickedIf(picked: boolean, fixes: Fix[]): Fix[] {
  return picked ? fixes.map((f) => ({ ...f, picked: true })) : fixes;
}

/** Fixes whose titles quote a long text get a shortened title (the edits stay whole). */
function boundedTitles(fixes: Fix[]): Fix[] {
  if (fixes.every((f) => f.title.length <= MAX_TITLE)) return fixes;
  return fixes.map((f) => (f.title.length <= MAX_TITLE ? f : { ...f, title: shortened(f.title, MAX_TITLE) }));
}

/** Trailing whitespace of YAML block ranges is not part of what a diagnostic points at. */
function trimmedEnd(text: TextLike, offset: number, end: number): number {
  while (end > offset + 1 && /\s/.test(text.slice(end - 1, end))) end--;
  return end;
}

export function toDiagnostic(active: ActiveRule, report: Report & { severity?: Severity }, doc: SourceDocument): Diagnostic {
  const { rule } = active;
  const target = report.doc ?? doc;
  let offset: number;
  let end: number;
  const at = report.at;
  if ('node' in at) {
    const node = at.node;
    const part = at.part ?? 'value';
    if (part === 'key' && node.keyOffset >= 0) {
      offset = node.keyOffset;
      end = node.keyOffset + node.keyLength;
    } else if (part === 'member' && node.keyOffset >= 0) {
      offset = node.keyOffset;
      end = node.end;
    } else {
      offset = node.offset;
      end = node.end;
    }
  } else {
    offset = at.offset;
    end = at.offset + at.length;
  }
  end = trimmedEnd(target.source, offset, end);
  const template = rule.messages[report.messageId] ?? report.messageId;
  return {
    rule: rule.id,
    severity: active.severityFromConfig ? active.severity : report.severity ?? active.severity,
    message: render(template, report.data),
    doc: target,
    offset,
    length: Math.max(0, end - offset),
    fixes: report.fixes ? pickedIf(rule.pickedFixes !== undefined, boundedTitles(report.fixes)) : [],
    related: report.related?.map((r) => (r.message.length > MAX_TITLE ? { ...r, message: shortened(r.message, MAX_TITLE) } : r)) ?? [],
    tags: [...(rule.tags ?? []), ...(report.tags ?? [])],
  };
}

/** What an incremental check may keep of the previous one (built by the language server). */
export interface EarlierFindings {
  /** The version the previous check read the document as. */
  version?: OpenApiVersion;
  /**
   * Findings of the previous check for an object that edits did not touch, moved to the current
   * text; undefined when the object must be checked again. Only local rules' findings are kept.
   */
  forObject(object: OpenApiObject, analysis: Analysis): readonly Diagnostic[] | undefined;
  /**
   * With the same analysis: every object `forObject` may answer for with findings or undefined
   * (or more). The others keep no findings and are checked again by no rule that keeps its own:
   * the rule run passes them by (a keystroke re-checks a few of 50,000 objects).
   */
  objectsToVisit?: ReadonlySet<OpenApiObject>;
  /** Whether no Schema or Example changed and every `$ref` resolves as it did. */
  referencedUnchanged(analysis: Analysis): boolean;
  /** Whether no edit changed which node is which object: the previous analysis is brought up to date. */
  sameAnalysis?: boolean;
  /** With the same analysis: the previous check's record of it (for Rule.affectedBy). */
  before?: Analysis;
  /** Set when, besides, every edit changed one scalar value in place: the values edited. */
  valueEdits?: readonly EditedValue[];
  /** With the same analysis: a reference's findings, when neither it nor what it reaches changed. */
  forReference?(reference: Reference): readonly Diagnostic[] | undefined;
  /**
   * With the same analysis: every reference `forReference` may answer for with findings or
   * undefined (or more); the others keep none and are checked by no rule, and are passed by.
   */
  referencesToVisit?: ReadonlySet<Reference>;
  /**
   * With the same analysis: every finding of these rules in the previous check, by unit, moved
   * (but those of `recheck`'s units).
   */
  findingsOf?(rules: ReadonlySet<string>): Iterable<[OpenApiObject | Reference | SourceDocument, Diagnostic[]]>;
  /**
   * With the same analysis: units every rule checks again, kept whole or not. A finding's fix
   * may read the layout of its object's members (where a member is inserted), and an edit that
   * cuts across a finding's range cannot move it: the objects edits added members to or removed
   * them from, and the units of findings an edit cut across.
   */
  recheck?: ReadonlySet<OpenApiObject | Reference | SourceDocument>;
}

/** OPENAPI_TRACE_RULES=1: the time each rule took in a run, the slowest first, on stderr. */
const traceRules = typeof process !== 'undefined' && process.env.OPENAPI_TRACE_RULES === '1';

class RuleTimes {
  private readonly total = new Map<string, number>();
  add(rule: string, since: number): void {
    this.total.set(rule, (this.total.get(rule) ?? 0) + performance.now() - since);
  }
  print(): void {
    const slowest = [...this.total].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.OPENAPI_TRACE_RULES_TOP ?? 12));
    process.stderr.write(`[timing]   slowest rules ${slowest.map(([id, ms]) => `${id} ${ms.toFixed(1)}`).join(', ')}\n`);
  }
}

export function runRules(analysis: Analysis, rules: readonly Rule[], config: Config, earlier?: EarlierFindings): EngineResult {
  return drain(runRulesSteps(analysis, rules, config, earlier));
}

/** A document rule's findings made between two pauses (a few milliseconds of work). */
const FINDINGS_PER_STEP = 256;

/** Findings in file order, then by offset, then by rule. */
function compareFindings(a: Diagnostic, b: Diagnostic): number {
  if (a.doc.path !== b.doc.path) return a.doc.path < b.doc.path ? -1 : 1;
  return a.offset - b.offset || (a.rule === b.rule ? 0 : a.rule.localeCompare(b.rule));
}

/** The rule run in steps: the language server pauses between them, so a newer edit can stop it. */
export function* runRulesSteps(
  analysis: Analysis, rules: readonly Rule[], config: Config, earlier?: EarlierFindings, workspace?: WorkspaceUses,
): Steps<EngineResult> {
  const active = activeRules(rules, config).filter(({ rule }) => appliesTo(rule, analysis.version));
  // Findings of another version's rules say nothing about this one's (the `openapi` field changed).
  const sameVersion = earlier && (earlier.version === undefined || earlier.version === analysis.version) ? earlier : undefined;
  const run = new RuleRun(analysis, active, sameVersion, workspace);
  for (const doc of analysis.documents) yield* run.checkDocument(doc);
  yield* run.checkObjects();
  yield* run.checkReferences();
  return yield* run.result();
}

type Unit = OpenApiObject | Reference | SourceDocument;
/** A rule's one context, pointed at the unit being checked. */
type RuleState = { context: RuleContext; unit: Unit; doc: SourceDocument };
/**
 * The rules of a kind with their contexts; `slot`: see RuleRun.needing (-1: called for every object).
 * `checkObject`: the rule's, read once here: read per call, from rule objects of 60 shapes, it was
 * a megamorphic lookup on each of the 340,000 calls of a large document.
 */
type Watching = { rule: ActiveRule; state: RuleState; slot: number; checkObject: NonNullable<Rule['checkObject']> }[];

/** One run of the rules over an analysis: its documents, then its objects, then its references. */
class RuleRun {
  readonly perUnit: EngineResult['perUnit'] = new Map();
  private readonly crashes: RuleCrash[] = [];
  private readonly times = traceRules ? new RuleTimes() : undefined;
  /**
   * One context per rule, pointed at the unit being checked: checks run by the hundred thousand
   * on large documents, so they allocate nothing unless they report.
   */
  private readonly contexts = new Map<ActiveRule, RuleState>();
  /** While a document rule runs: its reports, made into findings afterwards in steps (see checkDocument). */
  private documentReports: Report[] | undefined;
  /**
   * Rules that name the members they need (Rule.members) are called only for objects with one:
   * the object's keys are read once, and each marks the rules (by slot) that need it.
   */
  private readonly needing = new Map<string, number[]>();
  private slots = 0;
  /** Per kind, the rules each object is checked by (see planObjects). */
  private readonly toRun = new Map<ObjectKind, { all: Watching; always: Watching; whenKept: Watching; filtered: boolean }>();
  /**
   * After value edits, the rules that read none of the values edited: they keep all their findings;
   * and those that name the objects the edits may affect (Rule.affectedBy): they keep the others'.
   */
  private readonly keptWhole: Set<string>;
  /** Rules kept whole but for the objects they name: those objects, checked again by them. */
  private readonly affected = new Map<string, ReadonlySet<OpenApiObject>>();
  /** Rules whose findings of an untouched object are kept (but those kept whole: they would count twice). */
  private readonly keptRules: Set<string>;
  private readonly documentRules: ActiveRule[];
  private readonly referenceRules: ActiveRule[];
  private readonly recheck: ReadonlySet<Unit> | undefined;
  /** Every few rule calls: one call may be long (a rule on the Paths object of a huge document). */
  private readonly due = stepClock(4);
  private keptObjects = 0;

  constructor(
    private readonly analysis: Analysis,
    active: readonly ActiveRule[],
    private readonly earlier: EarlierFindings | undefined,
    private readonly workspace: WorkspaceUses | undefined,
  ) {
    this.documentRules = active.filter((r) => r.rule.checkDocument);
    this.referenceRules = active.filter((r) => r.rule.checkReference);
    this.recheck = earlier?.recheck;
    const valueEdits = earlier?.valueEdits;
    this.keptWhole = new Set();
    for (const { rule } of valueEdits ? active : []) {
      if (rule.local || !rule.readsValue) continue;
      if (!valueEdits!.some((e) => rule.readsValue!(e))) {
        this.keptWhole.add(rule.id);
        continue;
      }
      // Only a rule that checks objects alone: document and reference checks are not split by object.
      const objectsOnly = rule.checkObject && !rule.checkDocument && !rule.checkReference;
      const affected = objectsOnly && earlier?.before ? rule.affectedBy?.(valueEdits!, earlier.before, analysis) : undefined;
      if (!affected) continue;
      this.keptWhole.add(rule.id);
      this.affected.set(rule.id, new Set(affected));
    }
    const throughRefs = earlier?.referencedUnchanged(analysis) ?? false;
    const keeps = (rule: Rule) => Boolean(rule.local || (throughRefs && rule.localThroughRefs));
    this.keptRules = new Set(active.filter((r) => keeps(r.rule) && !this.keptWhole.has(r.rule.id)).map((r) => r.rule.id));
    this.planObjects(active, keeps);
  }

  /**
   * The rules of each kind with their contexts, looked up once per object rather than per call:
   * those whose findings are not kept whole, and of those, when the object's own findings are
   * kept, the ones that do not keep them.
   */
  private planObjects(active: readonly ActiveRule[], keeps: (rule: Rule) => boolean): void {
    const byKind = new Map<ObjectKind, Watching>();
    for (const rule of active) {
      const slot = this.slotOf(rule);
      for (const kind of rule.rule.kinds ?? []) {
        let list = byKind.get(kind);
        if (!list) byKind.set(kind, (list = []));
        list.push({ rule, state: this.contextFor(rule), slot, checkObject: rule.rule.checkObject! });
      }
    }
    for (const [kind, watching] of byKind) {
      const always = watching.filter((w) => !this.keptWhole.has(w.rule.rule.id));
      const filtered = watching.some((w) => w.slot >= 0);
      this.toRun.set(kind, { all: watching, always, whenKept: always.filter((w) => !keeps(w.rule.rule)), filtered });
    }
  }

  private slotOf(rule: ActiveRule): number {
    if (!rule.rule.members) return -1;
    for (const member of rule.rule.members) {
      let list = this.needing.get(member);
      if (!list) this.needing.set(member, (list = []));
      list.push(this.slots);
    }
    return this.slots++;
  }

  private contextFor(rule: ActiveRule): RuleState {
    let entry = this.contexts.get(rule);
    if (entry) return entry;
    const state: RuleState = { unit: undefined as unknown as Unit, doc: this.analysis.root, context: undefined as unknown as RuleContext };
    state.context = {
      analysis: this.analysis,
      version: this.analysis.version,
      workspace: this.workspace,
      options: rule.options,
      report: (report) => {
        if (this.documentReports) return void this.documentReports.push(report);
        let list = this.perUnit.get(state.unit);
        if (!list) this.perUnit.set(state.unit, (list = []));
        list.push(toDiagnostic(rule, report, state.doc));
      },
    };
    this.contexts.set(rule, (entry = state));
    return entry;
  }

  /** A rule that meets something it did not expect must not take the others down. */
  private crashed(rule: ActiveRule, where: string, e: unknown): void {
    this.crashes.push({ rule: rule.rule.id, where, error: (e as Error).stack ?? String(e) });
  }

  /** A loop, not push(...list): one unit can hold 100,000 findings, too many arguments for a call. */
  private append(unit: Unit, list: readonly Diagnostic[]): void {
    let existing = this.perUnit.get(unit);
    if (!existing) this.perUnit.set(unit, (existing = []));
    for (const d of list) existing.push(d);
  }

  *checkDocument(doc: SourceDocument): Steps<void> {
    for (const rule of this.documentRules) {
      if (this.keptWhole.has(rule.rule.id) && !this.recheck?.has(doc)) continue;
      const state = this.contextFor(rule);
      state.unit = doc;
      state.doc = doc;
      const started = this.times && performance.now();
      // The syntax errors of a 4 MB document with 100,000 duplicate keys, made into findings in
      // the rule's call, held the server for a second: its reports are made into findings after
      // the call, or at its pauses (a generator, like checkObject), a pause every so many.
      const reports: Report[] = (this.documentReports = []);
      try {
        const pauses = rule.rule.checkDocument!(doc, state.context);
        if (pauses) for (const _ of pauses) if (reports.length >= FINDINGS_PER_STEP) yield* this.findingsOf(rule, reports, doc);
      } catch (e) {
        this.crashed(rule, doc.path, e);
      } finally {
        this.documentReports = undefined;
      }
      yield* this.findingsOf(rule, reports, doc);
      if (this.times) this.times.add(rule.rule.id, started!);
      yield;
    }
  }

  /** A document rule's reports made into findings, a pause every so many; `reports` is emptied. */
  private *findingsOf(rule: ActiveRule, reports: Report[], doc: SourceDocument): Steps<void> {
    if (reports.length === 0) return;
    let list = this.perUnit.get(doc);
    if (!list) this.perUnit.set(doc, (list = []));
    for (let i = 0; i < reports.length; i++) {
      list.push(toDiagnostic(rule, reports[i], doc));
      if ((i + 1) % FINDINGS_PER_STEP === 0) yield;
    }
    reports.length = 0;
  }

  /**
   * With the objects to visit known (an edit that kept the analysis): the walk indexes of those,
   * and of every object of a kind some rule checks again even when the object is kept, in walk
   * order. The rest keep their findings (none), so a keystroke visits a few thousand objects of
   * 50,000 rather than looking at each. Undefined when every object is visited.
   */
  private visitOrder(toVisit: ReadonlySet<OpenApiObject> | undefined): Int32Array | undefined {
    if (!toVisit) return undefined;
    const { byKind } = this.analysis;
    const picked: number[] = [];
    const pickedKinds = new Set<ObjectKind>();
    for (const [kind, rules] of this.toRun) {
      if (rules.whenKept.length === 0) continue;
      pickedKinds.add(kind);
      for (const object of byKind.get(kind) ?? []) picked.push(this.analysis.indexOf(object));
    }
    const more = [...this.affected.values()].flatMap((objects) => [...objects].filter((o) => !toVisit.has(o)));
    for (const object of [...toVisit, ...more]) {
      if (pickedKinds.has(object.kind) || !this.toRun.has(object.kind)) continue;
      // The plan names objects of this same walk (an analysis kept through value edits).
      const index = this.analysis.indexOf(object);
      if (this.analysis.objects[index] === object) picked.push(index);
    }
    // An object both the plan and a rule name is visited once.
    return Int32Array.from(new Set(picked)).sort();
  }

  *checkObjects(): Steps<void> {
    const { toRun, needing, earlier, recheck, keptRules, due, times } = this;
    /** Per slot, the last object (its index) with a member the slot's rule needs. */
    const markedFor = new Int32Array(this.slots).fill(-1);
    const phase = times && performance.now();
    // Indexed loops: a generator's loops run unoptimized, where `for...of` allocates a result object
    // per item (33 MB per rule run on GitHub's description, 750,000 rule calls).
    const objects = this.analysis.objects;
    const visit = this.visitOrder(earlier?.objectsToVisit);
    let checked = 0;
    for (let v = 0, count = visit ? visit.length : objects.length; v < count; v++) {
      const i = visit ? visit[v] : v;
      const object = objects[i];
      const rules = toRun.get(object.kind);
      if (!rules) continue;
      checked++;
      const again = recheck?.has(object) ?? false;
      const kept = again ? undefined : earlier?.forObject(object, this.analysis);
      if (kept) {
        this.keptObjects++;
        if (kept.length > 0) {
          const list = kept.filter((d) => keptRules.has(d.rule));
          if (list.length > 0) this.append(object, list);
        }
      }
      let watching = again ? rules.all : kept ? rules.whenKept : rules.always;
      if (!again && this.affected.size > 0) watching = this.withAffected(watching, rules.all, object);
      const members = rules.filtered ? object.node.children ?? [] : undefined;
      if (members) {
        for (let m = 0; m < members.length; m++) {
          const marks = needing.get(members[m].key as string);
          if (marks) for (let k = 0; k < marks.length; k++) markedFor[marks[k]] = i;
        }
      }
      for (let j = 0; j < watching.length; j++) {
        const { rule, state, slot, checkObject } = watching[j];
        if (slot >= 0 && markedFor[slot] !== i) continue;
        if (due()) yield;
        state.unit = object;
        state.doc = object.doc;
        const started = times && performance.now();
        try {
          const pauses = checkObject.call(rule.rule, object, state.context);
          if (pauses) for (const _ of pauses) if (due()) yield;
        } catch (e) {
          this.crashed(rule, `${object.doc.path}#${object.node.pointer}`, e);
        }
        if (times) times.add(rule.rule.id, started!);
      }
    }
    // Objects passed by without a look keep their findings (they have none) as the others do.
    if (visit) this.keptObjects += this.objectsRulesWatch() - checked;
    if (times) times.add('(all objects)', phase!);
  }

  /** The rules to run on an object, with those kept whole but for it (Rule.affectedBy). */
  private withAffected(watching: Watching, all: Watching, object: OpenApiObject): Watching {
    let more: Watching | undefined;
    for (const w of all) {
      if (this.affected.get(w.rule.rule.id)?.has(object) && !watching.includes(w)) (more ??= [...watching]).push(w);
    }
    return more ?? watching;
  }

  /** How many of the analysis's objects are of a kind some rule watches. */
  private objectsRulesWatch(): number {
    let count = 0;
    for (const kind of this.toRun.keys()) count += this.analysis.byKind.get(kind)?.length ?? 0;
    return count;
  }

  *checkReferences(): Steps<void> {
    const { earlier, recheck, keptWhole, due, times } = this;
    const phase = times && performance.now();
    const referencesToVisit = earlier?.referencesToVisit;
    for (const reference of this.analysis.references) {
      if (referencesToVisit && !referencesToVisit.has(reference)) continue;
      if (due()) yield;
      const again = recheck?.has(reference) ?? false;
      const kept = again ? undefined : earlier?.forReference?.(reference);
      if (kept) {
        if (kept.length > 0) this.append(reference, kept.filter((d) => !keptWhole.has(d.rule)));
        continue;
      }
      for (const rule of this.referenceRules) {
        if (keptWhole.has(rule.rule.id) && !again) continue;
        const state = this.contextFor(rule);
        state.unit = reference;
        state.doc = reference.doc;
        const started = times && performance.now();
        try {
          rule.rule.checkReference!(reference, state.context);
        } catch (e) {
          this.crashed(rule, `${reference.doc.path}#${reference.holder.pointer}`, e);
        }
        if (times) times.add(`${rule.rule.id} (refs)`, started!);
      }
    }
    if (times) times.add('(all references)', phase!);
  }

  /** The findings of rules kept whole added; each finding once (an object reached from several roots), sorted. */
  *result(): Steps<EngineResult> {
    const { perUnit, keptWhole, due, times } = this;
    const phase = times && performance.now();
    const { affected } = this;
    // A rule's findings of the objects it named were made again in this run.
    const keptFor = (unit: Unit) => (d: Diagnostic) => !affected.get(d.rule)?.has(unit as OpenApiObject);
    if (keptWhole.size > 0) {
      for (const [unit, list] of this.earlier!.findingsOf!(keptWhole)) this.append(unit, affected.size > 0 ? list.filter(keptFor(unit)) : list);
    }
    if (times) times.add('(kept whole)', phase!);
    times?.print();
    const unique = new UniqueFindings();
    for (const list of perUnit.values()) {
      for (let i = 0; i < list.length; i++) {
        unique.add(list[i]);
        if (due()) yield;
      }
    }
    const diagnostics = yield* sortSteps(unique.kept, compareFindings);
    return { diagnostics, perUnit, crashes: this.crashes, keptObjects: this.keptObjects };
  }
}
