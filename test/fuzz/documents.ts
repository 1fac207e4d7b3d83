// Hostile documents for the fuzzer: OpenAPI roots in YAML and JSON with deep nesting, 100,000
// siblings, 1 MB strings, anchors, aliases, tags, flow collections, broken states, unicode, tabs,
// every kind of line end and a BOM; and the files they reference: $ref chains and cycles across
// files, a named pipe, invalid UTF-8, a symbolic link loop, a file that does not exist yet.
import { Random } from './random';
import { LineEnds, withLineEnds } from './text';

/** How large the largest inputs are (the figures by default). */
export interface Scale {
  siblings: number;
  bigString: number;
  depth: number;
  /** Files in the `$ref` chain (the server's bound is 64). */
  chain: number;
  /**
   * Levels of YAML flow collections (`{a: {a: ...}}`). Past 64 the `yaml` package reads them, and
   * past about 800 its recursion overflows at a level that depends on how deep the server's stack
   * already is: a file parsed first as a `$ref` target while another root is checked gets its
   * "nested too deeply" error at another place than when it is opened alone (a known defect,
   * reported, not fixed here; `npm run fuzz -- --deep-yaml-flow` finds it). Deeper YAML nesting
   * is tested with block mappings and JSON.
   */
  yamlFlowDepth: number;
}

export const FULL_SCALE: Scale = {
  siblings: 100_000, bigString: 1_000_000, depth: 2_000, chain: 70, yamlFlowDepth: 100,
};

/**
 * The scale of the fuzz test in `npm test` (and of `npm run fuzz -- --small`): still past the
 * server's bounds (1,000 levels of nesting, 64 files in a `$ref` chain, 5,000 diagnostics published
 * per file, 1,000-character keys), small enough that a few hundred steps fit in its time.
 */
export const TEST_SCALE: Scale = {
  siblings: 20_000, bigString: 1_000_000, depth: 2_000, chain: 70, yamlFlowDepth: 100,
};

/** A file of the workspace: text, raw bytes (invalid UTF-8), a named pipe or a symbolic link. */
export type FileContent = { text: string } | { base64: string } | { fifo: true } | { symlink: string };

export interface WorkspaceFile {
  /** Relative to the workspace folder, with `/`. */
  path: string;
  content: FileContent;
}

/** `$ref` values worth writing: local, across files, into chains and cycles, to special files. */
export const REF_TARGETS = [
  '#/components/schemas/Pet', '#/components/schemas/Loop1', '#/components/schemas/Nope',
  '#/components/schemas/Pet/properties/name', '#/components/parameters/Id', '#/components/responses/NotFound',
  '#/paths/~1pets~1{id}/get', '#/components/schemas/Ünïcødé😀',
  '#/components/schemas/%C3%9Cn%C3%AFc%C3%B8d%C3%A9%F0%9F%98%80', '#', '', '#/components/schemas/a~2b',
  './lib/schemas.yaml#/Pet', './lib/schemas.yaml#/Tree', './lib/schemas.yaml#/Back', './lib/schemas.yaml',
  'lib/common.json#/Common', './lib/common.json#/Limit', './chain/c0.yaml#/S', './chain/c40.yaml#/S',
  './cycle/a.yaml#/A', './missing.yaml#/X', './lib/later.json#/Later', './pipe.yaml#/X', './bad-utf8.yaml#/Bad',
  './bom.json#/Bom', './crlf.yaml#/Crlf', './cr.yaml#/Cr', './tabs.yaml#/Tabs', './loop.yaml#/X',
  './root1.json#/components/schemas/Pet', './root2.yaml#/components/schemas/Pet', '../outside-the-folder.yaml#/X',
  'lib/', './lib/../lib/schemas.yaml#/Pet', '/dev/zero#/X', '/dev/stdin#/X',
];

const UNICODE = [
  'Ünïcødé', '😀', '日本語', 'עברית', 'e\u0301', '\u200f', '\u2028', '\u00a0', 'ß', '𝔘', '\u0000', '\ufeff', 'ǅ',
];

function word(rnd: Random): string {
  const plain = rnd.pick(['Pet', 'Error', 'id', 'name', 'tag', 'Owner', 'limit', 'x', 'Loop1', 'Tree', 'a~b', 'a/b',
    'a b']);
  return rnd.chance(0.15) ? plain + rnd.pick(UNICODE) : plain;
}

const quoteYaml = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** YAML lines, each indented by `indent` spaces and ended by \n. */
const indented = (indent: number, lines: readonly string[]) => lines.map((l) => ' '.repeat(indent) + l + '\n').join('');

function ref(rnd: Random): string {
  return rnd.pick(REF_TARGETS);
}

/** Flow mappings (or sequences) nested `depth` levels around a leaf. */
function deepFlow(depth: number, rnd: Random): string {
  const kind = rnd.pick(['mapping', 'sequence', 'schema']);
  if (kind === 'sequence') return '['.repeat(depth) + '1' + ']'.repeat(depth);
  if (kind === 'mapping') return '{a: '.repeat(depth) + 'b' + '}'.repeat(depth);
  const schemas = Math.floor(depth / 2); // two levels each: the schema and its properties
  return '{type: object, properties: {p: '.repeat(schemas) + '{type: string}' + '}}'.repeat(schemas);
}

/** A block mapping nested `depth` levels (each level two more spaces). */
function deepBlock(depth: number, indent: number): string {
  let out = '';
  for (let i = 0; i < depth; i++) out += ' '.repeat(indent + 2 * i) + `l${i}:\n`;
  return out + ' '.repeat(indent + 2 * depth) + 'leaf: 1\n';
}

function bigString(scale: Scale, rnd: Random): string {
  const unit = rnd.pick(['a', 'xyz ', 'é', '😀', ' ', "'", '\\"']);
  return unit.repeat(Math.ceil(scale.bigString / unit.length));
}

/** What a schema component is made of: the small hostile shapes, many siblings, or a huge string. */
type SchemaKind = 'small' | 'wide' | 'long';

/** A schema component in YAML at indent 4 (its name) and 6 (its body). */
function yamlSchema(rnd: Random, scale: Scale, kind: SchemaKind): string {
  const name = word(rnd) + rnd.int(0, 99);
  const shapes = {
    small: [
      'object', 'ref', 'loop', 'anchors', 'tags', 'flow', 'multiFlow', 'unicode', 'tabs', 'broken', 'allOf', 'deep',
    ],
    wide: ['siblings', 'manyProperties', 'deepBlock'],
    long: ['bigString', 'bigKey', 'bigRef', 'blockScalar'],
  };
  switch (rnd.pick(shapes[kind])) {
    case 'object':
      return indented(4, [
        `${name}:`, '  type: object', '  required: [id]', '  properties:', '    id:', '      type: integer',
        '      format: int64', '    name:', '      type: string', `      example: ${quoteYaml(word(rnd))}`,
      ]);
    case 'ref':
      return `    ${name}:\n      $ref: ${quoteYaml(ref(rnd))}\n`;
    case 'loop':
      return indented(4, [
        'Loop1:', "  $ref: '#/components/schemas/Loop2'", 'Loop2:', "  $ref: '#/components/schemas/Loop1'",
      ]);
    case 'anchors':
      return indented(4, [
        `${name}: &base${name}`, '  type: object', '  properties:', '    a: &leaf {type: string, description: shared}',
        '    b: *leaf', `${name}Copy: *base${name}`, `${name}Merged:`, `  <<: *base${name}`, '  description: merged',
        `${name}Unknown: *nowhere`,
      ]);
    case 'tags':
      return indented(4, [
        `${name}: !!map`, '  type: !!str string', '  format: !!binary aGVsbG8=', '  maxLength: !!int 10',
        '  x-custom: !thing {a: 1}', '  default: !!null',
      ]);
    case 'flow':
      return `    ${name}: {type: object, properties: {a: {type: string, enum: [x, y, "z"]}, ` +
        `b: {$ref: ${quoteYaml(ref(rnd))}}}, required: [a]}\n`;
    case 'multiFlow':
      return indented(4, [
        `${name}: {`, '  type: object,', '  required: [a,', '    b],',
        '  properties: {a: {type: string}, b: [1, {c: d}, ]},', '}',
      ]);
    case 'unicode':
      // The NUL character is written as an escape: YAML does not allow it raw.
      return indented(4, [
        'Ünïcødé😀:', '  type: string',
        `  description: "${UNICODE.filter((u) => u !== '\u0000').join(' ')} \\u0000 \\x41"`, '  example: 日本語',
      ]);
    case 'tabs':
      return `    ${name}:\n\t  type: string\n      description: "a\tb"\n      format:\tdate\n`;
    case 'broken':
      return rnd.pick([
        `    ${name}: {type: object, properties: {a: \n`,
        `    ${name}:\n      type: 'unterminated\n`,
        `    ${name}:\n      - item\n      key: value\n`,
        `    ${name}:\n      type: string: other\n`,
        `    ${name}:\n      type: string\n      type: integer\n`,
        `    ${name}:\n      [a, b]: c\n      ? complex\n      : key\n`,
        `    ${name}: "unterminated\n`,
        `    ${name}:\n      description: |\n     bad indentation\n`,
      ]);
    case 'allOf':
      return indented(4, [
        `${name}:`, '  allOf:', `    - $ref: ${quoteYaml(ref(rnd))}`, '    - type: object', '      discriminator:',
        '        propertyName: kind', '        mapping:', `          a: ${quoteYaml(ref(rnd))}`,
      ]);
    case 'deep':
      return `    ${name}: ${deepFlow(rnd.int(10, scale.yamlFlowDepth), rnd)}\n`;
    case 'deepBlock':
      return `    ${name}:\n${deepBlock(Math.min(scale.depth, 300), 6)}`;
    case 'siblings': {
      const lines = [`    ${name}:\n      type: string\n      enum:\n`];
      for (let i = 0; i < scale.siblings; i++) lines.push(`        - v${i % 1000 === 0 ? 0 : i}\n`);
      return lines.join('');
    }
    case 'manyProperties': {
      const lines = [`    ${name}:\n      type: object\n      properties:\n`];
      for (let i = 0; i < scale.siblings; i++) lines.push(`        p${i}: {}\n`);
      return lines.join('');
    }
    case 'bigString':
      return `    ${name}:\n      type: string\n      description: "${bigString(scale, rnd)}"\n`;
    case 'bigKey':
      // A reference to a huge name plus one character: "did you mean" must not compare them at length.
      return indented(4, [`${'K'.repeat(scale.bigString)}:`, '  type: string', `${name}:`,
        `  $ref: '#/components/schemas/${'K'.repeat(scale.bigString)}x'`]);
    case 'bigRef':
      return `    ${name}:\n      $ref: '${' '.repeat(scale.bigString / 4)}#/components/schemas/Pet'\n`;
    default: {
      const lines = [`    ${name}:\n      type: string\n      description: |\n`];
      const line = 'line of a long block scalar '.repeat(3);
      for (let i = 0; i < scale.bigString / 100; i++) lines.push(`        ${line}${i}\n`);
      return lines.join('');
    }
  }
}

const YAML_HEAD = 'openapi: 3.0.3\ninfo:\n  title: Fuzz\n  version: 1.0.0\n';

function yamlPaths(rnd: Random): string {
  const parts = ['paths:\n'];
  for (let i = rnd.int(0, 3); i >= 0; i--) {
    const p = rnd.pick(['/pets/{id}', '/pets', '/owners/{ownerId}/pets/{id}', 'no-slash', '/ünï/{x}', '/pets/{id}/',
      '/a?b=c']);
    parts.push(indented(2, [
      `${quoteYaml(p)}:`, '  get:', `    operationId: ${word(rnd)}`, '    parameters:',
      "      - $ref: '#/components/parameters/Id'", `      - $ref: ${quoteYaml(ref(rnd))}`,
    ]));
    parts.push(indented(6, [
      'responses:', "  '200':", '    description: OK', '    content:', '      application/json:', '        schema:',
      `          $ref: ${quoteYaml(ref(rnd))}`,
    ]));
    if (rnd.chance(0.3)) parts.push(`        default: *resp\n`);
  }
  return parts.join('');
}

const YAML_COMPONENTS = indented(0, [
  'components:', '  parameters:', '    Id:', '      name: id', '      in: path', '      required: true',
  '      schema:', '        type: string', '  responses:', '    NotFound: &resp', '      description: Not found',
  '  schemas:', '    Pet:', '      type: object', '      properties:', '        name: {type: string}',
  "        owner: {$ref: './lib/schemas.yaml#/Pet'}",
]);

export interface DocumentOptions {
  /** Whether to include the large inputs: one schema with many siblings (or deep), one with a huge string. */
  big: boolean;
}

/** The kinds of a document's schema components: the large ones first when it is big, then small ones. */
function schemaKinds(rnd: Random, options: DocumentOptions, smallest: number, largest: number): SchemaKind[] {
  const small = Array.from({ length: rnd.int(smallest, largest) }, (): SchemaKind => 'small');
  return options.big ? ['wide', 'long', ...small] : small;
}

/** A hostile OpenAPI document in YAML. */
export function yamlDocument(rnd: Random, scale: Scale, options: DocumentOptions): string {
  const parts = [YAML_HEAD, yamlPaths(rnd), YAML_COMPONENTS];
  for (const kind of schemaKinds(rnd, options, 2, 8)) parts.push(yamlSchema(rnd, scale, kind));
  if (rnd.chance(0.3)) parts.push(`x-deep: ${deepFlow(rnd.int(10, scale.yamlFlowDepth), rnd)}\n`);
  return finish(parts.join(''), rnd);
}

/** Line ends, a BOM, a missing final line break, a cut: what the text looks like on the wire. */
function finish(text: string, rnd: Random): string {
  let out = withLineEnds(text, rnd.weighted<LineEnds>({ lf: 6, crlf: 2, cr: 1, mixed: 1 }));
  if (rnd.chance(0.1)) out = out.slice(0, rnd.int(0, out.length)); // a broken state: cut anywhere
  if (rnd.chance(0.15)) out = '\ufeff' + out;
  if (rnd.chance(0.1)) out = out.replace(/[\r\n]+$/, '');
  return out;
}

function jsonSchema(rnd: Random, scale: Scale, kind: SchemaKind): [string, unknown] {
  const name = word(rnd) + rnd.int(0, 99);
  const shapes = {
    small: ['object', 'ref', 'unicode', 'deep', 'allOf'], wide: ['siblings', 'manyKeys'], long: ['bigString'],
  };
  switch (rnd.pick(shapes[kind])) {
    case 'object':
      return [name, {
        type: 'object', required: ['id'],
        properties: { id: { type: 'integer' }, name: { type: 'string', example: word(rnd) } },
      }];
    case 'ref':
      return [name, { $ref: ref(rnd) }];
    case 'unicode':
      return ['Ünïcødé😀', { type: 'string', description: UNICODE.join(' ') }];
    case 'deep': {
      let value: unknown = { type: 'string' };
      // Pretty-printed, its indentation grows with the square of the depth (deeper JSON comes as x-deep, on one line).
      for (let i = Math.min(scale.depth, 200); i > 0; i--) value = { type: 'object', properties: { p: value } };
      return [name, value];
    }
    case 'allOf':
      return [name, { allOf: [{ $ref: ref(rnd) }, { type: 'object' }] }];
    case 'siblings':
      return [name, { type: 'integer', enum: Array.from({ length: scale.siblings }, (_, i) => i % 997) }];
    case 'manyKeys': {
      const many = Object.fromEntries(Array.from({ length: scale.siblings }, (_, i) => [`k${i}`, i]));
      return [name, { type: 'object', 'x-many': many }];
    }
    default:
      return [name, { type: 'string', description: bigString(scale, rnd) }];
  }
}

/** A hostile OpenAPI document in JSON (sometimes broken: a trailing comma, a cut, a deep array). */
export function jsonDocument(rnd: Random, scale: Scale, options: DocumentOptions): string {
  const pet = { type: 'object', properties: { name: { type: 'string' }, owner: { $ref: './lib/schemas.yaml#/Pet' } } };
  const schemas: Record<string, unknown> = { Pet: pet };
  for (const kind of schemaKinds(rnd, options, 1, 5)) {
    const [name, schema] = jsonSchema(rnd, scale, kind);
    schemas[name] = schema;
  }
  const doc = {
    openapi: '3.0.3',
    info: { title: 'Fuzz', version: '1.0.0' },
    paths: {
      '/pets/{id}': {
        get: {
          operationId: word(rnd),
          parameters: [{ $ref: '#/components/parameters/Id' }, { $ref: ref(rnd) }],
          responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: ref(rnd) } } } } },
        },
      },
    },
    components: { parameters: { Id: { name: 'id', in: 'path', required: true, schema: { type: 'string' } } }, schemas },
  };
  let text = JSON.stringify(doc, null, rnd.pick([0, 1, 2, '\t']));
  if (rnd.chance(0.2)) {
    // Opened and closed to different depths: sometimes unbalanced.
    const deep = '['.repeat(rnd.int(10, scale.depth)) + ']'.repeat(rnd.int(10, scale.depth));
    text = text.replace('"paths"', `"x-deep": ${deep}, "paths"`);
  }
  if (rnd.chance(0.1)) text = text.replace(/\}\s*$/, ',}');
  if (rnd.chance(0.1)) text = text.replace('"info"', "'info'");
  return finish(text, rnd);
}

/** A document for a full-text replacement or a new file: YAML or JSON by the path's extension. */
export function hostileDocument(filePath: string, rnd: Random, scale: Scale, options: DocumentOptions): string {
  return filePath.endsWith('.json') ? jsonDocument(rnd, scale, options) : yamlDocument(rnd, scale, options);
}

function chainFiles(length: number): WorkspaceFile[] {
  const files: WorkspaceFile[] = [];
  for (let i = 0; i < length; i++) {
    const body = i + 1 < length ? `S:\n  $ref: './c${i + 1}.yaml#/S'\n` : 'S:\n  type: string\n';
    files.push({ path: `chain/c${i}.yaml`, content: { text: body } });
  }
  return files;
}

const INVALID_UTF8 = Buffer.concat([
  Buffer.from('Bad:\n  type: string\n  description: "'), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xe2, 0x82]),
  Buffer.from('"\n'),
]);

/** The folder's files: three roots (two to open at the start) and everything they reference. */
export function hostileWorkspace(rnd: Random, scale: Scale): { files: WorkspaceFile[]; open: string[] } {
  const text = (t: string): FileContent => ({ text: t });
  const files: WorkspaceFile[] = [
    { path: 'root0.yaml', content: text(yamlDocument(rnd, scale, { big: true })) },
    { path: 'root1.json', content: text(jsonDocument(rnd, scale, { big: true })) },
    { path: 'root2.yaml', content: text(yamlDocument(rnd, scale, { big: false })) },
    {
      path: 'lib/schemas.yaml',
      content: text(
        "Pet:\n  type: object\n  properties:\n    tree: {$ref: '#/Tree'}\n" +
          "    common: {$ref: './common.json#/Common'}\n" +
          "Tree:\n  type: object\n  properties:\n    children:\n      type: array\n      items: {$ref: '#/Tree'}\n" +
          "Back:\n  $ref: '../root0.yaml#/components/schemas/Pet'\nNext:\n  $ref: '../chain/c1.yaml#/S'\n",
      ),
    },
    {
      path: 'lib/common.json',
      content: text('{\n  "Common": {"type": "string", "x-u": "\\u00e9\\ud83d\\ude00"},\n' +
        '  "Limit": {"name": "limit", "in": "query", "schema": {"type": "integer"}}\n}\n'),
    },
    ...chainFiles(scale.chain),
    { path: 'cycle/a.yaml', content: text("A:\n  $ref: './b.yaml#/B'\n") },
    { path: 'cycle/b.yaml', content: text("B:\n  $ref: './c.yaml#/C'\n") },
    { path: 'cycle/c.yaml', content: text("C:\n  $ref: './a.yaml#/A'\n") },
    { path: 'pipe.yaml', content: { fifo: true } },
    { path: 'loop.yaml', content: { symlink: 'loop.yaml' } },
    { path: 'bad-utf8.yaml', content: { base64: INVALID_UTF8.toString('base64') } },
    { path: 'bom.json', content: text('\ufeff{"Bom": {"type": "string"}}') },
    {
      path: 'crlf.yaml',
      content: text('Crlf:\r\n  type: object\r\n  properties:\r\n    a: {$ref: "./cr.yaml#/Cr"}\r\n'),
    },
    { path: 'cr.yaml', content: text('Cr:\r  type: string\r  description: only CR\r') },
    { path: 'tabs.yaml', content: text('Tabs:\n\ttype: string\n') },
  ];
  const open = rnd.chance(0.5) ? ['root0.yaml', 'root1.json'] : ['root0.yaml', 'root1.json', 'lib/schemas.yaml'];
  return { files, open };
}

/** Lines a user might paste into a YAML document (indentation is added by the paster). */
export function yamlSnippet(rnd: Random): string[] {
  return rnd.pick([
    [`$ref: ${quoteYaml(ref(rnd))}`],
    ['type: object', 'properties:', '  a:', `    $ref: ${quoteYaml(ref(rnd))}`],
    [`${word(rnd)}:`, '  type: string'],
    ['- $ref: ' + quoteYaml(ref(rnd))],
    [`x-anchor: &a${rnd.int(0, 3)} {type: string}`, `x-alias: *a${rnd.int(0, 3)}`],
    ['<<: *base'],
    [`${word(rnd)}: !!str ${word(rnd)}`],
    ['{a: [b, {c: d}]}'],
    ['get:', '  responses:', "    '200':", '      description: OK'],
    ['required: [id, name]'],
    ['enum: [1, "2", three]'],
    ["'unterminated"],
    ['- item', 'key: value'],
    ['description: |', '  block', '    more'],
    ['\ttabbed: 1'],
    ['# a comment $ref: ./x.yaml'],
    [`${word(rnd)}: ${UNICODE.join('')}`],
    ['openapi: 3.0.3'],
    ['? complex', ': key'],
    ['%YAML 1.2', '---'],
    ['...'],
  ]);
}

/** Text a user might paste into a JSON document. */
export function jsonSnippet(rnd: Random): string {
  return rnd.pick([
    `"$ref": ${JSON.stringify(ref(rnd))}`,
    `{"$ref": ${JSON.stringify(ref(rnd))}}`,
    `"${word(rnd)}": {"type": "string"},`,
    '"type": "object", "properties": {}',
    '[1, 2, 3]',
    '"unterminated',
    '}',
    '{',
    ',',
    '"\\ud800"',
    `"${UNICODE.join('')}"`,
    '// comment',
  ]);
}
