// Writes a run's checkpoint (run-checkpoints.ts) as it goes: the jobs finished, at most once a
// second (a reload loses a second of work at most, and IndexedDB is not written for every one of
// a thousand jobs), and once more when the run stops or the page changes puzzle; a run that ends
// forgets its checkpoint. No DOM.
import type { RunCounts } from '../protocol/messages';
import type { ResumedTask } from '../worker/solver-pool';
import type { CheckpointStore, RunCheckpoint } from './run-checkpoints';

export class RunRecorder {
  private key: string | null = null;
  private keyAsked: Promise<string> | null = null;
  private tasks = 0;
  private done: ResumedTask[] = [];
  private dirty = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped by begin(): writes of a run that has been left are dropped. */
  private generation = 0;

  constructor(
    private readonly store: Promise<CheckpointStore>,
    private readonly intervalMs = 1000,
  ) {}

  /** A run of `tasks` jobs begins, identified by `key` (runKey()); `resumed`: the jobs done before. */
  begin(key: Promise<string>, tasks: number, resumed: readonly ResumedTask[] = []): void {
    this.clearTimer();
    const generation = ++this.generation;
    this.key = null;
    this.keyAsked = key;
    this.tasks = tasks;
    this.done = [...resumed];
    this.dirty = false;
    void key.then((k) => {
      if (generation !== this.generation) return;
      this.key = k;
      if (this.dirty) this.schedule();
    });
  }

  taskDone(task: number, counts: RunCounts): void {
    this.done.push({ task, solutions: counts.solutions, unique: counts.unique, apart: counts.apart, nodes: counts.nodes, seconds: counts.seconds });
    this.dirty = true;
    this.schedule();
  }

  /** The run is over with every job done: its checkpoint goes. */
  finished(): void {
    this.clearTimer();
    const key = this.keyAsked;
    this.generation++;
    this.key = null;
    this.keyAsked = null;
    if (key) void Promise.all([key, this.store]).then(([k, s]) => s.delete(k)).catch(() => {});
  }

  /** The run stopped (Stop, an error, another puzzle): what it finished is written now. */
  stop(): Promise<void> {
    this.clearTimer();
    const written = this.flush();
    this.generation++;
    return written;
  }

  private schedule(): void {
    if (this.timer || !this.key) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.intervalMs);
  }

  private async flush(): Promise<void> {
    if (!this.key || !this.dirty) return;
    this.dirty = false;
    const checkpoint: RunCheckpoint = { key: this.key, tasks: this.tasks, done: [...this.done], updated: Date.now() };
    // Storage may be refused or full: the run goes on without its checkpoint.
    await this.store.then((s) => s.put(checkpoint)).catch(() => {});
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
