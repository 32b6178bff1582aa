// Where each build's .wasm is on the built site. Vite gives each file a hashed URL (an asset like
// any other, precached by the service worker); both are listed so that both are emitted, whichever
// this browser runs. The page compiles from these (shared-module.ts), and a worker fetches from them
// itself only when the page could not compile (worker-module.ts).
import baselineWasm from '../../generated/piecewise-solver.wasm?url';
import simdWasm from '../../generated/piecewise-solver-simd.wasm?url';
import { solverFiles, type SolverVariant } from './variants.mjs';

export const wasmUrls: Readonly<Record<SolverVariant, string>> = { baseline: baselineWasm, simd: simdWasm };

const byFileName = new Map([
  [`${solverFiles.baseline}.wasm`, baselineWasm],
  [`${solverFiles.simd}.wasm`, simdWasm],
]);

/** Emscripten's locateFile: the glue asks for its own file name, mapped here to the built URL. */
export function locateWasm(path: string): string {
  return byFileName.get(path) ?? path;
}
