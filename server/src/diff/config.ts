// The `diff` section of the configuration file (`.openapi-check.json/.yaml`, the one the checks
// read their `rules` from): a level per change kind, or `off`.
//   { "diff": { "operation-id-changed": "warning", "parameter-added": "off" } }
import { DIFF_LEVELS, DiffLevel } from './types';

export type KindSetting = DiffLevel | 'off';

export interface DiffConfig {
  levels: Map<string, KindSetting>;
}

export const EMPTY_DIFF_CONFIG: DiffConfig = { levels: new Map() };

/** Reads the `diff` section of a configuration value; unknown ids and bad levels are problems, not crashes. */
export function readDiffConfig(
  value: unknown,
  knownKinds: ReadonlySet<string>,
): { config: DiffConfig; problems: string[] } {
  const levels = new Map<string, KindSetting>();
  const problems: string[] = [];
  const section =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as { diff?: unknown }).diff
      : undefined;
  if (section === undefined) return { config: { levels }, problems };
  if (typeof section !== 'object' || section === null || Array.isArray(section)) {
    return { config: { levels }, problems: ['`diff` must map change kinds to a level.'] };
  }
  for (const [id, setting] of Object.entries(section as Record<string, unknown>)) {
    if (!knownKinds.has(id)) problems.push(`Unknown change kind \`${id}\`.`);
    else if (setting !== 'off' && !DIFF_LEVELS.includes(setting as DiffLevel))
      problems.push(`Change kind \`${id}\`: level must be one of off, ${DIFF_LEVELS.join(', ')}.`);
    else levels.set(id, setting as KindSetting);
  }
  return { config: { levels }, problems };
}
