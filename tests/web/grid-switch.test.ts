// The editor's change of grid (web/src/editor/grid-switch.ts): what becomes of the cells, what
// it says, that undo brings the old document back, and that the solver accepts the result for
// every library packing puzzle on every grid the editor offers.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportObject, type Doc } from '../../web/src/editor/edits';
import { documentGrid, GRID_CHOICES, gridChoicesFor, switchGrid } from '../../web/src/editor/grid-switch';
import { commit, createHistory, undo } from '../../web/src/editor/history';
import { describe as describeDoc } from './wasm-helpers';

const doc = (fields: object): Doc => ({ format: 'piecewise/1', name: 't', kind: 'packing', ...fields }) as Doc;
const cellsOf = async (d: Doc) => {
  const r = await describeDoc(exportObject(d));
  if (!r.ok) throw new Error(r.error);
  if (r.puzzle.kind !== 'packing') throw new Error('packing expected');
  return r.puzzle;
};

describe('changing the grid in the editor', () => {
  it('lays cubes as square layers of balls, and back to the same cubes', async () => {
    const cubes = doc({ board: { shape: [['##', '#+'], ['#.', '..']] }, pieces: [{ name: 'A', shape: [['##'], ['#.']] }] });
    const balls = switchGrid(cubes, 'sphere');
    expect(balls.doc.grid).toBe('sphere');
    expect(Object.keys(balls.doc)).toEqual(['format', 'name', 'kind', 'grid', 'board', 'pieces']);
    expect(balls.said).toMatch(/^Grid: balls\. Each layer became a square layer of balls .*Undo brings the old cells back\.$/);
    const d = await cellsOf(balls.doc);
    // Layer 0: (x, y) at (x + y, x - y); layer 1 one step over, in the hollows.
    expect(d.board.cells.length).toBe(5);
    expect(d.board.marks.split('').sort().join('')).toBe('####+');
    const back = switchGrid(balls.doc, 'cube');
    expect(back.doc.grid).toBeUndefined();
    expect(back.doc.board).toEqual(cubes.board);
    expect(back.doc.pieces).toEqual(cubes.pieces);
  });

  it('keeps the cells between balls and rhombic dodecahedra, one lattice', async () => {
    const balls = switchGrid(doc({ board: { shape: [['###']] }, pieces: [{ name: 'A', shape: [['#']], count: 3 }] }), 'sphere').doc;
    const rhombic = switchGrid(balls, 'rhombic-dodecahedron');
    expect(rhombic.said).toBe('Grid: rhombic dodecahedra. The cells stay: both lie on the same lattice. Undo brings the old cells back.');
    expect(rhombic.doc.board).toEqual(balls.board);
    expect((await cellsOf(rhombic.doc)).grid).toBe('rhombic-dodecahedron');
  });

  it('keeps column and row on the plane, and drops all but the bottom layer going to 2D', async () => {
    const squares = doc({ board: { shape: ['##.', '.##'] }, pieces: [{ name: 'D', shape: ['##'], count: 2 }] });
    for (const grid of ['triangle', 'hexagon'] as const) {
      const moved = switchGrid(squares, grid);
      expect(moved.doc.board).toEqual(squares.board);
      expect(moved.said).toContain('Every cell keeps its column, row, now one of');
      expect((await cellsOf(moved.doc)).grid).toBe(grid);
    }
    const cubes = doc({ board: { shape: [['##', '##'], ['#.', '..']] }, pieces: [{ name: 'A', shape: [['#'], ['#']] }] });
    const flat = switchGrid(cubes, 'square');
    expect(flat.doc.board).toEqual({ shape: ['##', '##'] });
    expect(flat.doc.pieces).toEqual([{ name: 'A', shape: ['#'] }]);
    expect(flat.said).toContain("Only each shape's bottom layer was kept (2 cells dropped).");
    const one = doc({ board: { shape: [['##'], ['#.']] }, pieces: [{ name: 'A', shape: ['#'] }] });
    expect(switchGrid(one, 'square').said).toContain("Only each shape's bottom layer was kept (1 cell dropped).");
    const prisms = switchGrid(cubes, 'prism');
    expect(prisms.doc.board).toEqual(cubes.board);
    expect((await cellsOf(prisms.doc)).board.cells.length).toBe(5);
  });

  it('reads flat ball pieces as the layers of balls they are, and moves colours with their cells', async () => {
    const balls = doc({ grid: 'sphere', colours: [{ name: 'red', fits: ['red'] }],
      board: { cells: [[0, 0, 0], [1, 1, 0], [2, 0, 0]], colours: { red: [[2, 0, 0]] } },
      pieces: [{ name: 'I', shape: ['#', '#'], colours: { red: [[0, 1]] } }, { name: 'o', shape: ['#'] }] });
    expect(documentGrid(balls)).toBe('sphere');
    // A name the format does not know (even one every object has) is not a grid: the board's default is.
    expect(documentGrid(doc({ grid: 'toString', board: { shape: ['#'] } }))).toBe('square');
    const cubes = switchGrid(balls, 'cube').doc;
    const d = await cellsOf(cubes);
    expect(d.grid).toBe('cube');
    expect(d.board.cells.length).toBe(3);
    expect(d.pieces.map((p) => p.cells.length)).toEqual([2, 1]);
    // The red cells are still cells of their shapes (the solver checks), and still one each.
    expect(Object.values((cubes.board as Doc).colours as Doc).flat().length).toBe(1);
    expect(Object.values(((cubes.pieces as Doc[])[0]!.colours) as Doc).flat().length).toBe(1);
  });

  it('offers a grid it does not list by its name, not its identifier', () => {
    expect(gridChoicesFor('cube')).toBe(GRID_CHOICES);
    expect(GRID_CHOICES.map((c) => c.label)).toEqual(['squares (2D)', 'triangles (2D)', 'hexagons (2D)', 'cubes (3D)', 'balls (3D)', 'rhombic dodecahedra (3D)', 'triangular prisms (3D)']);
    expect(gridChoicesFor('rhombic-tetrahedron').at(-1)).toEqual({ grid: 'rhombic-tetrahedron', label: 'tetrahedra (3D)' });
  });

  it('is one step of the history: undo brings the old grid and cells back', () => {
    const before = doc({ board: { shape: ['###'] }, pieces: [{ name: 'I', shape: ['###'] }] });
    const h = commit(createHistory(before), switchGrid(before, 'hexagon').doc);
    expect(h.present.grid).toBe('hexagon');
    expect(undo(h).present).toBe(before);
    expect(switchGrid(before, 'square').doc).toBe(before);
  });

  it('gives the solver a document it accepts, from every library packing puzzle to every grid', async () => {
    const dir = new URL('../../puzzles/', import.meta.url);
    let tried = 0;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.puzzle.json'))) {
      const original = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Doc;
      if (original.kind !== 'packing') continue;
      for (const { grid } of GRID_CHOICES) {
        const { doc: moved } = switchGrid(original, grid);
        const r = await describeDoc(exportObject(moved));
        expect(r.ok ? r.puzzle.kind === 'packing' && r.puzzle.grid : r.error, `${file} on ${grid}`).toBe(grid);
        ++tried;
      }
    }
    expect(tried).toBeGreaterThan(100);
  });
});
