// SolverPool: a run cut into the solver's jobs on several (in-process) workers gives exactly the
// counts and the solutions of one search, in the same order; dead or silent workers are replaced
// and their jobs rerun without losing or doubling anything; Stop terminates every busy worker.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FromWorker, SolutionBatch, ToWorker } from '../../web/src/protocol/messages';
import type { SolverModule } from '../../web/src/solver/module';
import type { TallySummary } from '../../web/src/worker/run-tally';
import { SolverPool, type SolverPoolOptions } from '../../web/src/worker/solver-pool';
import { FakeWorker } from './fake-worker';
import { expectedCounts, puzzleText, recordsOf, solverModule } from './wasm-helpers';

let module: SolverModule;
beforeAll(async () => {
  module = await solverModule();
});

function pool(workers: number, make: () => FakeWorker, options: SolverPoolOptions = {}) {
  const made: FakeWorker[] = [];
  const p = new SolverPool({ workers, createWorker: () => (made.push(make()), made.at(-1) as unknown as Worker), ...options });
  return { pool: p, made };
}

/**
 * Runs a puzzle; solutions are taken in at once; returns them in search order: tasks in the
 * order the pool gives (a task given away comes right after its giver), then by ordinal.
 */
async function solve(p: SolverPool, text: string, uniqueOnly = false) {
  const notices: string[] = [];
  const solutions: { task: number; ordinal: number; data: number[]; representative: boolean }[] = [];
  const order: number[] = [];
  let given = 0;
  const end = await new Promise<{ summary?: TallySummary; error?: string }>((resolve) => {
    p.start(text, { uniqueOnly }, {
      tasks: (count) => order.push(...Array.from({ length: count }, (_, t) => t)),
      taskAdded: (task, after) => {
        order.splice(order.indexOf(after) + 1, 0, task);
        given++;
      },
      solutions: (task: number, b: SolutionBatch) => {
        for (const r of recordsOf(b, task)) solutions.push({ ...r, data: [...r.data] });
        setTimeout(() => p.caughtUp());
      },
      done: (summary) => resolve({ summary }),
      error: (error) => resolve({ error }),
      notice: (n) => notices.push(n),
    });
  });
  const rank = new Map(order.map((t, i) => [t, i]));
  solutions.sort((a, b) => rank.get(a.task)! - rank.get(b.task)! || a.ordinal - b.ordinal);
  return { ...end, solutions, notices, given };
}

/** A worker whose split is one job, the whole tree: the other workers can only get work by stealing. */
class OneJobSplitWorker extends FakeWorker {
  override postMessage(message: ToWorker): void {
    if (message.type !== 'split') return super.postMessage(message);
    this.received.push(message);
    setTimeout(() => !this.terminated && this.onmessage?.({ data: { type: 'split', id: message.id, jobs: ['root'] } } as MessageEvent));
  }
}

describe('SolverPool', () => {
  it('an idle worker gets work given away by a busy one: the counts and solutions of one search, in order', async () => {
    const text = puzzleText('pentomino-6x10');
    const one = pool(1, () => new FakeWorker(module));
    const r1 = await solve(one.pool, text);
    const two = pool(2, () => new OneJobSplitWorker(module));
    const r2 = await solve(two.pool, text);
    expect(r2.summary).toMatchObject({ ...(await expectedCounts(text)), fraction: 1 });
    expect(r2.given).toBeGreaterThan(0);
    expect(r2.summary!.tasks).toBe(1 + r2.given);
    expect(r2.solutions.map((s) => s.data)).toEqual(r1.solutions.map((s) => s.data));
    for (const w of two.made) expect(w.received.some((m) => m.type === 'start')).toBe(true);
    one.pool.dispose();
    two.pool.dispose();
  });

  it('a worker that dies after giving work away is rerun without it: nothing lost or doubled', async () => {
    const text = puzzleText('pentomino-6x10');
    const one = pool(1, () => new FakeWorker(module));
    const r1 = await solve(one.pool, text);
    // The first worker to give work away dies, once, instead of reporting its task done: after
    // it streamed solutions and gave work away, whatever the machine's speed.
    let crashed = false;
    const failInstead = (w: () => FakeWorker) => (m: FromWorker) => {
      const me = w();
      if (crashed || m.type !== 'done' || !me.sent.some((s) => s.type === 'donated' && s.job !== null)) return null;
      crashed = true;
      return 'RuntimeError: unreachable';
    };
    const made: FakeWorker[] = [];
    const p = new SolverPool({ workers: 2, createWorker: () => {
      const index = made.length;
      made.push(new OneJobSplitWorker(module, undefined, undefined, failInstead(() => made[index]!)));
      return made.at(-1) as unknown as Worker;
    } });
    const r = await solve(p, text);
    expect(crashed).toBe(true);
    expect(r.error).toBeUndefined();
    expect(r.notices).toHaveLength(1);
    expect(r.summary).toMatchObject({ ...(await expectedCounts(text)), fraction: 1 });
    expect(r.solutions.map((s) => s.data)).toEqual(r1.solutions.map((s) => s.data));
    // The rerun left out what the dead worker had given away.
    const reruns = made.flatMap((w) => w.received).filter((m) => m.type === 'start' && m.task.exclude?.length);
    expect(reruns.length).toBeGreaterThan(0);
    one.pool.dispose();
    p.dispose();
  });

  it('3 workers: the counts and the solutions of one search, in its order', async () => {
    const text = puzzleText('pentomino-8x8-centre');
    const one = pool(1, () => new FakeWorker(module));
    const r1 = await solve(one.pool, text);
    const three = pool(3, () => new FakeWorker(module));
    const r3 = await solve(three.pool, text);
    const expected = await expectedCounts(text);
    expect(r1.summary).toMatchObject({ ...expected, tasks: 1 });
    expect(r3.summary).toMatchObject({ ...expected, fraction: 1 });
    expect(r3.summary!.tasks).toBeGreaterThanOrEqual(16);
    expect(r3.solutions.map((s) => s.data)).toEqual(r1.solutions.map((s) => s.data));
    expect(r3.solutions.filter((s) => s.representative)).toHaveLength(expected.unique);
    // Every worker had work.
    for (const w of three.made) expect(w.received.some((m) => m.type === 'start')).toBe(true);
    const u = await solve(three.pool, text, true);
    expect(u.solutions).toHaveLength(expected.unique);
    one.pool.dispose();
    three.pool.dispose();
  });

  it('a worker that crashes mid-job is replaced and its job rerun: nothing lost or doubled, the user told', async () => {
    const text = puzzleText('pentomino-6x10');
    let starts = 0;
    const { pool: p, made } = pool(2, () => new FakeWorker(module, (m) => (m.type === 'ack' && ++starts === 3 ? 'RuntimeError: unreachable' : null)));
    const r = await solve(p, text);
    expect(r.error).toBeUndefined();
    expect(r.summary).toMatchObject(await expectedCounts(text));
    expect(r.solutions).toHaveLength(9356);
    expect(new Set(r.solutions.map((s) => `${s.task}:${s.ordinal}`)).size).toBe(9356);
    expect(r.notices).toHaveLength(1);
    expect(r.notices[0]).toMatch(/^solver worker failed: RuntimeError: unreachable; the worker was replaced and part \d+ of \d+ of the search restarted\.$/);
    expect(made.length).toBe(3);
    p.dispose();
  });

  it('a silent worker is found by the heartbeat, replaced, its job rerun', async () => {
    const text = puzzleText('pentomino-8x8-centre');
    let hung = false;
    const hangOn = (m: ToWorker) => m.type === 'start' && m.task.task === 2 && !hung && (hung = true);
    const { pool: p } = pool(2, () => new FakeWorker(module, undefined, hangOn), { timing: { pingMs: 20, silentMs: 300 } });
    const r = await solve(p, text);
    expect(r.summary).toMatchObject(await expectedCounts(text));
    expect(r.solutions).toHaveLength(520);
    expect(r.notices[0]).toMatch(/stopped answering.*part 3 of/);
    p.dispose();
  });

  it('a job whose worker keeps dying ends the run with an error, not a hang', async () => {
    const { pool: p } = pool(2, () => new FakeWorker(module, (m) => (m.type === 'start' && m.task.task === 1 ? 'out of memory' : null)));
    const r = await solve(p, puzzleText('pentomino-8x8-centre'));
    expect(r.error).toMatch(/out of memory \(3 times on part 2 of \d+ of the search\)/);
    p.dispose();
  });

  it('Stop terminates every busy worker and replaces it', async () => {
    const { pool: p, made } = pool(2, () => new FakeWorker(module));
    let seen = 0;
    await new Promise<void>((resolve) => p.start(puzzleText('pentomino-6x10'), {}, { solutions: () => ++seen === 2 && resolve() }));
    p.cancel();
    expect(made.slice(0, 2).every((w) => w.terminated)).toBe(true);
    expect(made.length).toBe(4);
    expect(p.running).toBe(false);
    const text = puzzleText('soma');
    const r = await solve(p, text);
    expect(r.summary).toMatchObject(await expectedCounts(text));
    p.dispose();
  });
});
