import { defineKind } from '../types';

export default defineKind({
  id: 'server-removed',
  level: 'warning',
  description: 'A server URL of the root `servers` is gone.',
  rationale:
    'Clients configured with that URL (generated clients take the first server as their default) stop reaching the API there.',
  messages: { removed: 'The server {url} was removed: clients configured with it may no longer reach the API.' },
  sites: ['servers'],
  compare(site, context) {
    const urls = (list: typeof site.base) => {
      const found = new Map<string, typeof site.base>();
      if (list?.node.kind !== 'array') return found;
      for (const server of list.node.children!) {
        const url = server.kind === 'object' ? server.get('url') : undefined;
        if (url?.kind === 'string') found.set((url.value as string).replace(/\/+$/, ''), { node: url, doc: list.doc });
      }
      return found;
    };
    const before = urls(site.base);
    const after = urls(site.new);
    // No servers means "/": a description that lists none is not compared.
    if (after.size === 0) return;
    for (const [url, at] of before) {
      if (after.has(url)) continue;
      context.report({
        messageId: 'removed',
        data: { url: String(at!.node.value) },
        base: { ...at!, part: 'value' },
        new: site.new ?? site.newRoot,
      });
    }
  },
});
