// Which proxy a URL goes through, as curl and most tools read the environment: HTTPS_PROXY for
// https, HTTP_PROXY for http (either in lower case, lower case first), none for a host NO_PROXY
// lists (`*`, a host, `.domain` or `domain` for it and its subdomains, optionally `:port`).

/** The http proxy for a URL, or undefined to connect directly. */
export function proxyFor(target: URL, env: NodeJS.ProcessEnv): URL | undefined {
  const https = target.protocol === 'https:';
  const setting = https ? env.https_proxy ?? env.HTTPS_PROXY : env.http_proxy ?? env.HTTP_PROXY;
  if (!setting || bypassed(target, env.no_proxy ?? env.NO_PROXY ?? '')) return undefined;
  try {
    // `host:port` without a scheme is how many set it.
    const proxy = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(setting) ? setting : `http://${setting}`);
    return proxy.protocol === 'http:' ? proxy : undefined;
  } catch {
    return undefined;
  }
}

function bypassed(target: URL, noProxy: string): boolean {
  const host = target.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  for (const raw of noProxy.split(/[,\s]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    // `host:port`, `[v6]:port`; a bare IPv6 address has colons and no port.
    const match = /^\[(.*)\](?::(\d+))?$/.exec(entry) ?? (entry.split(':').length > 2 ? [entry, entry] : /^(.*?)(?::(\d+))?$/.exec(entry)!);
    const name = match[1].replace(/^\*?\./, '');
    if (match[2] && match[2] !== port) continue;
    if (host === name || host.endsWith('.' + name)) return true;
  }
  return false;
}
