// The solver is built twice (scripts/build-wasm.sh): a baseline every browser runs, and one with
// WebAssembly SIMD and wasm exception handling, faster on long counts (docs/page.md: *Two WASM builds*).
// Which to load is decided here, synchronously, for the page's workers (module.ts) and for Node
// (node-loader.mjs). Plain JS: the benchmark script imports it under Node, which reads no
// TypeScript.

/** The base name of each build's files: `${name}.mjs` (the glue) and `${name}.wasm`. */
export const solverFiles = Object.freeze({
  baseline: 'piecewise-solver',
  simd: 'piecewise-solver-simd',
});

// The smallest module that uses both features the SIMD build needs: one function whose body is a
// legacy `try` (0x06) holding `v128.const 0` (0xfd 0x0c) and `drop`, closed by `catch_all` (0x19).
// Emscripten 3.1.6 emits that legacy encoding; an engine that dropped it, or never had SIMD or
// exceptions, refuses these bytes exactly as it would refuse the SIMD build's .wasm.
const probe = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
  0x01, 0x04, 0x01, 0x60, 0x00, 0x00, // type section: one type, () -> ()
  0x03, 0x02, 0x01, 0x00, // function section: one function of type 0
  0x0a, 0x1b, 0x01, 0x19, 0x00, // code section: one body of 25 bytes, no locals
  0x06, 0x40, // try (no result)
  0xfd, 0x0c, ...new Array(16).fill(0), // v128.const 0
  0x1a, // drop
  0x19, // catch_all
  0x0b, // end (try)
  0x0b, // end (function)
]);

/** True when this engine validates SIMD and legacy wasm exceptions (no compilation, no await). */
export function supportsSimdAndExceptions() {
  return typeof WebAssembly === 'object' && WebAssembly.validate(probe);
}

/** The build this engine should run. */
export function preferredVariant() {
  return supportsSimdAndExceptions() ? 'simd' : 'baseline';
}
