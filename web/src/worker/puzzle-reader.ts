// The page's one reader of puzzle documents: the C++ parser (describe() of the WASM module) in a
// worker of its own. It never runs a search, so Stop (which replaces the search worker) never
// delays a description; the page and the editor share it. Solutions are taken apart in another
// worker (take-apart-client.ts), started on the first Take apart and stopped by terminating it.
import type { PlaceResult } from '../place/placement';
import type { PlacementsResult } from '../place/piece-placements';
import type { TakenApart } from '../protocol/messages';
import type { DescribeResult } from '../solver/description';
import { SolverClient, type SolverClientOptions } from './solver-client';
import { TakeApartClient } from './take-apart-client';

export interface PuzzleReader {
  /**
   * The solver's description of a document, or its one-line message. Pass a file's bytes as
   * read (never text decoded in JavaScript), so that the solver refuses what the native build
   * refuses; only text is cached.
   */
  describe(document: string | Uint8Array): Promise<DescribeResult>;
  /** The puzzle left once pieces are placed by hand ("F@0,0;1,0", as `count --place` takes them). */
  place(document: string, placements: string[]): Promise<PlaceResult>;
  /** Every placement of piece `piece` of a packing document on its empty board, as the solver lists them. */
  placements(document: string, piece: number): Promise<PlacementsResult>;
  /**
   * Packing solution `solution` (a SolutionBatch record) of `document` taken apart by sliding;
   * aborting `signal` stops it at once (take-apart-client.ts: it resolves with STOPPED).
   */
  disassemble(document: string, solution: Int32Array, signal?: AbortSignal): Promise<TakenApart>;
}

/** Documents whose descriptions are kept, for reading again (back to a library puzzle, undo). */
const CACHE_ENTRIES = 16;

/**
 * The reader starts its worker at once (the page creates it before the search workers): the first
 * puzzle is drawn as soon as that worker has the module, which it is sent first (create-worker.ts).
 */
export function createPuzzleReader(options: SolverClientOptions = {}): PuzzleReader {
  const client = new SolverClient(options);
  const takeApart = new TakeApartClient({ createWorker: options.createWorker });
  const cache = new Map<string, Promise<DescribeResult>>();
  return {
    place: (document, placements) => client.place(document, placements),
    placements: (document, piece) => client.placements(document, piece),
    disassemble: (document, solution, signal) => takeApart.takeApart(document, solution, signal),
    describe(document) {
      if (typeof document !== 'string') return client.describe(document);
      const text = document;
      const known = cache.get(text);
      if (known) {
        // Most recently used last: re-insert.
        cache.delete(text);
        cache.set(text, known);
        return known;
      }
      const result = client.describe(text);
      cache.set(text, result);
      // Only descriptions are kept: a message may come from a worker that failed to load.
      void result.then((r) => {
        if (!r.ok && cache.get(text) === result) cache.delete(text);
      });
      if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      return result;
    },
  };
}
