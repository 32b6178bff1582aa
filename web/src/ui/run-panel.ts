// The run's side of the page: Solve / Stop, status, counters, progress, elapsed time, the
// sampling notice, the error line and the solution browser. It shows what App tells it and reports
// the user's clicks back; it decides nothing. For a puzzle whose runs take apart (docs/disassembly.md)
// the counters are BurrTools': assemblies (one per symmetry class) and solutions (those that come
// apart), the browser goes through assemblies (or only those that come apart) and says of each
// whether it comes apart and its level.
import type { BrowseScope } from '../protocol/messages';
import { byTestId, setText } from './dom';
import { formatTimeLeft } from './eta';
import { digits } from './format';
import type { SolutionStore } from './solution-store';

export type RunStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'error';

export interface RunProgress {
  fraction: number;
  /** The time left, null while there is no estimate yet. */
  leftMs: number | null;
  elapsedMs: number;
  running: boolean;
  jobs: { done: number; count: number };
}

export interface RunPanelActions {
  solve(): void;
  stop(): void;
  /** Show solution n (0-based; the store clamps). */
  show(n: number): void;
  /** Browse the solutions of `scope` (the checkboxes changed). */
  scope(scope: BrowseScope): void;
  /** Search again from where a checkpoint of this run left off. */
  resume(): void;
}

export class RunPanel {
  private readonly uniqueOnly: HTMLInputElement;
  private readonly apartOnly: HTMLInputElement;
  private readonly el;
  /** The solution shown when last rendered (0-based, -1 for none). */
  private current = -1;
  /** The runs of the puzzle on the page take its assemblies apart. */
  private takesApart = false;

  constructor(root: ParentNode, actions: RunPanelActions) {
    const $ = <T extends HTMLElement = HTMLElement>(id: string) => byTestId<T>(root, id);
    this.uniqueOnly = $<HTMLInputElement>('unique-only');
    this.apartOnly = $<HTMLInputElement>('apart-only');
    this.el = {
      solve: $<HTMLButtonElement>('solve'), stop: $<HTMLButtonElement>('stop'), resume: $<HTMLButtonElement>('resume'), status: $('status'),
      found: $('solutions-found'), uniqueFound: $('unique-found'), progress: $<HTMLProgressElement>('progress'),
      progressText: $('progress-text'), elapsed: $('elapsed'), error: $('error'), cap: $('cap-notice'),
      index: $('solution-index'), stored: $('solutions-stored'), first: $<HTMLButtonElement>('first'),
      prev: $<HTMLButtonElement>('prev'), next: $<HTMLButtonElement>('next'), last: $<HTMLButtonElement>('last'),
      gotoInput: $<HTMLInputElement>('goto-input'), goto: $<HTMLButtonElement>('goto'),
      eta: $('eta'), workerNotice: $('worker-notice'), scope: $('browse-scope'), gallery: $<HTMLButtonElement>('gallery-open'),
      solutionsLabel: $('solutions-label'), uniqueLabel: $('unique-label'), apartLabel: $('apart-label'), apartFound: $('apart-found'),
      uniqueOnlyLabel: $('unique-only-label'), apartOnlyLabel: $('apart-only-label'), noun: $('browse-noun'), verdict: $('solution-verdict'),
    };
    const e = this.el;
    e.solve.addEventListener('click', () => actions.solve());
    e.stop.addEventListener('click', () => actions.stop());
    e.resume.addEventListener('click', () => actions.resume());
    e.first.addEventListener('click', () => actions.show(0));
    e.prev.addEventListener('click', () => actions.show(this.current - 1));
    e.next.addEventListener('click', () => actions.show(this.current + 1));
    e.last.addEventListener('click', () => actions.show(Number.MAX_SAFE_INTEGER));
    const go = () => {
      const n = Number(e.gotoInput.value);
      if (Number.isInteger(n) && n >= 1) actions.show(n - 1);
    };
    e.goto.addEventListener('click', go);
    for (const box of [this.uniqueOnly, this.apartOnly]) box.addEventListener('change', () => actions.scope(this.scope));
    e.gotoInput.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter') go();
    });
  }

  setStatus(s: RunStatus): void {
    const e = this.el;
    e.status.textContent = s;
    e.status.dataset.state = s;
    document.body.dataset.status = s;
    e.solve.disabled = s === 'running';
    e.stop.disabled = s !== 'running';
  }

  /**
   * The puzzle's runs take its assemblies apart (or not): the counters, the browse checkbox and
   * the browser's words follow.
   */
  setTakesApart(on: boolean): void {
    this.takesApart = on;
    const e = this.el;
    e.solutionsLabel.hidden = e.found.hidden = on;
    e.apartLabel.hidden = e.apartFound.hidden = !on;
    e.uniqueLabel.textContent = on ? 'Assemblies' : 'Unique found';
    e.uniqueLabel.title = on ? 'One per symmetry class, as BurrTools counts them' : '';
    e.uniqueOnlyLabel.hidden = on;
    e.apartOnlyLabel.hidden = !on;
  }

  /** Which solutions the user chose to browse. */
  get scope(): BrowseScope {
    return this.scopeFor(this.takesApart);
  }

  /** ...in a run that takes apart (assemblies, or those that come apart) or in another (every solution, or unique). */
  scopeFor(takesApart: boolean): BrowseScope {
    if (takesApart) return this.apartOnly.checked ? 'apart' : 'unique';
    return this.uniqueOnly.checked ? 'unique' : 'all';
  }

  /** Offers to resume a run that had done `done` (a fraction of its jobs); null: nothing to resume. */
  setResumable(done: number | null): void {
    const e = this.el;
    e.resume.hidden = done === null;
    e.resume.textContent = done === null ? 'Resume' : `Resume (${Math.floor(done * 100)}% of the jobs done)`;
  }

  focus(button: 'solve' | 'stop'): void {
    this.el[button].focus();
  }

  showError(message: string): void {
    this.el.error.textContent = message;
    this.el.error.hidden = false;
  }

  clearError(): void {
    this.el.error.textContent = '';
    this.el.error.hidden = true;
    this.el.workerNotice.textContent = '';
    this.el.workerNotice.hidden = true;
  }

  /** A line the user should know about that does not end the run (a worker replaced). */
  showNotice(message: string): void {
    this.el.workerNotice.textContent = message;
    this.el.workerNotice.hidden = false;
  }

  /**
   * `fraction`: the progress bar's; `leftMs`: the estimated time left, null while there is none
   * yet (the time left then says so); `jobs`: the run's tasks and how many are done.
   */
  render(store: SolutionStore, run: RunProgress): void {
    const { fraction, leftMs, elapsedMs, running, jobs } = run;
    const e = this.el;
    this.current = store.current;
    setText(e.found, digits(store.raw));
    setText(e.uniqueFound, digits(store.uniqueFound));
    setText(e.apartFound, digits(store.apartFound));
    e.progress.value = fraction;
    const percent = `${(fraction * 100).toFixed(fraction < 0.1 ? 2 : 1)}%`;
    setText(e.progressText, jobs.count > 1 ? `${percent} (jobs ${digits(jobs.done)}/${digits(jobs.count)} done)` : percent);
    const left = running ? leftMs : null;
    setText(e.eta, !running ? '–' : left === null ? 'estimating…' : formatTimeLeft(left));
    const ms = left === null ? '' : String(Math.round(left));
    if (e.eta.dataset.ms !== ms) e.eta.dataset.ms = ms;
    setText(e.elapsed, `${(elapsedMs / 1000).toFixed(1)} s`);
    // Until the count is over only the sample the workers sent is numbered.
    const partial = !store.numbering && store.raw > store.keptCount;
    e.cap.hidden = !partial;
    setText(e.cap, partial
      ? `Browsing the first solutions found while the search counts the rest; once it is done, any solution can be shown by its number.`
      : '');
    setText(e.scope, store.numbering ? '' : ' kept so far');
    const n = store.size;
    setText(e.stored, digits(n));
    setText(e.index, store.current >= 0 ? digits(store.current + 1) : '0');
    e.first.disabled = e.prev.disabled = store.current <= 0;
    e.next.disabled = e.last.disabled = store.current < 0 || store.current >= n - 1;
    e.gotoInput.max = String(Math.max(1, n));
    e.goto.disabled = e.gallery.disabled = n === 0;
    setText(e.noun, store.scope === 'unique' && this.takesApart ? 'Assembly' : 'Solution');
    this.renderVerdict(store);
  }

  /** Whether the solution shown comes apart, and its level, when its run took it apart. */
  private renderVerdict(store: SolutionStore): void {
    const e = this.el;
    const record = this.takesApart ? store.currentRecord() : undefined;
    const verdict = record?.verdict ?? 'untried';
    e.verdict.hidden = verdict === 'untried';
    e.verdict.dataset.verdict = verdict;
    e.verdict.dataset.level = record && verdict === 'comes-apart' ? Array.from(record.level).join('.') : '';
    setText(e.verdict, verdict === 'comes-apart' ? `It comes apart: level ${e.verdict.dataset.level}.`
      : verdict === 'locked' ? 'It does not come apart: an assembly, not a solution.' : '');
  }
}
