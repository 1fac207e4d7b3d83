// The script of the page `openapi-check docs` writes (server/src/cli/docs.ts): renders the document
// embedded in the page with Swagger UI, inlined before this script, and follows the reader's light
// or dark setting. No request: the page's CSP allows no connection, and Try it out is off.

type SwaggerUiBundle = ((options: Record<string, unknown>) => unknown) & { presets: { apis: unknown } };
declare const SwaggerUIBundle: SwaggerUiBundle;

const dark = matchMedia('(prefers-color-scheme: dark)');
const followScheme = () => document.documentElement.classList.toggle('dark-mode', dark.matches);
dark.addEventListener('change', followScheme);
followScheme();

/** As in the preview (preview.ts): a large document starts with its tags folded, or Swagger UI takes minutes. */
const FOLDED_TAGS_ABOVE_OPERATIONS = 300;
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const spec = JSON.parse(document.getElementById('openapi-document')!.textContent!) as { paths?: Record<string, Record<string, unknown>> };
const operations = Object.values(spec.paths ?? {}).reduce((n, item) => n + Object.keys(item ?? {}).filter((k) => HTTP_METHODS.has(k)).length, 0);

SwaggerUIBundle({
  spec,
  domNode: document.getElementById('preview'),
  presets: [SwaggerUIBundle.presets.apis],
  validatorUrl: null,
  supportedSubmitMethods: [],
  deepLinking: false,
  defaultModelsExpandDepth: 1,
  docExpansion: operations > FOLDED_TAGS_ABOVE_OPERATIONS ? 'none' : 'list',
});
