import { replaceScalar } from '../syntax/edit';
import { defineRule } from '../check/types';

export default defineRule({
  id: 'openapi-version',
  severity: 'error',
  description: 'The root `openapi` field is present, a string, and `3.0.x`. Swagger 2.0 and OpenAPI 3.1 documents get one information finding and no 3.0 rules; in the editor a Swagger 2.0 one has the fix "Convert to OpenAPI 3.0".',
  spec: ['Versions', 'OpenAPI Object'],
  rationale:
    'Tools read the openapi field to choose the rules a document follows: a missing, unquoted or wrong version makes them misread the document or refuse it.',
  severityNote:
    'A missing or malformed version is an error. A Swagger 2.0 or OpenAPI 3.1 document is information: it is not wrong, only not checked by the 3.0 rules. In the editor a Swagger 2.0 document\'s finding has two quick fixes: "Convert to OpenAPI 3.0" writes the converted document and every file it references beside them (`petstore.yaml` -> `petstore.openapi.yaml`, `$ref`s rewritten), and "Convert to OpenAPI 3.0 in place" replaces them in one undoable edit; what cannot be converted faithfully is said in YAML comments.',
  messages: {
    swagger: 'This is a Swagger 2.0 document, the earlier format: the OpenAPI 3.0 rules do not apply. Convert it to OpenAPI 3.0 to check it: the quick fix does, and so does openapi-check convert.',
    openapi31: 'This is an OpenAPI {version} document: it is not checked by the OpenAPI 3.0 rules.',
    notString: '"openapi" must be a string: YAML reads "{source}" as a number. Write the full version in quotes, such as "3.0.3".',
    badVersion: '"openapi" must be a 3.0 version such as "3.0.3", not "{version}".',
    notScalar: '"openapi" must be a version string such as "3.0.3", not {what}.',
    missing: 'No "openapi" field: this is not an OpenAPI 3.0 document.',
  },
  checkDocument(doc, context) {
    const { analysis } = context;
    if (doc !== analysis.root || !doc.root) return;
    const status = analysis.status;
    const fix = (node: Parameters<typeof replaceScalar>[1]) => [{ title: 'Set "openapi" to "3.0.3"', edits: [replaceScalar(doc.parsed, node, '3.0.3')] }];
    switch (status.kind) {
      case 'swagger-2.0':
        // Information, not an error: a valid 2.0 document is not wrong, only not checked. The
        // conversion fixes are the language server's (they create files, which a rule's edits cannot).
        context.report({ at: { node: status.versionNode, part: 'member' }, messageId: 'swagger', severity: 'information' });
        break;
      case 'openapi-3.1':
        context.report({ at: { node: status.versionNode }, messageId: 'openapi31', data: { version: String(status.versionNode.value) }, severity: 'information' });
        break;
      case 'openapi-3.0-malformed': {
        const node = status.versionNode;
        if (node.kind === 'number') {
          context.report({ at: { node }, messageId: 'notString', data: { source: doc.source.slice(node.offset, node.end) }, fixes: fix(node) });
        } else if (node.kind === 'object' || node.kind === 'array') {
          // Not its text: a mapping can be most of the document.
          context.report({ at: { node }, messageId: 'notScalar', data: { what: node.kind === 'object' ? 'a mapping' : 'a list' } });
        } else {
          const version = node.kind === 'string' ? String(node.value) : doc.source.slice(node.offset, node.end);
          context.report({ at: { node }, messageId: 'badVersion', data: { version: shortened(version) }, fixes: fix(node) });
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
