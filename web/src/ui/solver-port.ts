// What the page needs from the search workers, so that tests can drive the page with a fake:
// runs only (descriptions come from the puzzle reader, worker/puzzle-reader.ts). Solutions
// arrive as raw records; the page decodes only the one it draws.
import type { BrowseScope, SolutionBatch } from '../protocol/messages';
import { SolverPool, type PoolCallbacks, type ResumedTask } from '../worker/solver-pool';

export type RunHandlers = Required<PoolCallbacks>;

export interface SolverPort {
  /**
   * Readies a run of `puzzleText` ahead of Solve: its search's choices and jobs, whether it takes
   * its assemblies apart, or the solver's refusal.
   */
  prepare(puzzleText: string): Promise<{ settings: string; jobs: readonly string[]; takesApart: boolean } | string>;
  /**
   * Starts a run (`resumed`: tasks a checkpoint of the same run recorded as done); a run still
   * going is cancelled first. Handlers of cancelled runs are never called. A run of a document
   * prepared already begins before this returns (its `started` and `tasks` handlers with it).
   */
  start(puzzleText: string, opts: { uniqueOnly: boolean; resumed?: readonly ResumedTask[] }, handlers: RunHandlers): void;
  /** Stops the current run at once (every busy worker is replaced). */
  cancel(): void;
  /**
   * Solutions of a run's `job` from position `skip` (0-based, among those of `scope`), at most
   * `limit`; or the one-line reason.
   */
  seek(puzzleText: string, job: string, skip: number, limit: number, scope: BrowseScope): Promise<SolutionBatch | string>;
  /** Solver workers from now on. */
  setWorkers(n: number): void;
}

export function createSolverPort(workers: number, onReady?: () => void): SolverPort {
  // Created with the page, not on the first Solve: the workers compile the WASM module while
  // the user is still reading, so the first solution is not delayed by loading it.
  const pool = new SolverPool({ workers, onReady });
  return {
    prepare: (text) => pool.prepare(text),
    start: (text, opts, handlers) => void pool.start(text, opts, handlers),
    cancel: () => pool.cancel(),
    seek: (text, job, skip, limit, scope) => pool.seek(text, job, skip, limit, scope),
    setWorkers: (n) => pool.setWorkers(n),
  };
}
