// A gallery of thumbnails, virtualised: only the rows in sight (and one more each way) are in
// the DOM, so that a run of a million solutions scrolls as smoothly as one of ten. What it shows
// comes from a source: the solutions of the run (opened by number) or every placement of one
// piece (opened by pinning it there). A thumbnail not held yet is asked for (`want`) and drawn
// when refresh() says it came. Keys: the thumbnails are buttons in reading order; ←/→/↑/↓, Home
// and End move between them, Enter opens one, Escape closes the gallery.
import type { DecodedSolution } from '../protocol/messages';
import type { PuzzleDescription } from '../solver/description';
import { h } from '../ui/dom';
import { digits } from '../ui/format';
import { THUMB, thumbnail } from './thumbnail';

export interface GallerySource {
  /** The gallery's heading. */
  title: string;
  description: PuzzleDescription;
  size(): number;
  /** Item n (0-based) when held, else null (then `want` is asked for it). */
  item(n: number): DecodedSolution | null;
  /**
   * What item n is, when held: a thumbnail drawn is kept while its number still names the same
   * item (while a run goes on, the solutions kept are numbered anew as tasks fill in).
   */
  key(n: number): string | null;
  want?(n: number): void;
  /** The name of item n, for its button. */
  label(n: number): string;
  open(n: number): void;
}

/** Height of a row of thumbnails (a thumbnail, its number, the gaps), in CSS pixels. */
const ROW = THUMB + 34;
const COLUMN = THUMB + 16;
/** Taller than this, the scrolled height is scaled (browsers cap an element's height near 2^25 px). */
const MAX_HEIGHT = 8_000_000;

export class Gallery {
  private source: GallerySource | null = null;
  private readonly heading: HTMLElement;
  private readonly count: HTMLElement;
  private readonly scroller: HTMLElement;
  private readonly sizer: HTMLElement;
  private readonly grid: HTMLElement;
  /** The item that has (or last had) the keyboard's focus. */
  private focused = 0;
  private frame = 0;
  /** Thumbnails drawn (not those still waiting), with what they show, reused while in sight. */
  private drawn = new Map<number, { key: string; element: HTMLElement }>();
  /** Where the focus goes back to when the gallery closes. */
  private opener: HTMLElement | null = null;

  constructor(readonly element: HTMLElement) {
    this.heading = h('h2', { class: 'gallery-title', id: 'gallery-title' });
    this.count = h('span', { class: 'gallery-count', 'data-testid': 'gallery-count' });
    const close = h('button', { type: 'button', 'data-testid': 'gallery-close', text: 'Close', onclick: () => this.close() });
    this.grid = h('div', { class: 'gallery-grid', role: 'list' });
    this.sizer = h('div', { class: 'gallery-sizer' }, this.grid);
    this.scroller = h('div', { class: 'gallery-scroll', 'data-testid': 'gallery-scroll', tabindex: '-1' }, this.sizer);
    this.scroller.addEventListener('scroll', () => this.schedule());
    this.scroller.addEventListener('keydown', (e) => this.onKey(e));
    new ResizeObserver(() => this.schedule()).observe(this.scroller);
    element.setAttribute('aria-labelledby', 'gallery-title');
    element.replaceChildren(h('div', { class: 'gallery-head' }, this.heading, this.count, close), this.scroller);
    element.hidden = true;
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  /** Shows `source`'s items from the first, and moves the focus there (back to `opener` on close). */
  open(source: GallerySource, opener: HTMLElement | null): void {
    this.source = source;
    this.opener = opener;
    this.drawn.clear();
    this.heading.textContent = source.title;
    this.element.hidden = false;
    this.scroller.scrollTop = 0;
    this.focused = 0;
    this.render();
    this.scroller.focus();
  }

  close(): void {
    if (!this.isOpen) return;
    this.element.hidden = true;
    this.source = null;
    this.grid.replaceChildren();
    this.drawn.clear();
    this.opener?.focus();
  }

  /** Items may have arrived or the count grown: draws what is in sight again. */
  refresh(): void {
    if (this.isOpen) this.schedule();
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  private columns(): number {
    return Math.max(1, Math.floor((this.scroller.clientWidth - 8) / COLUMN));
  }

  private render(): void {
    const source = this.source;
    if (!source) return;
    const n = source.size();
    const cols = this.columns();
    const rows = Math.ceil(n / cols);
    const height = rows * ROW;
    const shown = Math.min(height, MAX_HEIGHT);
    // Past MAX_HEIGHT a pixel scrolled is more than a pixel of rows: the rows in sight are found
    // by the share scrolled, and drawn at the scroll position.
    const scale = shown < height ? (height - this.scroller.clientHeight) / Math.max(1, shown - this.scroller.clientHeight) : 1;
    this.sizer.style.height = `${shown}px`;
    this.count.textContent = `${digits(n)} ${n === 1 ? 'item' : 'items'}`;
    const top = this.scroller.scrollTop * scale;
    const first = Math.max(0, Math.floor(top / ROW) - 1);
    const last = Math.min(rows, Math.ceil((top + this.scroller.clientHeight) / ROW) + 1);
    this.grid.style.transform = `translateY(${first * ROW - top + this.scroller.scrollTop}px)`;
    this.grid.style.gridTemplateColumns = `repeat(${cols}, ${COLUMN - 8}px)`;
    const items: HTMLElement[] = [];
    const drawn = new Map<number, { key: string; element: HTMLElement }>();
    for (let i = first * cols; i < Math.min(n, last * cols); i++) {
      const key = source.key(i);
      const kept = this.drawn.get(i);
      const element = kept && kept.key === key ? kept.element : this.thumb(source, i);
      if (key !== null) drawn.set(i, { key, element });
      items.push(element);
    }
    this.drawn = drawn;
    // Unchanged: leave the DOM (and the focus) alone.
    if (items.length !== this.grid.children.length || items.some((e, k) => this.grid.children[k] !== e)) this.grid.replaceChildren(...items);
    if (this.element.contains(document.activeElement) && document.activeElement !== this.scroller) this.focusItem(this.focused, false);
  }

  private thumb(source: GallerySource, i: number): HTMLElement {
    const item = source.item(i);
    if (!item) source.want?.(i);
    const picture = item ? thumbnail(source.description, item) : h('span', { class: 'thumb-wait', text: '…' });
    const b = h('button', { type: 'button', class: 'gallery-item', 'data-n': String(i + 1), 'aria-label': source.label(i),
      tabindex: i === this.focused ? '0' : '-1', onclick: () => source.open(i) }, picture, h('span', { class: 'gallery-number', text: digits(i + 1) }));
    b.addEventListener('focus', () => (this.focused = i));
    return h('div', { role: 'listitem' }, b);
  }

  /** Scrolls item i into sight and focuses it. */
  private focusItem(i: number, scroll = true): void {
    const n = this.source?.size() ?? 0;
    if (!n) return;
    this.focused = Math.max(0, Math.min(n - 1, i));
    const button = () => this.grid.querySelector<HTMLButtonElement>(`[data-n="${this.focused + 1}"]`);
    if (scroll && !button()) {
      const row = Math.floor(this.focused / this.columns());
      const height = Math.ceil(n / this.columns()) * ROW;
      this.scroller.scrollTop = (row * ROW * Math.min(height, MAX_HEIGHT)) / height;
      this.render();
    }
    const b = button();
    if (!b) return;
    if (scroll) b.scrollIntoView({ block: 'nearest' });
    b.focus({ preventScroll: !scroll });
  }

  private onKey(e: KeyboardEvent): void {
    if (e.key === 'Escape') {
      this.close();
      e.preventDefault();
      return;
    }
    const cols = this.columns();
    const step: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: cols, ArrowUp: -cols, PageDown: cols * 3, PageUp: -cols * 3 };
    const n = this.source?.size() ?? 0;
    let to: number | null = null;
    if (e.key in step) to = this.focused + step[e.key]!;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = n - 1;
    if (to === null || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    e.stopPropagation();
    this.focusItem(to);
  }
}
