// The Hint button: each press reveals one more piece (tile, fold) of the solution on screen; the
// first press finds a solution when there is none yet, without showing it. "Show solution" ends
// the hints; another puzzle starts over.
import type { DecodedSolution } from '../protocol/messages';
import type { SolutionFilter } from '../ui/app';
import { h } from '../ui/dom';
import { hintSteps, hintUnit, partialSolution } from './hint-model';

export interface HintApi {
  currentSolution(): DecodedSolution | null;
  currentStatus(): string;
  solve(): void;
  solutionFound(n: number): Promise<{ found: boolean; status: string }>;
  setSolutionFilter(filter: SolutionFilter | null): void;
  onPuzzleChanged(cb: () => void): () => void;
}

export class HintControl {
  readonly element: HTMLElement;
  private readonly hint = h('button', { type: 'button', 'data-testid': 'hint', title: 'Show one more piece of a solution' }, 'Hint');
  private readonly off = h('button', { type: 'button', 'data-testid': 'hint-off', hidden: true }, 'Show solution');
  private readonly status = h('span', { class: 'pw-hint-status', 'data-testid': 'hint-status', role: 'status' });
  /** Steps revealed; 0 when hints are off. */
  private shown = 0;
  /** Bumped when the puzzle changes: a search started for a hint on the old one is ignored. */
  private epoch = 0;

  constructor(private readonly api: HintApi) {
    this.hint.addEventListener('click', () => void this.more());
    this.off.addEventListener('click', () => this.stop());
    this.element = h('span', { class: 'pw-hints' }, this.hint, this.off, this.status);
    api.onPuzzleChanged(() => {
      this.epoch++;
      this.stop();
    });
  }

  /** Steps revealed (0: hints off), for tests. */
  get revealed(): number {
    return this.shown;
  }

  private async more(): Promise<void> {
    const epoch = this.epoch;
    if (this.shown === 0) {
      this.shown = 1;
      this.api.setSolutionFilter((s) => partialSolution(s, this.shown));
      this.off.hidden = false;
      if (!this.api.currentSolution()) {
        this.say('Looking for a solution…');
        if (this.api.currentStatus() !== 'running') this.api.solve();
        const r = await this.api.solutionFound(1);
        if (epoch !== this.epoch || this.shown === 0) return;
        if (!r.found) {
          this.stop();
          return this.say(r.status === 'done' ? 'This puzzle has no solution: there is nothing to hint.' : 'No solution found yet.');
        }
      }
    } else {
      const full = this.api.currentSolution();
      if (full && this.shown < hintSteps(full)) this.shown++;
      this.api.setSolutionFilter((s) => partialSolution(s, this.shown));
    }
    this.update();
  }

  private update(): void {
    const full = this.api.currentSolution();
    if (!full || !this.shown) return;
    const total = hintSteps(full);
    const unit = hintUnit(full);
    const shown = Math.min(this.shown, total);
    this.say(shown >= total ? `All ${total} ${unit}s shown.` : `Hint: ${shown} of ${total} ${unit}s shown.`);
    this.hint.disabled = shown >= total;
  }

  private stop(): void {
    if (this.shown) this.api.setSolutionFilter(null);
    this.shown = 0;
    this.off.hidden = true;
    this.hint.disabled = false;
    this.say('');
  }

  private say(text: string): void {
    this.status.textContent = text;
  }
}
