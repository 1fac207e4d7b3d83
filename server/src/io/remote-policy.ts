// What the user allows remote `$ref`s to fetch, from `remoteRefs` of .openapi-check.yaml and the
// CLI's --allow-remote: hosts (exact, `host` or `host:port`), headers per host with `${NAME}` read
// from the environment, a whole-transfer timeout and a size cap. Nothing is fetched from a host
// not listed.
import { hostOf } from '../model/location';

export interface RemotePolicy {
  /** `host` (at the scheme's default port) or `host:port`, lower case. */
  allow: string[];
  /** Per allowed host, header name -> value as written (`${NAME}` expanded when sent). */
  headers: Record<string, Record<string, string>>;
  timeoutSeconds: number;
  maxMegabytes: number;
}

export const DEFAULT_TIMEOUT_SECONDS = 10;
export const DEFAULT_MAX_MEGABYTES = 5;
/** Upper bounds of the settings: a typo (`maxMegabytes: 50000`) must not lift the bound altogether. */
const MAX_TIMEOUT_SECONDS = 600;
const MAX_MEGABYTES = 256;

export const NO_REMOTE: RemotePolicy = { allow: [], headers: {}, timeoutSeconds: DEFAULT_TIMEOUT_SECONDS, maxMegabytes: DEFAULT_MAX_MEGABYTES };

/** Whether the URL's host (and port, when not the default) is allowed. */
export function isAllowed(policy: RemotePolicy, url: string): boolean {
  return policy.allow.includes(hostOf(url).toLowerCase());
}

/** `HOST` or `HOST:PORT` as the user may write it (`Example.com`, `[::1]:8080`), normalised; undefined when it is not one. */
export function normalHost(text: string): string | undefined {
  if (!/^[^\s/?#@]+$/.test(text)) return undefined;
  try {
    const url = new URL(`http://${text}`);
    if (url.pathname !== '/' || url.username) return undefined;
    // As hostOf names a URL's host: `host:80` is `host` (the default ports are left out).
    return url.port ? `${url.hostname}:${url.port}` : url.hostname;
  } catch {
    return undefined;
  }
}

/**
 * `remoteRefs` of a configuration file as a policy, with what is wrong in it. Reading stops at
 * nothing: a bad entry is left out and said.
 */
export function readRemotePolicy(value: unknown): { policy: RemotePolicy; problems: string[] } {
  const problems: string[] = [];
  const policy: RemotePolicy = { ...NO_REMOTE, allow: [], headers: {} };
  if (value === undefined) return { policy, problems };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { policy, problems: ['`remoteRefs` must be an object (allow, headers, timeoutSeconds, maxMegabytes).'] };
  }
  const raw = value as Record<string, unknown>;
  for (const key of Object.keys(raw)) {
    if (!['allow', 'headers', 'timeoutSeconds', 'maxMegabytes'].includes(key)) problems.push(`\`remoteRefs.${key}\` is not a setting.`);
  }
  if (raw.allow !== undefined) {
    if (!Array.isArray(raw.allow)) problems.push('`remoteRefs.allow` must be a list of hosts (`host` or `host:port`).');
    else for (const entry of raw.allow) {
      const host = typeof entry === 'string' ? normalHost(entry) : undefined;
      if (host) policy.allow.push(host);
      else problems.push(`\`remoteRefs.allow\`: ${JSON.stringify(entry)} is not a host or host:port.`);
    }
  }
  readHeaders(raw.headers, policy, problems);
  policy.timeoutSeconds = readNumber(raw.timeoutSeconds, 'timeoutSeconds', DEFAULT_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS, problems);
  policy.maxMegabytes = readNumber(raw.maxMegabytes, 'maxMegabytes', DEFAULT_MAX_MEGABYTES, MAX_MEGABYTES, problems);
  return { policy, problems };
}

function readHeaders(value: unknown, policy: RemotePolicy, problems: string[]): void {
  if (value === undefined) return;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push('`remoteRefs.headers` must map hosts to header names and values.');
    return;
  }
  for (const [hostText, headers] of Object.entries(value as Record<string, unknown>)) {
    const host = normalHost(hostText);
    if (!host) {
      problems.push(`\`remoteRefs.headers\`: "${hostText}" is not a host or host:port.`);
      continue;
    }
    if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) {
      problems.push(`\`remoteRefs.headers.${hostText}\` must map header names to values.`);
      continue;
    }
    const own = (policy.headers[host] ??= {});
    for (const [name, headerValue] of Object.entries(headers as Record<string, unknown>)) {
      if (typeof headerValue === 'string' && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) own[name] = headerValue;
      else problems.push(`\`remoteRefs.headers.${hostText}.${name}\` must be a header name with a string value.`);
    }
  }
}

function readNumber(value: unknown, name: string, fallback: number, max: number, problems: string[]): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value > 0) || value > max) {
    problems.push(`\`remoteRefs.${name}\` must be a number above 0 and at most ${max}; ${fallback} is used.`);
    return fallback;
  }
  return value;
}

/**
 * The policies of several configuration files and the command line as one for a run: the hosts
 * any of them allows, their headers, the largest timeout and cap (a run fetches each URL once,
 * for every file that references it).
 */
export function mergePolicies(policies: readonly RemotePolicy[], extraHosts: readonly string[] = []): RemotePolicy {
  const merged: RemotePolicy = { ...NO_REMOTE, allow: [...extraHosts], headers: {} };
  const given = policies.filter((p) => p !== NO_REMOTE);
  for (const p of given) {
    merged.allow.push(...p.allow);
    for (const [host, headers] of Object.entries(p.headers)) merged.headers[host] = { ...merged.headers[host], ...headers };
  }
  if (given.length > 0) {
    merged.timeoutSeconds = Math.max(...given.map((p) => p.timeoutSeconds));
    merged.maxMegabytes = Math.max(...given.map((p) => p.maxMegabytes));
  }
  merged.allow = [...new Set(merged.allow)];
  return merged;
}

/**
 * A header value with `${NAME}` replaced from the environment, or the name of a variable that is
 * not set (a request with "Bearer " and no token would fail with a less helpful 401).
 */
export function expandHeader(value: string, env: NodeJS.ProcessEnv): { value: string } | { unset: string } {
  let unset: string | undefined;
  const expanded = value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
    const v = env[name];
    if (v === undefined) unset ??= name;
    return v ?? '';
  });
  return unset === undefined ? { value: expanded } : { unset };
}
