// The piece tray's model over the solver's own descriptions: one item per piece, tile type or
// chain, with copies and the colour the board gives the piece.
import { describe, expect, it } from 'vitest';
import { puzzlePieceSlots } from '../../web/src/render/drawing-model';
import { slotColour } from '../../web/src/render/palette';
import { copiesText, flatChain, trayItems } from '../../web/src/tray/tray-model';
import { described } from './wasm-helpers';

describe('tray items', () => {
  it('lists each packing piece at the origin, in its first copy colour, with its copies', async () => {
    const d = await described({
      kind: 'packing',
      board: { shape: ['####', '####'] },
      pieces: [{ name: 'A', cells: [[3, 3], [4, 3]] }, { name: 'B', shape: ['#'], count: 2 }, { name: 'C', shape: ['#'], count: { min: 0, max: 4 } }],
    });
    if (d.kind !== 'packing') throw new Error('packing');
    const items = trayItems(d);
    expect(items.map((i) => i.name)).toEqual(['A', 'B', 'C']);
    expect(items[0]).toMatchObject({ kind: 'piece', index: 0, cells: [[0, 0, 0], [1, 0, 0]], copies: '×1', solid: false });
    expect(items.map((i) => (i.kind === 'piece' ? i.colour : ''))).toEqual(puzzlePieceSlots(d).map(slotColour));
    expect(items[1]).toMatchObject({ copies: '×2' });
    expect(items[2]).toMatchObject({ copies: '×0–4' });
  });

  it('moves a tetrahedron piece by whole cubes, and always draws it solid', async () => {
    const d = await described({
      kind: 'packing', grid: 'rhombic-tetrahedron',
      board: { cells: [[2, 1, 0], [1, 2, 0], [3, 2, 0], [2, 3, 0]] },
      pieces: [{ name: 'P', cells: [[7, 6, 5], [6, 7, 5]], count: 2 }],
    });
    if (d.kind !== 'packing') throw new Error('packing');
    expect(trayItems(d)[0]).toMatchObject({ cells: [[2, 1, 0], [1, 2, 0]], solid: true, grid: 'rhombic-tetrahedron' });
  });

  it('draws a 3D piece solid only when it spans layers', async () => {
    const d = await described({
      kind: 'packing',
      board: { shape: [['##', '##'], ['##', '##']] },
      pieces: [{ name: 'flat', shape: [['##', '#.']] }, { name: 'tall', shape: [['#.', '..'], ['#.', '..']] }, { name: 'one', shape: [['#']] }],
    });
    expect(trayItems(d).map((i) => i.kind === 'piece' && i.solid)).toEqual([false, true, false]);
  });

  it('lists tile types with their counts, and the snake as one chain', async () => {
    const tiles = await described({
      kind: 'edge-matching', rows: 1, cols: 3,
      tiles: [{ name: 'a', edges: ['x', 'y', 'x', 'y'], count: 2 }, { edges: ['x', 'x', 'x', 'x'] }],
    });
    expect(trayItems(tiles)).toEqual([
      { kind: 'tile', index: 0, name: 'a', copies: '×2' },
      { kind: 'tile', index: 1, name: '1', copies: '×1' },
    ]);
    const snake = await described({ kind: 'snake', box: [2, 2, 2], segments: [2, 2, 2, 2, 2, 2, 2] });
    expect(trayItems(snake)).toEqual([{ kind: 'chain', name: 'chain', segments: [2, 2, 2, 2, 2, 2, 2], cubes: 8 }]);
  });
});

describe('tray pictures', () => {
  it('lays the chain flat as a staircase, its runs sharing their corner cubes', () => {
    const { cells, run } = flatChain([3, 2, 3]);
    expect(cells).toEqual([[0, 0], [1, 0], [2, 0], [2, 1], [3, 1], [4, 1]]);
    expect(run).toEqual([0, 0, 0, 1, 2, 2]);
  });

  it('says copies as ×n or a range', () => {
    expect(copiesText(1, 1)).toBe('×1');
    expect(copiesText(0, 3)).toBe('×0–3');
  });
});
