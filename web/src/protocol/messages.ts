// The page <-> solver-worker protocol. Small, typed, discriminated on `type`.
//
// Cancelling is not a message: the page terminates the worker and starts a fresh one
// (see worker/solver-pool.ts), which stops a search mid-slice and frees its memory.
// Every reply carries the `id` of the run it answers, so replies from a run the page has
// moved on from are recognised and dropped.
//
// A run is searched as tasks: a task is a part of the search tree (the whole tree for a run
// on one worker) that one worker searches. Solutions stream as flat typed arrays whose
// buffers are transferred, never as one object per solution, and the worker sends no more
// than a window of bytes the page has not acknowledged (`ack`): a flood of big solutions
// slows the worker down instead of drowning the page.

import type { DescribeResult } from '../solver/description';

export type PuzzleKind = 'packing' | 'edge-matching' | 'snake';

/** What one worker searches. */
export interface TaskOrder {
  /** The page's number for the task within the run. */
  task: number;
  /** The part of the search tree: a job as the solver's split lists it ("3.0.12-20"), or "root". */
  job: string;
  /** Solutions of this task the page holds already: ordinals below this are not sent again. */
  skip: number;
  /**
   * Jobs this task gave away in an earlier run (its worker died after a `donate`): their
   * solutions are left out, so the task meets exactly what it met before, in the same order.
   */
  exclude?: string[];
}

/** Messages the page posts to the worker. */
export type ToWorker =
  /**
   * Parse `puzzle` (a piecewise/1 document as JSON text) and search `task` of it. `stride`:
   * send only every stride-th solution (by ordinal); the page says so once its memory budget
   * for solutions is spent, and goes on counting all of them.
   */
  | { type: 'start'; id: number; puzzle: string; uniqueOnly: boolean; task: TaskOrder; stride: number }
  /** The page has taken in `bytes` of the solutions sent: the worker may send that much more. */
  | { type: 'ack'; id: number; bytes: number }
  /** From now on send only solutions whose ordinal is a multiple of `stride`. */
  | { type: 'stride'; id: number; stride: number }
  /** Cut the search of `puzzle` into about `jobs` jobs (answered by `split` or `error`). */
  | { type: 'split'; id: number; puzzle: string; jobs: number }
  /**
   * Give away untried work of the running task (answered by `donated`, between two slices): the
   * branches not begun at the shallowest level of its search path, as a job of their own.
   */
  | { type: 'donate'; id: number }
  /** Heartbeat: answered by `pong` between two slices, so a silent worker is known to be stuck. */
  | { type: 'ping' }
  /** Stop handing out node budgets; the search state is kept. */
  | { type: 'pause'; id: number }
  | { type: 'resume'; id: number }
  /**
   * Parse only: the solver's description of the document, or its message (the page's one reader).
   * Bytes (a file as read) are checked by the solver itself, so ill-formed UTF-8 is refused with
   * the native message rather than decoded as U+FFFD.
   */
  | { type: 'describe'; id: number; puzzle: string | Uint8Array };

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
  /**
   * 0-based position of each among the task's solutions of the kind collected (all, or only
   * representatives when the run keeps unique ones), in search order.
   */
  ordinal: Float64Array;
}

/** One solution of a batch, as the page browses it (`data` is a view into the batch). */
export interface SolutionRecord {
  task: number;
  ordinal: number;
  representative: boolean;
  data: Int32Array;
}

export interface RunCounts {
  nodes: number;
  solutions: number;
  unique: number;
  seconds: number;
}

/** Messages the worker posts to the page. */
export type FromWorker =
  /** The module is loaded; the worker accepts requests. */
  | { type: 'ready' }
  | { type: 'started'; id: number; task: number; kind: PuzzleKind; symmetries: number }
  /** The task's first solution alone and at once; later ones in batches. */
  | { type: 'solutions'; id: number; task: number; batch: SolutionBatch }
  /** `fraction`: honest estimate in [0, 1] of the task's tree explored; counts are the task's. */
  | ({ type: 'progress'; id: number; task: number; fraction: number } & RunCounts)
  | ({ type: 'done'; id: number; task: number } & RunCounts)
  | { type: 'described'; id: number; result: DescribeResult }
  /** The jobs of a split, in search order: together they hold every solution exactly once. */
  | { type: 'split'; id: number; jobs: string[] }
  /**
   * The answer to `donate`: `job` (null when the task had nothing to give, or had ended) now
   * belongs to the page; it comes after the rest of `task` in search order, and `share` is the
   * part of the task's progress estimate it was.
   */
  | { type: 'donated'; id: number; task: number; job: string | null; share: number }
  | { type: 'pong' }
  /**
   * A one-line message naming the problem (the solver's own wording for bad puzzles).
   * `fatal`: the worker's module may be unusable (e.g. out of memory, failed to load), so
   * the page replaces the worker. `id` is -1 when no request caused it (the module failed
   * to load).
   */
  | { type: 'error'; id: number; task?: number; message: string; fatal?: boolean };

/** Bytes a batch holds (what the page acknowledges). */
export function batchBytes(b: SolutionBatch): number {
  return b.data.byteLength + b.offsets.byteLength + b.representative.byteLength + b.ordinal.byteLength;
}

/** Decoded solutions, as the renderers and the solution browser use them. */
export type Point3 = [number, number, number];

export type DecodedSolution =
  | { kind: 'packing'; placements: { piece: number; cells: Point3[] }[] }
  | { kind: 'edge-matching'; grid: { tile: number; rotation: number }[] }
  | { kind: 'snake'; chain: Point3[] };
