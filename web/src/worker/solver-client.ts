// A worker that only reads documents (describe, place, placements) or takes solutions apart (disassemble), for
// the puzzle reader (puzzle-reader.ts, take-apart-client.ts): runs go to the pool
// (solver-pool.ts), so a Stop never delays a description. A worker that crashes
// or reports a fatal error is replaced and the descriptions it owed are asked again; one that
// never loaded is not respawned in a loop: what waits is answered with its message, and the
// next request starts a new one.
import type { FromWorker, TakenApart, ToWorker } from '../protocol/messages';
import type { PlaceResult } from '../place/placement';
import type { PlacementsResult } from '../place/piece-placements';
import type { DescribeResult } from '../solver/description';
import { createSolverWorker } from './create-worker';

/** A request to the worker and how to answer it: with the reply, or with a failure's message. */
interface Pending {
  message: Extract<ToWorker, { type: 'describe' | 'place' | 'placements' | 'disassemble' }>;
  resolve(result: DescribeResult | PlaceResult | PlacementsResult | TakenApart): void;
}

export interface SolverClientOptions {
  /** Tests pass a fake; the default is the real module worker. */
  createWorker?: () => Worker;
  /** Called each time a (new) worker has loaded its module and accepts requests. */
  onReady?: () => void;
}


export class SolverClient {
  private worker: Worker | null = null;
  /** The current worker has loaded its module: a crash after that is worth an immediate respawn. */
  private workerReady = false;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly createWorker: () => Worker;
  private readonly onReady: (() => void) | undefined;
  private disposed = false;

  constructor(options: SolverClientOptions = {}) {
    this.createWorker = options.createWorker ?? createSolverWorker;
    this.onReady = options.onReady;
    this.spawn();
  }

  /** The solver's description of a document (parse only). */
  describe(document: string | Uint8Array): Promise<DescribeResult> {
    return this.ask({ type: 'describe', id: this.nextId++, puzzle: document }) as Promise<DescribeResult>;
  }

  /** The puzzle left once pieces are placed by hand (place/placement.ts), or why they cannot be. */
  place(document: string, placements: string[]): Promise<PlaceResult> {
    return this.ask({ type: 'place', id: this.nextId++, puzzle: document, placements }) as Promise<PlaceResult>;
  }

  /** Every placement of piece `piece` on the empty board (place/piece-placements.ts), or why not. */
  placements(document: string, piece: number): Promise<PlacementsResult> {
    return this.ask({ type: 'placements', id: this.nextId++, puzzle: document, piece }) as Promise<PlacementsResult>;
  }

  /** Packing solution `solution` (a SolutionBatch record) of `document` taken apart by sliding. */
  disassemble(document: string, solution: Int32Array): Promise<TakenApart> {
    return this.ask({ type: 'disassemble', id: this.nextId++, puzzle: document, solution }) as Promise<TakenApart>;
  }

  private ask(message: Pending['message']): Promise<DescribeResult | PlaceResult | PlacementsResult | TakenApart> {
    return new Promise((resolve) => {
      this.send(message);
      this.pending.set(message.id, { message, resolve });
    });
  }

  /** Terminates the worker for good; what it still owed resolves with `reason`. */
  dispose(reason = 'solver closed'): void {
    this.disposed = true;
    this.worker?.terminate();
    this.worker = null;
    for (const d of this.pending.values()) d.resolve({ ok: false, error: reason });
    this.pending.clear();
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
    // Requests made of the worker just replaced are made again.
    for (const d of this.pending.values()) worker.postMessage(d.message);
  }

  private crashed(message: string): void {
    this.worker?.terminate();
    this.worker = null;
    if (this.workerReady && !this.disposed) {
      this.spawn();
      return;
    }
    // It never loaded: do not loop. The next request spawns a new one; answer what waits.
    for (const d of this.pending.values()) d.resolve({ ok: false, error: message.split('\n')[0]! });
    this.pending.clear();
  }

  private receive(m: FromWorker): void {
    if (m.type === 'ready') {
      this.workerReady = true;
      this.onReady?.();
    } else if (m.type === 'described' || m.type === 'placed' || m.type === 'listed' || m.type === 'disassembled') {
      const d = this.pending.get(m.id);
      this.pending.delete(m.id);
      d?.resolve(m.result);
    } else if (m.type === 'error' && m.fatal) {
      this.crashed(m.message);
    }
  }
}
