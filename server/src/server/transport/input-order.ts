// The order in which the server's thread takes its input messages. Messages keep the client's
// order, with one exception: while a large didOpen is being parsed on another thread (30 MB: 50-100
// ms after its last byte, 75 MB about 250), a read-only request on another document may go first.
// A hover on another document sent while the document was on its way waited all of that. Such a
// request is answered as if it had come just before the didOpen: the document was not open yet,
// which is also what the server knew when it was sent.
import type { FrameEvent } from './message-framing';

/** A large message being parsed elsewhere: its number, and the URI it opens when it is a didOpen (opened-uri.ts). */
export interface PendingLarge {
  id: number;
  opens: string | undefined;
}

export type Ordered = FrameEvent | { large: PendingLarge };

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

function mayPass(event: Ordered, opening: string | undefined): event is { message: unknown } {
  if (opening === undefined || !('message' in event)) return false;
  const message = event.message as { id?: unknown; method?: unknown; params?: { textDocument?: { uri?: unknown } } } | null;
  if (typeof message !== 'object' || message === null) return false;
  const isRequest = typeof message.id === 'number' || typeof message.id === 'string';
  // Not an answer to one of the server's own requests: when its settings passed a 10 MB didOpen,
  // the workspace index read that file from disk beside the first check (open to first
  // diagnostics 1.4 -> 2.0 s, 140 MiB more).
  if (!isRequest || typeof message.method !== 'string' || !READ_ONLY_REQUESTS.has(message.method)) return false;
  const uri = message.params?.textDocument?.uri;
  return typeof uri === 'string' && uri !== opening;
}

export class InputOrder {
  /** A large message being parsed, and what came after it that may not pass it. */
  private held: Ordered[] = [];
  /** The URI the held large message opens, when it is a didOpen. */
  private opening: string | undefined;
  private ended: (() => void) | undefined;

  /** `deliver`: hands a message (or a reading error) to the server. */
  constructor(private readonly deliver: (event: FrameEvent) => void) {}

  push(event: Ordered): void {
    if (this.held.length === 0) {
      if ('large' in event) {
        this.held.push(event);
        this.opening = event.large.opens;
      } else this.deliver(event);
      return;
    }
    // Only while nothing is waiting behind the large message: what passes passes all that came before it.
    if (this.held.length === 1 && mayPass(event, this.opening)) this.deliver(event);
    else this.held.push(event);
  }

  /** The large message numbered `id` is parsed: it goes, then what waited behind it. */
  parsed(id: number, event: FrameEvent): void {
    const first = this.held[0];
    if (!first || !('large' in first) || first.large.id !== id) throw new Error(`Message ${id} is not the one awaited.`);
    const after = this.held.slice(1);
    this.held = [];
    this.opening = undefined;
    this.deliver(event);
    // Another large message among them holds what follows it in turn.
    for (const next of after) this.push(next);
    if (this.held.length === 0 && this.ended) {
      const ended = this.ended;
      this.ended = undefined;
      ended();
    }
  }

  /** Calls `then` once every message pushed so far is delivered. */
  end(then: () => void): void {
    if (this.held.length === 0) then();
    else this.ended = then;
  }
}
