// What the page needs from the search worker, so that tests can drive the page with a fake:
// runs only (descriptions come from the puzzle reader, worker/puzzle-reader.ts). Solutions
// arrive as raw records; the page decodes only the one it draws.
import { SolverClient, type RunCallbacks } from '../worker/solver-client';

export type RunHandlers = Required<RunCallbacks>;

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
    start: (text, opts, handlers) => void client.start(text, opts, handlers),
    cancel: () => client.cancel(),
  };
}
