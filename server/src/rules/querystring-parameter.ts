import { defineRule, RuleContext } from '../check/types';
import { isFreeTextValue } from '../check/shift';
import { removalFix } from '../check/report';
import { effectiveParameters, ParameterUse, parameterUses } from '../model/operations';
import { OpenApiObject } from '../model/analysis';

/** The fields of a parameter described by `schema` and `style`, which the text forbids with `in: querystring`. */
const SCHEMA_FIELDS = ['schema', 'style', 'explode', 'allowReserved'];

/** Where a finding about a parameter use points: its name when written inline, else its `$ref`. */
function anchorOf(use: ParameterUse) {
  return use.parameter === use.item ? use.item.get('name') ?? use.item : use.item.get('$ref') ?? use.item;
}

const quoted = (uses: ParameterUse[]) => uses.map((u) => `"${u.name}"`).join(', ');

export default defineRule({
  id: 'querystring-parameter',
  severity: 'error',
  versions: ['3.2'],
  versionNote:
    'OpenAPI 3.2 only: `in: querystring` is new in 3.2 (parameter-in reports it in 3.0 and 3.1 documents).',
  description: 'An `in: querystring` parameter (OpenAPI 3.2) written with `schema`, `style`, `explode` or `allowReserved` instead of `content`; two of them in one operation; or one beside `in: query` parameters (path-level and operation-level parameters together).',
  spec: ['Parameter Object'],
  rationale:
    'A querystring parameter describes the whole query string as one value: the text says it MUST be described with `content`, MUST NOT appear more than once, and MUST NOT appear in an operation (or its path item) that has `in: query` parameters. Two descriptions of the same query string contradict each other, and clients cannot know which to send.',
  messages: {
    schemaField: '"{field}" cannot be used on an "in: querystring" parameter: describe the whole query string with "content" and a media type such as "application/x-www-form-urlencoded".',
    twice: 'Only one "in: querystring" parameter is allowed, and "{first}" already describes the whole query string{where}.',
    withQuery: 'Parameter "{name}" describes the whole query string, so there cannot also be "in: query" parameters ({names}){where}: describe them in its content instead.',
    queryBeside: 'Query parameter "{name}" cannot be used{where}: "{querystring}" ("in: querystring") already describes the whole query string.',
  },
  kinds: ['Parameter', 'Operation', 'PathItem'],
  readsValue: (edited) => edited.kinds.includes('Parameter') && !isFreeTextValue(edited),
  checkObject(object, context) {
    if (object.kind === 'Parameter') return checkFields(object, context);
    // The path item's own list on its own (shared by all its operations: reported once, there),
    // then each operation's list merged with it, for what the operation's own parameters add.
    if (object.kind === 'PathItem') return checkList(parameterUses(object.node.get('parameters'), object.doc, context.analysis, 'path'), () => true, '', context);
    // Every operation of a path item, under its method or in `additionalOperations` (3.2).
    if (object.parent?.kind !== 'PathItem') return;
    const { uses } = effectiveParameters(object, context.analysis);
    checkList(uses, (u) => u.level === 'operation', ` in this operation (with its path's parameters)`, context);
  },
});

function checkFields(object: OpenApiObject, context: RuleContext): void {
  const { node, doc } = object;
  if (node.get('in')?.stringValue !== 'querystring') return;
  for (const field of SCHEMA_FIELDS) {
    const member = node.get(field);
    if (!member) continue;
    // Without `content` the schema is the only description: removing it leaves nothing to move it into.
    const fixes = field === 'schema' ? [] : [removalFix(`Remove "${field}"`, doc.parsed, member)];
    context.report({ at: { node: member, part: 'key' }, messageId: 'schemaField', data: { field }, fixes });
  }
}

/**
 * Reports the conflicts of one parameter list in which at least one use is `own` (the list's own
 * level): a conflict among path-level parameters only is the path item's to report.
 */
function checkList(uses: ParameterUse[], own: (use: ParameterUse) => boolean, where: string, context: RuleContext): void {
  const querystrings = uses.filter((u) => u.in === 'querystring' && u.name !== undefined);
  if (querystrings.length === 0) return;
  const [first] = querystrings;
  for (const extra of querystrings.slice(1)) {
    if (!own(extra)) continue;
    const at = anchorOf(extra);
    const firstAt = anchorOf(first);
    context.report({
      at: { node: at }, doc: extra.doc,
      messageId: 'twice',
      data: { first: first.name!, where },
      related: [{ doc: first.doc, offset: firstAt.offset, length: firstAt.length, message: `The "${first.name}" parameter.` }],
    });
  }
  const queries = uses.filter((u) => u.in === 'query' && u.name !== undefined);
  if (queries.length === 0) return;
  if (own(first)) {
    const at = anchorOf(first);
    context.report({ at: { node: at }, doc: first.doc, messageId: 'withQuery', data: { name: first.name!, names: quoted(queries), where } });
    return;
  }
  for (const query of queries.filter(own)) {
    context.report({ at: { node: anchorOf(query) }, doc: query.doc, messageId: 'queryBeside', data: { name: query.name!, querystring: first.name!, where } });
  }
}
