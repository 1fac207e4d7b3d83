import { OPENAPI_VERSIONS } from '../model/spec';
import { defineRule } from '../check/types';
import { replaceScalar } from '../syntax/edit';

export default defineRule({
  id: 'server-url-style',
  severity: 'hint',
  versions: OPENAPI_VERSIONS,
  description: 'A Server `url` on `example.com` (a placeholder) or ending in `/` (paths start with `/`, so URLs get `//`).',
  spec: ['Server Object', 'Paths Object'],
  rationale:
    'Paths are appended to the server URL and start with "/", so a URL ending in "/" gives "//" in every request; and example.com is a placeholder that no client can call.',
  messages: {
    example: '"{host}" is a placeholder domain: give the address of the API.',
    slash: 'Remove the trailing "/": paths start with "/", so requests would go to "{joined}".',
  },
  kinds: ['Server'],
  local: true,
  checkObject(object, context) {
    const url = object.node.get('url');
    if (url?.kind !== 'string') return;
    const value = url.value as string;
    const host = /^[a-z][a-z0-9+.-]*:\/\/([^/:?#]+)/i.exec(value)?.[1]?.toLowerCase();
    if (host && /(^|\.)example\.(com|org|net)$/.test(host)) context.report({ at: { node: url }, messageId: 'example', data: { host } });
    if (value.length > 1 && value.endsWith('/')) {
      context.report({
        at: { node: url },
        messageId: 'slash',
        data: { joined: `${value}/pets` },
        fixes: [{ title: 'Remove the trailing "/"', edits: [replaceScalar(object.doc.parsed, url, value.replace(/\/+$/, ''))] }],
      });
    }
  },
});
