// The worker's run loop, free of any Worker API so that it runs under Node with the real
// WASM module (tests/web/run-loop.test.ts). solver.worker.ts is a thin shell around it.
//
// The worker keeps one session (a search of one document, solver/module.ts) for as long as the
// page works on that document: every task of every run of it, and every seek, restarts the same
// search, so its set-up is paid once and its memo stays warm. Tasks are queued by the pool and
// run one after another without waiting for the page in between (`recall` gives back those not
// begun, for the pool to hand out in another order). The tasks of one `tasks` message visit their
// solutions and send them until the message's budget (`visit`, `visitBytes`) is spent, then
// count the rest in bulk. It advances in time-measured slices (~sliceMs), yielding to the event
// loop between slices so that pings, new tasks and describe are answered mid-run. The run's first
// solution is posted alone and at once (with the tasks over before it); later ones in batches
// that may hold several tasks' solutions (with a `done`, every batchMs, as soon as batchMax
// solutions or batchBytes bytes wait, and once the budget is spent); progress about every
// progressMs. Tasks over are reported together in one `done` (a task can last well under a
// millisecond, and each message costs both threads more than that): every doneMs (every
// EARLY_DONE_MS in the run's first EARLY_MS until EARLY_TASKS are reported, for the page's first
// estimate of the time left), once when the queue is down to half of what the pool last gave (so
// that it tops the queue up in time), and when the queue is empty. A run's document comes with
// its first `tasks` message only. A warm-up (`warm`) is a run whose messages never reach the
// page (built and posted as a run's, to nobody: `discard`) and that cuts its tasks short, until
// its time is up or any other message comes. Errors are one-line messages.
// Over ~300 lines because the held session, the run's queue and the slice that advances it are
// one state machine: handling a message (a seek during a run, a new document) depends on all three.
import { batchBuffers, batchBytes, type FromWorker, type PuzzleKind, type RunDocument, type TakenApart, type TaskDone, type TaskOrder, type TaskSolutions, type ToWorker } from '../protocol/messages';
import { readPlaceReply, type PlaceResult } from '../place/placement';
import { readPlacementsReply, type PlacementsResult } from '../place/piece-placements';
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
  progressMs?: number;
  /** Tasks over are reported at least this often (more often early in a run, see doneEvery). */
  doneMs?: number;
  now?: () => number;
  /**
   * Where a warm-up's messages go: built and posted as a run's are, to nobody. A worker's first
   * post invalidates assumptions that code compiled before it was built on (about 27 functions,
   * the module's glue among them; V8's `--trace-deopt`: "dependent prototype chain changed"): a
   * warm-up that did not post would leave the posting code cold and those functions to be
   * compiled again as the run begins. The worker gives a port whose partner is closed.
   */
  discard?: Post;
  /** Schedules the next slice after pending messages are handled. */
  yieldTo?: (next: () => void) => void;
}

/** The session of one document, kept across runs and seeks of it. */
interface Held {
  document: RunDocument;
  session: SolverSession;
  kind: PuzzleKind;
}

/** What the tasks of one `tasks` message may still visit and send. */
interface Budget {
  solutions: number;
  bytes: number;
}

interface Queued {
  order: TaskOrder;
  budget: Budget;
}

interface Task extends Queued {
  /** Still visiting (and sending) solutions; then counting in bulk. */
  visiting: boolean;
  /** Solutions taken from the session to be sent. */
  visited: number;
  /** Search time of this task. */
  activeMs: number;
  lastProgress: number;
}

interface Run {
  id: number;
  document: RunDocument;
  uniqueOnly: boolean;
  queue: Queued[];
  task: Task | null;
  scheduled: boolean;
  /** Nodes per advance call, adapted so that one call takes a few milliseconds. */
  budget: number;
  /** Tasks over and not reported yet. */
  finished: TaskDone[];
  /** When this worker began the run, and last reported tasks over; how many it reported. */
  startedAt: number;
  lastDone: number;
  reported: number;
  /** The queue's length when the pool last added to it. */
  queuePeak: number;
  /** Solutions taken from the session and not sent yet (of this task and of tasks over), and their size. */
  outgoing: TaskSolutions[];
  outgoingSolutions: number;
  outgoingBytes: number;
  /** This worker has sent a solution of the run (the first goes out alone and at once). */
  firstSent: boolean;
  lastSent: number;
  /** A warm-up (`warm`): it posts nothing, ends at `until`, and runs its tasks again and again; null for a run of the page's. */
  warm: { until: number; tasks: readonly TaskOrder[]; visit: number; rounds: number } | null;
}

const setTimeoutYield = (next: () => void) => void setTimeout(next, 0);

/**
 * A run's first milliseconds on a worker, when tasks over are reported more often (doneEvery),
 * until it has reported EARLY_TASKS: the page's first estimate waits for tens of tasks drawn at
 * random (LEAST_DRAWN in run-tally.ts), not for a time, and where tasks last well under a
 * millisecond (tropical-fish-any: 1,640 of them in 0.6 s) the early pace would otherwise post a
 * report every 5 ms for all of EARLY_MS.
 */
const EARLY_MS = 150;
const EARLY_TASKS = 64;
const EARLY_DONE_MS = 5;
/**
 * Tasks over are reported at least this often: the page shows its counters ten times a second,
 * and each report costs both threads a fraction of a millisecond.
 */
const DONE_MS = 50;
/** Nodes of each task of a warm-up: a fraction of a millisecond (see step()). */
const WARM_NODES = 32;

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

/**
 * The same document and settings (the same tree). The same object first: every task of a run
 * asks with its run's, and a document can weigh megabytes (joined into one key and compared,
 * one of 4 MB cost 3 ms a task: seconds a run).
 */
const sameDocument = (a: RunDocument, b: RunDocument) => a === b || (a.settings === b.settings && a.puzzle === b.puzzle);

export class SolverRunLoop {
  private run: Run | null = null;
  /**
   * The run this worker last ran out of tasks for (or gave its queue back): when the pool gives
   * it more, it goes on as it was (its first solution sent, its early reports made, its nodes per
   * call adapted). A run of tasks shorter than a millisecond runs dry many times near its end
   * (top-ups are QUEUE_TAIL_SECONDS of tasks, solver-pool.ts); starting over each time would
   * send the next solution alone and report every EARLY_DONE_MS again (tropical-fish-any with 2
   * workers: 80-90 reports a run that way, 49-50 going on).
   */
  private idle: Run | null = null;
  /** The document of the last run given, kept for its later `tasks` messages, which leave it out. */
  private runDocument: { id: number; document: RunDocument } | null = null;
  private held: Held | null = null;
  private readonly sliceMs: number;
  private readonly batchMs: number;
  private readonly batchMax: number;
  private readonly batchBytes: number;
  private readonly progressMs: number;
  private readonly doneMs: number;
  private readonly now: () => number;
  private readonly discard: Post;
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
    this.progressMs = options.progressMs ?? 200;
    this.doneMs = options.doneMs ?? DONE_MS;
    this.now = options.now ?? (() => performance.now());
    this.discard = options.discard ?? (() => {});
    this.yieldTo = options.yieldTo ?? setTimeoutYield;
  }

  /** True while a run has tasks to search. */
  get busy(): boolean {
    return this.run !== null;
  }

  handle(message: ToWorker): void {
    // A warm-up gives way to anything the page asks (the heartbeat aside).
    if (this.run?.warm && message.type !== 'ping') this.run = null;
    switch (message.type) {
      case 'warm':
        this.warm(message);
        break;
      case 'tasks':
        this.queue(message);
        break;
      case 'recall':
        this.recall(message.id);
        break;
      case 'ping':
        this.post({ type: 'pong' });
        break;
      case 'prepare':
        this.prepare(message.id, message.puzzle, message.jobs);
        break;
      case 'seek':
        this.seek(message);
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
      case 'place': {
        let result: PlaceResult;
        try {
          result = readPlaceReply(this.module.place(message.puzzle, JSON.stringify(message.placements)));
        } catch (e) {
          result = { ok: false, error: oneLine(e) };
        }
        this.post({ type: 'placed', id: message.id, result });
        break;
      }
      case 'placements': {
        let result: PlacementsResult;
        try {
          result = readPlacementsReply(this.module.placements(message.puzzle, message.piece));
        } catch (e) {
          result = { ok: false, error: oneLine(e) };
        }
        this.post({ type: 'listed', id: message.id, result }, result.ok ? [result.cells.buffer] : []);
        break;
      }
      case 'disassemble': {
        let result: TakenApart;
        try {
          const r = this.module.disassemble(message.puzzle, message.solution, message.memoryMb ?? 0);
          result = r.error === null ? { ok: true, disassembly: r.disassembly } : { ok: false, error: r.error };
        } catch (e) {
          result = { ok: false, error: oneLine(e) };
        }
        this.post({ type: 'disassembled', id: message.id, result });
        break;
      }
    }
  }

  /** Drops the current run (and an idle one) without a reply, and the session with it. */
  stop(): void {
    this.run = null;
    this.idle = null;
    this.runDocument = null;
    this.held?.session.delete();
    this.held = null;
  }

  private prepare(id: number, puzzle: string, jobs: number): void {
    try {
      const r = this.module.prepare(puzzle, jobs);
      if (r.error !== null) {
        this.post({ type: 'error', id, message: r.error });
        return;
      }
      const held = this.session({ puzzle, settings: r.settings });
      if (typeof held === 'string') this.post({ type: 'error', id, message: held });
      else this.post({ type: 'prepared', id, kind: held.kind, symmetries: held.session.symmetries(), takesApart: held.session.takesApart(),
        countsInBulk: held.session.countsInBulk(), settings: r.settings, jobs: r.jobs });
    } catch (e) {
      this.post({ type: 'error', id, message: oneLine(e), fatal: true });
    }
  }

  /** The session of `document`, built when it is not the one held; a string is the document's refusal. */
  private session(document: RunDocument): Held | string {
    if (this.held && sameDocument(this.held.document, document)) {
      // The run's tasks ask with this object from here on: found at once.
      this.held.document = document;
      return this.held;
    }
    this.held?.session.delete();
    this.held = null;
    const session = new this.module.Session(document.puzzle, document.settings);
    const error = session.error();
    if (error) {
      session.delete();
      return error;
    }
    this.held = { document, session, kind: session.kind() as PuzzleKind };
    return this.held;
  }

  private queue(m: Extract<ToWorker, { type: 'tasks' }>): void {
    if (m.document) this.runDocument = { id: m.id, document: m.document };
    const document = this.runDocument?.id === m.id ? this.runDocument.document : null;
    if (!document) {
      this.post({ type: 'error', id: m.id, message: `the tasks of run ${m.id} came without its document` });
      return;
    }
    if (this.run?.id !== m.id) this.run = this.idle?.id === m.id ? this.goOn(this.idle) : this.newRun(m.id, document, m.uniqueOnly, null);
    this.idle = null;
    this.enqueue(this.run, m.tasks, { solutions: m.visit, bytes: m.visitBytes });
  }

  /** Runs `tasks` as a run of the page's would, for about `ms`, posting nothing (see `warm` in messages.ts). */
  private warm(m: Extract<ToWorker, { type: 'warm' }>): void {
    if (typeof this.session(m.document) === 'string') return;
    const run = this.newRun(-1, m.document, false, { until: this.now() + m.ms, tasks: m.tasks, visit: m.visit, rounds: 0 });
    this.run = run;
    this.rewarm(run);
  }

  /**
   * Queues a warm-up's tasks again: visiting every other round, counting the others, so that
   * both ways of searching are compiled (a run counts in bulk once its sample is full).
   */
  private rewarm(run: Run): void {
    const warm = run.warm!;
    // Bytes as a run's are, a small integer: a double would have the code compiled for it thrown away once the run begins.
    this.enqueue(run, warm.tasks, { solutions: warm.rounds++ % 2 ? 0 : warm.visit, bytes: 1 << 30 });
  }

  /** An idle run given tasks again: its reports and batches are timed from now on. */
  private goOn(run: Run): Run {
    run.lastDone = run.lastSent = this.now();
    return run;
  }

  private newRun(id: number, document: RunDocument, uniqueOnly: boolean, warm: Run['warm']): Run {
    const now = this.now();
    return { id, document, uniqueOnly, queue: [], task: null, scheduled: false, budget: 1_000, finished: [], startedAt: now, lastDone: now, reported: 0, queuePeak: 0,
      outgoing: [], outgoingSolutions: 0, outgoingBytes: 0, firstSent: false, lastSent: now, warm };
  }

  private enqueue(run: Run, tasks: readonly TaskOrder[], budget: Budget): void {
    run.queue.push(...tasks.map((order) => ({ order, budget })));
    run.queuePeak = run.queue.length;
    this.schedule(run);
  }

  /** Posts for `run`: nothing of a warm-up reaches the page (see `discard`). */
  private emit(run: Run, message: FromWorker, transfer?: Transferable[]): void {
    if (run.warm) this.discard(message, transfer);
    else this.post(message, transfer);
  }

  /** Drops the run's queued tasks and says which; the task under way goes on. */
  private recall(id: number): void {
    const run = this.run?.id === id ? this.run : null;
    const tasks = run ? run.queue.splice(0).map((q) => q.order.task) : [];
    // Between two tasks with none left: the run is over here, and the tasks over are reported.
    if (run && !run.task) {
      if (run.finished.length || run.outgoing.length) this.reportDone(run, this.now());
      this.idle = run;
      this.run = null;
    }
    this.post({ type: 'recalled', id, tasks });
  }

  private seek(m: Extract<ToWorker, { type: 'seek' }>): void {
    // A seek restarts the session's search: a task under way would be lost.
    if (this.run) {
      this.post({ type: 'error', id: m.id, message: 'the solver is busy with a run' });
      return;
    }
    try {
      const held = this.session(m);
      if (typeof held === 'string') {
        this.post({ type: 'error', id: m.id, message: held });
        return;
      }
      const { Collect } = this.module;
      const scope = { all: Collect.All, unique: Collect.Representatives, apart: Collect.ComeApart }[m.scope];
      const error = held.session.seek(m.job, m.skip, m.limit, scope);
      if (error) {
        this.post({ type: 'error', id: m.id, message: error });
        return;
      }
      const batch = held.session.take();
      this.post({ type: 'found', id: m.id, batch }, batchBuffers(batch));
    } catch (e) {
      this.post({ type: 'error', id: m.id, message: oneLine(e), fatal: true });
    }
  }

  private schedule(run: Run): void {
    if (run.scheduled) return;
    run.scheduled = true;
    this.yieldTo(() => {
      run.scheduled = false;
      if (this.run === run) this.slice(run);
    });
  }

  /** Starts the next queued task; false when none is left (the run is over for this worker). */
  private begin(run: Run): boolean {
    if (!run.queue.length && run.warm) this.rewarm(run);
    const next = run.queue.shift();
    if (!next) return false;
    const { order, budget } = next;
    const held = this.session(run.document);
    if (typeof held === 'string') {
      this.emit(run, { type: 'error', id: run.id, task: order.task, message: held });
      return false;
    }
    const error = held.session.begin(order.job, order.skip);
    if (error) {
      this.emit(run, { type: 'error', id: run.id, task: order.task, message: error });
      return false;
    }
    held.session.setCollect(run.uniqueOnly ? this.module.Collect.Representatives : this.module.Collect.All);
    const now = this.now();
    run.task = { order, budget, visiting: budget.solutions > 0 && budget.bytes > 0, visited: 0, activeMs: 0, lastProgress: now };
    return true;
  }

  private slice(run: Run): void {
    const sliceStart = this.now();
    if (run.warm && sliceStart >= run.warm.until) {
      this.run = null;
      return;
    }
    // A warm-up yields four times as often: Solve pressed meanwhile waits for the slice's end.
    const sliceMs = run.warm ? this.sliceMs / 4 : this.sliceMs;
    try {
      while (this.now() - sliceStart < sliceMs) {
        if (!run.task && !this.begin(run)) {
          if (this.run === run) this.run = null;
          return;
        }
        if (!this.step(run, run.task!)) return;
      }
    } catch (e) {
      // The module itself failed (e.g. out of memory): it may be unusable from here on.
      this.fail(run, oneLine(e));
      return;
    }
    this.schedule(run);
  }

  /** One advance call of the task and what follows from it; false when the run ended here. */
  private step(run: Run, task: Task): boolean {
    const { session } = this.held!;
    const start = this.now();
    // A warm-up cuts every task short after one small call: what it warms is the code that each
    // task and each call runs, hot enough to be compiled for speed only after hundreds of them.
    const nodes = run.warm ? WARM_NODES : run.budget;
    let done: boolean;
    if (task.visiting) {
      // How many may wait in the session (collected ones are off the budget already): a pause
      // below what waits would stall the task until the next batch is due. The bytes too: a
      // batch's worth past a nearly spent budget would overshoot it by up to batchBytes.
      const wanted = Math.max(1, Math.min(run.firstSent ? this.batchMax : 1, task.budget.solutions));
      done = session.advance(nodes, wanted, Math.max(1, Math.min(this.batchBytes, task.budget.bytes)));
    } else {
      done = session.advanceCounting(nodes);
    }
    if (run.warm) done = true;
    const t = this.now();
    // Aim at ~sliceMs/4 per call so a slice overshoots its time by little.
    const ms = t - start;
    const target = this.sliceMs / 4;
    if (ms < target / 2) run.budget = Math.min(run.budget * 2, 1 << 24);
    else if (ms > target * 2) run.budget = Math.max(Math.floor(run.budget / 2), 1);
    task.activeMs += ms;
    if (done && session.error()) {
      this.fail(run, session.error(), task.order.task, session.fatal());
      return false;
    }
    // The budget spent: its solutions go at once, for the page to learn that its sample is full
    // (the pool then draws every task, solver-pool.ts) without waiting for the next batch's time.
    const spent = task.visiting && (session.pending() >= task.budget.solutions || session.pendingBytes() >= task.budget.bytes);
    if (spent) task.visiting = false;
    // The task's solutions leave the session when it ends or stops visiting, or when they are due
    // (in a warm-up, none or not, to warm taking them).
    const pending = session.pending();
    if ((pending > 0 || run.warm) && (done || !task.visiting || !run.firstSent || pending >= this.batchMax ||
      session.pendingBytes() >= this.batchBytes || t - run.lastSent >= this.batchMs)) this.collect(run, task);
    if (run.outgoing.length && (!run.firstSent || spent || run.outgoingSolutions >= this.batchMax ||
      run.outgoingBytes >= this.batchBytes || t - run.lastSent >= this.batchMs)) {
      // The first solution goes with the tasks over before it: the page shows a solution first
      // once the tasks before its own are done (solution-store.ts).
      if (!run.firstSent && run.finished.length) this.reportDone(run, t);
      else this.send(run, t);
    }
    if (done) {
      run.finished.push({ task: task.order.task, ...this.counts(session, task), visited: task.visited });
      run.task = null;
      // Idle at once: a seek may follow the last task's `done` before another slice would run.
      if (!run.queue.length && !run.warm) {
        this.reportDone(run, t);
        this.idle = run;
        this.run = null;
        return false;
      }
      if (run.queue.length <= run.queuePeak / 2 || t - run.lastDone >= this.doneEvery(run, t)) this.reportDone(run, t);
    } else if (t - task.lastProgress >= this.progressMs) {
      task.lastProgress = t;
      this.emit(run, { type: 'progress', id: run.id, task: task.order.task, fraction: session.fraction(), ...this.counts(session, task) });
    }
    return true;
  }

  /**
   * How often tasks over are reported: every EARLY_DONE_MS (doneMs if less) in a run's first
   * EARLY_MS until this worker has reported EARLY_TASKS, when the page waits for LEAST_DRAWN tasks drawn at random to
   * be done before it can tell the time left (run-tally.ts); a report costs both threads, so later
   * ones come at the normal pace.
   */
  private doneEvery(run: Run, now: number): number {
    return now - run.startedAt < EARLY_MS && run.reported < EARLY_TASKS ? Math.min(EARLY_DONE_MS, this.doneMs) : this.doneMs;
  }

  /** Reports the tasks over, with the solutions not sent yet (the page counts a task's solutions before its end). */
  private reportDone(run: Run, now: number): void {
    const parts = this.takeOutgoing(run, now);
    this.emit(run, { type: 'done', id: run.id, parts, tasks: run.finished }, parts.flatMap((p) => batchBuffers(p.batch)));
    run.reported += run.finished.length;
    run.finished = [];
    run.lastDone = now;
    // Once reported, half the queue asks for no more reports until the pool tops it up (one
    // report per top-up, not one per halving as it runs dry): the time alone brings them.
    run.queuePeak = 0;
  }

  /** Takes the task's solutions from the session, to be sent. */
  private collect(run: Run, task: Task): void {
    const batch = this.held!.session.take();
    const bytes = batchBytes(batch);
    task.budget.solutions -= batch.ordinal.length;
    task.visited += batch.ordinal.length;
    task.budget.bytes -= bytes;
    run.outgoing.push({ task: task.order.task, batch });
    run.outgoingSolutions += batch.ordinal.length;
    run.outgoingBytes += bytes;
  }

  private send(run: Run, now: number): void {
    const parts = this.takeOutgoing(run, now);
    this.emit(run, { type: 'solutions', id: run.id, parts }, parts.flatMap((p) => batchBuffers(p.batch)));
  }

  /** The solutions taken and not sent yet, to be sent now. */
  private takeOutgoing(run: Run, now: number): TaskSolutions[] {
    const parts = run.outgoing;
    // A fresh array: the message keeps what it is given (a worker's post clones it, a test's does not).
    run.outgoing = [];
    if (!parts.length) return parts;
    run.outgoingSolutions = 0;
    run.outgoingBytes = 0;
    run.firstSent = true;
    run.lastSent = now;
    return parts;
  }

  private counts(session: SolverSession, task: Task) {
    return { nodes: session.nodes(), solutions: session.solutionCount(), unique: session.uniqueCount(), apart: session.apartCount(),
      seconds: task.activeMs / 1000 };
  }

  /**
   * The run ends here with `message`. `fatal` (the module may be unusable) has the pool replace
   * this worker and run its tasks again; the puzzle's own refusals end the run as they are.
   */
  private fail(run: Run, message: string, task?: number, fatal = true): void {
    // Tasks over and not reported yet are final: reported, they are not searched again.
    if (run.finished.length) this.reportDone(run, this.now());
    else if (run.outgoing.length) this.send(run, this.now());
    this.emit(run, { type: 'error', id: run.id, ...(task === undefined ? {} : { task }), message, fatal });
    this.stop();
  }
}
