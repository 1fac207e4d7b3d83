// textDocument/documentLink: the file part of every `$ref` that names an existing file is a link.
import * as fs from 'fs';
import { DocumentLink, DocumentLinkParams } from 'vscode-languageserver/node';
import { documentLinks } from '../../services/document-links';
import { uriToPath } from '../state/session';
import { ServerContext } from './context';
import { rangeInFile } from './workspace-edits';

export function registerDocumentLinks(ctx: ServerContext): void {
  ctx.dispatch.request<DocumentLinkParams, DocumentLink[]>('textDocument/documentLink', [], (params) => {
    const filePath = uriToPath(params.textDocument.uri);
    if (!filePath) return [];
    const index = ctx.workspace.fresh('small');
    if (ctx.workspace.isStale(filePath)) return [];
    const existing = new Map<string, boolean>();
    const exists = (target: string) => {
      let known = existing.get(target);
      if (known === undefined) existing.set(target, (known = index.get(target) !== undefined || fs.existsSync(target)));
      return known;
    };
    return documentLinks(index, filePath).flatMap((link): DocumentLink[] => {
      const range = rangeInFile(index, filePath, link.at.offset, link.at.length);
      if (!range || !exists(link.target)) return [];
      return [{ range, target: ctx.session.uriOf(link.target), tooltip: `Open ${link.target.split(/[\\/]/).pop()}${link.fragment ? ' at ' + link.fragment : ''}` }];
    });
  });
}
