// The parsed, normalised puzzle as the C++ parser describes it (describePuzzle in
// solver/format/describe.hpp, reached through the WASM module's describe()). The page and the
// editor draw and reason from this; no TypeScript code reads puzzle documents itself.

export type Vec3 = [number, number, number];

/** Counts announced by the notes ("Expected: N solutions, M unique."), as decimal strings. */
export interface ExpectedCounts {
  solutions: string;
  unique: string;
  /** The notes' sentence that announces them, as written. */
  sentence: string;
}

interface Common {
  name: string;
  notes: string;
  expected: ExpectedCounts | null;
}

export interface PackingPieceDescription {
  name: string;
  /** Cells as written (x, y, z; z = 0 in 2D), sorted layer by layer, row by row. */
  cells: Vec3[];
  /** How many copies a solution places: exactly min when min === max. */
  min: number;
  max: number;
  rotations: boolean;
  reflections: boolean;
}

/** The grid a packing puzzle lies on (docs/puzzle-format.md, "Grids"). */
export type GridName = 'square' | 'cube' | 'triangle' | 'hexagon' | 'sphere' | 'rhombic-dodecahedron' | 'prism' | 'rhombic-tetrahedron';

/** The grids whose cells lie in space: a packing puzzle on one is 3D. */
export const SOLID_GRIDS: ReadonlySet<string> = new Set<GridName>(['cube', 'sphere', 'rhombic-dodecahedron', 'prism', 'rhombic-tetrahedron']);

/**
 * A document's shape (its board or a piece) written as layers or as [x, y, z] cells, which the
 * format reads as 3D (docs/puzzle-format.md, "Shapes"). The solver decides; the page asks this
 * of a document the solver has not read yet (the editor, the view to load).
 */
export function isSolidShape(spec: unknown): boolean {
  const s = spec as { shape?: unknown; cells?: unknown } | null | undefined;
  if (Array.isArray(s?.shape)) return s.shape.length > 0 && Array.isArray(s.shape[0]);
  if (Array.isArray(s?.cells)) return s.cells.some((c) => Array.isArray(c) && c.length === 3);
  return false;
}

export interface PackingDescription extends Common {
  kind: 'packing';
  dimensions: 2 | 3;
  /** An interlocking puzzle: the page offers to take its solutions apart (docs/disassembly.md). */
  disassemble: boolean;
  grid: GridName;
  /** marks[i] is '#' (must be covered) or '+' (may stay empty) for cells[i]. */
  board: { cells: Vec3[]; marks: string };
  pieces: PackingPieceDescription[];
}

export interface TileDescription {
  /** The document's name, or the tile's index when it gives none. */
  name: string;
  /** Clockwise from the top. */
  edges: [string, string, string, string];
  face: string | null;
  count: number;
}

export interface EdgeMatchingDescription extends Common {
  kind: 'edge-matching';
  rows: number;
  cols: number;
  rotations: boolean;
  match: 'same' | 'complement';
  border: string | null;
  distinct: { row: boolean; column: boolean };
  tiles: TileDescription[];
}

export interface SnakeDescription extends Common {
  kind: 'snake';
  box: Vec3;
  /** Cubes per straight run (also when the document wrote joints). */
  segments: number[];
  cubes: number;
  givenAs: 'segments' | 'joints';
}

export type PuzzleDescription = PackingDescription | EdgeMatchingDescription | SnakeDescription;

/** The solver's verdict on a document: its description, or its one-line message. */
export type DescribeResult = { ok: true; puzzle: PuzzleDescription } | { ok: false; error: string };

/** Reads the JSON text that the module's describe() returns. */
export function readDescribeReply(json: string): DescribeResult {
  const reply = JSON.parse(json) as { puzzle?: PuzzleDescription; error?: string };
  if (reply.puzzle) return { ok: true, puzzle: reply.puzzle };
  return { ok: false, error: reply.error ?? 'the solver gave no description' };
}
