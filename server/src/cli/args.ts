// The command line: `openapi-check [options] FILE|GLOB...`, `openapi-check bundle ROOT [...]`,
// `openapi-check convert IN [...]` and `openapi-check diff BASE NEW [...]`.
import { Severity, SEVERITIES } from '../check/types';
import { normalHost } from '../io/remote-policy';

export const FORMATS = ['text', 'json', 'sarif', 'github', 'junit', 'codeclimate'] as const;
export type Format = (typeof FORMATS)[number];

export const DIFF_FORMATS = ['text', 'json', 'github', 'sarif', 'junit', 'markdown'] as const;
export type DiffFormat = (typeof DIFF_FORMATS)[number];
export const FAIL_ON = ['breaking', 'warning', 'none'] as const;
export type FailOn = (typeof FAIL_ON)[number];

export const USAGE = `Usage: openapi-check [options] FILE|GLOB...
       openapi-check bundle ROOT [-o OUT] [--format yaml|json] [--dereference] [--allow-remote HOST]
       openapi-check convert IN [-o OUT] [--format yaml|json]
       openapi-check docs ROOT [-o FILE.html] [--allow-remote HOST] [--offline]
       openapi-check diff BASE NEW [--format FORMAT] [--fail-on breaking|warning|none]
       openapi-check merge REPORT... [-o OUT]

Checks OpenAPI 3.0 description documents (YAML or JSON) and the files they reference. Quoted globs
('apis/**/*.yaml') are expanded by openapi-check; files they match that are not OpenAPI documents
are skipped.

Options:
  -f, --format FORMAT       text (default), json, sarif, github (workflow annotations), junit,
                            codeclimate (GitLab code quality)
  -o, --output FILE         write the report to FILE; the summary still goes to the terminal
  -c, --config FILE         configuration file (default: the nearest .openapi-check.json,
                            .openapi-check.yaml or .openapi-check.yml above each file)
  --severity LEVEL          report only findings of LEVEL or above: error, warning, information, hint
  --max-warnings N          fail when more than N warnings are reported
  --baseline FILE           report only findings that are not in FILE
  --write-baseline FILE     record the current findings in FILE (and report nothing)
  --fix                     apply every safe fix in place, print what changed, report what is left
  --fix-dry-run             print the fixes as a unified diff and change nothing
  -j, --jobs N              check files in N worker processes (default: the number of cores)
  --shard I/N               check the I-th of N shares of the inputs (1 <= I <= N), for a CI
                            matrix: each file is in exactly one share, by a hash of its path
                            relative to the current folder; \`openapi-check merge\` joins the reports
  --allow-remote HOST[:PORT]
                            fetch remote $refs (http and https URLs) from HOST, as remoteRefs.allow
                            in the configuration does; repeatable. Other hosts are never asked
  --offline                 fetch nothing: remote $refs of allowed hosts are read from the cache of
                            earlier runs
  -h, --help                show this help
  --version                 show the version

bundle: writes ROOT as one document: external $refs become components (names kept, clashes
suffixed), local $refs stay. -o OUT (default: standard output), --format yaml|json (default: OUT's
extension, else ROOT's), --dereference inlines every $ref that is not part of a cycle. Remote
targets are bundled like local ones from the hosts --allow-remote or the configuration allow
(--offline: from the cache).

docs: writes ROOT's documentation as one HTML page that needs nothing else: Swagger UI and the
bundled document (as bundle writes it) are inside it, it follows the reader's light or dark
setting, and it loads nothing from the network (Try it out is off). -o FILE.html (default: standard
output); remote targets as for bundle.

convert: writes the Swagger 2.0 document IN as OpenAPI 3.0.3, keeping its order and comments. The
files IN references are converted too and written beside OUT at the same relative paths (-o is
needed then). Notes on what could not be converted faithfully go to standard error (and into YAML
output as comments). -o OUT (default: standard output), --format yaml|json (default: OUT's
extension, else IN's). Exit code 2 when IN cannot be read or is not a Swagger 2.0 document.

diff: the changes from BASE to NEW that can break clients, and the others, with places on both
sides. BASE and NEW are root documents, or REF:PATH for PATH as committed at the git revision REF
(HEAD:openapi.yaml, origin/main:api/openapi.yaml) of the repository holding the current folder.
--format text (default), json, github, sarif, junit, markdown (a changelog for a pull request);
--fail-on breaking (default), warning or none: exit 1 when a change of that level or above is
found. Also -o OUT, -c CONFIG (its "diff" section sets levels), --baseline, --write-baseline.

merge: joins the json, sarif or junit reports of the shards of one run (--shard) into one report
of that format, each finding once (a file two shards' descriptions reference is reported by both).
-o OUT (default: standard output).

Exit codes: 0 no error-level finding, 1 some (or more warnings than --max-warnings), 2 usage error
or an input that could not be checked (unreadable, or too large for the memory Node.js has).
`;

export class UsageError extends Error {}

export interface CheckOptions {
  command: 'check';
  format: Format;
  output?: string;
  configFile?: string;
  severity?: Severity;
  maxWarnings?: number;
  baseline?: string;
  writeBaseline?: string;
  fix: boolean;
  fixDryRun: boolean;
  jobs?: number;
  /** --shard I/N: check only this share of the inputs. */
  shard?: { index: number; count: number };
  /** Hosts (`host` or `host:port`) remote `$ref`s may be fetched from, besides the configuration's. */
  allowRemote: string[];
  offline: boolean;
  inputs: string[];
}

export interface BundleOptions {
  command: 'bundle';
  root: string;
  out?: string;
  format?: 'yaml' | 'json';
  dereference: boolean;
  allowRemote: string[];
  offline: boolean;
}

export interface DocsOptions {
  command: 'docs';
  root: string;
  out?: string;
  allowRemote: string[];
  offline: boolean;
}

export interface ConvertOptions {
  command: 'convert';
  input: string;
  out?: string;
  format?: 'yaml' | 'json';
}

export interface DiffOptions {
  command: 'diff';
  base: string;
  new: string;
  format: DiffFormat;
  failOn: FailOn;
  output?: string;
  configFile?: string;
  baseline?: string;
  writeBaseline?: string;
}

export interface MergeOptions {
  command: 'merge';
  reports: string[];
  out?: string;
}

export type Options = CheckOptions | BundleOptions | DocsOptions | ConvertOptions | DiffOptions | MergeOptions | { command: 'help' } | { command: 'version' };

/** Reads `--name value`, `--name=value` or `-n value` at argv[i]; returns the value and the next index. */
class ArgReader {
  i = 0;
  constructor(private readonly argv: string[]) {}
  get done(): boolean {
    return this.i >= this.argv.length;
  }
  next(): string {
    return this.argv[this.i++];
  }
  /** Whether the argument is the option (one of its names, or `--name=...`). */
  is(arg: string, ...names: string[]): boolean {
    return names.some((n) => arg === n || (n.startsWith('--') && arg.startsWith(n + '=')));
  }
  value(arg: string, name: string): string {
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    if (eq >= 0) return arg.slice(eq + 1);
    if (this.done) throw new UsageError(`${name} needs a value.`);
    return this.next();
  }
  rest(): string[] {
    const rest = this.argv.slice(this.i);
    this.i = this.argv.length;
    return rest;
  }
}

function positiveInteger(text: string, name: string, min: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min) throw new UsageError(`${name} needs a whole number${min > 0 ? ' of at least ' + min : ''}, not "${text}".`);
  return n;
}

/** `I/N`, 1 <= I <= N. */
function shard(text: string): { index: number; count: number } {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const index = match ? Number(match[1]) : NaN;
  const count = match ? Number(match[2]) : NaN;
  if (!match || count < 1 || index < 1 || index > count) {
    throw new UsageError(`--shard takes I/N with 1 <= I <= N (1/4 is the first of four shares), not "${text}".`);
  }
  return { index, count };
}

function parseMergeArgs(argv: string[]): Options {
  const reader = new ArgReader(argv);
  const options: MergeOptions = { command: 'merge', reports: [] };
  while (!reader.done) {
    const arg = reader.next();
    if (reader.is(arg, '--help', '-h')) return { command: 'help' };
    else if (reader.is(arg, '--output', '-o')) options.out = reader.value(arg, '--output');
    else if (arg === '--') options.reports.push(...reader.rest());
    else if (arg.startsWith('-')) throw new UsageError(`Unknown option ${arg} for merge.`);
    else options.reports.push(arg);
  }
  if (options.reports.length === 0) throw new UsageError('merge takes the reports to join (json, sarif or junit).');
  return options;
}

function allowedHost(text: string): string {
  const host = normalHost(text);
  if (!host) throw new UsageError(`--allow-remote takes a host or host:port (schemas.example.com, 127.0.0.1:8080), not "${text}".`);
  return host;
}

export function parseArgs(argv: string[]): Options {
  if (argv[0] === 'bundle') return parseBundleArgs(argv.slice(1));
  if (argv[0] === 'convert') return parseConvertArgs(argv.slice(1));
  if (argv[0] === 'docs') return parseDocsArgs(argv.slice(1));
  if (argv[0] === 'diff') return parseDiffArgs(argv.slice(1));
  if (argv[0] === 'merge') return parseMergeArgs(argv.slice(1));
  const reader = new ArgReader(argv);
  const options: CheckOptions = { command: 'check', format: 'text', fix: false, fixDryRun: false, allowRemote: [], offline: false, inputs: [] };
  while (!reader.done) {
    const arg = reader.next();
    if (reader.is(arg, '--help', '-h')) return { command: 'help' };
    else if (reader.is(arg, '--version')) return { command: 'version' };
    else if (reader.is(arg, '--format', '-f')) {
      const v = reader.value(arg, '--format');
      if (!(FORMATS as readonly string[]).includes(v)) throw new UsageError(`Unknown format "${v}": use ${FORMATS.join(', ')}.`);
      options.format = v as Format;
    } else if (reader.is(arg, '--output', '-o')) options.output = reader.value(arg, '--output');
    else if (reader.is(arg, '--config', '-c')) options.configFile = reader.value(arg, '--config');
    else if (reader.is(arg, '--severity')) {
      const v = reader.value(arg, '--severity');
      if (!(SEVERITIES as readonly string[]).includes(v)) throw new UsageError(`Unknown severity "${v}": use ${SEVERITIES.join(', ')}.`);
      options.severity = v as Severity;
    } else if (reader.is(arg, '--max-warnings')) options.maxWarnings = positiveInteger(reader.value(arg, '--max-warnings'), '--max-warnings', 0);
    else if (reader.is(arg, '--baseline')) options.baseline = reader.value(arg, '--baseline');
    else if (reader.is(arg, '--write-baseline')) options.writeBaseline = reader.value(arg, '--write-baseline');
    else if (reader.is(arg, '--fix')) options.fix = true;
    else if (reader.is(arg, '--fix-dry-run')) options.fixDryRun = true;
    else if (reader.is(arg, '--jobs', '-j')) options.jobs = positiveInteger(reader.value(arg, '--jobs'), '--jobs', 1);
    else if (reader.is(arg, '--shard')) options.shard = shard(reader.value(arg, '--shard'));
    else if (reader.is(arg, '--allow-remote')) options.allowRemote.push(allowedHost(reader.value(arg, '--allow-remote')));
    else if (reader.is(arg, '--offline')) options.offline = true;
    else if (arg === '--') options.inputs.push(...reader.rest());
    else if (arg.startsWith('-') && arg !== '-') throw new UsageError(`Unknown option ${arg}.`);
    else options.inputs.push(arg);
  }
  if (options.fix && options.fixDryRun) throw new UsageError('Use one of --fix and --fix-dry-run.');
  if (options.baseline && options.writeBaseline) throw new UsageError('Use one of --baseline and --write-baseline.');
  if (options.inputs.length === 0) throw new UsageError('No file to check.');
  return options;
}

function parseBundleArgs(argv: string[]): Options {
  const reader = new ArgReader(argv);
  const roots: string[] = [];
  const options: Omit<BundleOptions, 'root'> = { command: 'bundle', dereference: false, allowRemote: [], offline: false };
  while (!reader.done) {
    const arg = reader.next();
    if (reader.is(arg, '--help', '-h')) return { command: 'help' };
    else if (reader.is(arg, '--output', '-o')) options.out = reader.value(arg, '--output');
    else if (reader.is(arg, '--format', '-f')) {
      const v = reader.value(arg, '--format');
      if (v !== 'yaml' && v !== 'json') throw new UsageError(`bundle writes yaml or json, not "${v}".`);
      options.format = v;
    } else if (reader.is(arg, '--dereference')) options.dereference = true;
    else if (!remoteOption(reader, arg, options)) otherArgument(arg, 'bundle', roots);
  }
  return { ...options, root: oneRoot(roots, 'bundle') };
}

/** `--allow-remote HOST` or `--offline` into `options`; false for any other argument. */
function remoteOption(reader: ArgReader, arg: string, options: { allowRemote: string[]; offline: boolean }): boolean {
  if (reader.is(arg, '--allow-remote')) options.allowRemote.push(allowedHost(reader.value(arg, '--allow-remote')));
  else if (reader.is(arg, '--offline')) options.offline = true;
  else return false;
  return true;
}

/** An argument no option took: an unknown option is a usage error, anything else a root. */
function otherArgument(arg: string, command: string, roots: string[]): void {
  if (arg.startsWith('-') && arg !== '-') throw new UsageError(`Unknown option ${arg} for ${command}.`);
  roots.push(arg);
}

function oneRoot(roots: readonly string[], command: string): string {
  if (roots.length !== 1) throw new UsageError(`${command} takes one root document${roots.length ? `, not ${roots.length}` : ''}.`);
  return roots[0];
}

function parseDocsArgs(argv: string[]): Options {
  const reader = new ArgReader(argv);
  const roots: string[] = [];
  const options: Omit<DocsOptions, 'root'> = { command: 'docs', allowRemote: [], offline: false };
  while (!reader.done) {
    const arg = reader.next();
    if (reader.is(arg, '--help', '-h')) return { command: 'help' };
    else if (reader.is(arg, '--output', '-o')) options.out = reader.value(arg, '--output');
    else if (!remoteOption(reader, arg, options)) otherArgument(arg, 'docs', roots);
  }
  return { ...options, root: oneRoot(roots, 'docs') };
}

function parseConvertArgs(argv: string[]): Options {
  const reader = new ArgReader(argv);
  const inputs: string[] = [];
  const options: Omit<ConvertOptions, 'input'> = { command: 'convert' };
  while (!reader.done) {
    const arg = reader.next();
    if (reader.is(arg, '--help', '-h')) return { command: 'help' };
    else if (reader.is(arg, '--output', '-o')) options.out = reader.value(arg, '--output');
    else if (reader.is(arg, '--format', '-f')) {
      const v = reader.value(arg, '--format');
      if (v !== 'yaml' && v !== 'json') throw new UsageError(`convert writes yaml or json, not "${v}".`);
      options.format = v;
    } else if (arg === '--') inputs.push(...reader.rest());
    else if (arg.startsWith('-') && arg !== '-') throw new UsageError(`Unknown option ${arg} for convert.`);
    else inputs.push(arg);
  }
  if (inputs.length !== 1) throw new UsageError(`convert takes one Swagger 2.0 document${inputs.length ? `, not ${inputs.length}` : ''}.`);
  if (inputs[0] === '-') throw new UsageError('convert reads a file, not standard input: the files it references are found beside it.');
  return { ...options, input: inputs[0] };
}

function parseDiffArgs(argv: string[]): Options {
  const reader = new ArgReader(argv);
  const sides: string[] = [];
  const options: Omit<DiffOptions, 'base' | 'new'> = { command: 'diff', format: 'text', failOn: 'breaking' };
  while (!reader.done) {
    const arg = reader.next();
    if (reader.is(arg, '--help', '-h')) return { command: 'help' };
    else if (reader.is(arg, '--format', '-f')) {
      const v = reader.value(arg, '--format');
      if (!(DIFF_FORMATS as readonly string[]).includes(v)) throw new UsageError(`Unknown format "${v}" for diff: use ${DIFF_FORMATS.join(', ')}.`);
      options.format = v as DiffFormat;
    } else if (reader.is(arg, '--fail-on')) {
      const v = reader.value(arg, '--fail-on');
      if (!(FAIL_ON as readonly string[]).includes(v)) throw new UsageError(`--fail-on takes ${FAIL_ON.join(', ')}, not "${v}".`);
      options.failOn = v as FailOn;
    } else if (reader.is(arg, '--output', '-o')) options.output = reader.value(arg, '--output');
    else if (reader.is(arg, '--config', '-c')) options.configFile = reader.value(arg, '--config');
    else if (reader.is(arg, '--baseline')) options.baseline = reader.value(arg, '--baseline');
    else if (reader.is(arg, '--write-baseline')) options.writeBaseline = reader.value(arg, '--write-baseline');
    else if (arg === '--') sides.push(...reader.rest());
    else if (arg.startsWith('-')) throw new UsageError(`Unknown option ${arg} for diff.`);
    else sides.push(arg);
  }
  if (sides.length !== 2) throw new UsageError(`diff takes two documents, BASE and NEW${sides.length ? `, not ${sides.length}` : ''}.`);
  if (options.baseline && options.writeBaseline) throw new UsageError('Use one of --baseline and --write-baseline.');
  return { ...options, base: sides[0], new: sides[1] };
}
