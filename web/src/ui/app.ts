// The page: library select, description, Solve / Stop, counters, progress, solution browser, views.
// Text from puzzles and from the solver goes into the DOM through textContent only, never as markup.
// The exported functions at the bottom are the API other parts of the page (share links, editor) use.

import type { DecodedSolution, RunCounts } from '../protocol/messages';
import { expectedCounts, readPuzzle, type ExpandedPuzzle } from '../model/document';
import { findEntry, groupLibrary, library, type LibraryEntry } from '../library/library';
import { createView, type PuzzleView } from '../render/view';
import { createSolverPort, type FoundSolution, type SolverPort } from './solver-port';

export type RunStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'error';

/** Solutions kept in memory for browsing; counting goes on past it. */
export const SOLUTION_CAP = 200_000;

export interface PuzzleChange {
  text: string;
  sourceName: string;
  /** Library id when the puzzle came from the library, else null. */
  libraryId: string | null;
}

const $ = <T extends HTMLElement = HTMLElement>(root: ParentNode, testid: string): T => {
  const e = root.querySelector<T>(`[data-testid="${testid}"]`);
  if (!e) throw new Error(`page is missing [data-testid=${testid}]`);
  return e;
};

/** Digits only, exact for every integer a double holds (no exponent notation). */
export const digits = (n: number): string =>
  Number.isFinite(n) && n >= 0 ? BigInt(Math.floor(n)).toString() : '0';

const grouped = (n: number): string => digits(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');

/** A hook for tests and latency figures: the worker has compiled the WASM module. */
function markSolverReady(): void {
  if (document.body.dataset.solver !== 'ready') performance.mark('piecewise:solver-ready');
  document.body.dataset.solver = 'ready';
}

export class App {
  private readonly port: SolverPort;
  private readonly listeners = new Set<(c: PuzzleChange) => void>();
  private text = '';
  private sourceName = '';
  private libraryId: string | null = null;
  private puzzle: ExpandedPuzzle | null = null;
  private view: PuzzleView | null = null;
  private viewToken = 0;

  private status: RunStatus = 'idle';
  private stored: DecodedSolution[] = [];
  private capReached = false;
  private raw = 0;
  private unique = 0;
  private fraction = 0;
  private current = -1;
  private startedAt = 0;
  private elapsedMs = 0;
  private timer = 0;
  private uiFrame = 0;
  private firstDrawn = false;
  private firstReceived = false;
  private repsSeen = 0;

  private readonly el: {
    select: HTMLSelectElement; description: HTMLElement; expected: HTMLElement; solve: HTMLButtonElement;
    stop: HTMLButtonElement; uniqueOnly: HTMLInputElement; found: HTMLElement; uniqueFound: HTMLElement;
    progress: HTMLProgressElement; progressText: HTMLElement; elapsed: HTMLElement; status: HTMLElement;
    error: HTMLElement; cap: HTMLElement; view: HTMLElement; index: HTMLElement; stored: HTMLElement;
    first: HTMLButtonElement; prev: HTMLButtonElement; next: HTMLButtonElement; last: HTMLButtonElement;
    gotoInput: HTMLInputElement; goto: HTMLButtonElement; custom: HTMLOptGroupElement;
  };

  constructor(root: ParentNode, port: SolverPort = createSolverPort(markSolverReady)) {
    this.port = port;
    this.el = {
      select: $(root, 'puzzle-select'), description: $(root, 'description'), expected: $(root, 'expected'),
      solve: $(root, 'solve'), stop: $(root, 'stop'), uniqueOnly: $(root, 'unique-only'),
      found: $(root, 'solutions-found'), uniqueFound: $(root, 'unique-found'), progress: $(root, 'progress'),
      progressText: $(root, 'progress-text'), elapsed: $(root, 'elapsed'), status: $(root, 'status'),
      error: $(root, 'error'), cap: $(root, 'cap-notice'), view: $(root, 'view'), index: $(root, 'solution-index'),
      stored: $(root, 'solutions-stored'), first: $(root, 'first'), prev: $(root, 'prev'), next: $(root, 'next'),
      last: $(root, 'last'), gotoInput: $(root, 'goto-input'), goto: $(root, 'goto'),
      custom: document.createElement('optgroup'),
    };
    this.fillSelect();
    this.wire();
    const wanted = new URLSearchParams(location.search).get('puzzle');
    const entry = (wanted && findEntry(wanted)) || findEntry('pentomino-8x8-centre') || library()[0];
    if (wanted && !findEntry(wanted)) this.showError(`no puzzle named "${wanted}" in the library`);
    if (entry) this.loadEntry(entry, false);
    this.renderCounters();
  }

  // ---- setup ------------------------------------------------------------------------------------

  private fillSelect(): void {
    const sel = this.el.select;
    sel.replaceChildren();
    for (const g of groupLibrary(library())) {
      const og = document.createElement('optgroup');
      og.label = g.label;
      for (const e of g.entries) {
        const o = document.createElement('option');
        o.value = e.id;
        o.textContent = e.name;
        og.append(o);
      }
      sel.append(og);
    }
    this.el.custom.label = 'Your puzzle';
  }

  private wire(): void {
    const e = this.el;
    e.select.addEventListener('change', () => {
      const entry = findEntry(e.select.value);
      if (entry) this.loadEntry(entry, true);
    });
    e.solve.addEventListener('click', () => this.solve());
    e.stop.addEventListener('click', () => this.stop());
    e.first.addEventListener('click', () => this.showSolution(0));
    e.prev.addEventListener('click', () => this.showSolution(this.current - 1));
    e.next.addEventListener('click', () => this.showSolution(this.current + 1));
    e.last.addEventListener('click', () => this.showSolution(this.stored.length - 1));
    const go = () => {
      const n = Number(e.gotoInput.value);
      if (Number.isInteger(n) && n >= 1) this.showSolution(n - 1);
    };
    e.goto.addEventListener('click', go);
    e.gotoInput.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter') go();
    });
    document.addEventListener('keydown', (ev) => {
      const t = ev.target as HTMLElement | null;
      if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
      if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
      const map: Record<string, () => void> = {
        ArrowRight: () => this.showSolution(this.current + 1),
        ArrowLeft: () => this.showSolution(this.current - 1),
        Home: () => this.showSolution(0),
        End: () => this.showSolution(this.stored.length - 1),
      };
      const f = map[ev.key];
      if (f && this.stored.length) {
        f();
        ev.preventDefault();
      }
    });
  }

  // ---- puzzles ----------------------------------------------------------------------------------

  private loadEntry(entry: LibraryEntry, updateUrl: boolean): void {
    this.el.custom.remove();
    this.el.select.value = entry.id;
    if (updateUrl) {
      const url = new URL(location.href);
      url.searchParams.set('puzzle', entry.id);
      history.replaceState(history.state, '', url);
    }
    this.setPuzzle(entry.text, entry.name, entry.id);
  }

  /** Opens a puzzle that is not (necessarily) in the library: share links, the editor, files. */
  loadPuzzleText(text: string, opts: { sourceName?: string } = {}): void {
    const name = opts.sourceName ?? 'custom puzzle';
    const o = document.createElement('option');
    o.value = '';
    o.textContent = name;
    this.el.custom.replaceChildren(o);
    this.el.select.prepend(this.el.custom);
    this.el.select.value = '';
    const url = new URL(location.href);
    if (url.searchParams.has('puzzle')) {
      url.searchParams.delete('puzzle');
      history.replaceState(history.state, '', url);
    }
    this.setPuzzle(text, name, null);
  }

  private setPuzzle(text: string, sourceName: string, libraryId: string | null): void {
    this.port.cancel();
    this.resetRun('idle');
    this.text = text;
    this.sourceName = sourceName;
    this.libraryId = libraryId;
    const r = readPuzzle(text);
    this.puzzle = r.ok ? r.puzzle : null;
    const notes = r.ok ? r.puzzle.notes.replace(/\s*Expected:[^.]*\.?/i, '').trim() : '';
    this.el.description.textContent = r.ok ? (notes ? `${r.puzzle.name}. ${notes}` : r.puzzle.name) : '';
    const exp = r.ok ? expectedCounts(r.puzzle.notes) : null;
    this.el.expected.textContent = exp
      ? `Expected: ${grouped(exp.solutions)} solutions, ${grouped(exp.unique)} unique`
      : 'Expected counts: not given';
    if (exp) {
      this.el.expected.dataset.solutions = digits(exp.solutions);
      this.el.expected.dataset.unique = digits(exp.unique);
    } else {
      delete this.el.expected.dataset.solutions;
      delete this.el.expected.dataset.unique;
    }
    if (!r.ok) this.showError(r.error);
    void this.buildView();
    const change: PuzzleChange = { text, sourceName, libraryId };
    for (const cb of this.listeners) {
      try {
        cb(change);
      } catch (e) {
        console.error(e);
      }
    }
  }

  private async buildView(): Promise<void> {
    const token = ++this.viewToken;
    this.view?.dispose();
    this.view = null;
    this.el.view.replaceChildren();
    this.el.view.dataset.solution = '';
    this.el.view.dataset.kind = this.puzzle ? this.puzzle.kind : '';
    if (!this.puzzle) return;
    try {
      const v = await createView(this.puzzle);
      if (token !== this.viewToken) {
        v.dispose();
        return;
      }
      this.view = v;
      this.el.view.append(v.element);
      this.drawCurrent();
    } catch (e) {
      if (token === this.viewToken) this.showError(`cannot draw this puzzle: ${(e as Error).message}`);
    }
  }

  // ---- runs -------------------------------------------------------------------------------------

  private resetRun(status: RunStatus): void {
    this.stored = [];
    this.capReached = false;
    this.raw = 0;
    this.unique = 0;
    this.fraction = 0;
    this.current = -1;
    this.elapsedMs = 0;
    this.firstDrawn = false;
    this.firstReceived = false;
    this.repsSeen = 0;
    this.stopTimer();
    this.setStatus(status);
    this.clearError();
    this.drawCurrent();
  }

  solve(): void {
    if (!this.text) return;
    this.port.cancel();
    this.resetRun('running');
    const uniqueOnly = this.el.uniqueOnly.checked;
    this.startedAt = performance.now();
    performance.mark('piecewise:solve');
    this.timer = window.setInterval(() => this.scheduleUi(), 100);
    this.port.start(this.text, { uniqueOnly }, {
      started: () => {},
      solutions: (batch) => this.onSolutions(batch, uniqueOnly),
      progress: (fraction, counts) => {
        this.fraction = Math.max(this.fraction, Math.min(1, fraction));
        this.takeCounts(counts);
      },
      done: (counts) => {
        this.takeCounts(counts);
        this.fraction = 1;
        this.finish('done');
      },
      error: (message) => {
        this.showError(message);
        this.finish('error');
      },
    });
    this.el.stop.focus();
  }

  stop(): void {
    if (this.status !== 'running') return;
    this.port.cancel();
    this.finish('cancelled');
    this.el.solve.focus();
  }

  private finish(status: RunStatus): void {
    this.elapsedMs = performance.now() - this.startedAt;
    this.stopTimer();
    this.setStatus(status);
    this.renderCounters();
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = 0;
  }

  private takeCounts(c: RunCounts): void {
    this.raw = Math.max(this.raw, c.solutions);
    this.unique = Math.max(this.unique, c.unique);
    this.scheduleUi();
  }

  private onSolutions(batch: FoundSolution[], uniqueOnly: boolean): void {
    // Solver latency and drawing latency are reported apart: software WebGL is slow to draw.
    if (batch.length && !this.firstReceived) {
      this.firstReceived = true;
      performance.mark('piecewise:first-solution');
    }
    let raw = 0;
    let reps = 0;
    for (const s of batch) {
      raw = Math.max(raw, s.index + 1);
      if (s.representative) reps++;
      if (uniqueOnly && !s.representative) continue;
      if (this.stored.length < SOLUTION_CAP) this.stored.push(s.solution);
      else this.capReached = true;
    }
    this.raw = Math.max(this.raw, raw);
    // Representatives seen are a lower bound for the unique count until the worker's counts arrive.
    this.repsSeen += reps;
    this.unique = Math.max(this.unique, this.repsSeen);
    if (this.current < 0 && this.stored.length) {
      this.current = 0;
      this.drawCurrent();
    }
    this.scheduleUi();
  }
  // ---- browsing ---------------------------------------------------------------------------------

  /** Shows stored solution `n` (0-based); clamps to what is stored. */
  showSolution(n: number): void {
    if (!this.stored.length) return;
    const k = Math.max(0, Math.min(this.stored.length - 1, Math.floor(n)));
    if (k === this.current) return;
    this.current = k;
    this.drawCurrent();
    this.renderCounters();
  }

  private drawCurrent(): void {
    const sol = this.current >= 0 ? this.stored[this.current] ?? null : null;
    if (this.view) {
      try {
        this.view.show(sol);
      } catch (e) {
        this.showError(`cannot draw this solution: ${(e as Error).message}`);
      }
      this.el.view.dataset.solution = sol ? String(this.current + 1) : '';
      if (sol && !this.firstDrawn) {
        this.firstDrawn = true;
        performance.mark('piecewise:first-drawing');
      }
    }
    this.renderCounters();
  }

  // ---- display ----------------------------------------------------------------------------------

  private setStatus(s: RunStatus): void {
    this.status = s;
    this.el.status.textContent = s;
    this.el.status.dataset.state = s;
    document.body.dataset.status = s;
    this.el.solve.disabled = s === 'running';
    this.el.stop.disabled = s !== 'running';
    this.el.select.setAttribute('aria-busy', String(s === 'running'));
  }

  private showError(message: string): void {
    this.el.error.textContent = message;
    this.el.error.hidden = false;
  }

  private clearError(): void {
    this.el.error.textContent = '';
    this.el.error.hidden = true;
  }

  private scheduleUi(): void {
    if (this.uiFrame) return;
    // rAF pauses in background tabs; a timeout keeps the counters honest there too.
    this.uiFrame = window.setTimeout(() => {
      this.uiFrame = 0;
      this.renderCounters();
    }, 50);
  }

  private renderCounters(): void {
    const e = this.el;
    if (this.status === 'running') this.elapsedMs = performance.now() - this.startedAt;
    e.found.textContent = digits(this.raw);
    e.uniqueFound.textContent = digits(this.unique);
    e.progress.value = this.fraction;
    e.progressText.textContent = `${(this.fraction * 100).toFixed(this.fraction < 0.1 ? 2 : 1)}%`;
    e.elapsed.textContent = `${(this.elapsedMs / 1000).toFixed(1)} s`;
    e.cap.hidden = !this.capReached;
    e.cap.textContent = this.capReached
      ? `Keeping the first ${grouped(SOLUTION_CAP)} solutions for browsing; counting continues.`
      : '';
    const n = this.stored.length;
    e.stored.textContent = digits(n);
    e.index.textContent = this.current >= 0 ? digits(this.current + 1) : '0';
    e.first.disabled = e.prev.disabled = this.current <= 0;
    e.next.disabled = e.last.disabled = this.current < 0 || this.current >= n - 1;
    e.gotoInput.max = String(Math.max(1, n));
    e.goto.disabled = n === 0;
  }

  // ---- API --------------------------------------------------------------------------------------

  currentPuzzleText(): string {
    return this.text;
  }
  currentSolutionIndex(): number {
    return this.current;
  }
  currentSolution(): DecodedSolution | null {
    return this.current >= 0 ? this.stored[this.current] ?? null : null;
  }
  currentSource(): { sourceName: string; libraryId: string | null } {
    return { sourceName: this.sourceName, libraryId: this.libraryId };
  }
  currentStatus(): RunStatus {
    return this.status;
  }
  onPuzzleChanged(cb: (c: PuzzleChange) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }
}

// ---- module API for the rest of the page (share links, editor, offline) ----------------------------

let app: App | null = null;
const pending: ((a: App) => void)[] = [];

export function startApp(root: ParentNode = document, port?: SolverPort): App {
  app = new App(root, port);
  for (const f of pending.splice(0)) f(app);
  return app;
}

const later = (f: (a: App) => void): void => {
  if (app) f(app);
  else pending.push(f);
};

/** Opens a puzzle document (JSON text); `sourceName` labels it in the puzzle select. */
export function loadPuzzleText(text: string, opts: { sourceName?: string } = {}): void {
  later((a) => a.loadPuzzleText(text, opts));
}
/** Shows stored solution `n`, 0-based. */
export function showSolution(n: number): void {
  later((a) => a.showSolution(n));
}
export function currentPuzzleText(): string {
  return app?.currentPuzzleText() ?? '';
}
/** The decoded solution drawn, or null. */
export function currentSolution(): DecodedSolution | null {
  return app?.currentSolution() ?? null;
}
/** Where the current puzzle came from: its label, and its library id (null when not from the library). */
export function currentSource(): { sourceName: string; libraryId: string | null } {
  return app?.currentSource() ?? { sourceName: '', libraryId: null };
}
/** 0-based index of the solution drawn, -1 when none. */
export function currentSolutionIndex(): number {
  return app?.currentSolutionIndex() ?? -1;
}
/** Called after every puzzle change (library pick, loadPuzzleText); returns an unsubscribe function. */
export function onPuzzleChanged(cb: (c: PuzzleChange) => void): () => void {
  let off: (() => void) | null = null;
  let cancelled = false;
  later((a) => {
    if (!cancelled) off = a.onPuzzleChanged(cb);
  });
  return () => {
    cancelled = true;
    off?.();
  };
}
