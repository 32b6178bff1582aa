// The page's API for its other parts (share links, the editor, offline) and for tests and the
// browser console (`window.piecewise`). Calls made before the page has started wait for it.
import type { DecodedSolution } from '../protocol/messages';
import type { PuzzleReader } from '../worker/puzzle-reader';
import { App, type AppOptions, type PuzzleChange, type RunStatus, type SolutionSearch } from './app';

export type { PuzzleChange, RunStatus, SolutionSearch };

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

/** Opens a puzzle document (JSON text); `sourceName` labels it in the puzzle menu. */
export function loadPuzzleText(text: string, opts: { sourceName?: string } = {}): void {
  later((a) => a.loadPuzzleText(text, opts));
}
/** Searches the puzzle on the page, as the Solve button does. */
export function solve(): void {
  later((a) => a.solve());
}
/** Settles when solution n (1-based) of the run just started is kept, or the run ends first. */
export function solutionFound(n: number): Promise<SolutionSearch> {
  return new Promise((resolve) => later((a) => void a.solutionFound(n).then(resolve)));
}
/** Shows kept solution `n`, 0-based. */
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
/** Whether a run is going, finished, stopped or failed ('idle' before any). */
export function currentStatus(): RunStatus {
  return app?.currentStatus() ?? 'idle';
}
/** 0-based index of the solution drawn, -1 when none. */
export function currentSolutionIndex(): number {
  return app?.currentSolutionIndex() ?? -1;
}
/** The solver's reader of documents (shared with the editor). */
export function puzzleReader(): Promise<PuzzleReader> {
  return new Promise((resolve) => later((a) => resolve(a.reader)));
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
