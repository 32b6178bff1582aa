// The page's pool of solver workers. A document is prepared once (`prepare`, as soon as the page
// shows it: the search's choices and its jobs, the parts of the tree in search order); a run then
// hands the jobs out as tasks, in search order with a share drawn at random, all of them once
// the run's sample of solutions is full (task-queue.ts), keeping every worker's queue several
// tasks deep so that no worker waits for the page between tasks. Each task visits and sends its
// first solutions while the run's sample of solutions (sampleSize) is not full, then counts the
// rest in bulk. Counts are merged by RunTally (exact: a task's counts are its own search's) and,
// once the run is over, number every solution, which seek() then fetches by number from any
// worker. Stop is real: every busy worker is terminated and replaced. A worker that dies
// (WorkerSlot tells how) is replaced and its unfinished tasks rerun, skipping the solutions the
// page already holds; the user is told.
// Over ~300 lines because dispatching, requests and recovery from a dead worker all read and
// change the same state (slots, what each holds, pending requests); the parts that stand alone
// are apart already (task-queue.ts, run-tally.ts, worker-slot.ts).
import { batchBytes, type BrowseScope, type FromWorker, type PuzzleKind, type RunCounts, type RunDocument, type SolutionBatch, type TaskSolutions, type ToWorker } from '../protocol/messages';
import { createSolverWorker } from './create-worker';
import { RunTally, type Numbering, type TallySummary } from './run-tally';
import { TaskQueue } from './task-queue';
import { defaultSlotTiming, WorkerSlot, type SlotTiming } from './worker-slot';

export interface PoolCallbacks {
  /** `takesApart`: every representative is taken apart, and the run sends representatives only. */
  started?(kind: PuzzleKind, symmetries: number, takesApart: boolean): void;
  /**
   * The run is cut into tasks, one job each, numbered in search order (seek() takes these jobs);
   * `settings`: the choices every worker's search was built with (prepare()'s).
   */
  tasks?(jobs: readonly string[], settings: string): void;
  /** Visited solutions of `task` (the first of each task alone, later ones in batches). */
  solutions?(task: number, batch: SolutionBatch): void;
  progress?(summary: TallySummary): void;
  /** `task` is over: its counts are final. */
  taskDone?(task: number, counts: RunCounts): void;
  /** Every task is over: `numbering` says where each task's solutions start. */
  done?(summary: TallySummary, numbering: Numbering): void;
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
  /** Jobs a run is cut into (about). */
  jobs?: number;
  /** Solutions (of the kind the run shows) that tasks visit and send while a run goes on, about. */
  sampleSize?: number;
}

const defaultWorker = createSolverWorker;

/**
 * Jobs a run is cut into: enough that the last ones to finish leave no worker idle for long (the
 * largest of ~1000 jobs of the Tetris Cube or the Bedlam cube is 1-2% of the run), and that the
 * job holding a solution wanted by number is small (the solutions before it in its job are
 * visited or counted again). A job costs its worker a restart of its search: microseconds.
 */
export const RUN_JOBS = 1024;
export const SAMPLE_SIZE = 1000;
/** ...and bytes of them. */
export const SAMPLE_BYTES = 32 << 20;
/**
 * Tasks queued on a worker at once: about QUEUE_SECONDS of search by the tasks' mean time so far
 * (QUEUE_FIRST before any is done), deep enough that it never runs dry while the page, sharing
 * the cores with the workers, is slow to answer (a task of 1,024 lasts from well under a
 * millisecond to a few; the page's own start-up takes a core for hundreds of ms, and a 3D frame
 * 50-100 ms where WebGL is software), shallow enough near the end (half of what is left, shared
 * among the workers) that no worker holds tasks while another has none. Each top-up costs a
 * message each way, so the share is no smaller: a quarter took 75 top-ups of tropical-fish-any's
 * 1,640 tasks with 2 workers, half 36, and the workers still end within a few milliseconds of
 * each other.
 */
const QUEUE_SECONDS = 0.25;
/**
 * ...and never less than QUEUE_TAIL_SECONDS of them: at the end of a run of short tasks, top-ups
 * of a task or two a message cost both threads more than the imbalance they spare
 * (tropical-fish-any: 60 of the run's 210 messages came in its last 10%).
 */
const QUEUE_TAIL_SECONDS = 0.01;
/**
 * A prepared document warms every idle worker (`warm`, messages.ts): its first WARM_TASKS jobs,
 * each cut short, visiting up to WARM_VISIT solutions, for WARM_MS, so that the run's hot code is
 * compiled for speed before Solve (measured on 2 cores, MacMahon 4x6 with 2 workers: in the run's
 * first 70 ms the workers had 65 ms of CPU and the browser's compiler 35, warmed 110 and 15). A
 * document that takes assemblies apart is not warmed: a take-apart cannot be cut short.
 */
const WARM_MS = 150;
const WARM_TASKS = 256;
const WARM_VISIT = 200;
const QUEUE_FIRST = 64;
const QUEUE_LEAST = 2;
const QUEUE_MOST = 256;

/** What prepare() gives a run: the settings every worker builds its search with, and the jobs. */
interface Prepared {
  kind: PuzzleKind;
  symmetries: number;
  /** The document asks for disassembly: its runs take every representative apart. */
  takesApart: boolean;
  /** Counting a task may search fewer nodes than visiting it (run-tally.ts). */
  countsInBulk: boolean;
  settings: string;
  jobs: string[];
}

/** A document's preparation, under way or over; `done` once it has succeeded (start() then begins at once). */
interface Preparation {
  promise: Promise<Prepared | string>;
  done?: Prepared;
}

interface Request {
  id: number;
  slot: WorkerSlot | null;
  message: ToWorker;
  resolve(reply: FromWorker): void;
  /** Asked again once already, its first worker having died. */
  retried: boolean;
  /** It may take assemblies apart (a seek of a document that asks): its worker may be silent for long. */
  patient: boolean;
}

/** A task done in an earlier run of the same jobs, with its final counts. */
export interface ResumedTask extends RunCounts {
  task: number;
}

interface PoolRun {
  id: number;
  puzzle: string;
  uniqueOnly: boolean;
  /** Every representative is taken apart (the document asks): a worker may be silent for long. */
  takesApart: boolean;
  resumed: readonly ResumedTask[];
  callbacks: PoolCallbacks;
  document: RunDocument | null;
  jobs: string[];
  tally: RunTally | null;
  /** Tasks not yet given to a worker, and in what order they will be. */
  queue: TaskQueue;
  /** Per slot: its tasks, in the order it runs them (a Set: one is looked up and taken out per task done). */
  assigned: Map<WorkerSlot, Set<number>>;
  /** Per task: the next ordinal not yet received (a rerun skips those below). */
  received: number[];
  /** Solutions received (of the kind the run sends), and their bytes: the sample so far. */
  sampled: number;
  sampledBytes: number;
  deaths: Map<number, number>;
}

export class SolverPool {
  private slots: WorkerSlot[] = [];
  private wanted: number;
  private run: PoolRun | null = null;
  private nextId = 1;
  /** Preparations of the last few documents. */
  private readonly prepared = new Map<string, Preparation>();
  private readonly requests = new Map<number, Request>();
  private readonly createWorker: () => Worker;
  private readonly onReady: (() => void) | undefined;
  private readonly timing: SlotTiming;
  private readonly maxDeaths: number;
  private readonly jobs: number;
  private readonly sampleSize: number;

  constructor(options: SolverPoolOptions = {}) {
    this.createWorker = options.createWorker ?? defaultWorker;
    this.onReady = options.onReady;
    this.timing = options.timing ?? defaultSlotTiming;
    this.maxDeaths = options.maxDeaths ?? 3;
    this.jobs = options.jobs ?? RUN_JOBS;
    this.sampleSize = options.sampleSize ?? SAMPLE_SIZE;
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

  /**
   * Prepares `puzzle` for a run (its search's choices and jobs) ahead of Solve; a run of it then
   * starts at once. Kept for the last few documents; a refusal is the solver's message.
   */
  prepare(puzzle: string): Promise<Prepared | string> {
    const known = this.prepared.get(puzzle);
    if (known) {
      this.prepared.delete(puzzle);
      this.prepared.set(puzzle, known);
      return known.promise;
    }
    const result = this.request({ type: 'prepare', id: 0, puzzle, jobs: this.jobs }).then((reply): Prepared | string => {
      if (reply.type === 'prepared') {
        const { kind, symmetries, takesApart, countsInBulk, settings, jobs } = reply;
        return { kind, symmetries, takesApart, countsInBulk, settings, jobs };
      }
      return reply.type === 'error' ? reply.message : `unexpected reply ${reply.type}`;
    });
    const entry: Preparation = { promise: result };
    this.prepared.set(puzzle, entry);
    // Only preparations are kept: a message may come from a worker that failed to load.
    void result.then((r) => {
      if (typeof r === 'string') {
        if (this.prepared.get(puzzle) === entry) this.prepared.delete(puzzle);
        return;
      }
      entry.done = r;
      this.warm(puzzle, r);
    });
    if (this.prepared.size > 8) this.prepared.delete(this.prepared.keys().next().value!);
    return result;
  }

  /**
   * Starts a run of `puzzle`; `resumed`: the tasks a checkpoint of this very run recorded as done
   * (run-checkpoints.ts), which are counted as recorded and not searched again.
   */
  start(puzzle: string, options: { uniqueOnly?: boolean; resumed?: readonly ResumedTask[] } = {}, callbacks: PoolCallbacks = {}): number {
    if (this.run) this.cancel();
    const id = this.nextId++;
    const run: PoolRun = { id, puzzle, uniqueOnly: options.uniqueOnly ?? false, takesApart: false, resumed: options.resumed ?? [], callbacks, document: null, jobs: [], tally: null,
      queue: new TaskQueue(0), assigned: new Map(), received: [], sampled: 0, sampledBytes: 0, deaths: new Map() };
    this.run = run;
    // Prepared already (Solve pressed once the page has prepared the run): its tasks are posted
    // before start() returns, not a task later, behind whatever else the page does on Solve.
    const done = this.prepared.get(puzzle)?.done;
    if (done) {
      this.begin(run, done);
      return id;
    }
    void this.prepare(puzzle).then((p) => {
      if (this.run !== run) return;
      if (typeof p === 'string') return this.fail(run, p);
      this.begin(run, p);
    });
    return id;
  }

  /** Stops the run at once: every busy worker is terminated and replaced. */
  cancel(): void {
    const run = this.run;
    if (!run) return;
    this.run = null;
    for (const slot of run.assigned.keys()) slot.replace();
    this.resize();
  }

  get running(): boolean {
    return this.run !== null;
  }

  /**
   * Solutions of `job` of a prepared document from position `skip` on (0-based, among those of
   * `scope`), at most `limit`, from an idle worker.
   */
  async seek(puzzle: string, job: string, skip: number, limit: number, scope: BrowseScope): Promise<SolutionBatch | string> {
    const p = await this.prepare(puzzle);
    if (typeof p === 'string') return p;
    const reply = await this.request({ type: 'seek', id: 0, puzzle, settings: p.settings, job, skip, limit, scope }, p.takesApart);
    if (reply.type === 'found') return reply.batch;
    return reply.type === 'error' ? reply.message : `unexpected reply ${reply.type}`;
  }

  dispose(): void {
    this.run = null;
    for (const r of this.requests.values()) r.resolve({ type: 'error', id: r.id, message: 'solver closed' });
    this.requests.clear();
    for (const slot of this.slots) slot.dispose();
    this.slots = [];
  }

  /** Warms every idle worker on a document just prepared, unless a run is under way or starting. */
  private warm(puzzle: string, p: Prepared): void {
    if (this.run || p.takesApart) return;
    const tasks = p.jobs.slice(0, WARM_TASKS).map((job, task) => ({ task, job, skip: 0 }));
    if (!tasks.length) tasks.push({ task: 0, job: 'root', skip: 0 });
    for (const slot of this.slots.slice(0, this.wanted))
      if (!this.isBusy(slot)) slot.send({ type: 'warm', document: { puzzle, settings: p.settings }, tasks, visit: WARM_VISIT, ms: WARM_MS });
  }

  // ---- requests: one message, one reply, on a worker with no run ----------------------------

  private request(message: Extract<ToWorker, { type: 'prepare' | 'seek' }>, patient = false): Promise<FromWorker> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const r: Request = { id, slot: null, message: { ...message, id }, resolve, retried: false, patient };
      this.requests.set(id, r);
      this.sendRequest(r);
    });
  }

  private sendRequest(r: Request): void {
    const busy = new Set(this.run ? this.run.assigned.keys() : []);
    for (const q of this.requests.values()) if (q.slot) busy.add(q.slot);
    const slot = this.slots.find((s) => !busy.has(s)) ?? this.slots[0]!;
    r.slot = slot;
    slot.patient = r.patient;
    slot.setBusy(true);
    slot.send(r.message);
  }

  private answered(r: Request, reply: FromWorker): void {
    this.requests.delete(r.id);
    if (r.slot && !this.isBusy(r.slot)) r.slot.setBusy(false);
    r.resolve(reply);
    if (this.run) for (const slot of this.slots) this.dispatch(this.run, slot);
  }

  private isBusy(slot: WorkerSlot): boolean {
    if (this.run?.assigned.has(slot)) return true;
    for (const q of this.requests.values()) if (q.slot === slot) return true;
    return false;
  }

  // ---- the run's course ----------------------------------------------------------------------

  private begin(run: PoolRun, p: Prepared): void {
    const jobs = p.jobs.length ? p.jobs : ['root'];
    run.document = { puzzle: run.puzzle, settings: p.settings };
    run.jobs = jobs;
    run.tally = new RunTally(jobs.length, undefined, () => Math.min(this.wanted, this.slots.length), p.countsInBulk);
    run.queue = new TaskQueue(jobs.length);
    run.received = jobs.map(() => 0);
    // Only representatives are taken apart: a run that takes apart sends only them.
    run.takesApart = p.takesApart;
    if (p.takesApart) run.uniqueOnly = true;
    // Tasks a checkpoint recorded (a resumed run): counted already, never searched again.
    const resumed = run.resumed.filter((d) => d.task >= 0 && d.task < jobs.length);
    run.queue.skip(resumed.map((d) => d.task));
    for (const d of resumed) run.tally.report(d.task, d, 1, true);
    // The workers' tasks first, then the page's own work on the run's start: no message of a
    // worker is handled before this returns.
    for (const slot of this.slots) this.dispatch(run, slot);
    run.callbacks.started?.(p.kind, p.symmetries, p.takesApart);
    run.callbacks.tasks?.(jobs, p.settings);
    for (const d of resumed) run.callbacks.taskDone?.(d.task, d);
    if (run.tally.allDone) {
      this.run = null;
      run.callbacks.done?.(run.tally.summary(), run.tally.numbering());
    }
  }

  /**
   * Tops the slot's queue up (QUEUE_LEAST to QUEUE_MOST tasks); a slot busy with a request waits.
   * `queued`: the tasks it holds that count (not those it is giving back).
   */
  private dispatch(run: PoolRun, slot: WorkerSlot, queued?: number): void {
    if (!run.document || !this.slots.includes(slot) || this.slots.indexOf(slot) >= this.wanted) return;
    for (const q of this.requests.values()) if (q.slot === slot) return;
    const mine = run.assigned.get(slot) ?? new Set<number>();
    const holds = queued ?? mine.size;
    const mean = run.tally!.meanTaskSeconds;
    const lasting = mean === null ? QUEUE_FIRST : Math.ceil(QUEUE_SECONDS / mean);
    const least = mean === null ? QUEUE_LEAST : Math.max(QUEUE_LEAST, Math.ceil(QUEUE_TAIL_SECONDS / mean));
    const depth = Math.max(least, Math.min(QUEUE_MOST, lasting, Math.floor(run.queue.size / (2 * this.wanted))));
    if (holds > depth / 2) return;  // topped up in chunks, not a message per task done
    const orders = [];
    // Every worker but the first draws all its tasks while the first searches in order.
    const draw = this.slots.indexOf(slot) > 0;
    while (holds + orders.length < depth) {
      const next = run.queue.next(draw);
      if (!next) break;
      if (next.drawn) run.tally!.drawn(next.task);
      orders.push({ task: next.task, job: run.jobs[next.task]!, skip: run.received[next.task]! });
    }
    if (!orders.length) return;
    for (const o of orders) mine.add(o.task);
    run.assigned.set(slot, mine);
    slot.patient = run.takesApart;
    slot.setBusy(true);
    // The document goes with the worker's first tasks of the run only.
    const document = slot.document === run.document ? null : run.document;
    slot.document = run.document;
    // The sample still wanted, for these tasks together, in their order.
    slot.send({ type: 'tasks', id: run.id, document, uniqueOnly: run.uniqueOnly, tasks: orders,
      visit: Math.max(0, this.sampleSize - run.sampled), visitBytes: Math.max(0, SAMPLE_BYTES - run.sampledBytes) });
  }

  /**
   * The run's sample of solutions is full: the tasks left count in bulk and their order no longer
   * matters, so from here on each is drawn at random and sampled, and the workers give back the
   * tasks queued in search order.
   */
  private countOnly(run: PoolRun): void {
    run.queue.drawAll();
    for (const [slot, tasks] of run.assigned) {
      if (tasks.size <= 1) continue;
      slot.send({ type: 'recall', id: run.id });
      // Tasks drawn at once, queued behind the recall, as if the worker held only the task under
      // way: it never waits for the page's answer to `recalled`.
      this.dispatch(run, slot, 1);
    }
  }

  /** The run's sample of solutions is full: no task is given any more to visit. */
  private sampleFull(run: PoolRun): boolean {
    return run.sampled >= this.sampleSize || run.sampledBytes >= SAMPLE_BYTES;
  }

  private receive(slot: WorkerSlot, m: FromWorker): void {
    if (m.type === 'ready') {
      this.onReady?.();
      return;
    }
    if (!('id' in m)) return;
    const request = this.requests.get(m.id);
    if (request) return this.answered(request, m);
    const run = this.run;
    if (!run || m.id !== run.id) return;
    const cb = run.callbacks;
    const mine = run.assigned.get(slot);
    switch (m.type) {
      case 'solutions':
        this.solutions(run, mine, m.parts);
        break;
      case 'progress':
        if (!mine?.has(m.task)) return;
        run.tally!.report(m.task, m, m.fraction);
        cb.progress?.(run.tally!.summary());
        break;
      case 'done':
        if (!mine) return;
        this.solutions(run, mine, m.parts);
        for (const d of m.tasks) {
          if (!mine.delete(d.task)) continue;
          run.tally!.report(d.task, d, 1, true);
          cb.taskDone?.(d.task, d);
        }
        if (!mine.size) {
          run.assigned.delete(slot);
          slot.setBusy(false);
        }
        if (run.tally!.allDone) {
          this.run = null;
          this.resize();
          cb.done?.(run.tally!.summary(), run.tally!.numbering());
        } else {
          cb.progress?.(run.tally!.summary());
          this.resize();
          this.dispatch(run, slot);
        }
        break;
      case 'recalled': {
        if (!mine) return;
        const back = m.tasks.filter((t) => mine.delete(t));
        run.queue.giveBack(back);
        if (!mine.size) {
          run.assigned.delete(slot);
          slot.setBusy(false);
        }
        for (const s of this.slots) this.dispatch(run, s);
        break;
      }
      case 'error':
        this.fail(run, m.message);
        break;
    }
  }

  /** Solutions visited by the slot's tasks (`mine`): a rerun's skip moves past them, and the sample grows. */
  private solutions(run: PoolRun, mine: Set<number> | undefined, parts: readonly TaskSolutions[]): void {
    for (const { task, batch } of parts) {
      if (!mine?.has(task)) continue;
      const n = batch.ordinal.length;
      if (n) run.received[task] = Math.max(run.received[task]!, batch.ordinal[n - 1]! + 1);
      const wasFull = this.sampleFull(run);
      for (let i = 0; i < n; i++) if (!run.uniqueOnly || batch.representative[i]) run.sampled++;
      run.sampledBytes += batchBytes(batch);
      if (!wasFull && this.sampleFull(run)) this.countOnly(run);
      run.callbacks.solutions?.(task, batch);
    }
  }

  private died(slot: WorkerSlot, reason: string, loaded: boolean): void {
    if (loaded) slot.replace();
    for (const r of [...this.requests.values()]) {
      if (r.slot !== slot) continue;
      // A request is asked again on a fresh worker, once; a second death is its answer.
      if (loaded && !r.retried) {
        r.retried = true;
        this.sendRequest(r);
      } else {
        this.answered(r, { type: 'error', id: r.id, message: reason });
      }
    }
    const run = this.run;
    const tasks = run?.assigned.get(slot);
    if (!run || !tasks?.size) return;
    if (!loaded) return this.fail(run, reason);
    run.assigned.delete(slot);
    const first = tasks.values().next().value!;
    const deaths = (run.deaths.get(first) ?? 0) + 1;
    run.deaths.set(first, deaths);
    const what = `part ${first + 1} of ${run.jobs.length} of the search`;
    if (deaths >= this.maxDeaths) return this.fail(run, `${reason} (${deaths} times on ${what})`);
    run.callbacks.notice?.(`${reason}; the worker was replaced and ${what} restarted.`);
    for (const t of tasks) run.tally!.restart(t);
    run.queue.runAgain([...tasks]);
    this.dispatch(run, slot);
  }

  private fail(run: PoolRun, message: string): void {
    if (this.run === run) this.cancel();
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
      if (this.run) this.dispatch(this.run, slot);
    }
    for (let i = this.slots.length - 1; i >= 0 && this.slots.length > this.wanted; i--) {
      const slot = this.slots[i]!;
      if (this.isBusy(slot)) continue;
      slot.dispose();
      this.slots.splice(i, 1);
    }
  }
}

export type { Numbering, RunCounts };
