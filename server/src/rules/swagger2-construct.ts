import { insertMember, replaceScalar } from '../syntax/edit';
import { defineRule } from '../check/types';

export const SWAGGER2_ROOT_KEYS = new Set(['swagger', 'host', 'basePath', 'schemes', 'consumes', 'produces', 'definitions', 'securityDefinitions', 'parameters', 'responses', 'security']);
const ROOT_KEYS_WITH_3_0_MEANING = new Set(['security']);

export default defineRule({
  id: 'swagger2-construct',
  severity: 'error',
  description: 'Swagger 2.0 constructs inside an OpenAPI 3.0 document: `type: file`, `in: body`, `in: formData`, root `host`/`basePath`/`schemes`/`consumes`/`produces`/`definitions`/`securityDefinitions`, `#/definitions/` refs.',
  spec: ['Versions', 'Data Types', 'Request Body Object'],
  rationale:
    'Swagger 2.0 constructs mean nothing in OpenAPI 3.0: tools ignore or reject them, so what they describe is lost.',
  messages: {
    file: '"type: file" is Swagger 2.0: in OpenAPI 3.0 a file is "type: string" with "format: binary" (or "byte" for base64).',
    body: '"in: {in}" is Swagger 2.0: OpenAPI 3.0 describes request bodies with the operation\'s "requestBody".',
    rootKey: '"{key}" is Swagger 2.0: {instead}',
    definitionsRef: '"#/definitions/" is where Swagger 2.0 kept schemas: OpenAPI 3.0 uses "#/components/schemas/".',
  },
  kinds: ['Schema', 'Parameter', 'Root'],
  local: true,
  checkObject(object, context) {
    const { node, doc } = object;
    if (object.kind === 'Schema') {
      const type = node.get('type');
      if (type?.value !== 'file') return;
      const edits = [replaceScalar(doc.parsed, type, 'string')];
      const format = node.get('format');
      edits.push(format ? replaceScalar(doc.parsed, format, 'binary') : insertMember(doc.parsed, node, 'format', 'binary'));
      context.report({ at: { node: type }, messageId: 'file', fixes: [{ title: 'Change to "type: string" with "format: binary"', edits }] });
      return;
    }
    if (object.kind === 'Parameter') {
      const location = node.get('in');
      if (location?.value === 'body' || location?.value === 'formData') context.report({ at: { node: location }, messageId: 'body', data: { in: String(location.value) } });
      return;
    }
    const instead: Record<string, string> = {
      host: 'OpenAPI 3.0 builds the base URL from "servers".',
      basePath: 'OpenAPI 3.0 builds the base URL from "servers".',
      schemes: 'OpenAPI 3.0 builds the base URL from "servers".',
      consumes: 'OpenAPI 3.0 lists media types in each "requestBody.content".',
      produces: 'OpenAPI 3.0 lists media types in each response\'s "content".',
      definitions: 'OpenAPI 3.0 keeps schemas in "components.schemas".',
      securityDefinitions: 'OpenAPI 3.0 keeps them in "components.securitySchemes".',
      parameters: 'OpenAPI 3.0 keeps shared parameters in "components.parameters".',
      responses: 'OpenAPI 3.0 keeps shared responses in "components.responses".',
    };
    for (const child of node.children!) {
      const key = String(child.key);
      if (SWAGGER2_ROOT_KEYS.has(key) && !ROOT_KEYS_WITH_3_0_MEANING.has(key) && key !== 'swagger') {
        context.report({ at: { node: child, part: 'key' }, messageId: 'rootKey', data: { key, instead: instead[key] } });
      }
    }
  },
  checkReference(reference, context) {
    if (reference.parsed?.form === 'local' && reference.parsed.pointer?.[0] === 'definitions') {
      context.report({ at: { node: reference.refNode }, messageId: 'definitionsRef' });
    }
  },
});
