import { defineRule } from '../check/types';
import { spanInScalar } from '../check/report';
import { SyntaxNode } from '../syntax/tree';
import { SourceDocument } from '../model/documents';

export interface ExpressionProblem {
  /** Offset of the bad character in the text given, and how many characters are wrong. */
  start: number;
  length: number;
  message: string;
}

const TCHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;
const SOURCES = ['header.', 'query.', 'path.', 'body'];

/**
 * Parses a runtime expression (OpenAPI 3.0.3, Runtime Expressions ABNF) from `from` in `text`.
 * `end` is where it must end: the text's end, or the `}` of an embedded `{expression}`.
 */
export function expressionProblem(text: string, from: number, end: number): ExpressionProblem | undefined {
  const rest = text.slice(from, end);
  const word = (at: number) => /^[^.#/{}]*/.exec(text.slice(at, end))![0];
  const fail = (at: number, length: number, message: string): ExpressionProblem => ({ start: at, length: Math.max(length, 1), message });
  for (const whole of ['$url', '$method', '$statusCode']) {
    if (rest === whole) return undefined;
  }
  const prefix = ['$request.', '$response.'].find((p) => rest.startsWith(p));
  if (!prefix) {
    const head = '$' + word(from + 1);
    const known = ['$url', '$method', '$statusCode', '$request', '$response'].includes(head);
    if (known && head !== '$request' && head !== '$response') return fail(from + head.length, end - from - head.length, `nothing may follow "${head}"`);
    if (known) return fail(from + head.length, 1, `"${head}" is followed by "." and a source: header., query., path. or body`);
    return fail(from, head.length, `it must start with $url, $method, $statusCode, $request or $response, not "${head}"`);
  }
  let at = from + prefix.length;
  const source = SOURCES.find((s) => text.startsWith(s, at));
  if (!source) {
    const found = word(at);
    return fail(at, found.length, found ? `"${found}" is not a source: use header., query., path. or body` : 'a source must follow: header., query., path. or body');
  }
  at += source.length;
  if (source === 'header.') {
    if (at === end) return fail(at, 0, 'a header name must follow "header."');
    for (; at < end; at++) if (!TCHAR.test(text[at])) return fail(at, 1, `${text[at] === ' ' ? 'a space' : `"${text[at]}"`} cannot appear in a header name`);
    return undefined;
  }
  if (source === 'query.' || source === 'path.') {
    if (at === end) return fail(at, 0, `a parameter name must follow "${source}"`);
    for (; at < end; at++) if (text.charCodeAt(at) < 0x20 || text[at] === '"' || text[at] === '\\') return fail(at, 1, `"${text[at]}" cannot appear in a parameter name`);
    return undefined;
  }
  // body [ "#" json-pointer ]
  if (at === end) return undefined;
  if (text[at] !== '#') return fail(at, end - at, 'only "#" and a JSON Pointer may follow "body"');
  at++;
  if (at < end && text[at] !== '/') return fail(at, 1, 'the JSON Pointer after "#" must start with "/"');
  for (; at < end; at++) {
    if (text[at] === '~' && !/[01]/.test(text[at + 1] ?? '')) return fail(at, 1, '"~" in a JSON Pointer must be "~0" (for ~) or "~1" (for /)');
  }
  return undefined;
}

/** Each `{expression}` embedded in a callback key; a key without one is a constant URL. */
export function embeddedProblems(key: string): ExpressionProblem[] {
  const problems: ExpressionProblem[] = [];
  for (let open = key.indexOf('{'); open >= 0; open = key.indexOf('{', open + 1)) {
    const close = key.indexOf('}', open);
    if (close < 0) {
      problems.push({ start: open, length: 1, message: 'this "{" is never closed' });
      break;
    }
    const problem = key[open + 1] === '$'
      ? expressionProblem(key, open + 1, close)
      : { start: open + 1, length: Math.max(close - open - 1, 1), message: 'an embedded expression starts with "$"' };
    if (problem) problems.push(problem);
    open = close;
  }
  return problems;
}

function checkValue(doc: SourceDocument, value: SyntaxNode, where: string, report: (at: ReturnType<typeof spanInScalar>, where: string, message: string) => void): void {
  // Other values are constants.
  if (value.kind !== 'string' || !(value.value as string).startsWith('$')) return;
  const text = value.value as string;
  const problem = expressionProblem(text, 0, text.length);
  if (problem) report(spanInScalar(doc, value, 'value', problem.start, Math.min(problem.length, text.length - problem.start) || 0), where, problem.message);
}

export default defineRule({
  id: 'runtime-expression',
  severity: 'error',
  description: 'A runtime expression that the grammar of the specification does not accept, at the bad character: a Link `parameters` or `requestBody` value that starts with `$`, and every `{$...}` embedded in a Callback key.',
  spec: ['Runtime Expressions', 'Link Object', 'Callback Object'],
  rationale:
    'Clients evaluate these expressions at run time to fill in a linked request or a callback URL: one the grammar does not accept is taken as a constant or fails, so the link or the callback goes to the wrong place.',
  messages: {
    value: '{where} is not a valid runtime expression: {message}.',
    key: 'This callback URL holds an invalid runtime expression: {message}.',
  },
  kinds: ['Link', 'Callback'],
  local: true,
  checkObject(object, context) {
    const { node, doc } = object;
    const report = (at: ReturnType<typeof spanInScalar>, where: string, message: string) => context.report({ at, messageId: where ? 'value' : 'key', data: { where, message } });
    if (object.kind === 'Link') {
      const parameters = node.get('parameters');
      for (const value of parameters?.kind === 'object' ? parameters.children! : []) checkValue(doc, value, `"parameters.${String(value.key)}"`, report);
      const body = node.get('requestBody');
      if (body) checkValue(doc, body, '"requestBody"', report);
      return;
    }
    for (const entry of node.children!) {
      const key = String(entry.key);
      if (key.startsWith('x-')) continue;
      for (const problem of embeddedProblems(key)) report(spanInScalar(doc, entry, 'key', problem.start, Math.min(problem.length, key.length - problem.start)), '', problem.message);
    }
  },
});
