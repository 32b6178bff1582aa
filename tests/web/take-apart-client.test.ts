// Taking a solution apart on demand (take-apart-client.ts) against in-process stand-ins for its
// worker: the level of the real module, Stop terminating the worker at once (a take-apart cannot
// be interrupted otherwise) and the next take-apart starting a fresh one, and a worker whose
// take-apart failed not kept (its memory may have grown to the bound).
import { beforeAll, describe, expect, it } from 'vitest';
import type { ToWorker } from '../../web/src/protocol/messages';
import type { SolverModule } from '../../web/src/solver/module';
import { STOPPED, TakeApartClient } from '../../web/src/worker/take-apart-client';
import { FakeWorker } from './fake-worker';
import { disassemblyText, Harness, solverModule, tasksMessage } from './wasm-helpers';

let module: SolverModule;
beforeAll(async () => {
  module = await solverModule();
});

/** The first solution of a document, as a run sends it. */
async function firstSolution(text: string): Promise<Int32Array> {
  const h = new Harness(module);
  h.send(tasksMessage(1, text, { visit: 1 }));
  await h.until((m) => m.type === 'done');
  return h.records()[0]!.data;
}

describe('TakeApartClient', () => {
  it('takes a solution apart in its worker; Stop terminates that worker, and the next take-apart starts another', async () => {
    const text = disassemblyText('key-in-lock');
    const solution = await firstSolution(text);
    const workers: FakeWorker[] = [];
    // The first worker falls silent on its take-apart, as one busy for minutes would.
    const hangOn = (m: ToWorker) => m.type === 'disassemble' && workers.length === 1;
    const client = new TakeApartClient({ createWorker: () => (workers.push(new FakeWorker(module, undefined, hangOn)), workers.at(-1) as unknown as Worker) });
    const stop = new AbortController();
    const long = client.takeApart(text, solution, stop.signal);
    await new Promise((r) => setTimeout(r, 30));
    stop.abort();
    expect(await long).toEqual({ ok: false, error: STOPPED });
    expect(workers[0]!.terminated).toBe(true);
    const again = await client.takeApart(text, solution);
    expect(again.ok).toBe(true);
    if (again.ok) expect(JSON.parse(again.disassembly!).level.length).toBeGreaterThan(0);
    expect(workers).toHaveLength(2);
    // A take-apart stopped before it starts asks nothing of the worker.
    const early = new AbortController();
    early.abort();
    expect(await client.takeApart(text, solution, early.signal)).toEqual({ ok: false, error: STOPPED });
    expect(workers[1]!.received.filter((m) => m.type === 'disassemble')).toHaveLength(1);
    client.dispose();
    expect(workers[1]!.terminated).toBe(true);
  });

  it('a take-apart that fails is answered with the solver\'s message, and its worker is not kept', async () => {
    const text = disassemblyText('shut-box');
    const workers: FakeWorker[] = [];
    const client = new TakeApartClient({ createWorker: () => (workers.push(new FakeWorker(module)), workers.at(-1) as unknown as Worker) });
    expect(await client.takeApart(text, new Int32Array([7, 1, 0, 0, 0]))).toEqual({ ok: false, error: 'the solution names piece 7, which the puzzle does not have' });
    expect(workers[0]!.terminated).toBe(true);
    expect(await client.takeApart(text, await firstSolution(text))).toEqual({ ok: true, disassembly: null });
    expect(workers).toHaveLength(2);
    client.dispose();
  });
});
