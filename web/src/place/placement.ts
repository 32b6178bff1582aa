// Pieces placed by hand, as the page uses them (no DOM, tested): what the solver's place() says
// (solver/place/placed_puzzle.hpp: the puzzle left as a document, which the page runs like any
// other), and its solutions completed into solutions of the puzzle on the page.
import type { DecodedSolution, Point3 } from '../protocol/messages';
import type { Vec3 } from '../solver/description';

/** One piece placed: its name and the board cells it covers. */
export interface Placement {
  piece: string;
  cells: Vec3[];
}

/** What place() gives: the puzzle left and how to read its solutions as the original's. */
export interface PlacedPuzzle {
  /** The puzzle left, a piecewise/1 document. */
  document: string;
  /** Its piece i is the original's piece pieceOf[i]. */
  pieceOf: number[];
  /** Added to its cells, they are the original's (its board starts at 0). */
  shift: Vec3;
  /** The placements, in the original's piece numbering. */
  placed: { piece: number; cells: Vec3[] }[];
}

export type PlaceResult = { ok: true; placed: PlacedPuzzle } | { ok: false; error: string };

/** The command line's form: `F@0,0;1,0` (`x,y,z` in 3D): what `count --place` takes. */
export function placementText(p: Placement, dimensions: 2 | 3): string {
  return `${p.piece}@${p.cells.map((c) => (dimensions === 3 ? c.join(',') : `${c[0]},${c[1]}`)).join(';')}`;
}

/** Reads the JSON text of the module's place(). */
export function readPlaceReply(json: string): PlaceResult {
  const reply = JSON.parse(json) as Partial<PlacedPuzzle> & { error?: string };
  if (typeof reply.document === 'string') return { ok: true, placed: reply as PlacedPuzzle };
  return { ok: false, error: reply.error ?? 'the solver did not place the pieces' };
}

/** A solution of the puzzle left, as a solution of the original: the placements first, then its own. */
export function withPlacements(placed: PlacedPuzzle, solution: DecodedSolution): DecodedSolution {
  if (solution.kind !== 'packing') return solution;
  const [dx, dy, dz] = placed.shift;
  const move = (c: Point3): Point3 => [c[0] + dx, c[1] + dy, c[2] + dz];
  return {
    kind: 'packing',
    placements: [
      ...placed.placed.map((p) => ({ piece: p.piece, cells: p.cells.map((c) => [c[0], c[1], c[2]] as Point3) })),
      ...solution.placements.map((p) => ({ piece: placed.pieceOf[p.piece] ?? p.piece, cells: p.cells.map(move) })),
    ],
  };
}
