// Pinning pieces to places, under the piece tray: with a packing piece selected, the cells it
// should cover are pressed on the board (2D) or typed as `x,y;x,y;…` (`x,y,z` in 3D, what
// `count --place` takes); once they are as many as the piece's, the page asks the solver to place
// it there (app.ts), and from then on counts and browses only the solutions that have it there.
// Pins are listed, each with its Unpin button.
import type { Vec3 } from '../solver/description';
import { h } from '../ui/dom';

/** The piece selected in the tray, as pinning needs it. */
export interface PinPiece {
  name: string;
  size: number;
  dimensions: 2 | 3;
}

export interface PinActions {
  /** The pins wanted now (`F@0,0;1,0;…`, in order): the page answers with accepted() or refused(). */
  change(pins: string[]): void;
  /** The cells typed or pressed so far changed (the board marks them). */
  marked(cells: Vec3[]): void;
  /** Show every placement of the piece (`opener`: the button pressed). */
  placements(opener: HTMLElement): void;
}

/** Cells typed as `x,y;x,y` (or `x,y,z`); what does not read as a cell is left out. */
export function typedCells(text: string): Vec3[] {
  return text.split(';').flatMap((part) => {
    const n = part.split(',').map((v) => v.trim());
    if (n.length < 2 || n.length > 3 || n.some((v) => !/^-?\d+$/.test(v))) return [];
    return [[Number(n[0]), Number(n[1]), Number(n[2] ?? 0)] as Vec3];
  });
}

function cellsText(cells: readonly Vec3[], dimensions: 2 | 3): string {
  return cells.map((c) => (dimensions === 3 ? c.join(',') : `${c[0]},${c[1]}`)).join(';');
}

export class PinPanel {
  private piece: PinPiece | null = null;
  private pins: string[] = [];
  private readonly hint: HTMLElement;
  private readonly form: HTMLFormElement;
  private readonly cells: HTMLInputElement;
  private readonly list: HTMLUListElement;
  private readonly message: HTMLElement;

  constructor(readonly element: HTMLElement, private readonly actions: PinActions) {
    this.hint = h('p', { class: 'pin-hint', 'data-testid': 'pin-hint' });
    this.cells = h('input', { type: 'text', 'data-testid': 'pin-cells', autocomplete: 'off', spellcheck: 'false', inputmode: 'numeric', placeholder: 'x,y;x,y;…' });
    this.cells.addEventListener('input', () => this.actions.marked(this.typed()));
    const all: HTMLButtonElement = h('button', { type: 'button', 'data-testid': 'placements-open', text: 'All placements', onclick: () => this.actions.placements(all) });
    this.form = h('form', { class: 'pin-form' }, h('label', {}, 'Cells ', this.cells), h('button', { type: 'submit', 'data-testid': 'pin-add', text: 'Pin' }), all);
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.pinTyped();
    });
    this.list = h('ul', { class: 'pins', 'data-testid': 'pins', 'aria-label': 'Pinned pieces' });
    this.message = h('p', { class: 'pin-message', 'data-testid': 'pin-message', role: 'status' });
    element.replaceChildren(this.hint, this.form, this.list, this.message);
    this.render();
  }

  /** A piece is selected: board cells pressed are its. */
  get hasPiece(): boolean {
    return this.piece !== null;
  }

  /** The puzzle changed: no pins, no piece. */
  reset(): void {
    this.pins = [];
    this.piece = null;
    this.cells.value = '';
    this.message.textContent = '';
    this.render();
  }

  /** The piece selected in the tray (null: none, or not a packing piece). */
  setPiece(piece: PinPiece | null): void {
    this.piece = piece;
    this.cells.value = '';
    this.message.textContent = '';
    this.actions.marked([]);
    this.render();
  }

  /** A board cell pressed: added to the cells (removed when it is there); pinned once they are enough. */
  press(cell: Vec3): void {
    if (!this.piece) return;
    const cells = this.typed();
    const at = cells.findIndex((c) => c[0] === cell[0] && c[1] === cell[1] && c[2] === cell[2]);
    if (at >= 0) cells.splice(at, 1);
    else cells.push(cell);
    this.cells.value = cellsText(cells, this.piece.dimensions);
    this.actions.marked(cells);
    if (cells.length === this.piece.size) this.pinTyped();
  }

  /** Pins the selected piece on `cells` (a placement picked in the gallery). */
  pinCells(cells: readonly Vec3[]): void {
    if (!this.piece) return;
    this.cells.value = cellsText(cells, this.piece.dimensions);
    this.pinTyped();
  }

  /** The solver placed the pins asked for last. */
  accepted(pins: string[]): void {
    this.pins = pins;
    this.cells.value = '';
    this.message.textContent = pins.length ? 'Counting only the solutions with the pinned pieces there.' : '';
    this.actions.marked([]);
    this.render();
  }

  /** The solver refused the pins asked for last: its one line is shown, the pins stay as they were. */
  refused(message: string): void {
    this.message.textContent = message;
    this.actions.marked([]);
    this.cells.value = '';
  }

  /** Shows the solver's one line about something else asked (all placements), leaving the cells typed. */
  say(message: string): void {
    this.message.textContent = message;
  }

  private typed(): Vec3[] {
    return typedCells(this.cells.value);
  }

  private pinTyped(): void {
    if (!this.piece) return;
    const text = `${this.piece.name}@${this.cells.value.replace(/\s+/g, '')}`;
    this.actions.change([...this.pins, text]);
  }

  private unpin(i: number): void {
    this.actions.change(this.pins.filter((_, k) => k !== i));
  }

  private render(): void {
    const p = this.piece;
    this.element.hidden = !p && !this.pins.length;
    this.form.hidden = !p;
    this.hint.textContent = p
      ? `Pin ${p.name}: ${p.dimensions === 2 ? 'press' : 'type'} the ${p.size} cells it should cover${p.dimensions === 2 ? ' on the board, or type them' : ' (x,y,z; z the layer)'}.`
      : '';
    this.cells.setAttribute('aria-label', p ? `Cells for ${p.name}` : 'Cells');
    this.list.replaceChildren(...this.pins.map((pin, i) => h('li', { 'data-pin': pin },
      h('span', { text: pin.replace('@', ' at ') }),
      h('button', { type: 'button', class: 'unpin', 'aria-label': `Unpin ${pin.slice(0, pin.lastIndexOf('@'))}`, text: 'Unpin', onclick: () => this.unpin(i) }))));
  }
}
