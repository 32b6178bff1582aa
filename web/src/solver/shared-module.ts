// The page's one compilation of the solver. The page starts it first thing (main.ts), streaming:
// the .wasm compiles while it downloads, in parallel with the rest of the start-up. Every worker the
// page starts (worker/create-worker.ts) gets the WebAssembly.Module as a message (structured clone:
// the compiled code is shared, not copied) and only instantiates it (solver/worker-module.ts), so
// the .wasm is fetched and compiled once per page load, not once per worker. The service worker
// serves the .wasm from its cache on later visits, where V8 also keeps the compiled code of a
// streamed module. Only the module crosses over: the glue (Emscripten's JS) stays in the workers,
// and so does every use of the solver.
import { preferredVariant } from './variants.mjs';
import { wasmUrls } from './wasm-urls';
import type { ModuleHandoff } from './worker-module';

type FetchWasm = (url: string) => Promise<Response>;

const sameOrigin: FetchWasm = (url) => fetch(url, { credentials: 'same-origin' });

/**
 * Compiles the .wasm at `url`: streamed where the engine can and the host sends it as
 * `application/wasm`, else from its bytes (a host with another MIME type makes compileStreaming
 * refuse it with a TypeError; so does a failed fetch, which the second fetch then reports).
 * Rejects when it can be neither fetched nor compiled (a CompileError is not tried again).
 */
export async function compileWasm(url: string, fetchWasm: FetchWasm = sameOrigin): Promise<WebAssembly.Module> {
  if (typeof WebAssembly.compileStreaming === 'function') {
    try {
      return await WebAssembly.compileStreaming(fetchWasm(url));
    } catch (e) {
      if (!(e instanceof TypeError)) throw e;
    }
  }
  const response = await fetchWasm(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${response.statusText}`.trim());
  return WebAssembly.compile(await response.arrayBuffer());
}

let compiling: Promise<ModuleHandoff> | null = null;

/**
 * Starts compiling this engine's build of the solver (once per page); resolves to the message
 * for the workers, whose module is null when the page could not compile it (each worker then
 * fetches it itself and reports its own failure).
 */
export function compileSolverModule(): Promise<ModuleHandoff> {
  compiling ??= (async (): Promise<ModuleHandoff> => {
    const variant = preferredVariant();
    try {
      const module = await compileWasm(wasmUrls[variant]);
      performance.mark('piecewise:module-compiled');
      return { type: 'piecewise:module', variant, module };
    } catch (e) {
      console.warn(`could not compile the solver on the page (${(e as Error).message}); each worker loads it itself`);
      return { type: 'piecewise:module', variant, module: null };
    }
  })();
  return compiling;
}

/** Sends the compiled module to `worker` once it is ready (its loader waits for it); returns the worker. */
export function handModuleTo(worker: Worker): Worker {
  void compileSolverModule().then((handoff) => {
    try {
      worker.postMessage(handoff);
    } catch {
      // A module that cannot be cloned into a worker: the worker fetches its own.
      worker.postMessage({ ...handoff, module: null } satisfies ModuleHandoff);
    }
  });
  return worker;
}
