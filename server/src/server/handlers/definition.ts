// textDocument/definition: through a `$ref` (same file, other files and folders), an operationId,
// a tag, a security scheme; the target's whole member as its range, its key selected.
import { DefinitionParams, LocationLink } from 'vscode-languageserver/node';
import { definitionAt } from '../../services/definition';
import { answerWithoutBlocking } from '../state/request-loads';
import { uriToPath } from '../state/session';
import { ServerContext } from './context';
import { rangeOf } from '../lsp-types';

export function registerDefinition(ctx: ServerContext): void {
  const { session } = ctx;
  ctx.dispatch.request<DefinitionParams, LocationLink[] | null>('textDocument/definition', null, (params, token) => answerWithoutBlocking(session, (): LocationLink[] | null => {
    const filePath = uriToPath(params.textDocument.uri);
    if (!filePath) return null;
    const doc = session.modelOf(filePath);
    if (!doc) return null;
    const result = definitionAt(session.store, doc, doc.lineIndex.offsetAt(params.position), session.analysisFor(filePath));
    if (!result) return null;
    const { target } = result;
    const node = target.node;
    const full = rangeOf(target.doc, node.memberStart, node.end - node.memberStart);
    const selection = node.keyOffset >= 0 ? rangeOf(target.doc, node.keyOffset, node.keyLength) : rangeOf(target.doc, node.offset, 0);
    return [{
      originSelectionRange: rangeOf(doc, result.origin.offset, result.origin.length),
      targetUri: session.uriOf(target.doc.path),
      targetRange: full,
      targetSelectionRange: selection,
    }];
    // Asked for by the user: waits for a large file it leads into (parsed in slices meanwhile).
  }, null, token, undefined, true));
}
