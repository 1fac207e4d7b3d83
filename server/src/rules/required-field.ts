import { SPECS, ObjectKind, OPENAPI_VERSIONS, OpenApiVersion, specOf } from '../model/spec';
import { insertMember, renameKey, WriteValue } from '../syntax/edit';
import { closest } from '../check/suggest';
import { OpenApiObject } from '../model/analysis';
import { defineRule, Fix, RuleContext } from '../check/types';
import { kindName } from '../model/facts';
import { objectAnchor } from '../check/report';
import { lookupTable } from '../model/lookup';

/** What a newly inserted required field starts as: valid, and easy to spot and replace. */
const PLACEHOLDERS: Record<string, WriteValue> = lookupTable<WriteValue>({
  openapi: '3.0.3',
  info: { title: '', version: '' },
  paths: {},
  responses: { '200': { description: 'OK' } },
  content: { 'application/json': { schema: {} } },
  scopes: {},
  flows: {},
});

/** Fields a Security Scheme needs for its `type` (OpenAPI 3.0.3, Security Scheme Object). */
const SECURITY_SCHEME_FIELDS: Record<string, string[]> = lookupTable({
  apiKey: ['name', 'in'],
  http: ['scheme'],
  oauth2: ['flows'],
  openIdConnect: ['openIdConnectUrl'],
});

// `response-description` owns a Response's missing description (it knows the status code).
// and `server-url` a Server Variable's missing default.
const OWNED_ELSEWHERE = new Set(['Response.description', 'ServerVariable.default']);

/**
 * The fix for a missing field: rename a misspelt key the object has (`descripton`), which keeps
 * what the author wrote and is the same edit unknown-field offers; else insert a placeholder.
 */
export function addFieldFix(object: OpenApiObject, field: string, placeholder: WriteValue, version: OpenApiVersion = '3.0'): Fix {
  const { node, doc } = object;
  const spec = specOf(object.kind, version);
  const strays = node.children!.map((c) => String(c.key)).filter((k) => !spec.fields.has(k) && !k.startsWith('x-'));
  const misspelt = strays.find((k) => closest(k, [field]) === field);
  const claims = [`key:${doc.path}#${node.pointer}/${field}`];
  if (misspelt !== undefined) return { title: `Rename "${misspelt}" to "${field}"`, edits: [renameKey(doc.parsed, node.get(misspelt)!, field)], claims };
  return { title: `Add "${field}"`, edits: [insertMember(doc.parsed, node, field, placeholder)], claims };
}

const ROOT_CONTENT = ['paths', 'webhooks', 'components'];

const MULTIPART = /^multipart\/[^;\s]+\s*(;.*)?$/i;

/** The text's special considerations for multipart: a schema is REQUIRED to define the parts. */
function reportMultipartWithoutSchema(object: OpenApiObject, context: RuleContext): void {
  const content = object.node.get('content');
  for (const mediaType of content?.kind === 'object' ? content.children! : []) {
    const name = String(mediaType.key);
    if (mediaType.kind !== 'object' || !MULTIPART.test(name) || mediaType.get('schema')) continue;
    context.report({
      at: { node: mediaType, part: 'key' },
      messageId: 'multipartSchema',
      data: { mediaType: name },
      fixes: [{ title: 'Add "schema"', edits: [insertMember(object.doc.parsed, mediaType, 'schema', { type: 'object', properties: {} })] }],
    });
  }
}

export default defineRule({
  id: 'required-field',
  severity: 'error',
  description: 'Required fields of every object: root `openapi`, `info` (`title`, `version`), `paths`; Operation `responses`; Parameter `name`, `in`; Server `url`; External Docs `url`; Request Body `content`; Security Scheme fields by type; a `schema` for multipart request body content.',
  spec: ['Schema', 'Media Type Object'],
  rationale:
    'The specification marks these fields REQUIRED: tools cannot use an object without them, and most refuse the document. For multipart request bodies it says a schema is REQUIRED to define the parts, unlike Swagger 2.0\'s formData parameters.',
  severityNote:
    'An error: each is REQUIRED in the 3.0.3 text. The official schema does not hold a multipart body to its schema, but the text does; none of the 2,694 corpus documents lacks one.',
  messages: {
    missing: 'The {kind} is missing the required field "{field}".',
    missingForType: 'A Security Scheme of type "{type}" needs the field "{field}".',
    missingContent: 'The document describes nothing: it needs at least one of "paths", "webhooks" and "components".',
    multipartSchema: 'A multipart request body needs a "schema" for "{mediaType}": its properties define the parts.',
  },
  kinds: [...SPECS.keys()].filter((k) => SPECS.get(k)!.required.length > 0 || k === 'SecurityScheme') as ObjectKind[],
  versions: OPENAPI_VERSIONS,
  versionNote:
    'OpenAPI 3.1 and 3.2: `paths` is optional, but the document needs at least one of `paths`, `webhooks` and `components`; an Operation\'s `responses` is optional. OpenAPI 3.2: a Response\'s `description` is optional.',
  local: true,
  checkObject(object, context) {
    const { node, doc, kind } = object;
    const version = context.version ?? '3.0';
    const missing = specOf(kind, version).required.filter((f) => !OWNED_ELSEWHERE.has(`${kind}.${f}`) && !node.get(f));
    for (const field of missing) {
      context.report({
        at: objectAnchor(node),
        messageId: 'missing',
        data: { kind: kindName(kind), field },
        fixes: [addFieldFix(object, field, PLACEHOLDERS[field] ?? '', version)],
      });
    }
    // 3.1 and 3.2: `paths` is optional, but a document describes paths, webhooks or components.
    if (kind === 'Root' && version !== '3.0' && !ROOT_CONTENT.some((f) => node.get(f))) {
      context.report({ at: objectAnchor(node), messageId: 'missingContent', fixes: [addFieldFix(object, 'paths', PLACEHOLDERS.paths, version)] });
    }
    if (kind === 'SecurityScheme') {
      const type = node.get('type')?.stringValue;
      for (const field of (type && SECURITY_SCHEME_FIELDS[type]) || []) {
        if (node.get(field)) continue;
        context.report({
          at: { node: node.get('type')!, part: 'member' },
          messageId: 'missingForType',
          data: { type: type!, field },
          fixes: [{ title: `Add "${field}"`, edits: [insertMember(doc.parsed, node, field, PLACEHOLDERS[field] ?? '')] }],
        });
      }
    }
    if (kind === 'RequestBody') reportMultipartWithoutSchema(object, context);
  },
});
