// The drawing's picture controls (under the drawing): download the solution on screen as SVG
// (flat puzzles) or PNG (any view, as drawn, at twice the screen's resolution), and print the
// first N unique solutions.
import type { DecodedSolution } from '../protocol/messages';
import type { PuzzleView } from '../render/view';
import type { PuzzleDescription } from '../solver/description';
import { h } from '../ui/dom';
import { download } from '../ui/download';
import { fileStem } from '../ui/file-name';
import { digits } from '../ui/format';
import { drawnSize, standaloneSvg, svgToPng } from './picture-files';
import { buildSheet, printSheet } from './print-sheet';

export interface PictureApi {
  currentView(): PuzzleView | null;
  currentDescription(): PuzzleDescription | null;
  currentSolutionIndex(): number;
  currentStatus(): string;
  currentCounts(): { unique: number };
  keptSolutions(limit: number, unique: boolean): DecodedSolution[];
}

/** Pictures are twice as sharp as the screen shows them. */
export const PICTURE_SCALE = 2;
const MAX_PRINTED = 500;

export class PictureBar {
  readonly element: HTMLElement;
  private readonly svgButton = h('button', { type: 'button', 'data-testid': 'download-svg', title: 'Download the drawing as SVG' }, 'SVG');
  private readonly pngButton = h('button', { type: 'button', 'data-testid': 'download-png', title: 'Download the drawing as PNG (twice the screen resolution)' }, 'PNG');
  private readonly count = h('input', { type: 'number', min: 1, max: MAX_PRINTED, step: 1, value: 12, 'data-testid': 'print-count', class: 'pw-print-count', 'aria-label': 'Unique solutions to print' });
  private readonly printButton = h('button', { type: 'button', 'data-testid': 'print', title: 'Print the first unique solutions as small diagrams' }, 'Print…');
  private readonly message = h('span', { class: 'pw-picture-message', 'data-testid': 'picture-message', role: 'status' });

  /** `hintShown`: the pieces a hint shows (0: no hint), so that a hint is not saved as a solution. */
  constructor(private readonly api: PictureApi, private readonly hintShown: () => number = () => 0) {
    this.svgButton.addEventListener('click', () => this.run(() => this.svg()));
    this.pngButton.addEventListener('click', () => this.run(() => this.png()));
    this.printButton.addEventListener('click', () => this.run(() => this.print()));
    this.element = h('span', { class: 'pw-pictures' },
      h('span', { class: 'pw-group', role: 'group', 'aria-label': 'Download the drawing' }, h('span', { class: 'pw-group-label', text: 'Download' }), this.svgButton, this.pngButton),
      h('span', { class: 'pw-group', role: 'group', 'aria-label': 'Print solutions' },
        h('label', {}, 'First ', this.count, ' unique'), this.printButton),
      this.message);
  }

  /** Enables what the drawing on the page allows (SVG only for flat drawings). */
  refresh(): void {
    const view = this.api.currentView();
    this.svgButton.hidden = !!view && !view.element.querySelector('svg');
    this.svgButton.disabled = this.pngButton.disabled = !view;
  }

  private async run(action: () => Promise<string | null> | string | null): Promise<void> {
    try {
      this.message.textContent = (await action()) ?? '';
    } catch (e) {
      this.message.textContent = `could not make the picture: ${(e as Error).message}`;
    }
  }

  private name(ext: string): string {
    const n = this.api.currentSolutionIndex();
    const hint = this.hintShown();
    const what = `${n >= 0 ? `-solution-${n + 1}` : ''}${hint > 0 ? `-hint-${hint}` : ''}`;
    return `${fileStem(this.api.currentDescription()?.name)}${what}.${ext}`;
  }

  private title(): string {
    const n = this.api.currentSolutionIndex();
    const hint = this.hintShown();
    const what = `${n >= 0 ? `, solution ${n + 1}` : ''}${hint > 0 ? `, hint: ${hint} ${hint === 1 ? 'piece' : 'pieces'}` : ''}`;
    return `${this.api.currentDescription()?.name ?? 'Puzzle'}${what}`;
  }

  private svgElement(): SVGSVGElement | null {
    return this.api.currentView()?.element.querySelector('svg') ?? null;
  }

  private svg(): string | null {
    const svg = this.svgElement();
    if (!svg) return 'SVG is for flat drawings; use PNG for the 3D view.';
    download(new Blob([standaloneSvg(svg, this.title())], { type: 'image/svg+xml' }), this.name('svg'));
    return null;
  }

  private async png(): Promise<string | null> {
    const view = this.api.currentView();
    if (!view) return 'Nothing is drawn yet.';
    const scale = PICTURE_SCALE * (globalThis.devicePixelRatio || 1);
    const svg = this.svgElement();
    let blob: Blob;
    if (view.capture) blob = await view.capture(scale);
    else if (svg) {
      const { width, height } = drawnSize(svg);
      blob = await svgToPng(standaloneSvg(svg, this.title()), width, height, scale);
    } else return 'This drawing cannot be saved as a picture.';
    download(blob, this.name('png'));
    return null;
  }

  private print(): string | null {
    const d = this.api.currentDescription();
    if (!d) return 'No puzzle is drawn yet.';
    const n = Math.max(1, Math.min(MAX_PRINTED, Math.floor(Number(this.count.value)) || 12));
    const solutions = this.api.keptSolutions(n, true);
    if (!solutions.length) return this.api.currentStatus() === 'running' ? 'No solution found yet.' : 'Solve first: there are no solutions to print yet.';
    const complete = this.api.currentStatus() === 'done';
    printSheet(buildSheet(d, solutions, { unique: digits(this.api.currentCounts().unique), complete }));
    return solutions.length < n ? `Only ${solutions.length} unique solution${solutions.length === 1 ? ' is' : 's are'} known: printing ${solutions.length === 1 ? 'it' : 'those'}.` : null;
  }
}
