// Changes as the CLI reports them: each side's place as a file name and a 0-based LSP range (the
// checker's findings' ranges), and the same change seen as a finding, so the checker's GitHub,
// SARIF, JUnit and baseline code serve the diff too. Plain data.
import { Severity } from '../check/types';
import { Change, DiffLevel, Place } from '../diff/types';
import { nodeAt } from '../services/node-at';
import { Position } from '../syntax/line-index';
import { Finding } from './findings';

export interface DiffPlace {
  /** How the report names the file: as given, relative to the current folder, or `REF:path`. */
  file: string;
  /** The absolute path of the file (at its revision, for a committed file). */
  path: string;
  /** JSON Pointer of the node the place starts in. */
  pointer: string;
  range: { start: Position; end: Position };
}

export interface DiffFinding {
  id: string;
  level: DiffLevel;
  message: string;
  base?: DiffPlace;
  new?: DiffPlace;
  operation?: string;
}

/** What a diff level is as a checker severity, for the formats the two share. */
export const SEVERITY_OF_LEVEL: Record<DiffLevel, Severity> = {
  breaking: 'error',
  warning: 'warning',
  info: 'information',
};

export function toDiffFinding(change: Change, show: (place: Place) => string): DiffFinding {
  const finding: DiffFinding = { id: change.kind, level: change.level, message: change.message };
  if (change.base) finding.base = diffPlace(change.base, show);
  if (change.new) finding.new = diffPlace(change.new, show);
  if (change.operation) finding.operation = change.operation;
  return finding;
}

function diffPlace(place: Place, show: (place: Place) => string): DiffPlace {
  const lines = place.doc.lineIndex;
  return {
    file: show(place),
    path: place.doc.path,
    pointer: nodeAt(place.doc.root, place.offset)?.node.pointer ?? '',
    range: { start: lines.positionAt(place.offset), end: lines.positionAt(place.offset + place.length) },
  };
}

/** The place a report shows when it shows one: where the change is in the new version, else in the base. */
export function primaryPlace(finding: DiffFinding): DiffPlace {
  return (finding.new ?? finding.base)!;
}

/** The change as a finding at its primary place, for the formats and the baseline the checker has. */
export function asFinding(finding: DiffFinding): Finding {
  const place = primaryPlace(finding);
  return {
    file: place.file,
    path: place.path,
    pointer: place.pointer,
    rule: finding.id,
    severity: SEVERITY_OF_LEVEL[finding.level],
    message: finding.message,
    range: place.range,
  };
}
