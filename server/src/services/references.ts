// Find references across the workspace: to a component or a fragment file's entry (every `$ref`
// and discriminator mapping naming it), to a file (every `$ref` into it), to an operationId (Links
// naming it), to a tag (operations using it), to a security scheme (requirements naming it).
import { pointerKey } from '../workspace/file-index';
import { Located, WorkspaceIndex } from '../workspace/workspace-index';
import type { TextLike } from '../syntax/piece-text';
import { FileSpan, quoteWidth, symbolAt, SymbolAt } from './symbol-at';
import { Definition, FileIndex, NameUse, ScalarSpan } from '../workspace/file-index';

/** A scalar's text without its quotes. */
function unquoted(file: string, span: ScalarSpan): FileSpan {
  const q = quoteWidth(span);
  return { file, offset: span.offset + q, length: Math.max(0, span.length - 2 * q) };
}

const keyOf = (file: FileIndex, d: Definition): FileSpan => unquoted(file.path, d.key);
const useOf = ({ file, entry }: Located<NameUse>): FileSpan => unquoted(file.path, entry.span);

/** Security scheme definitions of a name in the roots of a project. */
export function schemeDefinitions(index: WorkspaceIndex, project: Set<string>, name: string): { file: FileIndex; definition: Definition }[] {
  const found: { file: FileIndex; definition: Definition }[] = [];
  for (const filePath of project) {
    const file = index.get(filePath);
    if (!file?.root) continue;
    const definition = file.definitions.find((d) => d.kind === 'SecurityScheme' && d.name === name);
    if (definition) found.push({ file, definition });
  }
  return found;
}

/** The places that name a symbol; the declaration first when asked for. */
export function referencesOf(index: WorkspaceIndex, fromFile: string, symbol: SymbolAt, includeDeclaration: boolean): FileSpan[] {
  const result: FileSpan[] = [];
  const inProject = (project: Set<string>) => (located: Located<unknown>) => project.has(located.file.path);
  switch (symbol.kind) {
    case 'definition': {
      // Looked up only when asked for: code lens asks once per definition of a file.
      const file = includeDeclaration ? index.get(symbol.file) : undefined;
      const key = pointerKey(symbol.pointer);
      const definition = file?.definitions.find((d) => pointerKey(d.pointer) === key);
      if (file && definition) result.push(keyOf(file, definition));
      for (const { file: from, entry } of index.refsTo(symbol.file, symbol.pointer)) result.push(unquoted(from.path, entry.span));
      break;
    }
    case 'file':
      for (const { file: from, entry } of index.refsInto(symbol.file)) if (entry.role === 'ref') result.push(unquoted(from.path, entry.span));
      break;
    case 'operation': {
      const project = index.projectOf(fromFile);
      for (const { file, entry } of index.operationsWithId(symbol.id).filter(inProject(project))) {
        if (includeDeclaration && entry.operationIdSpan) result.push(unquoted(file.path, entry.operationIdSpan));
        for (const ref of index.refsTo(file.path, [...entry.pathItem, entry.method])) {
          if (ref.entry.role === 'operationRef') result.push(unquoted(ref.file.path, ref.entry.span));
        }
      }
      pushAll(result, index.linksTo(symbol.id).filter(inProject(project)).map(useOf));
      break;
    }
    case 'tag': {
      const project = index.projectOf(fromFile);
      if (includeDeclaration) {
        for (const { file, entry } of index.tagDeclarations(symbol.name).filter(inProject(project))) result.push(unquoted(file.path, entry.span));
      }
      pushAll(result, index.tagUses(symbol.name).filter(inProject(project)).map(useOf));
      break;
    }
    case 'scheme': {
      const project = index.projectOf(symbol.file ?? fromFile);
      if (includeDeclaration) for (const { file, definition } of schemeDefinitions(index, project, symbol.name)) result.push(keyOf(file, definition));
      pushAll(result, index.schemeUses(symbol.name).filter(inProject(project)).map(useOf));
      break;
    }
  }
  return result;
}

/** Appends a list of any length (spreading 200,000 items as arguments overflows the stack). */
function pushAll<T>(to: T[], items: readonly T[]): void {
  for (const item of items) to.push(item);
}

/** Find references at an offset of an indexed file (`text`: its current text). */
export function findReferences(index: WorkspaceIndex, filePath: string, offset: number, includeDeclaration: boolean, text?: TextLike): FileSpan[] {
  const file = index.get(filePath);
  if (!file) return [];
  const symbol = symbolAt(index, file, offset, text);
  return symbol ? referencesOf(index, filePath, symbol, includeDeclaration) : [];
}
