// The order in which a run's tasks are handed out: search order, but every `drawEvery`-th task
// drawn at random from those left, and every task that the caller asks to be drawn. Search order
// brings the first solutions first (a solution found by a task in search order comes no later
// than a search from the root would find it, slowed by the share of draws); the draws are a
// uniform sample of the run, whose measured cost tells the time left honestly (run-tally.ts),
// where the tasks done in search order alone would not: on the Bedlam cube the first tenth of the
// jobs holds 1.4x the mean nodes, on the Tetris Cube 0.8x. The pool has every worker but the
// first draw all its tasks while the run's sample of solutions fills, so that the sample of
// costs fills within the run's first tenth, and the first worker search in order. Once no
// task sends solutions any more (the run's sample of them is full), search order brings nothing:
// every task from then on is drawn (drawAll), so that each one done adds to the sample at once,
// and the tasks queued on the workers in search order are given back (giveBack) to be drawn like
// the rest. A draw comes from a seeded generator (the same run, the same order), and tasks to
// run again come before all others. No DOM: tested on its own.

export interface NextTask {
  task: number;
  /** Drawn at random: part of the uniform sample. */
  drawn: boolean;
}

/** Deterministic 32-bit generator (mulberry32): the same shuffle on every machine. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

export class TaskQueue {
  private readonly handedOut: Uint8Array;
  /** The tasks not handed out, in no order (a draw takes one at random), and where each one is. */
  private readonly out: Uint32Array;
  private readonly where: Uint32Array;
  private left: number;
  private readonly random: () => number;
  private inOrder = 0;
  private count = 0;
  private allDrawn = false;
  private readonly again: number[] = [];

  constructor(tasks: number, private readonly drawEvery = 3, seed = 0x5eed) {
    this.handedOut = new Uint8Array(tasks);
    this.out = Uint32Array.from({ length: tasks }, (_, i) => i);
    this.where = Uint32Array.from({ length: tasks }, (_, i) => i);
    this.left = tasks;
    this.random = generator(seed);
  }

  /** Tasks not handed out yet (those to run again included). */
  get size(): number {
    return this.left + this.again.length;
  }

  /** The next task; `draw`: drawn at random, whatever its turn. */
  next(draw = false): NextTask | undefined {
    const rerun = this.again.shift();
    if (rerun !== undefined) return { task: rerun, drawn: false };
    if (this.left === 0) return undefined;
    const drawn = draw || this.allDrawn || ++this.count % this.drawEvery === 0;
    let task: number;
    if (drawn) {
      task = this.out[this.random() % this.left]!;
    } else {
      while (this.handedOut[this.inOrder]) this.inOrder++;
      task = this.inOrder;
    }
    this.handOut(task);
    return { task, drawn };
  }

  /** Every task from now on is drawn at random. */
  drawAll(): void {
    this.allDrawn = true;
  }

  /** Tasks done already (a run resumed from a checkpoint): never handed out. */
  skip(tasks: readonly number[]): void {
    for (const task of tasks) {
      if (task >= 0 && task < this.handedOut.length && !this.handedOut[task]) this.handOut(task);
    }
  }

  /** Tasks handed out and given back unbegun (recalled): handed out again like those never handed out. */
  giveBack(tasks: readonly number[]): void {
    for (const task of tasks) {
      if (task < 0 || task >= this.handedOut.length || !this.handedOut[task]) continue;
      this.handedOut[task] = 0;
      this.out[this.left] = task;
      this.where[task] = this.left++;
      this.inOrder = Math.min(this.inOrder, task);
    }
  }

  /** Tasks whose worker died: handed out again before any other, in this order. */
  runAgain(tasks: readonly number[]): void {
    this.again.unshift(...tasks);
  }

  private handOut(task: number): void {
    this.handedOut[task] = 1;
    // Out of the tasks not handed out: the last one takes its place.
    const at = this.where[task]!;
    const last = this.out[--this.left]!;
    this.out[at] = last;
    this.where[last] = at;
  }
}
