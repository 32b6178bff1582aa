import { describe, expect, it } from 'vitest';
import { expectedCounts, readPuzzle } from '../../web/src/model/document';

describe('readPuzzle', () => {
  it('expands a 2D board with # and + cells and ASCII pieces', () => {
    const r = readPuzzle(
      JSON.stringify({
        format: 'piecewise/1', name: 'T', kind: 'packing',
        board: { shape: ['#+', '.#'] },
        pieces: [{ name: 'A', shape: ['##'] }, { name: 'B', cells: [[0, 0]], count: { min: 0, max: 3 } }],
      }),
    );
    expect(r.ok).toBe(true);
    if (!r.ok || r.puzzle.kind !== 'packing') throw new Error('packing expected');
    expect(r.puzzle.dims).toBe(2);
    expect(r.puzzle.board).toEqual([
      { p: [0, 0, 0], mark: '#' },
      { p: [1, 0, 0], mark: '+' },
      { p: [1, 1, 0], mark: '#' },
    ]);
    expect(r.puzzle.size).toEqual([2, 2, 1]);
    expect(r.puzzle.pieces[0]!.cells).toEqual([[0, 0, 0], [1, 0, 0]]);
    expect(r.puzzle.pieces[1]!.maxCopies).toBe(3);
  });

  it('reads 3D layers and 3D cell lists', () => {
    const r = readPuzzle(
      JSON.stringify({
        kind: 'packing', name: 'C',
        board: { shape: [['##'], ['##']] },
        pieces: [{ cells: [[0, 0, 0], [0, 0, 1]] }],
      }),
    );
    if (!r.ok || r.puzzle.kind !== 'packing') throw new Error('packing expected');
    expect(r.puzzle.dims).toBe(3);
    expect(r.puzzle.board.map((c) => c.p)).toEqual([[0, 0, 0], [1, 0, 0], [0, 0, 1], [1, 0, 1]]);
    expect(r.puzzle.pieces[0]!.name).toBe('1');
  });

  it('reads edge-matching tiles and snakes', () => {
    const e = readPuzzle(JSON.stringify({ kind: 'edge-matching', rows: 1, cols: 2, match: 'complement', tiles: [{ edges: ['A+', 'B-'] }] }));
    if (!e.ok || e.puzzle.kind !== 'edge-matching') throw new Error('edge expected');
    expect(e.puzzle.tiles[0]!.edges).toEqual(['A+', 'B-', '?', '?']);
    expect(e.puzzle.match).toBe('complement');
    const s = readPuzzle(JSON.stringify({ kind: 'snake', box: [3, 3, 3], segments: [3, 2, 3] }));
    if (!s.ok || s.puzzle.kind !== 'snake') throw new Error('snake expected');
    expect(s.puzzle.cubes).toBe(6);
    const j = readPuzzle(JSON.stringify({ kind: 'snake', box: [2, 1, 1], joints: 'ESCSE' }));
    if (!j.ok || j.puzzle.kind !== 'snake') throw new Error('snake expected');
    expect(j.puzzle.cubes).toBe(5);
    expect(j.puzzle.segments).toEqual([3, 3]);
  });

  it('never throws on odd input', () => {
    for (const text of ['', '[]', 'null', '{"kind":"packing"}', '{"kind":"packing","board":{"shape":[1,[2],null]},"pieces":[null,{"cells":"x"}]}',
      '{"kind":"edge-matching","rows":-1,"tiles":"x"}', '{"kind":"snake","box":"big"}', '{"kind":"nope"}']) {
      const r = readPuzzle(text);
      expect(typeof r.ok).toBe('boolean');
    }
    expect(readPuzzle('{').ok).toBe(false);
    expect(readPuzzle('{"kind":"nope"}')).toMatchObject({ ok: false, error: expect.stringContaining('kind') });
  });
});

describe('expectedCounts', () => {
  it('parses the notes sentence', () => {
    expect(expectedCounts('Twelve polycubes. Expected: 236136 solutions, 9839 unique.')).toEqual({ solutions: 236136, unique: 9839 });
    expect(expectedCounts('Expected: 1 solutions, 1 unique.')).toEqual({ solutions: 1, unique: 1 });
    expect(expectedCounts('Expected: 1,234 solutions, 5 unique')).toEqual({ solutions: 1234, unique: 5 });
    expect(expectedCounts('counting all is out of reach')).toBeNull();
  });
});
