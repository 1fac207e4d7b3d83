import { OPENAPI_VERSIONS } from '../model/spec';
import { defineRule, Fix } from '../check/types';
import { escapePointerSegment } from '../model/ref';
import { renameKey, replaceScalar, TextEdit } from '../syntax/edit';
import { SyntaxNode } from '../syntax/tree';
import { Analysis } from '../model/analysis';
import { SourceDocument } from '../model/documents';

const NAME = /^[a-zA-Z0-9.\-_]+$/;

/** The name with every character the pattern does not allow replaced by `_`, unique in its map. */
function validName(name: string, map: SyntaxNode): string | undefined {
  const base = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-zA-Z0-9.\-_]/g, '_');
  if (!NAME.test(base)) return undefined;
  let candidate = base;
  for (let n = 2; map.get(candidate); n++) candidate = `${base}_${n}`;
  return candidate;
}

/** Renames the component and every `$ref` to it (or inside it), when all of them are in its document. */
function renameFix(analysis: Analysis, doc: SourceDocument, map: SyntaxNode, entry: SyntaxNode, newName: string): Fix | undefined {
  const edits: TextEdit[] = [renameKey(doc.parsed, entry, newName)];
  for (const reference of analysis.references) {
    const pointer = reference.parsed?.pointer;
    const reachesDoc = reference.target ? reference.target.doc === doc : reference.doc === doc && reference.parsed?.form === 'local';
    if (!reachesDoc || pointer?.[0] !== 'components' || pointer[1] !== map.key || pointer[2] !== entry.key) continue;
    if (reference.doc !== doc || reference.parsed!.form !== 'local') return undefined;
    const renamed = ['components', String(map.key), newName, ...pointer.slice(3)];
    edits.push(replaceScalar(doc.parsed, reference.refNode, '#/' + renamed.map(escapePointerSegment).join('/')));
  }
  return { title: `Rename to "${newName}" and update its references`, edits };
}

export default defineRule({
  id: 'component-name',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  description: 'A key of a `components` map (`schemas`, `responses`, `parameters`...) with characters other than letters, digits, `.`, `-` and `_` (an error); a link name of a Response with such characters (a warning).',
  spec: ['Components Object', 'Response Object'],
  rationale:
    'The specification says component keys MUST match ^[a-zA-Z0-9.-_]+$: other characters need escaping in every reference, and code generators turn the names into identifiers. The links of a Response follow the same naming constraints.',
  severityNote:
    'A component name is an error: the text says it MUST match the pattern, and the official schema holds it to it. A Response\'s link name is a warning: the text says it follows the same constraints without a MUST, and the official schema accepts any name there.',
  messages: {
    invalid: '"{name}" is not a valid component name: use only letters, digits, ".", "-" and "_"{suggestion}.',
    link: '"{name}" is not a valid link name: link names follow the rules of component names, only letters, digits, ".", "-" and "_"{suggestion}.',
  },
  kinds: ['Components', 'Response'],
  // Component keys, and the `$ref`s to them (a `$ref` is structure, not a value).
  readsValue: () => false,
  checkObject(object, context) {
    const { node, doc } = object;
    if (object.kind === 'Response') {
      const links = node.get('links');
      if (links?.kind !== 'object' || links.get('$ref')?.kind === 'string') return;
      for (const entry of links.children!) {
        const name = String(entry.key);
        if (NAME.test(name)) continue;
        // Nothing references a link by its name: renaming the key is the whole fix.
        const newName = validName(name, links);
        context.report({
          at: { node: entry, part: 'key' },
          messageId: 'link',
          severity: 'warning',
          data: { name, suggestion: newName ? `, such as "${newName}"` : '' },
          fixes: newName ? [{ title: `Rename to "${newName}"`, edits: [renameKey(doc.parsed, entry, newName)] }] : [],
        });
      }
      return;
    }
    for (const map of node.children!) {
      if (map.kind !== 'object' || String(map.key).startsWith('x-') || map.get('$ref')?.kind === 'string') continue;
      for (const entry of map.children!) {
        const name = String(entry.key);
        if (NAME.test(name)) continue;
        const newName = validName(name, map);
        const fix = newName ? renameFix(context.analysis, doc, map, entry, newName) : undefined;
        context.report({
          at: { node: entry, part: 'key' },
          messageId: 'invalid',
          data: { name, suggestion: newName ? `, such as "${newName}"` : '' },
          fixes: fix ? [fix] : [],
        });
      }
    }
  },
});
