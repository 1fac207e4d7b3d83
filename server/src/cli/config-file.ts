// Reading a configuration file (`.openapi-check.json/.yaml/.yml`) as a value: the checks read its
// `rules`, the diff its `diff` section. Problems go to stderr, never a crash.
import * as fs from 'fs';
import { parse as parseYamlValue } from 'yaml';

export function readConfigValue(file: string, err: (text: string) => void): { value: unknown } | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    err(`openapi-check: cannot read the configuration ${file}: ${(e as Error).message}\n`);
    return undefined;
  }
  try {
    return { value: file.endsWith('.json') ? JSON.parse(text) : parseYamlValue(text) };
  } catch (e) {
    err(
      `openapi-check: the configuration ${file} is not valid ${file.endsWith('.json') ? 'JSON' : 'YAML'}: ${(e as Error).message}\n`,
    );
    return undefined;
  }
}
