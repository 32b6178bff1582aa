// What the page needs from the solver, in the page's own terms, and the adapter onto the worker
// engineer's SolverClient (web/src/worker/solver-client.ts) and solution codec. The UI depends only
// on the SolverPort interface, so tests can drive it with a fake.
import type { DecodedSolution, PuzzleKind, RunCounts } from '../protocol/messages';
import { SolverClient } from '../worker/solver-client';
import { decodeSolution } from '../solver/solution-codec';

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

export function createSolverPort(onReady?: () => void): SolverPort {
  // Created with the page, not on the first Solve: the worker compiles the WASM module while
  // the user is still reading, so the first solution is not delayed by loading it.
  const client = new SolverClient({ onReady });
  return {
    start(text, opts, h) {
      // The worker names the kind in `started`, which always precedes the first batch.
      let kind: PuzzleKind | null = null;
      let failed = false;
      client.start(text, { uniqueOnly: opts.uniqueOnly }, {
        started: (k, symmetries) => {
          kind = k;
          h.started(k, symmetries);
        },
        solutions: (batch) => {
          if (failed || !kind) return;
          const out: FoundSolution[] = [];
          try {
            for (const r of batch) out.push({ index: r.index, representative: r.representative, solution: decodeSolution(kind, r.data) });
          } catch (e) {
            failed = true;
            client.cancel();
            h.error(`cannot read a solution from the solver: ${(e as Error).message}`);
            return;
          }
          h.solutions(out);
        },
        progress: (f, c) => !failed && h.progress(f, c),
        done: (c) => !failed && h.done(c),
        error: (m) => !failed && h.error(m),
      });
    },
    cancel() {
      client.cancel();
    },
  };
}
