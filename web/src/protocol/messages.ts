// The page <-> solver-worker protocol. Small, typed, discriminated on `type`.
//
// Cancelling is not a message: the page terminates the worker and starts a fresh one
// (see worker/solver-pool.ts), which stops a search mid-slice and frees its memory.
// Every reply carries the `id` of the run (or request) it answers, so replies from a run the
// page has moved on from are recognised and dropped.
//
// A run is prepared once per document (`prepare`: the choices its search makes and its jobs, the
// parts of the tree in search order), then searched as tasks, one job each, queued on every
// worker. Tasks visit their solutions and send them while the page wants more (a sample to browse
// while the run goes on), then count the rest in bulk, at the engine's speed; their
// counts, in search order, number every solution of the run, and `seek` fetches any of them by
// number afterwards. Solutions cross as flat typed arrays whose buffers are transferred, never
// as one object per solution. A document that asks for disassembly (`"disassemble": true`) has
// every representative taken apart as it is met: its tasks count those that come apart too, and
// its solutions carry their verdict and level.

import type { PlaceResult } from '../place/placement';
import type { PlacementsResult } from '../place/piece-placements';
import type { DescribeResult } from '../solver/description';

export type PuzzleKind = 'packing' | 'edge-matching' | 'snake';

/**
 * Which solutions a run browses and a seek fetches and numbers: every one, the representatives
 * (one per symmetry class), or the representatives that come apart (a run that takes apart).
 */
export type BrowseScope = 'all' | 'unique' | 'apart';

/** What one worker searches. */
export interface TaskOrder {
  /** The task's number: its job's position in the run's list of jobs (search order). */
  task: number;
  /** The part of the search tree: a job as prepare() lists it ("3.0.12-20"), or "root". */
  job: string;
  /** Solutions of this task the page holds already (a rerun): ordinals below this are not sent again. */
  skip: number;
}

/** What a run of a document shares with every worker: prepare()'s choices, and the document. */
export interface RunDocument {
  puzzle: string;
  /** prepare()'s `settings`, for every worker's search (the same tree everywhere). */
  settings: string;
}

/** Messages the page posts to the worker. */
export type ToWorker =
  /** Choose the search's settings and cut it into about `jobs` jobs (answered by `prepared` or `error`). */
  | { type: 'prepare'; id: number; puzzle: string; jobs: number }
  /**
   * Queue `tasks` of run `id` (after those queued already); a new run's id drops the previous
   * run's queue. They visit and send at most `visit` solutions, and `visitBytes` bytes of them,
   * together, in their order (0: count only); the rest they count in bulk. `uniqueOnly`: visit
   * and send representatives only. `document`: the run's, in its first message to a worker; null
   * in the later ones (the worker keeps it, and a document can weigh megabytes).
   */
  | { type: 'tasks'; id: number; document: RunDocument | null; uniqueOnly: boolean; tasks: TaskOrder[]; visit: number; visitBytes: number }
  /**
   * Search `tasks` of `document` for about `ms`, again and again, each cut short, and forget what
   * they find (no reply): the run's hot code is then compiled for speed while the puzzle is looked
   * at, not in a run's first 50-100 ms, where it took a third of two cores. Visiting up to `visit`
   * solutions every other round, counting in the others. Sent to idle workers once a document is
   * prepared; any other message (a run's tasks first of all) ends it at once.
   */
  | { type: 'warm'; document: RunDocument; tasks: TaskOrder[]; visit: number; ms: number }
  /** Give back the tasks of run `id` queued and not begun (answered by `recalled`); the task under way goes on. */
  | { type: 'recall'; id: number }
  /**
   * Solutions of `job` from position `skip` (0-based, among those of `scope`), at most `limit`
   * (answered by `found` or `error`). Abandons any task under way.
   */
  | ({ type: 'seek'; id: number; job: string; skip: number; limit: number; scope: BrowseScope } & RunDocument)
  /** Heartbeat: answered by `pong` between two slices, so a silent worker is known to be stuck. */
  | { type: 'ping' }
  /**
   * Parse only: the solver's description of the document, or its message (the page's one reader).
   * Bytes (a file as read) are checked by the solver itself, so ill-formed UTF-8 is refused with
   * the native message rather than decoded as U+FFFD.
   */
  | { type: 'describe'; id: number; puzzle: string | Uint8Array }
  /** Pieces placed by hand ("PIECE@x,y;..."): the puzzle left, or why they cannot be placed. */
  | { type: 'place'; id: number; puzzle: string; placements: string[] }
  /** Every placement of piece `piece` on the empty board, as the search lists them. */
  | { type: 'placements'; id: number; puzzle: string; piece: number }
  /**
   * One packing solution (a SolutionBatch record) taken apart (docs/disassembly.md); `memoryMb`:
   * the memory bound of one search for a separation (absent: the solver's default, 256 MB).
   */
  | { type: 'disassemble'; id: number; puzzle: string; solution: Int32Array; memoryMb?: number };

/**
 * Solutions as they cross the boundary: flat integers, not an object graph; record i is
 * `data.subarray(offsets[i], offsets[i + 1])`. Record layout by kind (decoded by
 * solver/solution-codec.ts):
 * - packing: for each placed piece: piece index (into the document's `pieces`),
 *   cell count n, then n triples x, y, z (board coordinates as in the document).
 * - edge-matching: rows * cols pairs, row-major: tile index (into `tiles`), rotation
 *   (quarter turns clockwise; the tile's edge i faces side (i + rotation) % 4).
 * - snake: one x, y, z triple per cube of the chain, cube 0 first.
 */
export interface SolutionBatch {
  data: Int32Array;
  /** count + 1 bounds into data. */
  offsets: Int32Array;
  /** 1 for exactly one solution of each symmetry class. */
  representative: Uint8Array;
  /** 0-based position of each among its task's (or sought job's) solutions, in search order. */
  ordinal: Float64Array;
  /** The representatives before it in its task (or sought job): its position among them when it is one. */
  uniqueOrdinal: Float64Array;
  /** Taken apart (a run that takes apart, representatives only): 0 not taken apart, 1 it comes apart, 2 it stays locked. */
  apart: Uint8Array;
  /**
   * The representatives that come apart before it in its task (or sought job): its position
   * among them when it is one; -1 when a seek of another scope did not count them.
   */
  apartOrdinal: Float64Array;
  /** The levels of those that come apart (BurrTools' "4.9.3" as 4, 9, 3), back to back... */
  level: Int32Array;
  /** ...count + 1 bounds into level (empty for one that is not taken apart or stays locked). */
  levelOffsets: Int32Array;
}

/** What its run found of a solution taken apart: the batch's `apart` codes 0, 1 and 2. */
export type Verdict = 'untried' | 'comes-apart' | 'locked';
export const verdicts: readonly Verdict[] = ['untried', 'comes-apart', 'locked'];

/** One solution of a batch, as the page browses it (`data` is a view into the batch). */
export interface SolutionRecord {
  task: number;
  ordinal: number;
  uniqueOrdinal: number;
  representative: boolean;
  data: Int32Array;
  verdict: Verdict;
  apartOrdinal: number;
  /** Its level when it comes apart, else empty. */
  level: Int32Array;
}

export interface RunCounts {
  nodes: number;
  solutions: number;
  unique: number;
  /** Representatives that come apart (0 when the run does not take apart). */
  apart: number;
  seconds: number;
}

/** Solutions of one task, in a `solutions` message. */
export interface TaskSolutions {
  task: number;
  batch: SolutionBatch;
}

/** A task over, with its final counts. */
export interface TaskDone extends RunCounts {
  task: number;
  /**
   * Solutions it visited and sent: a task that sent none searched its tree as the tasks left will
   * once the run's sample is full, so its cost tells theirs (run-tally.ts).
   */
  visited: number;
}

/** Messages the worker posts to the page. */
export type FromWorker =
  /** The module is loaded; the worker accepts requests. */
  | { type: 'ready' }
  /** `takesApart`: the document asks for disassembly, and its runs take every representative apart. */
  | { type: 'prepared'; id: number; kind: PuzzleKind; symmetries: number; takesApart: boolean; countsInBulk: boolean; settings: string; jobs: string[] }
  /**
   * Visited solutions, of one task or of several in the order they ran: a worker's first of the
   * run alone and at once, later ones together (a task can last well under a millisecond).
   */
  | { type: 'solutions'; id: number; parts: TaskSolutions[] }
  /** `fraction`: honest estimate in [0, 1] of the task's tree explored; counts are the task's. */
  | ({ type: 'progress'; id: number; task: number; fraction: number } & RunCounts)
  /**
   * Tasks are over, their counts final: sent together (a task can last well under a millisecond),
   * with the solutions visited since the last message (`parts`, as in `solutions`), which come
   * first: a task's solutions are counted before its end, and one message costs both threads
   * less than two.
   */
  | { type: 'done'; id: number; parts: TaskSolutions[]; tasks: TaskDone[] }
  /** The answer to `recall`: the tasks dropped from the queue, never begun (none when the run is over here). */
  | { type: 'recalled'; id: number; tasks: number[] }
  /** The answer to `seek`. */
  | { type: 'found'; id: number; batch: SolutionBatch }
  | { type: 'described'; id: number; result: DescribeResult }
  | { type: 'placed'; id: number; result: PlaceResult }
  /** The answer to `placements`. */
  | { type: 'listed'; id: number; result: PlacementsResult }
  /** The answer to `disassemble`: the disassembly's JSON, null when it stays locked, or the reason. */
  | { type: 'disassembled'; id: number; result: TakenApart }
  | { type: 'pong' }
  /**
   * A one-line message naming the problem (the solver's own wording for bad puzzles).
   * `fatal`: the worker's module may be unusable (e.g. out of memory, failed to load), so
   * the page replaces the worker. `id` is -1 when no request caused it (the module failed
   * to load).
   */
  | { type: 'error'; id: number; task?: number; message: string; fatal?: boolean };

/** A solution taken apart: `disassembly` is the JSON of docs/disassembly.md, null when locked. */
export type TakenApart = { ok: true; disassembly: string | null } | { ok: false; error: string };

const batchArrays = (b: SolutionBatch) =>
  [b.data, b.offsets, b.representative, b.ordinal, b.uniqueOrdinal, b.apart, b.apartOrdinal, b.level, b.levelOffsets];

/** Bytes a batch holds. */
export function batchBytes(b: SolutionBatch): number {
  return batchArrays(b).reduce((sum, a) => sum + a.byteLength, 0);
}

/** The buffers of a batch, to transfer rather than copy. */
export function batchBuffers(b: SolutionBatch): ArrayBuffer[] {
  return batchArrays(b).map((a) => a.buffer) as ArrayBuffer[];
}

/** Decoded solutions, as the renderers and the solution browser use them. */
export type Point3 = [number, number, number];

export type DecodedSolution =
  | { kind: 'packing'; placements: { piece: number; cells: Point3[] }[] }
  | { kind: 'edge-matching'; grid: { tile: number; rotation: number }[] }
  | { kind: 'snake'; chain: Point3[] };
