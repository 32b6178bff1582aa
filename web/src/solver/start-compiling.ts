// Imported first by main.ts, so that it runs before the rest of the page is evaluated: the
// solver's .wasm starts compiling at once (shared-module.ts; index.html has it preloaded), and the
// first solver worker (the puzzle reader's, create-worker.ts) starts meanwhile.
import { startSolverWorkerEarly } from '../worker/create-worker';
import { compileSolverModule } from './shared-module';

void compileSolverModule();
startSolverWorkerEarly();
