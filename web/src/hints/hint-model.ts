// Hints: part of a solution, for people who solve the real puzzle and want one more step. A
// packing reveals one piece at a time (bottom layer first, then row by row, as one builds it),
// edge matching one tile at a time in reading order, a snake one fold at a time from its first
// cube (the rest of the chain still straight). Pure: tested on its own.
import type { DecodedSolution, Point3 } from '../protocol/messages';
import { chainCorners, foldChain } from '../render/drawing-model';

export type HintUnit = 'piece' | 'tile' | 'fold';

export function hintUnit(sol: DecodedSolution): HintUnit {
  return sol.kind === 'packing' ? 'piece' : sol.kind === 'edge-matching' ? 'tile' : 'fold';
}

/** How many hints the solution holds: its pieces, tiles or folds. */
export function hintSteps(sol: DecodedSolution): number {
  if (sol.kind === 'packing') return sol.placements.length;
  if (sol.kind === 'edge-matching') return sol.grid.length;
  return chainCorners(sol.chain).length;
}

/** Lowest layer, then row, then column of a placement's cells: the order one builds in. */
function buildKey(cells: readonly Point3[]): [number, number, number] {
  let best: [number, number, number] = [Infinity, Infinity, Infinity];
  for (const [x, y, z] of cells) {
    const k: [number, number, number] = [z ?? 0, y, x];
    if (k[0] < best[0] || (k[0] === best[0] && (k[1] < best[1] || (k[1] === best[1] && k[2] < best[2])))) best = k;
  }
  return best;
}

const compare = (a: readonly number[], b: readonly number[]) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;

/** The first `k` steps of the solution (all of it when k reaches hintSteps). */
export function partialSolution(sol: DecodedSolution, k: number): DecodedSolution {
  const n = Math.max(0, Math.floor(k));
  if (sol.kind === 'packing') {
    // Placements keep their order in the solution (copies of a piece keep their colours).
    const order = sol.placements.map((p, i) => ({ i, key: buildKey(p.cells) })).sort((a, b) => compare(a.key, b.key) || a.i - b.i);
    const shown = new Set(order.slice(0, n).map((o) => o.i));
    return { kind: 'packing', placements: sol.placements.filter((_, i) => shown.has(i)) };
  }
  if (sol.kind === 'edge-matching') {
    return { kind: 'edge-matching', grid: sol.grid.map((g, i) => (i < n ? g : { tile: -1, rotation: 0 })) };
  }
  const total = chainCorners(sol.chain).length;
  if (n >= total) return sol;
  // Folded exactly at joint n: every cube on a whole-number position (rounded from the rotations).
  const chain = foldChain(sol.chain, total ? n / total : 1).map((p) => p.map(Math.round) as Point3);
  return { kind: 'snake', chain };
}
