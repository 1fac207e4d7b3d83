import { OPENAPI_VERSIONS } from '../model/spec';
import { defineRule, Fix } from '../check/types';
import { isFreeTextValue } from '../check/shift';
import { NameIndex } from '../check/suggest';
import { replaceScalar } from '../syntax/edit';
import { operationsOf, parameterUses, pathKeyOf, pathMemberOf, templateParams } from '../model/operations';
import { removalFix } from '../check/report';

export default defineRule({
  id: 'path-params-used',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  description: 'An `in: path` parameter whose name is not in the path template.',
  spec: ['Parameter Object', 'Path Templating'],
  rationale:
    'The specification says a path parameter\'s name MUST correspond to a template expression in the path: a parameter that is not in the path is never sent.',
  messages: {
    unused: 'Path parameter "{name}" does not appear in the path "{path}".',
    unusedSuggest: 'Path parameter "{name}" does not appear in the path "{path}". Did you mean "{suggestion}"?',
  },
  kinds: ['PathItem'],
  readsValue: (edited) => edited.kinds.includes('Parameter') && !isFreeTextValue(edited),
  checkObject(pathItem, context) {
    const path = pathKeyOf(pathItem);
    const member = pathMemberOf(pathItem);
    // Names what path-params-defined's fixes claim too: fix-all declares a parameter once.
    const pathDoc = member ? `${member.doc.path}#${member.node.pointer}` : '';
    if (path === undefined) return;
    const names = new Set(templateParams(path).map((p) => p.name));
    // `{name}` after `?` is a query string, path-query-string's finding: not reported twice.
    const query = path.includes('?') ? path.slice(path.indexOf('?')) : '';
    const inQuery = new Set(Array.from(query.matchAll(/\{([^{}]*)\}/g), (m) => m[1]));
    const named = (name: string) => names.has(name) || (/[{}]/.test(name) ? query.includes(`{${name}}`) : inQuery.has(name));
    const { analysis } = context;
    const operations = operationsOf(pathItem, context.analysis);
    for (const owner of [pathItem, ...operations]) {
      const uses = parameterUses(owner.node.get('parameters'), owner.doc, analysis, owner === pathItem ? 'path' : 'operation');
      // Once per list, not per parameter (20,000 parameters against 20,000 template names).
      let meantAmong: NameIndex | undefined;
      for (const use of uses) {
        if (use.in !== 'path' || use.name === undefined || named(use.name)) continue;
        const inline = use.parameter === use.item;
        // A template name that no path parameter of this list declares, spelled alike, is the one meant.
        if (!meantAmong) {
          const declaredHere = new Set(uses.filter((u) => u.in === 'path').map((u) => u.name));
          meantAmong = new NameIndex([...names].filter((n) => n !== '' && !declaredHere.has(n)));
        }
        const meant = meantAmong.nearest(use.name);
        const rename: Fix[] = inline && meant !== undefined
          ? [{ title: `Rename to "${meant}", as in the path`, edits: [replaceScalar(use.doc.parsed, use.parameter!.get('name')!, meant)], claims: [`path-parameter:${pathDoc}:${meant}`] }]
          : [];
        context.report({
          doc: use.doc,
          at: inline ? { node: use.parameter!.get('name')! } : { node: use.item.get('$ref') ?? use.item },
          messageId: meant ? 'unusedSuggest' : 'unused',
          data: { name: use.name, path, suggestion: meant ?? '' },
          fixes: [...rename, removalFix(`Remove parameter "${use.name}"`, use.doc.parsed, use.item)],
        });
      }
    }
  },
});
