import { replaceScalar } from '../syntax/edit';
import { STYLES, STYLE_TYPES } from '../model/facts';
import { defineRule } from '../check/types';
import { isFreeTextValue } from '../check/shift';
import { OPENAPI_VERSIONS } from '../model/spec';



export default defineRule({
  id: 'parameter-style',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  versionNote:
    'The same in OpenAPI 3.0 and 3.1. OpenAPI 3.2 adds `style: cookie` for `in: cookie` parameters (beside `form`), and `in: querystring` parameters have no style at all: they must use `content`, which querystring-parameter reports.',
  description: 'A `style` the location does not allow (error: by `in` for parameters, `simple` for headers, the query styles for an Encoding), or that does not serialize the schema\'s type (warning: `deepObject` objects only; `spaceDelimited`/`pipeDelimited` arrays and objects).',
  spec: ['Parameter Object', 'Style Values'],
  rationale:
    'Clients serialize a value by its style: a style the location or the type does not support yields requests the server cannot parse.',
  messages: {
    location: '"style: {style}" is not allowed for "in: {in}" parameters: use {allowed}.',
    encoding: '"style: {style}" is not a style of an Encoding Object: use {allowed}.',
    header: '"style: {style}" is not allowed for a header: headers use "simple".',
    type: '"style: {style}" serializes {types} only, but this parameter\'s schema is "type: {type}".',
  },
  kinds: ['Parameter', 'Header', 'Encoding'],
  // The style and location, and the type of the schema it serializes.
  readsValue: (edited) =>
    !isFreeTextValue(edited) &&
    edited.kinds.some((kind) => kind === 'Parameter' || kind === 'Header' || kind === 'Encoding' || kind === 'Schema'),
  checkObject(object, context) {
    const { node, doc } = object;
    const style = node.get('style');
    if (style?.kind !== 'string') return;
    const value = style.value as string;
    // An Encoding serializes a form property the way a query parameter is serialized.
    const location = object.kind === 'Header' ? 'header' : object.kind === 'Encoding' ? 'query' : node.get('in')?.stringValue;
    const known = location ? STYLES[location] : undefined;
    if (!known) return;
    const rules = context.version === '3.2' && location === 'cookie' && object.kind === 'Parameter' ? { ...known, allowed: [...known.allowed, 'cookie'] } : known;
    const fix = [{ title: `Change to "${rules.fallback}"`, edits: [replaceScalar(doc.parsed, style, rules.fallback)] }];
    if (!rules.allowed.includes(value)) {
      context.report({
        at: { node: style },
        messageId: object.kind === 'Header' ? 'header' : object.kind === 'Encoding' ? 'encoding' : 'location',
        data: { style: value, in: location!, allowed: rules.allowed.map((s) => `"${s}"`).join(', ') },
        fixes: fix,
      });
      return;
    }
    const types = STYLE_TYPES[value];
    const schemaNode = node.get('schema');
    const schema = schemaNode ? context.analysis.resolve(schemaNode, doc).target?.node : undefined;
    const type = schema?.kind === 'object' ? schema.get('type')?.stringValue : undefined;
    if (types && type && !types.includes(type) && object.kind !== 'Encoding') {
      // The style table names the types each style is for, but the text forbids no other.
      context.report({ at: { node: style }, messageId: 'type', data: { style: value, types: types.map((t) => `${t}s`).join(' and '), type }, fixes: fix, severity: 'warning' });
    }
  },
});
