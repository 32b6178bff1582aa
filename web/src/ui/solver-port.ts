// What the page needs from the search workers, so that tests can drive the page with a fake:
// runs only (descriptions come from the puzzle reader, worker/puzzle-reader.ts). Solutions
// arrive as raw records; the page decodes only the one it draws.
import { SolverPool, type PoolCallbacks } from '../worker/solver-pool';

export type RunHandlers = Required<PoolCallbacks>;

export interface SolverPort {
  /** Starts a run; a run still going is cancelled first. Handlers of cancelled runs are never called. */
  start(puzzleText: string, opts: { uniqueOnly: boolean }, handlers: RunHandlers): void;
  /** Stops the current run at once (every busy worker is replaced). */
  cancel(): void;
  /** The page has taken in every solution handed to it (the workers may send more). */
  caughtUp(): void;
  /** Only every stride-th solution is wanted from now on. */
  setStride(stride: number): void;
  /** Solver workers from now on. */
  setWorkers(n: number): void;
}

export function createSolverPort(workers: number, onReady?: () => void): SolverPort {
  // Created with the page, not on the first Solve: the workers compile the WASM module while
  // the user is still reading, so the first solution is not delayed by loading it.
  const pool = new SolverPool({ workers, onReady });
  return {
    start: (text, opts, handlers) => void pool.start(text, opts, handlers),
    cancel: () => pool.cancel(),
    caughtUp: () => pool.caughtUp(),
    setStride: (stride) => pool.setStride(stride),
    setWorkers: (n) => pool.setWorkers(n),
  };
}
