// `$ref` values as RFC 3986 URI references (§4.8) and their JSON Pointer fragments (§4.9).

export type RefForm = 'local' | 'file' | 'url';

export interface RefSyntaxProblem {
  code: 'empty' | 'percent' | 'characters' | 'fragment' | 'bare-pointer';
  /** Offset and length inside the ref string. */
  start: number;
  length: number;
  message: string;
  /** The corrected ref string, when there is an obvious one. */
  suggestion?: string;
  /**
   * The suggestion percent-encodes characters of the file path: tools that read the path as
   * written (Redocly) then look for another file (`menu_%7Bid%7D.yaml`).
   */
  encodesFilePath?: boolean;
}

export interface PointerEscapeProblem {
  start: number;
  length: number;
  message: string;
  suggestion?: string;
}

export interface ParsedRef {
  raw: string;
  form: RefForm;
  /** The file part, percent-decoded (empty for a local ref). */
  file: string;
  /** Decoded JSON Pointer segments of the fragment; undefined when there is no fragment. */
  pointer: string[] | undefined;
  /**
   * A fragment that is a plain name (`#pet`): JSON Schema 2020-12 (OpenAPI 3.1 and 3.2) reads it as
   * the schema whose `$anchor` (or `$dynamicAnchor`) is that name.
   */
  anchor?: string;
  syntaxProblems: RefSyntaxProblem[];
  escapeProblems: PointerEscapeProblem[];
}

// RFC 3986 characters that may appear literally in a URI reference (besides `%` escapes).
// Non-ASCII letters are accepted as IRI characters: real documents name schemas in many languages.
const URI_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/?#%";
/** ASCII lookup: one table read per character (a file of 10,000 refs parses them all). */
const IS_URI_CHAR = new Uint8Array(128);
for (const ch of URI_CHARS) IS_URI_CHAR[ch.charCodeAt(0)] = 1;

/** `%XX` escapes of the ASCII characters, by code: a table read per character (250,000 spaces in a $ref). */
const PERCENT_ESCAPES = Array.from({ length: 128 }, (_, code) => `%${code.toString(16).toUpperCase().padStart(2, '0')}`);

/** `%XX` escapes of an ASCII character (the only kind `parseRef` finds bad). */
function encodeChar(ch: string): string {
  return PERCENT_ESCAPES[ch.charCodeAt(0)];
}

function isHexDigit(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}

/** `text` with the characters at `positions` (ascending) replaced: one pass, whatever their number. */
function replaceAt(text: string, positions: readonly number[], replacement: (ch: string, at: number) => string): string {
  let result = '';
  let from = 0;
  for (const at of positions) {
    if (at > from) result += text.slice(from, at);
    result += replacement(text[at], at);
    from = at + 1;
  }
  return result + text.slice(from);
}

/** References at least this long are kept parsed (their parse costs in proportion to their length). */
const LONG_REF = 1024;
/** Long references kept parsed, oldest first: the walk, the index and the rules each parse the same one. */
const longRefs = new Map<string, ParsedRef>();
/** Bounds on what is kept: references (each may hold its document's text), and their characters. */
const MAX_LONG_REFS = 8;
const MAX_LONG_REF_CHARS = 2_000_000;
let longRefChars = 0;

/** Whether a reference names no file: `#/...` (or nothing) is within the document it is in; what parseRef calls 'local'. */
export function isLocalRef(raw: string): boolean {
  return raw === '' || raw.charCodeAt(0) === 35; // '#'
}

/** A `$ref` value read as a URI reference: its form, file, pointer and syntax problems. Never mutate the result. */
export function parseRef(raw: string): ParsedRef {
  if (raw.length < LONG_REF) return parseRefText(raw);
  let parsed = longRefs.get(raw);
  if (!parsed) {
    parsed = parseRefText(raw);
    while (longRefs.size > 0 && (longRefs.size >= MAX_LONG_REFS || longRefChars + raw.length > MAX_LONG_REF_CHARS)) {
      const oldest = longRefs.keys().next().value!;
      longRefs.delete(oldest);
      longRefChars -= oldest.length;
    }
    if (raw.length <= MAX_LONG_REF_CHARS) {
      longRefs.set(raw, parsed);
      longRefChars += raw.length;
    }
  }
  return parsed;
}

function parseRefText(raw: string): ParsedRef {
  const syntaxProblems: RefSyntaxProblem[] = [];
  const hash = raw.indexOf('#');
  const filePart = hash < 0 ? raw : raw.slice(0, hash);
  const fragment = hash < 0 ? undefined : raw.slice(hash + 1);
  const form: RefForm = isLocalRef(raw) ? 'local' : /^[A-Za-z][A-Za-z0-9+.-]*:/.test(filePart) || filePart.startsWith('//') ? 'url' : 'file';

  if (raw === '') {
    syntaxProblems.push({ code: 'empty', start: 0, length: 0, message: 'The reference is empty.' });
  }
  // Characters RFC 3986 does not allow literally, and `%` not starting an escape: each kind is one
  // problem over the span from its first to its last place, whose fix corrects them all at once.
  const bad: number[] = [];
  const badPercents: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code > 127) continue;
    if (code === 35 /* # */ && i !== hash) bad.push(i);
    else if (!IS_URI_CHAR[code]) bad.push(i);
    else if (code === 37 /* % */ && !(isHexDigit(raw.charCodeAt(i + 1)) && isHexDigit(raw.charCodeAt(i + 2)))) badPercents.push(i);
  }
  if (badPercents.length) {
    const first = badPercents[0];
    syntaxProblems.push({
      code: 'percent',
      start: first,
      length: badPercents[badPercents.length - 1] - first + 1,
      message: '"%" must start a percent-escape of two hex digits ("%25" for a literal "%").',
      suggestion: replaceAt(raw, badPercents, () => '%25'),
    });
  }
  if (bad.length) {
    const first = bad[0];
    const chars = [...charsAt(raw, bad)].map((c) => (c === ' ' ? 'space' : `"${c}"`)).join(', ');
    const backslashOnly = bad.every((i) => raw[i] === '\\');
    const fileEnd = hash < 0 ? raw.length : hash;
    const suggestion = backslashOnly
      ? raw.replace(/\\/g, '/')
      : replaceAt(raw, bad, (c, i) => (c === '\\' && i < fileEnd ? '/' : encodeChar(c)));
    syntaxProblems.push({
      code: 'characters',
      start: first,
      length: bad[bad.length - 1] - first + 1,
      message: `Not a valid URI reference: ${chars} must be percent-encoded${backslashOnly ? ' (use "/" to separate folders)' : ''}.`,
      suggestion,
      encodesFilePath: !backslashOnly && bad.some((i) => i < fileEnd && raw[i] !== '\\'),
    });
  }
  if (fragment !== undefined && fragment !== '' && !fragment.startsWith('/')) {
    syntaxProblems.push({
      code: 'fragment',
      start: hash + 1,
      length: fragment.length,
      message: 'The fragment must be a JSON Pointer starting with "/".',
      suggestion: filePart + '#/' + fragment,
    });
  }
  if (form === 'file' && /^\/?(components|paths|definitions)\//.test(filePart) && !/\.(ya?ml|json)$/i.test(filePart)) {
    syntaxProblems.push({
      code: 'bare-pointer',
      start: 0,
      length: filePart.length,
      message: 'This looks like a JSON Pointer without "#": it would be read as a file path.',
      suggestion: '#' + (filePart.startsWith('/') ? '' : '/') + filePart + (fragment ?? ''),
    });
  }

  const { segments, badTildes } = fragment === undefined ? { segments: undefined, badTildes: [] } : decodePointer(fragment, hash + 1);
  const escapeProblems: PointerEscapeProblem[] = badTildes.length === 0 ? [] : [{
    start: badTildes[0],
    length: badTildes[badTildes.length - 1] - badTildes[0] + 1,
    message: '"~" in a JSON Pointer must be escaped as "~0" (and "/" as "~1").',
    suggestion: replaceAt(raw, badTildes, () => '~0'),
  }];
  const anchor = fragment !== undefined && PLAIN_NAME.test(fragment) ? fragment : undefined;
  return { raw, form, file: safeDecode(filePart), pointer: segments, syntaxProblems, escapeProblems, ...(anchor === undefined ? {} : { anchor }) };
}

/** JSON Schema 2020-12's anchor names (`$anchor`, and plain-name fragments). */
const PLAIN_NAME = /^[A-Za-z_][-A-Za-z0-9._]*$/;

/** The distinct characters at some places of a text, in order of first place. */
function charsAt(text: string, places: readonly number[]): Set<string> {
  const chars = new Set<string>();
  for (const at of places) chars.add(text[at]);
  return chars;
}

function safeDecode(s: string): string {
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Splits a fragment (without `#`) into decoded segments, with the offsets (from `base`) of each `~`
 * that is not `~0` or `~1`.
 */
function decodePointer(fragment: string, base: number): { segments: string[]; badTildes: number[] } {
  const badTildes: number[] = [];
  if (fragment === '' || fragment === '/') return { segments: fragment === '/' ? [''] : [], badTildes };
  const body = fragment.startsWith('/') ? fragment.slice(1) : fragment;
  const offset0 = base + (fragment.startsWith('/') ? 1 : 0);
  for (let i = body.indexOf('~'); i >= 0; i = body.indexOf('~', i + 1)) {
    if (body[i + 1] !== '0' && body[i + 1] !== '1') badTildes.push(offset0 + i);
  }
  const segments = body.split('/').map((rawSegment) => {
    const decoded = safeDecode(rawSegment);
    return decoded.includes('~') ? decoded.replace(/~1/g, '/').replace(/~0/g, '~') : decoded;
  });
  return { segments, badTildes };
}

/** Escapes one JSON Pointer segment (`/users/{id}` -> `~1users~1{id}`). */
export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
