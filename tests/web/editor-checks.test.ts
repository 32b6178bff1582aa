// The editor's explanations of packing puzzles the solver accepts but that cannot be solved:
// cell counts, pieces that fit nowhere, board cells no piece reaches; the placements as the
// solver lists them (the module's placements(), asked as the editor asks it), on every grid.
import { describe, expect, it } from 'vitest';
import { packingFindings, placementsWanted } from '../../web/src/editor/checks/packing-checks';
import { placementCells, readPlacementsReply } from '../../web/src/place/piece-placements';
import { described, solverModule } from './wasm-helpers';

async function findings(fields: object) {
  const doc = { format: 'piecewise/1', name: 't', kind: 'packing', ...fields };
  const d = await described(doc);
  if (d.kind !== 'packing') throw new Error('packing');
  const module = await solverModule();
  const lists = d.pieces.map((_, i) => {
    const r = readPlacementsReply(module.placements(JSON.stringify(doc), i));
    if (!r.ok) throw new Error(r.error);
    return placementCells(d, r);
  });
  expect(placementsWanted(d)).toBe(true);
  return packingFindings(d, lists);
}

describe('packing findings', () => {
  it('says the pieces have too many cells for the board, and that the piece fits nowhere', async () => {
    const f = await findings({ board: { shape: ['#####', '#....', '.....'] }, pieces: [{ name: 'A', shape: ['#####', '#####', '#####'] }] });
    expect(f.board).toMatch(/^The pieces cover 15 cells, but the board has only 6 cells to fill: 9 too many\./);
    expect(f.board).toMatch(/6 board cells that must be filled no piece can reach: \(0,0\), \(1,0\)/);
    expect(f.pieces[0]).toBe('A fits nowhere on the board, however it is turned, so the puzzle has no solution.');
  });

  it('says the pieces are too few, counting copies and optional cells', async () => {
    const f = await findings({ board: { shape: ['####+', '#####'] }, pieces: [{ name: 'D', shape: ['##'], count: 3 }] });
    expect(f.board).toBe('The board has 9 cells to fill and 1 that may stay empty, but the pieces cover only 6 cells: 3 short. Add pieces or copies, or make the board smaller.');
  });

  it('finds a nook no piece reaches', async () => {
    const g = await findings({ board: { shape: ['#.###', '..###'] }, pieces: [{ name: 'I', shape: ['###'], count: 2 }, { name: 'o', shape: ['#'], count: { min: 0, max: 1 } }] });
    expect(g.board).toBeNull();
    const k = await findings({ board: { shape: ['#.###', '..###'] }, pieces: [{ name: 'I', shape: ['###'], count: 2 }, { name: 'D', shape: ['##'], count: { min: 0, max: 1 } }] });
    expect(k.board).toMatch(/^One board cell that must be filled no piece can reach: \(0,0\)\./);
  });

  it('says nothing of a library puzzle that works', async () => {
    const f = await findings({ board: { shape: ['###', '###'] }, pieces: [{ name: 'L', shape: ['##', '#.'], count: 2 }] });
    expect(f).toEqual({ board: null, pieces: [null] });
  });

  it("judges placements with the grid's own turns: triangles and hexagons by 60°, balls as space turns them", async () => {
    // The board's three triangles bend at a level side; the piece's lie in one row: a turn by
    // 60° makes one the other, so it fits.
    const t = await findings({ grid: 'triangle', board: { cells: [[0, 0], [0, 1], [1, 1]] }, pieces: [{ name: 'P', cells: [[0, 0], [1, 0], [2, 0]] }] });
    expect(t).toEqual({ board: null, pieces: [null] });
    // Three hexagons around a corner do not fit in a row of hexagons, however they turn.
    const h = await findings({ grid: 'hexagon', board: { cells: [[0, 0], [1, 0], [2, 0], [3, 0]] }, pieces: [{ name: 'V', cells: [[0, 0], [1, 0], [0, 1]] }, { name: 'o', cells: [[0, 0]], count: { min: 0, max: 1 } }] });
    expect(h.pieces[0]).toBe('V fits nowhere on the board, however it is turned, so the puzzle has no solution.');
    expect(h.pieces[1]).toBeNull();
    const f = await findings({ grid: 'sphere', board: { cells: [[0, 0, 0], [1, 1, 0]] }, pieces: [{ name: 'I', cells: [[0, 0, 0], [1, 1, 0], [2, 2, 0]] }] });
    expect(f.pieces[0]).toMatch(/^I fits nowhere on the board/);
    // A flat piece of balls in a triangular layer fits only turned over within it, as no turn of the cube's does.
    const flat = [[0, 0, 0], [1, -1, 0], [2, -2, 0], [1, -2, 1]];
    const turned = [[0, 0, 0], [-1, 1, 0], [-2, 2, 0], [-1, 2, -1]];
    const sphere = await findings({ grid: 'sphere', board: { cells: turned }, pieces: [{ name: 'F', cells: flat }] });
    expect(sphere).toEqual({ board: null, pieces: [null] });
    const cubes = await findings({ grid: 'rhombic-dodecahedron', board: { cells: turned }, pieces: [{ name: 'F', cells: flat }] });
    expect(cubes.pieces[0]).toMatch(/^F fits nowhere on the board/);
  });
});
