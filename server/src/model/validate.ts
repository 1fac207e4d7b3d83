// Values (examples, defaults) against Schema Objects with OpenAPI 3.0 semantics: `nullable`,
// no type arrays, boolean exclusiveMinimum/Maximum, formats (int32/int64/float ranges, date/date-time, uuid, byte,
// email, uri, uri-reference, hostname, ipv4, ipv6), allOf/oneOf/anyOf/not, `$ref`s to other schemas
// (recursive schemas included). Also the URL and email syntax of fields the text says are URLs.
// In OpenAPI 3.1 and 3.2 documents, JSON Schema 2020-12 semantics: type lists and "null", `const`,
// numeric exclusive bounds, `prefixItems`, boolean schemas, `$ref` beside other keywords,
// `patternProperties`; formats are annotations there (not asserted), and keywords this interpreter
// does not evaluate (`unevaluated*`, `$dynamicRef`, `if`...) only ever add constraints, so leaving
// them out can miss an error but never make one up.
// A small interpreter over our own tree: errors point at the value's own characters, and `$ref`s
// resolve through the same model as everything else.
import { fromChildren, SyntaxNode } from '../syntax/tree';
import { Analysis } from './analysis';
import { SourceDocument } from './documents';
import { refLocation } from './location';
import { lookupTable } from './lookup';
import { parseRef } from './ref';
import { isOtherDialect } from './spec';

export interface ValueError {
  /** Where inside the value: `.items[3].id`, or '' for the value itself. */
  path: string;
  message: string;
  node: SyntaxNode;
}

export interface ValidateOptions {
  /** Properties that may be left out although `required`: readOnly in requests, writeOnly in responses. */
  direction?: 'request' | 'response';
}

const MAX_DEPTH = 64;
const INT32 = [-(2 ** 31), 2 ** 31 - 1];
// 2^63 - 1 has no double of its own: written out, it reads as 2^63, so only what lies beyond that is
// known to be out of range.
const INT64 = [-(2 ** 63), 2 ** 63];
/** The largest finite IEEE 754 single-precision value. */
const FLOAT_MAX = 3.4028234663852886e38;

/**
 * Where a value sits inside the validated one (`.items[3].id`), written out only when an error
 * needs it: large examples are validated member by member, and almost all of them are valid.
 */
class ValuePath {
  constructor(private readonly parent: ValuePath | undefined, private readonly segment: string | number, private text?: string) {}

  toString(): string {
    if (this.text === undefined) {
      const segment = this.segment;
      const inner = typeof segment === 'number' ? `[${segment}]` : `.${/^[A-Za-z_$][\w$]*$/.test(segment) ? segment : JSON.stringify(segment)}`;
      this.text = String(this.parent) + inner;
    }
    return this.text;
  }
}

/**
 * The keywords validation reads, found in one pass over a schema's members (the first of a
 * repeated key, as `SyntaxNode.get` finds): a schema is read once per validator, not once per
 * keyword and value (an array of 100 items is 100 values against one schema).
 */
class Keywords {
  type: SyntaxNode | undefined = undefined;
  nullable: SyntaxNode | undefined = undefined;
  enum: SyntaxNode | undefined = undefined;
  allOf: SyntaxNode | undefined = undefined;
  anyOf: SyntaxNode | undefined = undefined;
  oneOf: SyntaxNode | undefined = undefined;
  not: SyntaxNode | undefined = undefined;
  format: SyntaxNode | undefined = undefined;
  minimum: SyntaxNode | undefined = undefined;
  maximum: SyntaxNode | undefined = undefined;
  exclusiveMinimum: SyntaxNode | undefined = undefined;
  exclusiveMaximum: SyntaxNode | undefined = undefined;
  multipleOf: SyntaxNode | undefined = undefined;
  minLength: SyntaxNode | undefined = undefined;
  maxLength: SyntaxNode | undefined = undefined;
  pattern: SyntaxNode | undefined = undefined;
  minItems: SyntaxNode | undefined = undefined;
  maxItems: SyntaxNode | undefined = undefined;
  uniqueItems: SyntaxNode | undefined = undefined;
  items: SyntaxNode | undefined = undefined;
  properties: SyntaxNode | undefined = undefined;
  minProperties: SyntaxNode | undefined = undefined;
  maxProperties: SyntaxNode | undefined = undefined;
  required: SyntaxNode | undefined = undefined;
  additionalProperties: SyntaxNode | undefined = undefined;
  const: SyntaxNode | undefined = undefined;
  prefixItems: SyntaxNode | undefined = undefined;
  patternProperties: SyntaxNode | undefined = undefined;
  /** Not validated itself: it picks the one alternative of a oneOf a value is held to. */
  discriminator: SyntaxNode | undefined = undefined;
  /** Whether the schema validates its value again (allOf, anyOf, oneOf, not). */
  composes: boolean;

  constructor(readonly schema: SyntaxNode) {
    for (const member of schema.children!) {
      const key = member.key as KeywordName;
      if (KEYWORD_NAMES.has(key)) this[key] ??= member;
    }
    this.composes = this.allOf !== undefined || this.anyOf !== undefined || this.oneOf !== undefined || this.not !== undefined;
  }
}

type KeywordName = Exclude<keyof Keywords, 'composes' | 'schema'>;
// Every field of Keywords, once (the type check holds the two lists together).
const KEYWORD_NAMES = new Set<unknown>(Object.keys({
  type: true, nullable: true, enum: true, allOf: true, anyOf: true, oneOf: true, not: true, format: true,
  minimum: true, maximum: true, exclusiveMinimum: true, exclusiveMaximum: true, multipleOf: true,
  minLength: true, maxLength: true, pattern: true, minItems: true, maxItems: true, uniqueItems: true, items: true,
  properties: true, minProperties: true, maxProperties: true, required: true, additionalProperties: true,
  const: true, prefixItems: true, patternProperties: true, discriminator: true,
} satisfies Record<KeywordName, true>));

/** The last segment of a `$ref`'s pointer, or the value itself: the schema name it stands for. */
function schemaName(ref: string): string {
  const at = ref.lastIndexOf('/');
  return at < 0 ? ref : ref.slice(at + 1).replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * The one alternative of a oneOf a value's discriminator property names: by the discriminator's
 * mapping (a schema name or a reference), or else by the name of the schema an alternative
 * references. Undefined when the value has no such property, or the name picks no single one.
 */
function discriminated(discriminator: SyntaxNode, alternatives: SyntaxNode, value: SyntaxNode, docPath: string): SyntaxNode | undefined {
  const property = discriminator.get('propertyName');
  const named = value.kind === 'object' && property?.kind === 'string' ? value.get(property.value as string) : undefined;
  if (named?.kind !== 'string') return undefined;
  const mapping = discriminator.get('mapping');
  const mapped = mapping?.kind === 'object' ? mapping.get(named.value as string) : undefined;
  const target = mapped?.kind === 'string' ? (mapped.value as string) : (named.value as string);
  const byReference = mapped?.kind === 'string' && /[/#]/.test(target);
  const found = alternatives.children!.filter((alternative) => {
    const ref = alternative.kind === 'object' ? alternative.get('$ref') : undefined;
    if (ref?.kind !== 'string') return false;
    return byReference ? sameReference(ref.value as string, target, docPath) : schemaName(ref.value as string) === target;
  });
  return found.length === 1 ? found[0] : undefined;
}

/**
 * Whether two references written in one document name the same place, however each is written
 * (`./pets.yaml#/Dog` and `pets.yaml#/Dog`, `#/%44og` and `#/Dog`): the same file and pointer. A
 * reference that is no valid URI reference (a space in it) matches only its own text.
 */
function sameReference(a: string, b: string, docPath: string): boolean {
  if (a === b) return true;
  const [left, right] = [parseRef(a), parseRef(b)];
  if (left.syntaxProblems.length || right.syntaxProblems.length) return false;
  const file = (parsed: typeof left) => (parsed.form === 'local' ? docPath : (refLocation(docPath, parsed) as { location?: string } | undefined)?.location);
  const fileOfLeft = file(left);
  if (fileOfLeft === undefined || fileOfLeft !== file(right) || left.anchor !== right.anchor) return false;
  const [p, q] = [left.pointer ?? [], right.pointer ?? []];
  return p.length === q.length && p.every((segment, i) => segment === q[i]);
}

/**
 * For a pattern written between slashes as in JavaScript (`/^[a-z]+$/`): a pattern has no
 * delimiters, so the slashes are characters it must match. What the message adds to say so.
 */
function delimitersNote(pattern: string, s: string): string {
  const delimited = /^\/(.+)\/[dgimsuy]*$/s.exec(pattern);
  if (!delimited) return '';
  const inner = compilePattern(delimited[1]);
  // Only when the value matches without them: `/api/v1/` may be meant as written.
  if (inner === null || !inner.test(s)) return '';
  return ` (its slashes are characters to match, as a pattern has no delimiters: without them, ${delimited[1]} matches)`;
}

/** How a message names an alternative of a oneOf/anyOf: the schema its `$ref` names, or its place. */
function alternativeName(alternative: SyntaxNode): string {
  const ref = alternative.kind === 'object' ? alternative.get('$ref') : undefined;
  if (ref?.kind !== 'string') return `alternative ${Number(alternative.key) + 1}`;
  const raw = ref.value as string;
  // A schema with a name (`#/components/schemas/User`, `user.yaml`, `#/User`) goes by it; one
  // deeper inside another (`#/components/schemas/Holder/properties/agent/oneOf/1`) by its reference.
  const pointer = raw.includes('#') ? raw.slice(raw.indexOf('#') + 1).split('/').filter(Boolean) : [];
  const named = pointer.length <= 3 && !/^\d+$/.test(pointer[pointer.length - 1] ?? '');
  return `"${named ? schemaName(raw) : raw}"`;
}

/** Alternatives a value matched, named (at most three, then how many more). */
function namesOf(alternatives: SyntaxNode[]): string {
  const named = alternatives.slice(0, 3).map(alternativeName);
  return alternatives.length > 3 ? `${named.join(', ')} and ${alternatives.length - 3} more` : named.join(' and ');
}

/**
 * What a message about a value that matches no alternative adds: the alternative it comes nearest
 * to, and why that one fails (`"admin_id": expected a string, got an integer`), which "matches 0
 * schemas" alone does not say. Nearest: fewest errors, an alternative of another type than the
 * value (an error at the value itself) last.
 */
function nearestMiss(alternatives: SyntaxNode, failures: ValueError[][], path: ValuePath): string {
  const at = String(path);
  const distance = (found: ValueError[]) => found.length + (found.some((e) => e.path === at && e.message.startsWith('expected ')) ? 1_000_000 : 0);
  let best = -1;
  let tied = false;
  for (let i = 0; i < failures.length; i++) {
    if (failures[i].length === 0) continue;
    if (best >= 0 && distance(failures[i]) === distance(failures[best])) tied = true;
    if (best < 0 || distance(failures[i]) < distance(failures[best])) best = i, tied = false;
  }
  // Of another type than each of several alternatives alike (`3` against an object and an array):
  // none comes nearer than another.
  if (best < 0 || (tied && distance(failures[best]) >= 1_000_000)) return '';
  const first = failures[best][0];
  const where = first.path.startsWith(at) && first.path.length > at.length ? `"${first.path.slice(at.length).replace(/^\./, '')}": ` : '';
  const more = failures[best].length > 1 ? ` (and ${failures[best].length - 1} more)` : '';
  return `; ${alternativeName(alternatives.children![best])} comes nearest: ${where}${first.message}${more}`;
}

/** The members of an allOf a value is validated against, and the properties they let it leave out. */
interface OmittableContext {
  members: Set<SyntaxNode>;
  names: Set<string>;
}

/** Marks a (schema, value) pair being validated right now: a recursive schema met it again. */
const IN_PROGRESS: ValueError[] = [];

export class SchemaValidator {
  /**
   * Per schema that composes others (allOf, anyOf, oneOf, not), the values validated against it:
   * their errors, or IN_PROGRESS while that pair is being validated (a recursive schema meeting the
   * same value again cannot add anything). Nested oneOf/anyOf/allOf reach the same
   * (schema, value) through many branches; only through them can a value meet a schema twice.
   */
  private readonly done = new Map<SyntaxNode, Map<SyntaxNode, ValueError[]>>();
  private readonly keywords = new Map<SyntaxNode, Keywords>();
  /**
   * Per value being validated against an allOf: its members (their schemas, through `$ref`s and
   * nested allOfs) and the properties they declare readOnly (in a request) or writeOnly (in a
   * response), which another member's `required` may name (`allOf: [{$ref: Editable},
   * {required: [id]}]` with Editable's `id` readOnly). Only the members' own `required` leave such
   * a property out: not a `not` or an alternative inside them.
   */
  private readonly omittableAround = new Map<SyntaxNode, OmittableContext>();
  /** The context an allOf makes (see omittableIn); null when its members declare no such property. */
  private readonly omittableOfAllOf = new Map<SyntaxNode, OmittableContext | null>();
  /** Like `done`, for values validated in a context: a member's result there is not its result elsewhere. */
  private readonly doneIn = new WeakMap<OmittableContext, Map<SyntaxNode, Map<SyntaxNode, ValueError[]>>>();
  /** OpenAPI 3.1 and 3.2: JSON Schema 2020-12. */
  private readonly jsonSchema2020: boolean;
  /** 2020-12 documents whose `jsonSchemaDialect` is another dialect: no schema of theirs is judged. */
  private readonly otherDialect: boolean;
  constructor(private readonly analysis: Analysis, private readonly options: ValidateOptions = {}) {
    this.jsonSchema2020 = analysis?.version === '3.1' || analysis?.version === '3.2';
    this.otherDialect = this.jsonSchema2020 && isOtherDialect(analysis.root?.root?.get('jsonSchemaDialect'));
  }

  validate(value: SyntaxNode, schema: SyntaxNode, doc: SourceDocument, path = ''): ValueError[] {
    return this.check(value, schema, doc, new ValuePath(undefined, '', path), 0);
  }

  /** The schema a node stands for, following `$ref`s; undefined when it does not resolve. */
  private deref(schema: SyntaxNode, doc: SourceDocument): { schema: SyntaxNode; doc: SourceDocument } | undefined {
    if (schema.kind !== 'object' || !schema.get('$ref')) return { schema, doc };
    const resolved = this.analysis.resolve(schema, doc);
    return resolved.target && resolved.target.node.kind === 'object' ? { schema: resolved.target.node, doc: resolved.target.doc } : undefined;
  }

  private check(value: SyntaxNode, schema: SyntaxNode, doc: SourceDocument, path: ValuePath, depth: number): ValueError[] {
    if (depth > MAX_DEPTH) return [];
    if (this.jsonSchema2020) {
      if (schema.kind === 'boolean') return schema.value === false ? [{ path: String(path), message: 'no value is allowed here (the schema is false)', node: value }] : [];
      // Another dialect (draft-04...) or a document-wide one: not judged by 2020-12's rules.
      if (this.otherDialect || (schema.kind === 'object' && isOtherDialect(schema.get('$schema')))) return [];
      // 2020-12: `$ref` is one keyword among others; the others apply too.
      if (schema.kind === 'object' && schema.get('$ref') && schema.children!.length > 1) {
        const target = this.analysis.resolve(schema, doc).target;
        const viaRef = target ? this.check(value, target.node, target.doc, path, depth + 1) : [];
        const own = this.checkComposed(value, schema, doc, path, depth);
        return viaRef.length === 0 ? own : own.length === 0 ? viaRef : [...viaRef, ...own];
      }
    }
    if (schema.kind === 'object' && schema.get('$ref')) {
      const target = this.analysis.resolve(schema, doc).target;
      if (this.jsonSchema2020 && target?.node.kind === 'boolean') return this.check(value, target.node, target.doc, path, depth + 1);
      if (target?.node.kind !== 'object') return []; // unresolved: ref-unresolved says so
      schema = target.node;
      doc = target.doc;
    }
    if (schema.kind !== 'object') return [];
    return this.checkComposed(value, schema, doc, path, depth);
  }

  /** A schema object's own keywords (its `$ref`, if any, is the caller's). */
  private checkComposed(value: SyntaxNode, schema: SyntaxNode, doc: SourceDocument, path: ValuePath, depth: number): ValueError[] {
    const k = this.keywordsOf(schema);
    // A schema that composes nothing goes down into members and items only: it cannot meet this
    // value again, so the pair needs no bookkeeping (most pairs; 55,000 in GitHub's description).
    if (!k.composes) return this.checkResolved(k, value, doc, path, depth);
    const context = this.omittableAround.get(value);
    let doneBySchema = context ? this.doneIn.get(context) : this.done;
    if (!doneBySchema) this.doneIn.set(context!, (doneBySchema = new Map()));
    let done = doneBySchema.get(schema);
    if (!done) doneBySchema.set(schema, (done = new Map()));
    const cached = done.get(value);
    if (cached === IN_PROGRESS) return [];
    if (cached) return cached;
    done.set(value, IN_PROGRESS);
    let errors: ValueError[] | undefined;
    try {
      errors = this.checkResolved(k, value, doc, path, depth);
      done.set(value, errors);
      return errors;
    } finally {
      if (!errors) done.delete(value);
    }
  }

  private keywordsOf(schema: SyntaxNode): Keywords {
    let keywords = this.keywords.get(schema);
    if (!keywords) this.keywords.set(schema, (keywords = new Keywords(schema)));
    return keywords;
  }

  private checkResolved(k: Keywords, value: SyntaxNode, doc: SourceDocument, path: ValuePath, depth: number): ValueError[] {
    const errors: ValueError[] = [];
    if (this.jsonSchema2020) return this.checkResolved2020(k, value, doc, path, depth, errors);
    const type = k.type?.stringValue;
    const nullable = k.nullable?.value === true;

    // `{$ref: ...}` inside an example is taken literally (example values are never resolved):
    // say that once instead of listing every property the literal object lacks.
    if (value.kind === 'object' && value.children!.length === 1 && value.children![0].key === '$ref' && value.children![0].kind === 'string') {
      fail(errors, 'a "$ref" object, but example values are literal: the reference is not resolved', value, path);
      return errors;
    }

    // 3.0.3: `nullable: true` adds null to the type given in the same schema; other keywords
    // (enum) may still exclude it.
    if (value.kind === 'null') {
      if (type !== undefined && !nullable) {
        fail(errors, `expected ${article(type)}, got null (the schema is not nullable)`, value, path);
        return errors;
      }
    } else if (type !== undefined && !matchesType(value, type)) {
      fail(errors, `expected ${article(type)}, got ${describe(value)}`, value, path);
      return errors;
    }

    return this.checkValueKeywords(k, value, doc, path, depth, errors);
  }

  /** 2020-12: `type` a name or a list of names, "null" a type of its own (`nullable` is no keyword), `const`. */
  private checkResolved2020(k: Keywords, value: SyntaxNode, doc: SourceDocument, path: ValuePath, depth: number, errors: ValueError[]): ValueError[] {
    if (value.kind === 'object' && value.children!.length === 1 && value.children![0].key === '$ref' && value.children![0].kind === 'string') {
      fail(errors, 'a "$ref" object, but example values are literal: the reference is not resolved', value, path);
      return errors;
    }
    const typeNode = k.type;
    const types = typeNode?.kind === 'string' ? [typeNode.value as string]
      : typeNode?.kind === 'array' && typeNode.children!.every((t) => t.kind === 'string') ? typeNode.children!.map((t) => t.value as string)
      : undefined;
    // An empty or malformed list is schema-type's to report: no error about the value here.
    if (types && types.length > 0 && !types.some((t) => (t === 'null' ? value.kind === 'null' : value.kind !== 'null' && matchesType(value, t)))) {
      const expected = types.map((t) => (t === 'null' ? 'null' : article(t))).join(' or ');
      const why = value.kind === 'null' && k.nullable?.value === true ? ' ("nullable" is no keyword of JSON Schema 2020-12: list "null" in "type")' : '';
      fail(errors, `expected ${expected}, got ${describe(value)}${why}`, value, path);
      return errors;
    }
    const constNode = k.const;
    if (constNode) {
      const expected = canonicalText(constNode.toValue());
      const actual = canonicalText(value.toValue());
      if (expected !== undefined && actual !== undefined && expected !== actual) fail(errors, `${short(value.toValue())} is not the constant ${short(constNode.toValue())}`, value, path);
    }
    return this.checkValueKeywords(k, value, doc, path, depth, errors);
  }

  /** enum, the keywords of the value's kind, and composition. */
  private checkValueKeywords(k: Keywords, value: SyntaxNode, doc: SourceDocument, path: ValuePath, depth: number, errors: ValueError[]): ValueError[] {
    // enum
    const enumNode = k.enum;
    if (enumNode?.kind === 'array') {
      const options = enumOptions(enumNode);
      if (!isEnumValue(value, options)) fail(errors, `${short(value.toValue())} is not one of the enum values ${enumText(options)}`, value, path);
    }

    // An allOf's members may let the value leave out what this schema or one of them requires.
    const allOf = k.allOf?.kind === 'array' ? k.allOf : undefined;
    const omittable = allOf && this.omittableIn(allOf, doc);
    const outer = this.omittableAround.get(value);
    if (omittable) this.omittableAround.set(value, outer ? { members: new Set([...outer.members, ...omittable.members]), names: new Set([...outer.names, ...omittable.names]) } : omittable);
    try {
      switch (value.kind) {
        case 'number': this.checkNumber(k, value, path, errors); break;
        case 'string': this.checkString(k, value, path, errors); break;
        case 'array': pushAll(errors, this.checkArray(k, value, doc, path, depth, errors)); break;
        case 'object': pushAll(errors, this.checkObject(k, value, doc, path, depth, errors)); break;
      }
      // Composition.
      if (allOf) for (const sub of allOf.children!) pushAll(errors, this.check(value, sub, doc, path, depth + 1));
    } finally {
      if (omittable && outer) this.omittableAround.set(value, outer);
      else if (omittable) this.omittableAround.delete(value);
    }
    const anyOf = k.anyOf;
    if (anyOf?.kind === 'array' && anyOf.children!.length > 0) {
      const failures: ValueError[][] = [];
      for (const sub of anyOf.children!) {
        const found = this.check(value, sub, doc, path, depth + 1);
        if (found.length === 0) break;
        failures.push(found);
      }
      if (failures.length === anyOf.children!.length) fail(errors, `matches no schema of anyOf${nearestMiss(anyOf, failures, path)}`, value, path);
    }
    const oneOf = k.oneOf;
    const picked = oneOf?.kind === 'array' && k.discriminator?.kind === 'object' ? discriminated(k.discriminator, oneOf, value, doc.path) : undefined;
    // The discriminator names the alternative (Schema Object: it differentiates "between other
    // schemas which may satisfy the payload description"): the value is held to that one alone.
    if (picked) pushAll(errors, this.check(value, picked, doc, path, depth + 1));
    else if (oneOf?.kind === 'array' && oneOf.children!.length > 0) {
      const results = oneOf.children!.map((sub) => this.check(value, sub, doc, path, depth + 1));
      const matched = oneOf.children!.filter((_, i) => results[i].length === 0);
      const which = matched.length > 1 ? ` (${namesOf(matched)})` : '';
      const nearest = matched.length === 0 ? nearestMiss(oneOf, results, path) : '';
      if (matched.length !== 1) fail(errors, `matches ${matched.length} schemas of oneOf${which}, but must match exactly one${nearest}`, value, path);
    }
    const not = k.not;
    const notSchema = not?.kind === 'object' || (this.jsonSchema2020 && not?.kind === 'boolean');
    if (notSchema && this.check(value, not!, doc, path, depth + 1).length === 0) fail(errors, 'matches the schema of "not", which it must not', value, path);
    return errors;
  }

  private checkNumber(k: Keywords, value: SyntaxNode, path: ValuePath, own: ValueError[]): void {
    const n = value.value as number;
    const min = numberValue(k.minimum);
    const max = numberValue(k.maximum);
    if (this.jsonSchema2020) {
      // 2020-12: exclusive bounds are numbers of their own; formats are annotations, not asserted.
      const exclusiveMin = numberValue(k.exclusiveMinimum);
      const exclusiveMax = numberValue(k.exclusiveMaximum);
      if (min !== undefined && n < min) fail(own, `${n} is less than the minimum ${min}`, value, path);
      if (max !== undefined && n > max) fail(own, `${n} is greater than the maximum ${max}`, value, path);
      if (exclusiveMin !== undefined && n <= exclusiveMin) fail(own, `${n} is not greater than the exclusive minimum ${exclusiveMin}`, value, path);
      if (exclusiveMax !== undefined && n >= exclusiveMax) fail(own, `${n} is not less than the exclusive maximum ${exclusiveMax}`, value, path);
      this.checkMultipleOf(k, n, value, path, own);
      return;
    }
    if (min !== undefined && (k.exclusiveMinimum?.value === true ? n <= min : n < min)) fail(own, `${n} is less than the minimum ${min}${k.exclusiveMinimum?.value === true ? ' (exclusive)' : ''}`, value, path);
    if (max !== undefined && (k.exclusiveMaximum?.value === true ? n >= max : n > max)) fail(own, `${n} is greater than the maximum ${max}${k.exclusiveMaximum?.value === true ? ' (exclusive)' : ''}`, value, path);
    this.checkMultipleOf(k, n, value, path, own);
    const format = k.format?.stringValue;
    if (format === 'int32' && (!Number.isInteger(n) || n < INT32[0] || n > INT32[1])) fail(own, `${n} is not an int32`, value, path);
    if (format === 'int64' && !Number.isInteger(n)) fail(own, `${n} is not an int64`, value, path);
    else if (format === 'int64' && (n < INT64[0] || n > INT64[1])) {
      // Past 2^53 a double prints other digits than the source: name no digits.
      fail(own, 'the number is outside the int64 range (a signed 64-bit integer)', value, path);
    }
    if (format === 'float' && Math.abs(n) > FLOAT_MAX) fail(own, `${n} is outside the float range (a 32-bit floating-point number)`, value, path);
  }

  private checkMultipleOf(k: Keywords, n: number, value: SyntaxNode, path: ValuePath, own: ValueError[]): void {
    const multipleOf = numberValue(k.multipleOf);
    if (multipleOf && multipleOf > 0) {
      const q = n / multipleOf;
      if (Math.abs(q - Math.round(q)) > 1e-9) fail(own, `${n} is not a multiple of ${multipleOf}`, value, path);
    }
  }

  private checkString(k: Keywords, value: SyntaxNode, path: ValuePath, own: ValueError[]): void {
    const s = value.value as string;
    const minLength = numberValue(k.minLength);
    const maxLength = numberValue(k.maxLength);
    if (minLength !== undefined || maxLength !== undefined) {
      const length = codePointLength(s);
      if (minLength !== undefined && length < minLength) fail(own, `${length} characters, fewer than minLength ${minLength}`, value, path);
      if (maxLength !== undefined && length > maxLength) fail(own, `${length} characters, more than maxLength ${maxLength}`, value, path);
    }
    const pattern = k.pattern?.stringValue;
    if (pattern !== undefined) {
      const re = compilePattern(pattern);
      if (re && s.length <= MAX_PATTERN_INPUT && !re.test(s)) fail(own, `does not match the pattern ${pattern}${delimitersNote(pattern, s)}`, value, path);
    }
    const format = this.jsonSchema2020 ? undefined : k.format?.stringValue;
    const check = format ? FORMATS[format] : undefined;
    if (check && !check(s)) fail(own, `${JSON.stringify(s.length > 40 ? s.slice(0, 40) + '...' : s)} is not a valid ${format}`, value, path);
  }

  private checkArray(k: Keywords, value: SyntaxNode, doc: SourceDocument, path: ValuePath, depth: number, own: ValueError[]): ValueError[] {
    const errors: ValueError[] = [];
    const items = value.children!;
    const minItems = numberValue(k.minItems);
    const maxItems = numberValue(k.maxItems);
    if (minItems !== undefined && items.length < minItems) fail(own, `${items.length} items, fewer than minItems ${minItems}`, value, path);
    if (maxItems !== undefined && items.length > maxItems) fail(own, `${items.length} items, more than maxItems ${maxItems}`, value, path);
    if (k.uniqueItems?.value === true) {
      const seen = items.map((i) => JSON.stringify(i.toValue()));
      if (new Set(seen).size !== seen.length) fail(own, 'duplicate items, but uniqueItems is true', value, path);
    }
    const itemSchema = k.items;
    if (this.jsonSchema2020) {
      // 2020-12: `prefixItems` holds the first items, `items` the rest.
      const prefix = k.prefixItems?.kind === 'array' ? k.prefixItems.children! : [];
      items.forEach((item, i) => {
        const schema = i < prefix.length ? prefix[i] : itemSchema;
        if (schema?.kind === 'object' || schema?.kind === 'boolean') pushAll(errors, this.check(item, schema, doc, new ValuePath(path, i), depth + 1));
      });
      return errors;
    }
    if (itemSchema?.kind === 'object') {
      items.forEach((item, i) => pushAll(errors, this.check(item, itemSchema, doc, new ValuePath(path, i), depth + 1)));
    }
    return errors;
  }

  private checkObject(k: Keywords, value: SyntaxNode, doc: SourceDocument, path: ValuePath, depth: number, own: ValueError[]): ValueError[] {
    const errors: ValueError[] = [];
    const members = value.children!;
    const properties = k.properties;
    const minProperties = numberValue(k.minProperties);
    const maxProperties = numberValue(k.maxProperties);
    if (minProperties !== undefined && members.length < minProperties) fail(own, `${members.length} properties, fewer than minProperties ${minProperties}`, value, path);
    if (maxProperties !== undefined && members.length > maxProperties) fail(own, `${members.length} properties, more than maxProperties ${maxProperties}`, value, path);
    const required = k.required;
    if (required?.kind === 'array') {
      const missing: string[] = [];
      for (const name of required.children!) {
        const n = name.stringValue;
        if (n === undefined || value.get(n)) continue;
        const property = properties?.kind === 'object' ? properties.get(n) : undefined;
        if (property && this.mayOmit(property, doc)) continue;
        const around = this.omittableAround.get(value);
        if (around && around.members.has(k.schema) && around.names.has(n)) continue;
        missing.push(n);
      }
      if (missing.length === 1) fail(own, `missing the required property "${missing[0]}"`, value, path);
      else if (missing.length > 1) fail(own, `missing the required properties ${missing.map((n) => `"${n}"`).join(', ')}`, value, path);
    }
    const additional = k.additionalProperties;
    const patterns = this.jsonSchema2020 && k.patternProperties?.kind === 'object' ? k.patternProperties.children! : undefined;
    for (const member of members) {
      const name = String(member.key);
      const propertySchema = properties?.kind === 'object' ? properties.get(name) : undefined;
      if (patterns && !propertySchema) {
        // A name a pattern matches is no additional property: it is checked against each schema whose pattern
        // matches, and one no pattern can be compiled for is left alone (it might match).
        let matched = false;
        for (const entry of patterns) {
          const re = compilePattern(String(entry.key));
          if (!re || name.length > MAX_PATTERN_INPUT) matched = true;
          else if (re.test(name)) {
            matched = true;
            pushAll(errors, this.check(member, entry, doc, new ValuePath(path, name), depth + 1));
          }
        }
        if (matched) continue;
      }
      if (this.jsonSchema2020 && !propertySchema && additional?.kind === 'object') {
        pushAll(errors, this.check(member, additional, doc, new ValuePath(path, name), depth + 1));
        continue;
      }
      if (propertySchema) {
        pushAll(errors, this.check(member, propertySchema, doc, new ValuePath(path, name), depth + 1));
      } else if (additional?.kind === 'boolean' && additional.value === false) {
        fail(own, `property "${name}" is not allowed (additionalProperties: false)`, member, path);
      } else if (additional?.kind === 'object') {
        pushAll(errors, this.check(member, additional, doc, new ValuePath(path, name), depth + 1));
      }
    }
    return errors;
  }

  /** The members of an allOf (and theirs, through allOf and `$ref`s), with the properties they declare that mayOmit. */
  private omittableIn(allOf: SyntaxNode, doc: SourceDocument): OmittableContext | undefined {
    const known = this.omittableOfAllOf.get(allOf);
    if (known !== undefined) return known ?? undefined;
    // The schema with the allOf is a member too: its own `required` may name what a member declares.
    const members = new Set<SyntaxNode>([allOf.parent!]);
    const names = new Set<string>();
    const visit = (schema: SyntaxNode, schemaDoc: SourceDocument, depth: number) => {
      const resolved = this.deref(schema, schemaDoc);
      if (!resolved || members.has(resolved.schema) || depth > MAX_ALLOF_DEPTH) return;
      members.add(resolved.schema);
      const properties = resolved.schema.get('properties');
      for (const property of properties?.kind === 'object' ? properties.children! : []) {
        if (this.mayOmit(property, resolved.doc)) names.add(String(property.key));
      }
      const nested = resolved.schema.get('allOf');
      for (const part of nested?.kind === 'array' ? nested.children! : []) visit(part, resolved.doc, depth + 1);
    };
    for (const part of allOf.children!) visit(part, doc, 0);
    const context = names.size ? { members, names } : undefined;
    this.omittableOfAllOf.set(allOf, context ?? null);
    return context;
  }

  /** readOnly properties may be absent in requests, writeOnly ones in responses (and either when unknown). */
  private mayOmit(property: SyntaxNode, doc: SourceDocument): boolean {
    const resolved = this.deref(property, doc)?.schema ?? property;
    const readOnly = resolved.get('readOnly')?.value === true || property.get('readOnly')?.value === true;
    const writeOnly = resolved.get('writeOnly')?.value === true || property.get('writeOnly')?.value === true;
    if (this.options.direction === 'request') return readOnly;
    if (this.options.direction === 'response') return writeOnly;
    return readOnly || writeOnly;
  }
}

/** Length in Unicode code points (a surrogate pair counts once), as JSON Schema counts. */
function codePointLength(s: string): number {
  let length = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--;
        i++;
      }
    }
  }
  return length;
}

/** A keyword's value when it is a number (`minLength: 3`), else undefined. */
function numberValue(node: SyntaxNode | undefined): number | undefined {
  return node?.kind === 'number' ? (node.value as number) : undefined;
}

export function matchesType(value: SyntaxNode, type: string): boolean {
  switch (type) {
    case 'string': return value.kind === 'string';
    case 'number': return value.kind === 'number';
    case 'integer': return value.kind === 'number' && Number.isInteger(value.value);
    case 'boolean': return value.kind === 'boolean';
    case 'array': return value.kind === 'array';
    case 'object': return value.kind === 'object';
    default: return true; // an unknown type is schema-type's to report
  }
}

/** Adds an error about `at` (the value validated, or a member of it) at `where`. */
function fail(errors: ValueError[], message: string, at: SyntaxNode, where: ValuePath): void {
  errors.push({ path: String(where), message, node: at });
}

/** `an integer`, `a string`: a type name with its article. */
function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

export function describe(value: SyntaxNode): string {
  if (value.kind === 'number') return Number.isInteger(value.value) ? 'an integer' : 'a number';
  return { object: 'an object', array: 'an array', string: 'a string', boolean: 'a boolean', null: 'null' }[value.kind];
}

/** Appends a list of any length (spreading 200,000 errors as arguments overflows the stack). */
function pushAll<T>(to: T[], items: readonly T[]): void {
  for (const item of items) to.push(item);
}

// Per enum node, once: its values by canonical text (100,000 example items against an enum of
// 100,000 values is one lookup each) and how a message lists them. Kept with the tree, which
// forgets it when a value in the enum is edited in place.
interface EnumOptions {
  /** The other values by canonical text (a string's text equals no other value's: it alone is quoted). */
  keys: Set<string>;
  /** The string values as they are (most enums and values are strings: no canonical text needed). */
  strings: Set<string>;
  /** The enum as a message lists it, written when a value is not in it (almost all are). */
  text: string | undefined;
  node: SyntaxNode;
}
const ENUM_OPTIONS = {};

function enumOptions(node: SyntaxNode): EnumOptions {
  return fromChildren(node, ENUM_OPTIONS, (n) => {
    const keys = new Set<string>();
    const strings = new Set<string>();
    for (const option of n.children!) {
      if (option.kind === 'string') {
        strings.add(option.value as string);
        continue;
      }
      const key = canonicalText(option.toValue());
      if (key !== undefined) keys.add(key);
    }
    return { keys, strings, text: undefined, node: n };
  });
}

function enumText(options: EnumOptions): string {
  return (options.text ??= short(options.node.toValue()));
}

function isEnumValue(value: SyntaxNode, options: EnumOptions): boolean {
  if (value.kind === 'string') return options.strings.has(value.value as string);
  const key = canonicalText(value.toValue());
  return key !== undefined && options.keys.has(key);
}

/**
 * One text per value such that two values are equal (same type; arrays item by item; objects with
 * the same members in any order) exactly when their texts are; undefined for a value equal to
 * nothing (NaN).
 */
export function canonicalText(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : String(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const parts: string[] = [];
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = canonicalText(item);
      if (text === undefined) return undefined;
      parts.push(text);
    }
    return '[' + parts.join(',') + ']';
  }
  for (const key of Object.keys(value).sort()) {
    const text = canonicalText((value as Record<string, unknown>)[key]);
    if (text === undefined) return undefined;
    parts.push(JSON.stringify(key) + ':' + text);
  }
  return '{' + parts.join(',') + '}';
}

function short(v: unknown): string {
  const text = JSON.stringify(v);
  return text.length > 60 ? text.slice(0, 57) + '...' : text;
}

/**
 * Whether a pattern nests unbounded quantifiers (`(a*)*`, `([\w.-]*)*`): such patterns backtrack
 * exponentially on a near-miss, and a JS regex cannot be interrupted, so they are not tested.
 */
export function hasNestedQuantifier(pattern: string): boolean {
  const groups: boolean[] = [];
  let lastGroupUnbounded = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      i++;
      lastGroupUnbounded = false;
      continue;
    }
    if (c === '[') {
      // Skip a character class (escapes and a leading `]` included).
      i++;
      if (pattern[i] === '^') i++;
      if (pattern[i] === ']') i++;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      lastGroupUnbounded = false;
      continue;
    }
    if (c === '(') {
      groups.push(false);
      lastGroupUnbounded = false;
      continue;
    }
    if (c === ')') {
      lastGroupUnbounded = groups.pop() ?? false;
      continue;
    }
    const unbounded = c === '*' || c === '+' || (c === '{' && /^\{\d+,\}/.test(pattern.slice(i)));
    if (unbounded) {
      if (lastGroupUnbounded) return true;
      if (groups.length) groups[groups.length - 1] = true;
    }
    lastGroupUnbounded = false;
  }
  return false;
}

/** Strings longer than this are not tested against patterns (polynomial backtracking). */
const MAX_PATTERN_INPUT = 2000;

const patternCache = new Map<string, RegExp | null>();
function compilePattern(pattern: string): RegExp | null {
  let re = patternCache.get(pattern);
  if (re === undefined && hasNestedQuantifier(pattern)) re = null;
  if (re === undefined) {
    try {
      re = new RegExp(pattern, 'u');
    } catch {
      try {
        re = new RegExp(pattern);
      } catch {
        re = null; // not an ECMA 262 pattern: nothing to check against
      }
    }
    // A long-running server meets many documents: keep the cache bounded.
    if (patternCache.size > 2000) patternCache.clear();
    patternCache.set(pattern, re);
  }
  return re;
}

function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= days[m - 1];
}

const FORMATS: Record<string, (s: string) => boolean> = lookupTable({
  date: (s) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
    return Boolean(m && validDate(+m[1], +m[2], +m[3]));
  },
  'date-time': (s) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.exec(s);
    return Boolean(m && validDate(+m[1], +m[2], +m[3]) && +m[4] < 24 && +m[5] < 60 && +m[6] < 61);
  },
  uuid: (s) => /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(s),
  byte: (s) => /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(s),
  email: (s) => isEmail(s),
  hostname: (s) => HOSTNAME.test(s),
  ipv4: (s) => IPV4.test(s),
  ipv6: (s) => isIpv6(s),
  uri: (s) => !urlProblem(s, ABSOLUTE),
  'uri-reference': (s) => !urlProblem(s),
});

// ---- URLs, email addresses, host names and IP addresses -----------------------------------

/** Where and why a string is not of a format: offsets inside the string. */
export interface FormatProblem {
  start: number;
  length: number;
  message: string;
}

// RFC 3986: unreserved, gen-delims and sub-delims may appear literally; `%` starts an escape.
const URL_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%";
/** URL_CHARS by character code: URLs in examples are checked character by character. */
const IS_URL_CHAR = new Uint8Array(128);
for (let i = 0; i < URL_CHARS.length; i++) IS_URL_CHAR[URL_CHARS.charCodeAt(i)] = 1;
/** URL_CHARS but `%`, any number of them: a URL with nothing to look at character by character. */
const LITERAL_URL = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]*$/;
const LITERAL_URL_WITH_TEMPLATES = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;={}]*$/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
/**
 * A URL `urlProblem` finds nothing wrong with: a scheme, `//`, a host of literal characters (no
 * user info, no IPv6 brackets), an optional numeric port, then a path and query and at most one
 * fragment, all of literal characters without brackets.
 */
const PLAIN_URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[A-Za-z0-9\-._~!$&'()*+,;=]+(?::\d*)?(?:[/?][A-Za-z0-9\-._~:/?@!$&'()*+,;=]*)?(?:#[A-Za-z0-9\-._~:/?@!$&'()*+,;=]*)?$/;
const BRACKET = /[[\]]/;
const NOT_DIGIT = /\D/;
const ABSOLUTE: UrlOptions = { absolute: true };
/** `/`, `?` and `#` end a URL's authority. */
const endsAuthority = (c: number) => c === 47 || c === 63 || c === 35;
const isHexDigit = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

export function percentEncode(ch: string): string {
  return Array.from(new TextEncoder().encode(ch), (b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('');
}

export interface UrlOptions {
  /** `uri`: absolute, with a scheme; `uri-reference`: relative references allowed. */
  absolute?: boolean;
  /** `{name}` templates are allowed (an operationRef names a templated path). */
  templates?: boolean;
}

/** The first place where a string is not a URI (reference) by RFC 3986, or undefined. */
export function urlProblem(s: string, options: UrlOptions = {}): FormatProblem | undefined {
  // Most URLs are `scheme://host[:port]` and a path, query and fragment of literal characters:
  // one regex accepts them, with what the checks below would (GitHub's examples hold 30,000).
  if (PLAIN_URL.test(s)) return undefined;
  // Else, those with only characters that may appear literally: one regex says so, and only the
  // others are read character by character (escapes, templates, the character to report).
  if (!(options.templates ? LITERAL_URL_WITH_TEMPLATES : LITERAL_URL).test(s)) {
    const problem = characterProblem(s, options);
    if (problem) return problem;
  }
  const scheme = SCHEME.exec(s);
  if (options.absolute && !scheme) return { start: 0, length: Math.min(s.length, 1), message: 'it must be an absolute URI, starting with a scheme such as "https:"' };
  const hash = s.indexOf('#');
  if (hash >= 0 && s.indexOf('#', hash + 1) >= 0) return { start: s.indexOf('#', hash + 1), length: 1, message: 'a second "#" must be percent-encoded as "%23"' };
  let rest = scheme ? scheme[0].length : 0;
  if (s.startsWith('//', rest)) {
    const authorityStart = rest + 2;
    let end = authorityStart;
    while (end < s.length && !endsAuthority(s.charCodeAt(end))) end++;
    const authority = s.slice(authorityStart, end);
    const at = authority.lastIndexOf('@');
    const hostStart = authorityStart + at + 1;
    const hostPort = s.slice(hostStart, end);
    let portAt: number;
    if (hostPort.startsWith('[')) {
      const close = hostPort.indexOf(']');
      if (close < 0) return { start: hostStart, length: hostPort.length, message: 'an IPv6 host must be closed with "]"' };
      portAt = close + 1;
      if (portAt < hostPort.length && hostPort[portAt] !== ':') return { start: hostStart + portAt, length: 1, message: 'only ":" and a port may follow the host' };
    } else {
      const colon = hostPort.indexOf(':');
      portAt = colon < 0 ? hostPort.length : colon;
      const bracket = hostPort.slice(0, portAt).search(BRACKET);
      if (bracket >= 0) return { start: hostStart + bracket, length: 1, message: '"[" and "]" may only enclose an IPv6 host' };
    }
    const port = hostPort.slice(portAt + 1);
    const notDigit = port.search(NOT_DIGIT);
    if (portAt < hostPort.length && notDigit >= 0) return { start: hostStart + portAt + 1 + notDigit, length: 1, message: 'the port after ":" must be a number' };
    rest = end;
  }
  const bracket = s.slice(rest).search(BRACKET);
  if (bracket >= 0) return { start: rest + bracket, length: 1, message: '"[" and "]" may only enclose an IPv6 host: percent-encode them' };
  return undefined;
}

/** The first character that cannot appear in a URL (a `%` that starts no escape included). */
function characterProblem(s: string, options: UrlOptions): FormatProblem | undefined {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (options.templates && (c === 123 || c === 125)) continue; // { }
    if (c === 37) { // %
      if (isHexDigit(s.charCodeAt(i + 1)) && isHexDigit(s.charCodeAt(i + 2))) continue;
      return { start: i, length: 1, message: '"%" must start a percent-escape of two hex digits ("%25" for a literal "%")' };
    }
    if (c < 128 && IS_URL_CHAR[c] === 1) continue;
    const ch = s[i];
    const what = ch === ' ' ? 'a space' : /\s/.test(ch) ? 'a line break or tab' : `"${ch}"`;
    return { start: i, length: [...s.slice(i)][0].length, message: `${what} cannot appear in a URL: percent-encode it` };
  }
  return undefined;
}

const EMAIL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const HOSTNAME = /^(?=.{1,253}\.?$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function isEmail(s: string): boolean {
  return EMAIL.test(s);
}

export function isIpv6(s: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(s) || s.split('::').length > 2) return false;
  const lastColon = s.lastIndexOf(':');
  const tail = s.slice(lastColon + 1);
  const v4 = tail.includes('.');
  if (v4 && !IPV4.test(tail)) return false;
  const head = v4 ? s.slice(0, lastColon + 1) + '0' : s;
  const groups = head.split(':');
  const compressed = s.includes('::');
  const count = groups.filter((g) => g !== '').length + (v4 ? 1 : 0);
  if (groups.some((g) => g.length > 4 || (g !== '' && !/^[0-9A-Fa-f]+$/.test(g)))) return false;
  return compressed ? count <= 7 : count === 8 && !groups.includes('');
}

// ---- properties a schema declares -------------------------------------------------------------

export interface DeclaredProperties {
  properties: Set<string>;
  required: Set<string>;
  /** Whether some part could not be read (an unresolved `$ref`, a depth bound): absence proves nothing. */
  incomplete: boolean;
}

const MAX_ALLOF_DEPTH = 16;

/**
 * The properties and required names of a schema and, through `allOf` and `$ref`s, of what it
 * extends; with `branches`, also the properties its `oneOf`/`anyOf` alternatives may add (never
 * required: only one of them applies).
 */
export function declaredProperties(analysis: Analysis, schema: SyntaxNode, doc: SourceDocument, branches = false): DeclaredProperties {
  const result: DeclaredProperties = { properties: new Set(), required: new Set(), incomplete: false };
  const seen = new Set<SyntaxNode>();
  const visit = (node: SyntaxNode, nodeDoc: SourceDocument, depth: number, optional = false) => {
    const target = node.kind === 'object' && node.get('$ref') ? analysis.resolve(node, nodeDoc).target : { node, doc: nodeDoc };
    if (!target || target.node.kind !== 'object' || depth > MAX_ALLOF_DEPTH) {
      result.incomplete = true;
      return;
    }
    if (seen.has(target.node)) return;
    seen.add(target.node);
    const properties = target.node.get('properties');
    for (const p of properties?.kind === 'object' ? properties.children! : []) result.properties.add(String(p.key));
    const required = target.node.get('required');
    if (!optional) for (const r of required?.kind === 'array' ? required.children! : []) if (r.kind === 'string') result.required.add(r.value as string);
    // Properties an `additionalProperties` schema allows have no names to check against.
    const additional = target.node.get('additionalProperties');
    if (additional && additional.value !== false) result.incomplete = true;
    const allOf = target.node.get('allOf');
    for (const part of allOf?.kind === 'array' ? allOf.children! : []) visit(part, target.doc, depth + 1, optional);
    if (!branches) return;
    for (const key of ['oneOf', 'anyOf']) {
      const alternatives = target.node.get(key);
      for (const part of alternatives?.kind === 'array' ? alternatives.children! : []) visit(part, target.doc, depth + 1, true);
    }
  };
  visit(schema, doc, 0);
  return result;
}
