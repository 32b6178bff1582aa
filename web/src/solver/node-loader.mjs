// Loads the WASM solver under Node (Vitest). Emscripten 3.1.6's ES
// module output, built for web and worker only, runs under Node once it is handed the .wasm
// bytes: it then neither fetches (Node 20's fetch cannot read file: URLs) nor needs
// __dirname. This is the one place that does it.
import { readFileSync } from 'node:fs';

const generated = new URL('../../generated/', import.meta.url);

export const wasmPath = new URL('piecewise-solver.wasm', generated);

export async function loadSolverModuleForNode() {
  const { default: createPiecewiseSolver } = await import(new URL('piecewise-solver.mjs', generated).href);
  return createPiecewiseSolver({ wasmBinary: readFileSync(wasmPath) });
}
