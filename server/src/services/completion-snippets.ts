// The text completion inserts: a key, a field with its value as a snippet, a value, written as the
// document's format writes them. Shared by the 3.0 and the Swagger 2.0 completions.
import { SourceDocument } from '../model/documents';
import { FieldSpec } from '../model/spec';
import { yamlScalar } from '../syntax/edit';
import { CursorContext } from './cursor';

export function keyText(doc: SourceDocument, key: string): string {
  if (doc.format === 'json') return `${JSON.stringify(key)}: `;
  return `${yamlScalar(key)}: `;
}

/** `$`, `}` and `\\` are snippet syntax: written literally, they are escaped. */
export function snippetText(text: string): string {
  return text.replace(/[$}\\]/g, (c) => `\\${c}`);
}

/**
 * A field name and its value as a snippet, the cursor where the value goes: `description: ${1}`,
 * a nested block for objects and lists (YAML), `"name": "${1}"` for a JSON string. The editor
 * replaces tabs with the file's indentation.
 */
export function fieldSnippet(doc: SourceDocument, name: string, field: FieldSpec, flow: boolean): string {
  const boolean = field.shape === 'scalar' && field.scalar === 'boolean';
  if (doc.format === 'json') {
    const key = snippetText(JSON.stringify(name));
    if (boolean) return `${key}: \${1|true,false|}`;
    if (field.shape === 'scalar' && field.scalar === 'string') return `${key}: "\${1}"`;
    if (field.shape === 'array') return `${key}: [\${1}]`;
    if (field.shape === 'object' || field.shape === 'map') return `${key}: {\${1}}`;
    return `${key}: \${1}`;
  }
  const key = snippetText(yamlScalar(name));
  if (boolean) return `${key}: \${1|true,false|}`;
  if (flow || field.shape === 'scalar') return `${key}: \${1}`;
  if (field.shape === 'array') return `${key}:\n\t- \${1}`;
  return `${key}:\n\t\${1}`;
}

export function valueText(doc: SourceDocument, value: string): string {
  if (doc.format === 'json') return JSON.stringify(value);
  return yamlScalar(value);
}

export function presentKeys(context: CursorContext): Set<string> {
  return new Set(context.object?.children?.map((c) => String(c.key)).filter((k) => k !== context.key) ?? []);
}
