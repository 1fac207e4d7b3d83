// What the kinds share about the values they compare: which schema keywords bound a value and in
// which sense, the default serialization of parameters, how a value reads in a message.
import { keyword, keywordValue, SchemaView } from './schema-view';
import { At, Spot } from './types';

/** A keyword that bounds values: `upper` keywords accept less as they get smaller. */
export interface Bound {
  keyword: string;
  sense: 'upper' | 'lower';
}

export const BOUNDS: readonly Bound[] = [
  { keyword: 'maxLength', sense: 'upper' },
  { keyword: 'minLength', sense: 'lower' },
  { keyword: 'maximum', sense: 'upper' },
  { keyword: 'minimum', sense: 'lower' },
  { keyword: 'maxItems', sense: 'upper' },
  { keyword: 'minItems', sense: 'lower' },
  { keyword: 'maxProperties', sense: 'upper' },
  { keyword: 'minProperties', sense: 'lower' },
];

/** One keyword's difference between two schemas: `narrower` means the new one accepts less. */
export interface KeywordChange {
  keyword: string;
  narrower: boolean;
  /** `went from 100 to 50`, `was added (50)`, `was removed`. */
  change: string;
  base?: Spot;
  new?: Spot;
}

const shown = (value: unknown) =>
  typeof value === 'string' ? `"${value.length > 80 ? value.slice(0, 79) + '…' : value}"` : String(value);

/** Where a keyword is, or the schema itself when that side has none. */
export function keywordSpot(view: SchemaView, name: string): Spot {
  const member = keyword(view, name);
  return member ? { ...member, part: 'value' } : view.use;
}

/**
 * The keywords that limit values and differ: bounds, exclusive bounds, pattern, format,
 * multipleOf, uniqueItems, nullable, additionalProperties false. Each says whether the new
 * schema accepts less (narrower) or more.
 */
export function keywordChanges(base: SchemaView, next: SchemaView): KeywordChange[] {
  const changes: KeywordChange[] = [];
  const spots = (keyword: string) => ({ base: keywordSpot(base, keyword), new: keywordSpot(next, keyword) });
  for (const { keyword, sense } of BOUNDS) {
    const before = keywordValue(base, keyword);
    const after = keywordValue(next, keyword);
    const b = typeof before === 'number' ? before : undefined;
    const a = typeof after === 'number' ? after : undefined;
    if (b === a) continue;
    // A lower bound of 0 on a length or a count is no bound.
    const none = sense === 'lower' && keyword !== 'minimum' ? 0 : undefined;
    if ((b ?? none) === (a ?? none)) continue;
    const narrower = a === undefined ? false : b === undefined ? true : sense === 'upper' ? a < b : a > b;
    const change =
      b === undefined ? `was added (${a})` : a === undefined ? `was removed (it was ${b})` : `went from ${b} to ${a}`;
    changes.push({ keyword, narrower, change, ...spots(keyword) });
  }
  for (const keyword of ['exclusiveMaximum', 'exclusiveMinimum', 'uniqueItems']) {
    const before = keywordValue(base, keyword) === true;
    const after = keywordValue(next, keyword) === true;
    if (before !== after)
      changes.push({
        keyword,
        narrower: after,
        change: after ? 'is now true' : 'is no longer true',
        ...spots(keyword),
      });
  }
  for (const keyword of ['pattern', 'format']) {
    const before = keywordValue(base, keyword);
    const after = keywordValue(next, keyword);
    if (before === after) continue;
    const change =
      before === undefined
        ? `was added (${shown(after)})`
        : after === undefined
          ? `was removed (it was ${shown(before)})`
          : `went from ${shown(before)} to ${shown(after)}`;
    // A changed pattern or format limits values both ways: narrower for what is sent, wider for what is read.
    changes.push({ keyword, narrower: after !== undefined, change, ...spots(keyword) });
    if (before !== undefined && after !== undefined)
      changes.push({ keyword, narrower: false, change, ...spots(keyword) });
  }
  const multipleBefore = keywordValue(base, 'multipleOf');
  const multipleAfter = keywordValue(next, 'multipleOf');
  if (multipleBefore !== multipleAfter) {
    const b = typeof multipleBefore === 'number' ? multipleBefore : undefined;
    const a = typeof multipleAfter === 'number' ? multipleAfter : undefined;
    const change =
      b === undefined ? `was added (${a})` : a === undefined ? `was removed (it was ${b})` : `went from ${b} to ${a}`;
    // Every multiple of b is a multiple of a when a divides b.
    const accepts = (outer: number | undefined, inner: number | undefined) =>
      inner === undefined || (outer !== undefined && outer % inner === 0);
    if (!accepts(b, a)) changes.push({ keyword: 'multipleOf', narrower: true, change, ...spots('multipleOf') });
    if (!accepts(a, b)) changes.push({ keyword: 'multipleOf', narrower: false, change, ...spots('multipleOf') });
  }
  const nullableBefore = keywordValue(base, 'nullable') === true;
  const nullableAfter = keywordValue(next, 'nullable') === true;
  if (nullableBefore && !nullableAfter)
    changes.push({
      keyword: 'nullable',
      narrower: true,
      change: 'was removed (null is no longer accepted)',
      ...spots('nullable'),
    });
  const closedBefore = keywordValue(base, 'additionalProperties') === false;
  const closedAfter = keywordValue(next, 'additionalProperties') === false;
  if (closedBefore !== closedAfter) {
    const change = closedAfter ? 'is now false (properties not listed are rejected)' : 'is no longer false';
    changes.push({ keyword: 'additionalProperties', narrower: closedAfter, change, ...spots('additionalProperties') });
  }
  return changes;
}

/** A schema's `type`, or undefined for any type. */
export function typeOf(view: SchemaView): string | undefined {
  const type = keywordValue(view, 'type');
  return typeof type === 'string' ? type : undefined;
}

/** Whether every value of type `inner` is one of type `outer` (undefined: any type). */
export function typeWithin(inner: string | undefined, outer: string | undefined): boolean {
  if (outer === undefined) return true;
  if (inner === undefined) return false;
  return inner === outer || (inner === 'integer' && outer === 'number');
}

export const typeName = (type: string | undefined) => type ?? 'any type';

/** An enum's values as keys (JSON text), with their nodes; undefined when the schema has none. */
export function enumValues(view: SchemaView): Map<string, At> | undefined {
  const member = keyword(view, 'enum');
  if (member?.node.kind !== 'array') return undefined;
  const values = new Map<string, At>();
  for (const node of member.node.children!) {
    const key = JSON.stringify(node.toValue() ?? null);
    if (!values.has(key)) values.set(key, { node, doc: member.doc });
  }
  return values;
}

/** Up to five values for a message: `"a", "b" and 3 more`. */
export function listed(keys: readonly string[]): string {
  const shownKeys = keys.slice(0, 5).map((k) => (k.length > 80 ? k.slice(0, 79) + '…' : k));
  const more = keys.length > 5 ? ` and ${keys.length - 5} more` : '';
  if (shownKeys.length === 1) return shownKeys[0] + more;
  return more
    ? shownKeys.join(', ') + more
    : shownKeys.slice(0, -1).join(', ') + ' and ' + shownKeys[shownKeys.length - 1];
}

/** A parameter's serialization: its style and explode with the defaults of its location filled in. */
export function serialization(parameter: At & { in: string }): string {
  const style =
    parameter.node.get('style')?.stringValue ??
    (parameter.in === 'query' || parameter.in === 'cookie' ? 'form' : 'simple');
  const explode = parameter.node.get('explode');
  const exploded = explode?.kind === 'boolean' ? explode.value === true : style === 'form';
  return `style ${style}, explode ${exploded}`;
}

/** Whether an object has `deprecated: true`. */
export function isDeprecated(at: At): boolean {
  return at.node.kind === 'object' && at.node.get('deprecated')?.value === true;
}

/** An alternative's name for a message: the `$ref`'s last segment, its title, or its position. */
export function alternativeName(at: At, view: SchemaView | undefined, list: readonly At[] | undefined): string {
  const ref = at.node.kind === 'object' ? at.node.get('$ref')?.stringValue : undefined;
  if (ref) return `"${ref.slice(ref.lastIndexOf('/') + 1)}"`;
  const title = view && keyword(view, 'title')?.node.stringValue;
  if (title) return `"${title}"`;
  const index = list ? list.findIndex((a) => a.node === at.node) : -1;
  const type = view ? typeOf(view) : undefined;
  const position = index >= 0 ? `#${index + 1}` : 'itself';
  return `${position}${type ? ` (${type})` : ''}`;
}
