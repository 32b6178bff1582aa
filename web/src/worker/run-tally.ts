// The counts of a run searched as tasks (one job each, in search order) on several workers,
// merged exactly: a finished task's final counts plus each running task's latest report. A task
// that is rerun (its worker died) starts again from zero, so its solutions are never counted
// twice, and nothing is lost: its rerun counts them all again. Once every task is done, the
// finished counts in task order number every solution of the run (numbering()).
//
// The time left is the work left at the workers' recent speed. Work is counted in nodes, not
// seconds, so that the machine's load and the workers' warming up weigh in the speed alone:
// the work left is the tasks not done times the mean nodes of the tasks drawn at random and done
// (task-queue.ts), a uniform sample of the run, less what the running ones have counted already.
// The speed is the nodes per second of search of the latest drawn tasks done (speed()), as each
// worker timed them (the page's own clock would have the run stand still while the page is busy,
// e.g. drawing the first solution, and its reports wait), times the workers searching.
// Where counting goes in bulk (packing: subtrees counted without a visit), a drawn task is part of
// the sample only if it sent no solution (`visited` 0): then it searched its tree as every task
// will once the run's sample of solutions is full, where one that visited and sent solutions cost
// more nodes. Where a task costs the same nodes visited or counted (edge matching, snakes, taking
// apart), every drawn task is: with several workers the first estimate then need not wait for the
// sample of solutions to fill (MacMahon 4x6: 1,000 solutions in ~30 ms of a 0.65 s run). Their
// speed is not the others' (building and sending solutions takes time: MacMahon's visited tasks
// ran 15-25% slower a node), so the speed is that of the drawn tasks that sent none once
// SPEED_FIRST of them are done, of every task of the sample before. The mean stands for the rest
// only once at least LEAST_DRAWN drawn tasks are done and its standard error is at most MOST_ERROR
// of it: the cost of a task is heavy-tailed (on MacMahon 4x6 a dozen tasks drawn miss the mean by
// over 2x two times in five, their spread looking small because they missed the few big ones), so a
// handful is no basis; with 40 the mean is within 1.8x of the run's in 99 draws of 100 there, and
// within 1.45x in 9 of 10, where 24 missed by 2.1x and 1.6x. Until then there is no such estimate
// (`estimated` false, "estimating…" on the page) and the fraction is the tasks done. No DOM, no
// workers: tested on its own.
import type { RunCounts } from '../protocol/messages';

interface TaskTally {
  done: boolean;
  drawn: boolean;
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
  /**
   * Milliseconds left when this summary was made, once `estimated`; else null. A page showing it
   * later takes off the time since: derived again from the fraction and a later elapsed time, an
   * estimate made 20 ms ago, early in a run, would read up to twice too long.
   */
  leftMs: number | null;
  tasks: number;
  tasksDone: number;
}

/** Tasks drawn at random that must be done before their mean cost stands for the rest... */
export const LEAST_DRAWN = 40;
/** ...and the standard error of that mean, as a share of it, at most. */
export const MOST_ERROR = 0.3;
/** Drawn tasks done that the workers' speed is measured over, at least. */
export const SPEED_LEAST = 160;
/** Drawn tasks that sent no solution, done, before the speed is theirs alone. */
export const SPEED_FIRST = 10;
/** A run's first milliseconds, when the speed is the median task's (see speed()). */
export const SPEED_MEDIAN_MS = 400;

/** Nodes and seconds of search of some tasks, summed in the order they were done (entry k: the first k). */
class TaskSums {
  readonly nodes = [0];
  readonly seconds = [0];
  /**
   * The latest median speed and the tasks it was taken over: taken again once a quarter more are
   * done (a sort per report early in a run cost the page 4-6 ms of a 0.37 s run, cold code sorting).
   */
  private median: { count: number; speed: number | null } | null = null;

  get count(): number {
    return this.nodes.length - 1;
  }

  add(nodes: number, seconds: number): void {
    this.nodes.push(this.nodes.at(-1)! + nodes);
    this.seconds.push(this.seconds.at(-1)! + seconds);
  }

  /**
   * Nodes per millisecond over the latest half of the tasks, and over SPEED_LEAST of them at least
   * (all while fewer): their sum over their time, or, `median`, the speed of the task that holds
   * their median node once ordered by speed (tasks timed at zero aside).
   */
  speed(median = false): number | null {
    const k = this.count;
    const from = Math.max(0, Math.min(k >> 1, k - SPEED_LEAST));
    const nodes = this.nodes[k]! - this.nodes[from]!;
    const ms = (this.seconds[k]! - this.seconds[from]!) * 1000;
    if (!(nodes > 0 && ms > 0)) return null;
    return (median ? this.medianSpeed(from, k) : null) ?? nodes / ms;
  }

  private medianSpeed(from: number, to: number): number | null {
    if (this.median && to - this.median.count < Math.max(1, this.median.count >> 2)) return this.median.speed;
    this.median = { count: to, speed: this.sortedMedian(from, to) };
    return this.median.speed;
  }

  private sortedMedian(from: number, to: number): number | null {
    const tasks: { speed: number; nodes: number }[] = [];
    let half = 0;
    for (let i = from; i < to; i++) {
      const nodes = this.nodes[i + 1]! - this.nodes[i]!;
      const ms = (this.seconds[i + 1]! - this.seconds[i]!) * 1000;
      if (nodes <= 0 || ms <= 0) continue;
      tasks.push({ speed: nodes / ms, nodes });
      half += nodes / 2;
    }
    tasks.sort((a, b) => a.speed - b.speed);
    for (const t of tasks) {
      half -= t.nodes;
      if (half <= 0) return t.speed;
    }
    return null;
  }
}

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
  /** The tasks drawn at random and done (the sample), and the sum of their nodes' squares... */
  private readonly sample = new TaskSums();
  private sampleSquares = 0;
  /** ...and those of them that sent no solution (the sample itself where counting goes in bulk). */
  private readonly counted: TaskSums;
  /** Tasks that reported and are not done. */
  private readonly running = new Set<number>();

  /**
   * `workers`: how many search the run's tasks at once (the page may change it during a run);
   * `countsInBulk`: counting a task may search fewer nodes than visiting it (module.ts).
   */
  constructor(taskCount: number, private readonly now: () => number = () => performance.now(), private readonly workers: () => number = () => 1,
    private readonly countsInBulk = true) {
    this.counted = countsInBulk ? this.sample : new TaskSums();
    this.tasks = Array.from({ length: taskCount }, () => ({ done: false, drawn: false, fraction: 0, nodes: 0, solutions: 0, unique: 0, apart: 0, seconds: 0 }));
    this.startedAt = now();
  }

  get taskCount(): number {
    return this.tasks.length;
  }

  /** `task` was drawn at random (task-queue.ts): its cost, once done, is part of the sample (see the opening comment). */
  drawn(task: number): void {
    const t = this.tasks[task];
    if (t) t.drawn = true;
  }

  /** A task's latest report; a finished task's counts are final. */
  report(task: number, counts: Pick<RunCounts, 'nodes' | 'solutions' | 'unique'> & Partial<Pick<RunCounts, 'apart' | 'seconds'>> & { visited?: number },
    fraction: number, done = false): void {
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
    if (!t.drawn) return;
    if (!counts.visited || !this.countsInBulk) {
      this.sampleSquares += t.nodes * t.nodes;
      this.sample.add(t.nodes, t.seconds);
    }
    if (!counts.visited && this.counted !== this.sample) this.counted.add(t.nodes, t.seconds);
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
    for (const task of this.running) {
      const t = this.tasks[task]!;
      nodes += t.nodes;
      solutions += t.solutions;
      unique += t.unique;
      apart += t.apart;
      explored += t.fraction;
    }
    const n = this.tasks.length;
    const tasksDone = this.finished.tasks;
    const elapsed = now - this.startedAt;
    const base = { nodes, solutions, unique, apart, seconds: elapsed / 1000, tasks: n, tasksDone };
    if (tasksDone === n) return { ...base, fraction: 1, estimated: true, leftMs: 0 };
    const mean = this.sampleMean();
    const speed = mean === null ? null : this.speed(elapsed);
    if (mean === null || speed === null) return { ...base, fraction: Math.min(1, explored / n), estimated: false, leftMs: null };
    // The tasks not done, at the sample's mean nodes, less what the running ones have counted already.
    const left = Math.max(0, (n - tasksDone) * mean - (nodes - this.finished.nodes)) / (speed * Math.max(1, this.workers()));
    return { ...base, fraction: elapsed + left > 0 ? elapsed / (elapsed + left) : 0, estimated: true, leftMs: left };
  }

  /**
   * Nodes per millisecond of one worker's search over the latest half of the drawn tasks done
   * that sent no solution (of the whole sample while fewer than SPEED_FIRST are done), and over
   * SPEED_LEAST of them at least (all of them while there are fewer): recent, because the
   * workers speed up as their memos fill and slow down when the machine is busy; many, because a
   * worker's task timed across a pause of its thread (the page drawing, the browser compiling
   * or collecting) made two dozen tasks read half as fast early in a run. In the run's first
   * SPEED_MEDIAN_MS it is the median task's speed (by nodes): the page's own work as a run starts
   * (posting jobs, drawing the first solution, the browser compiling) takes the cores from the
   * workers for 50-100 ms, and their tasks timed then read 1.2-1.6x slow with 2 workers on 2 cores
   * (all tasks of MacMahon 4x6 at 10% of its run), where the median task, timed off those pauses,
   * reads within 1.1x of the speed to come. Later the window holds tasks timed since, and the sum
   * is the speed a busy machine leaves the workers, which the median task's would hide.
   */
  private speed(elapsed: number): number | null {
    return (this.counted.count >= SPEED_FIRST ? this.counted : this.sample).speed(elapsed < SPEED_MEDIAN_MS);
  }

  /** The mean nodes of the tasks drawn at random and done, once it stands for the rest; else null. */
  private sampleMean(): number | null {
    const tasks = this.sample.count;
    const nodes = this.sample.nodes[tasks]!;
    if (tasks < LEAST_DRAWN || nodes <= 0) return null;
    const mean = nodes / tasks;
    const variance = Math.max(0, (this.sampleSquares - tasks * mean * mean) / (tasks - 1));
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
