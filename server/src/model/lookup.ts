// Tables looked up by names that come from the document (a type, a format, a flow, a status code).

/**
 * The entries as a table without a prototype: a name like "constructor", "toString" or
 * "__proto__" finds nothing, instead of one of Object's own members (which made rules crash on
 * `type: constructor` and quote 'function toString() { [native code] }' in messages).
 */
export function lookupTable<T>(entries: Record<string, T>): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, entries);
}
