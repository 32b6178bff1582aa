// Every place a piece fits on the empty board: each orientation the puzzle allows (turned, and
// mirrored where mirrors are allowed) at each shift that keeps it on board cells. For the
// "all placements of this piece" picture, which pins the piece where one is pressed. Square and
// cubic grids only (the page's drawings). No DOM: tested.
import type { PackingDescription, Vec3 } from '../solver/description';

/** The 3×3 signed permutation matrices: the cube's 48 symmetries (det +1: its 24 rotations). */
function cubeMotions(): { m: number[][]; det: number }[] {
  const out: { m: number[][]; det: number }[] = [];
  const perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
  const parity = [1, -1, -1, 1, 1, -1];
  perms.forEach((p, k) => {
    for (let signs = 0; signs < 8; signs++) {
      const s = [0, 1, 2].map((a) => ((signs >> a) & 1 ? -1 : 1));
      const m = [0, 1, 2].map((row) => [0, 1, 2].map((col) => (col === p[row] ? s[row]! : 0)));
      out.push({ m, det: parity[k]! * s[0]! * s[1]! * s[2]! });
    }
  });
  return out;
}

const MOTIONS = cubeMotions();

/**
 * The motions a piece may make, as the solver allows them (lattice/transform.cpp): with turns,
 * the grid's rotations (and mirrors when allowed: in the plane for 2D, in space for 3D); without,
 * none, or the one mirror x → -x.
 */
function motionsFor(dimensions: 2 | 3, rotations: boolean, reflections: boolean): number[][][] {
  return MOTIONS.filter(({ m, det }) => {
    if (dimensions === 2 && m[2]![2] !== 1) return false;
    if (rotations) return det > 0 || reflections;
    const identity = m.every((row, r) => row[r] === 1);
    const mirrorX = m[0]![0] === -1 && m[1]![1] === 1 && m[2]![2] === 1;
    return identity || (reflections && mirrorX);
  }).map((x) => x.m);
}

function normalised(cells: Vec3[]): Vec3[] {
  const lo = [0, 1, 2].map((a) => Math.min(...cells.map((c) => c[a]!)));
  return cells.map((c) => [c[0] - lo[0]!, c[1] - lo[1]!, c[2] - lo[2]!] as Vec3).sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
}

const key = (c: readonly number[]): string => `${c[0]},${c[1]},${c[2]}`;

/**
 * Whether this file knows the grid's motions and translations: the cube's signed permutations and
 * any shift (a shift off the ball lattice lands on no board cell). Triangles, hexagons, prisms and
 * tetrahedra move otherwise.
 */
export function placementsKnown(d: PackingDescription): boolean {
  return d.grid === 'square' || d.grid === 'cube' || d.grid === 'sphere' || d.grid === 'rhombic-dodecahedron';
}

/** The distinct orientations of piece `index`, each at the origin. */
export function orientations(d: PackingDescription, index: number): Vec3[][] {
  const piece = d.pieces[index]!;
  const seen = new Map<string, Vec3[]>();
  for (const m of motionsFor(d.dimensions, piece.rotations, piece.reflections)) {
    const moved = normalised(piece.cells.map((c) => [0, 1, 2].map((r) => m[r]![0]! * c[0] + m[r]![1]! * c[1] + m[r]![2]! * c[2]) as Vec3));
    seen.set(moved.map(key).join(';'), moved);
  }
  return [...seen.values()];
}

/** Every placement of piece `index` on the board's cells, in reading order of its first cell. */
export function allPlacements(d: PackingDescription, index: number): Vec3[][] {
  const board = new Set(d.board.cells.map(key));
  const out: Vec3[][] = [];
  for (const shape of orientations(d, index)) {
    const anchor = shape[0]!;
    for (const at of d.board.cells) {
      const shift = [at[0] - anchor[0], at[1] - anchor[1], at[2] - anchor[2]];
      const cells = shape.map((c) => [c[0] + shift[0]!, c[1] + shift[1]!, c[2] + shift[2]!] as Vec3);
      if (cells.every((c) => board.has(key(c)))) out.push(cells);
    }
  }
  const first = (cells: Vec3[]) => cells.reduce((a, b) => (b[2] - a[2] || b[1] - a[1] || b[0] - a[0]) < 0 ? b : a);
  return out.sort((a, b) => {
    const p = first(a);
    const q = first(b);
    return p[2] - q[2] || p[1] - q[1] || p[0] - q[0];
  });
}
