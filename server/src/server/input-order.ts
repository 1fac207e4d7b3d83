// The order in which the input worker hands messages to the server's thread. Messages keep the
// client's order, with one exception: a read-only request on another document, sent right behind
// the didOpen of a large document, is handed over before it. Reading a 30 MB didOpen takes the
// worker 50-100 ms after its last byte (joining and parsing the text, then copying it to the
// server's thread) and 75 MB about 250: a hover on another document sent while the document was
// on its way waited all of that. Such a request is answered as if it had come just before the
// didOpen: the document was not open yet, which is also what the server knew when it was sent.
import type { FrameEvent, Framed, LargeBody } from './message-framing';

/**
 * Requests that only read, about one document: answered before the document opens, they are what
 * they would have been a moment earlier. Rename, code actions and references are not among them:
 * they make edits or read every file, the one opening included.
 */
const READ_ONLY_REQUESTS = new Set([
  'textDocument/hover', 'textDocument/definition', 'textDocument/completion', 'textDocument/documentSymbol',
  'textDocument/documentHighlight', 'textDocument/foldingRange', 'textDocument/selectionRange', 'textDocument/documentLink',
  'textDocument/codeLens', 'textDocument/semanticTokens/full', 'textDocument/semanticTokens/range', 'textDocument/inlayHint',
]);

/**
 * A didOpen as vscode-languageclient writes it, up to the document's URI. Other key orders are
 * read in order: the URI must be known before the text is parsed.
 */
const DID_OPEN_HEAD = /^\s*\{\s*"jsonrpc"\s*:\s*"2\.0"\s*,\s*"method"\s*:\s*"textDocument\/didOpen"\s*,\s*"params"\s*:\s*\{\s*"textDocument"\s*:\s*\{\s*"uri"\s*:\s*("(?:[^"\\]|\\.)*")/;

/** The URI a large body opens, when it is a didOpen whose head says so. */
export function openedUri(head: string): string | undefined {
  const match = DID_OPEN_HEAD.exec(head);
  if (!match) return undefined;
  try {
    return JSON.parse(match[1]) as string;
  } catch {
    return undefined;
  }
}

function mayPass(event: Framed, opening: string): boolean {
  if (!('message' in event)) return false;
  const message = event.message as { id?: unknown; method?: unknown; params?: { textDocument?: { uri?: unknown } } } | null;
  if (typeof message !== 'object' || message === null) return false;
  const isRequest = typeof message.id === 'number' || typeof message.id === 'string';
  if (!isRequest || typeof message.method !== 'string' || !READ_ONLY_REQUESTS.has(message.method)) return false;
  const uri = message.params?.textDocument?.uri;
  return typeof uri === 'string' && uri !== opening;
}

export class InputOrder {
  /** A large body and what came after it, while the input gets a turn to bring more. */
  private held: Framed[] = [];
  private ended: (() => void) | undefined;

  /**
   * `deliver`: hands an event to the server's thread. `afterInput`: calls back once the input has
   * had a turn to bring what the client sent right behind a large body.
   */
  constructor(private readonly deliver: (event: FrameEvent) => void, private readonly afterInput: (then: () => void) => void) {}

  push(event: Framed): void {
    if (this.held.length === 0 && !('large' in event)) {
      this.deliver(event);
      return;
    }
    this.held.push(event);
    if (this.held.length === 1) this.afterInput(() => this.release());
  }

  /** Calls `then` once every event pushed so far is delivered. */
  end(then: () => void): void {
    if (this.held.length === 0) then();
    else this.ended = then;
  }

  private release(): void {
    const [first, ...after] = this.held;
    this.held = [];
    const large = (first as { large: LargeBody }).large;
    const opening = openedUri(large.head);
    let passed = 0;
    if (opening !== undefined) while (passed < after.length && mayPass(after[passed], opening)) this.deliver(after[passed++] as FrameEvent);
    this.deliver(large.parse());
    // Another large body among the rest holds what follows it in turn.
    for (const event of after.slice(passed)) this.push(event);
    if (this.held.length === 0 && this.ended) {
      const ended = this.ended;
      this.ended = undefined;
      ended();
    }
  }
}

/**
 * When a held large body is let go: once the input has been quiet for `quietMs`, or `mostMs` after
 * the body at the latest. The client writes what it queued behind the body once the body has left
 * its socket, one message after another, each in its own turn of its loop: one turn of this
 * thread's loop was often too soon for the first, a fixed 5 ms for the third.
 */
export class QuietWindow {
  private pending: { then: () => void; until: number; timer: ReturnType<typeof setTimeout> } | undefined;

  constructor(private readonly quietMs: number, private readonly mostMs: number) {}

  /** For InputOrder: calls `then` when the window closes. */
  readonly wait = (then: () => void): void => {
    this.pending = { then, until: Date.now() + this.mostMs, timer: setTimeout(() => this.close(), this.quietMs) };
  };

  /** Input came: the window stays open `quietMs` more, within its bound. */
  arrived(): void {
    const pending = this.pending;
    if (!pending) return;
    clearTimeout(pending.timer);
    pending.timer = setTimeout(() => this.close(), Math.max(0, Math.min(this.quietMs, pending.until - Date.now())));
  }

  private close(): void {
    const pending = this.pending;
    this.pending = undefined;
    pending?.then();
  }
}
