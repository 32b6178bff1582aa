// The tray's flat pictures, in SVG: a flat piece in its colour with its outline, a tile as the
// board draws it (unturned), and the snake's chain laid flat.
import type { EdgeMatchingDescription, GridName, Vec3 } from '../solver/description';
import { cellPolygon, polygonBounds, polygonOutlines } from '../render/cell-geometry';
import { drawnTile, outlines2d, type DrawnCell } from '../render/drawing-model';
import { SNAKE_WOOD } from '../render/palette';
import { drawTile } from '../render/svg2d';
import { svgElement as el } from '../render/svg';
import { flatChain } from './tray-model';

/** Largest side of a tray picture, in CSS pixels. */
export const PICTURE_SIZE = 72;

/** An SVG of `width` × `height` user units (16 a cell), at most PICTURE_SIZE pixels and 18 a cell. */
function picture(width: number, height: number): SVGSVGElement {
  const px = Math.min(18 / 16, PICTURE_SIZE / (Math.max(width, height) + 4));
  return el('svg', { viewBox: `-2 -2 ${width + 4} ${height + 4}`, width: Math.round((width + 4) * px), height: Math.round((height + 4) * px), 'aria-hidden': 'true' });
}

/** Cells (x, y) filled by `fill(i)`, outlined as one region. */
function cellsPicture(cells: readonly [number, number][], fill: (i: number) => string): SVGSVGElement {
  const S = 16;
  const w = Math.max(...cells.map((c) => c[0])) + 1;
  const h = Math.max(...cells.map((c) => c[1])) + 1;
  const svg = picture(w * S, h * S);
  for (const [i, [x, y]] of cells.entries()) el('rect', { x: x * S, y: y * S, width: S, height: S, fill: fill(i), class: 'tray-cell' }, svg);
  const drawn: DrawnCell[] = cells.map(([x, y]) => ({ p: [x, y, 0], mark: '#', owner: 0, state: 'piece', colour: null }));
  const d = outlines2d(drawn).map(([x1, y1, x2, y2]) => `M${x1 * S} ${y1 * S}L${x2 * S} ${y2 * S}`).join('');
  el('path', { d, class: 'tray-outline' }, svg);
  return svg;
}

/** Triangles and hexagons as polygons with their outline; a flat piece of balls as touching balls. */
function gridPicture(grid: GridName, cells: readonly Vec3[], colour: string): SVGSVGElement {
  const S = 16;
  const balls = grid === 'sphere' || grid === 'rhombic-dodecahedron';
  const [x0, y0, x1, y1] = balls
    ? [Math.min(...cells.map((c) => c[0])) - 0.2, Math.min(...cells.map((c) => c[1])) - 0.2, Math.max(...cells.map((c) => c[0])) + 1.2, Math.max(...cells.map((c) => c[1])) + 1.2]
    : polygonBounds(grid, cells);
  const svg = picture((x1 - x0) * S, (y1 - y0) * S);
  const g = el('g', { transform: `translate(${-x0 * S} ${-y0 * S})` }, svg);
  for (const p of cells) {
    if (balls) el('circle', { cx: (p[0] + 0.5) * S, cy: (p[1] + 0.5) * S, r: S * 0.68, fill: colour, class: 'tray-cell' }, g);
    else el('polygon', { points: cellPolygon(grid, p).map(([x, y]) => `${x * S},${y * S}`).join(' '), fill: colour, class: 'tray-cell' }, g);
  }
  if (!balls) {
    const d = polygonOutlines(grid, cells, () => 'piece').map(([ax, ay, bx, by]) => `M${ax * S} ${ay * S}L${bx * S} ${by * S}`).join('');
    el('path', { d, class: 'tray-outline' }, g);
  }
  return svg;
}

export function flatPiecePicture(cells: readonly Vec3[], colour: string, grid: GridName = 'square'): SVGSVGElement {
  if (grid !== 'square' && grid !== 'cube') return gridPicture(grid, cells, colour);
  return cellsPicture(cells.map((c) => [c[0], c[1]]), () => colour);
}

/** Tile `tile` as the board draws it, unturned; `colourOf`: edgeColours(puzzle), made once per tray. */
export function tilePicture(puzzle: EdgeMatchingDescription, colourOf: (label: string) => string, tile: number): SVGSVGElement {
  const S = 96;
  const svg = picture(S, S);
  drawTile(el('g', {}, svg), drawnTile(puzzle, colourOf, tile, 0), S);
  return svg;
}

export function chainPicture(segments: readonly number[]): SVGSVGElement {
  const { cells, run } = flatChain(segments);
  return cellsPicture(cells, (i) => SNAKE_WOOD[run[i]! % 2]!);
}
