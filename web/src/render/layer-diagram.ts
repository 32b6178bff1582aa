// Solutions of 3D puzzles as flat diagrams, one per layer from the bottom (z = 0) up, side by
// side: what a printed sheet shows, and what one can build from layer by layer. Packings: each
// cell in its piece's colour with the piece's name, thick lines between pieces within a layer.
// Snakes: each cube with its place along the chain (1 = the first cube), the two wood tones.
import type { DecodedSolution } from '../protocol/messages';
import type { PackingDescription, SnakeDescription, Vec3 } from '../solver/description';
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

function layered(cells: LayerCell[], title: string): SVGSVGElement {
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
      const r = el('rect', { x: c.p[0] * S, y: c.p[1] * S, width: S, height: S, class: c.hole ? 'hole' : c.colour ? 'cell' : 'empty' }, g);
      if (c.colour) r.setAttribute('fill', c.colour);
      if (c.label) {
        const t = el('text', { x: c.p[0] * S + S / 2, y: c.p[1] * S + S / 2 + 4, class: 'cell-label' }, g);
        t.textContent = c.label;
      }
    }
    const drawn: DrawnCell[] = here.map((c) => ({ p: c.p, mark: '#', owner: c.owner, state: 'piece', colour: c.colour }));
    const path = outlines2d(drawn).map(([x1, y1, x2, y2]) => `M${x1 * S} ${y1 * S}L${x2 * S} ${y2 * S}`).join('');
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
  })), title);
}

export function snakeLayers(puzzle: SnakeDescription, sol: DecodedSolution | null, title: string): SVGSVGElement {
  const d = snakeDrawing(puzzle, sol);
  return layered(d.cubes.map((c, i) => ({ p: c.p, colour: c.colour, label: String(i + 1), owner: i, hole: false })), title);
}
