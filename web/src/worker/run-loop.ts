// The worker's run loop, free of any Worker API so that it runs under Node with the real
// WASM module (tests/web/run-loop.test.ts). solver.worker.ts is a thin shell around it.
//
// A run advances the search in time-measured slices (~sliceMs), yielding to the event loop
// between slices so that pause, resume and describe are handled mid-run. The first solution
// is posted alone and at once; later ones in batches (every batchMs or batchMax solutions);
// progress about every progressMs; then `done`. Errors are one-line messages.
import type { FromWorker, PuzzleKind, SolutionRecord, ToWorker } from '../protocol/messages';
import { readDescribeReply, type DescribeResult } from '../solver/description';
import type { SolverModule, SolverSession } from '../solver/module';

export type Post = (message: FromWorker, transfer?: Transferable[]) => void;

export interface RunLoopOptions {
  /** Wall time of one slice of search between yields. */
  sliceMs?: number;
  /** Solutions after the first are posted at least this often... */
  batchMs?: number;
  /** ...or as soon as this many wait. */
  batchMax?: number;
  progressMs?: number;
  now?: () => number;
  /** Schedules the next slice after pending messages are handled. */
  yieldTo?: (next: () => void) => void;
}

interface Run {
  id: number;
  session: SolverSession;
  kind: PuzzleKind;
  paused: boolean;
  scheduled: boolean;
  firstPosted: boolean;
  /** Search time, pauses excluded. */
  activeMs: number;
  lastFlush: number;
  lastProgress: number;
  /** Nodes per advance() call, adapted so that one call takes a few milliseconds. */
  budget: number;
}

const setTimeoutYield = (next: () => void) => void setTimeout(next, 0);

/** Faster than setTimeout(0), which browsers clamp to 4 ms after a few nestings. */
export function messageChannelYield(): (next: () => void) => void {
  const channel = new MessageChannel();
  const queue: (() => void)[] = [];
  channel.port1.onmessage = () => queue.shift()?.();
  return (next) => {
    queue.push(next);
    channel.port2.postMessage(null);
  };
}

function oneLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name === 'Error' ? '' : error.name + ': '}${error.message}` : String(error);
  return text.split('\n')[0].trim() || 'unknown error';
}

export class SolverRunLoop {
  private run: Run | null = null;
  private readonly sliceMs: number;
  private readonly batchMs: number;
  private readonly batchMax: number;
  private readonly progressMs: number;
  private readonly now: () => number;
  private readonly yieldTo: (next: () => void) => void;

  constructor(
    private readonly module: SolverModule,
    private readonly post: Post,
    options: RunLoopOptions = {},
  ) {
    this.sliceMs = options.sliceMs ?? 20;
    this.batchMs = options.batchMs ?? 100;
    this.batchMax = options.batchMax ?? 1000;
    this.progressMs = options.progressMs ?? 200;
    this.now = options.now ?? (() => performance.now());
    this.yieldTo = options.yieldTo ?? setTimeoutYield;
  }

  /** True while a run is searching or paused. */
  get busy(): boolean {
    return this.run !== null;
  }

  handle(message: ToWorker): void {
    switch (message.type) {
      case 'start':
        this.start(message.id, message.puzzle, message.uniqueOnly);
        break;
      case 'pause':
        if (this.run?.id === message.id && !this.run.paused) {
          this.run.paused = true;
          this.postProgress(this.run);
        }
        break;
      case 'resume':
        if (this.run?.id === message.id && this.run.paused) {
          this.run.paused = false;
          this.schedule(this.run);
        }
        break;
      case 'describe': {
        let result: DescribeResult;
        try {
          result = readDescribeReply(this.module.describe(message.puzzle));
        } catch (e) {
          result = { ok: false, error: oneLine(e) };
        }
        this.post({ type: 'described', id: message.id, result });
        break;
      }
    }
  }

  /** Drops the current run without a reply. */
  stop(): void {
    this.run?.session.delete();
    this.run = null;
  }

  private start(id: number, puzzle: string, uniqueOnly: boolean): void {
    this.stop();
    let session: SolverSession;
    try {
      session = new this.module.Session(puzzle);
    } catch (e) {
      this.post({ type: 'error', id, message: oneLine(e), fatal: true });
      return;
    }
    const error = session.error();
    if (error) {
      session.delete();
      this.post({ type: 'error', id, message: error });
      return;
    }
    session.setCollect(uniqueOnly ? this.module.Collect.Representatives : this.module.Collect.All);
    const now = this.now();
    const kind = session.kind() as PuzzleKind;
    this.run = { id, session, kind, paused: false, scheduled: false, firstPosted: false, activeMs: 0,
      lastFlush: now, lastProgress: now, budget: 10_000 };
    this.post({ type: 'started', id, kind, symmetries: session.symmetries() });
    this.schedule(this.run);
  }

  private schedule(run: Run): void {
    if (run.scheduled) return;
    run.scheduled = true;
    this.yieldTo(() => {
      run.scheduled = false;
      if (this.run === run && !run.paused) this.slice(run);
    });
  }

  private slice(run: Run): void {
    const { session } = run;
    const sliceStart = this.now();
    let done = false;
    try {
      for (;;) {
        const callStart = this.now();
        done = session.advance(run.budget, run.firstPosted ? this.batchMax : 1);
        const t = this.now();
        // Aim at ~sliceMs/4 per call so a slice overshoots its time by little.
        const ms = t - callStart;
        const target = this.sliceMs / 4;
        if (ms < target / 2) run.budget = Math.min(run.budget * 2, 1 << 24);
        else if (ms > target * 2) run.budget = Math.max(Math.floor(run.budget / 2), 1_000);
        if (done) break;
        if (!run.firstPosted && session.pending() > 0) break;
        if (session.pending() >= this.batchMax) break;
        if (t - sliceStart >= this.sliceMs) break;
      }
    } catch (e) {
      // The module itself failed (e.g. out of memory): it may be unusable from here on.
      run.activeMs += this.now() - sliceStart;
      this.fail(run, oneLine(e), true);
      return;
    }
    const t = this.now();
    run.activeMs += t - sliceStart;
    if (done && session.error()) {
      this.fail(run, session.error(), true);
      return;
    }
    const pending = session.pending();
    if (pending > 0 && (done || !run.firstPosted || pending >= this.batchMax || t - run.lastFlush >= this.batchMs)) {
      this.flush(run, t);
    }
    if (done) {
      this.post({ type: 'done', id: run.id, ...this.counts(run) });
      this.stop();
      return;
    }
    if (t - run.lastProgress >= this.progressMs) this.postProgress(run);
    this.schedule(run);
  }

  private flush(run: Run, now: number): void {
    const taken = run.session.take();
    const batch: SolutionRecord[] = [];
    for (let i = 0; i < taken.representative.length; i++) {
      batch.push({
        index: taken.index[i],
        representative: taken.representative[i] === 1,
        data: taken.data.subarray(taken.offsets[i], taken.offsets[i + 1]),
      });
    }
    run.firstPosted = true;
    run.lastFlush = now;
    // Every record is a view of the same buffer: one transfer, no copy.
    this.post({ type: 'solutions', id: run.id, batch }, [taken.data.buffer]);
  }

  private postProgress(run: Run): void {
    run.lastProgress = this.now();
    this.post({ type: 'progress', id: run.id, fraction: run.session.fraction(), ...this.counts(run) });
  }

  private counts(run: Run) {
    const { session } = run;
    return {
      nodes: session.nodes(),
      solutions: session.solutionCount(),
      unique: session.uniqueCount(),
      seconds: run.activeMs / 1000,
    };
  }

  private fail(run: Run, message: string, fatal: boolean): void {
    this.post({ type: 'error', id: run.id, message, fatal });
    this.stop();
  }
}
