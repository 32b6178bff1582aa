// Solutions taken apart on demand (the 3D view's Take apart), in a solver worker of their own
// (solver-client.ts), so that a long one never delays the reading of a document. Taking apart
// cannot be interrupted from outside the module, so Stop is squoosh's way: the worker is
// terminated, which ends the search and frees its memory, and the next take-apart starts a fresh
// one. A take-apart that fails (the disassembler's memory bound) leaves its worker's memory grown
// for good (WebAssembly memory never shrinks): that worker goes too.
import type { TakenApart } from '../protocol/messages';
import { SolverClient, type SolverClientOptions } from './solver-client';

/** What a stopped take-apart resolves to. */
export const STOPPED = 'taking apart stopped';

export class TakeApartClient {
  private client: SolverClient | null = null;

  constructor(private readonly options: SolverClientOptions = {}) {}

  /**
   * Packing solution `solution` (a SolutionBatch record) of `document` taken apart by sliding.
   * Aborting `signal` stops it at once (its worker is terminated): it resolves with STOPPED.
   */
  takeApart(document: string, solution: Int32Array, signal?: AbortSignal): Promise<TakenApart> {
    if (signal?.aborted) return Promise.resolve({ ok: false, error: STOPPED });
    const client = (this.client ??= new SolverClient(this.options));
    const stop = () => this.drop(client, STOPPED);
    signal?.addEventListener('abort', stop, { once: true });
    return client.disassemble(document, solution).then((result) => {
      signal?.removeEventListener('abort', stop);
      if (!result.ok) this.drop(client, result.error);
      return result;
    });
  }

  dispose(): void {
    if (this.client) this.drop(this.client, 'solver closed');
  }

  /** Terminates `client`'s worker; what it still owed resolves with `reason`. */
  private drop(client: SolverClient, reason: string): void {
    if (this.client === client) this.client = null;
    client.dispose(reason);
  }
}
