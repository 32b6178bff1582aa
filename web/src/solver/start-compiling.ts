// Imported first by main.ts, so that it runs before the rest of the page is evaluated: the
// solver's .wasm starts downloading and compiling at once (shared-module.ts).
import { compileSolverModule } from './shared-module';

void compileSolverModule();
