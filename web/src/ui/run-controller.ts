// One run of the search at a time: starts and stops the workers (through the solver port),
// takes in their sample of solutions and merged counts, keeps the run's status, progress and
// timing, fetches solutions by number once the run is over, and answers callers waiting for
// solution n. The page (app.ts) owns the puzzle and the drawing; this owns the run, and tells the
// page when the solution on screen may have changed (`draw`).
// Just over ~300 lines: a run's start, resume, stop and fetches share one generation counter and
// status, which splitting would have to pass around.
import type { BrowseScope, PuzzleKind, SolutionBatch } from '../protocol/messages';
import type { TallySummary } from '../worker/run-tally';
import type { ResumedTask } from '../worker/solver-pool';
import { resumedTasks, runKey, type CheckpointStore } from './run-checkpoints';
import type { RunPanel, RunStatus } from './run-panel';
import { RunRecorder } from './run-recorder';
import type { SolutionPlace, SolutionStore } from './solution-store';
import type { SolverPort } from './solver-port';

/** What solutionFound() learnt: whether solution n can be shown, how many can, and the run's state then. */
export interface SolutionSearch {
  found: boolean;
  kept: number;
  status: RunStatus;
}

export interface RunHooks {
  /** The run started or ended (the puzzle menu is locked while it runs). */
  busy(running: boolean): void;
  /** The solution to show may have changed: the first one arrived, one fetched by number, or the run was reset. */
  draw(): void;
  /** Solutions arrived or were counted (the gallery draws those it waits for, and its count). */
  solutionsChanged?(): void;
}

/**
 * The counters are shown again at most this often while a run goes on: ten times a second reads
 * as live, and each showing costs the page ~8 ms of CPU over its threads (layout, paint, raster,
 * compositing), taken from the workers when they have every core. Four times a second gave a
 * short run with 2 workers on 2 cores a few percent, but the time left then stays on screen up to
 * 250 ms, a quarter of a run of a second (MacMahon 4x6 with 2 workers: over 2x off at 25% of its run).
 */
const COUNTERS_MS = 100;
/**
 * The first solution kept waits for the tasks before its own (solution-store.ts) at most this
 * long: a puzzle whose first tasks hold no solution for long would show none though one is found.
 */
const FIRST_WAIT_MS = 300;
/** Solutions fetched at once around one asked for by number: its neighbours come with it. */
const FETCH_BEFORE = 8;
const FETCH_LIMIT = 48;

export class RunController {
  private status_: RunStatus = 'idle';
  /** Kind of the current run's solutions, as the worker names it. */
  private kind_: PuzzleKind | null = null;
  private text = '';
  /** The run's jobs, one per task, in search order: what a fetch by number asks for. */
  private jobs: readonly string[] = [];
  /** The progress bar's fraction: it never goes back. */
  private fraction = 0;
  /** The run's latest time left (ms) and when it was estimated (performance.now()); null while estimating. */
  private left: { ms: number; at: number } | null = null;
  private startedAt = 0;
  private elapsedMs = 0;
  private timer = 0;
  private uiTimer = 0;
  private firstReceived = false;
  private firstWait = 0;
  private tasks = { done: 0, count: 0 };
  /** Callers of solutionFound() waiting for a solution to be kept. */
  private waiters: { n: number; resolve: (r: SolutionSearch) => void }[] = [];
  /** Fetches by number under way: the positions each brings, in one task. */
  private fetching = new Set<{ task: number; scope: BrowseScope; from: number; to: number }>();
  /** Bumped by every reset: fetches of an earlier run are dropped. */
  private generation = 0;
  private readonly recorder: RunRecorder;
  /** The puzzle on the page (prepare()). */
  private shown = '';
  /** A checkpoint of the puzzle on the page that a run may resume from. */
  private resumable: { text: string; done: ResumedTask[] } | null = null;

  constructor(
    private readonly port: SolverPort,
    private readonly store: SolutionStore,
    private readonly panel: RunPanel,
    private readonly hooks: RunHooks,
    private readonly checkpoints: Promise<CheckpointStore>,
  ) {
    this.recorder = new RunRecorder(checkpoints);
  }

  get status(): RunStatus {
    return this.status_;
  }
  get kind(): PuzzleKind | null {
    return this.kind_;
  }

  /**
   * A puzzle is on the page: its run is prepared while the user looks at it, and a checkpoint of
   * that very run (a reload, a crash, a Stop) is offered to resume.
   */
  prepare(text: string): void {
    this.shown = text;
    this.resumable = null;
    this.panel.setResumable(null);
    void this.port.prepare(text).then(async (p) => {
      // For latency figures: from here on Solve starts searching at once.
      if (this.shown === text && typeof p !== 'string') performance.mark('piecewise:run-prepared');
      if (this.shown === text && this.status_ !== 'running') {
        this.panel.setTakesApart(typeof p !== 'string' && p.takesApart);
        this.render();
      }
      if (typeof p === 'string') return;
      const checkpoint = await (await this.checkpoints).get(await runKey(text, p.settings, p.jobs, p.takesApart)).catch(() => null);
      // A checkpoint that does not hold every count this run needs is never offered: it could not be exact.
      const done = checkpoint && resumedTasks(checkpoint, p.takesApart);
      if (!checkpoint || !done || this.shown !== text || this.status_ === 'running') return;
      this.resumable = { text, done };
      this.panel.setResumable(done.length / Math.max(1, checkpoint.tasks));
    });
  }

  /** Starts a run over `text` (cancelling any other); `resume`: from the checkpoint offered, if it is this puzzle's. */
  start(text: string, resume = false): void {
    const resumed = resume && this.resumable?.text === text ? this.resumable.done : [];
    this.resumable = null;
    this.panel.setResumable(null);
    this.port.cancel();
    this.reset('running');
    this.text = text;
    this.store.scope = this.panel.scope;  // until the run says whether it takes apart (started)
    this.startedAt = performance.now();
    performance.mark('piecewise:solve');
    this.timer = window.setInterval(() => this.schedule(), COUNTERS_MS);
    const generation = this.generation;
    let takesApart = false;
    // A run that takes apart sends representatives whatever this says (solver-pool.ts).
    this.port.start(text, { uniqueOnly: this.panel.scopeFor(false) === 'unique', resumed }, {
      started: (kind, _symmetries, apart) => {
        this.kind_ = kind;
        takesApart = apart;
        this.panel.setTakesApart(apart);
        this.store.scope = this.panel.scopeFor(apart);
      },
      tasks: (jobs, settings) => {
        this.jobs = jobs;
        this.store.reset(jobs.length);
        this.tasks = { done: 0, count: jobs.length };
        this.recorder.begin(runKey(text, settings, jobs, takesApart), jobs.length, resumed);
      },
      solutions: (task, batch) => this.onSolutions(task, batch),
      progress: (summary) => this.takeSummary(summary),
      taskDone: (task, counts) => {
        const hadCurrent = this.store.current >= 0;
        this.store.completeTask(task, counts);
        // The first solution kept is shown once the tasks before its own are done (solution-store.ts).
        if (!hadCurrent && this.store.current >= 0) this.hooks.draw();
        if (!resumed.some((d) => d.task === task)) this.recorder.taskDone(task, counts);
        this.settleWaiters(true);
      },
      done: (summary, numbering) => {
        if (generation !== this.generation) return;
        this.recorder.finished();
        this.takeSummary(summary);
        this.store.finish(numbering);
        this.fraction = 1;
        this.finish('done');
        this.hooks.draw();
      },
      notice: (message) => this.panel.showNotice(message),
      error: (message) => {
        this.offerResume();
        this.panel.showError(message);
        this.finish('error');
      },
    });
    this.panel.focus('stop');
  }

  stop(): void {
    if (this.status_ !== 'running') return;
    this.offerResume();
    this.port.cancel();
    this.finish('cancelled');
    this.panel.focus('solve');
  }

  /** The run stopped short: what it finished is written, and resuming it is offered. */
  private offerResume(): void {
    const shown = this.shown;
    void this.recorder.stop().then(() => {
      if (this.shown === shown && this.status_ !== 'running') this.prepare(shown);
    });
  }

  /** Cancels any run and forgets its solutions (a new puzzle); what it finished stays in its checkpoint. */
  clear(): void {
    if (this.status_ === 'running') this.recorder.stop();
    this.port.cancel();
    this.reset('idle');
  }

  /**
   * Settles once solution n (1-based) of the current run can be shown (found), or when the run
   * ends or the puzzle changes with fewer.
   */
  solutionFound(n: number): Promise<SolutionSearch> {
    return new Promise((resolve) => {
      this.waiters.push({ n, resolve });
      this.settleWaiters(this.status_ === 'running');
    });
  }

  /**
   * Shows solution n (0-based, clamped): at once when the page holds it, else once fetched by
   * number from a worker (the run must be over: before that, only the sample is numbered).
   */
  show(n: number): void {
    if (this.store.select(n)) this.redraw();
    this.fetchCurrent();
  }

  /** Browses the solutions of `scope`. */
  setScope(scope: BrowseScope): void {
    this.store.setScope(scope);
    this.redraw();
    this.fetchCurrent();
  }

  /** The solution on screen changed: drawn when held, else the drawing stays until it is fetched. */
  private redraw(): void {
    if (this.store.currentRecord() || this.store.current < 0) this.hooks.draw();
    else this.render();
  }

  /** Shows the counters. */
  render(): void {
    const running = this.status_ === 'running';
    if (running) this.elapsedMs = performance.now() - this.startedAt;
    const leftMs = this.left ? Math.max(0, this.left.ms - (performance.now() - this.left.at)) : null;
    this.panel.render(this.store, { fraction: this.fraction, leftMs, elapsedMs: this.elapsedMs, running, jobs: this.tasks });
    if (running) this.hooks.solutionsChanged?.();
  }

  /** The solution on screen is not held: fetch it and its neighbours by number. */
  private fetchCurrent(): void {
    this.fetch(this.store.current);
  }

  /**
   * Fetches solution n (0-based) and its neighbours by number when the page does not hold it
   * and no fetch under way brings it; the gallery asks for what it shows this way.
   */
  fetch(n: number): void {
    const place = this.store.place(n);
    if (!place || this.store.record(n)) return;
    const pending = [...this.fetching.values()].some((f) => f.task === place.task && f.scope === place.scope && f.from <= place.position && place.position < f.to);
    if (pending) return;
    const skip = Math.max(0, place.position - FETCH_BEFORE);
    const window = { task: place.task, scope: place.scope, from: skip, to: skip + FETCH_LIMIT };
    this.fetching.add(window);
    const generation = this.generation;
    void this.port.seek(this.text, this.jobs[place.task]!, skip, FETCH_LIMIT, place.scope).then((reply) => {
      this.fetching.delete(window);
      if (generation !== this.generation) return;
      if (typeof reply === 'string') {
        this.panel.showError(`cannot fetch solution ${n + 1}: ${reply}`);
        return;
      }
      this.store.putFetched({ ...place, position: skip } satisfies SolutionPlace, reply);
      if (this.store.currentRecord()) this.hooks.draw();
      this.hooks.solutionsChanged?.();
    });
  }

  private reset(status: RunStatus): void {
    this.generation++;
    this.settleWaiters(false);
    this.store.reset();
    this.jobs = [];
    this.fetching.clear();
    this.tasks = { done: 0, count: 0 };
    this.kind_ = null;
    this.fraction = 0;
    this.left = null;
    this.elapsedMs = 0;
    this.firstReceived = false;
    this.stopTimer();
    this.setStatus(status);
    this.panel.clearError();
    this.hooks.draw();
  }

  private finish(status: RunStatus): void {
    this.elapsedMs = performance.now() - this.startedAt;
    this.stopTimer();
    this.setStatus(status);
    this.settleWaiters(false);
    this.render();
  }

  private setStatus(s: RunStatus): void {
    this.status_ = s;
    this.panel.setStatus(s);
    this.hooks.busy(s === 'running');
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = 0;
    clearTimeout(this.firstWait);
    this.firstWait = 0;
  }

  /** The workers' merged counts; progress never goes back (a rerun task starts again from 0). */
  private takeSummary(s: TallySummary): void {
    this.fraction = Math.max(this.fraction, Math.min(1, s.fraction));
    // The first time left is shown at once, not at the next showing of the counters (up to COUNTERS_MS later).
    const firstEstimate = this.left === null && s.leftMs !== null;
    this.left = s.leftMs === null ? null : { ms: s.leftMs, at: performance.now() };
    this.tasks = { done: s.tasksDone, count: s.tasks };
    this.store.takeCounts(s);
    if (firstEstimate) this.render();
    else this.schedule();
  }

  private onSolutions(task: number, batch: SolutionBatch): void {
    // Solver latency and drawing latency are reported apart: software WebGL is slow to draw.
    if (batch.ordinal.length && !this.firstReceived) {
      this.firstReceived = true;
      performance.mark('piecewise:first-solution');
      this.firstWait = window.setTimeout(() => {
        if (this.store.current < 0 && this.store.showKept()) this.hooks.draw();
      }, FIRST_WAIT_MS);
    }
    const hadCurrent = this.store.current >= 0;
    this.store.add(task, batch);
    if (!hadCurrent && this.store.current >= 0) this.hooks.draw();
    this.settleWaiters(true);
    this.schedule();
  }

  /** Waiting callers are answered by solutions whose number is final (settled), or by the end of the run. */
  private settleWaiters(running: boolean): void {
    if (!this.waiters.length) return;
    const settled = this.store.settled;
    this.waiters = this.waiters.filter((w) => {
      if (running && settled < w.n) return true;
      w.resolve({ found: settled >= w.n, kept: this.store.size, status: this.status_ });
      return false;
    });
  }

  private schedule(): void {
    if (this.uiTimer) return;
    // rAF pauses in background tabs; a timeout keeps the counters honest there too.
    this.uiTimer = window.setTimeout(() => {
      this.uiTimer = 0;
      this.render();
    }, COUNTERS_MS);
  }
}
