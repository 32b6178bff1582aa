// SolverPool: a prepared run cut into the solver's jobs on several (in-process) workers gives
// exactly the counts of one search, a sample of its first solutions in its order, and a
// numbering by which seek() fetches any solution; dead or silent workers are replaced and their
// tasks rerun without losing or doubling anything; Stop terminates every busy worker.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FromWorker, SolutionBatch, SolutionRecord, ToWorker } from '../../web/src/protocol/messages';
import type { SolverModule } from '../../web/src/solver/module';
import type { Numbering, TallySummary } from '../../web/src/worker/run-tally';
import { SolverPool, type SolverPoolOptions } from '../../web/src/worker/solver-pool';
import { FakeWorker } from './fake-worker';
import { disassemblyText, expectedCounts, Harness, puzzleText, recordsOf, solverModule, tasksMessage } from './wasm-helpers';

let module: SolverModule;
beforeAll(async () => {
  module = await solverModule();
});

function pool(workers: number, make: () => FakeWorker, options: SolverPoolOptions = {}) {
  const made: FakeWorker[] = [];
  const p = new SolverPool({ workers, jobs: 64, createWorker: () => (made.push(make()), made.at(-1) as unknown as Worker), ...options });
  return { pool: p, made };
}

const key = (r: { data: Int32Array | number[] }) => Array.from(r.data).join(',');

/** Runs a puzzle; returns how it ended and the sample in search order (tasks, then ordinals). */
async function solve(p: SolverPool, text: string, uniqueOnly = false) {
  const notices: string[] = [];
  const solutions: (Omit<SolutionRecord, 'data'> & { data: number[] })[] = [];
  let jobs: readonly string[] = [];
  const end = await new Promise<{ summary?: TallySummary; numbering?: Numbering; error?: string }>((resolve) => {
    p.start(text, { uniqueOnly }, {
      tasks: (j) => (jobs = j),
      solutions: (task: number, b: SolutionBatch) => {
        for (const r of recordsOf(b, task)) solutions.push({ ...r, data: [...r.data] });
      },
      done: (summary, numbering) => resolve({ summary, numbering }),
      error: (error) => resolve({ error }),
      notice: (n) => notices.push(n),
    });
  });
  solutions.sort((a, b) => a.task - b.task || a.ordinal - b.ordinal);
  return { ...end, solutions, notices, jobs };
}

/** Every solution of a document in search order, from one task over the whole tree. */
async function everySolution(text: string): Promise<string[]> {
  const h = new Harness(module);
  h.send(tasksMessage(1, text));
  await h.until((m) => m.type === 'done' || m.type === 'error');
  return h.records().map(key);
}

const tasksSent = (w: FakeWorker) => w.received.filter((m): m is Extract<ToWorker, { type: 'tasks' }> => m.type === 'tasks');

describe('SolverPool', () => {
  for (const workers of [1, 3]) {
    it(`${workers} worker(s): the counts of one search, its first solutions in order, a numbering that seek() follows`, async () => {
      const text = puzzleText('pentomino-8x8-centre');
      const { pool: p, made } = pool(workers, () => new FakeWorker(module), { sampleSize: 100 });
      const r = await solve(p, text);
      const expected = await expectedCounts(text);
      expect(r.error).toBeUndefined();
      expect(r.summary).toMatchObject({ ...expected, fraction: 1 });
      expect(r.summary!.tasks).toBeGreaterThanOrEqual(16);
      const all = await everySolution(text);
      // The sample: at least the first `sampleSize`, each where the numbering puts it.
      expect(r.solutions.length).toBeGreaterThanOrEqual(100);
      for (const s of r.solutions) expect(key(s)).toBe(all[r.numbering!.firstRaw[s.task]! + s.ordinal]);
      expect(r.numbering!.firstRaw.at(-1)).toBe(expected.solutions);
      expect(r.numbering!.firstUnique.at(-1)).toBe(expected.unique);
      for (const w of made.slice(0, workers)) expect(tasksSent(w).length).toBeGreaterThan(0);
      // Any solution by its number, from an idle worker.
      for (const k of [0, 99, 100, 257, 519]) {
        let task = 0;
        while (r.numbering!.firstRaw[task + 1]! <= k) task++;
        const batch = await p.seek(text, r.jobs[task]!, k - r.numbering!.firstRaw[task]!, 1, 'all');
        if (typeof batch === 'string') throw new Error(batch);
        expect(key(recordsOf(batch)[0]!)).toBe(all[k]);
      }
      p.dispose();
    });
  }

  it('unique only: the sample is representatives, numbered among themselves', async () => {
    const text = puzzleText('pentomino-8x8-centre');
    const { pool: p } = pool(2, () => new FakeWorker(module), { sampleSize: 30 });
    const r = await solve(p, text, true);
    expect(r.solutions.length).toBeGreaterThanOrEqual(30);
    expect(r.solutions.every((s) => s.representative)).toBe(true);
    const h = new Harness(module);
    h.send(tasksMessage(1, text, { uniqueOnly: true }));
    await h.until((m) => m.type === 'done');
    const reps = h.records().map(key);
    for (const s of r.solutions) expect(key(s)).toBe(reps[r.numbering!.firstUnique[s.task]! + s.uniqueOrdinal]);
    p.dispose();
  });

  for (const workers of [1, 2]) {
    it(`${workers} worker(s): once the sample of solutions is full, the tasks queued in search order are given back and every task after is drawn at random`, async () => {
      // Short slices: the recall is answered while the first tasks (milliseconds each) are still queued.
      const text = puzzleText('ball-pyramid');
      const { pool: p, made } = pool(workers, () => new FakeWorker(module, undefined, undefined, undefined, { sliceMs: 2 }), { jobs: 64, sampleSize: 1 });
      const r = await solve(p, text);
      expect(r.error).toBeUndefined();
      expect(r.summary).toMatchObject({ ...(await expectedCounts(text)), fraction: 1 });
      const workersUsed = made.slice(0, workers);
      const recalled = workersUsed.flatMap((w) => w.sent.filter((m) => m.type === 'recalled').flatMap((m) => m.tasks));
      expect(recalled.length).toBeGreaterThan(0);
      // Each task ran once: those given back were handed out again, not lost nor doubled.
      const done = workersUsed.flatMap((w) => w.sent.filter((m) => m.type === 'done').flatMap((m) => m.tasks.map((d) => d.task)));
      expect(done.sort((a, b) => a - b)).toEqual(r.jobs.map((_, i) => i));
      // After the recall, tasks go out at random: not in search order, and reaching across the run.
      for (const w of workersUsed) {
        const at = w.received.findIndex((m) => m.type === 'recall');
        if (at < 0) continue;
        const later = w.received.slice(at).filter((m): m is Extract<ToWorker, { type: 'tasks' }> => m.type === 'tasks').flatMap((m) => m.tasks.map((t) => t.task));
        expect(later.length).toBeGreaterThan(20);
        expect(later.slice(0, 20).some((t, i) => i > 0 && t < later[i - 1]!)).toBe(true);
        expect(tasksSent(w).slice(w.received.slice(0, at).filter((m) => m.type === 'tasks').length).every((m) => m.visit === 0)).toBe(true);
      }
      p.dispose();
    });
  }

  it('a worker that crashes mid-run is replaced and its tasks rerun: nothing lost or doubled, the user told', async () => {
    const text = puzzleText('pentomino-6x10');
    let dones = 0;
    // The first worker dies instead of reporting its third task done.
    const failInstead = (m: FromWorker) => (m.type === 'done' && ++dones === 3 ? 'RuntimeError: unreachable' : null);
    let first = true;
    const { pool: p, made } = pool(2, () => {
      const w = new FakeWorker(module, undefined, undefined, first ? failInstead : undefined);
      first = false;
      return w;
    }, { sampleSize: 5000 });
    const r = await solve(p, text);
    expect(r.error).toBeUndefined();
    expect(r.summary).toMatchObject(await expectedCounts(text));
    expect(new Set(r.solutions.map((s) => `${s.task}:${s.ordinal}`)).size).toBe(r.solutions.length);
    const all = await everySolution(text);
    for (const s of r.solutions) expect(key(s)).toBe(all[r.numbering!.firstRaw[s.task]! + s.ordinal]);
    expect(r.notices).toHaveLength(1);
    expect(r.notices[0]).toMatch(/^solver worker failed: RuntimeError: unreachable; the worker was replaced and part \d+ of \d+ of the search restarted\.$/);
    expect(made.length).toBe(3);
    // The document goes with each worker's first tasks only, the replacement's included.
    for (const w of made) {
      const sent = tasksSent(w);
      expect(sent.length).toBeGreaterThan(0);
      expect(sent[0]!.document).toEqual({ puzzle: text, settings: expect.any(String) });
      expect(sent.slice(1).every((m) => m.document === null)).toBe(true);
    }
    p.dispose();
  });

  it('a silent worker is found by the heartbeat, replaced, its tasks rerun', async () => {
    const text = puzzleText('pentomino-8x8-centre');
    let hung = false;
    const hangOn = (m: ToWorker) => m.type === 'tasks' && m.tasks.some((t) => t.task === 2) && !hung && (hung = true);
    const { pool: p } = pool(2, () => new FakeWorker(module, undefined, hangOn), { timing: { pingMs: 20, silentMs: 300 } });
    const r = await solve(p, text);
    expect(r.summary).toMatchObject(await expectedCounts(text));
    expect(r.notices[0]).toMatch(/stopped answering.*part \d+ of/);
    p.dispose();
  });

  it('a task whose worker keeps dying ends the run with an error, not a hang', async () => {
    const { pool: p } = pool(2, () => new FakeWorker(module, (m) => (m.type === 'tasks' && m.tasks.some((t) => t.task === 1) ? 'out of memory' : null)));
    const r = await solve(p, puzzleText('pentomino-8x8-centre'));
    expect(r.error).toMatch(/out of memory \(3 times on part \d+ of \d+ of the search\)/);
    p.dispose();
  });

  it('a document the solver refuses ends the run with its message', async () => {
    const { pool: p } = pool(2, () => new FakeWorker(module));
    const r = await solve(p, '{"format":"piecewise/1"}');
    expect(r.error).toBe('kind: missing required field');
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

  it('a document prepared before Solve warms every worker, and its run counts exactly; not one that takes apart, nor one solved at once', async () => {
    const { pool: p, made } = pool(2, () => new FakeWorker(module));
    const warms = (w: FakeWorker) => w.received.filter((m): m is Extract<ToWorker, { type: 'warm' }> => m.type === 'warm');
    const text = puzzleText('pentomino-6x10');
    const prepared = await p.prepare(text);
    if (typeof prepared === 'string') throw new Error(prepared);
    await new Promise((r) => setTimeout(r, 5));
    for (const w of made) {
      expect(warms(w).map((m) => [m.document.puzzle, m.document.settings])).toEqual([[text, prepared.settings]]);
      expect(warms(w)[0]!.tasks[0]).toEqual({ task: 0, job: prepared.jobs[0], skip: 0 });
    }
    // Solve while they warm: the run takes over.
    const r = await solve(p, text);
    expect(r.summary).toMatchObject(await expectedCounts(text));
    expect(made.every((w) => w.sent.every((m) => m.type === 'ready' || m.type === 'pong' || ('id' in m && m.id > 0)))).toBe(true);
    await p.prepare(disassemblyText('key-in-lock'));
    await new Promise((r) => setTimeout(r, 5));
    const soma = puzzleText('soma');
    expect((await solve(p, soma)).summary).toMatchObject(await expectedCounts(soma));
    expect(made.map((w) => warms(w).length)).toEqual([1, 1]);
    p.dispose();
  });

  it('a run of a document prepared already has its tasks posted to every worker before start() returns and before the page hears of it', async () => {
    const { pool: p, made } = pool(2, () => new FakeWorker(module));
    const text = puzzleText('pentomino-6x10');
    expect(typeof (await p.prepare(text))).toBe('object');
    const posted = () => made.map((w) => tasksSent(w).length);
    let whenStarted: number[] = [];
    let whenTasks: number[] = [];
    const end = new Promise<TallySummary>((resolve) => {
      p.start(text, {}, { started: () => (whenStarted = posted()), tasks: () => (whenTasks = posted()), done: (summary) => resolve(summary) });
    });
    expect(posted()).toEqual([1, 1]);
    expect(whenStarted).toEqual([1, 1]);
    expect(whenTasks).toEqual([1, 1]);
    expect(await end).toMatchObject(await expectedCounts(text));
    // Not prepared yet: the run begins once it is, with the same counts.
    const soma = puzzleText('soma');
    const before = posted();
    const second = solve(p, soma);
    expect(posted()).toEqual(before);
    expect((await second).summary).toMatchObject(await expectedCounts(soma));
    p.dispose();
  });
});
