// Security requirements as a client meets them: a list of alternatives, each a set of schemes
// with the scopes it needs. The empty alternative (`{}`), or no requirement at all, lets anyone in.
import { At } from './types';

export interface Alternative {
  /** Scheme name -> scopes. */
  schemes: Map<string, string[]>;
  at: At | undefined;
}

/** The alternatives of a `security` list; no list at all is one empty alternative. */
export function alternativesOf(list: At | undefined): Alternative[] {
  if (!list || list.node.kind !== 'array') return [{ schemes: new Map(), at: undefined }];
  // `security: []` removes every requirement: anyone may call.
  if (list.node.children!.length === 0) return [{ schemes: new Map(), at: list }];
  return list.node
    .children!.filter((n) => n.kind === 'object')
    .map((node) => {
      const schemes = new Map<string, string[]>();
      for (const entry of node.children!) {
        const scopes = entry.kind === 'array' ? entry.children!.map((s) => String(s.value)) : [];
        schemes.set(String(entry.key), scopes);
      }
      return { schemes, at: { node, doc: list.doc } };
    });
}

/** How a message names an alternative: `oauth (repo, user)`, `calls without credentials`. */
export function describe(alternative: Alternative): string {
  if (alternative.schemes.size === 0) return 'calls without credentials';
  return [...alternative.schemes]
    .map(([name, scopes]) => (scopes.length ? `${name} (${scopes.join(', ')})` : name))
    .join(' and ');
}

export interface Unmet {
  /** The base alternative clients used. */
  base: Alternative;
  /** The new alternative closest to it (all its schemes are in it), whose extra scopes are the change. */
  closest: Alternative | undefined;
  /** Scopes the closest alternative needs beyond the base one's, by scheme. */
  scopes: [string, string[]][];
}

/**
 * The base alternatives the new requirements no longer accept. A new alternative accepts what a
 * base one sent when it asks for no scheme and no scope more (names mapped through renames).
 */
export function unmetAlternatives(
  base: At | undefined,
  next: At | undefined,
  names: ReadonlyMap<string, string>,
): Unmet[] {
  const newAlternatives = alternativesOf(next);
  const unmet: Unmet[] = [];
  for (const alternative of alternativesOf(base)) {
    const held = new Map<string, Set<string>>();
    for (const [name, scopes] of alternative.schemes) held.set(names.get(name) ?? name, new Set(scopes));
    let closest: Alternative | undefined;
    let closestScopes: [string, string[]][] = [];
    let accepted = false;
    for (const candidate of newAlternatives) {
      if (![...candidate.schemes.keys()].every((name) => held.has(name))) continue;
      const extra: [string, string[]][] = [];
      for (const [name, scopes] of candidate.schemes) {
        const missing = scopes.filter((s) => !held.get(name)!.has(s));
        if (missing.length) extra.push([name, missing]);
      }
      if (extra.length === 0) {
        accepted = true;
        break;
      }
      if (!closest) ((closest = candidate), (closestScopes = extra));
    }
    if (!accepted) unmet.push({ base: alternative, closest, scopes: closestScopes });
  }
  return unmet;
}
