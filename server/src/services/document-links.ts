// Document links on the file part of every `$ref` that names another file, so that Ctrl+click
// opens it in every editor.
import { WorkspaceIndex } from '../workspace/workspace-index';
import { quoteWidth, Span } from './symbol-at';

export interface DocumentLink {
  at: Span;
  /** Absolute path of the file the reference names. */
  target: string;
  /** The pointer inside it, as written (`#/Pet`), for the tooltip. */
  fragment: string;
}

export function documentLinks(index: WorkspaceIndex, filePath: string): DocumentLink[] {
  const file = index.get(filePath);
  if (!file) return [];
  const links: DocumentLink[] = [];
  for (const ref of file.refs) {
    if (ref.role !== 'ref') continue;
    const hash = ref.raw.indexOf('#');
    const fileLength = hash < 0 ? ref.raw.length : hash;
    if (fileLength === 0) continue;
    links.push({ at: { offset: ref.span.offset + quoteWidth(ref.span), length: fileLength }, target: ref.targetFile, fragment: hash < 0 ? '' : ref.raw.slice(hash) });
  }
  return links;
}
