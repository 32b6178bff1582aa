// Loads the WASM solver under Node (Vitest, the benchmark). Emscripten 3.1.6's ES
// module output, built for web and worker only, runs under Node once it is handed the .wasm
// bytes: it then neither fetches (Node 20's fetch cannot read file: URLs) nor needs
// __dirname. This is the one place that does it. The build is the page's choice for this
// engine (variants.mjs: the SIMD one on Node 20) unless PIECEWISE_WASM_VARIANT names one.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { preferredVariant, solverFiles } from './variants.mjs';

const generated = new URL('../../generated/', import.meta.url);
/** Where scripts/build-wasm.sh builds each variant, its command line (piecewise.cjs) included. */
const buildDirs = { baseline: 'build/wasm/', simd: 'build/wasm-simd/' };

/** PIECEWISE_WASM_VARIANT (baseline or simd) when set, else the build this engine supports. */
export function nodeVariant() {
  const forced = process.env.PIECEWISE_WASM_VARIANT;
  if (!forced) return preferredVariant();
  if (!Object.hasOwn(solverFiles, forced)) {
    throw new Error(`PIECEWISE_WASM_VARIANT=${forced}: expected one of ${Object.keys(solverFiles).join(', ')}`);
  }
  return forced;
}

/** The .wasm of a build, in web/generated/. */
export function wasmPath(variant = nodeVariant()) {
  return new URL(`${solverFiles[variant]}.wasm`, generated);
}

/** The command line (solver/cli) compiled for Node in the same build: what scripts and tests run. */
export function wasmCliPath(variant = nodeVariant()) {
  return fileURLToPath(new URL(`../../../${buildDirs[variant]}piecewise.cjs`, import.meta.url));
}

export async function loadSolverModuleForNode(variant = nodeVariant()) {
  const { default: createPiecewiseSolver } = await import(new URL(`${solverFiles[variant]}.mjs`, generated).href);
  return createPiecewiseSolver({ wasmBinary: readFileSync(wasmPath(variant)) });
}
