// SolverClient, the describe-only client of the puzzle reader, against an in-process stand-in
// for the worker (the real run loop and WASM module). Runs are the pool's (solver-pool.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type { SolverModule } from '../../web/src/solver/module';
import { SolverClient } from '../../web/src/worker/solver-client';
import { FakeWorker } from './fake-worker';
import { puzzleText, solverModule } from './wasm-helpers';

let module: SolverModule;
beforeAll(async () => {
  module = await solverModule();
});

describe('SolverClient', () => {
  it('describes documents through the worker: the description, or the parser message', async () => {
    const client = new SolverClient({ createWorker: () => new FakeWorker(module) as unknown as Worker });
    const [good, bad] = await Promise.all([client.describe(puzzleText('soma')), client.describe('{')]);
    expect(good).toMatchObject({ ok: true, puzzle: { kind: 'packing', name: 'Soma cube', expected: { solutions: '11520', unique: '240' } } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/^invalid JSON/);
    client.dispose();
  });

  it('a worker that crashes after loading is replaced and the descriptions it owed are asked again', async () => {
    const workers: FakeWorker[] = [];
    let crash = true;
    const client = new SolverClient({
      createWorker: () => {
        workers.push(new FakeWorker(module, (m) => (m.type === 'describe' && crash ? ((crash = false), 'RuntimeError: unreachable') : null)));
        return workers.at(-1) as unknown as Worker;
      },
    });
    await new Promise((r) => setTimeout(r, 20)); // let the worker report ready
    const result = await client.describe(puzzleText('soma'));
    expect(result.ok).toBe(true);
    expect(workers).toHaveLength(2);
    expect(workers[0].terminated).toBe(true);
    client.dispose();
  });
});
