// 2D views in SVG: flat packing boards and edge-matching grids. Text is set with textContent only.
import type { DecodedSolution } from '../protocol/messages';
import type { EdgeMatchingDescription, PackingDescription, Vec3 } from '../solver/description';
import { cellMiddle, cellPolygon, polygonBounds } from './cell-geometry';
import { edgeDrawing, packingDrawing, type DrawnTile, type PackingDrawing } from './drawing-model';
import { isDark } from './palette';
import { h } from '../ui/dom';
import { svgElement as el } from './svg';
import type { PuzzleView } from './view';


/**
 * Sets the text and squeezes it into `maxWidth` when it would be wider (estimated from
 * `charWidth`, the font's average advance), so that a long label never spills onto a neighbour.
 */
function fitText(t: SVGTextElement, text: string, maxWidth: number, charWidth: number): void {
  t.textContent = text;
  if (text.length * charWidth > maxWidth) {
    t.setAttribute('textLength', String(maxWidth));
    t.setAttribute('lengthAdjust', 'spacingAndGlyphs');
  }
}

/** Marks the drawn parts of piece `index` (`data-index`) as picked out, the others as faded. */
function highlightParts(svg: SVGSVGElement, index: number | null): void {
  svg.classList.toggle('highlighting', index !== null);
  // None picked out: only parts picked before are visited (a drawing made afresh has none; an
  // edge-matching board has hundreds of parts, a few ms for each solution drawn).
  for (const e of svg.querySelectorAll<SVGElement>(index === null ? '.picked' : '[data-index]')) e.classList.toggle('picked', e.dataset.index === String(index));
}

/** Side of a board cell, in SVG units; of a triangle, and hexagons' spacing (cell-geometry.ts). */
const CELL = 32;
const POLYGON_CELL = 40;

function frame(): { element: HTMLElement; svg: SVGSVGElement } {
  const svg = el('svg', { role: 'img' });
  return { element: h('div', { class: 'view-2d' }, svg), svg };
}

export class Packing2DView implements PuzzleView {
  readonly element: HTMLElement;
  private svg: SVGSVGElement;
  private highlighted: number | null = null;
  private press: ((cell: Vec3) => void) | null = null;
  private marked: readonly Vec3[] = [];
  private readonly board: Set<string>;
  constructor(private puzzle: PackingDescription) {
    ({ element: this.element, svg: this.svg } = frame());
    this.svg.setAttribute('aria-label', `${puzzle.name}: board`);
    this.board = new Set(puzzle.board.cells.map((c) => `${c[0]},${c[1]}`));
    this.svg.addEventListener('click', (e) => this.pressAt(e));
    this.show(null);
  }

  pressCells(press: ((cell: Vec3) => void) | null, marked: readonly Vec3[]): void {
    this.press = press;
    this.marked = marked;
    this.svg.classList.toggle('pressing', press !== null);
    this.drawMarks();
  }

  /** The board cell under a click, handed to `press`. */
  private pressAt(e: MouseEvent): void {
    const m = this.svg.getScreenCTM();
    if (!this.press || !m) return;
    if (this.puzzle.grid !== 'square') {
      const at = (e.target as Element).closest?.('[data-at]')?.getAttribute('data-at');
      if (at) this.press([Number(at.split(',')[0]), Number(at.split(',')[1]), 0]);
      return;
    }
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    const x = Math.floor(p.x / CELL);
    const y = Math.floor(p.y / CELL);
    if (this.board.has(`${x},${y}`)) this.press([x, y, 0]);
  }

  private drawMarks(): void {
    this.svg.querySelector('.marks')?.remove();
    const marks = el('g', { class: 'marks' }, this.svg);
    if (this.puzzle.grid !== 'square') {
      for (const p of this.marked) {
        const [mx, my] = cellMiddle(this.puzzle.grid, p);
        el('circle', { cx: mx * POLYGON_CELL, cy: my * POLYGON_CELL, r: POLYGON_CELL / 5, class: 'pin-mark', 'data-mark': `${p[0]},${p[1]}` }, marks);
      }
      return;
    }
    for (const [x, y] of this.marked) el('rect', { x: x * CELL + 3, y: y * CELL + 3, width: CELL - 6, height: CELL - 6, class: 'pin-mark', 'data-mark': `${x},${y}` }, marks);
  }

  show(sol: DecodedSolution | null): void {
    const d = packingDrawing(this.puzzle, sol);
    if (d.grid !== 'square') {
      this.showPolygons(d);
      return;
    }
    const S = CELL;
    const [w, h] = d.size;
    const [x0, y0] = d.origin;
    const svg = this.svg;
    svg.replaceChildren();
    svg.setAttribute('viewBox', `${x0 * S - 4} ${y0 * S - 4} ${w * S + 8} ${h * S + 8}`);
    // Cells drawn 48 px wide where there is room, the whole board at most 720 px.
    svg.setAttribute('width', String(Math.min(720, (w * S + 8) * 1.5)));
    const cells = el('g', { class: 'cells' }, svg);
    for (const c of d.cells) {
      const [x, y] = c.p;
      const r = el('rect', { x: x * S, y: y * S, width: S, height: S }, cells);
      if (c.state === 'piece') {
        r.setAttribute('fill', c.colour!);
        r.setAttribute('data-piece', d.placements[c.owner]!.name);
        r.setAttribute('data-index', String(d.placements[c.owner]!.piece));
      } else if (c.state === 'hole') {
        r.setAttribute('class', 'hole');
        el('circle', { cx: x * S + S / 2, cy: y * S + S / 2, r: S / 6, class: 'hole-dot' }, cells);
      } else {
        r.setAttribute('class', c.mark === '+' ? 'free' : 'empty');
      }
    }
    // Thin grid, then thick outlines between pieces.
    const grid = el('g', { class: 'grid' }, svg);
    for (const c of d.cells) el('rect', { x: c.p[0] * S, y: c.p[1] * S, width: S, height: S }, grid);
    const path = d.outlines.map(([x1, y1, x2, y2]) => `M${x1 * S} ${y1 * S}L${x2 * S} ${y2 * S}`).join('');
    el('path', { d: path, class: 'outline' }, svg);
    // Piece names at each placement's first cell, for reading the solution aloud.
    const labels = el('g', { class: 'labels' }, svg);
    for (const pl of d.placements) {
      const c = pl.cells.reduce((a, b) => (b[1] < a[1] || (b[1] === a[1] && b[0] < a[0]) ? b : a));
      const t = el('text', { x: c[0] * S + S / 2, y: c[1] * S + S / 2 + 4, class: isDark(pl.colour) ? 'on-dark' : '' }, labels);
      fitText(t, pl.name, S - 4, 6.6);
    }
    highlightParts(svg, this.highlighted);
    this.drawMarks();
  }

  highlight(index: number | null): void {
    this.highlighted = index;
    highlightParts(this.svg, index);
  }

  /** Triangles and hexagons: each cell a polygon, outlines between pieces, names at a piece's first cell. */
  private showPolygons(d: PackingDrawing): void {
    const S = POLYGON_CELL;
    const svg = this.svg;
    svg.replaceChildren();
    const [x0, y0, x1, y1] = polygonBounds(d.grid, d.cells.map((c) => c.p));
    svg.setAttribute('viewBox', `${x0 * S - 4} ${y0 * S - 4} ${(x1 - x0) * S + 8} ${(y1 - y0) * S + 8}`);
    svg.setAttribute('width', String(Math.min(720, ((x1 - x0) * S + 8) * 1.5)));
    const points = (p: readonly number[]) => cellPolygon(d.grid, p).map(([x, y]) => `${x * S},${y * S}`).join(' ');
    const cells = el('g', { class: 'cells' }, svg);
    const grid = el('g', { class: 'grid' }, svg);
    for (const c of d.cells) {
      const shape = el('polygon', { points: points(c.p), 'data-at': `${c.p[0]},${c.p[1]}` }, cells);
      el('polygon', { points: points(c.p) }, grid);
      if (c.state === 'piece') {
        shape.setAttribute('fill', c.colour!);
        shape.setAttribute('data-piece', d.placements[c.owner]!.name);
        shape.setAttribute('data-index', String(d.placements[c.owner]!.piece));
      } else {
        shape.setAttribute('class', c.state === 'hole' ? 'hole' : c.mark === '+' ? 'free' : 'empty');
        if (c.state === 'hole') {
          const [mx, my] = cellMiddle(d.grid, c.p);
          el('circle', { cx: mx * S, cy: my * S, r: S / 8, class: 'hole-dot' }, cells);
        }
      }
    }
    const path = d.outlines.map(([ax, ay, bx, by]) => `M${ax * S} ${ay * S}L${bx * S} ${by * S}`).join('');
    el('path', { d: path, class: 'outline' }, svg);
    const labels = el('g', { class: 'labels' }, svg);
    for (const pl of d.placements) {
      const c = pl.cells.reduce((a, b) => (b[1] < a[1] || (b[1] === a[1] && b[0] < a[0]) ? b : a));
      const [mx, my] = cellMiddle(d.grid, c);
      const t = el('text', { x: mx * S, y: my * S + 4, class: isDark(pl.colour) ? 'on-dark' : '' }, labels);
      fitText(t, pl.name, S * 0.5, 6.6);
    }
    highlightParts(svg, this.highlighted);
    this.drawMarks();
  }

  dispose(): void {
    this.svg.replaceChildren();
  }
}

/**
 * One tile of side S into `g` (at its origin): four triangles in the edge labels' colours, each
 * label along its own edge, and the face or name in the middle, turned as the tile is turned.
 */
export function drawTile(g: SVGGElement, t: DrawnTile, S: number): void {
  g.setAttribute('data-tile', t.name);
  const m = S / 2;
  // Four triangles, one per side: top, right, bottom, left.
  const tri = [
    `0,0 ${S},0 ${m},${m}`,
    `${S},0 ${S},${S} ${m},${m}`,
    `${S},${S} 0,${S} ${m},${m}`,
    `0,${S} 0,0 ${m},${m}`,
  ];
  tri.forEach((pts, s) => el('polygon', { points: pts, fill: t.colours[s]!, class: 'edge' }, g));
  el('rect', { x: 0, y: 0, width: S, height: S, class: 'tile-border' }, g);
  // Each label runs along its own edge (the side ones turned, none upside down), squeezed
  // to fit its triangle.
  t.sides.forEach((label, s) => {
    const at: Record<string, string | number> = s === 2 ? { x: m, y: S - 10 } : { x: m, y: 18, transform: `rotate(${s * 90} ${m} ${m})` };
    const tx = el('text', { ...at, class: 'edge-label' }, g);
    fitText(tx, label, S * 0.62, 7.2);
  });
  // Centre: the face (if any) and the tile's name, turned as the tile is turned.
  el('circle', { cx: m, cy: m, r: S / 5, class: 'face-disc' }, g);
  const name = el('text', { x: m, y: m + 4, class: 'tile-name', transform: `rotate(${t.rotation * 90} ${m} ${m})` }, g);
  fitText(name, t.face ?? t.name, (S * 2) / 5 - 2, 6.2);
  const arrow = el('path', { d: `M${m - 5} ${m - 12}L${m} ${m - 18}L${m + 5} ${m - 12}Z`, class: 'tile-up' }, g);
  arrow.setAttribute('transform', `rotate(${t.rotation * 90} ${m} ${m})`);
}

export class EdgeView implements PuzzleView {
  readonly element: HTMLElement;
  private svg: SVGSVGElement;
  private highlighted: number | null = null;
  constructor(private puzzle: EdgeMatchingDescription) {
    ({ element: this.element, svg: this.svg } = frame());
    this.svg.setAttribute('aria-label', `${puzzle.name}: tiles`);
    this.show(null);
  }

  show(sol: DecodedSolution | null): void {
    const d = edgeDrawing(this.puzzle, sol);
    const S = 96;
    const svg = this.svg;
    svg.replaceChildren();
    svg.setAttribute('viewBox', `-4 -4 ${d.cols * S + 8} ${d.rows * S + 8}`);
    svg.setAttribute('width', String(Math.min(640, d.cols * S + 8)));
    for (let r = 0; r < d.rows; r++)
      for (let c = 0; c < d.cols; c++) {
        const t = d.tiles[r * d.cols + c];
        const g = el('g', { transform: `translate(${c * S} ${r * S})`, class: 'tile' }, svg);
        if (!t) {
          el('rect', { x: 0, y: 0, width: S, height: S, class: 'empty' }, g);
          continue;
        }
        drawTile(g, t, S);
        g.setAttribute('data-index', String(t.tile));
      }
    highlightParts(svg, this.highlighted);
  }

  highlight(index: number | null): void {
    this.highlighted = index;
    highlightParts(this.svg, index);
  }

  dispose(): void {
    this.svg.replaceChildren();
  }
}
