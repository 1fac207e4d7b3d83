import { defineRule } from '../check/types';
import { ObjectKind, OPENAPI_VERSIONS } from '../model/spec';
import { isEmail, percentEncode, UrlOptions, urlProblem } from '../model/validate';
import { spanInScalar } from '../check/report';
import { replaceScalar } from '../syntax/edit';

/** Fields the text says MUST be URLs (relative ones allowed unless said otherwise) or email addresses. */
const FIELDS: Partial<Record<ObjectKind, Record<string, UrlOptions | 'email'>>> = {
  Info: { termsOfService: {} },
  Contact: { url: {}, email: 'email' },
  License: { url: {} },
  ExternalDocs: { url: {} },
  OAuthFlow: { authorizationUrl: {}, tokenUrl: {}, refreshUrl: {} },
  SecurityScheme: { openIdConnectUrl: {} },
  Example: { externalValue: {} },
  // The text's own examples point at templated paths: `#/paths/~12.0~1repositories~1{username}/get`.
  Link: { operationRef: { templates: true } },
  XML: { namespace: { absolute: true } },
};

/** 3.2 adds the device flow's URL and the URL of the authorization server's metadata. */
const FIELDS_32: Partial<Record<ObjectKind, Record<string, UrlOptions | 'email'>>> = {
  ...FIELDS,
  OAuthFlow: { ...FIELDS.OAuthFlow, deviceAuthorizationUrl: {} },
  SecurityScheme: { ...FIELDS.SecurityScheme, oauth2MetadataUrl: {} },
};

export default defineRule({
  id: 'field-format',
  severity: 'error',
  description: 'A field the specification says is a URL (`termsOfService`, `url` of Contact, License and External Documentation, OAuth flow URLs, `openIdConnectUrl`, `externalValue`, `operationRef`; `namespace` an absolute URI) that is not one by RFC 3986, or a Contact `email` that is not an email address.',
  spec: ['Info Object', 'Contact Object', 'License Object', 'External Documentation Object', 'OAuth Flow Object', 'Security Scheme Object', 'XML Object', 'Relative References in URLs'],
  rationale:
    'The specification says these fields MUST be in the format of a URL or an email address: documentation turns them into links, and clients fetch the OAuth and OpenID URLs, so a malformed one breaks sign-in or leads nowhere.',
  messages: {
    url: '"{field}" must be a URL: {problem}.',
    email: '"{field}" must be an email address such as "api@example.com", not "{value}".',
    mailto: '"{field}" is an email address, not a "mailto:" URL: remove "mailto:".',
  },
  versions: OPENAPI_VERSIONS,
  versionNote:
    'OpenAPI 3.1 and 3.2 say URI where 3.0 says URL for most of these fields (still RFC 3986, relative references allowed), and keep the email address and the non-relative XML `namespace`: the same checks apply. OpenAPI 3.2 adds `deviceAuthorizationUrl` (device flow) and `oauth2MetadataUrl`, which are checked too, and makes XML `namespace` an IRI (RFC 3987): a namespace with characters beyond ASCII, which an IRI allows, is not reported there.',
  kinds: Object.keys(FIELDS) as ObjectKind[],
  local: true,
  checkObject(object, context) {
    const { node, doc } = object;
    const fields = context.version === '3.2' ? FIELDS_32 : FIELDS;
    for (const [field, format] of Object.entries(fields[object.kind] ?? {})) {
      const value = node.get(field);
      if (value?.kind !== 'string') continue; // field-type
      const text = value.value as string;
      // An IRI may hold any Unicode letter: only an ASCII one is read as a URI.
      if (context.version === '3.2' && object.kind === 'XML' && /[^\x00-\x7f]/.test(text)) continue;
      if (format === 'email') {
        if (isEmail(text)) continue;
        const address = text.replace(/^mailto:/i, '');
        if (address !== text && isEmail(address)) {
          context.report({ at: { node: value }, messageId: 'mailto', data: { field }, fixes: [{ title: `Change to "${address}"`, edits: [replaceScalar(doc.parsed, value, address)] }] });
        } else {
          context.report({ at: { node: value }, messageId: 'email', data: { field, value: text } });
        }
        continue;
      }
      const problem = urlProblem(text, format);
      if (!problem) continue;
      // Characters that only need encoding have an obvious fix; a broken structure does not.
      const encoded = [...text].map((ch) => (/[\s"<>\\^`|]/.test(ch) || (!format.templates && /[{}]/.test(ch)) || ch.charCodeAt(0) > 127 ? percentEncode(ch) : ch)).join('');
      const fixed = encoded !== text && !urlProblem(encoded, format) ? encoded : undefined;
      context.report({
        at: spanInScalar(doc, value, 'value', problem.start, problem.length),
        messageId: 'url',
        data: { field, problem: problem.message },
        fixes: fixed ? [{ title: `Change to "${fixed}"`, edits: [replaceScalar(doc.parsed, value, fixed)] }] : [],
      });
    }
  },
});
