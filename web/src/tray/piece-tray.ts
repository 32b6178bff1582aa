// The piece tray beside the board: every piece (tile type, or the snake's chain) drawn small in
// its colour with its copies, before anything is solved. Pressing one selects it (the page
// highlights it in the solution shown); 3D pieces turn when dragged or with ↑/↓. One Tab stop:
// ←/→, Home and End move between the pieces, Enter or Space selects.
import type { PuzzleDescription } from '../solver/description';
import { h } from '../ui/dom';
import { whenIdle } from '../ui/idle';
import type { SolidPictures } from './solid-pictures';
import { edgeColours } from '../render/drawing-model';
import { chainPicture, flatPiecePicture, tilePicture } from './flat-pictures';
import { trayItems, type TrayItem, type TrayPiece } from './tray-model';

const TURN_STEP = Math.PI / 6;

/**
 * Items drawn at most: a puzzle of thousands of distinct tiles (the solver accepts 64×64) would
 * otherwise stall the page building pictures nobody scrolls through; the rest are counted.
 */
export const TRAY_LIMIT = 300;

function spokenCopies(copies: string): string {
  const n = copies.slice(1);
  return n === '1' ? '1 copy' : `${n.replace('–', ' to ')} copies`;
}

function itemLabel(item: TrayItem): string {
  if (item.kind === 'chain') return `the chain: ${item.cubes} cubes in ${item.segments.length} straight runs`;
  return `${item.kind === 'tile' ? 'tile ' : ''}${item.name}, ${spokenCopies(item.copies)}`;
}

export class PieceTray {
  private items: TrayItem[] = [];
  private buttons: HTMLButtonElement[] = [];
  private selected = -1;
  /** Bumped by every show(): pictures of an earlier puzzle are dropped. */
  private token = 0;
  /** The renderer of solid pieces, loaded with three.js when a puzzle first has one. */
  private solids: SolidPictures | null = null;

  constructor(readonly element: HTMLElement, private readonly onSelect: (item: TrayItem | null) => void) {
    element.setAttribute('role', 'toolbar');
    element.addEventListener('keydown', (e) => this.onKey(e));
  }

  /** The pieces of `d` (none while null). The selection is cleared. */
  show(d: PuzzleDescription | null): void {
    const token = ++this.token;
    this.selected = -1;
    const all = d ? trayItems(d) : [];
    this.items = all.slice(0, TRAY_LIMIT);
    const colourOf = d?.kind === 'edge-matching' ? edgeColours(d) : () => '';
    this.buttons = this.items.map((item, i) => this.button(item, i, d!, colourOf));
    const more = all.length - this.items.length;
    this.element.replaceChildren(...this.buttons, ...(more > 0 ? [h('p', { class: 'tray-more', text: `and ${more} more (the tray draws ${TRAY_LIMIT})` })] : []));
    this.buttons[0]?.setAttribute('tabindex', '0');
    const solid = this.items.flatMap((item, i) => (item.kind === 'piece' && item.solid ? [i] : []));
    if (solid.length) void this.drawSolids(solid, token);
  }

  /** The item selected, or null. */
  get selection(): TrayItem | null {
    return this.items[this.selected] ?? null;
  }

  /** Selects item i (-1: none), as a press does; pressing the selected one again unselects it. */
  select(i: number): void {
    this.selected = i === this.selected ? -1 : i;
    this.buttons.forEach((b, k) => b.setAttribute('aria-pressed', String(k === this.selected)));
    this.onSelect(this.selection);
  }

  private button(item: TrayItem, i: number, d: PuzzleDescription, colourOf: (label: string) => string): HTMLButtonElement {
    const pictureOf = (): Element => {
      if (item.kind === 'chain') return chainPicture(item.segments);
      if (item.kind === 'tile') return tilePicture(d as Extract<PuzzleDescription, { kind: 'edge-matching' }>, colourOf, item.index);
      if (item.solid) return h('img', { class: 'tray-solid', alt: '', width: 72, height: 72, draggable: 'false' });
      return flatPiecePicture(item.cells, item.colour, item.grid);
    };
    // The name is said from a hidden line, not an aria-label: a tile's picture shows its edge
    // labels, which no label could repeat word for word.
    const b = h('button', { type: 'button', class: 'tray-item', 'data-piece': item.name, 'aria-pressed': 'false',
      tabindex: '-1', title: item.kind === 'piece' && item.solid ? 'Select; drag or ↑/↓ to turn' : 'Select to highlight it in the solution' },
      h('span', { class: 'tray-picture' }, pictureOf()),
      h('span', { class: 'tray-caption', 'aria-hidden': 'true' }, h('span', { class: 'tray-name', text: item.kind === 'chain' ? `${item.cubes} cubes` : item.name }),
        item.kind === 'chain' ? null : h('span', { class: 'tray-copies', text: item.copies })),
      h('span', { class: 'pw-visually-hidden', text: itemLabel(item) }));
    b.addEventListener('click', () => this.select(i));
    b.addEventListener('focus', () => this.rove(i));
    if (item.kind === 'piece' && item.solid) this.turnByDragging(b, item);
    return b;
  }

  /**
   * Renders the solid pieces one after the other when the page is idle: after the frame that
   * shows the board, and not while a first solution is being drawn (the tray's WebGL context is
   * the page's second, and making it first would hold the board back).
   */
  private async drawSolids(indices: number[], token: number): Promise<void> {
    await new Promise<void>((r) => requestAnimationFrame(() => whenIdle(r)));
    if (token !== this.token) return;
    this.solids ??= (await import('./solid-pictures')).solidPictures();
    for (const i of indices) {
      if (token !== this.token) return;
      this.turn(i, 0);
      await new Promise<void>((r) => whenIdle(r));
    }
  }

  private turn(i: number, by: number): void {
    const item = this.items[i] as TrayPiece;
    const img = this.buttons[i]?.querySelector('img');
    if (!img) return;
    const angle = Number(img.dataset.turn ?? 0) + by;
    img.dataset.turn = String(angle);
    if (this.solids) img.src = this.solids.picture(item.cells, item.colour, angle, item.grid);
  }

  private turnByDragging(b: HTMLButtonElement, item: TrayPiece): void {
    let from: number | null = null;
    let moved = false;
    b.addEventListener('pointerdown', (e) => {
      from = e.clientX;
      moved = false;
      b.setPointerCapture(e.pointerId);
    });
    b.addEventListener('pointermove', (e) => {
      if (from === null || Math.abs(e.clientX - from) < 4) return;
      moved = true;
      this.turn(this.items.indexOf(item), (e.clientX - from) * 0.03);
      from = e.clientX;
    });
    b.addEventListener('pointerup', () => (from = null));
    // A drag that turned the piece is not also a press.
    b.addEventListener('click', (e) => {
      if (moved) e.stopImmediatePropagation();
      moved = false;
    }, { capture: true });
  }

  /** Moves the one Tab stop to item i. */
  private rove(i: number): void {
    this.buttons.forEach((b, k) => b.setAttribute('tabindex', k === i ? '0' : '-1'));
  }

  private onKey(e: KeyboardEvent): void {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const at = this.buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const last = this.buttons.length - 1;
    const to: Record<string, number> = { ArrowRight: Math.min(last, at + 1), ArrowLeft: Math.max(0, at - 1), Home: 0, End: last };
    const item = this.items[at]!;
    if (e.key in to) this.buttons[to[e.key]!]!.focus();
    else if (item.kind === 'piece' && item.solid && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) this.turn(at, e.key === 'ArrowUp' ? TURN_STEP : -TURN_STEP);
    else return;
    // Not also a step through the solutions (the page's arrow keys).
    e.preventDefault();
    e.stopPropagation();
  }
}
