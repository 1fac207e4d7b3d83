// Entry point of the syntax layer: text -> ParsedText, never throws.
import { drain, Steps } from './steps';
import { parseJson, parseJsonSteps } from './json';
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
  return format === 'json' ? parseJson(text) : drain(parseYamlAroundSteps(text)) ?? parseYamlWithPackage(text);
}

/**
 * The same in steps: the language server pauses between them (see syntax/yaml-fast.ts).
 * `source`: the document the text is a version of (a parse in the worker gives way to a newer one).
 */
export function parseTextSteps(text: string, format: SourceFormat, source?: string): Steps<ParsedText> {
  return format === 'json' ? parseJsonSteps(text, source) : parseYamlTextSteps(text, source);
}

/** The fast reader's tree, read around broken lines in a large text (yaml-around.ts), else the `yaml` package's, in a worker. */
function* parseYamlTextSteps(text: string, source?: string): Steps<ParsedText> {
  const read = yield* parseYamlAroundSteps(text);
  return read ?? (yield* parsedElsewhere(text, 'yaml', () => parseYamlWithPackage(text), source));
}
