// The page's workers that run the solver: the solver pool's workers and the puzzle reader's
// (solver.worker.ts), and the file worker (files/file.worker.ts). Each is sent the module the
// page compiled once (solver/shared-module.ts) as soon as it is ready; a worker instantiates it
// and never fetches the .wasm itself. Vite finds the worker entries by the `new Worker(new URL(...))`
// written here: start these workers only through these functions.
import { handModuleTo } from '../solver/shared-module';

const newSolverWorker = () => handModuleTo(new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' }));

/** A solver worker started before the page was built (startSolverWorkerEarly), for the first caller. */
let early: Worker | null = null;

/**
 * Starts a solver worker now, as the page's script begins: a worker takes tens of ms to start,
 * which then overlap with the rest of the page's start-up. The first createSolverWorker() call
 * (the puzzle reader's: app.ts creates it first) gets it. Call it in the same task as the page's
 * start-up, so that its owner sets its handlers before any message can arrive.
 */
export function startSolverWorkerEarly(): void {
  early ??= newSolverWorker();
}

/** A solver worker (solver.worker.ts): runs, splits and descriptions. */
export function createSolverWorker(): Worker {
  const worker = early ?? newSolverWorker();
  early = null;
  return worker;
}

/** The file worker (files/file.worker.ts): BurrTools imports and exports. */
export function createFileWorker(): Worker {
  return handModuleTo(new Worker(new URL('../files/file.worker.ts', import.meta.url), { type: 'module' }));
}
