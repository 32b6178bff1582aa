// Moving a packing puzzle to another grid in the editor. Every shape (the board and each piece)
// keeps its painted cells where the grids allow it, and the change says what it did; it is one
// edit, so undo brings the old grid and cells back.
//  - Sphere <-> rhombic dodecahedra: the same lattice, the cells stay.
//  - Into the ball lattices (sphere, rhombic dodecahedra) from squares, cubes, prisms, triangles
//    or hexagons: each layer becomes a square layer of balls resting in the hollows of the one
//    below, cell (x, y) of layer z the ball (x + y + z mod 2, x - y, z), as the format reads a
//    flat shape on those grids; and back the other way.
//  - Between the other grids each cell keeps its column, row and layer.
//  - 3D to 2D keeps each shape's lowest layer; 2D to 3D makes the shape that layer.
// Cell colours ("colours" of the board and pieces) move with their cells. No DOM here.
import { isSolidShape, SOLID_GRIDS, type GridName } from '../solver/description';
import { digits } from '../ui/format';
import { getIn, isPacking3D, setField, type Doc, type Json } from './edits';
import { allowedCorner, emptyGrid, gridCells, movesOf, setGridCell, toGrid, withGrid, type ShapeSpec } from './grids';

export interface GridChoice {
  grid: GridName;
  label: string;
}

const NAMES: Record<GridName, string> = {
  square: 'squares', cube: 'cubes', triangle: 'triangles', hexagon: 'hexagons', sphere: 'balls',
  'rhombic-dodecahedron': 'rhombic dodecahedra', prism: 'triangular prisms', 'rhombic-tetrahedron': 'tetrahedra',
};

const isBalls = (g: GridName) => g === 'sphere' || g === 'rhombic-dodecahedron';

/** A grid as the chooser lists it: its name and whether it is 2D or 3D. */
const choice = (grid: GridName): GridChoice => ({ grid, label: `${NAMES[grid]} (${SOLID_GRIDS.has(grid) ? 3 : 2}D)` });

/** The grids the editor offers (docs/puzzle-format.md, "Grids"). */
export const GRID_CHOICES: readonly GridChoice[] = (['square', 'triangle', 'hexagon', 'cube', 'sphere', 'rhombic-dodecahedron', 'prism'] as const).map(choice);

/** The grids to offer for a document on `current`: GRID_CHOICES, and `current` named as they are if it is another. */
export function gridChoicesFor(current: GridName): readonly GridChoice[] {
  return GRID_CHOICES.some((c) => c.grid === current) ? GRID_CHOICES : [...GRID_CHOICES, choice(current)];
}

/** The grid the document lies on: its `grid`, or the default for its board. */
export function documentGrid(doc: Doc): GridName {
  if (typeof doc.grid === 'string' && Object.hasOwn(NAMES, doc.grid)) return doc.grid as GridName;
  return isPacking3D(doc) ? 'cube' : 'square';
}

type Point = [number, number, number];
const odd = (z: number) => ((z % 2) + 2) % 2;
/** A layer of squares as a square layer of balls (turned by 45°), each layer in the hollows of the one below. */
const toBalls = ([x, y, z]: Point): Point => [x + y + odd(z), x - y, z];
const fromBalls = ([x, y, z]: Point): Point => [(x - odd(z) + y) / 2, (x - odd(z) - y) / 2, z];

/** A point of a shape as the solver reads it: on the ball grids a flat shape is a layer of balls. */
function read(p: readonly number[], grid: GridName, flat: boolean): Point {
  const point: Point = [p[0] ?? 0, p[1] ?? 0, flat ? 0 : p[2] ?? 0];
  return flat && isBalls(grid) ? toBalls(point) : point;
}

interface Converted {
  spec: ShapeSpec;
  dropped: number;
}

function convertShape(spec: ShapeSpec, from: GridName, to: GridName): Converted {
  const flat = !isSolidShape(spec);
  const threeD = SOLID_GRIDS.has(to);
  const marked: { p: Point; mark: '#' | '+' }[] = Array.isArray(spec.shape)
    ? gridCells(toGrid(spec)).map(({ x, y, z, c }) => ({ p: read([x, y, z], from, flat), mark: c === '+' ? '+' : '#' }))
    : (Array.isArray(spec.cells) ? spec.cells : []).filter(Array.isArray).map((c) => ({ p: read((c as Json[]).map(Number), from, flat), mark: '#' }));
  const step = (p: Point): Point => {
    if (isBalls(from) === isBalls(to)) return p;
    return isBalls(from) ? fromBalls(p) : toBalls(p);
  };
  let moved = marked.map(({ p, mark }) => ({ p: step(p), mark }));
  const bottom = Math.min(...moved.map(({ p }) => p[2]));
  if (!threeD) moved = moved.filter(({ p }) => p[2] === bottom).map(({ p, mark }) => ({ p: [p[0], p[1], 0] as Point, mark }));
  const dropped = marked.length - moved.length;
  if (moved.length === 0) return { spec: withGrid(spec, emptyGrid(1, 1, 1), threeD), dropped };
  const corner = allowedCorner([0, 1, 2].map((a) => Math.min(...moved.map(({ p }) => p[a]!))), movesOf(to));
  const place = (p: Point): Point => [p[0] - corner[0]!, p[1] - corner[1]!, p[2] - corner[2]!];
  let g = emptyGrid(1, 1, 1);
  for (const { p, mark } of moved) g = setGridCell(g, ...place(p), mark);
  const out = withGrid(spec, g, threeD);
  // Colours move with their cells; a colour of a dropped cell goes.
  const colours = getIn(spec as Json, ['colours']);
  if (colours && typeof colours === 'object' && !Array.isArray(colours)) {
    const kept = new Set(moved.map(({ p }) => place(p).join()));
    const next: { [name: string]: Json } = {};
    for (const [name, cells] of Object.entries(colours as { [k: string]: Json })) {
      if (!Array.isArray(cells)) continue;
      const placed = cells.filter(Array.isArray).map((c) => {
        let p = step(read((c as Json[]).map(Number), from, flat));
        if (!threeD) p = [p[0], p[1], p[2] === bottom ? 0 : Number.NaN];
        return place(p);
      }).filter((p) => kept.has(p.join()));
      if (placed.length) next[name] = placed.map((p) => (threeD ? p : [p[0], p[1]]));
    }
    return { spec: { ...out, colours: next }, dropped };
  }
  return { spec: out, dropped };
}

/** What the change did to the cells, for the editor to say. */
function said(from: GridName, to: GridName, dropped: number): string {
  const parts = [`Grid: ${NAMES[to]}.`];
  if (isBalls(from) && isBalls(to)) parts.push('The cells stay: both lie on the same lattice.');
  else if (isBalls(to)) parts.push(`Each layer became a square layer of ${NAMES[to]} (cell x, y now at x + y, x − y), each layer in the hollows of the one below.`);
  else if (isBalls(from)) parts.push(`Each square layer of ${NAMES[from]} became a layer of ${NAMES[to]}.`);
  else parts.push(`Every cell keeps its column, row${SOLID_GRIDS.has(from) && SOLID_GRIDS.has(to) ? ' and layer' : ''}, now one of ${NAMES[to]}.`);
  if (SOLID_GRIDS.has(from) && !SOLID_GRIDS.has(to)) parts.push(dropped ? `Only each shape's bottom layer was kept (${digits(dropped)} cell${dropped === 1 ? '' : 's'} dropped).` : "Each shape's one layer was kept.");
  if (!SOLID_GRIDS.has(from) && SOLID_GRIDS.has(to)) parts.push('Each shape is now one layer.');
  parts.push('Undo brings the old cells back.');
  return parts.join(' ');
}

/** The document on grid `to`, and what that did; the same document when it is on `to` already. */
export function switchGrid(doc: Doc, to: GridName): { doc: Doc; said: string } {
  const from = documentGrid(doc);
  if (from === to) return { doc, said: '' };
  let dropped = 0;
  const convert = (spec: Json | undefined): Json => {
    const c = convertShape((spec ?? {}) as ShapeSpec, from, to);
    dropped += c.dropped;
    return c.spec as Json;
  };
  let next = setField(doc, ['board'], convert(doc.board));
  if (Array.isArray(doc.pieces)) next = setField(next, ['pieces'], doc.pieces.map(convert));
  // The default grids go unsaid, so that a square or cube puzzle is written as before; another
  // is named before the board, where the format lists it.
  const { grid: _old, ...rest } = next;
  void _old;
  if (to !== 'square' && to !== 'cube') {
    const entries = Object.entries(rest);
    const at = entries.findIndex(([k]) => k === 'board');
    entries.splice(at < 0 ? entries.length : at, 0, ['grid', to]);
    next = Object.fromEntries(entries) as Doc;
  } else {
    next = rest as Doc;
  }
  return { doc: next, said: said(from, to, dropped) };
}
