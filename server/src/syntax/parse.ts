// Entry point of the syntax layer: text -> ParsedText, never throws.
import { Steps } from './steps';
import { parseJson, parseJsonSteps } from './json';
import { ParsedText, SourceFormat } from './tree';
import { parseYaml, parseYamlSteps } from './yaml';

/** The format of a file: its extension when it has a known one, else the first character. */
export function detectFormat(fileName: string, text: string): SourceFormat {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return 'yaml';
  const first = text.trimStart()[0];
  return first === '{' || first === '[' ? 'json' : 'yaml';
}

export function parseText(text: string, format: SourceFormat): ParsedText {
  return format === 'json' ? parseJson(text) : parseYaml(text);
}

/**
 * The same in steps: the language server pauses between them (see syntax/yaml-fast.ts).
 * `source`: the document the text is a version of (a parse in the worker gives way to a newer one).
 */
export function parseTextSteps(text: string, format: SourceFormat, source?: string): Steps<ParsedText> {
  return format === 'json' ? parseJsonSteps(text, source) : parseYamlSteps(text, source);
}
