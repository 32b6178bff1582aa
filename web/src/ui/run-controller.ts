// One run of the search at a time: starts and stops the workers (through the solver port),
// takes in their solutions and merged counts, keeps the run's status, progress and timing, and
// answers callers waiting for solution n. The page (app.ts) owns the puzzle and the drawing;
// this owns the run, and tells the page when the solution on screen may have changed (`draw`).
import type { PuzzleKind, SolutionBatch } from '../protocol/messages';
import type { TallySummary } from '../worker/run-tally';
import type { RunPanel, RunStatus } from './run-panel';
import type { SolutionStore } from './solution-store';
import type { SolverPort } from './solver-port';

/** What solutionFound() learnt: whether solution n was kept, how many were, and the run's state then. */
export interface SolutionSearch {
  found: boolean;
  kept: number;
  status: RunStatus;
}

export interface RunHooks {
  /** The run started or ended (the puzzle menu is locked while it runs). */
  busy(running: boolean): void;
  /** The solution to show may have changed: the first one arrived, or the run was reset. */
  draw(): void;
}

export class RunController {
  private status_: RunStatus = 'idle';
  /** Kind of the current run's solutions, as the worker names it. */
  private kind_: PuzzleKind | null = null;
  private fraction = 0;
  private startedAt = 0;
  private elapsedMs = 0;
  private timer = 0;
  private uiTimer = 0;
  private firstReceived = false;
  /** The stride the workers were told (the store's sampling of solutions). */
  private strideSent = 1;
  private jobs = { done: 0, count: 0 };
  /** Callers of solutionFound() waiting for a solution to be kept. */
  private waiters: { n: number; resolve: (r: SolutionSearch) => void }[] = [];

  constructor(
    private readonly port: SolverPort,
    private readonly store: SolutionStore,
    private readonly panel: RunPanel,
    private readonly hooks: RunHooks,
  ) {}

  get status(): RunStatus {
    return this.status_;
  }
  get kind(): PuzzleKind | null {
    return this.kind_;
  }

  /** Starts a run over `text` (cancelling any other). */
  start(text: string): void {
    this.port.cancel();
    const uniqueOnly = this.panel.uniqueOnly.checked;
    this.reset('running');
    this.startedAt = performance.now();
    performance.mark('piecewise:solve');
    this.timer = window.setInterval(() => this.schedule(), 100);
    this.port.start(text, { uniqueOnly }, {
      started: (kind) => (this.kind_ = kind),
      tasks: (count) => {
        for (let t = 0; t < count; t++) this.store.addTask(t, t === 0 ? null : t - 1);
        this.jobs = { done: 0, count };
      },
      taskAdded: (task, after) => {
        this.store.addTask(task, after);
        this.jobs = { done: this.jobs.done, count: this.jobs.count + 1 };
      },
      solutions: (task, batch) => this.onSolutions(task, batch),
      progress: (summary) => this.takeSummary(summary),
      taskDone: (task) => {
        this.store.completeTask(task);
        this.settleWaiters(true);
      },
      done: (summary) => {
        this.takeSummary(summary);
        this.fraction = 1;
        this.finish('done');
      },
      notice: (message) => this.panel.showNotice(message),
      error: (message) => {
        this.panel.showError(message);
        this.finish('error');
      },
    });
    this.panel.focus('stop');
  }

  stop(): void {
    if (this.status_ !== 'running') return;
    this.port.cancel();
    this.finish('cancelled');
    this.panel.focus('solve');
  }

  /** Cancels any run and forgets its solutions (a new puzzle). */
  clear(): void {
    this.port.cancel();
    this.reset('idle');
  }

  /**
   * Settles once solution n (1-based) of the current run is kept (found), or when the run ends
   * or the puzzle changes with fewer kept.
   */
  solutionFound(n: number): Promise<SolutionSearch> {
    return new Promise((resolve) => {
      this.waiters.push({ n, resolve });
      this.settleWaiters(this.status_ === 'running');
    });
  }

  /** Shows the counters, and keeps the store and the workers in step (back-pressure, sampling). */
  render(): void {
    const running = this.status_ === 'running';
    if (running) this.elapsedMs = performance.now() - this.startedAt;
    this.panel.render(this.store, this.fraction, this.elapsedMs, running, this.jobs);
    // Thinning is done a little per render, so it never blocks the page for long.
    const more = this.store.compact(12);
    if (running) {
      // Back-pressure: the workers may send more once what they sent is taken in and shown,
      // and the store is within its budget again.
      this.tellStride();
      if (!this.store.full) this.port.caughtUp();
    }
    if (more || (running && this.store.full)) this.schedule();
  }

  private reset(status: RunStatus): void {
    this.settleWaiters(false);
    this.store.reset();
    this.strideSent = 1;
    this.jobs = { done: 0, count: 0 };
    this.kind_ = null;
    this.fraction = 0;
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
  }

  /** The workers' merged counts; progress never goes back (a rerun job starts again from 0). */
  private takeSummary(s: TallySummary): void {
    this.fraction = Math.max(this.fraction, Math.min(1, s.fraction));
    this.jobs = { done: s.tasksDone, count: s.tasks };
    this.store.takeCounts(s);
    this.schedule();
  }

  private onSolutions(task: number, batch: SolutionBatch): void {
    // Solver latency and drawing latency are reported apart: software WebGL is slow to draw.
    if (batch.ordinal.length && !this.firstReceived) {
      this.firstReceived = true;
      performance.mark('piecewise:first-solution');
    }
    const hadCurrent = this.store.size > 0;
    this.store.add(task, batch);
    if (!hadCurrent && this.store.size > 0) this.hooks.draw();
    this.tellStride();
    this.settleWaiters(true);
    this.schedule();
  }

  /** Past its budget the store keeps a sample: the workers then send only that. */
  private tellStride(): void {
    if (this.store.stride === this.strideSent) return;
    this.strideSent = this.store.stride;
    this.port.setStride(this.strideSent);
  }

  /** Waiting callers are answered by solutions whose number is final (settled), or by the end of the run. */
  private settleWaiters(running: boolean): void {
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
    }, 50);
  }
}
