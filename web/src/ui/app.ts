// The page: ties the puzzle menu, the puzzle panel (description and drawing), the run panel
// (Solve / Stop, counters, solution browser) and the solution store to the search worker. Its
// public methods are the page's API: share links, the editor, the tests and the console call
// them (see api.ts) rather than clicking the page's buttons.
import type { DecodedSolution, PuzzleKind, SolutionBatch } from '../protocol/messages';
import type { LibraryEntry } from '../library/library';
import type { PuzzleView } from '../render/view';
import type { PuzzleDescription } from '../solver/description';
import { decodeSolution } from '../solver/solution-codec';
import { createPuzzleReader, type PuzzleReader } from '../worker/puzzle-reader';
import { installBrowseKeys } from './browse-keys';
import { byTestId } from './dom';
import { LibraryPicker } from './library-picker';
import { PuzzlePanel } from './puzzle-panel';
import { RunPanel, type RunStatus } from './run-panel';
import { SolutionStore } from './solution-store';
import { createSolverPort, type SolverPort } from './solver-port';
import { installWorkerControl } from './worker-count';
import type { TallySummary } from '../worker/run-tally';

export type { RunStatus } from './run-panel';

export interface PuzzleChange {
  text: string;
  sourceName: string;
  /** Library id when the puzzle came from the library, else null. */
  libraryId: string | null;
  /** Id in My puzzles (kept in this browser) when it is one of them, else null. */
  mineId: string | null;
}

/** Turns a solution into what the page draws instead (hints draw part of it). */
export type SolutionFilter = (solution: DecodedSolution) => DecodedSolution;

/** What solutionFound() learnt: whether solution n was kept, how many were, and the run's state then. */
export interface SolutionSearch {
  found: boolean;
  kept: number;
  status: RunStatus;
}

export interface AppOptions {
  /** The search worker (tests pass a fake). */
  port?: SolverPort;
  /** The document reader (shared with the editor). */
  reader?: PuzzleReader;
}

/** A hook for tests and latency figures: the search worker has compiled the WASM module. */
function markSolverReady(): void {
  if (document.body.dataset.solver !== 'ready') performance.mark('piecewise:solver-ready');
  document.body.dataset.solver = 'ready';
}

export class App {
  readonly reader: PuzzleReader;
  private readonly port: SolverPort;
  private readonly store = new SolutionStore();
  private readonly picker: LibraryPicker;
  private readonly puzzle: PuzzlePanel;
  private readonly run: RunPanel;
  private readonly listeners = new Set<(c: PuzzleChange) => void>();
  /** Callers of solutionFound() waiting for a solution to be kept. */
  private waiters: { n: number; resolve: (r: SolutionSearch) => void }[] = [];

  private text = '';
  private sourceName = '';
  private libraryId: string | null = null;
  private mineId: string | null = null;
  private filter: SolutionFilter | null = null;
  private readonly minePicked = new Set<(id: string) => void>();
  private status: RunStatus = 'idle';
  /** Kind of the current run's solutions, as the worker names it. */
  private kind: PuzzleKind | null = null;
  private fraction = 0;
  private startedAt = 0;
  private elapsedMs = 0;
  private timer = 0;
  private uiTimer = 0;
  private firstReceived = false;
  private firstDrawn = false;
  /** The stride the workers were told (the store's sampling of solutions). */
  private strideSent = 1;
  private jobs = { done: 0, count: 0 };

  constructor(root: ParentNode, options: AppOptions = {}) {
    const workers = installWorkerControl(byTestId<HTMLSelectElement>(root, 'workers'), (n) => this.port.setWorkers(n));
    this.port = options.port ?? createSolverPort(workers, markSolverReady);
    this.reader = options.reader ?? createPuzzleReader();
    this.run = new RunPanel(root, { solve: () => this.solve(), stop: () => this.stop(), show: (n) => this.showSolution(n) });
    this.puzzle = new PuzzlePanel(root, this.reader, (message) => this.run.showError(message));
    this.picker = new LibraryPicker(byTestId<HTMLSelectElement>(root, 'puzzle-select'), (entry) => this.loadEntry(entry, true), (id) => {
      for (const cb of this.minePicked) cb(id);
    });
    installBrowseKeys(document, { current: () => this.store.current, count: () => this.store.size, show: (n) => this.showSolution(n) });
    const { entry, missing } = this.picker.initial();
    // (An address naming one of My puzzles opens it once they are read: see mine/install.ts.)
    if (entry) this.loadEntry(entry, false);
    if (missing) this.run.showError(`no puzzle named "${missing}" in the library`);
    this.render();
  }

  // ---- puzzles ----------------------------------------------------------------------------------

  loadEntry(entry: LibraryEntry, updateUrl: boolean): void {
    this.picker.showEntry(entry, updateUrl);
    this.setPuzzle(entry.text, entry.name, entry.id, null);
  }

  /**
   * Opens a puzzle that is not (necessarily) in the library: share links, the editor, files, My
   * puzzles (`mineId`).
   */
  loadPuzzleText(text: string, opts: { sourceName?: string; mineId?: string | null } = {}): void {
    const name = opts.sourceName ?? 'custom puzzle';
    if (opts.mineId) this.picker.showMine(opts.mineId, name);
    else this.picker.showCustom(name);
    this.setPuzzle(text, name, null, opts.mineId ?? null);
  }

  /** The puzzle on the page is now kept in My puzzles as `id` (or no longer, with null); the run goes on. */
  markMine(id: string | null, name: string): void {
    this.mineId = id;
    this.sourceName = name;
    if (id) this.picker.showMine(id, name);
    else if (this.libraryId === null) this.picker.showCustom(name);
  }

  private setPuzzle(text: string, sourceName: string, libraryId: string | null, mineId: string | null): void {
    this.port.cancel();
    this.resetRun('idle');
    this.text = text;
    this.sourceName = sourceName;
    this.libraryId = libraryId;
    this.mineId = mineId;
    void this.puzzle.show(text, sourceName);
    const change: PuzzleChange = { text, sourceName, libraryId, mineId };
    for (const cb of this.listeners) {
      try {
        cb(change);
      } catch (e) {
        console.error(e);
      }
    }
  }

  // ---- runs -------------------------------------------------------------------------------------

  solve(): void {
    if (!this.text) return;
    this.port.cancel();
    const uniqueOnly = this.run.uniqueOnly.checked;
    this.resetRun('running');
    this.startedAt = performance.now();
    performance.mark('piecewise:solve');
    this.timer = window.setInterval(() => this.schedule(), 100);
    this.port.start(this.text, { uniqueOnly }, {
      started: (kind) => (this.kind = kind),
      tasks: (count) => {
        for (let t = 0; t < count; t++) this.store.addTask(t, t === 0 ? null : t - 1);
        this.jobs = { done: 0, count };
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
      notice: (message) => this.run.showNotice(message),
      error: (message) => {
        this.run.showError(message);
        this.finish('error');
      },
    });
    this.run.focus('stop');
  }

  stop(): void {
    if (this.status !== 'running') return;
    this.port.cancel();
    this.finish('cancelled');
    this.run.focus('solve');
  }

  /**
   * Settles once solution n (1-based) of the current run is kept (found), or when the run ends
   * or the puzzle changes with fewer kept. Share links call it after solve().
   */
  solutionFound(n: number): Promise<SolutionSearch> {
    return new Promise((resolve) => {
      this.waiters.push({ n, resolve });
      this.settleWaiters(this.status === 'running');
    });
  }

  private resetRun(status: RunStatus): void {
    this.settleWaiters(false);
    this.store.reset();
    this.strideSent = 1;
    this.jobs = { done: 0, count: 0 };
    this.kind = null;
    this.fraction = 0;
    this.elapsedMs = 0;
    this.firstReceived = false;
    this.firstDrawn = false;
    this.stopTimer();
    this.setStatus(status);
    this.run.clearError();
    this.draw();
  }

  private finish(status: RunStatus): void {
    this.elapsedMs = performance.now() - this.startedAt;
    this.stopTimer();
    this.setStatus(status);
    this.settleWaiters(false);
    this.render();
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
    if (!hadCurrent && this.store.size > 0) this.draw();
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
      w.resolve({ found: settled >= w.n, kept: this.store.size, status: this.status });
      return false;
    });
  }

  // ---- browsing ---------------------------------------------------------------------------------

  /** Shows kept solution `n` (0-based); clamps to what is kept. */
  showSolution(n: number): void {
    if (this.store.select(n)) this.draw();
  }

  /** The solution on screen, decoded (only this one ever is). */
  currentSolution(): DecodedSolution | null {
    const record = this.store.currentRecord();
    if (!record || !this.kind) return null;
    return decodeSolution(this.kind, record.data);
  }

  private draw(): void {
    let solution: DecodedSolution | null = null;
    try {
      solution = this.currentSolution();
      if (solution && this.filter) solution = this.filter(solution);
    } catch (e) {
      this.run.showError(`cannot read a solution from the solver: ${(e as Error).message}`);
    }
    try {
      this.puzzle.draw(solution, this.store.current + 1);
    } catch (e) {
      this.run.showError(`cannot draw this solution: ${(e as Error).message}`);
    }
    if (solution && !this.firstDrawn) {
      this.firstDrawn = true;
      performance.mark('piecewise:first-drawing');
    }
    this.render();
  }

  // ---- display ----------------------------------------------------------------------------------

  private setStatus(s: RunStatus): void {
    this.status = s;
    this.run.setStatus(s);
    this.picker.setBusy(s === 'running');
  }

  private schedule(): void {
    if (this.uiTimer) return;
    // rAF pauses in background tabs; a timeout keeps the counters honest there too.
    this.uiTimer = window.setTimeout(() => {
      this.uiTimer = 0;
      this.render();
    }, 50);
  }

  private render(): void {
    if (this.status === 'running') this.elapsedMs = performance.now() - this.startedAt;
    this.run.render(this.store, this.fraction, this.elapsedMs, this.status === 'running', this.jobs);
    // Thinning is done a little per render, so it never blocks the page for long.
    const more = this.store.compact(12);
    const running = this.status === 'running';
    if (running) {
      // Back-pressure: the workers may send more once what they sent is taken in and shown,
      // and the store is within its budget again.
      this.tellStride();
      if (!this.store.full) this.port.caughtUp();
    }
    if (more || (running && this.store.full)) this.schedule();
  }

  // ---- what the rest of the page may ask --------------------------------------------------------

  currentPuzzleText(): string {
    return this.text;
  }
  currentSolutionIndex(): number {
    return this.store.current;
  }
  currentSource(): { sourceName: string; libraryId: string | null; mineId: string | null } {
    return { sourceName: this.sourceName, libraryId: this.libraryId, mineId: this.mineId };
  }
  currentStatus(): RunStatus {
    return this.status;
  }
  onPuzzleChanged(cb: (c: PuzzleChange) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  // ---- for My puzzles, pictures and hints ---------------------------------------------------------

  /** The solver's description of the puzzle on the page (null until read, or when refused). */
  currentDescription(): PuzzleDescription | null {
    return this.puzzle.description;
  }
  /** Solutions and unique solutions found by the current run so far. */
  currentCounts(): { solutions: number; unique: number } {
    return { solutions: this.store.raw, unique: this.store.unique };
  }
  /** The drawing on the page (null while none). */
  currentView(): PuzzleView | null {
    return this.puzzle.currentView;
  }
  /**
   * Up to `limit` kept solutions in the order found, decoded; `unique` keeps one per symmetry
   * class. Only what the store keeps: beyond its budget that may be a sample.
   */
  keptSolutions(limit: number, unique: boolean): DecodedSolution[] {
    const out: DecodedSolution[] = [];
    if (!this.kind) return out;
    for (let i = 0; i < this.store.size && out.length < limit; i++) {
      const r = this.store.record(i);
      if (r && (!unique || r.representative)) out.push(decodeSolution(this.kind, r.data));
    }
    return out;
  }
  /** Draws solutions through `filter` from now on (null: as they are). */
  setSolutionFilter(filter: SolutionFilter | null): void {
    this.filter = filter;
    this.draw();
  }
  /** The user picked one of My puzzles in the puzzle menu. */
  onMinePicked(cb: (id: string) => void): () => void {
    this.minePicked.add(cb);
    return () => this.minePicked.delete(cb);
  }
  /** The My puzzles group of the puzzle menu. */
  setMyPuzzles(entries: readonly { id: string; name: string }[]): void {
    this.picker.setMine(entries, this.mineId);
  }
}
