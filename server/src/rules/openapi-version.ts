import { replaceScalar } from '../syntax/edit';
import { defineRule } from '../check/types';
import { OPENAPI_VERSIONS, OpenApiVersion } from '../model/spec';

/** The newest version of each minor version: what a fix writes. */
const LATEST: Record<OpenApiVersion, string> = { '3.0': '3.0.3', '3.1': '3.1.1', '3.2': '3.2.0' };

export default defineRule({
  id: 'openapi-version',
  severity: 'error',
  description: 'The root `openapi` field is present, a string, and `3.0.x`, `3.1.x` or `3.2.x`: each is checked by the rules of its version. A Swagger 2.0 document gets one information finding and no rules; in the editor it has the fix "Convert to OpenAPI 3.0".',
  spec: ['Versions', 'OpenAPI Object'],
  rationale:
    'Tools read the openapi field to choose the rules a document follows: a missing, unquoted or wrong version makes them misread the document or refuse it.',
  versions: OPENAPI_VERSIONS,
  versionNote:
    'A `3.0.x` document is checked by the OpenAPI 3.0 rules, a `3.1.x` one by the 3.1 rules and a `3.2.x` one by the 3.2 rules (each rule\'s page says which versions it checks). A malformed version is checked by the rules of the version it starts like (`3.1` unquoted: 3.1), and its fix writes that version\'s newest patch release.',
  severityNote:
    'A missing or malformed version is an error (a version other than 3.0.x, 3.1.x or 3.2.x too: 3.3 and 4.0 do not exist yet, and the rules could not know them). A Swagger 2.0 document is information: it is not wrong, only not checked. In the editor a Swagger 2.0 document\'s finding has two quick fixes: "Convert to OpenAPI 3.0" writes the converted document and every file it references beside them (`petstore.yaml` -> `petstore.openapi.yaml`, `$ref`s rewritten), and "Convert to OpenAPI 3.0 in place" replaces them in one undoable edit; what cannot be converted faithfully is said in YAML comments.',
  messages: {
    swagger: 'This is a Swagger 2.0 document, the earlier format: the OpenAPI 3.0 rules do not apply. Convert it to OpenAPI 3.0 to check it: the quick fix does, and so does openapi-check convert.',
    notString: '"openapi" must be a string: YAML reads "{source}" as a number. Write the full version in quotes, such as "{latest}".',
    badVersion: '"openapi" must be a version such as "{latest}" (3.0.x, 3.1.x or 3.2.x), not "{version}".',
    notScalar: '"openapi" must be a version string such as "{latest}", not {what}.',
    missing: 'No "openapi" field: this is not an OpenAPI document.',
  },
  checkDocument(doc, context) {
    const { analysis } = context;
    if (doc !== analysis.root || !doc.root) return;
    const status = analysis.status;
    // The version the document reads as (3.1 unquoted: "3.1.1"), else 3.0.
    const latest = LATEST[analysis.version];
    const fix = (node: Parameters<typeof replaceScalar>[1]) => [{ title: `Set "openapi" to "${latest}"`, edits: [replaceScalar(doc.parsed, node, latest)] }];
    switch (status.kind) {
      case 'swagger-2.0':
        // Information, not an error: a valid 2.0 document is not wrong, only not checked. The
        // conversion fixes are the language server's (they create files, which a rule's edits cannot).
        context.report({ at: { node: status.versionNode, part: 'member' }, messageId: 'swagger', severity: 'information' });
        break;
      case 'openapi-malformed': {
        const node = status.versionNode;
        if (node.kind === 'number') {
          context.report({ at: { node }, messageId: 'notString', data: { latest, source: doc.source.slice(node.offset, node.end) }, fixes: fix(node) });
        } else if (node.kind === 'object' || node.kind === 'array') {
          // Not its text: a mapping can be most of the document.
          context.report({ at: { node }, messageId: 'notScalar', data: { latest, what: node.kind === 'object' ? 'a mapping' : 'a list' } });
        } else {
          const version = node.kind === 'string' ? String(node.value) : doc.source.slice(node.offset, node.end);
          context.report({ at: { node }, messageId: 'badVersion', data: { latest, version: shortened(version) }, fixes: fix(node) });
        }
        break;
      }
      case 'not-openapi':
        context.report({ at: { offset: doc.root.offset, length: 0 }, messageId: 'missing' });
        break;
    }
  },
});

/** A value as a message shows it: its first line, at most 40 characters. */
function shortened(value: string): string {
  const line = value.split(/\r?\n/, 1)[0];
  return line.length > 40 || line.length < value.length ? line.slice(0, 40) + '…' : line;
}
