// Where a document lives: a file by its absolute path, or a remote document by its http(s) URL. The
// store, resolution and reports take both as one string; only these functions tell them apart.
import * as path from 'path';
import { ParsedRef } from './ref';

/** Whether a location is a remote document's URL (http or https), not a file path. */
export function isRemoteLocation(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

/** The key a document is stored under: a URL as it is (normalised), a path made absolute. */
export function locationKey(location: string): string {
  if (!isRemoteLocation(location)) return path.resolve(location);
  try {
    return new URL(location).href;
  } catch {
    return location;
  }
}

/** `host` or `host:port` (when not the scheme's default port): how users allow a URL and read its name. */
export function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.port ? `${parsed.hostname}:${parsed.port}` : parsed.hostname;
  } catch {
    return url;
  }
}

export type RefLocation =
  | { location: string }
  /** A URL of a scheme nothing fetches (`urn:`, `ftp:`, `file:`), or one that does not parse. */
  | { unsupported: string };

/**
 * The location of the document a `$ref` names (without its fragment), or why it has none. A URL is
 * taken as written; a scheme-relative `//host/path` takes the scheme of the referencing document,
 * https from a local file; a relative path inside a remote document resolves against its URL.
 */
export function refLocation(base: string, parsed: ParsedRef): RefLocation | undefined {
  if (parsed.form === 'local') return undefined;
  const fileText = rawFilePart(parsed.raw);
  if (parsed.form === 'file' && !isRemoteLocation(base)) return { location: path.resolve(path.dirname(base), parsed.file) };
  const against = isRemoteLocation(base) ? base : 'https://localhost/';
  let url: URL;
  try {
    url = new URL(fileText, against);
  } catch {
    return { unsupported: `"${fileText}" is not a valid URL` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { unsupported: `only http and https URLs are fetched, not ${url.protocol}` };
  url.hash = '';
  return { location: url.href };
}

function rawFilePart(raw: string): string {
  const hash = raw.indexOf('#');
  return hash < 0 ? raw : raw.slice(0, hash);
}
