// The controls that play a disassembly in the 3D view: Take apart (asks the solver for the
// solution shown) and Stop while it works, the level, play and pause, a step back and forward,
// the speed, and the move reached. The view moves its pieces: `apply` gets every placement's
// offset, in cells.
import type { TakenApart } from '../protocol/messages';
import { h } from '../ui/dom';
import { disassemblySteps, levelText, offsetsAt, type DisassemblyJson, type DisassemblyStep, type Vector } from './disassembly-steps';

export class DisassemblyPlayer {
  readonly element: HTMLFieldSetElement;
  private readonly takeButton: HTMLButtonElement;
  private readonly stopButton: HTMLButtonElement;
  private readonly status: HTMLOutputElement;
  private readonly controls: HTMLElement;
  private readonly playButton: HTMLButtonElement;
  private readonly stepText: HTMLElement;
  private readonly speedSlider: HTMLInputElement;
  private takeApart: ((signal: AbortSignal) => Promise<TakenApart>) | null = null;
  /** Aborts the take-apart under way (its worker is terminated). */
  private taking: AbortController | null = null;
  private steps: DisassemblyStep[] = [];
  /** Steps made, the last in part while it plays. */
  private at = 0;
  private frame = 0;
  private last = 0;
  /** Bumped on every reset: an answer for a solution no longer shown is dropped. */
  private token = 0;

  /** `placements`: of the solution shown; `outDistance`: how far a leaving group flies, in cells. */
  constructor(private placements: number, private outDistance: number, private readonly apply: (offsets: Vector[]) => void) {
    this.takeButton = h('button', { type: 'button', text: 'Take apart', 'data-testid': 'take-apart', disabled: true, onclick: () => void this.take() });
    this.stopButton = h('button', { type: 'button', text: 'Stop', 'data-testid': 'take-apart-stop', hidden: true,
      'aria-label': 'Stop taking it apart', onclick: () => this.stop() });
    this.status = h('output', { 'data-testid': 'disassembly-status' });
    this.playButton = h('button', { type: 'button', text: 'Play', 'data-testid': 'disassembly-play', onclick: () => this.toggle() });
    const back = h('button', { type: 'button', text: 'Step back', 'data-testid': 'disassembly-back', onclick: () => this.step(-1) });
    const forward = h('button', { type: 'button', text: 'Step forward', 'data-testid': 'disassembly-forward', onclick: () => this.step(1) });
    this.speedSlider = h('input', { type: 'range', min: 1, max: 10, value: 3, 'aria-label': 'Moves per second', 'data-testid': 'disassembly-speed' });
    this.stepText = h('span', { 'data-testid': 'disassembly-step' });
    this.controls = h('div', { class: 'disassembly-controls', hidden: true }, back, this.playButton, forward,
      h('label', {}, h('span', { text: 'Speed' }), this.speedSlider), this.stepText);
    this.element = h('fieldset', { class: 'disassembly', 'data-testid': 'disassembly' }, h('legend', { text: 'Disassembly' }),
      this.takeButton, this.stopButton, this.status, this.controls);
  }

  /**
   * A solution is shown (or none): back to the assembly, nothing taken apart yet (a take-apart
   * under way is stopped). `takeApart` takes it apart, stopped when its signal is aborted.
   */
  reset(placements: number, outDistance: number, takeApart: ((signal: AbortSignal) => Promise<TakenApart>) | null): void {
    ++this.token;
    this.abort();
    this.pause();
    this.placements = placements;
    this.outDistance = outDistance;
    this.takeApart = takeApart;
    this.steps = [];
    this.at = 0;
    this.takeButton.disabled = !takeApart;
    this.status.textContent = '';
    delete this.status.dataset.level;
    delete this.status.dataset.failed;
    this.controls.hidden = true;
    this.show();
  }

  dispose(): void {
    ++this.token;
    this.abort();
    this.pause();
  }

  private async take(): Promise<void> {
    if (!this.takeApart) return;
    const token = ++this.token;
    this.taking = new AbortController();
    this.takeButton.disabled = true;
    this.stopButton.hidden = false;
    this.status.textContent = 'Taking it apart…';
    delete this.status.dataset.level;
    delete this.status.dataset.failed;
    const result = await this.takeApart(this.taking.signal);
    if (token !== this.token) return;
    this.taking = null;
    this.takeButton.disabled = false;
    this.stopButton.hidden = true;
    if (!result.ok) {
      this.status.textContent = result.error;
      this.status.dataset.failed = 'error';
      return;
    }
    if (result.disassembly === null) {
      this.status.textContent = 'This assembly does not come apart.';
      this.status.dataset.level = '';
      return;
    }
    const d = JSON.parse(result.disassembly) as DisassemblyJson;
    this.steps = disassemblySteps(d, this.outDistance);
    this.status.textContent = `Level ${levelText(d)}, ${d.moves} moves`;
    this.status.dataset.level = levelText(d);
    this.controls.hidden = false;
    this.at = 0;
    this.show();
  }

  /** Stop pressed: the solver's worker is terminated, and Take apart can be pressed again. */
  private stop(): void {
    if (!this.taking) return;
    ++this.token;
    this.abort();
    this.takeButton.disabled = !this.takeApart;
    this.status.textContent = 'Stopped: it was not taken apart.';
    this.status.dataset.failed = 'stopped';
    this.takeButton.focus();
  }

  private abort(): void {
    this.taking?.abort();
    this.taking = null;
    this.stopButton.hidden = true;
  }

  private toggle(): void {
    if (this.frame) {
      this.pause();
      return;
    }
    if (this.at >= this.steps.length) this.at = 0;
    this.playButton.textContent = 'Pause';
    this.last = performance.now();
    const tick = (now: number): void => {
      this.at = Math.min(this.steps.length, this.at + ((now - this.last) / 1000) * Number(this.speedSlider.value));
      this.last = now;
      this.show();
      if (this.at >= this.steps.length) this.pause();
      else this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
  }

  private pause(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.playButton.textContent = 'Play';
  }

  private step(by: 1 | -1): void {
    this.pause();
    this.at = Math.max(0, Math.min(this.steps.length, by > 0 ? Math.floor(this.at) + 1 : Math.ceil(this.at) - 1));
    this.show();
  }

  private show(): void {
    const made = Math.floor(this.at);
    this.stepText.textContent = this.steps.length ? `move ${made} of ${this.steps.length}` : '';
    this.stepText.dataset.made = String(made);
    this.apply(offsetsAt(this.steps, this.placements, this.at));
  }
}
