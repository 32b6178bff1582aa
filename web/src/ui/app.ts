// The page: ties the puzzle menu, the puzzle panel (description and drawing), the run panel
// (Solve / Stop, counters, solution browser) and the solution store to the run of the search
// (run-controller.ts). Its public methods are the page's API: share links, the editor, the tests
// and the console call them (see api.ts) rather than clicking the page's buttons.
import type { DecodedSolution } from '../protocol/messages';
import type { LibraryEntry } from '../library/library';
import type { PuzzleView } from '../render/view';
import type { PuzzleDescription } from '../solver/description';
import { decodeSolution } from '../solver/solution-codec';
import { storeSolutions, type RunSolutions } from '../gallery/sources';
import { createPuzzleReader, type PuzzleReader } from '../worker/puzzle-reader';
import { installBrowseKeys } from './browse-keys';
import { byTestId } from './dom';
import { LibraryPicker, type MinePuzzleEntry } from './library-picker';
import { PuzzlePanel } from './puzzle-panel';
import { openCheckpoints, type CheckpointStore } from './run-checkpoints';
import { PuzzleTools } from './puzzle-tools';
import { RunController, type SolutionSearch } from './run-controller';
import { RunPanel, type RunStatus } from './run-panel';
import { SolutionStore } from './solution-store';
import { createSolverPort, type SolverPort } from './solver-port';
import { installWorkerControl } from './worker-count';

export type { RunStatus } from './run-panel';
export type { SolutionSearch } from './run-controller';

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

export interface AppOptions {
  /** The search worker (tests pass a fake). */
  port?: SolverPort;
  /** The document reader (shared with the editor). */
  reader?: PuzzleReader;
  /** Where runs' checkpoints are kept (tests pass one in memory). */
  checkpoints?: Promise<CheckpointStore>;
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
  private readonly runs: RunController;
  private readonly tools: PuzzleTools;
  private readonly listeners = new Set<(c: PuzzleChange) => void>();

  private text = '';
  private sourceName = '';
  private libraryId: string | null = null;
  private mineId: string | null = null;
  private filter: SolutionFilter | null = null;
  private readonly minePicked = new Set<(id: string) => void>();
  private firstDrawn = false;

  constructor(root: ParentNode, options: AppOptions = {}) {
    // Start-up order: the reader's worker first, then the search workers, so that the reader is
    // the first to get the compiled module (solver/shared-module.ts) and the puzzle is drawn
    // first; the search workers are ready soon after.
    this.reader = options.reader ?? createPuzzleReader();
    const workers = installWorkerControl(byTestId<HTMLSelectElement>(root, 'workers'), (n) => this.port.setWorkers(n));
    this.port = options.port ?? createSolverPort(workers, markSolverReady);
    this.run = new RunPanel(root, { solve: () => this.solve(), stop: () => this.stop(), show: (n) => this.showSolution(n),
      scope: (scope) => {
        this.tools.closeGallery();
        this.runs.setScope(scope);
      }, resume: () => this.resume() });
    this.puzzle = new PuzzlePanel(root, this.reader, (message) => this.run.showError(message));
    this.tools = new PuzzleTools(root, this.reader, this.puzzle, { pinsChanged: () => this.pinsChanged(), solutions: () => this.runSolutions() });
    this.picker = new LibraryPicker(byTestId<HTMLSelectElement>(root, 'puzzle-select'), (entry) => this.loadEntry(entry, true), (id) => {
      for (const cb of this.minePicked) cb(id);
    });
    this.runs = new RunController(this.port, this.store, this.run, {
      busy: (running) => this.picker.setBusy(running),
      draw: () => this.draw(),
      solutionsChanged: () => this.tools.refresh(),
    }, options.checkpoints ?? openCheckpoints());
    installBrowseKeys(document, { current: () => this.store.current, count: () => this.store.size, show: (n) => this.showSolution(n) });
    const { entry, missing } = this.picker.initial();
    // (An address naming one of My puzzles opens it once they are read: see mine/install.ts.)
    if (entry) this.loadEntry(entry, false);
    if (missing) this.run.showError(`no puzzle named "${missing}" in the library`);
    this.runs.render();
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
    this.firstDrawn = false;
    this.runs.clear();
    this.text = text;
    this.sourceName = sourceName;
    this.libraryId = libraryId;
    this.mineId = mineId;
    this.tools.reset(text);
    void this.puzzle.show(text, sourceName).then((d) => {
      // null: refused, or another puzzle came first (which fills the tray itself).
      if (d && this.text === text) this.tools.described(d);
      // Prepared once the board is on screen: preparing runs the search, whose hot code the
      // browser then compiles for speed on its threads, and on two cores that compiling made a
      // 3D board's first frame (its shaders compiled in software) wait. Solve pressed before
      // prepares at once (the pool prepares what a run needs).
      requestAnimationFrame(() => setTimeout(() => {
        if (this.text === text) this.runs.prepare(text);
      }));
    });
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
    this.firstDrawn = false;
    this.tools.closeGallery();
    this.runs.start(this.tools.searched(this.text));
  }

  /** The run's solutions as the gallery shows them (the sample while it runs). */
  private runSolutions(): RunSolutions {
    return storeSolutions(this.store, this.runs, (s) => this.tools.complete(s), (n) => this.showSolution(n));
  }

  /** Pins were added or taken away: the run starts again on what is left (at once when one was shown). */
  private pinsChanged(): void {
    const rerun = this.runs.status !== 'idle';
    this.runs.clear();
    this.runs.prepare(this.tools.searched(this.text));
    if (rerun) this.solve();
  }

  /** Searches again from where the checkpoint offered left off (a reload, a crash, a Stop). */
  resume(): void {
    if (!this.text) return;
    this.firstDrawn = false;
    this.tools.closeGallery();
    this.runs.start(this.tools.searched(this.text), true);
  }

  stop(): void {
    this.runs.stop();
  }

  /**
   * Settles once solution n (1-based) of the current run is kept (found), or when the run ends
   * or the puzzle changes with fewer kept. Share links call it after solve().
   */
  solutionFound(n: number): Promise<SolutionSearch> {
    return this.runs.solutionFound(n);
  }

  // ---- browsing ---------------------------------------------------------------------------------

  /**
   * Shows solution `n` (0-based; clamped): any of the run once it is over (fetched by number
   * when the page does not hold it), one of the sample before that.
   */
  showSolution(n: number): void {
    this.runs.show(n);
  }

  /** The solution on screen, decoded (only this one ever is). */
  currentSolution(): DecodedSolution | null {
    const record = this.store.currentRecord();
    const kind = this.runs.kind;
    if (!record || !kind) return null;
    return this.tools.complete(decodeSolution(kind, record.data));
  }

  private draw(): void {
    let solution: DecodedSolution | null = null;
    try {
      solution = this.currentSolution() ?? this.tools.pinnedOnly();
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
    this.runs.render();
    this.tools.refresh();
  }

  // ---- what the rest of the page may ask --------------------------------------------------------

  currentPuzzleText(): string {
    return this.text;
  }
  /** -1 while pieces are pinned: the run's numbers are then not the puzzle's (links, picture names). */
  currentSolutionIndex(): number {
    return this.tools.searched(this.text) === this.text ? this.store.current : -1;
  }
  jobStarts(unique: boolean): number[] {
    const n = this.store.numbering;
    return n ? Array.from((unique ? n.firstUnique : n.firstRaw).subarray(0, -1)) : [];
  }
  currentSource(): { sourceName: string; libraryId: string | null; mineId: string | null } {
    return { sourceName: this.sourceName, libraryId: this.libraryId, mineId: this.mineId };
  }
  currentStatus(): RunStatus {
    return this.runs.status;
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
    return { solutions: this.store.raw, unique: this.store.uniqueFound };
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
    const kind = this.runs.kind;
    if (!kind) return out;
    for (const r of this.store.keptRecords('all')) {
      if (out.length >= limit) break;
      if (!unique || r.representative) out.push(this.tools.complete(decodeSolution(kind, r.data)));
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
  setMyPuzzles(entries: readonly MinePuzzleEntry[]): void {
    this.picker.setMine(entries, this.mineId);
  }
}
