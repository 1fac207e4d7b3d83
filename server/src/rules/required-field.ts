import { SPECS, ObjectKind } from '../model/spec';
import { insertMember, WriteValue } from '../syntax/edit';
import { defineRule } from '../check/types';
import { kindName } from '../model/facts';
import { objectAnchor } from '../check/report';

/** What a newly inserted required field starts as: valid, and easy to spot and replace. */
const PLACEHOLDERS: Record<string, WriteValue> = {
  openapi: '3.0.3',
  info: { title: '', version: '' },
  paths: {},
  responses: { '200': { description: 'OK' } },
  content: { 'application/json': { schema: {} } },
  scopes: {},
  flows: {},
};

/** Fields a Security Scheme needs for its `type` (OpenAPI 3.0.3, Security Scheme Object). */
const SECURITY_SCHEME_FIELDS: Record<string, string[]> = {
  apiKey: ['name', 'in'],
  http: ['scheme'],
  oauth2: ['flows'],
  openIdConnect: ['openIdConnectUrl'],
};

// `response-description` owns a Response's missing description (it knows the status code).
// and `server-url` a Server Variable's missing default.
const OWNED_ELSEWHERE = new Set(['Response.description', 'ServerVariable.default']);

export default defineRule({
  id: 'required-field',
  severity: 'error',
  description: 'Required fields of every object: root `openapi`, `info` (`title`, `version`), `paths`; Operation `responses`; Parameter `name`, `in`; Server `url`; External Docs `url`; Request Body `content`; Security Scheme fields by type.',
  spec: ['Schema'],
  rationale:
    'The specification marks these fields REQUIRED: tools cannot use an object without them, and most refuse the document.',
  messages: {
    missing: 'The {kind} is missing the required field "{field}".',
    missingForType: 'A Security Scheme of type "{type}" needs the field "{field}".',
  },
  kinds: [...SPECS.keys()].filter((k) => SPECS.get(k)!.required.length > 0 || k === 'SecurityScheme') as ObjectKind[],
  local: true,
  checkObject(object, context) {
    const { node, doc, kind } = object;
    const missing = SPECS.get(kind)!.required.filter((f) => !OWNED_ELSEWHERE.has(`${kind}.${f}`) && !node.get(f));
    for (const field of missing) {
      context.report({
        at: objectAnchor(node),
        messageId: 'missing',
        data: { kind: kindName(kind), field },
        fixes: [{ title: `Add "${field}"`, edits: [insertMember(doc.parsed, node, field, PLACEHOLDERS[field] ?? '')] }],
      });
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
  },
});
