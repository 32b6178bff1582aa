// What the page needs from the solver, in the page's own terms. The adapter below maps it onto the
// worker engineer's SolverClient (web/src/worker/solver-client.ts); the UI depends only on this file.
import type { DecodedSolution, PuzzleKind, RunCounts } from '../protocol/messages';

export interface FoundSolution {
  /** 0-based position among all raw solutions of the run. */
  index: number;
  representative: boolean;
  solution: DecodedSolution;
}

export interface RunHandlers {
  started(kind: PuzzleKind, symmetries: number): void;
  solutions(batch: FoundSolution[]): void;
  progress(fraction: number, counts: RunCounts): void;
  done(counts: RunCounts): void;
  error(message: string): void;
}

export interface SolverPort {
  /** Starts a run; a run still going is cancelled first. Handlers of cancelled runs are never called. */
  start(puzzleText: string, opts: { uniqueOnly: boolean }, handlers: RunHandlers): void;
  /** Stops the current run at once (the worker is replaced). */
  cancel(): void;
}

export function createSolverPort(): SolverPort {
  return {
    start(_text, _opts, handlers) {
      queueMicrotask(() => handlers.error('solver client not wired yet'));
    },
    cancel() {},
  };
}
