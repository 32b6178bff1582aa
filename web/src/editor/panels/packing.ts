// The packing panel: the grid (squares, triangles, hexagons; cubes, balls, rhombic dodecahedra,
// prisms), rotations and reflections, a brush, and one grid to paint for the board and for each
// piece (3D shapes layer by layer), with a 3D preview of the shape last touched. Pieces have the
// colours the page draws them in.
// Just over ~300 lines: painting, the layer and cursor kept per grid, and the solver's findings
// shown beside each shape all read the same panel state (brush, focus, the stroke under way).
import { cellLayout } from '../cell-layout';
import { BOARD_COLOUR, pieceSlots, slotColour } from '../../render/palette';
import { h } from '../../ui/dom';
import {
  addPiece, duplicateItem, getCount, isPacking3D, paintCell, removeItem, resizeShape, setCount, shapeGrid, type Doc, type ShapeTarget,
} from '../edits';
import { flag, numberField, textField } from '../fields';
import { gridCell, gridCells, type Cell } from '../grids';
import { placementCells } from '../../place/piece-placements';
import type { PackingDescription, PuzzleDescription, Vec3 } from '../../solver/description';
import { packingFindings, placementsWanted, type PackingFindings } from '../checks/packing-checks';
import type { EditorContext, KindPanel } from './context';
import { GridChooser } from './grid-chooser';

const BRUSHES: [Cell, string, string][] = [['#', 'Must fill (#)', 'fill'], ['+', 'May stay empty (+)', 'optional'], ['.', 'Erase', 'erase']];
const cellClass = (c: Cell) => `pw-cell pw-cell-${c === '#' ? 'fill' : c === '+' ? 'optional' : 'empty'}`;

export class PackingPanel implements KindPanel {
  private brush: Cell = '#';
  /** Layer shown for each shape's grid (3D), by grid id. */
  private readonly layer = new Map<string, number>();
  /** The shape the preview shows: the one last painted or switched to. */
  private focus: ShapeTarget = { board: true };
  /** The cell of each grid that Tab reaches ("x,y"), by grid id: the one last visited. */
  private readonly cursor = new Map<string, string>();
  /** The value a drag paints, while one is under way. */
  private painting: Cell | null = null;
  private readonly gridChooser: GridChooser;
  /** The findings about the last reading (a re-render shows them again without asking the solver). */
  private known: { d: PackingDescription; findings: Promise<PackingFindings> } | null = null;

  constructor(private readonly ctx: EditorContext) {
    this.gridChooser = new GridChooser(ctx);
    for (const ev of ['pointerup', 'pointercancel', 'blur']) window.addEventListener(ev, () => this.endPaint());
  }

  /**
   * What the solver's reading says cannot work, next to the board and each piece; null when a
   * newer reading is on its way.
   */
  async described(d: PuzzleDescription | null): Promise<string | null> {
    const findings = d?.kind === 'packing' ? await this.findingsOf(d) : null;
    if (d !== this.ctx.description) return null;
    const blocking = findings && (findings.board || findings.pieces.some((p) => p?.includes('no solution')));
    // As short as the "Valid packing puzzle." it replaces: the line must not grow a second line mid-stroke.
    const verdict = blocking ? 'Cannot be solved: see below.' : null;
    // Not mid-stroke: a line appearing above the grid would move it under the finger. The
    // re-render that ends the stroke says it.
    if (this.painting) return verdict;
    const say = (testid: string, text: string | null) => {
      const el = document.querySelector<HTMLElement>(`[data-testid="${testid}"]`);
      if (!el) return;
      el.textContent = text ?? '';
      el.hidden = !text;
    };
    say('editor-board-explain', findings?.board ?? null);
    const pieces = Array.isArray(this.ctx.doc.pieces) ? this.ctx.doc.pieces.length : 0;
    for (let i = 0; i < pieces; i++) say(`editor-piece-${i}-explain`, findings?.pieces[i] ?? null);
    return verdict;
  }

  /** The findings about `d`, with the placements the solver lists (asked once per reading). */
  private findingsOf(d: PackingDescription): Promise<PackingFindings> {
    if (this.known?.d !== d) this.known = { d, findings: this.find(d) };
    return this.known.findings;
  }

  private async find(d: PackingDescription): Promise<PackingFindings> {
    let lists: Vec3[][][] | null = null;
    if (placementsWanted(d)) {
      const results = await Promise.all(d.pieces.map((_, i) => this.ctx.placements(i)));
      // A piece over the solver's limits: the cell counts alone, as above the budget.
      if (results.every((r) => r.ok)) lists = results.map((r) => (r.ok ? placementCells(d, r) : []));
    }
    return packingFindings(d, lists);
  }

  /**
   * The line where the editor says why the board or a piece cannot work (filled by described()),
   * under its grid: it comes and goes as the solver answers, and must not move the grid itself.
   */
  private explanation(testid: string): HTMLElement {
    return h('p', { class: 'pw-editor-explain', 'data-testid': testid, hidden: true });
  }

  render(): HTMLElement {
    const { ctx } = this;
    const d = ctx.doc;
    const threeD = isPacking3D(d);
    const brushes = h('div', { class: 'pw-editor-brushes', role: 'radiogroup', 'aria-label': 'Brush' },
      ...BRUSHES.map(([c, label, id]) => h('button', {
        type: 'button', class: this.brush === c ? 'pw-on' : '', 'aria-pressed': String(this.brush === c), 'data-testid': `editor-brush-${id}`,
        onclick: () => {
          this.brush = c;
          ctx.rerender();
        },
      }, label)));
    const pieces = Array.isArray(d.pieces) ? (d.pieces as Doc[]) : [];
    if ('piece' in this.focus && this.focus.piece >= pieces.length) this.focus = { board: true };
    const el = h('div', { class: 'pw-editor-packing' },
      h('div', { class: 'pw-editor-row' }, this.gridChooser.select(),
        flag(ctx, 'Rotations', ['rotations'], 'editor-rotations', 'yes'),
        flag(ctx, 'Reflections', ['reflections'], 'editor-reflections', threeD ? 'no' : 'yes'),
        flag(ctx, 'Take apart', ['disassemble'], 'editor-disassemble', 'no')),
      this.gridChooser.note(),
      brushes,
      h('fieldset', { class: 'pw-editor-board' }, h('legend', { text: 'Board' }), this.shapeEditor({ board: true }, 'board'), this.explanation('editor-board-explain')),
      h('fieldset', { class: 'pw-editor-pieces' }, h('legend', { text: `Pieces (${pieces.length})` }),
        ...pieces.map((_, i) => this.pieceEditor(i)),
        h('button', { type: 'button', 'data-testid': 'editor-add-piece', onclick: () => ctx.update(addPiece(ctx.doc)) }, 'Add piece')),
      threeD ? ctx.preview.holder('Preview (drag to turn)') : null);
    if (threeD) this.showPreview();
    // The solver's last reading, until the next one answers (a re-render must not blank it).
    queueMicrotask(() => void this.described(ctx.description));
    return el;
  }

  /** The colour of piece i, as the page draws its first copy. */
  private colour(i: number): string {
    const pieces = Array.isArray(this.ctx.doc.pieces) ? this.ctx.doc.pieces : [];
    const maxima = pieces.map((_, k) => {
      const c = getCount(this.ctx.doc, 'pieces', k);
      return typeof c === 'number' ? c : c.max;
    });
    return slotColour(pieceSlots(maxima)[i] ?? i);
  }

  private pieceEditor(i: number): HTMLElement {
    const { ctx } = this;
    const count = getCount(ctx.doc, 'pieces', i);
    const ranged = typeof count === 'object';
    const mode = h('select', { 'data-testid': `editor-piece-${i}-count-mode`, 'data-key': `pieces.${i}.countmode` },
      h('option', { value: 'fixed' }, 'exactly'), h('option', { value: 'range' }, 'between'));
    mode.value = ranged ? 'range' : 'fixed';
    mode.addEventListener('change', () =>
      ctx.update(setCount(ctx.doc, 'pieces', i, mode.value === 'range' ? { min: 0, max: typeof count === 'number' ? count : 1 } : 1)));
    const countFields = ranged
      ? [numberField('min', count.min, (n) => ctx.update(setCount(ctx.doc, 'pieces', i, { min: n, max: count.max })), `editor-piece-${i}-min`, `pieces.${i}.min`, 0, `piece ${i + 1} at least`),
         numberField('max', count.max, (n) => ctx.update(setCount(ctx.doc, 'pieces', i, { min: count.min, max: n })), `editor-piece-${i}-max`, `pieces.${i}.max`, 0, `piece ${i + 1} at most`)]
      : [numberField('', count, (n) => ctx.update(setCount(ctx.doc, 'pieces', i, n)), `editor-piece-${i}-count`, `pieces.${i}.count`, 1, `piece ${i + 1} count`)];
    return h('div', { class: 'pw-editor-piece', 'data-testid': `editor-piece-${i}` },
      h('div', { class: 'pw-editor-row' },
        h('span', { class: 'pw-swatch', style: `background:${this.colour(i)}` }),
        textField(ctx, 'Name', ['pieces', i, 'name'], `editor-piece-${i}-name`, { size: 8 }),
        h('label', {}, 'Count ', mode), ...countFields,
        flag(ctx, 'Rotations', ['pieces', i, 'rotations'], `editor-piece-${i}-rotations`, 'puzzle'),
        flag(ctx, 'Reflections', ['pieces', i, 'reflections'], `editor-piece-${i}-reflections`, 'puzzle'),
        h('button', { type: 'button', 'data-testid': `editor-piece-${i}-duplicate`, 'aria-label': `Duplicate piece ${i + 1}`, onclick: () => ctx.update(duplicateItem(ctx.doc, 'pieces', i)) }, 'Duplicate'),
        h('button', { type: 'button', 'data-testid': `editor-piece-${i}-remove`, 'aria-label': `Remove piece ${i + 1}`, onclick: () => ctx.update(removeItem(ctx.doc, 'pieces', i)) }, 'Remove')),
      this.shapeEditor({ piece: i }, `piece-${i}`),
      this.explanation(`editor-piece-${i}-explain`));
  }

  private shapeEditor(t: ShapeTarget, id: string): HTMLElement {
    const { ctx } = this;
    const threeD = isPacking3D(ctx.doc);
    const g = shapeGrid(ctx.doc, t);
    const z = Math.min(this.layer.get(id) ?? 0, g.d - 1);
    const size = h('div', { class: 'pw-editor-row' },
      numberField('W', g.w, (n) => ctx.update(resizeShape(ctx.doc, t, n, g.h, g.d)), `editor-${id}-w`, `${id}.w`, 1),
      numberField('H', g.h, (n) => ctx.update(resizeShape(ctx.doc, t, g.w, n, g.d)), `editor-${id}-h`, `${id}.h`, 1),
      threeD ? numberField('D', g.d, (n) => ctx.update(resizeShape(ctx.doc, t, g.w, g.h, n)), `editor-${id}-d`, `${id}.d`, 1) : null,
      threeD ? h('span', { class: 'pw-editor-layers' }, 'Layer ',
        ...Array.from({ length: g.d }, (_, k) => h('button', {
          type: 'button', class: k === z ? 'pw-on' : '', 'data-testid': `editor-${id}-layer-${k}`,
          onclick: () => {
            this.layer.set(id, k);
            this.focus = t;
            ctx.rerender();
          },
        }, `z=${k}`))) : null);
    // One Tab stop per grid (the cell last visited); arrow keys move within it, Space or Enter paints.
    const layout = cellLayout(ctx.doc.grid, g.w, g.h);
    const grid = h('div', {
      class: 'pw-editor-grid', 'data-testid': `editor-${id}-grid`, style: `grid-template-columns:${layout.columns}`,
      role: 'group', 'aria-label': `${id} cells: arrow keys move, Space paints`,
    });
    const [cx, cy] = (this.cursor.get(id) ?? '0,0').split(',').map(Number);
    const cursorIn = cx < g.w && cy < g.h;
    const colour = 'board' in t ? '' : this.colour(t.piece);
    // What a click paints: the brush on boards; pieces have only cells ('#') and erasing.
    const wanted = (): Cell => ('board' in t ? this.brush : this.brush === '.' ? '.' : '#');
    for (let y = 0; y < g.h; y++) {
      for (let x = 0; x < g.w; x++) {
        const c = gridCell(g, x, y, z);
        const placed = layout.place(x, y);
        const cell = h('button', {
          type: 'button', class: cellClass(c) + placed.cls, 'data-testid': `editor-${id}-cell`, 'data-x': x, 'data-y': y, 'data-z': z, 'data-cell': c,
          'data-key': `${id}.cell.${x}.${y}.${z}`, tabindex: (cursorIn ? x === cx && y === cy : x === 0 && y === 0) ? 0 : -1,
          'aria-label': `${id} cell ${x},${y}${threeD ? `,${z}` : ''}: ${c === '#' ? 'filled' : c === '+' ? 'may stay empty' : 'empty'}`,
          style: placed.style + (c === '#' && colour ? `background:${colour}` : '') || null,
        });
        cell.textContent = c === '+' ? '+' : '';
        cell.addEventListener('keydown', (e) => {
          if (e.key !== ' ' && e.key !== 'Enter') return;
          e.preventDefault();
          this.focus = t;
          ctx.update(paintCell(ctx.doc, t, x, y, z, gridCell(shapeGrid(ctx.doc, t), x, y, z) === wanted() ? '.' : wanted()));
        });
        grid.append(cell);
      }
    }
    this.paintByPointer(grid, t, id, z, colour, wanted);
    this.moveByKeys(grid, id);
    return h('div', {}, size, grid);
  }

  /** Arrow keys (and Home/End along a row) move the focus between a grid's cells, never out of it. */
  private moveByKeys(grid: HTMLElement, id: string): void {
    grid.addEventListener('focusin', (e) => {
      const cell = (e.target as Element).closest<HTMLElement>('.pw-cell');
      if (cell) this.cursor.set(id, `${cell.dataset.x},${cell.dataset.y}`);
    });
    grid.addEventListener('keydown', (e) => {
      const from = (e.target as Element).closest<HTMLElement>('.pw-cell');
      if (!from || e.altKey || e.ctrlKey || e.metaKey) return;
      const x = Number(from.dataset.x);
      const y = Number(from.dataset.y);
      const to: Record<string, [number, number]> = {
        ArrowLeft: [x - 1, y], ArrowRight: [x + 1, y], ArrowUp: [x, y - 1], ArrowDown: [x, y + 1], Home: [0, y], End: [Number.MAX_SAFE_INTEGER, y],
      };
      const target = to[e.key];
      if (!target) return;
      // Not also a step through the solutions behind the editor (the page's arrow keys).
      e.preventDefault();
      e.stopPropagation();
      const row = [...grid.querySelectorAll<HTMLElement>(`.pw-cell[data-y="${target[1]}"]`)];
      const next = e.key === 'End' ? row.at(-1) : row.find((c) => Number(c.dataset.x) === target[0]);
      if (!next) return;
      from.tabIndex = -1;
      next.tabIndex = 0;
      next.focus();
    });
  }

  /**
   * Painting with a mouse or a finger: the cell first pressed decides what the stroke paints
   * (the brush, or empty where the cell already holds it). The grid holds the pointer for the
   * whole stroke and paints every cell on the line between two moves, so a quick finger skips
   * none (the browser reports a move only every few pixels). Points are taken relative to where
   * the grid was when the stroke began, so a line of text above that changes height meanwhile
   * (the save state, the solver's verdict) does not move the stroke to another row. One undo
   * step per stroke.
   */
  private paintByPointer(grid: HTMLElement, t: ShapeTarget, id: string, z: number, colour: string, wanted: () => Cell): void {
    let last: { x: number; y: number } | null = null;
    let origin = { x: 0, y: 0 };
    const cellAt = (px: number, py: number): HTMLElement | null => {
      const el = document.elementFromPoint(px, py)?.closest<HTMLElement>('.pw-cell') ?? null;
      return el?.parentElement === grid ? el : null;
    };
    const paint = (el: HTMLElement) => this.paintInPlace(t, id, Number(el.dataset.x), Number(el.dataset.y), z, el, colour);
    grid.addEventListener('pointerdown', (e) => {
      const cell = (e.target as Element).closest<HTMLElement>('.pw-cell');
      if (!cell || cell.parentElement !== grid || e.button > 0) return;
      e.preventDefault();
      grid.setPointerCapture(e.pointerId);
      const now = gridCell(shapeGrid(this.ctx.doc, t), Number(cell.dataset.x), Number(cell.dataset.y), z);
      this.painting = now === wanted() ? '.' : wanted();
      this.focus = t;
      const r = grid.getBoundingClientRect();
      origin = { x: r.left, y: r.top };
      last = { x: e.clientX, y: e.clientY };
      paint(cell);
    });
    grid.addEventListener('pointermove', (e) => {
      if (!this.painting || !last || !grid.hasPointerCapture(e.pointerId)) return;
      // A mouse released outside the window.
      if (e.buttons === 0) return this.endPaint();
      const r = grid.getBoundingClientRect();
      const shift = { x: r.left - origin.x, y: r.top - origin.y };
      const dx = e.clientX - last.x;
      const dy = e.clientY - last.y;
      const pitch = Math.max(4, (grid.firstElementChild as HTMLElement | null)?.offsetWidth ?? 16) / 3;
      const steps = Math.ceil(Math.hypot(dx, dy) / pitch);
      let previous: HTMLElement | null = null;
      for (let i = 1; i <= steps; i++) {
        const el = cellAt(last.x + (dx * i) / steps + shift.x, last.y + (dy * i) / steps + shift.y);
        if (el && el !== previous) paint(el);
        previous = el;
      }
      last = { x: e.clientX, y: e.clientY };
    });
  }

  /**
   * One cell of a drag: commits (one undo step per drag) and restyles the cell in place, so the
   * element under the pointer survives; the panel re-renders when the drag ends.
   */
  private paintInPlace(t: ShapeTarget, id: string, x: number, y: number, z: number, el: HTMLElement, colour: string): void {
    const c = this.painting;
    if (!c || el.dataset.cell === c) return;
    this.ctx.updateQuietly(paintCell(this.ctx.doc, t, x, y, z, c), `paint-${id}`);
    el.dataset.cell = c;
    el.className = cellClass(c);
    el.style.background = c === '#' && colour ? colour : '';
    el.textContent = c === '+' ? '+' : '';
    if (isPacking3D(this.ctx.doc)) this.showPreview();
  }

  private endPaint(): void {
    if (!this.painting) return;
    this.painting = null;
    this.ctx.seal();
    this.ctx.rerender();
  }

  private showPreview(): void {
    const t = this.focus;
    const g = shapeGrid(this.ctx.doc, t);
    const colour = 'board' in t ? BOARD_COLOUR : this.colour(t.piece);
    this.ctx.preview.show(gridCells(g).map(({ x, y, z, c }) => ({ x, y, z, colour, faint: c === '+' })));
  }
}
