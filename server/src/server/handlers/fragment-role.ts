// The role a fragment file has in the descriptions that reference it (services/fragment-role.ts),
// from what the server knows: the roots whose last check read it and the workspace index's roots and
// references (which hold closed files too, with each root's version).
import { SourceDocument } from '../../model/documents';
import { DescriptionVersion } from '../../model/spec';
import { FragmentRole, fragmentVersion, NO_ROLE, Swagger2ReferencedAs, swagger2KindCalledFor } from '../../services/fragment-role';
import { ServerContext } from './context';

/** References from Swagger 2.0 roots whose place is read: each may load its root's tree. */
const MAX_SWAGGER2_REFERENCES = 200;

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
  const swagger2ReferencedAs: Swagger2ReferencedAs[] = [];
  if (version === '2.0') {
    for (const { file, entry } of into.filter((r) => r.file.version === '2.0').slice(0, MAX_SWAGGER2_REFERENCES)) {
      const referencing = session.modelOf(file.path);
      const kind = referencing ? swagger2KindCalledFor(referencing, entry.span.offset) : undefined;
      if (kind) swagger2ReferencedAs.push({ pointer: entry.pointer, kind });
    }
  }
  return { version, referencedAs, swagger2ReferencedAs };
}
