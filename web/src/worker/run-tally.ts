// The counts of a run searched as tasks (one job each, in search order) on several workers,
// merged exactly: a finished task's final counts plus each running task's latest report. A task
// that is rerun (its worker died) starts again from zero, so its solutions are never counted
// twice, and nothing is lost: its rerun counts them all again. Once every task is done, the
// finished counts in task order number every solution of the run (numbering()).
//
// The time left is the work left at the run's recent pace (pace.ts). Work is counted in nodes,
// not seconds, so that the machine's load and the workers' warming up weigh in the pace alone:
// the work left is the tasks not done times the mean nodes of the tasks drawn at random and done
// (task-queue.ts), a uniform sample of the run, less what the running ones have counted already.
// Sample and pace start again once the run's sample of solutions is full (restartSample): tasks
// that visited and sent solutions cost more than those left. The mean stands for the rest only
// once at least LEAST_DRAWN drawn tasks are done and its standard error is at most MOST_ERROR
// of it: the cost of a task is heavy-tailed (on MacMahon 4x6 a dozen tasks drawn miss the mean
// by over 2x two times in five, their spread looking small because they missed the few big
// ones), so a handful is no basis. Until then there is no such estimate (`estimated` false,
// "estimating…" on the page) and the fraction is the tasks done. No DOM, no workers: tested on
// its own.
import type { RunCounts } from '../protocol/messages';
import { Pace } from './pace';

interface TaskTally {
  done: boolean;
  drawn: boolean;
  /** Handed out before the sample started again: only its nodes counted since are the pace's. */
  early: boolean;
  fraction: number;
  nodes: number;
  solutions: number;
  unique: number;
  apart: number;
  seconds: number;
}

export interface TallySummary extends RunCounts {
  /**
   * Estimate in [0, 1] of the run done: once `estimated`, its time so far against that plus the
   * time left; before, the share of the tasks done.
   */
  fraction: number;
  /** The fraction is an estimate of the time (enough tasks drawn at random are done to tell), not a count of tasks. */
  estimated: boolean;
  tasks: number;
  tasksDone: number;
}

/** Tasks drawn at random that must be done before their mean cost stands for the rest... */
export const LEAST_DRAWN = 24;
/** ...and the standard error of that mean, as a share of it, at most. */
export const MOST_ERROR = 0.3;

/**
 * Where each task's solutions start in the run's numbering (0-based), raw, among representatives
 * and among the representatives that come apart: task t holds solutions firstRaw[t] ..
 * firstRaw[t + 1] - 1. One more entry than tasks: the last is the run's count.
 */
export interface Numbering {
  firstRaw: Float64Array;
  firstUnique: Float64Array;
  firstApart: Float64Array;
}

export class RunTally {
  private readonly tasks: TaskTally[];
  private readonly startedAt: number;
  /** The finished tasks' counts, summed as they finish: a summary costs the running tasks only. */
  private readonly finished = { tasks: 0, nodes: 0, solutions: 0, unique: 0, apart: 0, seconds: 0 };
  /** The tasks drawn at random and done, their nodes and the sum of their squares. */
  private readonly sample = { tasks: 0, nodes: 0, squares: 0 };
  private readonly pace: Pace;
  /** Tasks that reported and are not done. */
  private readonly running = new Set<number>();
  /** The nodes the finished tasks counted since the sample last started (when it did): the pace's. */
  private pacedNodes = 0;
  private restartedAt: number | null = null;

  constructor(taskCount: number, private readonly now: () => number = () => performance.now()) {
    this.tasks = Array.from({ length: taskCount }, () => ({ done: false, drawn: false, early: false, fraction: 0, nodes: 0, solutions: 0, unique: 0, apart: 0, seconds: 0 }));
    this.startedAt = now();
    this.pace = new Pace(this.startedAt);
  }

  get taskCount(): number {
    return this.tasks.length;
  }

  /** `task` was drawn at random (task-queue.ts): its cost, once done, is part of the sample. */
  drawn(task: number): void {
    const t = this.tasks[task];
    if (t) Object.assign(t, { drawn: true, early: false });
  }

  /** A task's latest report; a finished task's counts are final. */
  report(task: number, counts: Pick<RunCounts, 'nodes' | 'solutions' | 'unique'> & Partial<Pick<RunCounts, 'apart' | 'seconds'>>, fraction: number, done = false): void {
    const t = this.tasks[task];
    if (!t || t.done) return;
    t.nodes = counts.nodes;
    t.solutions = counts.solutions;
    t.unique = counts.unique;
    t.apart = counts.apart ?? 0;
    t.seconds = counts.seconds ?? 0;
    t.fraction = done ? 1 : Math.max(0, Math.min(1, fraction));
    t.done = done;
    if (!done) {
      this.running.add(task);
      return;
    }
    this.running.delete(task);
    this.finished.tasks++;
    this.finished.nodes += t.nodes;
    this.finished.solutions += t.solutions;
    this.finished.unique += t.unique;
    this.finished.apart += t.apart;
    this.finished.seconds += t.seconds;
    this.pacedNodes += this.pacedOf(t, this.now());
    if (t.drawn) {
      this.sample.tasks++;
      this.sample.nodes += t.nodes;
      this.sample.squares += t.nodes * t.nodes;
    }
  }

  /**
   * Starts the sample again: the tasks drawn so far (done, or handed out already) visited and
   * sent solutions while the run's sample of them filled, which the tasks left will not do, so
   * their cost would overstate the work left. Only tasks drawn from here on make up the sample,
   * and the pace is measured from here on.
   */
  restartSample(): void {
    Object.assign(this.sample, { tasks: 0, nodes: 0, squares: 0 });
    // The tasks under way then report nodes counted before it: only their share since is the
    // pace's. Those not handed out yet are drawn from here on (drawn() makes them wholly its).
    this.pacedNodes = 0;
    this.restartedAt = this.now();
    this.pace.restart(this.restartedAt, 0);
    for (const t of this.tasks) if (!t.done) Object.assign(t, { drawn: false, early: true });
  }

  /** The task's worker died: what it reported is void until its rerun reports. */
  restart(task: number): void {
    const t = this.tasks[task];
    if (!t || t.done) return;
    Object.assign(t, { fraction: 0, nodes: 0, solutions: 0, unique: 0, apart: 0, seconds: 0 });
  }

  isDone(task: number): boolean {
    return this.tasks[task]?.done ?? false;
  }

  /** The mean search time of a finished task, in seconds; null before any finished. */
  get meanTaskSeconds(): number | null {
    return this.finished.tasks && this.finished.seconds > 0 ? this.finished.seconds / this.finished.tasks : null;
  }

  get allDone(): boolean {
    return this.finished.tasks === this.tasks.length;
  }

  /** The run's numbering; only once every task is done. */
  numbering(): Numbering {
    const n = this.tasks.length;
    const firstRaw = new Float64Array(n + 1);
    const firstUnique = new Float64Array(n + 1);
    const firstApart = new Float64Array(n + 1);
    for (let t = 0; t < n; t++) {
      firstRaw[t + 1] = firstRaw[t]! + this.tasks[t]!.solutions;
      firstUnique[t + 1] = firstUnique[t]! + this.tasks[t]!.unique;
      firstApart[t + 1] = firstApart[t]! + this.tasks[t]!.apart;
    }
    return { firstRaw, firstUnique, firstApart };
  }

  summary(): TallySummary {
    let { nodes, solutions, unique, apart } = this.finished;
    let explored = this.finished.tasks;
    const now = this.now();
    let paced = this.pacedNodes;
    for (const task of this.running) {
      const t = this.tasks[task]!;
      nodes += t.nodes;
      paced += this.pacedOf(t, now);
      solutions += t.solutions;
      unique += t.unique;
      apart += t.apart;
      explored += t.fraction;
    }
    const n = this.tasks.length;
    const tasksDone = this.finished.tasks;
    const elapsed = now - this.startedAt;
    const base = { nodes, solutions, unique, apart, seconds: elapsed / 1000, tasks: n, tasksDone };
    if (tasksDone === n) return { ...base, fraction: 1, estimated: true };
    this.pace.mark(now, paced);
    const mean = this.sampleMean();
    const rate = mean === null ? null : this.pace.rate(now, paced);
    if (mean === null || rate === null) return { ...base, fraction: Math.min(1, explored / n), estimated: false };
    // The tasks not done, at the sample's mean nodes, less what the running ones have counted already.
    const left = Math.max(0, (n - tasksDone) * mean - (nodes - this.finished.nodes)) / rate;
    return { ...base, fraction: elapsed + left > 0 ? elapsed / (elapsed + left) : 0, estimated: true };
  }

  /**
   * The nodes of `t` that are the pace's: all of them, or for a task under way when the sample
   * started again, the share of its search time since then (at an even pace within the task).
   */
  private pacedOf(t: TaskTally, now: number): number {
    if (!t.early || this.restartedAt === null) return t.nodes;
    return t.seconds > 0 ? t.nodes * Math.min(1, Math.max(0, (now - this.restartedAt) / (t.seconds * 1000))) : 0;
  }

  /** The mean nodes of the tasks drawn at random and done, once it stands for the rest; else null. */
  private sampleMean(): number | null {
    const { tasks, nodes, squares } = this.sample;
    if (tasks < LEAST_DRAWN || nodes <= 0) return null;
    const mean = nodes / tasks;
    const variance = Math.max(0, (squares - tasks * mean * mean) / (tasks - 1));
    return Math.sqrt(variance / tasks) <= MOST_ERROR * mean ? mean : null;
  }
}

/** The task holding solution `n` (0-based) of a numbering's `first` array: the last t with first[t] <= n. */
export function taskOf(first: Float64Array, n: number): number {
  let lo = 0;
  let hi = first.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (first[mid]! <= n) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
