// The editor panel: DOM over the pure model in model.ts. Every edit commits a new immutable
// document to the history and re-renders the panel (focus is restored by data-key), validates
// the exported text with the solver (debounced) and redraws the 3D preview.
// Names and notes are only ever set as values/textContent, never as markup.
import {
  addPiece, addTile, canRedo, canUndo, commit, createHistory, duplicateItem, exportDocument, fileNameFor, getCount,
  getIn, gridCell, importDocument, isPacking3D, newDocument, paintCell, parseSegments, redo, removeItem, resizeShape,
  seal, setCount, setDistinct, setField, setPackingDimension, setSnakeMode, setTileEdge, shapeGrid, straightChain, undo,
  type Cell, type Doc, type History, type Json, type Kind, type PathKey, type ShapeTarget,
} from './model';
import { VoxelPreview, type PreviewCube } from './preview';

export interface EditorOptions {
  /** The solver's verdict on a document: null when valid, else its one-line message. */
  validate: (text: string) => Promise<string | null>;
  /** Hands the document to the page ("Solve"). */
  solve: (text: string) => void;
}

const PIECE_COLOURS = ['#e63946', '#2a9d8f', '#f1c453', '#457b9d', '#8d5a97', '#f4a261', '#52b788', '#bc4749'];
const SIDES = ['top', 'right', 'bottom', 'left'] as const;

type El = HTMLElement;
function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, unknown> = {}, ...kids: (Node | string | null | false)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v as EventListener);
    else if (k === 'text') e.textContent = String(v);
    else if (k === 'value') (e as HTMLInputElement).value = String(v);
    else if (k === 'checked') (e as HTMLInputElement).checked = !!v;
    else if (k.startsWith('data-')) e.setAttribute(k, String(v));
    else if (k === 'class') e.className = String(v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const kid of kids) if (kid !== null && kid !== false) e.append(kid);
  return e;
}

export class PuzzleEditor {
  readonly element: HTMLElement;
  private history: History;
  private body: HTMLElement;
  private status: HTMLElement;
  private undoBtn: HTMLButtonElement;
  private redoBtn: HTMLButtonElement;
  private brush: Cell = '#';
  private layer = new Map<string, number>();
  private focusTarget: ShapeTarget | 'snake' = { board: true };
  private preview: VoxelPreview | null = null;
  private validateTimer: ReturnType<typeof setTimeout> | undefined;
  private validateSeq = 0;
  private painting: { value: Cell } | null = null;
  /** The last validation verdict, for tests and the Solve button. */
  lastError: string | null | undefined = undefined;

  constructor(private opts: EditorOptions, doc: Doc = newDocument('packing')) {
    this.history = createHistory(doc);
    this.undoBtn = h('button', { type: 'button', 'data-testid': 'editor-undo', title: 'Undo (Ctrl+Z)', onclick: () => this.undo() }, 'Undo');
    this.redoBtn = h('button', { type: 'button', 'data-testid': 'editor-redo', title: 'Redo (Ctrl+Shift+Z)', onclick: () => this.redo() }, 'Redo');
    const fileInput = h('input', { type: 'file', accept: '.json,application/json', 'data-testid': 'editor-import', class: 'pw-visually-hidden' });
    fileInput.addEventListener('change', () => {
      const f = fileInput.files?.[0];
      if (f) void this.importFile(f);
      fileInput.value = '';
    });
    const newKind = h('select', { 'data-testid': 'editor-new-kind', 'aria-label': 'New puzzle kind' },
      h('option', { value: '' }, 'New…'), h('option', { value: 'packing' }, 'Packing'),
      h('option', { value: 'edge-matching' }, 'Edge matching'), h('option', { value: 'snake' }, 'Snake'));
    newKind.addEventListener('change', () => {
      if (newKind.value) this.update(newDocument(newKind.value as Kind));
      newKind.value = '';
    });
    this.status = h('p', { class: 'pw-editor-status', 'data-testid': 'editor-status', role: 'status' });
    this.body = h('div', { class: 'pw-editor-body' });
    this.element = h('section', { class: 'pw-editor', 'data-testid': 'editor', 'aria-label': 'Puzzle editor' },
      h('div', { class: 'pw-editor-toolbar' },
        newKind, this.undoBtn, this.redoBtn,
        h('button', { type: 'button', 'data-testid': 'editor-import-button', onclick: () => fileInput.click() }, 'Import…'), fileInput,
        h('button', { type: 'button', 'data-testid': 'editor-export', onclick: () => this.exportFile() }, 'Export'),
        h('button', { type: 'button', 'data-testid': 'editor-solve', class: 'pw-primary', onclick: () => this.opts.solve(this.text()) }, 'Solve')),
      this.status, this.body);
    this.element.addEventListener('keydown', (e) => this.onKey(e));
    for (const ev of ['pointerup', 'pointercancel', 'blur']) window.addEventListener(ev, () => this.endPaint());
    this.render();
  }

  get doc(): Doc {
    return this.history.present;
  }
  /** Something was edited or imported since the page opened (a reload would lose it). */
  hasEdits(): boolean {
    return canUndo(this.history);
  }
  /** The document as exported (contract text). */
  text(): string {
    return exportDocument(this.doc);
  }

  load(doc: Doc): void {
    this.history = commit(seal(this.history), doc);
    this.render();
  }
  importText(text: string): string | null {
    try {
      this.load(importDocument(text));
      return null;
    } catch (e) {
      this.status.textContent = (e as Error).message;
      this.status.dataset.state = 'error';
      return (e as Error).message;
    }
  }
  async importFile(f: File): Promise<string | null> {
    if (f.size > 4 * 1024 * 1024) return this.fail(`${f.name}: larger than the solver's 4 MiB document limit`);
    return this.importText(await f.text());
  }
  private fail(msg: string): string {
    this.status.textContent = msg;
    this.status.dataset.state = 'error';
    return msg;
  }

  exportFile(): void {
    const blob = new Blob([this.text()], { type: 'application/json' });
    const a = h('a', { href: URL.createObjectURL(blob), download: fileNameFor(this.doc) });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  }

  undo(): void {
    this.history = undo(this.history);
    this.render();
  }
  redo(): void {
    this.history = redo(this.history);
    this.render();
  }

  private onKey(e: KeyboardEvent) {
    if (!(e.ctrlKey || e.metaKey)) return;
    const k = e.key.toLowerCase();
    if (k === 'z' && !e.shiftKey) this.undo();
    else if ((k === 'z' && e.shiftKey) || k === 'y') this.redo();
    else return;
    e.preventDefault();
  }

  /** Commits an edit; `key` merges consecutive edits of one field or one drag into one undo step. */
  private update(doc: Doc, key: string | null = null) {
    this.history = commit(key === null ? seal(this.history) : this.history, doc, key);
    this.render();
  }
  private set(path: PathKey[], value: Json | undefined, key: string | null = null) {
    this.update(setField(this.doc, path, value), key);
  }

  // ------------------------------------------------------------ rendering
  private render() {
    const active = document.activeElement as HTMLElement | null;
    const focusKey = active && this.element.contains(active) ? active.dataset.key : undefined;
    const sel = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? [active.selectionStart, active.selectionEnd] : null;

    this.undoBtn.disabled = !canUndo(this.history);
    this.redoBtn.disabled = !canRedo(this.history);
    const d = this.doc;
    const common = h('div', { class: 'pw-editor-row' },
      this.textField('Name', ['name'], 'editor-name'),
      h('label', {}, 'Kind ', h('output', { 'data-testid': 'editor-kind', text: String(d.kind) })));
    const notes = h('label', { class: 'pw-editor-notes' }, 'Notes ',
      this.bind(h('textarea', { rows: 2, 'data-key': 'notes', 'data-testid': 'editor-notes', value: typeof d.notes === 'string' ? d.notes : '' }),
        (v) => this.set(['notes'], v === '' ? undefined : v, 'notes')));
    const kindBody = d.kind === 'packing' ? this.packing() : d.kind === 'edge-matching' ? this.edge() : this.snake();
    this.body.replaceChildren(common, notes, kindBody);

    if (focusKey) {
      const again = this.body.querySelector<HTMLElement>(`[data-key="${CSS.escape(focusKey)}"]`);
      if (again) {
        again.focus();
        if (sel && (again instanceof HTMLInputElement || again instanceof HTMLTextAreaElement)) {
          try {
            again.setSelectionRange(sel[0], sel[1]);
          } catch { /* number inputs have no selection */ }
        }
      }
    }
    this.updatePreview();
    this.scheduleValidate();
  }

  private bind<T extends HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(el: T, on: (v: string) => void, event = 'input'): T {
    el.addEventListener(event, () => on(el.value));
    el.addEventListener('blur', () => (this.history = seal(this.history)));
    return el;
  }

  private textField(label: string, path: PathKey[], testid: string, opts: { optional?: boolean; size?: number } = {}): El {
    const v = getIn(this.doc, path);
    const key = path.join('.');
    const input = this.bind(h('input', { type: 'text', 'data-key': key, 'data-testid': testid, value: typeof v === 'string' ? v : '', size: opts.size }),
      (val) => this.set(path, opts.optional && val === '' ? undefined : val, key));
    return h('label', {}, `${label} `, input);
  }

  private numberField(label: string, value: number, on: (n: number) => void, testid: string, key: string, min = 0): El {
    const input = h('input', { type: 'number', min, step: 1, value, 'data-key': key, 'data-testid': testid, class: 'pw-num' });
    input.addEventListener('change', () => {
      const n = Number(input.value);
      if (Number.isInteger(n) && n >= min) on(n);
    });
    return h('label', {}, `${label} `, input);
  }

  /** A default/yes/no switch for an optional boolean (absent = the contract's default). */
  private flag(label: string, path: PathKey[], testid: string, defaultText: string): El {
    const v = getIn(this.doc, path);
    const select = h('select', { 'data-key': path.join('.'), 'data-testid': testid },
      h('option', { value: '' }, `default (${defaultText})`), h('option', { value: 'true' }, 'yes'), h('option', { value: 'false' }, 'no'));
    select.value = v === true ? 'true' : v === false ? 'false' : '';
    select.addEventListener('change', () => this.set(path, select.value === '' ? undefined : select.value === 'true'));
    return h('label', {}, `${label} `, select);
  }

  // packing ---------------------------------------------------------
  private packing(): El {
    const d = this.doc;
    if (this.focusTarget === 'snake') this.focusTarget = { board: true };
    const threeD = isPacking3D(d);
    const dim = h('select', { 'data-testid': 'editor-dimension', 'data-key': 'dim' }, h('option', { value: '2' }, '2D'), h('option', { value: '3' }, '3D'));
    dim.value = threeD ? '3' : '2';
    dim.addEventListener('change', () => this.update(setPackingDimension(this.doc, dim.value === '3')));
    const brushes = h('div', { class: 'pw-editor-brushes', role: 'radiogroup', 'aria-label': 'Brush' },
      ...([['#', 'Must fill (#)'], ['+', 'May stay empty (+)'], ['.', 'Erase']] as [Cell, string][]).map(([c, label]) =>
        h('button', { type: 'button', class: this.brush === c ? 'pw-on' : '', 'aria-pressed': String(this.brush === c), 'data-testid': `editor-brush-${c === '#' ? 'fill' : c === '+' ? 'optional' : 'erase'}`,
          onclick: () => { this.brush = c; this.render(); } }, label)));
    const pieces = Array.isArray(d.pieces) ? (d.pieces as Doc[]) : [];
    return h('div', { class: 'pw-editor-packing' },
      h('div', { class: 'pw-editor-row' }, h('label', {}, 'Lattice ', dim),
        this.flag('Rotations', ['rotations'], 'editor-rotations', 'yes'),
        this.flag('Reflections', ['reflections'], 'editor-reflections', threeD ? 'no' : 'yes')),
      brushes,
      h('fieldset', { class: 'pw-editor-board' }, h('legend', { text: 'Board' }), this.shapeEditor({ board: true }, 'board')),
      h('fieldset', { class: 'pw-editor-pieces' }, h('legend', { text: `Pieces (${pieces.length})` }),
        ...pieces.map((_, i) => this.pieceEditor(i)),
        h('button', { type: 'button', 'data-testid': 'editor-add-piece', onclick: () => this.update(addPiece(this.doc)) }, 'Add piece')),
      this.previewHolder());
  }

  private pieceEditor(i: number): El {
    const d = this.doc;
    const count = getCount(d, 'pieces', i);
    const ranged = typeof count === 'object';
    const mode = h('select', { 'data-testid': `editor-piece-${i}-count-mode`, 'data-key': `pieces.${i}.countmode` },
      h('option', { value: 'fixed' }, 'exactly'), h('option', { value: 'range' }, 'between'));
    mode.value = ranged ? 'range' : 'fixed';
    mode.addEventListener('change', () =>
      this.update(setCount(this.doc, 'pieces', i, mode.value === 'range' ? { min: 0, max: typeof count === 'number' ? count : 1 } : 1)));
    const countFields = ranged
      ? [this.numberField('min', count.min, (n) => this.update(setCount(this.doc, 'pieces', i, { min: n, max: count.max })), `editor-piece-${i}-min`, `pieces.${i}.min`),
         this.numberField('max', count.max, (n) => this.update(setCount(this.doc, 'pieces', i, { min: count.min, max: n })), `editor-piece-${i}-max`, `pieces.${i}.max`)]
      : [this.numberField('', count, (n) => this.update(setCount(this.doc, 'pieces', i, n)), `editor-piece-${i}-count`, `pieces.${i}.count`, 1)];
    return h('div', { class: 'pw-editor-piece', 'data-testid': `editor-piece-${i}` },
      h('div', { class: 'pw-editor-row' },
        h('span', { class: 'pw-swatch', style: `background:${PIECE_COLOURS[i % PIECE_COLOURS.length]}` }),
        this.textField('Name', ['pieces', i, 'name'], `editor-piece-${i}-name`, { size: 8 }),
        h('label', {}, 'Count ', mode), ...countFields,
        this.flag('Rotations', ['pieces', i, 'rotations'], `editor-piece-${i}-rotations`, 'puzzle'),
        this.flag('Reflections', ['pieces', i, 'reflections'], `editor-piece-${i}-reflections`, 'puzzle'),
        h('button', { type: 'button', 'data-testid': `editor-piece-${i}-duplicate`, onclick: () => this.update(duplicateItem(this.doc, 'pieces', i)) }, 'Duplicate'),
        h('button', { type: 'button', 'data-testid': `editor-piece-${i}-remove`, onclick: () => this.update(removeItem(this.doc, 'pieces', i)) }, 'Remove')),
      this.shapeEditor({ piece: i }, `piece-${i}`));
  }

  private shapeEditor(t: ShapeTarget, id: string): El {
    const d = this.doc;
    const threeD = isPacking3D(d);
    const g = shapeGrid(d, t);
    const layerKey = id;
    const z = Math.min(this.layer.get(layerKey) ?? 0, g.d - 1);
    const size = h('div', { class: 'pw-editor-row' },
      this.numberField('W', g.w, (n) => this.update(resizeShape(this.doc, t, n, g.h, g.d)), `editor-${id}-w`, `${id}.w`, 1),
      this.numberField('H', g.h, (n) => this.update(resizeShape(this.doc, t, g.w, n, g.d)), `editor-${id}-h`, `${id}.h`, 1),
      threeD ? this.numberField('D', g.d, (n) => this.update(resizeShape(this.doc, t, g.w, g.h, n)), `editor-${id}-d`, `${id}.d`, 1) : null,
      threeD ? h('span', { class: 'pw-editor-layers' }, 'Layer ',
        ...Array.from({ length: g.d }, (_, k) => h('button', { type: 'button', class: k === z ? 'pw-on' : '', 'data-testid': `editor-${id}-layer-${k}`,
          onclick: () => { this.layer.set(layerKey, k); this.focusTarget = t; this.render(); } }, `z=${k}`))) : null);
    const grid = h('div', { class: 'pw-editor-grid', 'data-testid': `editor-${id}-grid`, style: `grid-template-columns:repeat(${g.w}, 1.6em)` });
    const colour = 'board' in t ? '' : PIECE_COLOURS[t.piece % PIECE_COLOURS.length];
    for (let y = 0; y < g.h; y++) {
      for (let x = 0; x < g.w; x++) {
        const c = gridCell(g, x, y, z);
        const cell = h('button', { type: 'button', class: `pw-cell pw-cell-${c === '#' ? 'fill' : c === '+' ? 'optional' : 'empty'}`,
          'data-testid': `editor-${id}-cell`, 'data-x': x, 'data-y': y, 'data-z': z, 'data-cell': c,
          'aria-label': `${id} cell ${x},${y}${threeD ? `,${z}` : ''}: ${c === '#' ? 'filled' : c === '+' ? 'may stay empty' : 'empty'}`,
          style: c === '#' && colour ? `background:${colour}` : null });
        cell.textContent = c === '+' ? '+' : '';
        cell.addEventListener('pointerdown', (e) => {
          e.preventDefault();
          const cur = gridCell(shapeGrid(this.doc, t), x, y, z);
          const want: Cell = 'board' in t ? this.brush : this.brush === '.' ? '.' : '#';
          this.painting = { value: cur === want ? '.' : want };
          this.focusTarget = t;
          this.paintInPlace(t, id, x, y, z, cell, colour);
        });
        cell.addEventListener('pointerenter', (e) => {
          if (!this.painting) return;
          if (e.buttons === 0) return this.endPaint();
          this.paintInPlace(t, id, x, y, z, cell, colour);
        });
        cell.addEventListener('keydown', (e) => {
          if (e.key === ' ' || e.key === 'Enter') {
            e.preventDefault();
            const want: Cell = 'board' in t ? this.brush : this.brush === '.' ? '.' : '#';
            this.update(paintCell(this.doc, t, x, y, z, gridCell(shapeGrid(this.doc, t), x, y, z) === want ? '.' : want));
          }
        });
        grid.append(cell);
      }
    }
    return h('div', {}, size, grid);
  }

  /**
   * One cell of a drag: commits to the history (one undo step per drag) and restyles the cell in
   * place, so the element under the pointer survives; the whole panel re-renders when the drag ends.
   */
  private paintInPlace(t: ShapeTarget, id: string, x: number, y: number, z: number, el: HTMLElement, colour: string) {
    if (!this.painting) return;
    const c = this.painting.value;
    this.history = commit(this.history, paintCell(this.doc, t, x, y, z, c), `paint-${id}`);
    el.dataset.cell = c;
    el.className = `pw-cell pw-cell-${c === '#' ? 'fill' : c === '+' ? 'optional' : 'empty'}`;
    el.style.background = c === '#' && colour ? colour : '';
    el.textContent = c === '+' ? '+' : '';
    this.undoBtn.disabled = !canUndo(this.history);
    this.redoBtn.disabled = !canRedo(this.history);
    this.updatePreview();
    this.scheduleValidate();
  }

  private endPaint() {
    if (!this.painting) return;
    this.painting = null;
    this.history = seal(this.history);
    this.render();
  }

  // edge matching -----------------------------------------------------
  private edge(): El {
    const d = this.doc;
    const tiles = Array.isArray(d.tiles) ? (d.tiles as Doc[]) : [];
    const distinct = Array.isArray(d.distinct) ? d.distinct : [];
    const match = h('select', { 'data-testid': 'editor-match', 'data-key': 'match' },
      h('option', { value: 'same' }, 'same label'), h('option', { value: 'complement' }, 'complement (X+ meets X-)'));
    match.value = d.match === 'complement' ? 'complement' : 'same';
    match.addEventListener('change', () => this.set(['match'], match.value));
    const check = (label: string, on: boolean, testid: string, set: (v: boolean) => void) => {
      const c = h('input', { type: 'checkbox', checked: on, 'data-testid': testid });
      c.addEventListener('change', () => set(c.checked));
      return h('label', {}, c, ` ${label}`);
    };
    const rows = tiles.map((t, i) => {
      const edges = Array.isArray(t.edges) ? t.edges : [];
      const count = getCount(d, 'tiles', i);
      return h('tr', { 'data-testid': `editor-tile-${i}` },
        h('td', {}, this.bind(h('input', { type: 'text', size: 8, value: typeof t.name === 'string' ? t.name : '', 'data-key': `tiles.${i}.name`, 'aria-label': `tile ${i + 1} name` }),
          (v) => this.set(['tiles', i, 'name'], v === '' ? undefined : v, `tiles.${i}.name`))),
        ...SIDES.map((side, s) => h('td', {}, this.bind(h('input', { type: 'text', size: 7, value: String(edges[s] ?? ''), 'data-key': `tiles.${i}.${side}`, 'data-testid': `editor-tile-${i}-${side}`, 'aria-label': `tile ${i + 1} ${side} edge` }),
          (v) => this.update(setTileEdge(this.doc, i, s as 0 | 1 | 2 | 3, v), `tiles.${i}.${side}`)))),
        h('td', {}, this.bind(h('input', { type: 'text', size: 7, value: typeof t.face === 'string' ? t.face : '', 'data-key': `tiles.${i}.face`, 'aria-label': `tile ${i + 1} face` }),
          (v) => this.set(['tiles', i, 'face'], v === '' ? undefined : v, `tiles.${i}.face`))),
        h('td', {}, this.numberField('', typeof count === 'number' ? count : 1, (n) => this.update(setCount(this.doc, 'tiles', i, n)), `editor-tile-${i}-count`, `tiles.${i}.count`, 1)),
        h('td', {}, h('button', { type: 'button', onclick: () => this.update(duplicateItem(this.doc, 'tiles', i)) }, 'Duplicate'),
          h('button', { type: 'button', onclick: () => this.update(removeItem(this.doc, 'tiles', i)) }, 'Remove')));
    });
    return h('div', { class: 'pw-editor-edge' },
      h('div', { class: 'pw-editor-row' },
        this.numberField('Rows', Number(d.rows) || 1, (n) => this.set(['rows'], n), 'editor-rows', 'rows', 1),
        this.numberField('Columns', Number(d.cols) || 1, (n) => this.set(['cols'], n), 'editor-cols', 'cols', 1),
        h('label', {}, 'Match ', match),
        this.flag('Rotations', ['rotations'], 'editor-rotations', 'yes'),
        this.textField('Border label', ['border'], 'editor-border', { optional: true, size: 8 }),
        check('distinct faces per row', distinct.includes('row'), 'editor-distinct-row', (v) => this.update(setDistinct(this.doc, v, distinct.includes('column')))),
        check('per column', distinct.includes('column'), 'editor-distinct-column', (v) => this.update(setDistinct(this.doc, distinct.includes('row'), v)))),
      h('p', { class: 'pw-editor-hint', text: `${tiles.length} tile entries for ${(Number(d.rows) || 0) * (Number(d.cols) || 0)} board squares; edges clockwise from the top.` }),
      h('table', { class: 'pw-editor-tiles' },
        h('thead', {}, h('tr', {}, ...['name', 'top', 'right', 'bottom', 'left', 'face', 'count', ''].map((c) => h('th', { text: c })))),
        h('tbody', {}, ...rows)),
      h('button', { type: 'button', 'data-testid': 'editor-add-tile', onclick: () => this.update(addTile(this.doc)) }, 'Add tile'));
  }

  // snake ---------------------------------------------------------------
  private snake(): El {
    const d = this.doc;
    const box = Array.isArray(d.box) ? d.box.map(Number) : [1, 1, 1];
    const mode = typeof d.joints === 'string' ? 'joints' : 'segments';
    const modeSel = h('select', { 'data-testid': 'editor-snake-mode', 'data-key': 'snake-mode' },
      h('option', { value: 'segments' }, 'segments (cubes per straight run)'), h('option', { value: 'joints' }, 'joints (E/S/C per cube)'));
    modeSel.value = mode;
    modeSel.addEventListener('change', () => this.update(setSnakeMode(this.doc, modeSel.value as 'segments' | 'joints')));
    const value = mode === 'joints' ? String(d.joints) : Array.isArray(d.segments) ? d.segments.join(' ') : '';
    const input = this.bind(h('input', { type: 'text', size: 60, value, 'data-key': 'snake-chain', 'data-testid': 'editor-snake-chain' }), (v) => {
      if (mode === 'joints') this.set(['joints'], v.trim().toUpperCase(), 'snake-chain');
      else {
        const segs = parseSegments(v);
        if (segs) this.set(['segments'], segs, 'snake-chain');
        else this.fail('segments: write whole numbers separated by spaces or commas');
      }
    });
    const cubes = straightChain(d).length;
    const volume = box.reduce((a, b) => a * (b || 0), 1);
    this.focusTarget = 'snake';
    return h('div', { class: 'pw-editor-snake' },
      h('div', { class: 'pw-editor-row' },
        ...['x', 'y', 'z'].map((axis, k) => this.numberField(`Box ${axis}`, box[k] ?? 1, (n) => this.set(['box'], box.map((b, j) => (j === k ? n : b))), `editor-box-${axis}`, `box.${k}`, 1))),
      h('div', { class: 'pw-editor-row' }, h('label', {}, 'Chain as ', modeSel)),
      h('label', { class: 'pw-editor-row' }, 'Chain ', input),
      h('p', { class: 'pw-editor-hint', 'data-testid': 'editor-snake-info', text: `${cubes} cubes in the chain; the box holds ${volume}.` }),
      this.previewHolder());
  }

  // preview & validation -----------------------------------------------
  private previewHolder(): El {
    const show = this.doc.kind === 'snake' || isPacking3D(this.doc);
    if (!show) return h('div');
    this.preview ??= new VoxelPreview();
    return h('div', { class: 'pw-editor-preview-box' }, h('div', { class: 'pw-editor-hint', text: this.doc.kind === 'snake' ? 'The chain laid out straight (drag to turn)' : 'Preview (drag to turn)' }), this.preview.element);
  }

  private updatePreview() {
    if (!this.preview || !this.preview.element.isConnected) return;
    const d = this.doc;
    const cubes: PreviewCube[] = [];
    if (d.kind === 'snake') {
      const chain = straightChain(d);
      chain.forEach(([x, y, z], i) => cubes.push({ x, y, z, colour: i % 2 ? '#e9c46a' : '#bc6c25' }));
    } else if (this.focusTarget !== 'snake') {
      const t = this.focusTarget;
      const valid = 'board' in t || (Array.isArray(d.pieces) && t.piece < d.pieces.length);
      const g = shapeGrid(d, valid ? t : { board: true });
      const colour = valid && !('board' in t) ? PIECE_COLOURS[t.piece % PIECE_COLOURS.length] : '#8ab4d8';
      g.layers.forEach((rows, z) => rows.forEach((row, y) => [...row].forEach((c, x) => {
        if (c === '#' || c === '+') cubes.push({ x, y, z, colour, faint: c === '+' });
      })));
    }
    this.preview.show(cubes);
  }

  private scheduleValidate() {
    clearTimeout(this.validateTimer);
    const seq = ++this.validateSeq;
    this.status.dataset.state = 'checking';
    this.validateTimer = setTimeout(async () => {
      const text = this.text();
      let err: string | null;
      try {
        err = await this.opts.validate(text);
      } catch (e) {
        err = (e as Error).message || 'the solver could not check this puzzle';
      }
      if (seq !== this.validateSeq) return;
      this.lastError = err;
      this.status.textContent = err ?? `Valid ${String(this.doc.kind)} puzzle.`;
      this.status.dataset.state = err ? 'error' : 'ok';
    }, 250);
  }

  dispose() {
    clearTimeout(this.validateTimer);
    this.preview?.dispose();
  }
}
