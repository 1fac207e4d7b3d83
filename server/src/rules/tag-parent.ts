import { defineRule, Fix } from '../check/types';
import { removalFix } from '../check/report';
import { NameIndex } from '../check/suggest';
import { replaceScalar } from '../syntax/edit';
import { SyntaxNode } from '../syntax/tree';

/** How many names of a loop the message spells out: a loop of 10,000 tags stays one line. */
const SHOWN_IN_LOOP = 6;

export default defineRule({
  id: 'tag-parent',
  severity: 'error',
  versions: ['3.2'],
  versionNote: 'OpenAPI 3.2 only: tag `parent` is new in 3.2 (unknown-field reports it in 3.0 and 3.1 documents).',
  description: 'A tag `parent` (OpenAPI 3.2) that names no tag of the root `tags`, or parents that loop back to the tag they start from.',
  spec: ['Tag Object'],
  rationale:
    'The specification says the tag a `parent` names MUST exist in the API description and that circular references between parent and child tags MUST NOT be used: documentation tools build a tree of tags from the parents, which a missing or looping parent breaks.',
  messages: {
    undefined: 'Tag "{name}" has parent "{parent}", which is not a tag of this description: add it to "tags" or name an existing tag.',
    loop: 'Tag "{name}" is nested under itself through its parents ({loop}): a tag cannot be its own ancestor.',
  },
  kinds: ['Root'],
  // Tag names and parents, and the list itself.
  readsValue: ({ kinds, field }) => (kinds.includes('Tag') && (field === 'name' || field === 'parent')) || (kinds.includes('Root') && field === 'tags'),
  checkObject(object, context) {
    const { doc } = object;
    const list = object.node.get('tags');
    if (list?.kind !== 'array') return;
    const byName = new Map<string, SyntaxNode>();
    for (const tag of list.children!) {
      const name = tag.kind === 'object' ? tag.get('name')?.stringValue : undefined;
      if (name !== undefined && !byName.has(name)) byName.set(name, tag);
    }
    const parentOf = (tag: SyntaxNode) => {
      const parent = tag.get('parent');
      return parent?.kind === 'string' ? parent : undefined;
    };
    let names: NameIndex | undefined;
    for (const [name, tag] of byName) {
      const parent = parentOf(tag);
      if (!parent || byName.has(parent.value as string)) continue;
      names ??= new NameIndex([...byName.keys()]);
      const meant = names.nearest(parent.value as string);
      const fixes: Fix[] = meant && meant !== name ? [{ title: `Change to "${meant}"`, edits: [replaceScalar(doc.parsed, parent, meant)] }] : [];
      context.report({ at: { node: parent }, messageId: 'undefined', data: { name, parent: parent.value as string }, fixes });
    }
    // Each tag is walked once: a walk stops at a tag an earlier walk has finished.
    const state = new Map<string, 'walking' | 'done'>();
    for (const start of byName.keys()) {
      if (state.has(start)) continue;
      const path: string[] = [];
      let current: string | undefined = start;
      while (current !== undefined && byName.has(current) && !state.has(current)) {
        state.set(current, 'walking');
        path.push(current);
        current = parentOf(byName.get(current)!)?.value as string | undefined;
      }
      if (current !== undefined && state.get(current) === 'walking') {
        const loop = path.slice(path.indexOf(current));
        const parent = parentOf(byName.get(loop[0])!)!;
        const shown = [...loop.slice(0, SHOWN_IN_LOOP), ...(loop.length > SHOWN_IN_LOOP ? ['…'] : []), loop[0]];
        context.report({
          at: { node: parent },
          messageId: 'loop',
          data: { name: loop[0], loop: shown.map((n) => (n === '…' ? n : `"${n}"`)).join(' → ') },
          related: loop.slice(1, SHOWN_IN_LOOP).map((n) => {
            const p = parentOf(byName.get(n)!)!;
            return { doc, offset: p.offset, length: p.length, message: `The parent of "${n}".` };
          }),
          fixes: [removalFix(`Remove the parent of "${loop[0]}"`, doc.parsed, parent)],
        });
      }
      for (const name of path) state.set(name, 'done');
    }
  },
});
