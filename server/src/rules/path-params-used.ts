import { defineRule } from '../check/types';
import { operationsOf, parameterUses, pathKeyOf, templateParams } from '../model/operations';
import { removalFix } from '../check/report';

export default defineRule({
  id: 'path-params-used',
  severity: 'error',
  description: 'An `in: path` parameter whose name is not in the path template.',
  spec: ['Parameter Object', 'Path Templating'],
  rationale:
    'The specification says a path parameter\'s name MUST correspond to a template expression in the path: a parameter that is not in the path is never sent.',
  messages: { unused: 'Path parameter "{name}" does not appear in the path "{path}".' },
  kinds: ['PathItem'],
  checkObject(pathItem, context) {
    const path = pathKeyOf(pathItem);
    if (path === undefined) return;
    const names = new Set(templateParams(path).map((p) => p.name));
    // `{name}` after `?` is a query string, path-query-string's finding: not reported twice.
    const query = path.includes('?') ? path.slice(path.indexOf('?')) : '';
    const { analysis } = context;
    const operations = operationsOf(pathItem, context.analysis);
    for (const owner of [pathItem, ...operations]) {
      for (const use of parameterUses(owner.node.get('parameters'), owner.doc, analysis, owner === pathItem ? 'path' : 'operation')) {
        if (use.in !== 'path' || use.name === undefined || names.has(use.name) || query.includes(`{${use.name}}`)) continue;
        const inline = use.parameter === use.item;
        context.report({
          doc: use.doc,
          at: inline ? { node: use.parameter!.get('name')! } : { node: use.item.get('$ref') ?? use.item },
          messageId: 'unused',
          data: { name: use.name, path },
          fixes: [removalFix(`Remove parameter "${use.name}"`, use.doc.parsed, use.item)],
        });
      }
    }
  },
});
