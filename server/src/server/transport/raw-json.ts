// A large answer written as JSON text ahead, in steps (the scheduler runs them between messages),
// so that sending it does not serialize it in one block: vscode-jsonrpc stringifies a whole response
// at once, and the preview of GitHub's description (7.8 MB) held the message loop 100-190 ms. The
// stdio writer splices the text (already UTF-8 bytes: encoding 7 MB at once took 35-50 ms more) in
// place of the value; any other transport serializes the value through `toJSON`, as before. Either
// way the client receives the same JSON.
import { randomBytes } from 'crypto';
import { stepClock, Steps } from '../../syntax/steps';

export class RawJson {
  private made: { value: unknown } | undefined;
  /** `chunks`: the value's JSON text, UTF-8; `valueOf` makes the value, when another transport asks for it. */
  constructor(private readonly valueOf: () => unknown, readonly chunks: readonly Buffer[]) {}
  get value(): unknown {
    return (this.made ??= { value: this.valueOf() }).value;
  }
  toJSON(): unknown {
    return this.value;
  }
  get text(): string {
    return Buffer.concat(this.chunks).toString('utf-8');
  }
}

/** Levels written piece by piece; below them a value is one `JSON.stringify` (an operation, a schema's property: well under a millisecond). */
const PIECE_DEPTH = 5;
/** Text encoded to UTF-8 once this much of it is pending (a fraction of a millisecond each). */
const CHUNK_CHARS = 65_536;

/** `JSON.stringify(value)` (compact), written in steps. */
export function* jsonTextSteps(value: unknown): Steps<RawJson> {
  const due = stepClock(1);
  const chunks: Buffer[] = [];
  let pieces: string[] = [];
  let pending = 0;
  const flush = () => {
    chunks.push(Buffer.from(pieces.join(''), 'utf-8'));
    pieces = [];
    pending = 0;
  };
  function* write(item: unknown, depth: number): Steps<void> {
    if (depth >= PIECE_DEPTH || item === null || typeof item !== 'object' || typeof (item as { toJSON?: unknown }).toJSON === 'function') {
      // As JSON.stringify writes a value it cannot write (undefined, a function) inside an array.
      const text = JSON.stringify(item) ?? 'null';
      pieces.push(text);
      pending += text.length;
      if (pending >= CHUNK_CHARS) flush();
      if (due()) yield;
      return;
    }
    if (Array.isArray(item)) {
      pieces.push('[');
      for (let i = 0; i < item.length; i++) {
        if (i > 0) pieces.push(',');
        yield* write(item[i], depth + 1);
      }
      pieces.push(']');
      return;
    }
    pieces.push('{');
    let first = true;
    for (const [key, child] of Object.entries(item)) {
      // As JSON.stringify: a key whose value cannot be written is left out.
      if (child === undefined || typeof child === 'function' || typeof child === 'symbol') continue;
      pieces.push(first ? '' : ',', JSON.stringify(key), ':');
      first = false;
      yield* write(child, depth + 1);
    }
    pieces.push('}');
  }
  yield* write(value, 0);
  flush();
  return new RawJson(() => value, chunks);
}

/**
 * The JSON text of the string that `pieces` make once joined (quoted and escaped), in steps: the
 * text of a 10 MB bundle, without joining it (the join alone held the loop 60-140 ms) unless another
 * transport asks for the value. Pieces never split a character.
 */
export function* jsonStringSteps(pieces: readonly string[]): Steps<RawJson> {
  const due = stepClock(8);
  const chunks: Buffer[] = [Buffer.from('"')];
  for (let start = 0; start < pieces.length;) {
    let end = start;
    let chars = 0;
    while (end < pieces.length && chars < CHUNK_CHARS) chars += pieces[end++].length;
    chunks.push(Buffer.from(JSON.stringify(pieces.slice(start, end).join('')).slice(1, -1), 'utf-8'));
    start = end;
    if (due()) yield;
  }
  chunks.push(Buffer.from('"'));
  return new RawJson(() => pieces.join(''), chunks);
}

/** A placeholder no JSON text of a message holds otherwise (a NUL character and this process's nonce). */
const PLACEHOLDER = `\u0000raw-json:${randomBytes(8).toString('hex')}:`;

/**
 * Each value's JSON text and its length in UTF-8, for values serialized again unchanged (see
 * withJsonText). Kept as strings, not Buffers: a small Buffer is a slice of an 8 KB pool, and one
 * kept slice keeps its whole slab.
 */
const textOfValue = new WeakMap<object, { text: string; bytes: number }>();
/** An array's JSON text made ahead (withJsonText); JSON.stringify leaves symbol keys out. */
const JSON_TEXT = Symbol('JSON text');

/**
 * The array, carrying its JSON text for the stdio writer to splice in (messageBytes), each item's
 * text made once per item object and kept: the diagnostics of a file are published at every
 * keystroke, nearly all the same objects as before (lsp-types.ts, LspDiagnostics), and are written
 * into one buffer of the known length. Items must not be changed once serialized. In process, and
 * through any other transport, it is the array.
 */
export function withJsonText<T extends object>(items: T[]): T[] {
  const texts = new Array<string>(items.length);
  // The brackets and the commas.
  let length = 2 + Math.max(0, items.length - 1);
  for (let i = 0; i < items.length; i++) {
    let kept = textOfValue.get(items[i]);
    if (kept === undefined) {
      const text = JSON.stringify(items[i]);
      textOfValue.set(items[i], (kept = { text, bytes: Buffer.byteLength(text, 'utf-8') }));
    }
    texts[i] = kept.text;
    length += kept.bytes;
  }
  const bytes = Buffer.allocUnsafe(length);
  let at = bytes.write('[', 0, 'latin1');
  for (let i = 0; i < texts.length; i++) {
    if (i > 0) at += bytes.write(',', at, 'latin1');
    at += bytes.write(texts[i], at, 'utf-8');
  }
  bytes.write(']', at, 'latin1');
  Object.defineProperty(items, JSON_TEXT, { value: new RawJson(() => items, [bytes]), configurable: true });
  return items;
}

const rawJsonOf = (value: unknown): RawJson | undefined =>
  value instanceof RawJson ? value : Array.isArray(value) ? (value as { [JSON_TEXT]?: RawJson })[JSON_TEXT] : undefined;

/**
 * A message as JSON text (UTF-8): a response whose result, or a notification whose params, holds
 * RawJson values or arrays with their text (withJsonText) at its top level gets their text spliced
 * in; any other message is `JSON.stringify`, as vscode-jsonrpc writes it.
 */
export function messageBytes(message: unknown): Buffer {
  const field = (message as { result?: unknown } | null)?.result !== undefined ? 'result' : 'params';
  const result = (message as Record<string, unknown> | null)?.[field];
  const plain = () => Buffer.from(JSON.stringify(message, undefined, 0), 'utf-8');
  if (!result || typeof result !== 'object' || Array.isArray(result)) return plain();
  const raws: RawJson[] = [];
  const shallow: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(result)) {
    const raw = rawJsonOf(value);
    if (raw) {
      shallow[key] = PLACEHOLDER + raws.length;
      raws.push(raw);
    } else shallow[key] = value;
  }
  if (raws.length === 0) return plain();
  let rest = JSON.stringify({ ...(message as object), [field]: shallow }, undefined, 0);
  const parts: Buffer[] = [];
  raws.forEach((raw, i) => {
    const quoted = JSON.stringify(PLACEHOLDER + i);
    const at = rest.indexOf(quoted);
    parts.push(Buffer.from(rest.slice(0, at), 'utf-8'));
    // A loop, not push(...chunks): an array's text is a chunk per item (100,000 findings).
    for (const chunk of raw.chunks) parts.push(chunk);
    rest = rest.slice(at + quoted.length);
  });
  parts.push(Buffer.from(rest, 'utf-8'));
  return Buffer.concat(parts);
}
