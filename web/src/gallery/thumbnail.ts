// Small pictures of solutions for the gallery, in SVG for every kind (no WebGL: a gallery shows
// dozens at once): flat boards cell by cell, tiles as their four edge colours, cubes (packing and
// snake) as an isometric stack drawn back to front.
import type { DecodedSolution } from '../protocol/messages';
import type { PuzzleDescription, Vec3 } from '../solver/description';
import { edgeDrawing, packingDrawing, snakeDrawing } from '../render/drawing-model';
import { svgElement as el } from '../render/svg';

/** Side of a thumbnail, in CSS pixels. */
export const THUMB = 112;

function frame(width: number, height: number): SVGSVGElement {
  return el('svg', { viewBox: `0 0 ${width} ${height}`, width: THUMB, height: THUMB, 'aria-hidden': 'true', class: 'thumb' });
}

function flat(cells: { p: Vec3; colour: string | null }[]): SVGSVGElement {
  const xs = cells.map((c) => c.p[0]);
  const ys = cells.map((c) => c.p[1]);
  const x0 = Math.min(...xs);
  const y0 = Math.min(...ys);
  const svg = frame(Math.max(...xs) - x0 + 1, Math.max(...ys) - y0 + 1);
  svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  for (const c of cells) el('rect', { x: c.p[0] - x0, y: c.p[1] - y0, width: 1, height: 1, fill: c.colour ?? 'var(--thumb-empty)', class: 'thumb-cell' }, svg);
  return svg;
}

/** Shades of a cube's three visible faces: top, left (x), right (y). */
const SHADE = [0, 0.22, 0.4];

function shaded(hex: string, by: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const f = (v: number) => Math.round(v * (1 - by));
  return `rgb(${f((n >> 16) & 255)},${f((n >> 8) & 255)},${f(n & 255)})`;
}

/** Cubes seen from above, +x to the lower right, +y to the lower left, z up; the nearest drawn last. */
function isometric(cubes: { p: Vec3; colour: string; faint?: boolean }[]): SVGSVGElement {
  if (!cubes.length) return frame(1, 1);
  const project = (x: number, y: number, z: number): [number, number] => [(x - y) * 0.866, (x + y) * 0.5 - z];
  const corners = cubes.flatMap(({ p }) => [project(p[0], p[1] + 1, p[2]), project(p[0] + 1, p[1], p[2]), project(p[0], p[1], p[2] + 1), project(p[0] + 1, p[1] + 1, p[2])]);
  const minX = Math.min(...corners.map((c) => c[0]));
  const minY = Math.min(...corners.map((c) => c[1]));
  const svg = frame(Math.max(...corners.map((c) => c[0])) - minX, Math.max(...corners.map((c) => c[1])) - minY);
  svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  const pt = (x: number, y: number, z: number) => {
    const [a, b] = project(x, y, z);
    return `${(a - minX).toFixed(3)},${(b - minY).toFixed(3)}`;
  };
  const order = [...cubes].sort((a, b) => a.p[0] + a.p[1] + a.p[2] - (b.p[0] + b.p[1] + b.p[2]));
  for (const { p: [x, y, z], colour, faint } of order) {
    const faces = [
      [pt(x, y, z + 1), pt(x + 1, y, z + 1), pt(x + 1, y + 1, z + 1), pt(x, y + 1, z + 1)],
      [pt(x, y + 1, z), pt(x + 1, y + 1, z), pt(x + 1, y + 1, z + 1), pt(x, y + 1, z + 1)],
      [pt(x + 1, y, z), pt(x + 1, y + 1, z), pt(x + 1, y + 1, z + 1), pt(x + 1, y, z + 1)],
    ];
    faces.forEach((f, i) => el('polygon', { points: f.join(' '), fill: shaded(colour, SHADE[i]!), class: faint ? 'thumb-face thumb-faint' : 'thumb-face' }, svg));
  }
  return svg;
}

/** The thumbnail of `solution` (the empty board's when null). */
export function thumbnail(d: PuzzleDescription, solution: DecodedSolution | null): SVGSVGElement {
  if (d.kind === 'edge-matching') {
    const drawing = edgeDrawing(d, solution);
    const svg = frame(drawing.cols, drawing.rows);
    for (const t of drawing.tiles) {
      if (!t) continue;
      const [x, y] = [t.col, t.row];
      const tri = [`${x},${y} ${x + 1},${y}`, `${x + 1},${y} ${x + 1},${y + 1}`, `${x + 1},${y + 1} ${x},${y + 1}`, `${x},${y + 1} ${x},${y}`];
      tri.forEach((side, s) => el('polygon', { points: `${side} ${x + 0.5},${y + 0.5}`, fill: t.colours[s]!, class: 'thumb-cell' }, svg));
    }
    return svg;
  }
  if (d.kind === 'snake') return isometric(snakeDrawing(d, solution).cubes);
  const drawing = packingDrawing(d, solution);
  if (d.dimensions === 2) return flat(drawing.cells);
  // Cells left empty (a placement alone, a frame's holes) are glass, so that what is placed shows where it lies.
  return isometric(drawing.cells.map((c) => (c.colour ? { p: c.p, colour: c.colour } : { p: c.p, colour: '#b9b2a5', faint: true })));
}
