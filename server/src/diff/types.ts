// What a change kind is and what a diff reports. Kinds see matched pairs of objects of the two
// versions (sites) and report with places on both sides; they never see the terminal or LSP.
import { SourceDocument } from '../model/documents';
import { SyntaxNode } from '../syntax/tree';
import type { SchemaView } from './schema-view';

export type DiffLevel = 'breaking' | 'warning' | 'info';
export const DIFF_LEVELS: readonly DiffLevel[] = ['breaking', 'warning', 'info'];

/**
 * Who reads the data a schema describes. `request`: the API reads what clients send, so a
 * narrower schema rejects what clients sent before. `response`: clients read what the API sends,
 * so a wider schema hands them values they were not written for. A callback turns both around.
 */
export type Direction = 'request' | 'response';

/** A node of one version, in its document. */
export interface At {
  node: SyntaxNode;
  doc: SourceDocument;
}

/** Where a change is on one side: offsets into a document. */
export interface Place {
  doc: SourceDocument;
  offset: number;
  length: number;
}

export interface Change {
  kind: string;
  level: DiffLevel;
  message: string;
  base?: Place;
  new?: Place;
  /** `GET /pets`: the operation it was found in (the first one, for a schema several share). */
  operation?: string;
  /** The nodes the places were taken from: an editor's edits move them, and the places are taken again. */
  spots?: { base?: Spot; new?: Spot };
}

/** An operation of one version, keyed by method and path template without parameter names. */
export interface OperationAt extends At {
  /** `get` */
  method: string;
  /** The path as written in this version (`/pets/{petId}`). */
  path: string;
  /** The Path Item it is in (resolved), and the member under `paths` that holds it. */
  pathItem: At;
  pathMember: At;
  /** Callback operations: the callback's name and expression key. */
  callback?: { name: string; expression: string };
}

export interface ParameterAt extends At {
  /** The entry of the parameter list (a `$ref` holder, or the parameter itself). */
  use: At;
  name: string;
  in: string;
}

export interface PropertyAt {
  /** The member under `properties` (its key is the name). */
  member: At;
  required: boolean;
  /** The entry of `required` naming it, when it is required. */
  requiredEntry: At | undefined;
}

// ---- sites: what the engine hands to kinds ----------------------------------------------------

export interface OperationSite {
  site: 'operation';
  label: string;
  base?: OperationAt;
  new?: OperationAt;
  /** Where the other side had it: the path item or `paths` it was added to or removed from. */
  baseParent?: At;
  newParent?: At;
}

export interface ParameterSite {
  site: 'parameter';
  label: string;
  base?: ParameterAt;
  new?: ParameterAt;
  /** The operation's places on both sides, for a parameter only one side has. */
  baseOperation: At;
  newOperation: At;
}

export interface RequestBodySite {
  site: 'requestBody';
  label: string;
  base?: At;
  new?: At;
  baseOperation: At;
  newOperation: At;
  direction: Direction;
}

export interface MediaTypeSite {
  site: 'mediaType';
  label: string;
  /** Where the media type is: `the request body of POST /pets`. */
  where: string;
  mediaType: string;
  base?: At;
  new?: At;
  /** The `content` maps (or their owners when one has none). */
  baseContent: At;
  newContent: At;
  direction: Direction;
}

export interface ResponseSite {
  site: 'response';
  label: string;
  code: string;
  base?: At;
  new?: At;
  baseResponses: At;
  newResponses: At;
  /** A callback's responses are what the client answers: their direction is a request's. */
  direction: Direction;
}

export interface HeaderSite {
  site: 'header';
  label: string;
  where: string;
  name: string;
  base?: At;
  new?: At;
  baseOwner: At;
  newOwner: At;
  direction: Direction;
}

export interface SchemaSite {
  site: 'schema';
  label: string;
  /** What the schema describes, for messages: `the request body of POST /pets (application/json)`. */
  where: string;
  /** The property path inside it (`owner.tags[].name`), empty at the top. */
  path: string;
  direction: Direction;
  base: SchemaView;
  new: SchemaView;
}

export interface PropertySite {
  site: 'property';
  label: string;
  where: string;
  /** The property's path (`owner.name`). */
  path: string;
  direction: Direction;
  base?: PropertyAt;
  new?: PropertyAt;
  baseSchema: SchemaView;
  newSchema: SchemaView;
}

/** A oneOf/anyOf alternative one side has and the other has no match for. */
export interface AlternativeSite {
  site: 'alternative';
  label: string;
  where: string;
  path: string;
  direction: Direction;
  /** How messages name the alternative: the `$ref`'s last segment, its title, or its position and type. */
  name: string;
  base?: At;
  new?: At;
  baseSchema: SchemaView;
  newSchema: SchemaView;
}

export interface SecuritySite {
  site: 'security';
  label: string;
  /** The requirement lists in force (the operation's, else the root's); undefined: none. */
  base: At | undefined;
  new: At | undefined;
  baseOperation: At;
  newOperation: At;
  /** Security scheme names of the new version for each of the base version (renames followed). */
  schemeNames: ReadonlyMap<string, string>;
}

export interface SecuritySchemeSite {
  site: 'securityScheme';
  name: string;
  base: At;
  new: At;
}

export interface ServersSite {
  site: 'servers';
  base: At | undefined;
  new: At | undefined;
  baseRoot: At;
  newRoot: At;
}

export type Site =
  | OperationSite
  | ParameterSite
  | RequestBodySite
  | MediaTypeSite
  | ResponseSite
  | HeaderSite
  | SchemaSite
  | PropertySite
  | AlternativeSite
  | SecuritySite
  | SecuritySchemeSite
  | ServersSite;
export type SiteKind = Site['site'];
export type SiteOf<K extends SiteKind> = Extract<Site, { site: K }>;

// ---- kinds ------------------------------------------------------------------------------------

/** A place to report: a node's key, its value, its first line, or explicit offsets. */
export type Spot = (At & { part?: 'key' | 'value' | 'anchor' }) | Place;

export interface ChangeReport {
  /** A key of the kind's `messages`, with `{placeholders}` filled from `data`. */
  messageId: string;
  data?: Record<string, string | number>;
  base?: Spot;
  new?: Spot;
}

export interface CompareContext {
  report(report: ChangeReport): void;
}

export interface ChangeKind<K extends SiteKind = SiteKind> {
  id: string;
  level: DiffLevel;
  /** What it reports, for the catalog and the kind's page. */
  description: string;
  /** Why clients break (or may), for the kind's page. */
  rationale: string;
  messages: Record<string, string>;
  /** The sites whose every instance is passed to `compare`. */
  sites: readonly K[];
  compare(site: SiteOf<K>, context: CompareContext): void;
}

export function defineKind<K extends SiteKind>(kind: ChangeKind<K>): ChangeKind {
  return kind as unknown as ChangeKind;
}
