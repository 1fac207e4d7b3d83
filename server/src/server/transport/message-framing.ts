// The LSP base protocol's framing (`Content-Length: N\r\n\r\n` then N bytes of UTF-8 JSON), read
// as the bytes arrive. A body is decoded chunk by chunk (a character split between two chunks is
// completed by the next), so once its last byte is in, only its JSON.parse is left. A body of a
// megabyte or more is handed on as its bytes instead, to be parsed on another thread
// (message-decoder.ts): reading goes on meanwhile, and requests may pass it (input-order.ts).
// Malformed input is skipped with the errors vscode-jsonrpc gives, and reading goes on after it.
import { constants } from 'buffer';
import { StringDecoder } from 'string_decoder';

export type FrameEvent = { message: unknown } | { error: string };

/** A large message, not parsed yet: its bytes (its own copy). */
export interface LargeBody {
  bytes: Buffer;
}

export type Framed = FrameEvent | { large: LargeBody };

const HEADER_END = '\r\n\r\n';
/** A header block longer than this without its blank line is not a header: it is dropped. */
export const MAX_HEADER_BYTES = 64 * 1024;
/** A body this long or longer is handed on as a LargeBody. */
export const LARGE_BODY_BYTES = 1024 * 1024;

export type FramerLimits = {
  /** A longer body is skipped. */
  maxBodyBytes?: number;
  /** A body this long or longer is handed on as a LargeBody. */
  largeBodyBytes?: number;
};

/** A body being read: decoded as it comes, or for a large one, its bytes kept. */
type Body = { remaining: number; decoder: StringDecoder; parts: string[]; skip: boolean; chunks: Buffer[] | undefined };

export class MessageFramer {
  /** Header bytes of the next message seen so far, when its blank line is not in yet. */
  private pendingHeader: Buffer | undefined;
  private body: Body | undefined;

  private readonly maxBodyBytes: number;
  private readonly largeBodyBytes: number;

  constructor(private readonly emit: (event: Framed) => void, limits: FramerLimits = {}) {
    this.maxBodyBytes = limits.maxBodyBytes ?? constants.MAX_STRING_LENGTH;
    this.largeBodyBytes = limits.largeBodyBytes ?? LARGE_BODY_BYTES;
  }

  push(chunk: Buffer): void {
    let offset = 0;
    while (offset < chunk.length) {
      offset = this.body ? this.readBody(chunk, offset) : this.readHeader(chunk, offset);
    }
  }

  /** Reads up to the end of a header block; returns the offset after what it took. */
  private readHeader(chunk: Buffer, offset: number): number {
    if (!this.pendingHeader) {
      const end = chunk.indexOf(HEADER_END, offset, 'latin1');
      if (end >= 0) {
        this.startBody(chunk.subarray(offset, end));
        return end + HEADER_END.length;
      }
      this.keepHeader(chunk.subarray(offset));
      return chunk.length;
    }
    // The blank line may straddle the chunks: look in what was kept plus the start of this chunk.
    const kept = this.pendingHeader.length;
    const joined = Buffer.concat([this.pendingHeader, chunk.subarray(offset, offset + MAX_HEADER_BYTES)]);
    this.pendingHeader = undefined;
    const end = joined.indexOf(HEADER_END, 0, 'latin1');
    if (end < 0) {
      this.keepHeader(joined);
      return offset + joined.length - kept;
    }
    this.startBody(joined.subarray(0, end));
    return offset + end + HEADER_END.length - kept;
  }

  private keepHeader(bytes: Buffer): void {
    if (bytes.length <= MAX_HEADER_BYTES) {
      this.pendingHeader = Buffer.from(bytes);
      return;
    }
    this.emit({ error: `Message header is longer than ${MAX_HEADER_BYTES} bytes without the blank line that ends it: dropped.` });
    // Its last bytes may begin the blank line that ends the next header.
    const tail = bytes.subarray(bytes.length - (HEADER_END.length - 1)).toString('latin1');
    for (let n = tail.length; n > 0; n--) {
      if (HEADER_END.startsWith(tail.slice(tail.length - n))) {
        this.pendingHeader = Buffer.from(tail.slice(tail.length - n), 'latin1');
        return;
      }
    }
  }

  /** Reads the header block's fields; a usable Content-Length starts a body. */
  private startBody(header: Buffer): void {
    const fields = new Map<string, string>();
    const text = header.toString('ascii');
    for (const line of text === '' ? [] : text.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon < 0) {
        this.emit({ error: `Message header must separate key and value using ':'\n${line}` });
        return;
      }
      fields.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
    }
    const contentLength = fields.get('content-length');
    if (!contentLength) {
      this.emit({ error: `Header must provide a Content-Length property.\n${JSON.stringify(Object.fromEntries(fields))}` });
      return;
    }
    const length = parseInt(contentLength, 10);
    if (Number.isNaN(length) || length < 0) {
      this.emit({ error: `Content-Length value must be a number. Got ${contentLength}` });
      return;
    }
    // A body no string can hold is passed over without being kept.
    const skip = length > this.maxBodyBytes;
    const chunks = !skip && length >= this.largeBodyBytes ? [] : undefined;
    this.body = { remaining: length, decoder: new StringDecoder('utf8'), parts: [], skip, chunks };
    if (length === 0) this.endBody();
  }

  /** Reads what the chunk holds of the current body; returns the offset after it. */
  private readBody(chunk: Buffer, offset: number): number {
    const body = this.body!;
    const take = Math.min(body.remaining, chunk.length - offset);
    body.remaining -= take;
    if (body.chunks) {
      body.chunks.push(chunk.subarray(offset, offset + take));
    } else if (!body.skip) {
      const bytes = chunk.subarray(offset, offset + take);
      // The whole body in one chunk (most messages): one decode, no decoder state.
      const whole = body.remaining === 0 && body.parts.length === 0;
      body.parts.push(whole ? bytes.toString('utf8') : body.decoder.write(bytes));
    }
    if (body.remaining === 0) this.endBody();
    return offset + take;
  }

  private endBody(): void {
    const body = this.body!;
    this.body = undefined;
    if (body.skip) {
      this.emit({ error: `A message of more than ${this.maxBodyBytes} bytes cannot be read: it was skipped.` });
      return;
    }
    if (body.chunks) {
      // Copied out of the input's chunks into memory of its own, which can move to another thread.
      const bytes = Buffer.allocUnsafeSlow(body.chunks.reduce((sum, c) => sum + c.length, 0));
      let at = 0;
      for (const chunk of body.chunks) at += chunk.copy(bytes, at);
      this.emit({ large: { bytes } });
      return;
    }
    body.parts.push(body.decoder.end());
    this.emit(parseBody(body.parts.join('')));
  }
}

function parseBody(text: string): FrameEvent {
  try {
    return { message: JSON.parse(text) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/** A large body's message (on whichever thread parses it). */
export function parseLargeBody(bytes: Uint8Array): FrameEvent {
  return parseBody(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
}
