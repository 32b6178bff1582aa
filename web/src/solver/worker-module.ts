// The module as the page's workers load it (the solver workers, the puzzle reader, the file
// worker). The page compiles the .wasm once (shared-module.ts) and sends the WebAssembly.Module to
// every worker it starts, as a message of its own (ModuleHandoff): a worker only instantiates it,
// so the page fetches and compiles the solver once, not once per worker, and every worker shares
// the compiled code. When the page could not compile it, the handoff says so and the worker fetches
// its build itself, as every worker once did.
import { loadSolverModule, prefetchSolverGlue, preferredVariant, type SolverModule, type SolverVariant } from './module';
import { locateWasm } from './wasm-urls';

export { locateWasm } from './wasm-urls';

/** The page → worker message that carries the compiled module; the worker's first message. */
export interface ModuleHandoff {
  type: 'piecewise:module';
  /** The build compiled (the page's preferredVariant(), the same engine as the worker's). */
  variant: SolverVariant;
  /** null: the page could not compile it (the worker fetches the .wasm itself). */
  module: WebAssembly.Module | null;
}

export function isModuleHandoff(data: unknown): data is ModuleHandoff {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'piecewise:module';
}

/**
 * The worker's module, once `handoff` (the page's message, see isModuleHandoff) has come and the
 * module is instantiated. Call it as the worker starts: the glue is fetched while the page compiles.
 */
export async function loadSolverModuleInWorker(handoff: Promise<ModuleHandoff>): Promise<SolverModule> {
  prefetchSolverGlue(preferredVariant());
  const { variant, module } = await handoff;
  if (module) {
    try {
      const loaded = await loadSolverModule({ variant, compiled: module, locateFile: locateWasm });
      // In the worker's own timeline, for tests and the curious: which way the module came.
      performance.mark('piecewise:module-from-page');
      return loaded;
    } catch (e) {
      console.warn(`the page's compiled solver could not be instantiated (${(e as Error).message}); fetching it`);
    }
  }
  const loaded = await loadSolverModule({ variant, locateFile: locateWasm });
  performance.mark('piecewise:module-fetched-by-worker');
  return loaded;
}

/**
 * A worker's message handler in two parts: the handoff goes to the loader, every other message
 * to `handle` (called as messages come; the worker queues them until its module is loaded).
 * Returns the handoff's promise for loadSolverModuleInWorker.
 */
export function awaitModuleHandoff<T>(scope: { onmessage: ((event: MessageEvent) => void) | null }, handle: (message: T) => void): Promise<ModuleHandoff> {
  return new Promise((resolve) => {
    scope.onmessage = (event: MessageEvent) => {
      if (isModuleHandoff(event.data)) resolve(event.data);
      else handle(event.data as T);
    };
  });
}
