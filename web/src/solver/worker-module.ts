// The module as the page's workers load it (the solver worker and the file worker). Vite gives
// each build's .wasm a hashed URL (an asset like any other, precached by the service worker); the
// glue asks for its own file name, mapped here to that URL. Both are listed so that both are
// emitted, whichever this browser runs.
import baselineWasm from '../../generated/piecewise-solver.wasm?url';
import simdWasm from '../../generated/piecewise-solver-simd.wasm?url';
import { loadSolverModule, solverFiles, type SolverModule } from './module';

const wasmUrls = new Map([
  [`${solverFiles.baseline}.wasm`, baselineWasm],
  [`${solverFiles.simd}.wasm`, simdWasm],
]);

export function locateWasm(path: string): string {
  return wasmUrls.get(path) ?? path;
}

/** The build this browser runs (module.ts decides), its .wasm fetched from the built site. */
export function loadSolverModuleInWorker(): Promise<SolverModule> {
  return loadSolverModule({ locateFile: locateWasm });
}
