// The module's placements(): every place a piece fits on the empty board, as the search lists
// them, read as the page reads them (place/piece-placements.ts), on grids whose turns are not the
// cube's too; and its refusals in one line. (tests/cpp/piece_placements_test.cpp checks them
// against the search's own solutions on every grid.)
import { describe, expect, it } from 'vitest';
import { placementCells, readPlacementsReply } from '../../web/src/place/piece-placements';
import type { PackingDescription, Vec3 } from '../../web/src/solver/description';
import { described, puzzleText, solverModule } from './wasm-helpers';

async function placements(doc: string | object, piece: number): Promise<{ d: PackingDescription; cells: Vec3[][] }> {
  const text = typeof doc === 'string' ? doc : JSON.stringify({ format: 'piecewise/1', name: 't', ...doc });
  const d = await described(JSON.parse(text));
  if (d.kind !== 'packing') throw new Error('packing');
  const r = readPlacementsReply((await solverModule()).placements(text, piece));
  if (!r.ok) throw new Error(r.error);
  return { d, cells: placementCells(d, r) };
}

async function refusal(text: string, piece: number): Promise<string> {
  const r = readPlacementsReply((await solverModule()).placements(text, piece));
  if (r.ok) throw new Error('listed');
  return r.error;
}

/** Whether the first cells (the lowest in reading order: z, then y, then x) never go back. */
function inReadingOrder(list: Vec3[][]): boolean {
  const order = (a: Vec3, b: Vec3) => a[2] - b[2] || a[1] - b[1] || a[0] - b[0];
  const firsts = list.map((cells) => cells.reduce((a, b) => (order(b, a) < 0 ? b : a)));
  return firsts.every((f, i) => i === 0 || order(firsts[i - 1]!, f) <= 0);
}

describe('placements()', () => {
  it('counts the pentomino placements of the 6×10 board, in reading order of the first cell', async () => {
    const text = puzzleText('pentomino-6x10');
    const { d } = await placements(text, 0);
    const byName = (name: string) => d.pieces.findIndex((p) => p.name === name);
    // X: one orientation, 4 × 8 places; I: two, 6 × 6 + 10 × 2; F: eight, each 4 × 8 or 8 × 4.
    expect((await placements(text, byName('X'))).cells).toHaveLength(32);
    expect((await placements(text, byName('I'))).cells).toHaveLength(56);
    const f = (await placements(text, byName('F'))).cells;
    expect(f).toHaveLength(8 * 32);
    expect(inReadingOrder(f)).toBe(true);
    expect(f[0]!.every((c) => d.board.cells.some((b) => b.join() === c.join()))).toBe(true);
  });

  it('turns 3D pieces in space, mirrors only where allowed', async () => {
    const doc = {
      kind: 'packing', board: { shape: [['##', '##'], ['##', '##']] },
      pieces: [{ name: 'L', shape: [['##', '#.']] }, { name: 'S', shape: [['##', '..'], ['.#', '.#']], rotations: false }],
    };
    expect((await placements(doc, 0)).cells).toHaveLength(24);
    expect((await placements(doc, 1)).cells).toHaveLength(1);
  });

  it('turns triangles and hexagons by 60°', async () => {
    // Three triangles in a row on a board whose three bend at a level side: one of the grid's
    // turns by 60° makes one the other (the cube's quarter turns never do).
    const t = await placements({ kind: 'packing', grid: 'triangle', board: { cells: [[0, 0], [0, 1], [1, 1]] }, pieces: [{ name: 'P', cells: [[0, 0], [1, 0], [2, 0]] }] }, 0);
    expect(t.cells).toHaveLength(1);
    expect(t.cells[0]!.map((c) => c.join(',')).sort()).toEqual(['0,0,0', '0,1,0', '1,1,0']);
    // Three hexagons in a row fit along each of the three directions of a hexagon of 19.
    const hexagon: number[][] = [];
    for (let y = -2; y <= 2; y++) for (let x = -2; x <= 2; x++) if (Math.abs(x + y) <= 2) hexagon.push([x, y]);
    const h = await placements({ kind: 'packing', grid: 'hexagon', board: { cells: hexagon }, pieces: [{ name: 'I', cells: [[0, 0], [1, 0], [2, 0]] }] }, 0);
    expect(h.cells).toHaveLength(3 * 9);
    // Tetrahex A (three in a row, one beside the middle) on the 4×7 parallelogram: its 12
    // orientations (gallery.e2e.mjs counts them in the page).
    expect((await placements(puzzleText('tetrahex-4x7'), 0)).cells).toHaveLength(148);
  });

  it('gives a flat piece of balls in a triangular layer the turns of space that keep it on the lattice', async () => {
    const layer: number[][] = [];
    for (let z = -3; z <= 3; z++) for (let y = -3; y <= 3; y++) for (let x = -3; x <= 3; x++) if (x + y + z === 0) layer.push([x, y, z]);
    const piece = { name: 'F', cells: [[0, 0, 0], [1, -1, 0], [2, -2, 0], [1, -2, 1]] };
    const balls = await placements({ kind: 'packing', grid: 'sphere', board: { cells: layer }, pieces: [piece] }, 0);
    const cubes = await placements({ kind: 'packing', grid: 'rhombic-dodecahedron', board: { cells: layer }, pieces: [piece] }, 0);
    expect(cubes.cells.length).toBeGreaterThan(0);
    expect(balls.cells.length).toBeGreaterThan(cubes.cells.length);
  });

  it('refuses in one line', async () => {
    const one = JSON.stringify({ format: 'piecewise/1', name: 't', kind: 'packing', board: { shape: ['##'] }, pieces: [{ name: 'D', shape: ['##'] }] });
    expect(await refusal(one, 1)).toBe('placements: piece 1 does not exist (the puzzle has 1 piece)');
    expect(await refusal(one, -1)).toBe('placements: piece -1 does not exist (the puzzle has 1 piece)');
    expect(await refusal(puzzleText('frogs'), 0)).toBe('placements: only the pieces of a packing puzzle have placements');
    expect(await refusal('{"format": "piecewise/1"', 0)).toMatch(/^[^\n]+$/);
  });
});
