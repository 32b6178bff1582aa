// The counts of a run searched as tasks (parts of the search tree) on several workers, merged
// exactly: a finished task's final counts plus each running task's latest report. A task that
// is rerun (its worker died) starts again from zero, so its solutions are never counted twice,
// and nothing is lost: its rerun counts them all again. Progress is tasks done plus the running
// tasks' own estimates, each task weighing the share of the tree it stood for: the same for the
// tasks of a split, and a task that gives work away (donate) hands that share of its weight to
// the new task. No DOM, no workers: tested on its own.
import type { RunCounts } from '../protocol/messages';

interface TaskTally {
  weight: number;
  done: boolean;
  fraction: number;
  nodes: number;
  solutions: number;
  unique: number;
}

export interface TallySummary extends RunCounts {
  /** Estimate in [0, 1] of the whole search explored. */
  fraction: number;
  tasks: number;
  tasksDone: number;
}

export class RunTally {
  private readonly tasks: TaskTally[];
  private readonly startedAt: number;

  constructor(taskCount: number, private readonly now: () => number = () => performance.now()) {
    this.tasks = Array.from({ length: taskCount }, () => ({ weight: 1 / taskCount, done: false, fraction: 0, nodes: 0, solutions: 0, unique: 0 }));
    this.startedAt = now();
  }

  get taskCount(): number {
    return this.tasks.length;
  }

  /** A task's latest report; a finished task's counts are final. */
  report(task: number, counts: Pick<RunCounts, 'nodes' | 'solutions' | 'unique'>, fraction: number, done = false): void {
    const t = this.tasks[task];
    if (!t || t.done) return;
    t.nodes = counts.nodes;
    t.solutions = counts.solutions;
    t.unique = counts.unique;
    t.fraction = done ? 1 : Math.max(0, Math.min(1, fraction));
    t.done = done;
  }

  /**
   * `task` gave away `share` (of its own estimate) as a new task: its number. The giver's later
   * estimates are of what it kept, so each weighs its part.
   */
  split(task: number, share: number): number {
    const t = this.tasks[task];
    const s = Math.max(0, Math.min(1, share));
    const weight = t ? t.weight * s : 0;
    if (t) t.weight -= weight;
    this.tasks.push({ weight, done: false, fraction: 0, nodes: 0, solutions: 0, unique: 0 });
    return this.tasks.length - 1;
  }

  /** The task's latest estimate of its own part explored. */
  fractionOf(task: number): number {
    return this.tasks[task]?.fraction ?? 0;
  }

  /** The task's worker died: what it reported is void until its rerun reports. */
  restart(task: number): void {
    const t = this.tasks[task];
    if (!t || t.done) return;
    Object.assign(t, { fraction: 0, nodes: 0, solutions: 0, unique: 0 });
  }

  isDone(task: number): boolean {
    return this.tasks[task]?.done ?? false;
  }

  get allDone(): boolean {
    return this.tasks.every((t) => t.done);
  }

  summary(): TallySummary {
    let nodes = 0;
    let solutions = 0;
    let unique = 0;
    let explored = 0;
    let tasksDone = 0;
    for (const t of this.tasks) {
      nodes += t.nodes;
      solutions += t.solutions;
      unique += t.unique;
      explored += t.weight * t.fraction;
      if (t.done) tasksDone++;
    }
    const n = this.tasks.length;
    return { nodes, solutions, unique, seconds: (this.now() - this.startedAt) / 1000,
      fraction: tasksDone === n ? 1 : Math.min(1, explored), tasks: n, tasksDone };
  }
}
