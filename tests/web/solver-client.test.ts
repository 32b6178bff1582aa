// SolverClient against an in-process stand-in for the worker: the real run loop and WASM
// module behind Worker's postMessage/terminate/onmessage, delivered asynchronously.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FromWorker, RunCounts, SolutionRecord, ToWorker } from '../../web/src/protocol/messages';
import type { SolverModule } from '../../web/src/solver/module';
import { SolverRunLoop } from '../../web/src/worker/run-loop';
import { SolverClient } from '../../web/src/worker/solver-client';
import { describe as describeDoc, expectedCounts, puzzleText, solverModule } from './wasm-helpers';

let module: SolverModule;
beforeAll(async () => {
  module = await solverModule();
});

class FakeWorker {
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  terminated = false;
  readonly received: ToWorker[] = [];
  private readonly loop: SolverRunLoop;

  constructor(mod: SolverModule, private readonly failOn?: (m: ToWorker) => string | null) {
    this.loop = new SolverRunLoop(mod, (message) => {
      if (!this.terminated) setTimeout(() => !this.terminated && this.onmessage?.({ data: message } as MessageEvent<FromWorker>));
    });
    setTimeout(() => !this.terminated && this.onmessage?.({ data: { type: 'ready' } } as MessageEvent<FromWorker>));
  }

  postMessage(message: ToWorker): void {
    this.received.push(message);
    setTimeout(() => {
      if (this.terminated) return;
      const crash = this.failOn?.(message);
      if (crash) this.onerror?.({ message: crash, preventDefault() {} } as ErrorEvent);
      else this.loop.handle(message);
    });
  }

  terminate(): void {
    this.terminated = true;
    this.loop.stop();
  }
}

function collect() {
  const events: string[] = [];
  const solutions: SolutionRecord[] = [];
  let resolveEnd!: (v: { counts?: RunCounts; error?: string }) => void;
  const end = new Promise<{ counts?: RunCounts; error?: string }>((r) => (resolveEnd = r));
  return {
    events,
    solutions,
    end,
    callbacks: {
      started: () => events.push('started'),
      solutions: (b: SolutionRecord[]) => (events.push(`solutions:${b.length}`), solutions.push(...b)),
      progress: () => events.push('progress'),
      done: (counts: RunCounts) => (events.push('done'), resolveEnd({ counts })),
      error: (message: string) => (events.push('error'), resolveEnd({ error: message })),
    },
  };
}

describe('SolverClient', () => {
  it('runs a puzzle to the end through the worker protocol', async () => {
    const workers: FakeWorker[] = [];
    const client = new SolverClient({ createWorker: () => (workers.push(new FakeWorker(module)), workers.at(-1) as unknown as Worker) });
    const c = collect();
    const text = puzzleText('soma');
    client.start(text, { uniqueOnly: false }, c.callbacks);
    const { counts } = await c.end;
    expect(counts).toMatchObject(await expectedCounts(text));
    expect(c.events[0]).toBe('started');
    expect(c.events[1]).toBe('solutions:1');
    expect(c.solutions).toHaveLength(11520);
    expect(client.running).toBe(false);
    expect(workers).toHaveLength(1);
    client.dispose();
  });

  it('cancel terminates the worker, starts a fresh one at once, and silences the old run', async () => {
    const workers: FakeWorker[] = [];
    const client = new SolverClient({ createWorker: () => (workers.push(new FakeWorker(module)), workers.at(-1) as unknown as Worker) });
    const first = collect();
    client.start(puzzleText('pentomino-6x10'), {}, first.callbacks);
    await new Promise<void>((r) => {
      const check = () => (first.solutions.length ? r() : setTimeout(check, 5));
      check();
    });
    client.cancel();
    expect(workers).toHaveLength(2);
    expect(workers[0].terminated).toBe(true);
    const seen = first.events.length;
    const second = collect();
    const text = puzzleText('pentomino-8x8-centre');
    client.start(text, { uniqueOnly: true }, second.callbacks);
    const { counts } = await second.end;
    expect(counts).toMatchObject(await expectedCounts(text));
    expect(second.solutions).toHaveLength(65);
    expect(first.events.length).toBe(seen);
    client.dispose();
  });

  it('describe answers through the worker, also while a run searches', async () => {
    const client = new SolverClient({ createWorker: () => new FakeWorker(module) as unknown as Worker });
    const run = collect();
    client.start(puzzleText('pentomino-6x10'), {}, run.callbacks);
    const [good, bad] = await Promise.all([client.describe(puzzleText('soma')), client.describe('{')]);
    expect(good).toMatchObject({ ok: true, puzzle: { kind: 'packing', name: 'Soma cube', expected: { solutions: '11520', unique: '240' } } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/^invalid JSON/);
    expect(run.events).not.toContain('done');
    client.dispose();
  });

  it('a bad document ends the run with the parser message', async () => {
    const client = new SolverClient({ createWorker: () => new FakeWorker(module) as unknown as Worker });
    const run = collect();
    client.start('{"format": "piecewise/1", "kind": "jigsaw"}', {}, run.callbacks);
    const { error } = await run.end;
    expect(error).toBe((await describeDoc('{"format": "piecewise/1", "kind": "jigsaw"}') as { error: string }).error);
    expect(run.events).toEqual(['error']);
    client.dispose();
  });

  it('a crashed worker fails the run with one line and is replaced', async () => {
    const workers: FakeWorker[] = [];
    let crash = true;
    const client = new SolverClient({
      createWorker: () => {
        workers.push(new FakeWorker(module, (m) => (m.type === 'start' && crash ? 'RuntimeError: memory access out of bounds\n  at wasm' : null)));
        return workers.at(-1) as unknown as Worker;
      },
    });
    await new Promise((r) => setTimeout(r, 20)); // let the worker report ready
    const run = collect();
    client.start(puzzleText('soma'), {}, run.callbacks);
    expect(await run.end).toEqual({ error: 'solver worker failed: RuntimeError: memory access out of bounds' });
    expect(workers).toHaveLength(2);
    crash = false;
    const again = collect();
    client.start(puzzleText('soma'), {}, again.callbacks);
    expect((await again.end).counts).toMatchObject({ solutions: 11520, unique: 240 });
    client.dispose();
  });
});
