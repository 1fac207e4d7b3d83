// The role a fragment file has in the descriptions that reference it (services/fragment-role.ts),
// from what the server knows: the roots whose last check read it and the workspace index's roots and
// references (which hold closed files too, with each root's version).
import { SourceDocument } from '../../model/documents';
import { DescriptionVersion } from '../../model/spec';
import { Swagger2Kind } from '../../model/swagger2-spec';
import {
  FragmentRole, fragmentVersion, NO_ROLE, Swagger2ReferencedAs, swagger2KindCalledFor, swagger2KindInFragment,
} from '../../services/fragment-role';
import { ServerContext } from './context';

/** References from Swagger 2.0 roots whose place is read: each may load its root's tree. */
const MAX_SWAGGER2_REFERENCES = 200;
/** Fragments followed up from a file towards the 2.0 roots (a schema file's property in a file of its own...). */
const MAX_FRAGMENT_CHAIN = 4;

export function fragmentRoleOf(ctx: ServerContext, doc: SourceDocument): FragmentRole {
  const root = doc.root;
  if (root?.kind === 'object' && (root.get('openapi') || root.get('swagger'))) return NO_ROLE;
  const { session, workspace } = ctx;
  const versions = new Set<DescriptionVersion>();
  for (const reader of session.rootsReading(doc.path)) {
    const analysis = reader !== doc.path ? session.analysisFor(reader) : undefined;
    if (analysis) versions.add(analysis.version);
  }
  for (const reader of workspace.index.rootsReaching(doc.path)) {
    const version = reader !== doc.path ? workspace.index.get(reader)?.version : undefined;
    if (version) versions.add(version);
  }
  const version = fragmentVersion(versions);
  const into = workspace.index.refsInto(doc.path).filter(({ entry }) => !entry.inExtension);
  const referencedAs = into
    .filter(({ file, entry }) => file.version !== '2.0' && entry.expected !== undefined)
    .map(({ entry }) => ({ pointer: entry.pointer, kind: entry.expected! }));
  const swagger2ReferencedAs = version === '2.0' ? swagger2RefsInto(ctx, doc.path, 0, new Map([[doc.path, []]])) : [];
  return { version, referencedAs, swagger2ReferencedAs };
}

/**
 * The places in a Swagger 2.0 description that reference a file, with their 2.0 kinds: in a root by
 * where the `$ref` stands, in another fragment by that fragment's own places (followed up a few files).
 */
function swagger2RefsInto(
  ctx: ServerContext, filePath: string, depth: number, known: Map<string, readonly Swagger2ReferencedAs[]>,
): Swagger2ReferencedAs[] {
  const found: Swagger2ReferencedAs[] = [];
  const into = ctx.workspace.index.refsInto(filePath).filter(({ entry }) => !entry.inExtension);
  for (const { file, entry } of into.slice(0, MAX_SWAGGER2_REFERENCES)) {
    const referencing = file.version === '2.0' || file.version === undefined ? ctx.session.modelOf(file.path) : undefined;
    if (!referencing) continue;
    let kind: Swagger2Kind | undefined;
    if (file.version === '2.0') kind = swagger2KindCalledFor(referencing, entry.span.offset);
    else if (depth < MAX_FRAGMENT_CHAIN) {
      let places = known.get(file.path);
      if (!places) {
        known.set(file.path, []); // a cycle of files ends here
        known.set(file.path, (places = swagger2RefsInto(ctx, file.path, depth + 1, known)));
      }
      kind = swagger2KindInFragment(referencing, entry.span.offset, places);
    }
    if (kind) found.push({ pointer: entry.pointer, kind });
  }
  return found;
}
