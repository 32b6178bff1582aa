// The drawing model: what each cell / tile / cube shows, computed from the solver's description
// of the puzzle and one decoded solution. Pure (no DOM, no three.js) so it is unit-tested; the
// SVG and three.js views only paint what this says.

import type { DecodedSolution, Point3 } from '../protocol/messages';
import type { EdgeMatchingDescription, PackingDescription, SnakeDescription, Vec3 } from '../solver/description';
import type { GridName } from '../solver/description';
import { polygonOutlines } from './cell-geometry';
import { labelBase, labelColours, pieceSlots, slotColour, SNAKE_WOOD } from './palette';

export const key = (p: readonly number[]): string => `${p[0]},${p[1]},${p[2] ?? 0}`;

export interface DrawnPlacement {
  /** Index of this placement in the solution. */
  index: number;
  piece: number;
  name: string;
  /** 0-based copy number among placements of the same piece. */
  copy: number;
  colour: string;
  cells: Vec3[];
}

export interface DrawnCell {
  p: Vec3;
  mark: '#' | '+';
  /** Placement index covering the cell, or -1. */
  owner: number;
  /** `piece`: covered; `hole`: a `+` cell left empty; `empty`: uncovered `#` (no solution drawn). */
  state: 'piece' | 'hole' | 'empty';
  colour: string | null;
}

export interface PackingDrawing {
  dims: 2 | 3;
  grid: GridName;
  /** Smallest coordinate on each axis of everything drawn (board cells may be negative). */
  origin: Vec3;
  /** Extent on each axis from the origin. */
  size: Vec3;
  cells: DrawnCell[];
  placements: DrawnPlacement[];
  /**
   * 2D only: segments [x1, y1, x2, y2] in drawing units (cell-geometry.ts; a square's side is 1)
   * where two different owners (or owner and outside) meet.
   */
  outlines: [number, number, number, number][];
}

/** First colour slot of each piece of the puzzle (copies of a piece take the next ones). */
export function puzzlePieceSlots(puzzle: PackingDescription): number[] {
  return pieceSlots(puzzle.pieces.map((p) => p.max));
}

function bounds(points: Iterable<readonly number[]>): { origin: Vec3; size: Vec3 } {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (const p of points)
    for (let a = 0; a < 3; a++) {
      lo[a] = Math.min(lo[a]!, p[a]!);
      hi[a] = Math.max(hi[a]!, p[a]!);
    }
  if (lo[0] === Infinity) return { origin: [0, 0, 0], size: [0, 0, 0] };
  return { origin: [lo[0]!, lo[1]!, lo[2]!], size: [hi[0]! - lo[0]! + 1, hi[1]! - lo[1]! + 1, hi[2]! - lo[2]! + 1] };
}

export function packingDrawing(puzzle: PackingDescription, sol: DecodedSolution | null): PackingDrawing {
  const slots = puzzlePieceSlots(puzzle);
  const placements: DrawnPlacement[] = [];
  const owner = new Map<string, number>();
  if (sol && sol.kind === 'packing') {
    const copies = new Map<number, number>();
    sol.placements.forEach((pl, index) => {
      const copy = copies.get(pl.piece) ?? 0;
      copies.set(pl.piece, copy + 1);
      const slot = (slots[pl.piece] ?? slots.length + pl.piece) + copy;
      const cells = pl.cells.map((c) => [c[0], c[1], c[2] ?? 0] as Vec3);
      placements.push({
        index,
        piece: pl.piece,
        name: puzzle.pieces[pl.piece]?.name ?? `#${pl.piece}`,
        copy,
        colour: slotColour(slot),
        cells,
      });
      for (const c of cells) owner.set(key(c), index);
    });
  }
  const cells: DrawnCell[] = puzzle.board.cells.map((p, i) => {
    const mark = puzzle.board.marks[i] === '+' ? '+' : '#';
    const o = owner.get(key(p));
    if (o !== undefined) return { p, mark, owner: o, state: 'piece', colour: placements[o]!.colour };
    return { p, mark, owner: -1, state: mark === '+' ? 'hole' : 'empty', colour: null };
  });
  // Cells a solution covers outside the board (should not happen) are still drawn.
  const onBoard = new Set(puzzle.board.cells.map(key));
  for (const pl of placements)
    for (const c of pl.cells)
      if (!onBoard.has(key(c))) cells.push({ p: c, mark: '#', owner: pl.index, state: 'piece', colour: pl.colour });
  const dims = puzzle.dimensions;
  const grid = puzzle.grid;
  const region = (c: DrawnCell) => (c.owner >= 0 ? `p${c.owner}` : `c${key(c.p)}`);
  const outlines =
    dims !== 2 ? [] : grid === 'square' ? outlines2d(cells) : polygonOutlines(grid, cells.map((c) => c.p), (i) => region(cells[i]!));
  return { dims, grid, ...bounds(cells.map((c) => c.p)), cells, placements, outlines };
}

/** Edges between cells of different owners (holes and empty cells each count as their own region). */
export function outlines2d(cells: DrawnCell[]): [number, number, number, number][] {
  const region = new Map<string, string>();
  for (const c of cells) region.set(`${c.p[0]},${c.p[1]}`, c.owner >= 0 ? `p${c.owner}` : `c${c.p[0]},${c.p[1]}`);
  const out: [number, number, number, number][] = [];
  for (const c of cells) {
    const [x, y] = c.p;
    const me = region.get(`${x},${y}`);
    // left, right, top, bottom neighbours and the unit segment shared with each
    const sides: [number, number, [number, number, number, number]][] = [
      [x - 1, y, [x, y, x, y + 1]],
      [x + 1, y, [x + 1, y, x + 1, y + 1]],
      [x, y - 1, [x, y, x + 1, y]],
      [x, y + 1, [x, y + 1, x + 1, y + 1]],
    ];
    for (const [nx, ny, seg] of sides) {
      const other = region.get(`${nx},${ny}`);
      // Draw each inner edge once (from the cell with the smaller key), outer edges always.
      if (other === undefined) out.push(seg);
      else if (other !== me && (nx > x || ny > y)) out.push(seg);
    }
  }
  return out;
}

export interface DrawnTile {
  row: number;
  col: number;
  tile: number;
  name: string;
  face: string | null;
  rotation: number;
  /** Labels showing on the top, right, bottom, left sides after rotation. */
  sides: [string, string, string, string];
  colours: [string, string, string, string];
}

export interface EdgeDrawing {
  rows: number;
  cols: number;
  tiles: (DrawnTile | null)[];
}

/** The tile's edge i faces side (i + rotation) % 4, so side s shows edge (s - rotation) mod 4. */
export function rotatedSides(edges: readonly string[], rotation: number): [string, string, string, string] {
  const r = ((rotation % 4) + 4) % 4;
  const at = (s: number) => edges[(s - r + 4) % 4] ?? '?';
  return [at(0), at(1), at(2), at(3)];
}

/** The colour of each edge label of a puzzle: a label and its complement share one. */
export function edgeColours(puzzle: EdgeMatchingDescription): (label: string) => string {
  const colours = labelColours(puzzle.tiles.flatMap((t) => t.edges));
  return (label) => colours.get(labelBase(label)) ?? '#cccccc';
}

/** Tile `tile` turned `rotation` quarter turns, at (row, col), as drawn. */
export function drawnTile(puzzle: EdgeMatchingDescription, colourOf: (label: string) => string, tile: number, rotation: number, row = 0, col = 0): DrawnTile {
  const t = puzzle.tiles[tile];
  const sides = rotatedSides(t ? t.edges : ['?', '?', '?', '?'], rotation);
  return {
    row,
    col,
    tile,
    name: t?.name ?? `#${tile}`,
    face: t?.face ?? null,
    rotation: ((rotation % 4) + 4) % 4,
    sides,
    colours: sides.map(colourOf) as [string, string, string, string],
  };
}

export function edgeDrawing(puzzle: EdgeMatchingDescription, sol: DecodedSolution | null): EdgeDrawing {
  const n = puzzle.rows * puzzle.cols;
  const colourOf = edgeColours(puzzle);
  const tiles: (DrawnTile | null)[] = new Array(n).fill(null);
  if (sol && sol.kind === 'edge-matching') {
    sol.grid.slice(0, n).forEach((g, i) => {
      // A negative tile leaves the cell empty (hints show part of a solution).
      if (g.tile < 0) return;
      tiles[i] = drawnTile(puzzle, colourOf, g.tile, g.rotation, Math.floor(i / puzzle.cols), i % puzzle.cols);
    });
  }
  return { rows: puzzle.rows, cols: puzzle.cols, tiles };
}

// ---- snakes -------------------------------------------------------------------------------------

type Quat = [number, number, number, number]; // x, y, z, w
const qmul = (a: Quat, b: Quat): Quat => [
  a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
  a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
  a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
  a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
];
const qconj = (q: Quat): Quat => [-q[0], -q[1], -q[2], q[3]];
const qrot = (q: Quat, v: Vec3): Vec3 => {
  const r = qmul(qmul(q, [v[0], v[1], v[2], 0]), qconj(q));
  return [r[0], r[1], r[2]];
};
const axisAngle = (axis: Vec3, angle: number): Quat => {
  const s = Math.sin(angle / 2);
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)];
};
const sub = (a: readonly number[], b: readonly number[]): Vec3 => [a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!];
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const norm = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);

/** Indices of the corner cubes of a chain (where the direction changes). */
export function chainCorners(chain: readonly Point3[]): number[] {
  const out: number[] = [];
  for (let i = 1; i + 1 < chain.length; i++) {
    const a = sub(chain[i]!, chain[i - 1]!);
    const b = sub(chain[i + 1]!, chain[i]!);
    if (norm(cross(a, b)) > 1e-9) out.push(i);
  }
  return out;
}

/**
 * Positions of the chain's cubes part-way through folding: t = 0 is the chain laid out straight,
 * t = 1 the solved shape. Joints fold one after the other (joint j turns during the j-th slice of t)
 * about their own local axis, so every intermediate state is a rigid chain of unit steps.
 * Cube 0 and the first step stay where the solution has them.
 */
export function foldChain(chain: readonly Point3[], t: number): Vec3[] {
  const n = chain.length;
  if (n === 0) return [];
  const steps = [];
  for (let i = 0; i + 1 < n; i++) steps.push(sub(chain[i + 1]!, chain[i]!));
  if (steps.length === 0) return [[chain[0]![0], chain[0]![1], chain[0]![2]]];
  // Local turn at each step boundary: L_i with F_i = F_{i-1} L_i, d_i = F_i d_0.
  const corners = chainCorners(chain);
  const jointOf = new Map<number, number>();
  corners.forEach((c, j) => jointOf.set(c, j));
  const total = corners.length;
  const tt = Math.max(0, Math.min(1, t)) * total;
  let solvedFrame: Quat = [0, 0, 0, 1];
  let animFrame: Quat = [0, 0, 0, 1];
  const out: Vec3[] = [[chain[0]![0], chain[0]![1], chain[0]![2]]];
  const d0 = steps[0]!;
  let pos: Vec3 = [...out[0]!];
  pos = [pos[0] + d0[0], pos[1] + d0[1], pos[2] + d0[2]];
  out.push(pos);
  for (let i = 1; i < steps.length; i++) {
    const a = steps[i - 1]!;
    const b = steps[i]!;
    const ax = cross(a, b);
    const len = norm(ax);
    if (len > 1e-9) {
      const worldAxis: Vec3 = [ax[0] / len, ax[1] / len, ax[2] / len];
      const localAxis = qrot(qconj(solvedFrame), worldAxis);
      const angle = Math.atan2(len, a[0] * b[0] + a[1] * b[1] + a[2] * b[2]);
      solvedFrame = qmul(solvedFrame, axisAngle(localAxis, angle));
      const j = jointOf.get(i)!;
      const frac = Math.max(0, Math.min(1, tt - j));
      animFrame = qmul(animFrame, axisAngle(localAxis, angle * frac));
    }
    const d = qrot(animFrame, d0);
    pos = [pos[0] + d[0], pos[1] + d[1], pos[2] + d[2]];
    out.push(pos);
  }
  return out;
}

export interface SnakeDrawing {
  box: Vec3;
  cubes: { p: Vec3; colour: string; corner: boolean }[];
}

/** Cubes of the solved chain, alternating two wood tones per straight run so runs read apart. */
export function snakeDrawing(puzzle: SnakeDescription, sol: DecodedSolution | null): SnakeDrawing {
  const chain = sol && sol.kind === 'snake' ? sol.chain : [];
  const corners = new Set(chainCorners(chain));
  let run = 0;
  const cubes = chain.map((p, i) => {
    const c = { p: [p[0], p[1], p[2]] as Vec3, colour: SNAKE_WOOD[run % 2]!, corner: corners.has(i) };
    if (corners.has(i)) run++;
    return c;
  });
  return { box: puzzle.box, cubes };
}
