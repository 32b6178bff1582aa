// Shapes being edited, as grids of ASCII art (`#`, `+`, `.`): the editor's canvas. A grid may
// carry empty margins while painting; trimSpec removes them on export. This is the one place
// in TypeScript that reads and writes the `shape` / `cells` forms, and only to edit them: what
// a shape means (its cells, 2D or 3D) the page takes from the solver's description.
import type { Json } from './edits';

export type Cell = '#' | '+' | '.';

/** A dense grid: layers[z][y] is a row string of width w, '.' for empty. */
export interface Grid {
  w: number;
  h: number;
  d: number;
  layers: string[][];
}

/** A board or piece object of a document: `shape` or `cells`, and other keys kept as they are. */
export type ShapeSpec = { shape?: Json; cells?: Json; [k: string]: Json | undefined };

/**
 * The translations of the document's grid, so that trimming or framing a shape never turns an
 * up triangle into a down one (triangle and prism grids: x + y stays even), moves a ball off its
 * lattice (sphere grids: x + y + z) nor a tetrahedron to another place in its cube (whole cubes of
 * 5). `parityAxes`: how many coordinates' sum stays even; `period`: what every move is a multiple of.
 */
export interface Moves {
  parityAxes: 0 | 2 | 3;
  period: 1 | 5;
}

export const ANY_MOVE: Moves = { parityAxes: 0, period: 1 };

export function movesOf(grid: Json | undefined): Moves {
  if (grid === 'triangle' || grid === 'prism') return { parityAxes: 2, period: 1 };
  if (grid === 'sphere' || grid === 'rhombic-dodecahedron') return { parityAxes: 3, period: 1 };
  if (grid === 'rhombic-tetrahedron') return { parityAxes: 0, period: 5 };
  return ANY_MOVE;
}

/**
 * The corner to move a shape from, at or below `corner`: whole periods, or x0 (or y0, z0)
 * lowered by one where the move by the corner is odd on the parity axes.
 */
export function allowedCorner(corner: number[], moves: Moves): number[] {
  const out = corner.slice();
  if (moves.period > 1) return out.map((v) => moves.period * Math.floor(v / moves.period));
  const axes = moves.parityAxes;
  if (axes === 0 || out.slice(0, axes).reduce((a, b) => a + b, 0) % 2 === 0) return out;
  const k = out.findIndex((v, i) => i < axes && v > 0);
  if (k >= 0) out[k] -= 1;
  else out[0] -= 1;
  return out;
}

/** Reads `shape` or `cells` into a grid; a 2D shape has d = 1. Cells keep their kind (movesOf). */
export function toGrid(spec: ShapeSpec | undefined, moves: Moves = ANY_MOVE): Grid {
  const norm = (row: string) => row.replace(/ /g, '.');
  if (spec && Array.isArray(spec.shape)) {
    const raw = spec.shape as Json[];
    const layers: string[][] = (raw.length > 0 && Array.isArray(raw[0]) ? (raw as Json[][]) : [raw]).map((layer) =>
      (layer as Json[]).map((r) => norm(String(r ?? ''))),
    );
    const h = Math.max(0, ...layers.map((l) => l.length));
    const w = Math.max(0, ...layers.flatMap((l) => l.map((r) => r.length)));
    return padGrid({ w, h, d: layers.length, layers }, w, h, layers.length);
  }
  if (spec && Array.isArray(spec.cells)) {
    const pts = (spec.cells as Json[]).filter(Array.isArray).map((c) => (c as Json[]).map((v) => Number(v) || 0));
    if (pts.length === 0) return emptyGrid(1, 1, 1);
    const min = allowedCorner([0, 1, 2].map((k) => Math.min(...pts.map((p) => p[k] ?? 0))), moves);
    const max = [0, 1, 2].map((k) => Math.max(...pts.map((p) => p[k] ?? 0)));
    let g = emptyGrid(max[0] - min[0] + 1, max[1] - min[1] + 1, max[2] - min[2] + 1);
    for (const p of pts) g = setGridCell(g, p[0] - min[0], p[1] - min[1], (p[2] ?? 0) - min[2], '#');
    return g;
  }
  return emptyGrid(1, 1, 1);
}

export function emptyGrid(w: number, h: number, d: number): Grid {
  return { w, h, d, layers: Array.from({ length: d }, () => Array.from({ length: h }, () => '.'.repeat(w))) };
}

/** Crops or pads (with '.') to exactly w × h × d. */
export function padGrid(g: Grid, w: number, h: number, d: number): Grid {
  const layers: string[][] = [];
  for (let z = 0; z < d; z++) {
    const src = g.layers[z] ?? [];
    const rows: string[] = [];
    for (let y = 0; y < h; y++) rows.push((src[y] ?? '').slice(0, w).padEnd(w, '.'));
    layers.push(rows);
  }
  return { w, h, d, layers };
}

export function gridCell(g: Grid, x: number, y: number, z: number): Cell {
  const c = g.layers[z]?.[y]?.[x];
  return c === '#' || c === '+' ? c : '.';
}

export function setGridCell(g: Grid, x: number, y: number, z: number, c: Cell): Grid {
  if (x < 0 || y < 0 || z < 0) return g;
  const grown = x >= g.w || y >= g.h || z >= g.d ? padGrid(g, Math.max(g.w, x + 1), Math.max(g.h, y + 1), Math.max(g.d, z + 1)) : g;
  const layers = grown.layers.slice();
  const rows = layers[z].slice();
  rows[y] = rows[y].slice(0, x) + c + rows[y].slice(x + 1);
  layers[z] = rows;
  return { ...grown, layers };
}

export function gridToShape(g: Grid, threeD: boolean): Json {
  return threeD ? g.layers.map((l) => l.slice()) : g.layers[0].slice();
}

/** Filled cells as [x, y, z]. */
export function gridCells(g: Grid): { x: number; y: number; z: number; c: Cell }[] {
  const out: { x: number; y: number; z: number; c: Cell }[] = [];
  g.layers.forEach((rows, z) => rows.forEach((row, y) => [...row].forEach((ch, x) => {
    if (ch === '#' || ch === '+') out.push({ x, y, z, c: ch });
  })));
  return out;
}

/** The bounding box of filled cells, or null when none. */
export function gridBounds(g: Grid): { x0: number; y0: number; z0: number; x1: number; y1: number; z1: number } | null {
  const cells = gridCells(g);
  if (cells.length === 0) return null;
  return {
    x0: Math.min(...cells.map((c) => c.x)), x1: Math.max(...cells.map((c) => c.x)),
    y0: Math.min(...cells.map((c) => c.y)), y1: Math.max(...cells.map((c) => c.y)),
    z0: Math.min(...cells.map((c) => c.z)), z1: Math.max(...cells.map((c) => c.z)),
  };
}

export function trimGrid(g: Grid, moves: Moves = ANY_MOVE): Grid {
  const bounds = gridBounds(g);
  if (!bounds) return emptyGrid(1, 1, 1);
  const [x0, y0, z0] = allowedCorner([bounds.x0, bounds.y0, bounds.z0], moves);
  const b = { ...bounds, x0: x0!, y0: y0!, z0: z0! };
  const layers = g.layers.slice(b.z0, b.z1 + 1).map((rows) => rows.slice(b.y0, b.y1 + 1).map((r) => r.slice(b.x0, b.x1 + 1)));
  return { w: b.x1 - b.x0 + 1, h: b.y1 - b.y0 + 1, d: b.z1 - b.z0 + 1, layers };
}

/** Returns the spec with `shape` replaced by the grid (and `cells` dropped), keeping other keys. */
export function withGrid<T extends ShapeSpec>(spec: T, g: Grid, threeD: boolean): T {
  const { cells: _drop, ...rest } = spec;
  void _drop;
  return { ...rest, shape: gridToShape(g, threeD) } as T;
}

/** A shape spec with its empty margins removed; unchanged (same object) when it has none. */
export function trimSpec<T extends ShapeSpec>(spec: T, threeD: boolean, moves: Moves = ANY_MOVE): T {
  if (!Array.isArray(spec.shape)) return spec;
  const g = toGrid(spec);
  const b = gridBounds(g);
  if (!b) return spec;
  const trimmed = trimGrid(g, moves);
  if (trimmed.w === g.w && trimmed.h === g.h && trimmed.d === g.d) return spec;
  return withGrid(spec, trimmed, threeD);
}
