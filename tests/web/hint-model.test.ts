// Hints reveal one step at a time: packings piece by piece from the bottom layer up, tiles in
// reading order, snakes fold by fold with every cube on a lattice point and the chain unbroken.
import { describe, expect, it } from 'vitest';
import { hintSteps, partialSolution } from '../../web/src/hints/hint-model';
import type { DecodedSolution, Point3 } from '../../web/src/protocol/messages';
import { chainCorners } from '../../web/src/render/drawing-model';

describe('hints', () => {
  it('reveals packing pieces bottom layer first, row by row', () => {
    const sol: DecodedSolution = {
      kind: 'packing',
      placements: [
        { piece: 0, cells: [[0, 0, 1], [1, 0, 1]] },
        { piece: 1, cells: [[0, 1, 0], [1, 1, 0]] },
        { piece: 2, cells: [[0, 0, 0], [1, 0, 0]] },
      ],
    };
    expect(hintSteps(sol)).toBe(3);
    const pieces = (k: number) => (partialSolution(sol, k) as Extract<DecodedSolution, { kind: 'packing' }>).placements.map((p) => p.piece);
    expect(pieces(0)).toEqual([]);
    expect(pieces(1)).toEqual([2]);
    // In the solution's own order, so that copies keep their colours.
    expect(pieces(2)).toEqual([1, 2]);
    expect(pieces(3)).toEqual([0, 1, 2]);
    expect(pieces(9)).toEqual([0, 1, 2]);
  });

  it('reveals tiles in reading order', () => {
    const sol: DecodedSolution = { kind: 'edge-matching', grid: [0, 1, 2, 3].map((t) => ({ tile: t, rotation: t })) };
    const p = partialSolution(sol, 2) as Extract<DecodedSolution, { kind: 'edge-matching' }>;
    expect(p.grid.map((g) => g.tile)).toEqual([0, 1, -1, -1]);
  });

  it('folds a snake one joint at a time, cube 0 and the first run where the solution has them', () => {
    // A 2x2x2 snake: 8 cubes, 7 unit steps, every cube but the ends a corner.
    const chain: Point3[] = [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0], [0, 1, 1], [1, 1, 1], [1, 0, 1], [0, 0, 1]];
    const sol: DecodedSolution = { kind: 'snake', chain };
    const total = chainCorners(chain).length;
    expect(hintSteps(sol)).toBe(total);
    for (let k = 0; k <= total; k++) {
      const c = (partialSolution(sol, k) as Extract<DecodedSolution, { kind: 'snake' }>).chain;
      expect(c.length).toBe(8);
      expect(c.slice(0, 2)).toEqual(chain.slice(0, 2));
      for (let i = 1; i < c.length; i++) expect(c[i]!.reduce((s, v, a) => s + Math.abs(v - c[i - 1]![a]!), 0)).toBe(1);
      // The first k joints are folded as solved: the first k + 2 cubes are in place.
      expect(c.slice(0, k + 2)).toEqual(chain.slice(0, k + 2));
      expect(chainCorners(c).length).toBe(k);
    }
  });
});
