// The page starts loading three.js from a guess at the document's text (render/view.ts
// solidViewOf) while the solver reads it: the guess must name the view the solver's description
// then picks, on every kind and grid.
import { readdirSync, readFileSync } from 'node:fs';
import { describe as group, expect, it } from 'vitest';
import { solidViewOf } from '../../web/src/render/view';
import type { PuzzleDescription } from '../../web/src/solver/description';
import { described } from './wasm-helpers';

function viewOf(d: PuzzleDescription): 'snake' | 'packing' | null {
  if (d.kind === 'snake') return 'snake';
  return d.kind === 'packing' && d.dimensions === 3 ? 'packing' : null;
}

const documents: Record<string, unknown> = {
  'flat shape': { kind: 'packing', board: { shape: ['##'] }, pieces: [{ name: 'A', shape: ['##'] }] },
  'layers': { kind: 'packing', board: { shape: [['##'], ['##']] }, pieces: [{ name: 'I', cells: [[0, 0, 0], [0, 0, 1]] }] },
  'flat cells': { kind: 'packing', board: { cells: [[0, 0], [1, 0]] }, pieces: [{ name: 'A', cells: [[0, 0], [1, 0]] }] },
  'solid cells': { kind: 'packing', board: { cells: [[0, 0, 0], [1, 0, 0]] }, pieces: [{ name: 'A', cells: [[0, 0, 0], [1, 0, 0]] }] },
  'triangles': { kind: 'packing', grid: 'triangle', board: { cells: [[0, 0], [1, 0]] }, pieces: [{ name: 'A', cells: [[0, 0], [1, 0]] }] },
  'hexagons': { kind: 'packing', grid: 'hexagon', board: { cells: [[0, 0], [1, 0]] }, pieces: [{ name: 'A', cells: [[0, 0], [1, 0]] }] },
  'balls': { kind: 'packing', grid: 'sphere', board: { cells: [[0, 0, 0], [1, 1, 0]] }, pieces: [{ name: 'A', cells: [[0, 0, 0], [1, 1, 0]] }] },
  'prisms': { kind: 'packing', grid: 'prism', board: { cells: [[0, 0, 0], [0, 0, 1]] }, pieces: [{ name: 'A', cells: [[0, 0, 0], [0, 0, 1]] }] },
  'tiles': { kind: 'edge-matching', rows: 1, cols: 2, match: 'complement', tiles: [{ edges: ['A+', 'B-', 'A-', 'B+'], count: 2 }] },
  'snake': { kind: 'snake', box: [3, 2, 1], segments: [3, 2, 3] },
};

group('solidViewOf', () => {
  for (const [name, doc] of Object.entries(documents)) {
    it(`guesses the view the solver's description picks: ${name}`, async () => {
      const d = await described(doc as object);
      expect(solidViewOf(JSON.stringify({ format: 'piecewise/1', name, ...(doc as object) }))).toBe(viewOf(d));
    });
  }

  it('guesses every library puzzle right', async () => {
    const dir = new URL('../../puzzles/', import.meta.url);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.puzzle.json'))) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      const d = await described(JSON.parse(text) as object);
      expect(solidViewOf(text), file).toBe(viewOf(d));
    }
  });

  it('makes no guess from what is not a document', () => {
    for (const text of ['', '{', 'null', '[]', '{"kind":"packing"}', '{"kind":"packing","board":null}', '{"kind":"packing","board":{"cells":[null]}}'])
      expect(solidViewOf(text), text).toBeNull();
  });
});
