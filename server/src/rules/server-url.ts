import { OPENAPI_VERSIONS } from '../model/spec';
import { insertMember, replaceScalar } from '../syntax/edit';
import { removalFix } from '../check/report';
import { defineRule } from '../check/types';
import { spanInScalar } from '../check/report';

export default defineRule({
  id: 'server-url',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  description: 'A variable without `default` (error); a Server `url` variable `{v}` not in `variables`, a `default` not in its `enum`, an empty `enum` (warning).',
  spec: ['Server Object', 'Server Variable Object'],
  rationale:
    'Clients build the base URL by substituting server variables: a variable that is not defined, or has no default, leaves the URL incomplete.',
  messages: {
    undefined: 'Server variable "{name}" is not defined in "variables".',
    noDefault: 'Server variable "{name}" needs a "default".',
    emptyEnum: 'Server variable "{name}" has an empty "enum": list the values it can take, or remove "enum".',
    notInEnum: 'The default "{value}" is not one of this variable\'s "enum" values.',
  },
  kinds: ['Server'],
  local: true,
  checkObject(object, context) {
    const { node, doc } = object;
    const url = node.get('url');
    const variables = node.get('variables');
    if (url?.kind === 'string') {
      const re = /\{([^{}]+)\}/g;
      let m: RegExpExecArray | null;
      const text = url.value as string;
      while ((m = re.exec(text))) {
        const name = m[1];
        if (variables?.kind === 'object' && variables.get(name)) continue;
        const edit = variables?.kind === 'object' ? insertMember(doc.parsed, variables, name, { default: '' }) : !variables ? insertMember(doc.parsed, node, 'variables', { [name]: { default: '' } }) : undefined;
        // The text forbids neither of these (a default SHOULD be in the enum), but the URL is incomplete.
        context.report({ at: spanInScalar(doc, url, 'value', m.index, m[0].length), messageId: 'undefined', severity: 'warning', data: { name }, fixes: edit ? [{ title: `Add variable "${name}"`, edits: [edit] }] : [] });
      }
    }
    if (variables?.kind !== 'object') return;
    for (const variable of variables.children!) {
      if (variable.kind !== 'object') continue;
      const fallback = variable.get('default');
      if (!fallback) {
        context.report({ at: { node: variable, part: 'key' }, messageId: 'noDefault', data: { name: String(variable.key) }, fixes: [{ title: 'Add "default"', edits: [insertMember(doc.parsed, variable, 'default', '')] }] });
        continue;
      }
      const options = variable.get('enum');
      if (options?.kind === 'array' && options.children!.length === 0) {
        context.report({ at: { node: options, part: 'member' }, messageId: 'emptyEnum', severity: 'warning', data: { name: String(variable.key) }, fixes: [removalFix('Remove the empty "enum"', doc.parsed, options)] });
      }
      const first = options?.kind === 'array' ? options.children![0] : undefined;
      if (first && !options!.children!.some((o) => o.value === fallback.value)) {
        const fixes = first.kind === 'string' ? [{ title: `Set the default to "${String(first.value)}"`, edits: [replaceScalar(doc.parsed, fallback, first.value as string)] }] : [];
        context.report({ at: { node: fallback }, messageId: 'notInEnum', severity: 'warning', data: { value: String(fallback.value) }, fixes });
      }
    }
  },
});
