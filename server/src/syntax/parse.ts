// Entry point of the syntax layer: text -> ParsedText, never throws.
import { drain, Steps } from './steps';
import { parseJsonAfterFailure, readJsonStrictSteps } from './json';
import { parseJsonAroundSteps } from './json-around';
import { parsedElsewhere } from './off-thread';
import { ParsedText, SourceFormat } from './tree';
import { parseYamlWithPackage } from './yaml';
import { parseYamlAroundSteps } from './yaml-around';

/** The format of a file: its extension when it has a known one, else the first character. */
export function detectFormat(fileName: string, text: string): SourceFormat {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return 'yaml';
  const first = text.trimStart()[0];
  return first === '{' || first === '[' ? 'json' : 'yaml';
}

export function parseText(text: string, format: SourceFormat): ParsedText {
  return drain(parseTextSteps(text, format));
}

/**
 * The same in steps: the language server pauses between them (see syntax/yaml-fast.ts).
 * `source`: the document the text is a version of (a parse in the worker gives way to a newer one).
 */
export function parseTextSteps(text: string, format: SourceFormat, source?: string): Steps<ParsedText> {
  return format === 'json' ? parseJsonTextSteps(text, source) : parseYamlTextSteps(text, source);
}

/** The strict reader's tree, read around a broken value in a large text (json-around.ts), else jsonc-parser's recovery, in a worker. */
function* parseJsonTextSteps(text: string, source?: string): Steps<ParsedText> {
  const read = yield* readJsonStrictSteps(text);
  if (!('failedAt' in read)) return read;
  const around = yield* parseJsonAroundSteps(text, read);
  return around ?? (yield* parseJsonAfterFailure(text, read, source));
}

/** The fast reader's tree, read around broken lines in a large text (yaml-around.ts), else the `yaml` package's, in a worker. */
function* parseYamlTextSteps(text: string, source?: string): Steps<ParsedText> {
  const read = yield* parseYamlAroundSteps(text);
  return read ?? (yield* parsedElsewhere(text, 'yaml', () => parseYamlWithPackage(text), source));
}
