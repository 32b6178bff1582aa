// The worker's run loop, free of any Worker API so that it runs under Node with the real
// WASM module (tests/web/run-loop.test.ts). solver.worker.ts is a thin shell around it.
//
// A run advances the search in time-measured slices (~sliceMs), yielding to the event loop
// between slices so that pause, resume, acknowledgements and describe are handled mid-run.
// The first solution is posted alone and at once; later ones in batches (every batchMs, or
// as soon as batchMax solutions or batchBytes bytes wait); progress about every progressMs;
// then `done`. Back-pressure: at most windowBytes of posted solutions may wait for the page's
// `ack`; when the window is full and a batch is ready, the search waits too. Errors are
// one-line messages.
import { batchBytes, type FromWorker, type PuzzleKind, type TaskOrder, type ToWorker } from '../protocol/messages';
import { readDescribeReply, type DescribeResult } from '../solver/description';
import type { SolverModule, SolverSession } from '../solver/module';

export type Post = (message: FromWorker, transfer?: Transferable[]) => void;

export interface RunLoopOptions {
  /** Wall time of one slice of search between yields. */
  sliceMs?: number;
  /** Solutions after the first are posted at least this often... */
  batchMs?: number;
  /** ...or as soon as this many wait... */
  batchMax?: number;
  /** ...or as soon as they weigh this many bytes. */
  batchBytes?: number;
  /** Bytes posted and not yet acknowledged by the page, at most (one batch may exceed it). */
  windowBytes?: number;
  progressMs?: number;
  now?: () => number;
  /** Schedules the next slice after pending messages are handled. */
  yieldTo?: (next: () => void) => void;
}

interface Run {
  id: number;
  task: number;
  session: SolverSession;
  kind: PuzzleKind;
  paused: boolean;
  scheduled: boolean;
  /** A batch is ready but the window is full: no slice until the page acknowledges. */
  blocked: boolean;
  firstPosted: boolean;
  /** Bytes posted that the page has not acknowledged. */
  unacked: number;
  skip: number;
  /** Search time, pauses excluded. */
  activeMs: number;
  lastFlush: number;
  lastProgress: number;
  /** Nodes per advance() call, adapted so that one call takes a few milliseconds. */
  budget: number;
  /** The page asked for work (`donate`) and the search had none to give yet: retried after each slice. */
  donating: boolean;
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
  private readonly batchBytes: number;
  private readonly windowBytes: number;
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
    this.batchBytes = options.batchBytes ?? 1 << 20;
    this.windowBytes = options.windowBytes ?? 4 << 20;
    this.progressMs = options.progressMs ?? 200;
    this.now = options.now ?? (() => performance.now());
    this.yieldTo = options.yieldTo ?? setTimeoutYield;
  }

  /** True while a run is searching or paused. */
  get busy(): boolean {
    return this.run !== null;
  }

  handle(message: ToWorker): void {
    const run = this.run?.id === (message as { id?: number }).id ? this.run : null;
    switch (message.type) {
      case 'start':
        this.start(message.id, message.puzzle, message.uniqueOnly, message.task, message.stride);
        break;
      case 'ack':
        if (run) {
          run.unacked = Math.max(0, run.unacked - message.bytes);
          if (run.blocked) {
            run.blocked = false;
            this.schedule(run);
          }
        }
        break;
      case 'stride':
        run?.session.setSample(run.skip, message.stride);
        break;
      case 'pause':
        if (run && !run.paused) {
          run.paused = true;
          this.postProgress(run);
        }
        break;
      case 'resume':
        if (run?.paused) {
          run.paused = false;
          this.schedule(run);
        }
        break;
      case 'ping':
        this.post({ type: 'pong' });
        break;
      case 'donate':
        this.donate(message.id);
        break;
      case 'split': {
        const r = this.module.split(message.puzzle, message.jobs);
        if (r.error !== null) this.post({ type: 'error', id: message.id, message: r.error });
        else this.post({ type: 'split', id: message.id, jobs: r.jobs });
        break;
      }
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

  /**
   * Answers `donate` for run `id`: a job given away by its search, or null when there is no run.
   * A search with nothing to give yet (it has not begun, or stands on last branches) is asked
   * again after each slice, and answers null only when it ends.
   */
  private donate(id: number): void {
    const run = this.run?.id === id ? this.run : null;
    if (!run) {
      this.post({ type: 'donated', id, task: -1, job: null, share: 0 });
      return;
    }
    run.donating = true;
    this.tryDonate(run);
  }

  private tryDonate(run: Run): void {
    let reply: string;
    try {
      reply = run.session.donate();
    } catch (e) {
      this.fail(run, oneLine(e), true);
      return;
    }
    if (!reply) return;
    const given = JSON.parse(reply) as { job: string; share: number };
    run.donating = false;
    this.post({ type: 'donated', id: run.id, task: run.task, job: given.job, share: given.share });
  }

  /** Drops the current run without a reply. */
  stop(): void {
    this.run?.session.delete();
    this.run = null;
  }

  private start(id: number, puzzle: string, uniqueOnly: boolean, order: TaskOrder, stride: number): void {
    this.stop();
    const { task, skip } = order;
    let session: SolverSession;
    try {
      session = new this.module.Session(puzzle);
    } catch (e) {
      this.post({ type: 'error', id, task, message: oneLine(e), fatal: true });
      return;
    }
    let error = session.error() || session.confine(order.job);
    for (const job of order.exclude ?? []) error ||= session.exclude(job);
    if (error) {
      session.delete();
      this.post({ type: 'error', id, task, message: error });
      return;
    }
    session.setCollect(uniqueOnly ? this.module.Collect.Representatives : this.module.Collect.All);
    session.setSample(skip, stride);
    const now = this.now();
    const kind = session.kind() as PuzzleKind;
    this.run = { id, task, session, kind, paused: false, scheduled: false, blocked: false, firstPosted: false, unacked: 0,
      skip, activeMs: 0, lastFlush: now, lastProgress: now, budget: 1_000, donating: false };
    this.post({ type: 'started', id, task, kind, symmetries: session.symmetries() });
    this.schedule(this.run);
  }

  private schedule(run: Run): void {
    if (run.scheduled) return;
    run.scheduled = true;
    this.yieldTo(() => {
      run.scheduled = false;
      if (this.run === run && !run.paused && !run.blocked) this.slice(run);
    });
  }

  /** A batch is due: the session holds as much as one batch may. */
  private full(session: SolverSession): boolean {
    return session.pending() >= this.batchMax || session.pendingBytes() >= this.batchBytes;
  }

  private slice(run: Run): void {
    const { session } = run;
    const sliceStart = this.now();
    let done = false;
    try {
      for (;;) {
        const callStart = this.now();
        done = session.advance(run.budget, run.firstPosted ? this.batchMax : 1, this.batchBytes);
        const t = this.now();
        // Aim at ~sliceMs/4 per call so a slice overshoots its time by little.
        const ms = t - callStart;
        const target = this.sliceMs / 4;
        if (ms < target / 2) run.budget = Math.min(run.budget * 2, 1 << 24);
        else if (ms > target * 2) run.budget = Math.max(Math.floor(run.budget / 2), 1);
        if (done) break;
        if (!run.firstPosted && session.pending() > 0) break;
        if (this.full(session)) break;
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
    const due = pending > 0 && (done || !run.firstPosted || this.full(session) || t - run.lastFlush >= this.batchMs);
    const sent = due && this.flush(run, t);
    if (done && (sent || pending === 0)) {
      if (run.donating) this.post({ type: 'donated', id: run.id, task: run.task, job: null, share: 0 });
      this.post({ type: 'done', id: run.id, task: run.task, ...this.counts(run) });
      this.stop();
      return;
    }
    if (run.donating && !done) {
      this.tryDonate(run);
      if (this.run !== run) return;
    }
    if (t - run.lastProgress >= this.progressMs) this.postProgress(run);
    // With a batch waiting on a full window, searching on would only pile up more: wait for an ack.
    if (due && !sent && (done || this.full(session))) run.blocked = true;
    else this.schedule(run);
  }

  /** Posts what the session holds unless the window is full; true when posted. */
  private flush(run: Run, now: number): boolean {
    if (run.unacked > 0 && run.unacked + run.session.pendingBytes() > this.windowBytes) return false;
    const batch = run.session.take();
    run.unacked += batchBytes(batch);
    run.firstPosted = true;
    run.lastFlush = now;
    const transfer = [batch.data.buffer, batch.offsets.buffer, batch.representative.buffer, batch.ordinal.buffer];
    this.post({ type: 'solutions', id: run.id, task: run.task, batch }, transfer);
    return true;
  }

  private postProgress(run: Run): void {
    run.lastProgress = this.now();
    this.post({ type: 'progress', id: run.id, task: run.task, fraction: run.session.fraction(), ...this.counts(run) });
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
    this.post({ type: 'error', id: run.id, task: run.task, message, fatal });
    this.stop();
  }
}
