// The page's workers that run the solver: the solver pool's workers and the puzzle reader's
// (solver.worker.ts), and the file worker (files/file.worker.ts). Each is sent the module the
// page compiled once (solver/shared-module.ts) as soon as it is ready; a worker instantiates it
// and never fetches the .wasm itself. Vite finds the worker entries by the `new Worker(new URL(...))`
// written here: start these workers only through these functions.
import { handModuleTo } from '../solver/shared-module';

/** A solver worker (solver.worker.ts): runs, splits and descriptions. */
export function createSolverWorker(): Worker {
  return handModuleTo(new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' }));
}

/** The file worker (files/file.worker.ts): BurrTools imports and exports. */
export function createFileWorker(): Worker {
  return handModuleTo(new Worker(new URL('../files/file.worker.ts', import.meta.url), { type: 'module' }));
}
