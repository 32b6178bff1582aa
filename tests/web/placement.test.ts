// The WASM module's place(): the puzzle left once pieces are placed by hand, read as the page
// reads it, and its solutions completed into the original's (the pinned pieces first, its own
// cells shifted back and its pieces renumbered).
import { describe, expect, it } from 'vitest';
import { readPlaceReply, withPlacements } from '../../web/src/place/placement';
import { typedCells } from '../../web/src/place/pin-panel';
import { puzzleText, solverModule } from './wasm-helpers';

async function place(text: string, pins: string[]) {
  return readPlaceReply((await solverModule()).place(text, JSON.stringify(pins)));
}

describe('place()', () => {
  it('leaves the pentominoes without X and its cells, and completes a solution with it', async () => {
    const r = await place(puzzleText('pentomino-6x10'), ['X@1,1;0,2;1,2;2,2;1,3']);
    if (!r.ok) throw new Error(r.error);
    const left = JSON.parse(r.placed.document);
    expect(left.pieces.map((p: { name: string }) => p.name)).not.toContain('X');
    expect(r.placed.pieceOf).toHaveLength(11);
    expect(r.placed.placed.map((p) => p.piece)).toEqual([9]);
    expect(r.placed.placed[0]!.cells.map((c) => c.join(',')).sort()).toEqual(['0,2,0', '1,1,0', '1,2,0', '1,3,0', '2,2,0']);
    const whole = withPlacements(r.placed, { kind: 'packing', placements: [{ piece: 0, cells: [[0, 0, 0]] }] });
    if (whole.kind !== 'packing') throw new Error('packing');
    expect(whole.placements[0]!.piece).toBe(9);
    expect(whole.placements[1]).toEqual({ piece: r.placed.pieceOf[0], cells: [[r.placed.shift[0], r.placed.shift[1], r.placed.shift[2]]] });
  });

  it('refuses in one line', async () => {
    expect(await place(puzzleText('pentomino-6x10'), ['I@0,0;1,0;2,0;3,0;4,1'])).toEqual({
      ok: false, error: 'place I@0,0;1,0;2,0;3,0;4,1: these cells are not I turned or mirrored as the puzzle allows',
    });
    expect(await place(puzzleText('frogs'), ['a@0,0'])).toMatchObject({ ok: false, error: expect.stringMatching(/packing puzzles only/) });
    expect(await place(puzzleText('soma'), 'not a list' as unknown as string[])).toMatchObject({ ok: false });
  });
});

describe('cells typed for a pin', () => {
  it('reads x,y and x,y,z, and leaves out what is not a cell', () => {
    expect(typedCells('0,1; 2,3;4,5,6')).toEqual([[0, 1, 0], [2, 3, 0], [4, 5, 6]]);
    expect(typedCells('1,a;;-1,2;1,2,3,4')).toEqual([[-1, 2, 0]]);
  });
});
