// Two OpenAPI 3.0 documents compared as APIs: the same operations, parameters (location, name,
// required, schema, serialization), request bodies (media types, schemas), responses (codes,
// media types, schemas, headers), component schemas and security. Local `$ref`s are followed;
// a schema `$ref` compares by the component's name. Used by convert-corpus.mjs.

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const DEFAULT_STYLE = { query: 'form', cookie: 'form', path: 'simple', header: 'simple' };

function pointer(api, ref) {
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined;
  let at = api;
  for (const raw of ref.slice(2).split('/')) {
    const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    at = at?.[segment];
  }
  return at;
}

function resolve(api, value) {
  for (let hops = 0; hops < 20 && value && typeof value === 'object' && typeof value.$ref === 'string'; hops++) {
    const next = pointer(api, value.$ref);
    if (next === undefined) return value;
    value = next;
  }
  return value;
}

/** A schema as comparable text: keys sorted, `$ref`s by component name, descriptions kept. */
function schemaText(api, schema) {
  const seen = new Set();
  const walk = (value, depth) => {
    if (depth > 64) return '…';
    if (Array.isArray(value)) return value.map((v) => walk(v, depth + 1));
    if (!value || typeof value !== 'object') return value;
    if (typeof value.$ref === 'string') {
      const name = /^#\/components\/schemas\/(.+)$/.exec(value.$ref);
      if (name) return { $ref: decodeURIComponent(name[1]) };
      if (seen.has(value.$ref)) return { $ref: value.$ref };
      seen.add(value.$ref);
      const target = pointer(api, value.$ref);
      return target === undefined ? { $ref: value.$ref } : walk(target, depth + 1);
    }
    const out = {};
    for (const key of Object.keys(value).sort()) out[key] = walk(value[key], depth + 1);
    return out;
  };
  return JSON.stringify(walk(schema, 0));
}

function parameters(api, item, op) {
  const byId = new Map();
  for (const list of [item.parameters, op.parameters]) {
    for (const raw of list ?? []) {
      const p = resolve(api, raw);
      if (!p || typeof p !== 'object') continue;
      const style = p.style ?? DEFAULT_STYLE[p.in];
      const isArray = resolve(api, p.schema)?.type === 'array';
      const explode = isArray ? p.explode ?? style === 'form' : undefined;
      byId.set(`${p.in} ${p.name}`, { required: Boolean(p.required), schema: schemaText(api, p.schema), style: isArray ? style : undefined, explode });
    }
  }
  return byId;
}

function content(api, value) {
  const result = {};
  for (const [type, media] of Object.entries(value ?? {})) {
    const encoding = media?.encoding
      ? Object.fromEntries(Object.entries(media.encoding).map(([k, e]) => [k, { style: e.style ?? 'form', explode: e.explode ?? (e.style ?? 'form') === 'form' }]))
      : undefined;
    result[type] = { schema: schemaText(api, media?.schema), encoding: encoding && JSON.stringify(encoding) };
  }
  return result;
}

function model(api) {
  const operations = new Map();
  for (const [path, rawItem] of Object.entries(api.paths ?? {})) {
    const item = resolve(api, rawItem) ?? {};
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const body = resolve(api, op.requestBody);
      const responses = {};
      for (const [code, raw] of Object.entries(op.responses ?? {})) {
        if (code.startsWith('x-')) continue;
        const r = resolve(api, raw) ?? {};
        responses[code] = { content: content(api, r.content), headers: Object.keys(r.headers ?? {}).sort().join(',') };
      }
      operations.set(`${method.toUpperCase()} ${path}`, {
        parameters: parameters(api, item, op),
        body: body ? { required: Boolean(body.required), content: content(api, body.content) } : undefined,
        responses,
        security: JSON.stringify(op.security ?? null),
      });
    }
  }
  const schemas = new Map(Object.entries(api.components?.schemas ?? {}).map(([k, v]) => [k, schemaText(api, v)]));
  const schemes = new Map(Object.entries(api.components?.securitySchemes ?? {}).map(([k, v]) => [k, schemaText(api, resolve(api, v))]));
  return { operations, schemas, schemes, security: JSON.stringify(api.security ?? null), servers: (api.servers ?? []).map((s) => s.url).join(' ') };
}

/** Media types of one side, where the other wrote the same with its own default for "none given". */
function sameTypes(a, b) {
  const ka = Object.keys(a).sort().join();
  const kb = Object.keys(b).sort().join();
  return ka === kb;
}

/** Where no media type was given: we write application/json (with a note), swagger2openapi writes `*\/*`. */
function defaultTypes(a, b) {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === 1 && ka[0] === 'application/json' && kb.length === 1 && kb[0] === '*/*' && a[ka[0]].schema === b[kb[0]].schema;
}

/** The differences of `ours` from `peer`: { kind, where, ours, peer }. */
export function compareApis(ours, peer) {
  const a = model(ours);
  const b = model(peer);
  const out = [];
  const add = (kind, where, x, y) => out.push({ kind, where, ours: x, peer: y });
  for (const key of new Set([...a.operations.keys(), ...b.operations.keys()])) {
    const x = a.operations.get(key);
    const y = b.operations.get(key);
    if (!x || !y) {
      add('operation', key, Boolean(x), Boolean(y));
      continue;
    }
    for (const id of new Set([...x.parameters.keys(), ...y.parameters.keys()])) {
      const px = JSON.stringify(x.parameters.get(id));
      const py = JSON.stringify(y.parameters.get(id));
      if (px !== py) add('parameter', `${key} ${id}`, px, py);
    }
    if (Boolean(x.body) !== Boolean(y.body)) add('request-body', key, Boolean(x.body), Boolean(y.body));
    else if (x.body) {
      if (x.body.required !== y.body.required) add('request-body-required', key, x.body.required, y.body.required);
      if (defaultTypes(x.body.content, y.body.content)) add('default-media-type', key, 'application/json', '*/*');
      else if (!sameTypes(x.body.content, y.body.content)) add('request-body-media-types', key, Object.keys(x.body.content), Object.keys(y.body.content));
      else for (const t of Object.keys(x.body.content)) {
        if (x.body.content[t].schema !== y.body.content[t].schema) add('request-body-schema', `${key} ${t}`, x.body.content[t].schema, y.body.content[t].schema);
        if ((x.body.content[t].encoding ?? '') !== (y.body.content[t].encoding ?? '')) add('request-body-encoding', `${key} ${t}`, x.body.content[t].encoding, y.body.content[t].encoding);
      }
    }
    for (const code of new Set([...Object.keys(x.responses), ...Object.keys(y.responses)])) {
      const rx = x.responses[code];
      const ry = y.responses[code];
      if (!rx || !ry) {
        add('response', `${key} ${code}`, Boolean(rx), Boolean(ry));
        continue;
      }
      if (rx.headers !== ry.headers) add('response-headers', `${key} ${code}`, rx.headers, ry.headers);
      if (defaultTypes(rx.content, ry.content)) add('default-media-type', `${key} ${code}`, 'application/json', '*/*');
      else if (!sameTypes(rx.content, ry.content)) add('response-media-types', `${key} ${code}`, Object.keys(rx.content), Object.keys(ry.content));
      else for (const t of Object.keys(rx.content)) if (rx.content[t].schema !== ry.content[t].schema) add('response-schema', `${key} ${code} ${t}`, rx.content[t].schema, ry.content[t].schema);
    }
    if (x.security !== y.security) add('operation-security', key, x.security, y.security);
  }
  for (const name of new Set([...a.schemas.keys(), ...b.schemas.keys()])) {
    if (a.schemas.get(name) !== b.schemas.get(name)) add(a.schemas.has(name) && b.schemas.has(name) ? 'schema' : 'schema-name', name, a.schemas.get(name), b.schemas.get(name));
  }
  for (const name of new Set([...a.schemes.keys(), ...b.schemes.keys()])) {
    if (a.schemes.get(name) !== b.schemes.get(name)) add('security-scheme', name, a.schemes.get(name), b.schemes.get(name));
  }
  if (a.security !== b.security) add('security', '', a.security, b.security);
  if (a.servers !== b.servers) add('servers', '', a.servers, b.servers);
  return out;
}
