import { describe, expect, it } from 'vitest';
import { readPuzzle, type ExpandedPuzzle } from '../../web/src/model/document';
import { chainCorners, edgeDrawing, foldChain, packingDrawing, rotatedSides, snakeDrawing } from '../../web/src/render/drawing-model';
import { labelColour, slotColour } from '../../web/src/render/colours';
import type { Point3 } from '../../web/src/protocol/messages';

function read(doc: object): ExpandedPuzzle {
  const r = readPuzzle(JSON.stringify(doc));
  if (!r.ok) throw new Error(r.error);
  return r.puzzle;
}

describe('packing drawing', () => {
  const frame = read({
    kind: 'packing', name: 'F',
    board: { shape: ['##+', '##+'] },
    pieces: [{ name: 'A', shape: ['##'] }, { name: 'B', shape: ['#'], count: 2 }],
  });
  if (frame.kind !== 'packing') throw new Error();
  const sol = {
    kind: 'packing' as const,
    placements: [
      { piece: 0, cells: [[0, 0, 0], [1, 0, 0]] as Point3[] },
      { piece: 1, cells: [[0, 1, 0]] as Point3[] },
      { piece: 1, cells: [[1, 1, 0]] as Point3[] },
    ],
  };

  it('gives each cell its placement, and leaves + cells empty as holes', () => {
    const d = packingDrawing(frame, sol);
    const at = (x: number, y: number) => d.cells.find((c) => c.p[0] === x && c.p[1] === y)!;
    expect(at(0, 0)).toMatchObject({ owner: 0, state: 'piece' });
    expect(at(1, 0).owner).toBe(0);
    expect(at(0, 1)).toMatchObject({ owner: 1, state: 'piece' });
    expect(at(1, 1).owner).toBe(2);
    expect(at(2, 0)).toMatchObject({ owner: -1, state: 'hole', colour: null });
    expect(at(2, 1).state).toBe('hole');
  });

  it('colours are stable and distinct, copies of one piece distinct too', () => {
    const a = packingDrawing(frame, sol);
    const b = packingDrawing(frame, sol);
    expect(a.placements.map((p) => p.colour)).toEqual(b.placements.map((p) => p.colour));
    expect(new Set(a.placements.map((p) => p.colour)).size).toBe(3);
    expect(a.placements.map((p) => [p.name, p.copy])).toEqual([['A', 0], ['B', 0], ['B', 1]]);
    // Piece A keeps its colour whichever order the solver lists placements in.
    const swapped = packingDrawing(frame, { kind: 'packing', placements: [sol.placements[1]!, sol.placements[0]!, sol.placements[2]!] });
    expect(swapped.placements.find((p) => p.name === 'A')!.colour).toBe(a.placements[0]!.colour);
    const many = new Set(Array.from({ length: 60 }, (_, i) => slotColour(i)));
    expect(many.size).toBe(60);
  });

  it('outlines run between pieces, not inside one', () => {
    const d = packingDrawing(frame, sol);
    const has = (s: number[]) => d.outlines.some((o) => o.join() === s.join());
    expect(has([1, 0, 1, 1])).toBe(false); // inside A
    expect(has([0, 1, 1, 1])).toBe(true); // A above B
    expect(has([1, 1, 1, 2])).toBe(true); // B copy 0 | B copy 1
    expect(has([0, 0, 0, 1])).toBe(true); // outer rim
  });

  it('without a solution every cell is empty or a hole', () => {
    const d = packingDrawing(frame, null);
    expect(d.placements).toEqual([]);
    expect(d.cells.filter((c) => c.state === 'empty').length).toBe(4);
    expect(d.cells.filter((c) => c.state === 'hole').length).toBe(2);
  });
});

describe('edge-matching drawing', () => {
  it('turns tiles: edge i faces side (i + rotation) % 4', () => {
    expect(rotatedSides(['a', 'b', 'c', 'd'], 0)).toEqual(['a', 'b', 'c', 'd']);
    expect(rotatedSides(['a', 'b', 'c', 'd'], 1)).toEqual(['d', 'a', 'b', 'c']);
    expect(rotatedSides(['a', 'b', 'c', 'd'], 3)).toEqual(['b', 'c', 'd', 'a']);
    const p = read({ kind: 'edge-matching', rows: 1, cols: 2, tiles: [{ name: 'x', edges: ['Y+', 'R-', 'B+', 'G-'], face: 'Frog' }, { edges: ['a', 'b', 'c', 'd'] }] });
    if (p.kind !== 'edge-matching') throw new Error();
    const d = edgeDrawing(p, { kind: 'edge-matching', grid: [{ tile: 1, rotation: 0 }, { tile: 0, rotation: 2 }] });
    expect(d.tiles[1]).toMatchObject({ row: 0, col: 1, name: 'x', face: 'Frog', sides: ['B+', 'G-', 'Y+', 'R-'] });
    expect(d.tiles[1]!.colours[0]).toBe(labelColour('B-'));
    expect(labelColour('Y+')).not.toBe(labelColour('R+'));
    expect(edgeDrawing(p, null).tiles).toEqual([null, null]);
  });
});

describe('snake drawing', () => {
  const chain: Point3[] = [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0], [0, 1, 1], [1, 1, 1]];
  it('finds corners', () => {
    expect(chainCorners(chain)).toEqual([1, 2, 3, 4]);
  });
  it('folds from straight (t = 0) to solved (t = 1) keeping unit links', () => {
    const solved = foldChain(chain, 1);
    solved.forEach((p, i) => p.forEach((v, a) => expect(v).toBeCloseTo(chain[i]![a]!, 9)));
    const straight = foldChain(chain, 0);
    straight.forEach((p, i) => {
      expect(p[0]).toBeCloseTo(i, 9);
      expect(p[1]).toBeCloseTo(0, 9);
      expect(p[2]).toBeCloseTo(0, 9);
    });
    for (const t of [0.13, 0.5, 0.77]) {
      const mid = foldChain(chain, t);
      for (let i = 1; i < mid.length; i++) expect(Math.hypot(...mid[i]!.map((v, a) => v - mid[i - 1]![a]!))).toBeCloseTo(1, 9);
    }
  });
  it('colours runs alternately', () => {
    const p = read({ kind: 'snake', box: [2, 2, 2], segments: [2, 2] });
    if (p.kind !== 'snake') throw new Error();
    const d = snakeDrawing(p, { kind: 'snake', chain: [[0, 0, 0], [1, 0, 0], [1, 1, 0]] });
    expect(d.cubes.map((c) => c.corner)).toEqual([false, true, false]);
    expect(d.cubes[0]!.colour).toBe(d.cubes[1]!.colour);
    expect(d.cubes[2]!.colour).not.toBe(d.cubes[1]!.colour);
  });
});
