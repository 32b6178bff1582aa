// The drawing model over the solver's own descriptions of small puzzles (the real WASM module).
import { beforeAll, describe, expect, it } from 'vitest';
import { chainCorners, edgeDrawing, foldChain, packingDrawing, rotatedSides, snakeDrawing } from '../../web/src/render/drawing-model';
import { slotColour } from '../../web/src/render/palette';
import type { Point3 } from '../../web/src/protocol/messages';
import type { PackingDescription } from '../../web/src/solver/description';
import { described } from './wasm-helpers';

describe('packing drawing', () => {
  let frame: PackingDescription;
  beforeAll(async () => {
    const d = await described({
      kind: 'packing', name: 'F',
      board: { shape: ['##+', '##+'] },
      pieces: [{ name: 'A', shape: ['##'] }, { name: 'B', shape: ['#'], count: 2 }],
    });
    if (d.kind !== 'packing') throw new Error('packing expected');
    frame = d;
  });
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
    expect(d).toMatchObject({ origin: [0, 0, 0], size: [3, 2, 1] });
  });

  it('frames boards that reach negative coordinates', async () => {
    const d = await described({ kind: 'packing', board: { cells: [[-2, -1], [-1, -1], [0, 0]] }, pieces: [{ name: 'M', shape: ['#'], count: 3 }] });
    if (d.kind !== 'packing') throw new Error('packing expected');
    expect(packingDrawing(d, null)).toMatchObject({ origin: [-2, -1, 0], size: [3, 2, 1] });
  });
});

describe('edge-matching drawing', () => {
  it('turns tiles: edge i faces side (i + rotation) % 4', async () => {
    expect(rotatedSides(['a', 'b', 'c', 'd'], 0)).toEqual(['a', 'b', 'c', 'd']);
    expect(rotatedSides(['a', 'b', 'c', 'd'], 1)).toEqual(['d', 'a', 'b', 'c']);
    expect(rotatedSides(['a', 'b', 'c', 'd'], 3)).toEqual(['b', 'c', 'd', 'a']);
    const p = await described({ kind: 'edge-matching', rows: 1, cols: 2, tiles: [{ name: 'x', edges: ['Y+', 'R-', 'B+', 'G-'], face: 'Frog' }, { edges: ['a', 'b', 'c', 'd'] }] });
    if (p.kind !== 'edge-matching') throw new Error('edge-matching expected');
    const d = edgeDrawing(p, { kind: 'edge-matching', grid: [{ tile: 1, rotation: 0 }, { tile: 0, rotation: 2 }] });
    expect(d.tiles[1]).toMatchObject({ row: 0, col: 1, name: 'x', face: 'Frog', sides: ['B+', 'G-', 'Y+', 'R-'] });
    expect(edgeDrawing(p, null).tiles).toEqual([null, null]);
  });

  it('colours a label and its complement alike, different labels apart', async () => {
    const p = await described({ kind: 'edge-matching', rows: 1, cols: 2, match: 'complement', tiles: [{ edges: ['fish+', 'frog-', 'bird+', 'newt-'] }, { edges: ['fish-', 'frog+', 'bird-', 'R+'] }] });
    if (p.kind !== 'edge-matching') throw new Error('edge-matching expected');
    const [a, b] = edgeDrawing(p, { kind: 'edge-matching', grid: [{ tile: 0, rotation: 0 }, { tile: 1, rotation: 0 }] }).tiles;
    expect(b!.colours.slice(0, 3)).toEqual(a!.colours.slice(0, 3));
    expect(new Set(a!.colours).size).toBe(4);
    expect(b!.colours[3]).toBe('#d63a3a'); // R names red
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
  it('colours runs alternately', async () => {
    const p = await described({ kind: 'snake', box: [3, 1, 1], segments: [3] });
    if (p.kind !== 'snake') throw new Error('snake expected');
    const d = snakeDrawing(p, { kind: 'snake', chain: [[0, 0, 0], [1, 0, 0], [1, 1, 0]] });
    expect(d.cubes.map((c) => c.corner)).toEqual([false, true, false]);
    expect(d.cubes[0]!.colour).toBe(d.cubes[1]!.colour);
    expect(d.cubes[2]!.colour).not.toBe(d.cubes[1]!.colour);
  });
});
