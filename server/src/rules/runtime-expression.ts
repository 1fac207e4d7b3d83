import { OPENAPI_VERSIONS } from '../model/spec';
import { defineRule, Fix, RuleContext } from '../check/types';
import { shortened, spanInScalar } from '../check/report';
import { closest } from '../check/suggest';
import { Analysis, OpenApiObject } from '../model/analysis';
import { effectiveParameters, templateParams } from '../model/operations';
import { renameKey, replaceScalar } from '../syntax/edit';
import { SyntaxNode } from '../syntax/tree';

export interface ExpressionProblem {
  /** Offset of the bad character in the text given, and how many characters are wrong. */
  start: number;
  length: number;
  message: string;
  /** The text meant instead of the wrong characters, when a spelled-alike word says it. */
  replacement?: string;
}

const TCHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;
const HEADS = ['$url', '$method', '$statusCode', '$request', '$response'];
const SOURCES = ['header.', 'query.', 'path.', 'body'];
const SOURCE_NAMES = SOURCES.map((s) => s.replace('.', ''));
const PATH_SOURCE = '$request.path.';

/**
 * Parses a runtime expression (OpenAPI 3.0.3, Runtime Expressions ABNF) from `from` in `text`.
 * `end` is where it must end: the text's end, or the `}` of an embedded `{expression}`.
 */
export function expressionProblem(text: string, from: number, end: number): ExpressionProblem | undefined {
  const rest = text.slice(from, end);
  const word = (at: number) => /^[^.#/{}]*/.exec(text.slice(at, end))![0];
  const fail = (at: number, length: number, message: string, replacement?: string): ExpressionProblem =>
    ({ start: at, length: Math.max(length, 1), message, replacement });
  if (rest === '$url' || rest === '$method' || rest === '$statusCode') return undefined;
  const prefix = ['$request.', '$response.'].find((p) => rest.startsWith(p));
  if (!prefix) {
    const head = '$' + word(from + 1);
    const known = HEADS.includes(head);
    if (known && head !== '$request' && head !== '$response') return fail(from + head.length, end - from - head.length, `nothing may follow "${head}".`);
    if (known) return fail(from + head.length, 1, `"${head}" is followed by "." and a source: header., query., path. or body.`);
    const meant = closest(head, HEADS);
    const allowed = 'it must start with $url, $method, $statusCode, $request or $response';
    return meant
      ? fail(from, head.length, `${allowed}, not "${shortened(head)}". Did you mean "${meant}"?`, meant)
      : fail(from, head.length, `${allowed}, not "${shortened(head)}".`);
  }
  let at = from + prefix.length;
  const source = SOURCES.find((s) => text.startsWith(s, at));
  if (!source) {
    const found = word(at);
    if (!found) return fail(at, 0, 'a source must follow: header., query., path. or body.');
    const meant = closest(found, SOURCE_NAMES);
    const notSource = `"${shortened(found)}" is not a source: use header., query., path. or body`;
    return meant ? fail(at, found.length, `${notSource}. Did you mean "${meant}"?`, meant) : fail(at, found.length, `${notSource}.`);
  }
  at += source.length;
  if (source === 'header.') {
    if (at === end) return fail(at, 0, 'a header name must follow "header.".');
    for (; at < end; at++) if (!TCHAR.test(text[at])) return fail(at, 1, `${text[at] === ' ' ? 'a space' : `"${text[at]}"`} cannot appear in a header name.`);
    return undefined;
  }
  if (source === 'query.' || source === 'path.') {
    if (at === end) return fail(at, 0, `a parameter name must follow "${source}".`);
    for (; at < end; at++) if (text.charCodeAt(at) < 0x20 || text[at] === '"' || text[at] === '\\') return fail(at, 1, `"${text[at]}" cannot appear in a parameter name.`);
    return undefined;
  }
  // body [ "#" json-pointer ]
  if (at === end) return undefined;
  if (text[at] !== '#') return fail(at, end - at, 'only "#" and a JSON Pointer may follow "body".');
  at++;
  if (at < end && text[at] !== '/') return fail(at, 1, 'the JSON Pointer after "#" must start with "/".');
  for (; at < end; at++) {
    if (text[at] === '~' && !/[01]/.test(text[at + 1] ?? '')) return fail(at, 1, '"~" in a JSON Pointer must be "~0" (for ~) or "~1" (for /).');
  }
  return undefined;
}

/** An expression embedded in a callback key: `{` at `open`, `}` at `close`. */
interface Embedded {
  open: number;
  close: number;
  problem: ExpressionProblem | undefined;
}

/** Each `{expression}` embedded in a callback key; a key without one is a constant URL. */
function embeddedExpressions(key: string): Embedded[] {
  const found: Embedded[] = [];
  for (let open = key.indexOf('{'); open >= 0; open = key.indexOf('{', open + 1)) {
    const close = key.indexOf('}', open);
    if (close < 0) {
      found.push({ open, close: key.length, problem: { start: open, length: 1, message: 'this "{" is never closed.' } });
      break;
    }
    const problem = key[open + 1] === '$'
      ? expressionProblem(key, open + 1, close)
      : { start: open + 1, length: Math.max(close - open - 1, 1), message: `"${key.slice(open, close + 1)}" does not start with "$", as an expression in braces must (such as "{$request.body#/id}").` };
    found.push({ open, close, problem });
    open = close;
  }
  return found;
}

/** A scalar (a Link value, or a Callback key) that holds expressions, and how to report in it. */
interface Holder {
  node: SyntaxNode;
  part: 'key' | 'value';
  text: string;
  /** How messages name it: `"parameters.id"`, or '' for a callback URL. */
  where: string;
}

/** A `$request.path.<name>` the holder's text reads, at `start`. */
interface PathRead {
  holder: Holder;
  name: string;
  start: number;
}

/** Usages followed up from a Link or Callback to the operations that hold it, at most. */
const MAX_USAGE_VISITS = 10_000;

/** The operations whose responses (for a Link) or callbacks hold an object, and whether all were found. */
function operationsHolding(object: OpenApiObject): { operations: OpenApiObject[]; all: boolean } {
  const operations = new Set<OpenApiObject>();
  const seen = new Set<OpenApiObject>([object]);
  const queue = [object];
  let visits = 0;
  for (let i = 0; i < queue.length; i++) {
    for (const usage of queue[i].usages) {
      if (++visits > MAX_USAGE_VISITS) return { operations: [...operations], all: false };
      const parent = usage.parent;
      if (!parent || seen.has(parent)) continue;
      seen.add(parent);
      if (parent.kind === 'Operation') operations.add(parent);
      else if (parent.kind === 'Response' || parent.kind === 'Responses') queue.push(parent);
    }
  }
  return { operations: [...operations], all: true };
}

// Path parameter names per operation, computed once per analysis (links of one operation share them).
const pathNamesCache = new WeakMap<Analysis, Map<OpenApiObject, Set<string> | undefined>>();

/**
 * The path parameters a request of this operation has: those declared (path-level or operation-level,
 * `in: path`) and the names of its path template. Undefined while a parameter is still being typed.
 */
function pathNamesOf(operation: OpenApiObject, analysis: Analysis): Set<string> | undefined {
  let cache = pathNamesCache.get(analysis);
  if (!cache) pathNamesCache.set(analysis, (cache = new Map()));
  if (cache.has(operation)) return cache.get(operation);
  const { uses, complete } = effectiveParameters(operation, analysis);
  let names: Set<string> | undefined;
  if (complete) {
    names = new Set(uses.filter((u) => u.in === 'path').map((u) => u.name!));
    const pathKey = pathItemKey(operation);
    if (pathKey !== undefined && operation.parent?.usages[0]?.parent?.kind === 'Paths') {
      for (const param of templateParams(pathKey)) names.add(param.name);
    }
  }
  cache.set(operation, names);
  return names;
}

/** The key an operation's Path Item is listed under: a path, or a callback's URL expression. */
function pathItemKey(operation: OpenApiObject): string | undefined {
  const key = operation.parent?.kind === 'PathItem' ? operation.parent.usages[0]?.node.key : undefined;
  return typeof key === 'string' ? key : undefined;
}

function describeOperation(operation: OpenApiObject): string {
  const method = String(operation.node.key).toUpperCase();
  const key = pathItemKey(operation);
  return key === undefined ? `the ${method} operation` : `${method} ${shortened(key)}`;
}

/** Reports each `$request.path.<name>` that names no path parameter of an operation holding the object. */
function checkPathReads(object: OpenApiObject, reads: PathRead[], context: RuleContext): void {
  const { operations, all } = operationsHolding(object);
  for (const read of reads) {
    const lacking = operations.filter((o) => pathNamesOf(o, context.analysis)?.has(read.name) === false);
    if (lacking.length === 0) continue;
    const names = [...pathNamesOf(lacking[0], context.analysis)!];
    const meant = closest(read.name, names);
    // A fix only when every operation holding it lacks the name and has the one meant.
    const fixable = meant !== undefined && all && lacking.length === operations.length
      && operations.every((o) => pathNamesOf(o, context.analysis)?.has(meant) === true);
    const { holder } = read;
    const fixes: Fix[] = [];
    if (fixable) {
      const text = holder.text.slice(0, read.start) + meant + holder.text.slice(read.start + read.name.length);
      const parsed = object.doc.parsed;
      const edit = holder.part === 'key' ? renameKey(parsed, holder.node, text) : replaceScalar(parsed, holder.node, text);
      fixes.push({ title: `Change to "${PATH_SOURCE}${meant}"`, edits: [edit] });
    }
    const messageId = meant !== undefined ? 'pathSuggest' : names.length ? 'pathNames' : 'pathNone';
    context.report({
      at: spanInScalar(object.doc, holder.node, holder.part, read.start, read.name.length),
      messageId: holder.where ? messageId : `${messageId}Key`,
      severity: 'warning',
      data: {
        where: holder.where,
        name: shortened(read.name),
        operation: describeOperation(lacking[0]),
        suggestion: meant ?? '',
        names: names.slice(0, 10).map((n) => `"${shortened(n)}"`).join(', '),
      },
      fixes,
    });
  }
}

/** The text with one problem's replacement, for its fix. */
function replaced(text: string, problem: ExpressionProblem): string {
  return text.slice(0, problem.start) + problem.replacement + text.slice(problem.start + problem.length);
}

export default defineRule({
  id: 'runtime-expression',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  description:
    'A runtime expression that the grammar of the specification does not accept, at the bad character: a Link `parameters` or `requestBody` value that starts with `$`, and every `{...}` embedded in a Callback key, which must hold an expression that starts with `$` (error). A `$request.path.<name>` that names no path parameter of the operation (warning).',
  spec: ['Runtime Expressions', 'Link Object', 'Callback Object'],
  rationale:
    'Clients evaluate these expressions at run time to fill in a linked request or a callback URL: one the grammar does not accept is taken as a constant or fails, and one that reads a path parameter the request does not have finds nothing, so the link or the callback goes to the wrong place.',
  messages: {
    value: '{where} is not a valid runtime expression: {message}',
    key: 'This callback URL holds an invalid runtime expression: {message}',
    pathSuggest: '{where} reads the path parameter "{name}", which {operation} does not have. Did you mean "{suggestion}"?',
    pathNames: '{where} reads the path parameter "{name}", which {operation} does not have: it has {names}.',
    pathNone: '{where} reads the path parameter "{name}", but {operation} has no path parameters.',
    pathSuggestKey: 'This callback URL reads the path parameter "{name}", which {operation} does not have. Did you mean "{suggestion}"?',
    pathNamesKey: 'This callback URL reads the path parameter "{name}", which {operation} does not have: it has {names}.',
    pathNoneKey: 'This callback URL reads the path parameter "{name}", but {operation} has no path parameters.',
  },
  kinds: ['Link', 'Callback'],
  // A Link's `parameters` and `requestBody` values (callback URLs are keys), and the `name` and `in`
  // of the parameters of the operations holding it.
  readsValue: ({ kinds, field }) =>
    (kinds.includes('Link') && (field === 'parameters' || field === 'requestBody')) ||
    (kinds.includes('Parameter') && (field === 'name' || field === 'in')),
  checkObject(object, context) {
    const { node, doc } = object;
    const reads: PathRead[] = [];
    const report = (holder: Holder, problem: ExpressionProblem) => {
      const length = Math.min(problem.length, holder.text.length - problem.start) || 0;
      const fixes: Fix[] = [];
      if (problem.replacement !== undefined) {
        const text = replaced(holder.text, problem);
        const edit = holder.part === 'key' ? renameKey(doc.parsed, holder.node, text) : replaceScalar(doc.parsed, holder.node, text);
        fixes.push({ title: `Change "${shortened(holder.text.slice(problem.start, problem.start + problem.length))}" to "${problem.replacement}"`, edits: [edit] });
      }
      context.report({
        at: spanInScalar(doc, holder.node, holder.part, problem.start, length),
        messageId: holder.where ? 'value' : 'key',
        data: { where: holder.where, message: problem.message },
        fixes,
      });
    };
    if (object.kind === 'Link') {
      const parameters = node.get('parameters');
      const values = parameters?.kind === 'object' ? parameters.children!.map((v) => [v, `"parameters.${shortened(String(v.key))}"`] as const) : [];
      const body = node.get('requestBody');
      for (const [value, where] of body ? [...values, [body, '"requestBody"'] as const] : values) {
        // Other values are constants.
        if (value.kind !== 'string' || !(value.value as string).startsWith('$')) continue;
        const holder: Holder = { node: value, part: 'value', text: value.value as string, where };
        const problem = expressionProblem(holder.text, 0, holder.text.length);
        if (problem) report(holder, problem);
        else if (holder.text.startsWith(PATH_SOURCE)) reads.push({ holder, name: holder.text.slice(PATH_SOURCE.length), start: PATH_SOURCE.length });
      }
    } else {
      for (const entry of node.children!) {
        const key = String(entry.key);
        if (key.startsWith('x-')) continue;
        const holder: Holder = { node: entry, part: 'key', text: key, where: '' };
        for (const { open, close, problem } of embeddedExpressions(key)) {
          if (problem) report(holder, problem);
          else if (key.startsWith(PATH_SOURCE, open + 1)) {
            const start = open + 1 + PATH_SOURCE.length;
            reads.push({ holder, name: key.slice(start, close), start });
          }
        }
      }
    }
    if (reads.length) checkPathReads(object, reads, context);
  },
});
