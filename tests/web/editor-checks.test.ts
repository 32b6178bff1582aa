// The editor's explanations of packing puzzles the solver accepts but that cannot be solved:
// cell counts, pieces that fit nowhere, board cells no piece reaches.
import { describe, expect, it } from 'vitest';
import { packingFindings } from '../../web/src/editor/checks/packing-checks';
import { described } from './wasm-helpers';

async function findings(fields: object) {
  const d = await described({ kind: 'packing', ...fields });
  if (d.kind !== 'packing') throw new Error('packing');
  return packingFindings(d);
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

  it('judges placements only where it knows the grid: a triiamond that fits turned by 60° is not said to fit nowhere', async () => {
    // The board's three triangles bend at a level side; the piece's lie in one row. Turning by a
    // quarter, as squares turn, never makes one the other.
    const t = await findings({ grid: 'triangle', board: { cells: [[0, 0], [0, 1], [1, 1]] }, pieces: [{ name: 'P', cells: [[0, 0], [1, 0], [2, 0]] }] });
    expect(t).toEqual({ board: null, pieces: [null] });
    const f = await findings({ grid: 'sphere', board: { cells: [[0, 0, 0], [1, 1, 0]] }, pieces: [{ name: 'I', cells: [[0, 0, 0], [1, 1, 0], [2, 2, 0]] }] });
    expect(f.pieces[0]).toMatch(/^I fits nowhere on the board/);
  });
});
