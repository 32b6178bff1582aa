// The solution a run shows first is the run's first (solution 1, as `solve` prints it first),
// however many workers search: the pool's workers but the first draw tasks from far into the run
// from the start, and their solutions can reach the page before task 0's. The pool on in-process
// workers with the real module, feeding a SolutionStore as the page's run controller does; the
// first worker's messages come late, as from a worker slower to start.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SolverModule } from '../../web/src/solver/module';
import { SolutionStore } from '../../web/src/ui/solution-store';
import { SolverPool } from '../../web/src/worker/solver-pool';
import { FakeWorker } from './fake-worker';
import { puzzleText, solverModule } from './wasm-helpers';

let module: SolverModule;
beforeAll(async () => {
  module = await solverModule();
});

/** `w`, its messages reaching the page `ms` later (in their order). */
function late(w: FakeWorker, ms: number): FakeWorker {
  let handler: FakeWorker['onmessage'] = null;
  Object.defineProperty(w, 'onmessage', {
    get: () => handler,
    set: (h: FakeWorker['onmessage']) => {
      handler = h && ((e) => void setTimeout(() => h(e), ms));
    },
  });
  return w;
}

/** A run on `workers` workers: the store's first current solution, as data, and the run's numbering of it. */
async function firstShown(name: string, workers: number) {
  const store = new SolutionStore();
  let made = 0;
  const createWorker = () => (made++ === 0 ? late(new FakeWorker(module), 30) : new FakeWorker(module)) as unknown as Worker;
  const pool = new SolverPool({ workers, jobs: 64, createWorker });
  let first: Int32Array | null = null;
  const note = () => {
    if (!first && store.current >= 0) first = store.currentRecord()!.data.slice();
  };
  await new Promise<void>((resolve, reject) => {
    pool.start(puzzleText(name), {}, {
      tasks: (jobs) => store.reset(jobs.length),
      solutions: (task, batch) => {
        store.add(task, batch);
        note();
      },
      taskDone: (task, counts) => {
        store.completeTask(task, counts);
        note();
      },
      done: (_summary, numbering) => {
        store.finish(numbering);
        resolve();
      },
      error: (message) => reject(new Error(message)),
    });
  });
  const afterRun = store.current;
  store.select(0);
  const one = store.currentRecord()!.data;
  pool.dispose();
  return { first, one, afterRun };
}

describe('the first solution shown', () => {
  for (const name of ['pentomino-8x8-centre', 'macmahon-2-colour-border-3x3', 'snake-3x3x4']) {
    it(`${name}: solution 1 with 1, 2 and 3 workers`, async () => {
      for (const workers of [1, 2, 3]) {
        const r = await firstShown(name, workers);
        expect(r.first, `${workers} workers`).not.toBeNull();
        expect(Array.from(r.first!), `${workers} workers`).toEqual(Array.from(r.one));
        expect(r.afterRun, `${workers} workers: still on screen after the run`).toBe(0);
      }
    });
  }
});
