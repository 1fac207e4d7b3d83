// The preview webview's script: renders what the extension posts with Swagger UI (loaded before
// this script, from the extension's own files), keeps the last good render under a banner when the
// document cannot be bundled, follows VS Code's theme, and scrolls to the previewed file's part.
// It makes no request of its own (the CSP allows no connection): Try it out's requests are made by
// the extension host (try-it.ts).
import { AuthSystem, OAuthAnswer, TryAnswer, TryItOut } from './try-it';

interface VsCodeApi {
  postMessage(message: unknown): void;
}
interface SwaggerUi extends AuthSystem {
  specActions: { updateSpec(text: string): void };
  /** Folds and unfolds: a tag's key is ['operations-tag', tag name]. */
  layoutActions: { show(key: string[], shown: boolean): void };
}
type SwaggerUiBundle = ((options: Record<string, unknown>) => SwaggerUi) & { presets: { apis: unknown } };

/** Messages from the extension (client/src/preview.ts). */
type FromExtension =
  | { type: 'render'; document: unknown; pointer: string; revealable: string[]; notes: string[] }
  | { type: 'scrollTo'; pointer: string }
  | { type: 'error'; message: string; hasLocation: boolean }
  | { type: 'credentials'; values: Record<string, unknown> }
  | TryAnswer
  | OAuthAnswer;

declare function acquireVsCodeApi(): VsCodeApi;
declare const SwaggerUIBundle: SwaggerUiBundle;

const vscode = acquireVsCodeApi();
const container = document.getElementById('preview')!;
const banner = document.getElementById('banner')!;
const notesBox = document.getElementById('notes') as HTMLDetailsElement;
let ui: SwaggerUi | undefined;
/** The document last rendered: scroll sync finds the tag that holds an operation in it. */
let shownDocument: unknown;
const tryItOut = new TryItOut((message) => vscode.postMessage(message));
/** Pointers of the operations and components whose place in the editor the extension knows. */
let revealable = new Set<string>();

interface ReactLike {
  createElement(type: string, props: Record<string, unknown>, ...children: unknown[]): unknown;
}
interface ImmutableList {
  toArray(): unknown[];
}

/**
 * Swagger UI renders a JumpToPath component (empty by default) beside each operation's summary and
 * each model, with the spec path of what it shows: ours is a button back to its place in the editor.
 */
function sourceLinks(system: { React: ReactLike }): unknown {
  const JumpToPath = (props: { path?: ImmutableList | string[] | string }) => {
    const path = typeof props.path === 'string' ? [props.path] : Array.isArray(props.path) ? props.path : props.path?.toArray?.() ?? [];
    const pointer = path.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
    if (!revealable.has(pointer)) return null;
    return system.React.createElement('button', {
      type: 'button', className: 'openapi30-source', title: 'Go to its place in the editor', 'aria-label': 'Go to its place in the editor',
      'data-pointer': pointer,
      onClick: (event: Event) => {
        event.stopPropagation();
        vscode.postMessage({ type: 'revealPart', pointer });
      },
    }, 'Source');
  };
  return { components: { JumpToPath } };
}

/** Swagger UI has its own dark styles under `.dark-mode`; VS Code sets the theme's class on <body>. */
function followTheme(): void {
  const dark = document.body.classList.contains('vscode-dark') || document.body.classList.contains('vscode-high-contrast');
  document.documentElement.classList.toggle('dark-mode', dark && !document.body.classList.contains('vscode-high-contrast-light'));
}

function render(doc: unknown, pointer: string, parts: string[]): void {
  banner.hidden = true;
  revealable = new Set(parts);
  shownDocument = doc;
  const text = JSON.stringify(doc);
  if (ui) ui.specActions.updateSpec(text);
  else {
    ui = SwaggerUIBundle({
      spec: doc,
      domNode: container,
      presets: [SwaggerUIBundle.presets.apis],
      // No call to validator.swagger.io; Try it out's requests go through the extension.
      validatorUrl: null,
      plugins: [tryItOut.plugin(), sourceLinks],
      displayRequestDuration: true,
      deepLinking: false,
      defaultModelsExpandDepth: 1,
      docExpansion: docExpansionFor(doc),
      // Swagger UI refuses the authorization code flow without one; the extension replaces it with its
      // loopback listener's address and never opens Swagger UI's redirect page (try-it.ts, authPopup).
      oauth2RedirectUrl: 'http://127.0.0.1/oauth2/callback',
    });
  }
  tryItOut.documentShown(doc);
  if (pointer) setTimeout(() => scrollToPart(pointer), 300);
}

/**
 * Swagger UI renders every operation of an expanded tag at once, and slowly: on GitHub's description
 * (1,223 operations) 11 operations were on screen after a minute; with tags folded, the 49 tags were
 * there in 12 s and a tag of 33 operations opened in under 3 s (headless chromium, load 11 on 2 cores).
 * Above this many operations the tags start folded.
 */
const FOLDED_TAGS_ABOVE_OPERATIONS = 300;

function docExpansionFor(doc: unknown): 'list' | 'none' {
  const paths = (doc as { paths?: Record<string, unknown> } | undefined)?.paths;
  let operations = 0;
  for (const item of Object.values(paths && typeof paths === 'object' ? paths : {})) {
    if (item && typeof item === 'object') operations += Object.keys(item).filter((k) => HTTP_METHODS.has(k)).length;
  }
  return operations > FOLDED_TAGS_ABOVE_OPERATIONS ? 'none' : 'list';
}
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Scrolls to where a part is rendered: a schema's model, an operation, or a path's first operation. */
function scrollToPart(pointer: string): void {
  const segments = pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  scrollGeneration++;
  if (segments[0] === 'components' && segments[1] === 'schemas' && segments[2]) {
    document.getElementById(`model-${segments[2]}`)?.scrollIntoView({ block: 'start' });
    return;
  }
  if (segments[0] !== 'paths' || !segments[1]) return;
  const found = operationElement(segments[1], segments[2]);
  if (found) {
    found.scrollIntoView({ block: 'start' });
    return;
  }
  // Not rendered: its tag is folded (large documents start folded). Unfold it, then scroll once it is drawn.
  const tag = tagOf(segments[1], segments[2]);
  if (!ui || tag === undefined) return;
  ui.layoutActions.show(['operations-tag', tag], true);
  const generation = scrollGeneration;
  const started = Date.now();
  const retry = () => {
    // A newer scroll (the cursor moved on) wins.
    if (generation !== scrollGeneration) return;
    const target = operationElement(segments[1], segments[2]);
    if (target) target.scrollIntoView({ block: 'start' });
    else if (Date.now() - started < UNFOLD_WAIT_MS) setTimeout(retry, 50);
  };
  setTimeout(retry, 0);
}
/** Counts scrolls asked for, so that a wait for an unfolding tag gives way to a newer one. */
let scrollGeneration = 0;
/** How long scroll sync waits for an unfolded tag's operations to be drawn (a tag of 100 operations takes seconds on a loaded machine). */
const UNFOLD_WAIT_MS = 15_000;

function operationElement(path: string, method: string | undefined): Element | null {
  const blocks = [...document.querySelectorAll('.opblock [data-path]')].filter((e) => e.getAttribute('data-path') === path).map((e) => e.closest('.opblock'));
  const lower = method?.toLowerCase();
  return blocks.find((b) => lower && b?.classList.contains(`opblock-${lower}`)) ?? blocks[0] ?? null;
}

/** The tag Swagger UI lists an operation under (its first tag, or "default"); of a path item, its first operation's. */
function tagOf(path: string, method: string | undefined): string | undefined {
  const item = (shownDocument as { paths?: Record<string, Record<string, { tags?: unknown }>> } | undefined)?.paths?.[path];
  if (!item || typeof item !== 'object') return undefined;
  const key = method && HTTP_METHODS.has(method.toLowerCase()) ? method.toLowerCase() : Object.keys(item).find((k) => HTTP_METHODS.has(k));
  const operation = key ? item[key] : undefined;
  if (!operation || typeof operation !== 'object') return undefined;
  const tags = operation.tags;
  return Array.isArray(tags) && typeof tags[0] === 'string' ? tags[0] : 'default';
}

/** What the bundler could not do (a $ref that does not resolve, a renamed component): above the render, folded. */
function showNotes(notes: string[]): void {
  notesBox.hidden = notes.length === 0;
  if (notes.length === 0) return;
  notesBox.querySelector('summary')!.textContent = notes.length === 1 ? '1 note on this preview' : `${notes.length} notes on this preview`;
  notesBox.querySelector('ul')!.replaceChildren(...notes.map((note) => {
    const item = document.createElement('li');
    item.textContent = note;
    return item;
  }));
}

function showError(message: string, hasLocation: boolean): void {
  banner.replaceChildren();
  const text = document.createElement('span');
  text.textContent = ui ? `${message} (showing the last version that could be read)` : message;
  banner.append(text);
  if (hasLocation) {
    const link = document.createElement('a');
    link.href = '#';
    link.textContent = 'Go to the error';
    link.addEventListener('click', (event) => {
      event.preventDefault();
      vscode.postMessage({ type: 'revealError' });
    });
    banner.append(' ', link);
  }
  banner.hidden = false;
}

window.addEventListener('message', (event: MessageEvent<FromExtension>) => {
  const message = event.data;
  if (message.type === 'render') {
    render(message.document, message.pointer, message.revealable);
    showNotes(message.notes);
  }
  else if (message.type === 'scrollTo') scrollToPart(message.pointer);
  else if (message.type === 'error') showError(message.message, message.hasLocation);
  else if (message.type === 'credentials' && ui) tryItOut.restore(ui, message.values);
  else if (message.type === 'tryResponse') tryItOut.answered(message);
  else if (message.type === 'oauthAnswer') tryItOut.tokenAnswered(message);
});
new MutationObserver(followTheme).observe(document.body, { attributes: true, attributeFilter: ['class'] });
followTheme();
vscode.postMessage({ type: 'ready' });
