// The diff engine: matches the objects of two versions (operations by method and path shape,
// parameters by location and name, media types, status codes, headers, schema properties and
// alternatives) and hands each matched pair, or the side that has no match, to the change kinds
// that watch it. Schemas are compared once per pair of schema objects and direction, whichever
// operation reaches them first: a schema many operations share is reported once, at its place,
// and recursive schemas end.
import { SyntaxNode } from '../syntax/tree';
import { parameterKey, templateParams } from '../model/operations';
import { alternativeName } from './facts';
import { flag, keyword, SchemaView } from './schema-view';
import { DiffSide, operationKey, operationLabel, operationsOf, pathShape } from './side';
import {
  At,
  Change,
  ChangeKind,
  ChangeReport,
  CompareContext,
  DiffLevel,
  Direction,
  OperationAt,
  ParameterAt,
  Place,
  Site,
  SiteKind,
  Spot,
} from './types';

/** Schema pairs compared in one diff, at most (each once per direction): a bound on any input. */
const MAX_SCHEMA_PAIRS = 1_000_000;
/** Longest property path shown in a message; a deeper one keeps its end. */
const MAX_PATH = 120;
/** Longest value quoted in a message. */
const MAX_QUOTED = 200;

export interface KindSetting {
  kind: ChangeKind;
  level: DiffLevel;
}

export interface KindCrash {
  kind: string;
  error: string;
}

/** A schema pair compared: base schema, new schema, direction bit (1 request, 2 response). */
export type SchemaPairKey = [SyntaxNode, SyntaxNode, number];

interface SchemaPair {
  base: At;
  new: At;
  direction: Direction;
  where: string;
  path: string;
  label: string;
}

/** How messages name the operations that follow the root's security requirements. */
const ROOT_SECURITY = 'Every operation without security requirements of its own';

/** Whose roles turn around in a callback: the API sends its request, the client answers. */
const flip = (direction: Direction): Direction => (direction === 'request' ? 'response' : 'request');

export class DiffEngine {
  readonly changes: Change[] = [];
  readonly crashes: KindCrash[] = [];
  /** The comparison stopped at MAX_SCHEMA_PAIRS. */
  truncated = false;
  private readonly bySite = new Map<SiteKind, { setting: KindSetting; context: CompareContext }[]>();
  private readonly reported = new Set<string>();
  private readonly compared = new Map<SyntaxNode, Map<SyntaxNode, number>>();
  private pairs = 0;
  private readonly schemaQueue: SchemaPair[] = [];
  /** The operation being compared, for the changes found meanwhile. */
  private operation: string | undefined;
  /** Its key (`get /pets/{}`), or '' for the document-level sites. */
  private key = '';
  /**
   * What an editor needs to compare again only the operations an edit touched (see session.ts):
   * each operation's changes, the new version's nodes its comparison read (with their subtrees),
   * and the schema pairs it compared first.
   */
  readonly changesOf = new Map<string, Change[]>();
  readonly readBy = new Map<SyntaxNode, string[]>();
  readonly pairsOf = new Map<string, SchemaPairKey[]>();

  constructor(
    readonly base: DiffSide,
    readonly next: DiffSide,
    kinds: readonly KindSetting[],
  ) {
    for (const setting of kinds) {
      // One context per kind, made once: a diff dispatches tens of thousands of sites.
      const context: CompareContext = { report: (report) => this.record(setting, report) };
      for (const site of setting.kind.sites) {
        let list = this.bySite.get(site);
        if (!list) this.bySite.set(site, (list = []));
        list.push({ setting, context });
      }
    }
  }

  /** The whole diff: document-level sites, then each operation of either version. */
  run(): Change[] {
    this.compareDocumentSites();
    for (const [key, operation] of this.base.operations)
      this.compareOperationKey(key, operation, this.next.operations.get(key));
    for (const [key, operation] of this.next.operations)
      if (!this.base.operations.has(key)) this.compareOperationKey(key, undefined, operation);
    return this.changes;
  }

  /**
   * One operation by its key (`get /pets/{}`): what the editor re-runs for the operations an edit
   * touched. Its schema comparisons are done here too, so the changes found are this operation's.
   */
  compareOperationKey(key: string, base: OperationAt | undefined, next: OperationAt | undefined): void {
    const any = (next ?? base)!;
    const label = operationLabel(any.method, any.path);
    this.operation = label;
    this.key = key;
    if (next) this.read(next, next.pathItem, next.pathMember);
    const shape = key.slice(key.indexOf(' ') + 1);
    if (base && next) this.compareOperation(base, next, label, false);
    else if (base)
      this.dispatch({ site: 'operation', label, base, newParent: this.next.pathMembers.get(shape) ?? this.next.paths });
    else
      this.dispatch({
        site: 'operation',
        label,
        new: next,
        baseParent: this.base.pathMembers.get(shape) ?? this.base.paths,
      });
    this.drainSchemas();
    this.operation = undefined;
    this.key = '';
  }

  /** Marks schema pairs as compared already (by operations an editor does not compare again). */
  seedPairs(pairs: readonly SchemaPairKey[]): void {
    for (const [base, next, bits] of pairs) {
      let byNew = this.compared.get(base);
      if (!byNew) this.compared.set(base, (byNew = new Map()));
      byNew.set(next, (byNew.get(next) ?? 0) | bits);
    }
  }

  /** Records that the current operation's comparison read these nodes of the new version. */
  private read(...read: (At | undefined)[]): void {
    for (const at of read) {
      if (!at) continue;
      const keys = this.readBy.get(at.node);
      if (!keys) this.readBy.set(at.node, [this.key]);
      else if (keys[keys.length - 1] !== this.key) keys.push(this.key);
    }
  }

  // ---- document ------------------------------------------------------------------------------

  /** The sites of the whole description: servers and security schemes. */
  compareDocumentSites(): void {
    const baseRoot = { node: this.base.root.root!, doc: this.base.root };
    const newRoot = { node: this.next.root.root!, doc: this.next.root };
    this.dispatch({
      site: 'servers',
      base: member(baseRoot, 'servers'),
      new: member(newRoot, 'servers'),
      baseRoot,
      newRoot,
    });
    this.dispatch({
      site: 'security',
      label: ROOT_SECURITY,
      base: member(baseRoot, 'security'),
      new: member(newRoot, 'security'),
      baseOperation: baseRoot,
      newOperation: newRoot,
      schemeNames: schemeNames(this.base, this.next),
    });
    const baseSchemes = securitySchemes(this.base);
    const newSchemes = securitySchemes(this.next);
    for (const [name, base] of baseSchemes) {
      const next = newSchemes.get(name);
      if (next) this.dispatch({ site: 'securityScheme', name, base, new: next });
    }
  }

  // ---- operations ----------------------------------------------------------------------------

  private compareOperation(base: OperationAt, next: OperationAt, label: string, callback: boolean): void {
    this.dispatch({ site: 'operation', label, base, new: next });
    const request: Direction = callback ? 'response' : 'request';
    if (callback) this.read(next);
    if (!callback) {
      // An operation that follows the root's requirements in both versions is covered by the root's
      // comparison (compareDocumentSites): a new global requirement is one change, not one per operation.
      if (member(base, 'security') || member(next, 'security')) {
        const newSecurity = security(this.next, next);
        this.read(newSecurity);
        this.dispatch({
          site: 'security',
          label,
          base: security(this.base, base),
          new: newSecurity,
          baseOperation: base,
          newOperation: next,
          schemeNames: schemeNames(this.base, this.next),
        });
      }
      this.compareParameters(base, next, label);
    }
    this.compareRequestBody(base, next, label, request);
    this.compareResponses(base, next, label, flip(request));
    if (!callback) this.compareCallbacks(base, next, label);
  }

  private compareParameters(base: OperationAt, next: OperationAt, label: string): void {
    const baseParameters = parametersOf(this.base, base);
    const newParameters = parametersOf(this.next, next);
    const unmatchedNew = new Map(newParameters);
    const unmatchedBase: ParameterAt[] = [];
    for (const [key, parameter] of baseParameters) {
      const match = newParameters.get(key);
      if (match) {
        unmatchedNew.delete(key);
        this.compareParameter(parameter, match, base, next, label);
      } else unmatchedBase.push(parameter);
    }
    for (const parameter of unmatchedBase) {
      // The same name at another location: the parameter moved (a different place to send it).
      let moved: ParameterAt | undefined;
      for (const [key, candidate] of unmatchedNew) {
        if (
          candidate.name.toLowerCase() === parameter.name.toLowerCase() &&
          candidate.in !== 'path' &&
          parameter.in !== 'path'
        ) {
          moved = candidate;
          unmatchedNew.delete(key);
          break;
        }
      }
      if (moved) this.compareParameter(parameter, moved, base, next, label);
      else this.dispatch({ site: 'parameter', label, base: parameter, baseOperation: base, newOperation: next });
    }
    for (const parameter of unmatchedNew.values())
      this.dispatch({ site: 'parameter', label, new: parameter, baseOperation: base, newOperation: next });
  }

  private compareParameter(
    base: ParameterAt,
    next: ParameterAt,
    baseOperation: At,
    newOperation: At,
    label: string,
  ): void {
    this.read(next);
    this.dispatch({ site: 'parameter', label, base, new: next, baseOperation, newOperation });
    const baseSchema = parameterSchema(base);
    const newSchema = parameterSchema(next);
    if (baseSchema && newSchema) {
      const where = `the parameter "${quoted(next.name)}" (${next.in}) of ${label}`;
      this.pushSchema({ base: baseSchema, new: newSchema, direction: 'request', where, path: '', label });
    }
  }

  private compareRequestBody(base: OperationAt, next: OperationAt, label: string, direction: Direction): void {
    const bodyBase = resolvedObject(this.base, member(base, 'requestBody'));
    const bodyNew = resolvedObject(this.next, member(next, 'requestBody'));
    this.read(bodyNew);
    this.dispatch({
      site: 'requestBody',
      label,
      base: bodyBase,
      new: bodyNew,
      baseOperation: base,
      newOperation: next,
      direction,
    });
    if (bodyBase && bodyNew) {
      // A callback's label names the callback: `the request body of the callback "onEvent" (...) of POST /subscriptions`.
      const where = `the request body of ${label}`;
      this.compareContent(bodyBase, bodyNew, where, label, direction);
    }
  }

  private compareContent(baseOwner: At, newOwner: At, where: string, label: string, direction: Direction): void {
    const baseContent = member(baseOwner, 'content');
    const newContent = member(newOwner, 'content');
    const baseTypes = mediaTypes(baseContent);
    const newTypes = mediaTypes(newContent);
    const baseAt = baseContent ?? baseOwner;
    const newAt = newContent ?? newOwner;
    for (const [type, base] of baseTypes) {
      const next = newTypes.get(type);
      this.dispatch({
        site: 'mediaType',
        label,
        where,
        mediaType: String(base.node.key),
        base,
        new: next,
        baseContent: baseAt,
        newContent: newAt,
        direction,
      });
      const baseSchema = next && member(base, 'schema');
      const newSchema = next && member(next, 'schema');
      if (baseSchema && newSchema)
        this.pushSchema({
          base: baseSchema,
          new: newSchema,
          direction,
          where: `${where} (${quoted(String(next!.node.key))})`,
          path: '',
          label,
        });
    }
    for (const [type, next] of newTypes) {
      if (baseTypes.has(type)) continue;
      this.dispatch({
        site: 'mediaType',
        label,
        where,
        mediaType: String(next.node.key),
        new: next,
        baseContent: baseAt,
        newContent: newAt,
        direction,
      });
    }
  }

  private compareResponses(base: OperationAt, next: OperationAt, label: string, direction: Direction): void {
    const baseResponses = member(base, 'responses');
    const newResponses = member(next, 'responses');
    const baseCodes = responses(this.base, baseResponses);
    const newCodes = responses(this.next, newResponses);
    const ownerBase = baseResponses ?? base;
    const ownerNew = newResponses ?? next;
    const matchedNew = new Set<string>();
    for (const [code, response] of baseCodes) {
      const matchCode = newCodes.has(code) ? code : coveringCode(code, newCodes);
      const match = matchCode === undefined ? undefined : newCodes.get(matchCode);
      if (matchCode !== undefined) matchedNew.add(matchCode);
      this.dispatch({
        site: 'response',
        label,
        code,
        base: response,
        new: match,
        baseResponses: ownerBase,
        newResponses: ownerNew,
        direction,
      });
      if (match)
        this.compareResponse(
          resolvedObject(this.base, response)!,
          resolvedObject(this.next, match)!,
          code,
          label,
          direction,
        );
    }
    for (const [code, response] of newCodes) {
      if (matchedNew.has(code) || coveringCode(code, baseCodes) !== undefined) continue;
      this.dispatch({
        site: 'response',
        label,
        code,
        new: response,
        baseResponses: ownerBase,
        newResponses: ownerNew,
        direction,
      });
    }
  }

  private compareResponse(base: At, next: At, code: string, label: string, direction: Direction): void {
    this.read(next);
    const where = `the response ${code} of ${label}`;
    this.compareContent(base, next, where, label, direction);
    const baseHeaders = headers(this.base, member(base, 'headers'));
    const newHeaders = headers(this.next, member(next, 'headers'));
    for (const [key, header] of baseHeaders) {
      const match = newHeaders.get(key);
      const name = String(header.use.node.key);
      this.read(match?.at);
      this.dispatch({
        site: 'header',
        label,
        where,
        name,
        base: header.use,
        new: match?.use,
        baseOwner: base,
        newOwner: next,
        direction,
      });
      const baseSchema = match && member(header.at, 'schema');
      const newSchema = match && member(match.at, 'schema');
      if (baseSchema && newSchema) {
        this.pushSchema({
          base: baseSchema,
          new: newSchema,
          direction,
          where: `the header "${quoted(name)}" of ${where}`,
          path: '',
          label,
        });
      }
    }
  }

  private compareCallbacks(base: OperationAt, next: OperationAt, label: string): void {
    const baseCallbacks = callbackOperations(this.base, base);
    const newCallbacks = callbackOperations(this.next, next);
    for (const [key, callback] of baseCallbacks) {
      const match = newCallbacks.get(key);
      const callbackLabel = `the callback "${quoted(callback.callback!.name)}" (${operationLabel(callback.method, callback.path)}) of ${label}`;
      if (match) this.compareOperation(callback, match, callbackLabel, true);
      else
        this.dispatch({
          site: 'operation',
          label: callbackLabel,
          base: callback,
          newParent: member(next, 'callbacks') ?? next,
        });
    }
  }

  // ---- schemas -------------------------------------------------------------------------------

  private pushSchema(pair: SchemaPair): void {
    this.schemaQueue.push(pair);
  }

  private drainSchemas(): void {
    // A queue, not recursion: a schema nested a thousand levels deep needs no deep stack.
    for (let i = 0; i < this.schemaQueue.length; i++) this.compareSchemaPair(this.schemaQueue[i]);
    this.schemaQueue.length = 0;
  }

  private compareSchemaPair(pair: SchemaPair): void {
    const base = this.base.schema(pair.base);
    const next = this.next.schema(pair.new);
    if (!base || !next) return;
    if (!this.firstTime(base.at.node, next.at.node, pair.direction)) return;
    this.read(...next.parts);
    const { direction, where, path, label } = pair;
    // Most schemas of two releases are written the same: without a `$ref` below, nothing can differ;
    // with one, only what the references reach can (and allOf merges what they reach).
    const same = sameText(base.at, next.at);
    if (same === 'without-refs') return;
    if (!same || base.parts.length > 1 || next.parts.length > 1)
      this.dispatch({ site: 'schema', label, where, path, direction, base, new: next });
    this.compareProperties(base, next, pair);
    const items = [keyword(base, 'items'), keyword(next, 'items')];
    if (items[0] && items[1])
      this.pushSchema({ base: items[0], new: items[1], direction, where, path: childPath(path, '[]'), label });
    const extra = [keyword(base, 'additionalProperties'), keyword(next, 'additionalProperties')];
    if (extra[0]?.node.kind === 'object' && extra[1]?.node.kind === 'object') {
      this.pushSchema({ base: extra[0], new: extra[1], direction, where, path: childPath(path, '{}'), label });
    }
    if (base.alternatives || next.alternatives) this.compareAlternatives(base, next, pair);
  }

  private firstTime(base: SyntaxNode, next: SyntaxNode, direction: Direction): boolean {
    let byNew = this.compared.get(base);
    if (!byNew) this.compared.set(base, (byNew = new Map()));
    const bit = direction === 'request' ? 1 : 2;
    const seen = byNew.get(next) ?? 0;
    if (seen & bit) return false;
    if (++this.pairs > MAX_SCHEMA_PAIRS) {
      this.truncated = true;
      return false;
    }
    byNew.set(next, seen | bit);
    let owned = this.pairsOf.get(this.key);
    if (!owned) this.pairsOf.set(this.key, (owned = []));
    owned.push([base, next, bit]);
    return true;
  }

  private compareProperties(base: SchemaView, next: SchemaView, pair: SchemaPair): void {
    for (const name of base.properties.keys()) this.compareProperty(name, base, next, pair);
    for (const name of next.properties.keys())
      if (!base.properties.has(name)) this.compareProperty(name, base, next, pair);
  }

  private compareProperty(name: string, base: SchemaView, next: SchemaView, pair: SchemaPair): void {
    const { direction, where, path, label } = pair;
    const baseProperty = base.properties.get(name);
    const newProperty = next.properties.get(name);
    // What a version marks read-only is never sent by clients; write-only is never sent to them.
    const hidden = direction === 'request' ? 'readOnly' : 'writeOnly';
    const shown = newProperty
      ? this.next.schema(newProperty.member)
      : baseProperty && this.base.schema(baseProperty.member);
    if (shown && flag(shown, hidden)) return;
    const propertyPath = childPath(path, name);
    this.dispatch({
      site: 'property',
      label,
      where,
      path: propertyPath,
      direction,
      base: baseProperty,
      new: newProperty,
      baseSchema: base,
      newSchema: next,
    });
    if (baseProperty && newProperty)
      this.pushSchema({
        base: baseProperty.member,
        new: newProperty.member,
        direction,
        where,
        path: propertyPath,
        label,
      });
  }

  /**
   * oneOf/anyOf alternatives matched by their content, then by name (the `$ref`'s last segment or
   * `title`), then the one left on each side with each other; a schema without alternatives is
   * one alternative, itself.
   */
  private compareAlternatives(base: SchemaView, next: SchemaView, pair: SchemaPair): void {
    const baseList = base.alternatives ?? [base.use];
    const newList = next.alternatives ?? [next.use];
    const baseKeys = baseList.map((at) => alternativeKeys(this.base, at));
    const newKeys = newList.map((at) => alternativeKeys(this.next, at));
    const matched = new Array<number>(baseList.length).fill(-1);
    const taken = new Set<number>();
    for (const which of ['shape', 'name'] as const) {
      baseList.forEach((_, i) => {
        if (matched[i] >= 0 || baseKeys[i][which] === undefined) return;
        const j = newKeys.findIndex((keys, j) => !taken.has(j) && keys[which] === baseKeys[i][which]);
        if (j >= 0) ((matched[i] = j), taken.add(j));
      });
    }
    const baseLeft = baseList.map((_, i) => i).filter((i) => matched[i] < 0);
    const newLeft = newList.map((_, j) => j).filter((j) => !taken.has(j));
    const { direction, where, path, label } = pair;
    if (baseLeft.length === 1 && newLeft.length === 1) {
      matched[baseLeft[0]] = newLeft[0];
      taken.add(newLeft[0]);
    } else if (!base.alternatives && baseLeft.length === 1 && newLeft.length > 1) {
      // One schema became a choice: it is compared with the alternative most like it; the others are new.
      // For what clients send, a choice accepts more: only an alternative alone of the schema's type
      // can have narrowed it (two strings with an enum each together accept what one did).
      const candidates = newLeft.map((j) => this.next.schema(newList[j]));
      if (direction === 'request' && !aloneOfItsType(this.base.schema(base.use), candidates)) return;
      const j = newLeft[closest(this.base.schema(base.use), candidates)];
      matched[baseLeft[0]] = j;
      taken.add(j);
    } else if (!next.alternatives && newLeft.length === 1 && baseLeft.length > 1) {
      // A choice became one schema: the alternative most like it is compared with it; the others are gone.
      // For what clients read, one schema is less than a choice: likewise compared only when alone of its type.
      const candidates = baseLeft.map((i) => this.base.schema(baseList[i]));
      if (direction === 'response' && !aloneOfItsType(this.next.schema(next.use), candidates)) return;
      const i = baseLeft[closest(this.next.schema(next.use), candidates)];
      matched[i] = newLeft[0];
      taken.add(newLeft[0]);
    }
    // Changes inside an alternative name it in their path: `payload<IssueCommentEvent>.comment`.
    const several = baseList.length > 1 || newList.length > 1;
    baseList.forEach((at, i) => {
      if (matched[i] >= 0) {
        const other = newList[matched[i]];
        const named = next.alternatives ? other : at;
        const alternativePath = several
          ? `${path}<${bare(alternativeName(named, (next.alternatives ? this.next : this.base).schema(named), next.alternatives ?? base.alternatives))}>`
          : path;
        this.pushSchema({ base: at, new: other, direction, where, path: alternativePath, label });
      } else {
        const name = alternativeName(at, this.base.schema(at), base.alternatives);
        this.dispatch({
          site: 'alternative',
          label,
          where,
          path,
          direction,
          name,
          base: at,
          baseSchema: base,
          newSchema: next,
        });
      }
    });
    newList.forEach((at, j) => {
      if (taken.has(j)) return;
      const name = alternativeName(at, this.next.schema(at), next.alternatives);
      this.dispatch({
        site: 'alternative',
        label,
        where,
        path,
        direction,
        name,
        new: at,
        baseSchema: base,
        newSchema: next,
      });
    });
  }

  // ---- reporting -----------------------------------------------------------------------------

  private dispatch(site: Site): void {
    const watchers = this.bySite.get(site.site);
    if (!watchers) return;
    for (const { setting, context } of watchers) {
      try {
        setting.kind.compare(site as never, context);
      } catch (e) {
        this.crashes.push({ kind: setting.kind.id, error: (e as Error).stack ?? String(e) });
      }
    }
  }

  private record(setting: KindSetting, report: ChangeReport): void {
    const template = setting.kind.messages[report.messageId] ?? report.messageId;
    const message = template.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = report.data?.[name];
      return value === undefined ? whole : shortened(String(value), MAX_QUOTED);
    });
    const change: Change = {
      kind: setting.kind.id,
      level: setting.level,
      message,
      spots: { base: report.base, new: report.new },
    };
    if (report.base) change.base = placeOf(report.base);
    if (report.new) change.new = placeOf(report.new);
    if (this.operation) change.operation = this.operation;
    const key = [change.kind, placeKey(change.base), placeKey(change.new), message].join('\0');
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.changes.push(change);
    let ofKey = this.changesOf.get(this.key);
    if (!ofKey) this.changesOf.set(this.key, (ofKey = []));
    ofKey.push(change);
  }
}

// ---- helpers the engine and the kinds share --------------------------------------------------

/**
 * Whether two nodes are written alike, character for character: `without-refs` when, besides,
 * no `$ref` is inside (then they are the same whatever the rest of the documents say).
 */
function sameText(base: At, next: At): false | 'with-refs' | 'without-refs' {
  const { node } = base;
  if (node.length !== next.node.length) return false;
  const text = base.doc.source.slice(node.offset, node.end);
  if (text !== next.doc.source.slice(next.node.offset, next.node.end)) return false;
  return text.includes('$ref') ? 'with-refs' : 'without-refs';
}

/** Whether exactly one of some schemas has the type of another. */
function aloneOfItsType(view: SchemaView | undefined, candidates: readonly (SchemaView | undefined)[]): boolean {
  const type = view && keyword(view, 'type')?.node.value;
  return candidates.filter((candidate) => candidate && keyword(candidate, 'type')?.node.value === type).length === 1;
}

/** An alternative's name without its quotes, for a path. */
function bare(name: string): string {
  return name.replace(/^"(.*)"$/, '$1');
}

/** Which of some schemas is most like one: the most property names in common, then the same type; the first on a tie. */
function closest(view: SchemaView | undefined, candidates: readonly (SchemaView | undefined)[]): number {
  let best = 0;
  let bestScore = -1;
  candidates.forEach((candidate, i) => {
    if (!candidate || !view) return;
    let score = 0;
    for (const name of candidate.properties.keys()) if (view.properties.has(name)) score += 2;
    if (keyword(candidate, 'type')?.node.value === keyword(view, 'type')?.node.value) score += 1;
    if (score > bestScore) ((best = i), (bestScore = score));
  });
  return best;
}

/** The object a node stands for, when it resolves to an object. */
function resolvedObject(side: DiffSide, at: At | undefined): At | undefined {
  const target = at && side.resolve(at);
  return target?.node.kind === 'object' ? target : undefined;
}

export function member(at: At, key: string): At | undefined {
  const node = at.node.kind === 'object' ? at.node.get(key) : undefined;
  return node ? { node, doc: at.doc } : undefined;
}

function placeKey(place: Place | undefined): string {
  return place ? `${place.doc.path}:${place.offset}:${place.length}` : '';
}

/** A spot as offsets: a key, a value, or an object's anchor (its key, or its first key). */
export function placeOf(spot: Spot): Place {
  if (!('node' in spot)) return spot;
  const { node, doc } = spot;
  const part = spot.part ?? 'anchor';
  // A collection's value spans lines: its key says where it is.
  if ((part !== 'value' || node.children) && node.keyOffset >= 0)
    return { doc, offset: node.keyOffset, length: node.keyLength };
  if (part === 'value' || !node.children) return { doc, offset: node.offset, length: node.length };
  const first = node.children[0];
  if (first && first.keyOffset >= 0) return { doc, offset: first.keyOffset, length: first.keyLength };
  return { doc, offset: node.offset, length: Math.min(node.length, 1) };
}

/** A text cut to `max` characters, with "…" when cut. */
export function shortened(text: string, max = MAX_QUOTED): string {
  return text.length <= max ? text : text.slice(0, max - 1) + '…';
}

export function quoted(text: string): string {
  return shortened(text, MAX_QUOTED);
}

function childPath(path: string, name: string): string {
  const joined = name === '[]' || name === '{}' ? path + name : path ? `${path}.${name}` : name;
  return joined.length <= MAX_PATH ? joined : '…' + joined.slice(joined.length - MAX_PATH + 1);
}

/** What the messages of schema changes name: `"owner.name" in the request body of POST /pets`. */
export function target(site: { where: string; path: string }): string {
  return site.path ? `"${site.path}" in ${site.where}` : site.where;
}

/** The same at the start of a sentence. */
export function Target(site: { where: string; path: string }): string {
  const text = target(site);
  return text[0].toUpperCase() + text.slice(1);
}

function securitySchemes(side: DiffSide): Map<string, At> {
  const found = new Map<string, At>();
  const root = side.root.root;
  const schemes = root?.kind === 'object' ? root.get('components')?.get('securitySchemes') : undefined;
  if (schemes?.kind !== 'object') return found;
  for (const entry of schemes.children!) {
    const scheme = side.resolve({ node: entry, doc: side.root });
    if (scheme && scheme.node.kind === 'object') found.set(entry.key as string, scheme);
  }
  return found;
}

/** A security scheme's identity for a client: what it sends, where, and to which URLs. */
function schemeFingerprint(scheme: At): string {
  const node = scheme.node;
  const field = (key: string) => node.get(key)?.value ?? '';
  const flows = node.get('flows');
  const flowKeys =
    flows?.kind === 'object'
      ? flows
          .children!.map((f) => `${f.key}:${f.get('tokenUrl')?.value ?? ''}:${f.get('authorizationUrl')?.value ?? ''}`)
          .sort()
      : [];
  return [
    field('type'),
    field('in'),
    String(field('name')).toLowerCase(),
    String(field('scheme')).toLowerCase(),
    field('openIdConnectUrl'),
    ...flowKeys,
  ].join('\0');
}

const schemeNameMaps = new WeakMap<DiffSide, WeakMap<DiffSide, Map<string, string>>>();

/** Each base scheme name's name in the new version: the same name, or a renamed scheme that is the same. */
function schemeNames(base: DiffSide, next: DiffSide): Map<string, string> {
  let byNext = schemeNameMaps.get(base);
  if (!byNext) schemeNameMaps.set(base, (byNext = new WeakMap()));
  const known = byNext.get(next);
  if (known) return known;
  const baseSchemes = securitySchemes(base);
  const newSchemes = securitySchemes(next);
  const names = new Map<string, string>();
  const unclaimed = new Map<string, string>();
  for (const [name, scheme] of newSchemes) if (!baseSchemes.has(name)) unclaimed.set(schemeFingerprint(scheme), name);
  for (const [name, scheme] of baseSchemes) {
    if (newSchemes.has(name)) names.set(name, name);
    else {
      const renamed = unclaimed.get(schemeFingerprint(scheme));
      if (renamed) names.set(name, renamed);
    }
  }
  byNext.set(next, names);
  return names;
}

function security(side: DiffSide, operation: OperationAt): At | undefined {
  const own = member(operation, 'security');
  if (own) return own;
  const root = side.root.root!;
  return member({ node: root, doc: side.root }, 'security');
}

/** An operation's parameters after path-level inheritance, keyed by what identifies them to a client. */
function parametersOf(side: DiffSide, operation: OperationAt): Map<string, ParameterAt> {
  const found = new Map<string, ParameterAt>();
  let template: string[] | undefined;
  for (const owner of [operation.pathItem, operation as At]) {
    const list = member(owner, 'parameters');
    if (list?.node.kind !== 'array') continue;
    for (const entry of list.node.children!) {
      const use = { node: entry, doc: list.doc };
      const parameter = side.resolve(use);
      if (!parameter || parameter.node.kind !== 'object') continue;
      const name = parameter.node.get('name')?.stringValue;
      const location = parameter.node.get('in')?.stringValue;
      if (name === undefined || location === undefined) continue;
      // A path parameter is its place in the path: renaming `{id}` to `{petId}` changes nothing for clients.
      const key =
        location === 'path'
          ? `path#${(template ??= templateParams(operation.path).map((p) => p.name)).indexOf(name)}`
          : parameterKey(name, location);
      // Object literals, not spreads: spreading is slow in code that runs once, cold, per parameter.
      found.set(key, { node: parameter.node, doc: parameter.doc, use, name, in: location });
    }
  }
  return found;
}

function parameterSchema(parameter: ParameterAt): At | undefined {
  const schema = member(parameter, 'schema');
  if (schema) return schema;
  const content = parameter.node.get('content');
  const first = content?.kind === 'object' ? content.children![0] : undefined;
  return first ? member({ node: first, doc: parameter.doc }, 'schema') : undefined;
}

/** `application/json; charset=utf-8` and `Application/JSON` are `application/json` to a client. */
function mediaTypes(content: At | undefined): Map<string, At> {
  const found = new Map<string, At>();
  if (content?.node.kind !== 'object') return found;
  for (const entry of content.node.children!) {
    const key = String(entry.key).toLowerCase().split(';')[0].trim();
    if (!found.has(key)) found.set(key, { node: entry, doc: content.doc });
  }
  return found;
}

function responses(side: DiffSide, node: At | undefined): Map<string, At> {
  const found = new Map<string, At>();
  if (node?.node.kind !== 'object') return found;
  for (const entry of node.node.children!) {
    const code = String(entry.key).toUpperCase() === 'DEFAULT' ? 'default' : String(entry.key).toUpperCase();
    if (code.startsWith('X-')) continue;
    const response = side.resolve({ node: entry, doc: node.doc });
    // Places are the member (its key is the status code); its content is the resolved object.
    if (response && response.node.kind === 'object') found.set(code, { node: entry, doc: node.doc });
  }
  return found;
}

/** The range (`4XX`) that answers for a status code one version lists and the other does not. */
function coveringCode(code: string, codes: ReadonlyMap<string, At>): string | undefined {
  if (!/^\d{3}$/.test(code)) return undefined;
  const range = `${code[0]}XX`;
  return codes.has(range) ? range : undefined;
}

function headers(side: DiffSide, node: At | undefined): Map<string, { use: At; at: At }> {
  const found = new Map<string, { use: At; at: At }>();
  if (node?.node.kind !== 'object') return found;
  for (const entry of node.node.children!) {
    const use = { node: entry, doc: node.doc };
    const at = side.resolve(use);
    if (at && at.node.kind === 'object') found.set(String(entry.key).toLowerCase(), { use, at });
  }
  return found;
}

/** An operation's callback operations by callback name, expression and method. */
function callbackOperations(side: DiffSide, operation: OperationAt): Map<string, OperationAt> {
  const found = new Map<string, OperationAt>();
  const callbacks = member(operation, 'callbacks');
  if (callbacks?.node.kind !== 'object') return found;
  for (const entry of callbacks.node.children!) {
    const callback = side.resolve({ node: entry, doc: callbacks.doc });
    if (!callback || callback.node.kind !== 'object') continue;
    for (const expression of callback.node.children!) {
      const expressionAt = { node: expression, doc: callback.doc };
      const pathItem = side.resolve(expressionAt);
      if (!pathItem || pathItem.node.kind !== 'object') continue;
      for (const op of operationsOf(pathItem, String(expression.key), expressionAt)) {
        op.callback = { name: String(entry.key), expression: String(expression.key) };
        found.set(`${entry.key}\0${operationKey(op.method, String(expression.key))}`, op);
      }
    }
  }
  return found;
}

/** What matches an alternative to one of the other version: its content's outline, and its name. */
function alternativeKeys(side: DiffSide, use: At): { shape?: string; name?: string } {
  const view = side.schema(use);
  if (!view) return {};
  const ref = use.node.kind === 'object' ? use.node.get('$ref')?.stringValue : undefined;
  const name = ref ? ref.slice(ref.lastIndexOf('/') + 1) : (keyword(view, 'title')?.node.stringValue ?? undefined);
  const value = (name: string) => {
    const node = keyword(view, name)?.node;
    return node ? shortened(JSON.stringify(node.toValue() ?? null), 400) : '';
  };
  const properties = [...view.properties.entries()]
    .map(([n, p]) => (p.required ? `${n}!` : n))
    .sort()
    .join(',');
  const items = keyword(view, 'items');
  const itemView = items && side.schema(items);
  const itemType = itemView ? (keyword(itemView, 'type')?.node.value ?? '') : '';
  return { shape: [value('type'), value('enum'), value('format'), properties, String(itemType)].join('|'), name };
}

export { pathShape };
