// The page's API for its other parts (share links, the editor, offline) and for tests and the
// browser console (`window.piecewise`). Calls made before the page has started wait for it.
import { findEntry } from '../library/library';
import type { DecodedSolution } from '../protocol/messages';
import type { PuzzleView } from '../render/view';
import type { PuzzleDescription } from '../solver/description';
import type { PuzzleReader } from '../worker/puzzle-reader';
import { App, type AppOptions, type PuzzleChange, type RunStatus, type SolutionFilter, type SolutionSearch } from './app';
import { defaultEntry, type MinePuzzleEntry } from './library-picker';

export type { PuzzleChange, RunStatus, SolutionFilter, SolutionSearch };

let app: App | null = null;
const pending: ((a: App) => void)[] = [];

export function startApp(root: ParentNode = document, options: AppOptions = {}): App {
  app = new App(root, options);
  for (const f of pending.splice(0)) f(app);
  return app;
}

const later = (f: (a: App) => void): void => {
  if (app) f(app);
  else pending.push(f);
};

/**
 * Opens a puzzle document (JSON text); `sourceName` labels it in the puzzle menu, `mineId` when
 * it is one of My puzzles.
 */
export function loadPuzzleText(text: string, opts: { sourceName?: string; mineId?: string | null } = {}): void {
  later((a) => a.loadPuzzleText(text, opts));
}
/** Opens a library puzzle by id (the first visit's puzzle when there is no such id). */
export function openLibraryPuzzle(id?: string): void {
  const entry = (id ? findEntry(id) : undefined) ?? defaultEntry();
  if (entry) later((a) => a.loadEntry(entry, true));
}
/** Searches the puzzle on the page, as the Solve button does. */
export function solve(): void {
  later((a) => a.solve());
}
/** Settles when solution n (1-based) of the run just started is kept, or the run ends first. */
export function solutionFound(n: number): Promise<SolutionSearch> {
  return new Promise((resolve) => later((a) => void a.solutionFound(n).then(resolve)));
}
/**
 * Shows solution `n`, 0-based (clamped): any solution of a finished run, fetched by number when
 * the page does not hold it (currentSolution() is null until it is); one of the sample while it runs.
 */
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
/** Where the current puzzle came from: its label, its library id and its id in My puzzles (null when not). */
export function currentSource(): { sourceName: string; libraryId: string | null; mineId: string | null } {
  return app?.currentSource() ?? { sourceName: '', libraryId: null, mineId: null };
}
/** Whether a run is going, finished, stopped or failed ('idle' before any). */
export function currentStatus(): RunStatus {
  return app?.currentStatus() ?? 'idle';
}
/** 0-based index of the solution drawn, -1 when none. */
export function currentSolutionIndex(): number {
  return app?.currentSolutionIndex() ?? -1;
}
/**
 * The number (0-based) of each job's first solution in the finished run, raw or among
 * representatives, in search order; empty before a run is over.
 */
export function jobStarts(unique: boolean): number[] {
  return app?.jobStarts(unique) ?? [];
}
/** The solver's reader of documents (shared with the editor). */
export function puzzleReader(): Promise<PuzzleReader> {
  return new Promise((resolve) => later((a) => resolve(a.reader)));
}
/** Called after every puzzle change (library pick, loadPuzzleText); returns an unsubscribe function. */
export function onPuzzleChanged(cb: (c: PuzzleChange) => void): () => void {
  return subscribe((a) => a.onPuzzleChanged(cb));
}

// ---- My puzzles, pictures and hints -------------------------------------------------------------

/** The solver's description of the puzzle on the page, null until read (or when refused). */
export function currentDescription(): PuzzleDescription | null {
  return app?.currentDescription() ?? null;
}
/** Solutions and unique solutions the current run has found so far. */
export function currentCounts(): { solutions: number; unique: number } {
  return app?.currentCounts() ?? { solutions: 0, unique: 0 };
}
/** The drawing on the page, null while there is none. */
export function currentView(): PuzzleView | null {
  return app?.currentView() ?? null;
}
/** Up to `limit` kept solutions, decoded, in the order found; `unique`: one per symmetry class. */
export function keptSolutions(limit: number, unique: boolean): DecodedSolution[] {
  return app?.keptSolutions(limit, unique) ?? [];
}
/** Draws every solution through `filter` (hints), or as it is (null). */
export function setSolutionFilter(filter: SolutionFilter | null): void {
  later((a) => a.setSolutionFilter(filter));
}
/** The puzzle on the page has been kept in My puzzles as `id` (null: it no longer is). */
export function markMine(id: string | null, name: string): void {
  later((a) => a.markMine(id, name));
}
/** Lists My puzzles in the puzzle menu. */
export function setMyPuzzles(entries: readonly MinePuzzleEntry[]): void {
  later((a) => a.setMyPuzzles(entries));
}
/** Called when the user picks one of My puzzles in the menu; returns an unsubscribe function. */
export function onMinePicked(cb: (id: string) => void): () => void {
  return subscribe((a) => a.onMinePicked(cb));
}

/** Subscribes once the page has started; the returned function unsubscribes (also before that). */
function subscribe(register: (a: App) => () => void): () => void {
  let off: (() => void) | null = null;
  let cancelled = false;
  later((a) => {
    if (!cancelled) off = register(a);
  });
  return () => {
    cancelled = true;
    off?.();
  };
}
