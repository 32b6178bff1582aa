// Solutions of 3D puzzles as flat diagrams, one per layer from the bottom (z = 0) up, side by
// side: what a printed sheet shows, and what one can build from layer by layer. Packings: each
// cell in its piece's colour with the piece's name, thick lines between pieces within a layer.
// Snakes: each cube with its place along the chain (1 = the first cube), the two wood tones.
import type { DecodedSolution } from '../protocol/messages';
import type { GridName, PackingDescription, SnakeDescription, Vec3 } from '../solver/description';
import { cellMiddle, cellPolygon, polygonOutlines } from './cell-geometry';
import { outlines2d, packingDrawing, snakeDrawing, type DrawnCell } from './drawing-model';
import { svgElement as el } from './svg';

const S = 24;
const GAP = 1;

interface LayerCell {
  p: Vec3;
  colour: string | null;
  label: string;
  /** Region for outlines: cells of one region have no line between them. */
  owner: number;
  hole: boolean;
}

/**
 * One cell of a layer: a square, a triangle (prisms), or a ball (the sphere grids, whose layer
 * neighbours lie diagonally, a ball's diameter apart; and BurrTools' tetrahedra, a smaller dot
 * for each, down to 1 apart); and where its label goes.
 */
function layerCell(grid: GridName, p: Vec3, parent: SVGElement): { shape: SVGElement; middle: [number, number] } {
  if (grid === 'prism') {
    const points = cellPolygon(grid, p).map(([x, y]) => `${x * S},${y * S}`).join(' ');
    const [mx, my] = cellMiddle(grid, p);
    return { shape: el('polygon', { points }, parent), middle: [mx * S, my * S] };
  }
  const middle: [number, number] = [p[0] * S + S / 2, p[1] * S + S / 2];
  if (grid === 'sphere' || grid === 'rhombic-dodecahedron' || grid === 'rhombic-tetrahedron')
    return { shape: el('circle', { cx: middle[0], cy: middle[1], r: S * (grid === 'rhombic-tetrahedron' ? 0.45 : 0.68) }, parent), middle };
  return { shape: el('rect', { x: p[0] * S, y: p[1] * S, width: S, height: S }, parent), middle };
}

function layered(cells: LayerCell[], title: string, grid: GridName = 'cube'): SVGSVGElement {
  const lo = [0, 1, 2].map((a) => Math.min(...cells.map((c) => c.p[a]!)));
  const hi = [0, 1, 2].map((a) => Math.max(...cells.map((c) => c.p[a]!)));
  const [w, hgt, layers] = [0, 1, 2].map((a) => (cells.length ? hi[a]! - lo[a]! + 1 : 0)) as [number, number, number];
  const svg = el('svg', { role: 'img', 'aria-label': title, viewBox: `-4 -18 ${layers * (w + GAP) * S - GAP * S + 8} ${hgt * S + 22}` });
  svg.setAttribute('class', 'layer-diagram');
  for (let z = 0; z < layers; z++) {
    const g = el('g', { transform: `translate(${z * (w + GAP) * S} 0)` }, svg);
    const caption = el('text', { x: 0, y: -6, class: 'layer-caption' }, g);
    caption.textContent = layers > 1 ? `layer ${z + 1}${z === 0 ? ' (bottom)' : z === layers - 1 ? ' (top)' : ''}` : '';
    const here = cells.filter((c) => c.p[2] - lo[2]! === z).map((c) => ({ ...c, p: [c.p[0] - lo[0]!, c.p[1] - lo[1]!, 0] as Vec3 }));
    for (const c of here) {
      const { shape, middle } = layerCell(grid, c.p, g);
      shape.setAttribute('class', c.hole ? 'hole' : c.colour ? 'cell' : 'empty');
      if (c.colour) shape.setAttribute('fill', c.colour);
      if (c.label) {
        const t = el('text', { x: middle[0], y: middle[1] + 4, class: 'cell-label' }, g);
        t.textContent = c.label;
      }
    }
    // Balls touch at points: their colours and labels tell the pieces apart (dots too).
    if (grid === 'sphere' || grid === 'rhombic-dodecahedron' || grid === 'rhombic-tetrahedron') continue;
    const drawn: DrawnCell[] = here.map((c) => ({ p: c.p, mark: '#', owner: c.owner, state: 'piece', colour: c.colour }));
    const sides = grid === 'prism' ? polygonOutlines(grid, drawn.map((c) => c.p), (i) => String(drawn[i]!.owner)) : outlines2d(drawn);
    const path = sides.map(([x1, y1, x2, y2]) => `M${x1 * S} ${y1 * S}L${x2 * S} ${y2 * S}`).join('');
    el('path', { d: path, class: 'outline' }, g);
  }
  return svg;
}

export function packingLayers(puzzle: PackingDescription, sol: DecodedSolution | null, title: string): SVGSVGElement {
  const d = packingDrawing(puzzle, sol);
  return layered(d.cells.map((c) => ({
    p: c.p,
    colour: c.colour,
    label: c.owner >= 0 ? d.placements[c.owner]!.name.slice(0, 3) : '',
    // Empty cells and holes each stand alone.
    owner: c.owner >= 0 ? c.owner : -1 - d.cells.indexOf(c),
    hole: c.state === 'hole',
  })), title, puzzle.grid);
}

export function snakeLayers(puzzle: SnakeDescription, sol: DecodedSolution | null, title: string): SVGSVGElement {
  const d = snakeDrawing(puzzle, sol);
  return layered(d.cubes.map((c, i) => ({ p: c.p, colour: c.colour, label: String(i + 1), owner: i, hole: false })), title);
}
