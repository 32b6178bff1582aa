// The page <-> solver-worker protocol. Small, typed, discriminated on `type`.
//
// Cancelling is not a message: the page terminates the worker and starts a fresh one
// (see worker/solver-client.ts), which stops a search mid-slice and frees its memory.
// Every reply carries the `id` of the request it answers, so replies from a run the page
// has moved on from are recognised and dropped.

import type { DescribeResult } from '../solver/description';

export type PuzzleKind = 'packing' | 'edge-matching' | 'snake';

/** Messages the page posts to the worker. */
export type ToWorker =
  /** Parse `puzzle` (a piecewise/1 document as JSON text) and search it. */
  | { type: 'start'; id: number; puzzle: string; uniqueOnly: boolean }
  /** Stop handing out node budgets; the search state is kept. */
  | { type: 'pause'; id: number }
  | { type: 'resume'; id: number }
  /** Parse only: the solver's description of the document, or its message (the page's one reader). */
  | { type: 'describe'; id: number; puzzle: string };

/**
 * One solution as it crosses the boundary: flat integers, not an object graph.
 * `data` layout by kind (decoded by solver/solution-codec.ts):
 * - packing: for each placed piece: piece index (into the document's `pieces`),
 *   cell count n, then n triples x, y, z (board coordinates as in the document).
 * - edge-matching: rows * cols pairs, row-major: tile index (into `tiles`), rotation
 *   (quarter turns clockwise; the tile's edge i faces side (i + rotation) % 4).
 * - snake: one x, y, z triple per cube of the chain, cube 0 first.
 */
export interface SolutionRecord {
  /** 0-based position among all raw solutions found in this run. */
  index: number;
  /** True for exactly one solution of each symmetry class. */
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
  | { type: 'started'; id: number; kind: PuzzleKind; symmetries: number }
  /** First solution alone and at once; later ones in batches. */
  | { type: 'solutions'; id: number; batch: SolutionRecord[] }
  /** `fraction`: honest estimate in [0, 1] of the search tree explored. */
  | ({ type: 'progress'; id: number; fraction: number } & RunCounts)
  | ({ type: 'done'; id: number } & RunCounts)
  | { type: 'described'; id: number; result: DescribeResult }
  /**
   * A one-line message naming the problem (the solver's own wording for bad puzzles).
   * `fatal`: the worker's module may be unusable (e.g. out of memory, failed to load), so
   * SolverClient replaces the worker. `id` is -1 when no request caused it (the module failed
   * to load).
   */
  | { type: 'error'; id: number; message: string; fatal?: boolean };

/** Decoded solutions, as the renderers and the solution browser use them. */
export type Point3 = [number, number, number];

export type DecodedSolution =
  | { kind: 'packing'; placements: { piece: number; cells: Point3[] }[] }
  | { kind: 'edge-matching'; grid: { tile: number; rotation: number }[] }
  | { kind: 'snake'; chain: Point3[] };
