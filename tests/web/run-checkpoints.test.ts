// Checkpoints of runs: the recorder writes the jobs finished (at most once an interval, at once
// when the run stops) under the run's identity and forgets them when the run ends; the store keeps
// a bounded number; a pool given the jobs a checkpoint recorded searches only the others and ends
// with the exact counts, those that come apart included for a run that takes apart, which never
// resumes from a checkpoint without them.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SolverModule } from '../../web/src/solver/module';
import { memoryCheckpoints, resumedTasks, runKey } from '../../web/src/ui/run-checkpoints';
import { RunRecorder } from '../../web/src/ui/run-recorder';
import type { Numbering, TallySummary } from '../../web/src/worker/run-tally';
import { SolverPool, type ResumedTask } from '../../web/src/worker/solver-pool';
import { FakeWorker } from './fake-worker';
import { disassemblyText, expectedCounts, puzzleText, solverModule } from './wasm-helpers';

const counts = (n: number) => ({ solutions: n, unique: 1, apart: 0, nodes: 10, seconds: 0.5 });
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('run checkpoints', () => {
  it('the identity of a run changes with the document, the settings, the jobs and whether it takes apart', async () => {
    const a = await runKey('doc', '{"restrictedType":1}', ['0', '1'], false);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await runKey('doc', '{"restrictedType":1}', ['0', '1'], false)).toBe(a);
    for (const other of [runKey('doc2', '{"restrictedType":1}', ['0', '1'], false), runKey('doc', '{"restrictedType":2}', ['0', '1'], false),
      runKey('doc', '{"restrictedType":1}', ['0', '1-'], false), runKey('doc', '{"restrictedType":1}', ['0', '1'], true)]) {
      expect(await other).not.toBe(a);
    }
  });

  it('a run that takes apart resumes only from a checkpoint that counted what came apart in every job', () => {
    const checkpoint = (done: { task: number; apart?: number }[]) =>
      ({ key: 'k', tasks: 4, updated: 0, done: done.map((d) => ({ solutions: 3, unique: 2, nodes: 1, seconds: 1, ...d })) });
    const without = checkpoint([{ task: 0 }, { task: 1, apart: 1 }]);
    expect(resumedTasks(without, true)).toBeNull();
    expect(resumedTasks(checkpoint([{ task: 0, apart: -1 }]), true)).toBeNull();
    expect(resumedTasks(checkpoint([{ task: 0, apart: 0 }, { task: 2, apart: 2 }]), true)!.map((d) => d.apart)).toEqual([0, 2]);
    // A run that does not take apart reads a checkpoint of before `apart` was recorded as nothing come apart.
    expect(resumedTasks(without, false)!.map((d) => d.apart)).toEqual([0, 1]);
    expect(resumedTasks(checkpoint([]), false)).toBeNull();
  });

  it('the recorder writes what is done, at most once an interval and at once on stop; an ended run leaves nothing', async () => {
    const store = memoryCheckpoints();
    const recorder = new RunRecorder(Promise.resolve(store), 50);
    recorder.begin(Promise.resolve('k'), 10, [{ task: 7, ...counts(3) }]);
    recorder.taskDone(0, counts(1));
    recorder.taskDone(1, counts(2));
    expect(await store.get('k')).toBeNull();
    await wait(120);
    expect((await store.get('k'))!.done.map((d) => d.task)).toEqual([7, 0, 1]);
    recorder.taskDone(2, counts(4));
    await recorder.stop();
    expect(await store.get('k')).toMatchObject({ key: 'k', tasks: 10, done: [{ task: 7 }, { task: 0 }, { task: 1 }, { task: 2, solutions: 4 }] });
    recorder.begin(Promise.resolve('k'), 10);
    recorder.finished();
    await wait(10);
    expect(await store.get('k')).toBeNull();
  });

  it('the store keeps the 20 newest', async () => {
    const store = memoryCheckpoints();
    for (let i = 0; i < 25; i++) await store.put({ key: `k${i}`, tasks: 1, done: [], updated: i });
    expect(await store.get('k4')).toBeNull();
    expect(await store.get('k5')).not.toBeNull();
  });
});

describe('a pool resuming a run', () => {
  let module: SolverModule;
  beforeAll(async () => {
    module = await solverModule();
  });

  async function run(pool: SolverPool, text: string, resumed: readonly ResumedTask[] = []) {
    const done: ResumedTask[] = [];
    const end = await new Promise<{ summary?: TallySummary; numbering?: Numbering; error?: string }>((resolve) => {
      pool.start(text, { resumed }, {
        taskDone: (task, c) => done.push({ task, ...c }),
        done: (summary, numbering) => resolve({ summary, numbering }),
        error: (error) => resolve({ error }),
      });
    });
    return { ...end, done };
  }

  it('searches only the jobs not recorded, and ends with the exact counts and numbering', async () => {
    const text = puzzleText('pentomino-8x8-centre');
    const made: FakeWorker[] = [];
    const pool = new SolverPool({ workers: 2, jobs: 64, createWorker: () => (made.push(new FakeWorker(module)), made.at(-1) as unknown as Worker) });
    const whole = await run(pool, text);
    expect(whole.summary).toMatchObject(await expectedCounts(text));
    // A checkpoint of every other job.
    const recorded = whole.done.filter((d) => d.task % 2 === 0);
    const before = made.map((w) => w.received.length);
    const resumed = await run(pool, text, recorded);
    const searched = made.flatMap((w, i) => w.received.slice(before[i] ?? 0)).flatMap((m) => (m.type === 'tasks' ? m.tasks.map((t) => t.task) : []));
    expect(resumed.summary).toMatchObject(await expectedCounts(text));
    expect([...resumed.numbering!.firstRaw]).toEqual([...whole.numbering!.firstRaw]);
    expect(searched.length).toBe(whole.done.length - recorded.length);
    expect(searched.filter((t) => t % 2 === 0)).toEqual([]);
    pool.dispose();
  });

  it('a run that takes apart resumes with the exact assemblies, solutions and numbering of those that come apart', async () => {
    // burrTxt -d: 109 assemblies, 107 come apart.
    const text = disassemblyText('cut-box-109');
    const pool = new SolverPool({ workers: 2, jobs: 32, createWorker: () => new FakeWorker(module) as unknown as Worker });
    const whole = await run(pool, text);
    expect(whole.summary).toMatchObject({ unique: 109, apart: 107 });
    const recorded = whole.done.filter((d) => d.task % 3 === 0);
    const resumed = await run(pool, text, resumedTasks({ key: 'k', tasks: whole.done.length, done: recorded, updated: 0 }, true)!);
    expect(resumed.summary).toMatchObject({ unique: 109, apart: 107 });
    expect([...resumed.numbering!.firstApart]).toEqual([...whole.numbering!.firstApart]);
    pool.dispose();
  });
});
