// Rewriting references as text: one pointer segment, or the file part, changed and the rest of
// the reference kept as the author wrote it (JSON Pointer `~0`/`~1` escapes, percent-encoding,
// `./` prefixes), and the new value written back in the quoting the scalar had.
import * as path from 'path';
import { TextEdit, yamlScalar } from '../syntax/edit';
import { SourceFormat } from '../syntax/tree';
import { ScalarSpan } from './file-index';

// RFC 3986 characters a fragment or a path may hold literally (besides `%` escapes).
const URI_SAFE = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?]/;

function percentEncode(ch: string): string {
  return Array.from(new TextEncoder().encode(ch), (b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('');
}

/**
 * Text for one URI component: characters a URI reference cannot hold literally are
 * percent-encoded, unless `like` (the text it replaces) wrote that character literally.
 * Non-ASCII letters stay as they are (IRIs), as the author wrote them.
 */
function encodeLike(value: string, like: string, keep: RegExp = URI_SAFE): string {
  let out = '';
  for (const ch of value) {
    if (keep.test(ch) || ch.charCodeAt(0) > 127 || (like.includes(ch) && ch !== '%' && ch !== '#')) out += ch;
    else out += percentEncode(ch);
  }
  return out;
}

/** One pointer segment as a reference writes it: `~0`, `~1`, then percent-encoding like `like`. */
export function encodeSegment(segment: string, like = ''): string {
  return encodeLike(segment.replace(/~/g, '~0').replace(/\//g, '~1'), like);
}

/** Splits a reference into its file part and its fragment's raw segments (without the leading `/`). */
function split(raw: string): { file: string; segments: string[] | undefined } {
  const hash = raw.indexOf('#');
  if (hash < 0) return { file: raw, segments: undefined };
  const fragment = raw.slice(hash + 1);
  return { file: raw.slice(0, hash), segments: fragment === '' ? [] : fragment.replace(/^\//, '').split('/') };
}

/** The reference with its pointer segment at `index` replaced by `segment` (decoded). */
export function withPointerSegment(raw: string, index: number, segment: string): string {
  const { file, segments } = split(raw);
  if (!segments || index >= segments.length) return raw;
  const copy = [...segments];
  copy[index] = encodeSegment(segment, segments[index]);
  return file + '#/' + copy.join('/');
}

/** The reference with its pointer's first `count` segments replaced by `prefix` (decoded). */
export function withPointerPrefix(raw: string, count: number, prefix: readonly string[]): string {
  const { file, segments } = split(raw);
  const rest = segments ? segments.slice(count) : [];
  const head = prefix.map((s, i) => encodeSegment(s, segments?.[i] ?? ''));
  const all = [...head, ...rest];
  return file + (all.length > 0 ? '#/' + all.join('/') : '');
}

/** The reference with another file part (the fragment kept). */
export function withFilePart(raw: string, file: string): string {
  const hash = raw.indexOf('#');
  return file + (hash < 0 ? '' : raw.slice(hash));
}

/** The file part of a reference, raw. */
export function filePart(raw: string): string {
  const hash = raw.indexOf('#');
  return hash < 0 ? raw : raw.slice(0, hash);
}

/**
 * How `fromFile` names `toFile` in a reference: a relative path with `/`, `./` kept when the old
 * text had it, characters a URI cannot hold percent-encoded.
 */
export function relativeFilePart(fromFile: string, toFile: string, like = ''): string {
  if (path.resolve(fromFile) === path.resolve(toFile)) return '';
  let relative = path.relative(path.dirname(fromFile), toFile).split(path.sep).join('/');
  if (like.startsWith('./') && !relative.startsWith('../')) relative = './' + relative;
  return relative.split('/').map((part) => encodeLike(part, '', /[A-Za-z0-9\-._~!$&'()*+,;=:@]/)).join('/');
}

function looksLikeOtherType(s: string): boolean {
  return /^(true|false|null|~|yes|no|on|off|y|n|[-+]?(\d|\.\d)[\d._eExXoObB:+-]*|[-+]?\.inf|\.nan)$/i.test(s);
}

/** Whether a string reads back as itself when written as a YAML plain scalar. */
export function plainSafe(value: string, inFlow: boolean): boolean {
  if (value === '' || /^[\s\-?:,[\]{}#&*!|>'"%@`]/.test(value) || /\s$/.test(value)) return false;
  if (/[\n\r\t]|: |:$| #/.test(value) || looksLikeOtherType(value)) return false;
  return !(inFlow && /[,[\]{}]/.test(value));
}

/** A scalar's new text in its file's format, in the style it had where that can hold the value. */
export function scalarText(format: SourceFormat, value: string, span: Pick<ScalarSpan, 'style' | 'flow'>): string {
  if (format === 'json') return JSON.stringify(value);
  if (span.style === 'double') return JSON.stringify(value);
  if (span.style === 'plain' && plainSafe(value, span.flow)) return value;
  return yamlScalar(value, 'single', span.flow);
}

/** The edit that writes a new value over a scalar (a key or a value). */
export function scalarEdit(format: SourceFormat, span: ScalarSpan, value: string): TextEdit {
  return { offset: span.offset, length: span.length, newText: scalarText(format, value, span) };
}
