// The page's pool of solver workers for runs. A run is cut into tasks by the solver's own split
// (the jobs of `piecewise split`, solver/jobs): the first worker lists them, then every worker
// takes the next task from the queue until none is left, so solutions stream from all of them at
// once. Counts are merged by RunTally (exact: a task's counts are its own search's). Stop is real:
// every busy worker is terminated and replaced. A worker that dies (WorkerSlot tells how) is
// replaced and its task rerun, skipping the solutions the page already holds; the user is told.
// With one worker the run is one task, the whole tree, with no split to wait for.
//
// Work stealing: when a worker is idle and no task is queued, the pool asks the busy worker
// whose task looks least advanced to give work away (`donate`): the branches its search has
// not begun at its shallowest level become a new task, queued at once and placed right after
// the giver in search order. A giver that later dies is rerun with what it gave left out
// (`exclude`), so it meets the same solutions in the same order and nothing is doubled.
import { batchBytes, type FromWorker, type PuzzleKind, type RunCounts, type SolutionBatch } from '../protocol/messages';
import { createSolverWorker } from './create-worker';
import { RunTally, type TallySummary } from './run-tally';
import { defaultSlotTiming, WorkerSlot, type SlotTiming } from './worker-slot';

export interface PoolCallbacks {
  started?(kind: PuzzleKind, symmetries: number): void;
  /** The run is cut into `count` tasks, numbered in search order. */
  tasks?(count: number): void;
  /** `task` (the next number) was given away by `after`: it comes right after it in search order. */
  taskAdded?(task: number, after: number): void;
  /** Solutions of `task` (the first of each task alone, later ones in batches). */
  solutions?(task: number, batch: SolutionBatch): void;
  progress?(summary: TallySummary): void;
  /** Every solution of `task` has been handed over. */
  taskDone?(task: number): void;
  done?(summary: TallySummary): void;
  /** One line; the run is over. */
  error?(message: string): void;
  /** Something the user should know that does not end the run (a worker was replaced). */
  notice?(message: string): void;
}

export interface SolverPoolOptions {
  workers?: number;
  createWorker?: () => Worker;
  /** Called each time a worker has loaded its module. */
  onReady?: () => void;
  timing?: SlotTiming;
  /** A task whose worker dies this many times ends the run with an error. */
  maxDeaths?: number;
}

const defaultWorker = createSolverWorker;

/**
 * Jobs wanted from the split: enough that workers finishing early find more to do. A split's jobs
 * are uneven (a subtree's size is unknown until searched): on tropical-fish-any the largest of 16
 * takes 8% of the run and two workers could at best be 1.87x faster than one; of ~70 jobs, 3%
 * and 1.98x. A job costs a session's set-up (parse, placements) in its worker: tens of ms at most.
 */
export const jobsFor = (workers: number): number => Math.min(1024, Math.max(64, workers * 32));

interface PoolRun {
  id: number;
  puzzle: string;
  uniqueOnly: boolean;
  callbacks: PoolCallbacks;
  /** The tasks' jobs, once split (and every job given away since). */
  jobs: string[] | null;
  /** Per task: the jobs it gave away, left out when it is rerun. */
  given: string[][];
  /** The worker asked to give work away, until it answers. */
  asked: WorkerSlot | null;
  /** Workers that had nothing to give since their last progress report. */
  dry: Set<WorkerSlot>;
  splitter: WorkerSlot | null;
  tally: RunTally | null;
  queue: number[];
  assigned: Map<WorkerSlot, number>;
  unacked: Map<WorkerSlot, number>;
  /** Per task: the next ordinal not yet received (a rerun skips those below). */
  received: number[];
  deaths: Map<number, number>;
  stride: number;
  started: boolean;
}

export class SolverPool {
  private slots: WorkerSlot[] = [];
  private wanted: number;
  private run: PoolRun | null = null;
  private nextId = 1;
  private readonly createWorker: () => Worker;
  private readonly onReady: (() => void) | undefined;
  private readonly timing: SlotTiming;
  private readonly maxDeaths: number;

  constructor(options: SolverPoolOptions = {}) {
    this.createWorker = options.createWorker ?? defaultWorker;
    this.onReady = options.onReady;
    this.timing = options.timing ?? defaultSlotTiming;
    this.maxDeaths = options.maxDeaths ?? 3;
    this.wanted = Math.max(1, Math.floor(options.workers ?? 1));
    this.resize();
  }

  get workers(): number {
    return this.wanted;
  }

  /** Workers for runs from now on (at least 1); a running run gains new ones at once, loses busy ones as they finish. */
  setWorkers(n: number): void {
    this.wanted = Math.max(1, Math.floor(n));
    this.resize();
  }

  start(puzzle: string, options: { uniqueOnly?: boolean } = {}, callbacks: PoolCallbacks = {}): number {
    if (this.run) this.cancel();
    const id = this.nextId++;
    const run: PoolRun = { id, puzzle, uniqueOnly: options.uniqueOnly ?? false, callbacks, jobs: null, given: [],
      asked: null, dry: new Set(), splitter: null,
      tally: null, queue: [], assigned: new Map(), unacked: new Map(), received: [], deaths: new Map(), stride: 1, started: false };
    this.run = run;
    if (this.slots.length === 1) this.setJobs(run, ['root']);
    else this.askSplit(run);
    return id;
  }

  /** Stops the run at once: every busy worker is terminated and replaced. */
  cancel(): void {
    const run = this.run;
    if (!run) return;
    this.run = null;
    for (const slot of new Set([...run.assigned.keys(), ...(run.splitter ? [run.splitter] : [])])) slot.replace();
    this.resize();
  }

  get running(): boolean {
    return this.run !== null;
  }

  /** The page has taken in every solution handed to it: each worker may send as much again. */
  caughtUp(): void {
    const run = this.run;
    if (!run) return;
    for (const [slot, bytes] of run.unacked) if (bytes > 0) slot.send({ type: 'ack', id: run.id, bytes });
    run.unacked.clear();
  }

  /** Only every stride-th solution (by ordinal within a task) is wanted from now on. */
  setStride(stride: number): void {
    const run = this.run;
    if (!run) return;
    run.stride = stride;
    for (const slot of run.assigned.keys()) slot.send({ type: 'stride', id: run.id, stride });
  }

  dispose(): void {
    this.run = null;
    for (const slot of this.slots) slot.dispose();
    this.slots = [];
  }

  // ---- the run's course ----------------------------------------------------------------------

  private askSplit(run: PoolRun): void {
    const slot = this.slots.find((s) => !run.assigned.has(s)) ?? this.slots[0]!;
    run.splitter = slot;
    slot.send({ type: 'split', id: run.id, puzzle: run.puzzle, jobs: jobsFor(this.wanted) });
  }

  private setJobs(run: PoolRun, jobs: string[]): void {
    run.jobs = jobs;
    run.splitter = null;
    run.tally = new RunTally(jobs.length);
    run.queue = jobs.map((_, i) => i);
    run.received = jobs.map(() => 0);
    run.given = jobs.map(() => []);
    run.callbacks.tasks?.(jobs.length);
    for (const slot of this.slots) this.dispatch(slot);
  }

  private dispatch(slot: WorkerSlot): void {
    const run = this.run;
    if (!run?.jobs || run.assigned.has(slot) || !this.slots.includes(slot)) return;
    const task = run.queue.shift();
    if (task === undefined) return this.steal(run);
    run.assigned.set(slot, task);
    slot.setBusy(true);
    const given = run.given[task]!;
    slot.send({ type: 'start', id: run.id, puzzle: run.puzzle, uniqueOnly: run.uniqueOnly,
      task: { task, job: run.jobs[task]!, skip: run.received[task]!, ...(given.length ? { exclude: [...given] } : {}) },
      stride: run.stride });
  }

  /** An idle worker and nothing queued: asks the least advanced busy worker to give work away. */
  private steal(run: PoolRun): void {
    if (run.asked || !run.tally || !this.slots.some((s) => !run.assigned.has(s) && s !== run.splitter)) return;
    let giver: WorkerSlot | null = null;
    for (const [slot, task] of run.assigned)
      if (!run.dry.has(slot) && (!giver || run.tally.fractionOf(task) < run.tally.fractionOf(run.assigned.get(giver)!))) giver = slot;
    if (!giver) return;
    run.asked = giver;
    giver.send({ type: 'donate', id: run.id });
  }

  private donated(run: PoolRun, slot: WorkerSlot, task: number, job: string | null, share: number): void {
    if (run.asked === slot) run.asked = null;
    if (job === null || run.assigned.get(slot) !== task || !run.jobs || !run.tally) {
      run.dry.add(slot);
      return this.steal(run);
    }
    const added = run.tally.split(task, share);
    run.jobs.push(job);
    run.given[task]!.push(job);
    run.given.push([]);
    run.received.push(0);
    run.callbacks.taskAdded?.(added, task);
    run.queue.push(added);
    run.dry.clear();
    for (const s of this.slots) this.dispatch(s);
  }

  private receive(slot: WorkerSlot, m: FromWorker): void {
    if (m.type === 'ready') {
      this.onReady?.();
      return;
    }
    const run = this.run;
    if (!run || !('id' in m) || m.id !== run.id) return;
    const cb = run.callbacks;
    switch (m.type) {
      case 'split':
        if (slot === run.splitter) this.setJobs(run, m.jobs.length ? m.jobs : ['root']);
        break;
      case 'started':
        if (!run.started) cb.started?.(m.kind, m.symmetries);
        run.started = true;
        break;
      case 'solutions': {
        if (run.assigned.get(slot) !== m.task) return;
        run.unacked.set(slot, (run.unacked.get(slot) ?? 0) + batchBytes(m.batch));
        const n = m.batch.ordinal.length;
        if (n) run.received[m.task] = Math.max(run.received[m.task]!, m.batch.ordinal[n - 1]! + 1);
        cb.solutions?.(m.task, m.batch);
        break;
      }
      case 'progress':
        if (run.assigned.get(slot) !== m.task) return;
        run.tally!.report(m.task, m, m.fraction);
        cb.progress?.(run.tally!.summary());
        // A worker that had nothing to give may have some now that its search went deeper.
        if (run.dry.delete(slot)) this.steal(run);
        break;
      case 'donated':
        this.donated(run, slot, m.task, m.job, m.share);
        break;
      case 'done':
        if (run.assigned.get(slot) !== m.task) return;
        run.tally!.report(m.task, m, 1, true);
        run.assigned.delete(slot);
        run.unacked.delete(slot);
        slot.setBusy(false);
        cb.taskDone?.(m.task);
        if (run.tally!.allDone) {
          this.run = null;
          this.resize();
          cb.done?.(run.tally!.summary());
        } else {
          cb.progress?.(run.tally!.summary());
          this.resize();
          this.dispatch(slot);
        }
        break;
      case 'error':
        this.fail(run, m.message);
        break;
    }
  }

  private died(slot: WorkerSlot, reason: string, loaded: boolean): void {
    const run = this.run;
    const task = run?.assigned.get(slot);
    if (run?.asked === slot) run.asked = null;
    run?.dry.delete(slot);
    if (loaded) slot.replace();
    if (!run || (task === undefined && slot !== run.splitter)) return;
    if (!loaded) return this.fail(run, reason);
    const key = task ?? -1;
    const deaths = (run.deaths.get(key) ?? 0) + 1;
    run.deaths.set(key, deaths);
    const what = task === undefined ? 'the split of the search' : `part ${task + 1} of ${run.jobs!.length} of the search`;
    if (deaths >= this.maxDeaths) return this.fail(run, `${reason} (${deaths} times on ${what})`);
    run.callbacks.notice?.(`${reason}; the worker was replaced and ${what} restarted.`);
    if (task === undefined) return this.askSplit(run);
    run.assigned.delete(slot);
    run.unacked.delete(slot);
    run.tally!.restart(task);
    run.queue.unshift(task);
    this.dispatch(slot);
  }

  private fail(run: PoolRun, message: string): void {
    this.cancel();
    run.callbacks.error?.(message.split('\n')[0]!);
  }

  /** Brings the pool to the wanted size: new slots at once, surplus ones when idle. */
  private resize(): void {
    while (this.slots.length < this.wanted) {
      const slot: WorkerSlot = new WorkerSlot(this.createWorker, {
        message: (m) => this.receive(slot, m),
        died: (reason, loaded) => this.died(slot, reason, loaded),
      }, this.timing);
      this.slots.push(slot);
      this.dispatch(slot);
    }
    for (let i = this.slots.length - 1; i >= 0 && this.slots.length > this.wanted; i--) {
      const slot = this.slots[i]!;
      if (this.run && (this.run.assigned.has(slot) || this.run.splitter === slot)) continue;
      slot.dispose();
      this.slots.splice(i, 1);
    }
  }
}

export type { RunCounts };
