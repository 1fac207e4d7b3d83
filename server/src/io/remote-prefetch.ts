// Before a synchronous check: every remote document the roots reach, through local files and other
// remote documents, fetched (those allowed, in parallel, a few at a time). The walk reads every
// `$ref` string of each document it reaches (a superset of what the check follows: a `$ref` inside
// an example costs one request to an allowed host), so the check finds each one settled.
import { DocumentStore, isLoadFailure } from '../model/documents';
import { isRemoteLocation, refLocation } from '../model/location';
import { parseRef } from '../model/ref';
import { SyntaxNode } from '../syntax/tree';
import { RemoteDocuments } from './remote-documents';
import { isAllowed } from './remote-policy';

/** Remote documents one run fetches at most: a chain of references across hosts ends here, and says so. */
export const MAX_REMOTE_DOCUMENTS = 200;

/**
 * Loads the roots and what they reference into `store`, fetching remote documents through
 * `remote`. Resolves when every reachable allowed document is settled.
 */
export async function prefetchRemoteRefs(store: DocumentStore, roots: readonly string[], remote: RemoteDocuments): Promise<void> {
  const seen = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  let remoteCount = 0;
  const visit = (location: string) => {
    if (seen.has(location)) return;
    seen.add(location);
    if (!isRemoteLocation(location)) return scan(location);
    if (!isAllowed(remote.policy, location)) return; // never a request; the check says how to allow it
    if (++remoteCount > MAX_REMOTE_DOCUMENTS) {
      remote.settle(location, { reason: 'remote-failed', message: `the run reached more than ${MAX_REMOTE_DOCUMENTS} remote documents; this one is not fetched.` });
      return;
    }
    // A scan that fails (an internal error) loses only what this document references: the check says the rest.
    const load = remote.load(location).then(() => scan(location)).catch(() => undefined);
    inFlight.add(load);
    void load.finally(() => inFlight.delete(load));
  };
  const scan = (location: string) => {
    const doc = store.get(location);
    if (isLoadFailure(doc)) return;
    for (const ref of refStrings(doc.root)) {
      // From where the document was found (after a redirect, not where it was asked for).
      const target = refLocation(doc.path, parseRef(ref));
      if (target && 'location' in target) visit(target.location);
    }
    // A local file is read again by its check: many large inputs must not all stay parsed at once.
    if (!isRemoteLocation(location)) store.forget(location);
  };
  for (const root of roots) visit(root);
  while (inFlight.size > 0) await Promise.race(inFlight);
}

/** Every string value of a `$ref` key in a tree, in document order (an explicit stack: trees are deep). */
function refStrings(root: SyntaxNode | undefined): string[] {
  const refs: string[] = [];
  const stack = root ? [root] : [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!node.children) continue;
    for (let i = node.children.length - 1; i >= 0; i--) {
      const child = node.children[i];
      if (node.kind === 'object' && child.key === '$ref' && child.kind === 'string') refs.push(child.value as string);
      else stack.push(child);
    }
  }
  return refs;
}
