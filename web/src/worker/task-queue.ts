// The order in which a run's tasks are handed out: search order, but every `drawEvery`-th task
// drawn at random from those left. Search order brings the first solutions first (a solution
// found by a task in search order comes no later than a search from the root would find it, slowed
// by the share of draws); the draws are a uniform sample of the run, whose measured cost tells the
// time left honestly (run-tally.ts), where the tasks done in search order alone would not: on the
// Bedlam cube the first tenth of the jobs costs 0.6x the mean, on the Tetris Cube 1.6x. A draw is
// a fixed shuffle (the same run, the same order), and tasks to run again come before all others.
// No DOM: tested on its own.

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
  private readonly shuffled: Uint32Array;
  private inOrder = 0;
  private drawAt = 0;
  private count = 0;
  private left: number;
  private readonly again: number[] = [];

  constructor(tasks: number, private readonly drawEvery = 4, seed = 0x5eed) {
    this.handedOut = new Uint8Array(tasks);
    this.left = tasks;
    this.shuffled = Uint32Array.from({ length: tasks }, (_, i) => i);
    const next = generator(seed);
    for (let i = tasks - 1; i > 0; i--) {
      const j = next() % (i + 1);
      [this.shuffled[i], this.shuffled[j]] = [this.shuffled[j]!, this.shuffled[i]!];
    }
  }

  /** Tasks not handed out yet (those to run again included). */
  get size(): number {
    return this.left + this.again.length;
  }

  next(): NextTask | undefined {
    const rerun = this.again.shift();
    if (rerun !== undefined) return { task: rerun, drawn: false };
    if (this.left === 0) return undefined;
    const drawn = ++this.count % this.drawEvery === 0;
    let task: number;
    if (drawn) {
      while (this.handedOut[this.shuffled[this.drawAt]!]) this.drawAt++;
      task = this.shuffled[this.drawAt]!;
    } else {
      while (this.handedOut[this.inOrder]) this.inOrder++;
      task = this.inOrder;
    }
    this.handedOut[task] = 1;
    this.left--;
    return { task, drawn };
  }

  /** Tasks done already (a run resumed from a checkpoint): never handed out. */
  skip(tasks: readonly number[]): void {
    for (const task of tasks) {
      if (task < 0 || task >= this.handedOut.length || this.handedOut[task]) continue;
      this.handedOut[task] = 1;
      this.left--;
    }
  }

  /** Tasks whose worker died: handed out again before any other, in this order. */
  runAgain(tasks: readonly number[]): void {
    this.again.unshift(...tasks);
  }
}
