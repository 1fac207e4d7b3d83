import * as path from 'path';
import { MAX_CHAIN, namesAnchor } from '../model/analysis';
import { isRemoteLocation } from '../model/location';
import { noticeOf } from '../model/documents';
import { escapePointerSegment } from '../model/ref';
import { underSchemaId } from '../model/schema-ids';
import { insertMember, replaceScalar, WriteValue } from '../syntax/edit';
import { COMPONENT_MAPS } from '../model/kinds';
import { ObjectKind, OPENAPI_VERSIONS } from '../model/spec';
import { ParsedText, SyntaxNode } from '../syntax/tree';
import { Fix } from '../check/types';
import { rawSlashPathRef } from './ref-pointer-escape';
import { defineRule } from '../check/types';
import { keyNames } from '../check/suggest';

/** The longest file or folder name Linux, macOS and Windows file systems take, in bytes. */
const MAX_NAME_BYTES = 255;

/** A component name the fix creates: the names 3.0.3 allows, at most 200 characters. */
const CREATABLE_NAME = /^[a-zA-Z0-9.\-_]{1,200}$/;

/** The smallest valid object of each component kind, for "Create the component". */
function componentStub(kind: ObjectKind, name: string): WriteValue {
  switch (kind) {
    case 'Schema': return { type: 'object' };
    case 'Parameter': return { name, in: 'query', schema: { type: 'string' } };
    case 'Response': return { description: name };
    case 'RequestBody': return { content: { 'application/json': { schema: { type: 'object' } } } };
    case 'Header': return { schema: { type: 'string' } };
    case 'Example': return { value: null };
    case 'SecurityScheme': return { type: 'http', scheme: 'bearer' };
    default: return {};
  }
}

/**
 * "Create the component": for a local `#/components/<map>/<name>` of the kind the place calls for,
 * a stub where the pointer says, with the `components` and map objects that are missing.
 */
function createComponentFix(parsed: ParsedText, expected: ObjectKind | undefined, segments: readonly string[], failedAt: number, parent: SyntaxNode | undefined): Fix[] {
  if (!expected || segments.length !== 3 || segments[0] !== 'components' || COMPONENT_MAPS[expected] !== segments[1]) return [];
  if (parent?.kind !== 'object' || failedAt > 2) return [];
  const name = segments[2];
  // Only a name a component may have (component-name's pattern), of a length someone means.
  if (!CREATABLE_NAME.test(name)) return [];
  let value = componentStub(expected, name);
  for (let i = 2; i > failedAt; i--) value = { [segments[i]]: value };
  return [{ title: `Create the component "${name}"`, edits: [insertMember(parsed, parent, segments[failedAt], value)] }];
}

export default defineRule({
  id: 'ref-unresolved',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  versionNote: 'OpenAPI 3.1 and 3.2: a Schema\'s `$ref` that ends in a plain name (`#pet`) names the schema whose `$anchor` is that name. A schema with an `$id` is named by that URI (a relative one against the document\'s `$self` in 3.2): a Schema\'s `$ref` to it (`https://example.com/schemas/pet`, with a pointer or an anchor after `#` or not) is followed in the document, and a pointer that is not there is reported. A `$ref` inside such a schema is resolved against its URI: what it names in the document is followed; a pointer that fails there is read from the document, and anything still not found (another document\'s schema) is not judged.',
  description: 'The target of a `$ref` does not exist: missing pointer, missing file, missing pointer in another file, a remote document that could not be fetched. A URL whose host is not allowed is not fetched: it gets an information "not checked" that says how to allow it. In the editor, a remote document read from the cache because its host failed gets an information that says how old the copy is. A pointer that passes through a `$ref` on its way (`#/paths/~1pets/get` where `/pets` is `$ref: pets.yaml`) goes on in what that reference names, as swagger-parser and Redocly read it.',
  spec: ['Reference Object', 'Document Structure'],
  rationale:
    'A reference whose target does not exist leaves a hole in the description: tools fail to load the document or silently drop the part.',
  messages: {
    pointer: '"{ref}" does not resolve: {where} has no "{segment}".',
    pointerSuggest: '"{ref}" does not resolve: {where} has no "{segment}". Did you mean "{suggestion}"?',
    anchor: '"{ref}" does not resolve: no schema of {where} has "$anchor: {anchor}".',
    missingFile: '"{ref}" does not resolve: the file "{file}" does not exist.',
    folder: '"{ref}" does not resolve: "{file}" is a folder, not a file.',
    notDocument: '"{ref}" does not resolve: "{file}" is not a YAML or JSON document.',
    unreadable: '"{ref}" does not resolve: {message}',
    special: '"{ref}" does not resolve: "{file}" is {what}.',
    symlinkLoop: '"{ref}" does not resolve: "{file}" is a symbolic link loop.',
    nameTooLong: '"{ref}" does not resolve: a file or folder name in it is {bytes} bytes long, more than file systems allow ({max}).',
    pathTooLong: '"{ref}" does not resolve: the path of the file is {bytes} bytes long, more than the file system allows.',
    utf16: '"{ref}" does not resolve: "{file}" is UTF-16 text; save it as UTF-8.',
    tooLarge: '"{ref}" does not resolve: "{file}" is {larger}: it is not read.',
    remote: 'Remote reference "{ref}" is not checked: {why}.',
    remoteNotAllowed: 'Remote reference "{ref}" is not checked: {host} is not an allowed host. {how}',
    remoteFailed: '"{ref}" could not be fetched: {message}',
    remoteCached: 'Remote reference "{ref}" is checked against a cached copy: {notice}',
    chainTooLong: '"{ref}" starts a chain of more than {max} references, which is not followed to its end: point it closer to the object it stands for.',
  },
  checkReference(reference, context) {
    const { failure, parsed, refNode, doc } = reference;
    // A remote document read from the cache because its host did not answer: said where it is referenced.
    const targetDoc = reference.target?.doc;
    const notice = targetDoc && targetDoc !== doc ? noticeOf(targetDoc) : undefined;
    if (notice && parsed) context.report({ at: { node: refNode }, messageId: 'remoteCached', data: { ref: parsed.raw, notice }, severity: 'information' });
    if (!failure && reference.allowed && reference.expected !== 'PathItem' && !context.analysis.isReferenced(reference.holder)) {
      // The first `$ref` of a chain too long to follow (a later one is only a link of it).
      if (context.analysis.resolve(reference.holder, doc).tooLong) {
        context.report({ at: { node: refNode }, messageId: 'chainTooLong', data: { ref: parsed?.raw ?? '', max: MAX_CHAIN } });
      }
      return;
    }
    if (!failure || !parsed || failure.reason === 'not-string') return;
    const ref = parsed.raw;
    const at = { node: refNode };
    // 3.1, 3.2: inside a schema with an `$id`, a reference that fails is not judged: resolved
    // against that URI it may name another document's schema, or mean this document (a pointer
    // written for the document, not for the schema): a miss, never a false finding.
    if ((context.version ?? '3.0') !== '3.0' && reference.expected === 'Schema' && underSchemaId(reference.holder)) return;
    // 3.1, 3.2: a plain-name fragment names a schema's `$anchor` (ref-syntax takes it as valid there).
    const anchorRef = namesAnchor(reference, context.version);
    if (anchorRef && failure.reason === 'pointer') {
      context.report({ at, messageId: 'anchor', data: { ref, anchor: parsed.anchor!, where: failure.doc === doc ? 'this document' : `"${path.basename(failure.doc.path)}"` } });
      return;
    }
    // Reported by ref-syntax or ref-pointer-escape with a fix of their own.
    if (parsed.syntaxProblems.some((p) => p.code === 'bare-pointer' || (p.code === 'fragment' && !anchorRef))) return;
    // The file the `$ref` names, as it names it: by its absolute path, or relative to this document.
    const named = (file: string) =>
      isRemoteLocation(file) || path.isAbsolute(parsed.file) ? file : path.relative(path.dirname(doc.path), file) || path.basename(file);
    // Said in numbers, not by quoting the name: it is too long to quote whole.
    const reportLongName = (file: string) => {
      const longest = file.split(/[\\/]/).reduce((most, name) => Math.max(most, Buffer.byteLength(name)), 0);
      if (longest > MAX_NAME_BYTES) context.report({ at, messageId: 'nameTooLong', data: { ref, bytes: longest, max: MAX_NAME_BYTES } });
      else context.report({ at, messageId: 'pathTooLong', data: { ref, bytes: Buffer.byteLength(file) } });
    };
    switch (failure.reason) {
      case 'url':
        context.report({ at, messageId: 'remote', data: { ref, why: failure.why }, severity: 'information' });
        return;
      case 'file': {
        const file = named(failure.file);
        const f = failure.failure;
        // Not fetched by the user's choice: information, never an error.
        if (f.reason === 'remote-not-allowed') {
          const how = f.how ?? `Allow it with --allow-remote ${f.host} or in remoteRefs.allow of .openapi-check.yaml.`;
          context.report({ at, messageId: 'remoteNotAllowed', data: { ref, host: f.host, how }, severity: 'information' });
        } else if (f.reason === 'remote-off') context.report({ at, messageId: 'remote', data: { ref, why: f.message }, severity: 'information' });
        else if (f.reason === 'remote-failed') context.report({ at, messageId: 'remoteFailed', data: { ref, message: f.message } });
        else if (f.reason === 'missing') context.report({ at, messageId: 'missingFile', data: { ref, file } });
        else if (f.reason === 'folder') context.report({ at, messageId: 'folder', data: { ref, file } });
        else if (f.reason === 'binary' || f.reason === 'encoding') context.report({ at, messageId: 'notDocument', data: { ref, file } });
        else if (f.reason === 'special') context.report({ at, messageId: 'special', data: { ref, file, what: f.what } });
        else if (f.reason === 'symlink-loop') context.report({ at, messageId: 'symlinkLoop', data: { ref, file } });
        else if (f.reason === 'name-too-long') reportLongName(failure.file);
        else if (f.reason === 'utf16') context.report({ at, messageId: 'utf16', data: { ref, file } });
        else if (f.reason === 'too-large') context.report({ at, messageId: 'tooLarge', data: { ref, file, larger: f.message.replace(/^.*? is (larger than .*?)\.?$/, '$1') } });
        else context.report({ at, messageId: 'unreadable', data: { ref, message: f.message } });
        return;
      }
      case 'not-a-document':
        context.report({ at, messageId: 'notDocument', data: { ref, file: named(failure.file) } });
        return;
      case 'pointer': {
        if (rawSlashPathRef(reference)) return;
        if (parsed.form === 'local' && parsed.pointer?.[0] === 'definitions') return; // swagger2-construct
        const { segments, failedAt, parent } = failure;
        const segment = segments[failedAt] ?? '';
        const prefix = '/' + segments.slice(0, failedAt).map(escapePointerSegment).join('/');
        const file = ref.slice(0, Math.max(0, ref.indexOf('#')));
        // 3.1, 3.2: the `$ref` names a schema by its `$id`; the pointer is read from there.
        const resource = failure.inSchema ? `the schema "${file}"` : undefined;
        const where = resource
          ? (failedAt === 0 ? resource : `"${prefix}" in ${resource}`)
          : (failedAt === 0 ? 'the document root' : '"' + prefix + '"') + (failure.doc === doc ? '' : ` in "${named(failure.doc.path)}"`);
        const nearest = parent?.kind === 'object' ? keyNames(parent).nearest(segment) : undefined;
        const suggestion = nearest === undefined ? undefined : file + '#/' + [...segments.slice(0, failedAt), nearest, ...segments.slice(failedAt + 1)].map(escapePointerSegment).join('/');
        context.report({
          at,
          messageId: suggestion ? 'pointerSuggest' : 'pointer',
          data: { ref, where, segment, suggestion: suggestion ?? '' },
          fixes: [
            ...(suggestion ? [{ title: `Change to "${suggestion}"`, edits: [replaceScalar(doc.parsed, refNode, suggestion)] }] : []),
            ...(parsed.form === 'local' && failure.doc === doc ? createComponentFix(doc.parsed, reference.expected, segments, failedAt, parent) : []),
          ],
        });
      }
    }
  },
});
