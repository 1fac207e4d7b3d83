// `openapi-check convert IN [-o OUT] [--format yaml|json]`: Swagger 2.0 -> OpenAPI 3.0.3. The
// files IN references are converted too and written beside OUT; notes on what could not be
// converted faithfully go to standard error. Exit code 2 when nothing could be converted.
import * as fs from 'fs';
import * as path from 'path';
import { diskFiles } from '../io/read-file';
import { convertSwagger2 } from '../services/convert/convert-swagger2';
import { ConvertOptions } from './args';
import { displayPath } from './findings';
import type { Io } from './main';

export function convert(options: ConvertOptions, io: Io): number {
  const input = path.resolve(io.cwd, options.input);
  const out = options.out === undefined ? undefined : path.resolve(io.cwd, options.out);
  const show = (file: string) => displayPath(file, io.cwd);
  const fail = (message: string) => (io.err(`openapi-check convert: ${message}\n`), 2);

  const result = convertSwagger2(input, diskFiles, { rootOutput: out, format: options.format });
  if (result.failure) return fail(`cannot convert ${options.input}: ${result.failure.replace(input, show(input))}`);
  if (!out && result.files.length > 1) {
    const others = result.files.slice(1).map((f) => show(f.source)).join(', ');
    return fail(`${options.input} references other files (${others}): give -o OUT, and they are written beside it.`);
  }
  // Never write over a file the conversion read: the 2.0 document would lose what it references.
  const sources = new Set(result.files.map((f) => f.source));
  for (const file of out ? result.files : []) {
    if (sources.has(file.path)) {
      return fail(`the converted ${show(file.source)} would be written over ${show(file.path)}, which the conversion reads: choose an output in another folder.`);
    }
  }
  for (const note of result.notes) io.err(`openapi-check convert: ${show(note.path)}:${note.line + 1}:${note.character + 1}: ${note.message}\n`);
  if (!out) {
    io.out(result.files[0].text);
    return 0;
  }
  for (const file of result.files) {
    try {
      fs.mkdirSync(path.dirname(file.path), { recursive: true });
      fs.writeFileSync(file.path, file.text);
    } catch (e) {
      return fail(`cannot write ${show(file.path)}: ${(e as Error).message}`);
    }
    io.out(`Wrote ${show(file.path)}\n`);
  }
  return 0;
}
