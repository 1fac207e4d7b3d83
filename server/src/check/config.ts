// The configuration file: rule severities and options, found by walking up from a document.
import type { RemotePolicy } from '../io/remote-policy';
import { Severity, SEVERITIES } from './types';

export type RuleSetting = Severity | 'off';

export interface RuleConfig {
  severity?: RuleSetting;
  options: Record<string, unknown>;
}

export interface Config {
  rules: Map<string, RuleConfig>;
  /** `remoteRefs`: which hosts remote `$ref`s may be fetched from, and how (the front end reads it; rules do not). */
  remoteRefs?: RemotePolicy;
  /** Where it came from, for messages. */
  source?: string;
}

export const CONFIG_FILE_NAMES = ['.openapi-check.json', '.openapi-check.yaml', '.openapi-check.yml'];

export const EMPTY_CONFIG: Config = { rules: new Map() };

export interface ConfigProblem {
  message: string;
}

/**
 * Reads `{ "rules": { "<id>": "off" | "<severity>" | ["<severity>", { options }] | { "severity", "options" } } }`.
 * Unknown rule ids and bad severities are problems, not crashes.
 */
export function readConfig(value: unknown, knownRules: ReadonlySet<string>, source?: string): { config: Config; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const rules = new Map<string, RuleConfig>();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { config: { rules, source }, problems: [{ message: 'The configuration must be an object with a `rules` map.' }] };
  }
  const raw = (value as { rules?: unknown }).rules ?? {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    problems.push({ message: '`rules` must map rule ids to a severity.' });
    return { config: { rules, source }, problems };
  }
  for (const [id, setting] of Object.entries(raw as Record<string, unknown>)) {
    if (!knownRules.has(id)) {
      problems.push({ message: `Unknown rule id \`${id}\`.` });
      continue;
    }
    let severity: unknown;
    let options: unknown = {};
    if (Array.isArray(setting)) [severity, options = {}] = setting;
    else if (typeof setting === 'object' && setting !== null) ({ severity, options = {} } = setting as { severity?: unknown; options?: unknown });
    else severity = setting;
    if (severity !== undefined && severity !== 'off' && !SEVERITIES.includes(severity as Severity)) {
      problems.push({ message: `Rule \`${id}\`: severity must be one of off, ${SEVERITIES.join(', ')}.` });
      continue;
    }
    if (typeof options !== 'object' || options === null || Array.isArray(options)) {
      problems.push({ message: `Rule \`${id}\`: options must be an object.` });
      options = {};
    }
    rules.set(id, { severity: severity as RuleSetting | undefined, options: options as Record<string, unknown> });
  }
  return { config: { rules, source }, problems };
}

/** The nearest configuration file from `startDir` up to the file system root. */
export function findConfigFile(startDir: string, exists: (file: string) => boolean, join: (dir: string, name: string) => string, parent: (dir: string) => string): string | undefined {
  let dir = startDir;
  for (;;) {
    for (const name of CONFIG_FILE_NAMES) {
      const candidate = join(dir, name);
      if (exists(candidate)) return candidate;
    }
    const up = parent(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}
