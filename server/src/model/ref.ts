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
  syntaxProblems: RefSyntaxProblem[];
  escapeProblems: PointerEscapeProblem[];
}

// RFC 3986 characters that may appear literally in a URI reference (besides `%` escapes).
// Non-ASCII letters are accepted as IRI characters: real documents name schemas in many languages.
const URI_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/?#%";
/** ASCII lookup: one table read per character (a file of 10,000 refs parses them all). */
const IS_URI_CHAR = new Uint8Array(128);
for (const ch of URI_CHARS) IS_URI_CHAR[ch.charCodeAt(0)] = 1;

function encodeChar(ch: string): string {
  return Array.from(new TextEncoder().encode(ch), (b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('');
}

export function parseRef(raw: string): ParsedRef {
  const syntaxProblems: RefSyntaxProblem[] = [];
  const hash = raw.indexOf('#');
  const filePart = hash < 0 ? raw : raw.slice(0, hash);
  const fragment = hash < 0 ? undefined : raw.slice(hash + 1);
  const form: RefForm = filePart === '' ? 'local' : /^[A-Za-z][A-Za-z0-9+.-]*:/.test(filePart) || filePart.startsWith('//') ? 'url' : 'file';

  if (raw === '') {
    syntaxProblems.push({ code: 'empty', start: 0, length: 0, message: 'The reference is empty.' });
  }
  // Characters RFC 3986 does not allow literally.
  const bad: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code > 127) continue;
    const ch = raw[i];
    if (ch === '#' && i !== hash) bad.push(i);
    else if (!IS_URI_CHAR[code]) bad.push(i);
    else if (ch === '%' && !/^%[0-9A-Fa-f]{2}/.test(raw.slice(i, i + 3))) {
      syntaxProblems.push({ code: 'percent', start: i, length: 1, message: '"%" must start a percent-escape of two hex digits ("%25" for a literal "%").', suggestion: raw.slice(0, i) + '%25' + raw.slice(i + 1) });
    }
  }
  if (bad.length) {
    const first = bad[0];
    const chars = [...new Set(bad.map((i) => raw[i]))].map((c) => (c === ' ' ? 'space' : `"${c}"`)).join(', ');
    const backslashOnly = bad.every((i) => raw[i] === '\\');
    const suggestion = backslashOnly
      ? raw.replace(/\\/g, '/')
      : raw.split('').map((c, i) => (bad.includes(i) ? (c === '\\' && i < (hash < 0 ? raw.length : hash) ? '/' : encodeChar(c)) : c)).join('');
    syntaxProblems.push({
      code: 'characters',
      start: first,
      length: bad[bad.length - 1] - first + 1,
      message: `Not a valid URI reference: ${chars} must be percent-encoded${backslashOnly ? ' (use "/" to separate folders)' : ''}.`,
      suggestion,
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

  const { segments, problems } = fragment === undefined ? { segments: undefined, problems: [] } : decodePointer(fragment, hash + 1);
  return { raw, form, file: safeDecode(filePart), pointer: segments, syntaxProblems, escapeProblems: problems };
}

function safeDecode(s: string): string {
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Splits a fragment (without `#`) into decoded segments, noting `~` escapes that are not `~0`/`~1`. */
export function decodePointer(fragment: string, base = 0): { segments: string[]; problems: PointerEscapeProblem[] } {
  const problems: PointerEscapeProblem[] = [];
  if (fragment === '' || fragment === '/') return { segments: fragment === '/' ? [''] : [], problems };
  const body = fragment.startsWith('/') ? fragment.slice(1) : fragment;
  const offset0 = base + (fragment.startsWith('/') ? 1 : 0);
  const segments: string[] = [];
  let at = offset0;
  for (const rawSegment of body.split('/')) {
    const tilde = /~(?![01])/g;
    let m: RegExpExecArray | null;
    while (rawSegment.includes('~') && (m = tilde.exec(rawSegment))) {
      problems.push({
        start: at + m.index,
        length: 1,
        message: '"~" in a JSON Pointer must be escaped as "~0" (and "/" as "~1").',
        suggestion: undefined,
      });
    }
    const decoded = safeDecode(rawSegment);
    segments.push(decoded.includes('~') ? decoded.replace(/~1/g, '/').replace(/~0/g, '~') : decoded);
    at += rawSegment.length + 1;
  }
  return { segments, problems };
}

/** Escapes one JSON Pointer segment (`/users/{id}` -> `~1users~1{id}`). */
export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
