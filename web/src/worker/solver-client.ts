// The page's handle on the solver worker. One run at a time; cancel() terminates the worker
// (stopping a search mid-slice and freeing its memory) and starts a fresh one at once, so the
// next start() does not wait for the module to load. A worker that crashes or reports a
// fatal error is replaced the same way. Replies of runs the page has moved on from are dropped.
import type { FromWorker, PuzzleKind, RunCounts, SolutionRecord, ToWorker } from '../protocol/messages';
import type { DescribeResult } from '../solver/description';

export interface RunCallbacks {
  started?(kind: PuzzleKind, symmetries: number): void;
  /** The first solution arrives alone, later ones in batches. */
  solutions?(batch: SolutionRecord[]): void;
  progress?(fraction: number, counts: RunCounts): void;
  done?(counts: RunCounts): void;
  /** One line; the parser's own message for a bad document. The run is over. */
  error?(message: string): void;
}

export interface SolverClientOptions {
  /** Tests pass a fake; the default is the real module worker. */
  createWorker?: () => Worker;
  /** Called each time a (new) worker has loaded its module and accepts requests. */
  onReady?: () => void;
}

const defaultWorker = () => new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' });

function counts(m: RunCounts): RunCounts {
  return { nodes: m.nodes, solutions: m.solutions, unique: m.unique, seconds: m.seconds };
}

export class SolverClient {
  private worker: Worker | null = null;
  /** The current worker has loaded its module: a crash after that is worth an immediate respawn. */
  private workerReady = false;
  private nextId = 1;
  private run: { id: number; callbacks: RunCallbacks } | null = null;
  private readonly descriptions = new Map<number, { text: string; resolve: (r: DescribeResult) => void }>();
  private readonly createWorker: () => Worker;
  private readonly onReady: (() => void) | undefined;
  private disposed = false;

  constructor(options: SolverClientOptions = {}) {
    this.createWorker = options.createWorker ?? defaultWorker;
    this.onReady = options.onReady;
    this.spawn();
  }

  /** Starts a run, cancelling one still going (whose callbacks are never called again). Returns its id. */
  start(puzzleText: string, options: { uniqueOnly?: boolean } = {}, callbacks: RunCallbacks = {}): number {
    if (this.run) this.cancel();
    const id = this.nextId++;
    this.run = { id, callbacks };
    this.send({ type: 'start', id, puzzle: puzzleText, uniqueOnly: options.uniqueOnly ?? false });
    return id;
  }

  /** Stops the current run at once: the worker is terminated and a fresh one started. */
  cancel(): void {
    if (!this.run) return;
    this.run = null;
    this.respawn();
  }

  pause(): void {
    if (this.run) this.send({ type: 'pause', id: this.run.id });
  }

  resume(): void {
    if (this.run) this.send({ type: 'resume', id: this.run.id });
  }

  get running(): boolean {
    return this.run !== null;
  }

  /** The solver's description of a document (parse only); answered even while a run searches. */
  describe(puzzleText: string): Promise<DescribeResult> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.send({ type: 'describe', id, puzzle: puzzleText });
      this.descriptions.set(id, { text: puzzleText, resolve });
    });
  }

  dispose(): void {
    this.disposed = true;
    this.run = null;
    this.worker?.terminate();
    this.worker = null;
    for (const d of this.descriptions.values()) d.resolve({ ok: false, error: 'solver closed' });
    this.descriptions.clear();
  }

  private send(message: ToWorker): void {
    if (!this.worker && !this.disposed) this.spawn();
    this.worker?.postMessage(message);
  }

  private spawn(): void {
    const worker = this.createWorker();
    this.worker = worker;
    this.workerReady = false;
    worker.onmessage = (event: MessageEvent<FromWorker>) => {
      if (worker === this.worker) this.receive(event.data);
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault?.();
      if (worker === this.worker) this.crashed(`solver worker failed: ${event.message || 'unknown error'}`);
    };
    // Descriptions asked of the worker just replaced are asked again.
    for (const [id, d] of this.descriptions) worker.postMessage({ type: 'describe', id, puzzle: d.text } satisfies ToWorker);
  }

  private respawn(): void {
    this.worker?.terminate();
    this.worker = null;
    if (!this.disposed) this.spawn();
  }

  private crashed(message: string): void {
    const run = this.run;
    this.run = null;
    if (this.workerReady) {
      this.respawn();
    } else {
      // It never loaded: do not loop. The next request spawns a new one; answer what waits.
      this.worker?.terminate();
      this.worker = null;
      for (const d of this.descriptions.values()) d.resolve({ ok: false, error: message });
      this.descriptions.clear();
    }
    run?.callbacks.error?.(message.split('\n')[0]);
  }

  private receive(m: FromWorker): void {
    if (m.type === 'ready') {
      this.workerReady = true;
      this.onReady?.();
      return;
    }
    if (m.type === 'described') {
      const d = this.descriptions.get(m.id);
      this.descriptions.delete(m.id);
      d?.resolve(m.result);
      return;
    }
    if (m.type === 'error' && m.fatal && (m.id === -1 || m.id === this.run?.id)) {
      this.crashed(m.message);
      return;
    }
    const run = this.run;
    if (!run || m.id !== run.id) return;
    const cb = run.callbacks;
    switch (m.type) {
      case 'started':
        cb.started?.(m.kind, m.symmetries);
        break;
      case 'solutions':
        cb.solutions?.(m.batch);
        break;
      case 'progress':
        cb.progress?.(m.fraction, counts(m));
        break;
      case 'done':
        this.run = null;
        cb.done?.(counts(m));
        break;
      case 'error':
        this.run = null;
        cb.error?.(m.message);
        break;
    }
  }
}
