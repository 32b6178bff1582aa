// Where a cell of each grid lies in a drawing (docs/puzzle-format.md, "Grids"): the corners of
// a flat cell (squares, triangles, hexagons) and the centre of a solid one, and the outlines
// where two regions of a flat board meet. Pure; the SVG and three.js views paint from it.
import type { GridName, Vec3 } from '../solver/description';

type Point = [number, number];
/** A segment [x1, y1, x2, y2] in drawing units. */
export type Segment = [number, number, number, number];

const ROW = Math.sqrt(3) / 2;

/**
 * A flat cell's corners in drawing units: a square's side is 1, so is a triangle's; hexagons
 * (pointy-top) have neighbouring centres 1 apart.
 */
export function cellPolygon(grid: GridName, p: readonly number[]): Point[] {
  const [x, y] = [p[0]!, p[1]!];
  if (grid === 'triangle' || grid === 'prism') {
    return (x + y) % 2 === 0
      ? [[x / 2, y * ROW], [(x + 1) / 2, (y + 1) * ROW], [(x - 1) / 2, (y + 1) * ROW]]
      : [[(x - 1) / 2, y * ROW], [(x + 1) / 2, y * ROW], [x / 2, (y + 1) * ROW]];
  }
  if (grid === 'hexagon') {
    const [cx, cy] = [x + y / 2, y * ROW];
    const r = 1 / Math.sqrt(3);
    return [0, 1, 2, 3, 4, 5].map((k) => {
      const a = ((60 * k - 90) * Math.PI) / 180;
      return [cx + r * Math.cos(a), cy + r * Math.sin(a)] as Point;
    });
  }
  return [[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1]];
}

/** The middle of a flat cell (where its label goes). */
export function cellMiddle(grid: GridName, p: readonly number[]): Point {
  const corners = cellPolygon(grid, p);
  const sum = corners.reduce((a, c) => [a[0] + c[0], a[1] + c[1]], [0, 0]);
  return [sum[0] / corners.length, sum[1] / corners.length];
}

/**
 * A cell of the rhombic-tetrahedron grid (BurrTools' rhombic grid) as its four corners, in
 * cubes of side 1: cube k spans coordinates 5k to 5k + 4, and the cell lies 0, ±1 and ±2 from
 * its middle 5k + 2 along the three axes. Its corners are the cube's middle, the middle of the
 * face it stands on (the ±2 axis) and the two ends of that face's edge on the ±1 side.
 */
export function tetrahedronCorners(p: readonly number[]): Vec3[] {
  const cube = [0, 1, 2].map((a) => Math.floor((p[a] ?? 0) / 5));
  const offset = [0, 1, 2].map((a) => (p[a] ?? 0) - 5 * cube[a]! - 2);
  const middle = cube.map((k) => k + 0.5) as Vec3;
  const face = middle.map((m, a) => m + (Math.abs(offset[a]!) === 2 ? offset[a]! / 4 : 0)) as Vec3;
  const edge = offset.findIndex((o) => Math.abs(o) === 1);
  const other = offset.findIndex((o) => o === 0);
  const end = (side: number) => face.map((v, a) => v + (a === edge ? offset[a]! / 2 : a === other ? side / 2 : 0)) as Vec3;
  return [middle, face, end(1), end(-1)];
}

/** A solid cell's centre, in puzzle axes (x, y, z), neighbouring cells about 1 to 1.4 apart (tetrahedra 0.3 to 0.5). */
export function cellCentre(grid: GridName, p: readonly number[]): Vec3 {
  if (grid === 'prism') {
    const [mx, my] = cellMiddle('triangle', p);
    return [mx, my, p[2] ?? 0];
  }
  if (grid === 'rhombic-tetrahedron') {
    const corners = tetrahedronCorners(p);
    return [0, 1, 2].map((a) => corners.reduce((sum, c) => sum + c[a]!, 0) / 4) as Vec3;
  }
  return [p[0]!, p[1]!, p[2] ?? 0];
}

/** Whether a prism cell's triangle points up (towards smaller y); other cells: true. */
export const pointsUp = (grid: GridName, p: readonly number[]): boolean => grid !== 'prism' || (p[0]! + p[1]!) % 2 === 0;

/** The bounding box of flat cells' corners: [minX, minY, maxX, maxY]. */
export function polygonBounds(grid: GridName, cells: readonly (readonly number[])[]): [number, number, number, number] {
  const b: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of cells)
    for (const [x, y] of cellPolygon(grid, p)) {
      b[0] = Math.min(b[0], x);
      b[1] = Math.min(b[1], y);
      b[2] = Math.max(b[2], x);
      b[3] = Math.max(b[3], y);
    }
  return b[0] === Infinity ? [0, 0, 0, 0] : b;
}

/**
 * Sides where cells of different regions meet, or a cell meets the outside: each side once.
 * `region(i)` names cell i's region (a piece, or a cell of its own).
 */
export function polygonOutlines(grid: GridName, cells: readonly (readonly number[])[], region: (i: number) => string): Segment[] {
  const round = (v: number) => Math.round(v * 1000);
  const sides = new Map<string, { seg: Segment; regions: string[] }>();
  cells.forEach((p, i) => {
    const corners = cellPolygon(grid, p);
    corners.forEach((a, k) => {
      const b = corners[(k + 1) % corners.length]!;
      const ends = [`${round(a[0])},${round(a[1])}`, `${round(b[0])},${round(b[1])}`].sort();
      const id = ends.join(' ');
      const side = sides.get(id) ?? { seg: [a[0], a[1], b[0], b[1]] as Segment, regions: [] };
      side.regions.push(region(i));
      sides.set(id, side);
    });
  });
  const out: Segment[] = [];
  for (const { seg, regions } of sides.values()) if (regions.length === 1 || regions[0] !== regions[1]) out.push(seg);
  return out;
}
