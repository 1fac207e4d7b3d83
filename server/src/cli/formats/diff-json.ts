// The JSON contract of a diff: an array of { id, level, message, base?, new?, operation? }, each
// side { file, range } with the checker's 0-based LSP ranges.
import { DiffFinding, DiffPlace } from '../diff-findings';

const side = (place: DiffPlace) => ({ file: place.file, range: place.range });

export function formatDiffJson(findings: readonly DiffFinding[]): string {
  const changes = findings.map((f) => ({
    id: f.id,
    level: f.level,
    message: f.message,
    ...(f.base ? { base: side(f.base) } : {}),
    ...(f.new ? { new: side(f.new) } : {}),
    ...(f.operation ? { operation: f.operation } : {}),
  }));
  return JSON.stringify(changes, null, 2) + '\n';
}
