// Every timing and sizing constant of the language server's runtime, each with why it has its
// value. Measured on a 2-core machine shared with other work; docs/dev/architecture.md says where
// each is used.

/** Work of one lane between two looks at the message queue: what a request may wait behind. */
export const SLICE_MS = {
  /** A request's own work (a file it needs parsed): the user waits for it. */
  requests: 8,
  /** Checks: a slice is what a keystroke or a request may wait behind. */
  checks: 8,
  /** Indexing: longer slices (it waits while checks run anyway, and pauses often). */
  indexing: 15,
  /** Work nobody waits for (fix-all's rounds, cutting trees into segments). */
  background: 8,
} as const;

/**
 * Turns of the event loop a pause gives away. A request passes several (read, handled, its answer
 * written a turn later): one turn per pause made it wait for three or four slices. Indexing, which
 * pauses at every step of a decode, gives one.
 */
export const PAUSE_TURNS = { requests: 5, checks: 5, indexing: 1, background: 5 } as const;

/**
 * A check starts this long after an edit. Short: a check under way stops when the next edit
 * arrives, so starting early costs little, and every millisecond here is one the user waits (15 ms
 * was a quarter of an operationId keystroke in GitHub's description). What it still buys: the
 * changes an editor sends together (a multi-cursor edit, an undone group) arrive within a
 * millisecond or two of each other, and are checked once.
 */
export const DEBOUNCE_MS = 4;

/** How long the model of a closed file nothing reads is kept for requests that follow the close. */
export const CLOSED_MODEL_KEPT_MS = 30_000;

/** Trace only: how often the message loop is probed, and how long counts as holding it. */
export const LOOP_PROBE_MS = 10;
export const LOOP_HELD_MS = 60;

/** Findings published per file at most: a file with 100,000 is shown its most severe ones. */
export const MAX_PUBLISHED_PER_FILE = 5000;

/** How long a request waits for large files it needs before it answers without them. */
export const LOAD_WAIT_MS = 50;

/**
 * Files up to this size are always waited for: they parse in a few milliseconds of work, and a
 * busy machine must not turn a request on a small closed file into an empty answer.
 */
export const ALWAYS_WAITED_BYTES = 256 * 1024;

/** Times a request computes again after loading what it asked for (each answer may name new files). */
export const MAX_REQUEST_ROUNDS = 4;

/** How often a request waiting for every file looks whether it was cancelled. */
export const CANCEL_POLL_MS = 50;

/** Fix-all starts no new round after this long: the rounds done so far are its answer. */
export const FIX_ALL_MS = 3_000;

/** Texts up to this many characters are parsed as soon as they change (a few milliseconds). */
export const SYNC_PARSE_CHARS = 100_000;

/** Open documents are looked at this often for edits the workspace index has not seen. */
export const OPEN_POLL_MS = 400;

/** An edited open document is indexed again in the background once it has not changed for this long. */
export const SETTLE_MS = 800;

/** Times the index of a document edited while it was indexed is built again before it is built at once. */
export const MAX_FRESH_ROUNDS = 4;

/** How often indexing an open document looks again whether checks still run. */
export const CHECKS_BUSY_WAIT_MS = 50;

/** Open documents larger than this (characters) are indexed in the background only, never while a request waits. */
export const SYNC_INDEX_LIMIT = 1_000_000;

/** Open documents larger than this that a request waits for are indexed in slices (1 MB at once took 0.1-0.3 s). */
export const SLICED_INDEX_CHARS = 100_000;

/** Worker threads: each stops after this long without work, giving its memory back. */
export const WORKER_IDLE_MS = {
  /** The parsing workers: a document parsed again after a pause gets a warm worker. */
  parse: 30_000,
  /**
   * The worker parsing large input messages: a burst (several files opened at once) keeps it;
   * stopping gives back the texts it leaves as garbage (35 MiB after a 10 MB didOpen).
   */
  message: 1_000,
  /** The indexing worker: indexing comes in bursts (the start, files changed on disk). */
  index: 5_000,
  /** The conversion worker: a conversion is asked for now and then; its memory (hundreds of MB on a large document) goes soon. */
  convert: 2_000,
} as const;

/**
 * A worker that fails this many times in a row (not out of memory: that is the work's fault) is
 * not started again; its work is done on the server's thread, or skipped.
 */
export const WORKER_FAILURES_IN_A_ROW = 3;

/** Heap a parsing, message or indexing worker may use: work needing more fails alone, the server goes on. */
export const WORKER_HEAP_MB = 2048;

/**
 * Two texts are parsed at once only when one of them is at most this long: each worker may use
 * WORKER_HEAP_MB, and two parses of 75 MB documents at once would need twice that.
 */
export const BESIDE_MAX_CHARS = 16 * 1024 * 1024;

/** Idle collection: no edit and no check for this long means the user paused (not between two keys). */
export const IDLE_MS = 2500;
/** Collect only when the heap grew this much since the last collection, and is at least this large. */
export const IDLE_GROWTH = 1.5;
export const IDLE_MIN_HEAP_BYTES = 64 * 1024 * 1024;
/** The longest a forced collection may be expected to hold the loop: under a request's bound. */
export const IDLE_PAUSE_BUDGET_MS = 75;
/**
 * A collection skipped for the short pause's bound is tried again when no edit and no check came
 * for this long, with this bound: GitHub's 10 MB YAML after 300 edits leaves 131 MiB, about 80 ms
 * to collect, just over the short bound, and the server stayed 1.26 times its fresh size.
 */
export const IDLE_LONG_MS = 6000;
export const IDLE_LONG_PAUSE_BUDGET_MS = 200;
/** What a forced collection costs per MiB used before it learns better (measured here). */
export const IDLE_FIRST_MS_PER_MIB = 0.6;

/**
 * V8 lets the heap grow to up to four times what survived the last full collection before the
 * next one. When every keystroke left a copy of the text the server peaked at 0.9-1.8 GB while
 * holding 300 MB. Keystrokes leave far less now, and the cap still counts: over 200 mixed edits of
 * GitHub's 10 MB YAML, peak 256-265 MiB and end/fresh 1.09-1.13 with it, 333-342 MiB and
 * 1.23-1.29 without, at the same latencies.
 */
export const HEAP_GROWING_PERCENT = 40;

/**
 * Format Document answers in one turn of the loop and parses its result again to be sure the
 * value is unchanged: about 0.5 s per MB of YAML here (GitHub-sized 10 MB: 5.7 s). Larger
 * documents are not formatted, rather than hold every other request that long.
 */
export const FORMAT_MAX_CHARS = 2 * 1024 * 1024;

/** A key being typed: its findings wait this long after the last keystroke (state/typing-hold.ts; the VS Code client's own hold pauses as long). */
export const TYPING_HOLD_MS = 1500;

/**
 * Previews kept built (each root's last bundle and its JSON text: about 8 MB of text, and the value,
 * for GitHub's description), by least recent use, for clients that never say a preview closed. Two:
 * a root and one other (a second workspace, a preview compared side by side) answer at once.
 */
export const MAX_KEPT_PREVIEWS = 2;
