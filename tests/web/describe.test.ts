// The page's one reader of documents: describe() of the real WASM module (the C++ parser) and
// its TypeScript reading, for every kind, the library, and documents the solver refuses.
import { readdirSync, readFileSync } from 'node:fs';
import { describe as group, expect, it } from 'vitest';
import { describe, described } from './wasm-helpers';

group('describe', () => {
  it('gives a 2D board with # and + cells, pieces with their counts and resolved defaults', async () => {
    const d = await described({
      kind: 'packing',
      board: { shape: ['#+', '.#'] },
      pieces: [{ name: 'A', shape: ['##'] }, { name: 'B', cells: [[0, 0]], count: { min: 0, max: 3 }, rotations: false }],
    });
    if (d.kind !== 'packing') throw new Error('packing expected');
    expect(d.dimensions).toBe(2);
    expect(d.board).toEqual({ cells: [[0, 0, 0], [1, 0, 0], [1, 1, 0]], marks: '#+#' });
    expect(d.pieces[0]).toEqual({ name: 'A', cells: [[0, 0, 0], [1, 0, 0]], min: 1, max: 1, rotations: true, reflections: true });
    expect(d.pieces[1]).toMatchObject({ min: 0, max: 3, rotations: false });
    expect(d.expected).toBeNull();
  });

  it('takes 2D or 3D from the board: layers and 3D cell lists are 3D', async () => {
    const layers = await described({ kind: 'packing', board: { shape: [['##'], ['##']] }, pieces: [{ name: 'I', cells: [[0, 0, 0], [0, 0, 1]] }] });
    if (layers.kind !== 'packing') throw new Error('packing expected');
    expect(layers.dimensions).toBe(3);
    expect(layers.board.cells).toEqual([[0, 0, 0], [1, 0, 0], [0, 0, 1], [1, 0, 1]]);
    expect(layers.pieces[0]!.reflections).toBe(false);
    // A flat board written as 3D cells is a 3D puzzle; its pieces must be 3D too (the solver says so).
    const mixed = await describe({ format: 'piecewise/1', name: 't', kind: 'packing', board: { cells: [[0, 0, 0], [1, 0, 0]] }, pieces: [{ name: 'D', shape: ['##'] }] });
    expect(mixed).toEqual({ ok: false, error: expect.stringContaining('a 2D piece on a 3D board') });
  });

  it('gives edge-matching tiles and snakes, whichever way the chain is written', async () => {
    const e = await described({ kind: 'edge-matching', rows: 1, cols: 2, match: 'complement', tiles: [{ edges: ['A+', 'B-', 'A-', 'B+'], count: 2 }] });
    if (e.kind !== 'edge-matching') throw new Error('edge-matching expected');
    expect(e.tiles).toEqual([{ name: '0', edges: ['A+', 'B-', 'A-', 'B+'], face: null, count: 2 }]);
    expect(e).toMatchObject({ rows: 1, cols: 2, match: 'complement', border: null, rotations: true, distinct: { row: false, column: false } });
    const s = await described({ kind: 'snake', box: [3, 2, 1], segments: [3, 2, 3] });
    expect(s).toMatchObject({ kind: 'snake', box: [3, 2, 1], segments: [3, 2, 3], cubes: 6, givenAs: 'segments' });
    const j = await described({ kind: 'snake', box: [5, 1, 1], joints: 'ESSSE' });
    expect(j).toMatchObject({ segments: [5], cubes: 5, givenAs: 'joints' });
  });

  it('reads the notes\' expected counts once, for the page to show apart from the rest of the notes', async () => {
    const d = await described({ kind: 'snake', box: [2, 1, 1], segments: [2], notes: 'A domino. Expected: 1,234 solutions, 5 unique. Easy.' });
    expect(d.expected).toEqual({ solutions: '1234', unique: '5', sentence: 'Expected: 1,234 solutions, 5 unique.' });
    expect(d.notes.replace(d.expected!.sentence, '')).toBe('A domino.  Easy.');
  });

  it('refuses what the solver refuses, with its one-line message', async () => {
    for (const text of ['', '[]', 'null', '{', '{"kind":"packing"}', '{"format":"piecewise/1","name":"x","kind":"nope"}',
      '{"format":"piecewise/1","name":"x","kind":"packing","board":{"shape":[1,[2],null]},"pieces":[null]}',
      '{"format":"piecewise/1","name":"x","kind":"edge-matching","rows":-1,"tiles":"x"}', '{"format":"piecewise/1","name":"x","kind":"snake","box":"big"}']) {
      const r = await describe(text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.error).toMatch(/^[^\n]+$/);
    }
  });

  it('describes every library puzzle, with the counts its notes announce', async () => {
    const dir = new URL('../../puzzles/', import.meta.url);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.puzzle.json'))) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      const r = await describe(text);
      expect(r.ok, file).toBe(true);
      if (!r.ok) continue;
      const doc = JSON.parse(text);
      expect(r.puzzle.name).toBe(doc.name);
      expect(r.puzzle.kind).toBe(doc.kind);
      expect(r.puzzle.expected === null, file).toBe(!/Expected:/.test(doc.notes ?? ''));
    }
  });
});
