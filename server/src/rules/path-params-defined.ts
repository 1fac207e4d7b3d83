import { OPENAPI_VERSIONS } from '../model/spec';
import { appendItem, insertMember, replaceScalar, TextEdit } from '../syntax/edit';
import { defineRule } from '../check/types';
import { isFreeTextValue } from '../check/shift';
import { NameIndex } from '../check/suggest';
import { operationsOf, ParameterUse, pathItemParts, pathMemberOf, parameterUses, templateParams } from '../model/operations';
import { PARAMETER_LOCATIONS } from '../model/facts';
import { spanInScalar } from '../check/report';

export default defineRule({
  id: 'path-params-defined',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  description: 'A `{name}` in a path without a matching `in: path` parameter, after path-level inheritance and `$ref` resolution, for every operation of the path.',
  spec: ['Path Templating', 'Path Item Object'],
  rationale:
    'The specification says each template expression MUST correspond to a path parameter: without one, clients do not know what to put in the URL or how to encode it.',
  messages: {
    undefinedAll: 'Path parameter "{name}" is not declared: add a parameter with "name: {name}" and "in: path".',
    misspelt: 'Path parameter "{name}" is not declared, but "{other}" is: rename that parameter to "{name}".',
    undefinedSome: 'Path parameter "{name}" is not declared for {methods}: add a parameter with "name: {name}" and "in: path".',
  },
  kinds: ['PathItem'],
  readsValue: (edited) => edited.kinds.includes('Parameter') && !isFreeTextValue(edited),
  checkObject(pathItem, context) {
    const member = pathMemberOf(pathItem);
    if (!member) return;
    const { node: keyNode, doc: keyDoc } = member;
    const names = templateParams(String(keyNode.key)).filter((p) => p.name !== '');
    if (names.length === 0) return;
    const { analysis } = context;
    // A `$ref` with operations beside it is one path item: judged once, over the fields of both.
    const parts = pathItemParts(pathItem, member, analysis);
    if (!parts) return;
    const operations = parts.flatMap((part) => operationsOf(part, analysis));
    // Each operation's path parameters; a path with no operation is checked on its own parameters.
    // A path without operations sends no request, so its template binds nothing.
    if (operations.length === 0) return;
    // A parameter still being typed (no name, no valid `in`, a `$ref` that does not resolve) may
    // be the one a template name needs; it hides only the names it could be, nothing else.
    const couldBe = (use: ParameterUse, name: string) =>
      (use.name === undefined || use.name === name) && (use.in === undefined || use.in === 'path' || !PARAMETER_LOCATIONS.includes(use.in));
    const pathLevel = parts.flatMap((part) => parameterUses(part.node.get('parameters'), part.doc, analysis, 'path'));
    const perOperation = operations.map((op) => {
      const uses = [...pathLevel, ...parameterUses(op.node.get('parameters'), op.doc, analysis, 'operation')];
      const declared = new Set(uses.filter((u) => u.in === 'path' && u.name !== undefined).map((u) => u.name!));
      const unsure = uses.filter((u) => u.name === undefined || u.in === undefined || !PARAMETER_LOCATIONS.includes(u.in));
      // Looked up by name, not scanned per template name (20,000 of each would be quadratic).
      const anyName = unsure.some((u) => u.name === undefined && couldBe(u, ''));
      const maybe = new Set(unsure.filter((u) => u.name !== undefined && couldBe(u, u.name)).map((u) => u.name!));
      return { op, method: String(op.node.key), declares: (name: string) => declared.has(name) || anyName || maybe.has(name) };
    });
    const reported = new Set<string>();
    const templateNames = new Set(names.map((n) => n.name));
    // Found once per path, not per template name (a path may have thousands of them).
    let strays: Map<string, ParameterUse> | undefined;
    let strayNames: NameIndex | undefined;
    // The path's pointer escapes the whole key: once, not once per template name.
    const claimPrefix = `path-parameter:${keyDoc.path}#${keyNode.pointer}:`;
    // Where a parameter every operation lacks goes: of a `$ref` and the fields beside it, the part
    // with path-level parameters, else the first with operations. Once, not per template name.
    const pathOwner = parts.find((p) => p.node.get('parameters')) ?? parts.find((p) => operations.some((op) => op.parent === p)) ?? pathItem;
    for (const param of names) {
      if (reported.has(param.name)) continue;
      reported.add(param.name);
      const missingIn = perOperation.filter((o) => !o.declares(param.name));
      if (missingIn.length === 0) continue;
      const all = missingIn.length === perOperation.length;
      // An `in: path` parameter with a near name (`ownerid` for `{ownerId}`) is most likely meant.
      if (!strays) {
        strays = new Map();
        for (const o of [...parts, ...operations]) {
          for (const u of parameterUses(o.node.get('parameters'), o.doc, analysis, parts.includes(o) ? 'path' : 'operation')) {
            if (u.in === 'path' && u.name !== undefined && u.parameter === u.item && !templateNames.has(u.name) && !strays.has(u.name)) strays.set(u.name, u);
          }
        }
        strayNames = new NameIndex(strays.keys());
      }
      const near = strayNames!.nearest(param.name);
      const stray = near === undefined ? undefined : strays.get(near);
      const parameter = { name: param.name, in: 'path', required: true, schema: { type: 'string' } };
      // Where the parameter goes: the path item when every operation lacks it, otherwise the
      // operations that do (a path-level one would declare it twice where it is already).
      const owners = all ? [pathOwner] : missingIn.map((o) => o.op);
      const edits = owners.map((owner) => {
        const list = owner.node.get('parameters');
        return list?.kind === 'array' ? appendItem(owner.doc.parsed, list, parameter) : !list ? insertMember(owner.doc.parsed, owner.node, 'parameters', [parameter]) : undefined;
      });
      const canAdd = edits.every((e) => e) && owners.every((o) => o.doc === keyDoc);
      // Both fixes declare the parameter: fix-all applies one of them, never both.
      const claims = [`${claimPrefix}${param.name}`];
      const where = all ? 'the path' : missingIn.map((o) => `"${o.method}"`).join(' and ');
      // Operations in another file than the template (`/x/{id}: {$ref: paths/x.yaml}`): each one is a related place.
      const related = missingIn.filter((o) => o.op.doc !== keyDoc).map((o) => ({
        doc: o.op.doc, offset: o.op.node.keyOffset, length: o.op.node.keyLength, message: `The "${o.method}" operation, which declares no "${param.name}".`,
      }));
      context.report({
        doc: keyDoc,
        related,
        at: spanInScalar(keyDoc, keyNode, 'key', param.start, param.length),
        messageId: stray ? 'misspelt' : all ? 'undefinedAll' : 'undefinedSome',
        data: { name: param.name, other: near ?? '', methods: missingIn.map((o) => '"' + o.method + '"').join(', ') },
        fixes: [
          ...(stray && stray.doc === keyDoc ? [{ title: `Rename parameter "${near}" to "${param.name}"`, edits: [replaceScalar(stray.doc.parsed, stray.parameter!.get('name')!, param.name)], claims }] : []),
          // The fix edits the Path Item, which is in the same document unless the path item is referenced.
          ...(canAdd ? [{ title: `Add path parameter "${param.name}" to ${where}`, edits: edits as TextEdit[], claims }] : []),
        ],
      });
    }
  },
});

