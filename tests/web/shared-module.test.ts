// The solver compiled once by the page and handed to its workers (solver/shared-module.ts,
// solver/worker-module.ts): the compile from a URL (streamed, or from the bytes when the host sends
// another MIME type), the handoff message, and the glue instantiating a module compiled elsewhere
// through Emscripten 3.1.6's instantiateWasm hook (what every page worker now does).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDescribeReply } from '../../web/src/solver/description';
import { loadSolverModule, type SolverVariant } from '../../web/src/solver/module';
import { wasmPath } from '../../web/src/solver/node-loader.mjs';
import { compileWasm } from '../../web/src/solver/shared-module';
import { awaitModuleHandoff, isModuleHandoff, type ModuleHandoff } from '../../web/src/solver/worker-module';
import { puzzleText } from './wasm-helpers';

const bytesOf = (variant: SolverVariant) => readFileSync(wasmPath(variant));

/** A fetch that serves `body` with `type`, counting its calls. */
function serve(body: Uint8Array, type: string, status = 200) {
  const calls: string[] = [];
  const fetchWasm = async (url: string) => {
    calls.push(url);
    return new Response(status === 200 ? new Uint8Array(body) : null, { status, headers: { 'content-type': type } });
  };
  return { calls, fetchWasm };
}

describe('compiling on the page', () => {
  it('streams a .wasm the host sends as application/wasm: one fetch', async () => {
    const { calls, fetchWasm } = serve(bytesOf('simd'), 'application/wasm');
    const module = await compileWasm('x.wasm', fetchWasm);
    expect(module).toBeInstanceOf(WebAssembly.Module);
    expect(calls).toEqual(['x.wasm']);
    expect(WebAssembly.Module.exports(module).length).toBeGreaterThan(0);
  });

  it('compiles from the bytes when the host sends another MIME type (compileStreaming refuses it)', async () => {
    const { calls, fetchWasm } = serve(bytesOf('simd'), 'application/octet-stream');
    const module = await compileWasm('x.wasm', fetchWasm);
    expect(module).toBeInstanceOf(WebAssembly.Module);
    expect(calls).toEqual(['x.wasm', 'x.wasm']);
  });

  it('says what the host answered when the file is missing', async () => {
    const { fetchWasm } = serve(new Uint8Array(), 'text/html', 404);
    await expect(compileWasm('gone.wasm', fetchWasm)).rejects.toThrow(/^gone\.wasm: HTTP 404/);
  });

  it('does not fetch again bytes that do not compile', async () => {
    const { calls, fetchWasm } = serve(new TextEncoder().encode('<!doctype html>'), 'application/wasm');
    await expect(compileWasm('x.wasm', fetchWasm)).rejects.toBeInstanceOf(WebAssembly.CompileError);
    expect(calls).toHaveLength(1);
  });
});

describe('the handoff to a worker', () => {
  it('is told from the worker protocol by its type', () => {
    expect(isModuleHandoff({ type: 'piecewise:module', variant: 'simd', module: null })).toBe(true);
    for (const other of [null, 'piecewise:module', { type: 'describe', id: 1, puzzle: '{}' }, { type: 'ping' }]) expect(isModuleHandoff(other)).toBe(false);
  });

  it('goes to the loader, whenever it comes; every other message to the worker, in order', async () => {
    const scope: { onmessage: ((event: MessageEvent) => void) | null } = { onmessage: null };
    const handled: unknown[] = [];
    const handoff = awaitModuleHandoff(scope, (m) => handled.push(m));
    const send = (data: unknown) => scope.onmessage!({ data } as MessageEvent);
    const h: ModuleHandoff = { type: 'piecewise:module', variant: 'simd', module: null };
    send({ type: 'describe', id: 1, puzzle: 'a' });
    send(h);
    send({ type: 'ping' });
    expect(await handoff).toBe(h);
    expect(handled).toEqual([{ type: 'describe', id: 1, puzzle: 'a' }, { type: 'ping' }]);
  });

  it('a structured clone of the module (as postMessage makes it) instantiates', async () => {
    const module = await WebAssembly.compile(bytesOf('simd'));
    const copy = structuredClone(module);
    expect(WebAssembly.Module.exports(copy)).toEqual(WebAssembly.Module.exports(module));
  });
});

describe('the glue instantiating a module compiled elsewhere (instantiateWasm)', () => {
  for (const variant of ['baseline', 'simd'] as const) {
    it(`${variant}: the solver works, and nothing is fetched`, async () => {
      const compiled = await WebAssembly.compile(bytesOf(variant));
      const asked: string[] = [];
      const solver = await loadSolverModule({ variant, compiled, locateFile: (path) => (asked.push(path), path) });
      const reply = readDescribeReply(solver.describe(puzzleText('soma')));
      expect(reply).toMatchObject({ ok: true, puzzle: { name: 'Soma cube', expected: { solutions: '11520', unique: '240' } } });
      const session = new solver.Session(puzzleText('soma'), '');
      expect(session.begin('root', 0)).toBe('');
      while (!session.advanceCounting(1 << 20));
      expect([session.error(), session.solutionCount(), session.uniqueCount()]).toEqual(['', 11520, 240]);
      session.delete();
      // Only the file name the glue works out for itself, never fetched (no wasmBinary, no fetch in Node).
      expect(asked.every((path) => path.endsWith('.wasm'))).toBe(true);
    });
  }

  it('a module that does not fit the glue is refused: the loader rejects instead of hanging', async () => {
    const other = await WebAssembly.compile(bytesOf('baseline'));
    await expect(loadSolverModule({ variant: 'simd', compiled: other })).rejects.toBeInstanceOf(WebAssembly.LinkError);
  }, 10_000);
});
