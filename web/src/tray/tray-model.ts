// What the piece tray shows, from the solver's description alone (no DOM, tested): one item per
// piece of a packing puzzle, per tile type of an edge-matching puzzle, or the snake's chain, each
// with the copies a solution places and the colour the drawing gives it.
import type { GridName, PuzzleDescription, Vec3 } from '../solver/description';
import { puzzlePieceSlots } from '../render/drawing-model';
import { slotColour } from '../render/palette';

export interface TrayPiece {
  kind: 'piece';
  /** Index of the piece in the description (what solutions name). */
  index: number;
  name: string;
  /** The piece's cells moved to the origin (by a translation of its grid). */
  cells: Vec3[];
  grid: GridName;
  /** The colour of its first copy on the board. */
  colour: string;
  copies: string;
  /** True when its cells span more than one layer, or are tetrahedra: drawn in 3D. */
  solid: boolean;
}

export interface TrayTile {
  kind: 'tile';
  index: number;
  name: string;
  copies: string;
}

export interface TrayChain {
  kind: 'chain';
  name: string;
  /** Cubes per straight run. */
  segments: number[];
  cubes: number;
}

export type TrayItem = TrayPiece | TrayTile | TrayChain;

/** "×2", or "×0–2" for a range of copies. */
export function copiesText(min: number, max: number): string {
  return min === max ? `×${min}` : `×${min}–${max}`;
}

/**
 * Moved to the origin, by a translation that keeps a triangle's point, a ball on its lattice and
 * a tetrahedron in its place in a cube (whole cubes of 5).
 */
function atOrigin(cells: readonly Vec3[], grid: GridName): Vec3[] {
  const lo = [0, 1, 2].map((a) => Math.min(...cells.map((c) => c[a]!)));
  if (grid === 'rhombic-tetrahedron') for (const a of [0, 1, 2]) lo[a] = 5 * Math.floor(lo[a]! / 5);
  const axes = grid === 'triangle' || grid === 'prism' ? 2 : grid === 'sphere' || grid === 'rhombic-dodecahedron' ? 3 : 0;
  if (axes && lo.slice(0, axes).reduce((a, b) => a + b, 0) % 2 !== 0) lo[0]! -= 1;
  return cells.map((c) => [c[0] - lo[0]!, c[1] - lo[1]!, c[2] - lo[2]!]);
}

export function trayItems(d: PuzzleDescription): TrayItem[] {
  if (d.kind === 'packing') {
    const slots = puzzlePieceSlots(d);
    return d.pieces.map((p, index) => {
      const cells = atOrigin(p.cells, d.grid);
      return { kind: 'piece', index, name: p.name, cells, grid: d.grid, colour: slotColour(slots[index]!), copies: copiesText(p.min, p.max),
        solid: d.dimensions === 3 && (d.grid === 'rhombic-tetrahedron' || cells.some((c) => c[2] !== 0)) };
    });
  }
  if (d.kind === 'edge-matching') return d.tiles.map((t, index) => ({ kind: 'tile', index, name: t.name, copies: copiesText(t.count, t.count) }));
  return [{ kind: 'chain', name: 'chain', segments: d.segments, cubes: d.cubes }];
}

/**
 * The chain laid flat as a staircase: its runs alternately along x and y, each sharing its first
 * cube with the previous run's last, so that the runs (and where the chain turns) read at a glance.
 */
export function flatChain(segments: readonly number[]): { cells: [number, number][]; run: number[] } {
  const cells: [number, number][] = [[0, 0]];
  const run: number[] = [0];
  segments.forEach((length, r) => {
    const [dx, dy] = r % 2 === 0 ? [1, 0] : [0, 1];
    for (let i = 1; i < length; i++) {
      const [x, y] = cells.at(-1)!;
      cells.push([x + dx, y + dy]);
      run.push(r);
    }
  });
  return { cells, run };
}
