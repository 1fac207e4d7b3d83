// A bundle written as text in steps, for the language server's Bundle to a File: the `yaml`
// package's `stringify` of GitHub's description (10 MB of YAML) held the message loop about 3 s,
// and `JSON.stringify` of it with indentation a few hundred milliseconds. The text is the same as
// `bundleText` writes (the CLI's), character for character: containers near the top, and any with
// many members, are written member by member, and every member below them is written by the same
// serializer as a whole and indented to its place (YAML's block style indents a nested mapping or
// sequence by two spaces at every level, whatever it holds; a key that would not be written on a line
// of its own, a long or multi-line one, is written with its value by the serializer). A look at a
// value's size stops at the piece size, so the whole is linear in the document's size.
import { stringify } from 'yaml';
import { stepClock, Steps } from '../syntax/steps';
import type { Json } from './bundle';

/** As `bundleText` writes YAML. */
export const YAML_TEXT_OPTIONS = { aliasDuplicateObjects: false, lineWidth: 0 } as const;

/**
 * Values of more nodes than this are written member by member: one piece stays a few milliseconds
 * (the `yaml` package writes about 3 MB/s here; one of GitHub's webhook schemas, 155 KB of YAML,
 * took 50-100 ms in one piece). JSON.stringify is some thirty times faster.
 */
const PIECE_NODES = { yaml: 400, json: 2_000 } as const;

type JsonObject = { [key: string]: Json };

function isObject(value: Json): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Whether a value has more than `limit` nodes: it stops counting there, so a look costs at most `limit`. */
function hasMoreNodesThan(value: Json, limit: number): boolean {
  const stack: Json[] = [value];
  let count = 0;
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (++count > limit) return true;
    if (Array.isArray(item)) for (const child of item) stack.push(child);
    else if (isObject(item)) for (const key in item) stack.push(item[key]);
  }
  return false;
}

/** Whether a value is written member by member (an empty container is one piece: `{}`, `[]`). */
function inPieces(value: Json, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  return hasMoreNodesThan(value, limit) && (Array.isArray(value) ? value.length > 0 : Object.keys(value).length > 0);
}

/** `JSON.stringify(value, null, 2) + '\n'`, in steps, as pieces to join. */
export function* prettyJsonSteps(value: Json): Steps<string[]> {
  const pieces: string[] = [];
  const due = stepClock(1);
  function* write(item: Json, indent: string): Steps<void> {
    if (!inPieces(item, PIECE_NODES.json)) {
      // JSON.stringify breaks lines only between members (a string's line breaks are escaped).
      pieces.push(JSON.stringify(item, null, 2).replace(/\n/g, `\n${indent}`));
      if (due()) yield;
      return;
    }
    const inner = `${indent}  `;
    if (Array.isArray(item)) {
      pieces.push('[');
      for (let i = 0; i < item.length; i++) {
        pieces.push(i === 0 ? '\n' : ',\n', inner);
        yield* write(item[i], inner);
      }
      pieces.push(`\n${indent}]`);
      return;
    }
    pieces.push('{');
    let first = true;
    for (const [key, child] of Object.entries(item as JsonObject)) {
      pieces.push(first ? '\n' : ',\n', inner, JSON.stringify(key), ': ');
      first = false;
      yield* write(child, inner);
    }
    pieces.push(`\n${indent}}`);
  }
  yield* write(value, '');
  pieces.push('\n');
  return pieces;
}

/** `stringify(value, YAML_TEXT_OPTIONS)`, in steps, as pieces to join. */
export function* yamlTextSteps(value: Json): Steps<string[]> {
  const pieces: string[] = [];
  // A piece of YAML is a millisecond or more: the clock is looked at after each.
  const due = stepClock(1);
  const keyLines = new Map<string, string | undefined>();
  /** A key as the serializer writes it before `:` and a nested block; undefined when it is not one line of its own. */
  const keyLine = (key: string): string | undefined => {
    if (keyLines.has(key)) return keyLines.get(key);
    const text = stringify({ [key]: {} }, YAML_TEXT_OPTIONS);
    const line = text.endsWith(': {}\n') && !text.slice(0, -5).includes('\n') && !text.startsWith('?') ? text.slice(0, -5) : undefined;
    keyLines.set(key, line);
    return line;
  };
  /** The serializer's text of a piece, its first line after `first` and the others after `rest` (empty lines stay empty). */
  const place = (text: string, first: string, rest: string) => {
    const lines = text.split('\n');
    // The text ends with a line break: the last "line" is empty.
    for (let i = 0; i < lines.length - 1; i++) {
      const line = lines[i];
      pieces.push(i === 0 ? first : line === '' ? '' : rest, line, '\n');
    }
  };
  /** A mapping's members at `indent`; the first one's line starts with `first` (`- ` in a sequence). */
  function* mapping(item: JsonObject, indent: string, first: string): Steps<void> {
    let lineStart = first;
    for (const [key, child] of Object.entries(item)) {
      const line = inPieces(child, PIECE_NODES.yaml) ? keyLine(key) : undefined;
      if (line !== undefined) {
        pieces.push(lineStart, line, ':\n');
        // A nested mapping, and a nested sequence's dashes, two spaces in.
        if (Array.isArray(child)) yield* sequence(child, `${indent}  `);
        else yield* mapping(child as JsonObject, `${indent}  `, `${indent}  `);
      } else {
        place(stringify({ [key]: child }, YAML_TEXT_OPTIONS), lineStart, indent);
        if (due()) yield;
      }
      lineStart = indent;
    }
  }
  /** A sequence's items, their dashes at `indent`. */
  function* sequence(items: Json[], indent: string): Steps<void> {
    for (const item of items) {
      if (isObject(item) && inPieces(item, PIECE_NODES.yaml)) yield* mapping(item, `${indent}  `, `${indent}- `);
      else {
        place(stringify([item], YAML_TEXT_OPTIONS), indent, indent);
        if (due()) yield;
      }
    }
  }
  if (isObject(value) && inPieces(value, PIECE_NODES.yaml)) yield* mapping(value, '', '');
  else if (Array.isArray(value) && inPieces(value, PIECE_NODES.yaml)) yield* sequence(value, '');
  else pieces.push(stringify(value, YAML_TEXT_OPTIONS));
  return pieces;
}

/** The text of a bundle in a format, in steps, as pieces to join. */
export function bundleTextSteps(value: Json, format: 'yaml' | 'json'): Steps<string[]> {
  return format === 'json' ? prettyJsonSteps(value) : yamlTextSteps(value);
}
