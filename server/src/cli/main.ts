// `openapi-check [--format text|json|sarif] [--config FILE] FILE...`
// Exit codes: 0 no error-level finding, 1 some, 2 usage or unreadable input.
import * as fs from 'fs';
import * as path from 'path';
import { parse as parseYamlValue } from 'yaml';
import { DocumentStore } from '../model/documents';
import { checkDocument } from '../check/checker';
import { Config, EMPTY_CONFIG, findConfigFile, readConfig } from '../check/config';
import { RULE_IDS, RULES } from '../rules/index';
import { LineIndex } from '../syntax/line-index';
import { displayPath, Finding, toFinding } from './findings';
import { nodeFiles } from './node-files';
import { formatJson, formatSarif, formatText } from './output';

declare const PRODUCT_VERSION: string;
const VERSION = typeof PRODUCT_VERSION === 'string' ? PRODUCT_VERSION : '0.0.0';

const USAGE = `Usage: openapi-check [--format text|json|sarif] [--config FILE] FILE...

Checks OpenAPI 3.0 description documents (YAML or JSON) and the files they reference.

Options:
  --format text|json|sarif  output format (default: text)
  --config FILE             configuration file (default: the nearest .openapi-check.json,
                            .openapi-check.yaml or .openapi-check.yml above each file)
  --help                    show this help
  --version                 show the version

Exit codes: 0 no error-level finding, 1 some, 2 usage or unreadable input.
`;

interface Io {
  out(text: string): void;
  err(text: string): void;
  cwd: string;
}

type Format = 'text' | 'json' | 'sarif';

class UsageError extends Error {}

function parseArgs(argv: string[]): { format: Format; configFile?: string; files: string[]; help: boolean; version: boolean } {
  let format: Format = 'text';
  let configFile: string | undefined;
  const files: string[] = [];
  let help = false;
  let version = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (name: string) => {
      const eq = arg.indexOf('=');
      if (eq >= 0) return arg.slice(eq + 1);
      if (i + 1 >= argv.length) throw new UsageError(`${name} needs a value.`);
      return argv[++i];
    };
    if (arg === '--help' || arg === '-h') help = true;
    else if (arg === '--version') version = true;
    else if (arg === '--format' || arg.startsWith('--format=') || arg === '-f') {
      const v = value('--format');
      if (v !== 'text' && v !== 'json' && v !== 'sarif') throw new UsageError(`Unknown format "${v}": use text, json or sarif.`);
      format = v;
    } else if (arg === '--config' || arg.startsWith('--config=') || arg === '-c') configFile = value('--config');
    else if (arg === '--') files.push(...argv.slice(i + 1)), (i = argv.length);
    else if (arg.startsWith('-') && arg !== '-') throw new UsageError(`Unknown option ${arg}.`);
    else files.push(arg);
  }
  return { format, configFile, files, help, version };
}

function loadConfig(file: string, io: Io): Config | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    io.err(`openapi-check: cannot read the configuration ${file}: ${(e as Error).message}\n`);
    return undefined;
  }
  let value: unknown;
  try {
    value = file.endsWith('.json') ? JSON.parse(text) : parseYamlValue(text);
  } catch (e) {
    io.err(`openapi-check: the configuration ${file} is not valid ${file.endsWith('.json') ? 'JSON' : 'YAML'}: ${(e as Error).message}\n`);
    return undefined;
  }
  const { config, problems } = readConfig(value, RULE_IDS, file);
  for (const p of problems) io.err(`openapi-check: ${file}: ${p.message}\n`);
  return config;
}

export function run(argv: string[], io: Io): number {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.err(`openapi-check: ${e.message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    io.out(USAGE);
    return 0;
  }
  if (args.version) {
    io.out(VERSION + '\n');
    return 0;
  }
  if (args.files.length === 0) {
    io.err(`openapi-check: no file to check.\n\n${USAGE}`);
    return 2;
  }
  let fixedConfig: Config | undefined;
  if (args.configFile) {
    fixedConfig = loadConfig(path.resolve(io.cwd, args.configFile), io);
    if (!fixedConfig) return 2;
  }
  const configs = new Map<string, Config>();
  const configFor = (file: string): Config => {
    if (fixedConfig) return fixedConfig;
    const found = findConfigFile(path.dirname(file), (f) => fs.existsSync(f), path.join, path.dirname);
    if (!found) return EMPTY_CONFIG;
    let config = configs.get(found);
    if (!config) configs.set(found, (config = loadConfig(found, io) ?? EMPTY_CONFIG));
    return config;
  };

  const store = new DocumentStore(nodeFiles);
  const given = new Map<string, string>();
  for (const file of args.files) given.set(path.resolve(io.cwd, file), file);
  const findings: Finding[] = [];
  const seen = new Set<string>();
  let unreadable = false;
  let crashed = false;
  for (const file of args.files) {
    const absolute = path.resolve(io.cwd, file);
    const result = checkDocument(store, absolute, { rules: RULES, config: configFor(absolute) });
    const failure = result.loadFailure;
    if (failure) {
      if (failure.reason === 'binary' || failure.reason === 'encoding') {
        // Readable, but not text: a finding at the first bad byte, like any syntax error.
        const position = failure.reason === 'encoding' ? bytePosition(absolute, failure.offset) : { line: 0, character: 0 };
        findings.push({ file, rule: 'syntax', severity: 'error', message: failure.message.replace(absolute, file), range: { start: position, end: position } });
      } else {
        io.err(`openapi-check: cannot check ${file}: ${failure.message.replace(absolute, file)}\n`);
        unreadable = true;
      }
      continue;
    }
    for (const crash of result.crashes) {
      crashed = true;
      io.err(`openapi-check: internal error in rule ${crash.rule} at ${crash.where}:\n${crash.error}\n`);
    }
    for (const d of result.diagnostics) {
      const finding = toFinding(d, displayPath(d.doc.path, given, io.cwd));
      // A file referenced from several checked roots reports each finding once.
      const key = JSON.stringify(finding);
      if (seen.has(key)) continue;
      seen.add(key);
      findings.push(finding);
    }
  }
  if (args.format === 'json') io.out(formatJson(findings));
  else if (args.format === 'sarif') io.out(formatSarif(findings, RULES, VERSION));
  else io.out(formatText(findings, args.files.length));
  if (unreadable) return 2;
  return findings.some((f) => f.severity === 'error') || crashed ? 1 : 0;
}

/** Line and column of a byte offset in a file that is not valid UTF-8. */
function bytePosition(file: string, byteOffset: number): { line: number; character: number } {
  try {
    const prefix = new TextDecoder('utf-8').decode(fs.readFileSync(file).subarray(0, byteOffset));
    const lines = new LineIndex(prefix);
    return lines.positionAt(prefix.length);
  } catch {
    return { line: 0, character: 0 };
  }
}

if (require.main === module) {
  const code = run(process.argv.slice(2), {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    cwd: process.cwd(),
  });
  // Let stdout drain before exiting (large JSON/SARIF output to a pipe).
  process.stdout.write('', () => process.exit(code));
}
