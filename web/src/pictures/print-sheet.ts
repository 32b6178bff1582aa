// The printable sheet: the first N unique solutions as small diagrams (flat puzzles as the page
// draws them, 3D puzzles layer by layer), with the puzzle's name and counts, printed through
// the browser's print dialog. On screen the sheet is never shown (print.css).
import type { DecodedSolution } from '../protocol/messages';
import { packingLayers, snakeLayers } from '../render/layer-diagram';
import { EdgeView, Packing2DView } from '../render/svg2d';
import type { PuzzleDescription } from '../solver/description';
import { h } from '../ui/dom';

function diagram(d: PuzzleDescription, sol: DecodedSolution, title: string): Element {
  if (d.kind === 'snake') return snakeLayers(d, sol, title);
  if (d.kind === 'packing' && d.dimensions === 3) return packingLayers(d, sol, title);
  const view = d.kind === 'edge-matching' ? new EdgeView(d) : new Packing2DView(d);
  view.show(sol);
  const svg = view.element.querySelector('svg')!;
  svg.setAttribute('aria-label', title);
  svg.removeAttribute('width');
  return view.element;
}

export interface SheetInfo {
  /** Unique solutions found so far, and whether the search is over. */
  unique: string;
  complete: boolean;
}

/** The sheet for `solutions` (already chosen: unique, the first N). */
export function buildSheet(d: PuzzleDescription, solutions: DecodedSolution[], info: SheetInfo): HTMLElement {
  const count = solutions.length;
  const of = info.complete ? `of ${info.unique} unique` : `of the ${info.unique} unique found so far`;
  const layers = d.kind === 'snake' || (d.kind === 'packing' && d.dimensions === 3);
  return h('section', { class: 'print-sheet', 'data-testid': 'print-sheet', 'aria-hidden': 'true' },
    h('header', {},
      h('h1', { text: d.name }),
      h('p', { text: `${count === 1 ? 'Solution 1' : `Solutions 1–${count}`} ${of}.${layers ? ' Each solution layer by layer, from the bottom.' : ''}${d.kind === 'snake' ? ' Numbers follow the chain from its first cube.' : ''}` })),
    h('div', { class: 'print-grid' },
      ...solutions.map((s, i) => h('figure', { class: 'print-solution' },
        diagram(d, s, `Solution ${i + 1}`),
        h('figcaption', { text: `${i + 1}` })))));
}

/** Puts the sheet in the page (replacing an earlier one) and opens the print dialog. */
export function printSheet(sheet: HTMLElement): void {
  document.querySelector('.print-sheet')?.remove();
  document.body.append(sheet);
  window.addEventListener('afterprint', () => sheet.remove(), { once: true });
  window.print();
}
