// The script of the page `openapi-check docs` writes (server/src/cli/docs.ts): renders the document
// embedded in the page with Swagger UI, inlined before this script, and follows the reader's light
// or dark setting. No request: the page's CSP allows no connection, and Try it out is off.

type SwaggerUiBundle = ((options: Record<string, unknown>) => unknown) & { presets: { apis: unknown } };
declare const SwaggerUIBundle: SwaggerUiBundle;

const dark = matchMedia('(prefers-color-scheme: dark)');
const followScheme = () => document.documentElement.classList.toggle('dark-mode', dark.matches);
dark.addEventListener('change', followScheme);
followScheme();

SwaggerUIBundle({
  spec: JSON.parse(document.getElementById('openapi-document')!.textContent!),
  domNode: document.getElementById('preview'),
  presets: [SwaggerUIBundle.presets.apis],
  validatorUrl: null,
  supportedSubmitMethods: [],
  deepLinking: false,
  defaultModelsExpandDepth: 1,
});
