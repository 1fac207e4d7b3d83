// The editor's "Convert to OpenAPI 3.0": the converted root and every file it references, either
// written beside their sources under new names (`petstore.yaml` -> `petstore.openapi.yaml`), or
// in place of them. Plain data; the language server turns it into one WorkspaceEdit.
import * as path from 'path';
import { FileSource } from '../../model/documents';
import { convertSwagger2, ConvertNote } from './convert-swagger2';

export type ConversionPlacement = 'beside' | 'in-place';

export interface ConvertedForEditor {
  /** Each converted file: where it goes, the file it comes from, its text. Root first. */
  files: { path: string; source: string; text: string }[];
  notes: ConvertNote[];
}

/** Names tried after `.openapi` before giving up (`petstore.openapi-2.yaml` ... `-20`). */
const MAX_NAME_TRIES = 20;

/**
 * The conversion of the Swagger 2.0 root at `rootPath`. `exists`: whether a file is there already
 * (a new file never replaces one). An error says why nothing is converted.
 */
export function convertForEditor(rootPath: string, files: FileSource, placement: ConversionPlacement,
  exists: (filePath: string) => boolean): ConvertedForEditor | { error: string } {
  if (placement === 'in-place') {
    const result = convertSwagger2(rootPath, files);
    return result.failure ? { error: result.failure } : { files: result.files, notes: result.notes };
  }
  const taken = new Set<string>();
  let unnamed: string | undefined;
  const outputOf = (source: string) => {
    const name = besideName(source, (p) => taken.has(p) || exists(p));
    if (name === undefined) {
      unnamed ??= source;
      return source;
    }
    taken.add(name);
    return name;
  };
  const result = convertSwagger2(rootPath, files, { rootOutput: outputOf(path.resolve(rootPath)), outputOf });
  if (result.failure) return { error: result.failure };
  if (unnamed) return { error: `no free name for the converted ${path.basename(unnamed)} beside it.` };
  return { files: result.files, notes: result.notes };
}

/** `dir/petstore.yaml` -> `dir/petstore.openapi.yaml`, or `petstore.openapi-2.yaml`... when that exists. */
export function besideName(source: string, isTaken: (filePath: string) => boolean): string | undefined {
  const extension = path.extname(source);
  const stem = source.slice(0, source.length - extension.length);
  for (let i = 1; i <= MAX_NAME_TRIES; i++) {
    const candidate = `${stem}.openapi${i === 1 ? '' : `-${i}`}${extension}`;
    if (!isTaken(candidate)) return candidate;
  }
  return undefined;
}
