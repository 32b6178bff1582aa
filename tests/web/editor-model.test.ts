// The editor's pure model: painting, counts, flags, undo/redo, and export that keeps the format;
// what it writes, the solver reads back as meant.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  addPiece, addTile, exportDocument, exportObject, getCount, importDocument, newDocument, paintCell, parseSegments,
  resizeShape, segmentsToJoints, setCount, setDistinct, setField, setSnakeMode, setTileEdge, shapeGrid,
  straightChain, type Doc,
} from '../../web/src/editor/edits';
import { switchGrid } from '../../web/src/editor/grid-switch';
import { canRedo, canUndo, commit, createHistory, redo, seal, undo } from '../../web/src/editor/history';
import { describe as describeDoc } from './wasm-helpers';

const dir = new URL('../../puzzles/', import.meta.url);
const library = readdirSync(dir).filter((f) => f.endsWith('.puzzle.json'))
  .map((f) => ({ file: f, text: readFileSync(new URL(f, dir), 'utf8') }));

describe('editor model: library round trip', () => {
  for (const { file, text } of library) {
    it(`exports ${file} unchanged after import`, () => {
      const doc = importDocument(text);
      expect(JSON.parse(exportDocument(doc))).toEqual(JSON.parse(text));
    });
  }
  it('opens any JSON object of a kind it has a panel for, and says why not otherwise', () => {
    expect(() => importDocument('{')).toThrow(/not a puzzle file/);
    expect(() => importDocument('[1]')).toThrow(/not an object/);
    expect(() => importDocument('{"format":"x"}')).toThrow(/kind/);
    expect(() => importDocument('{"format":"piecewise/1","kind":"tangram"}')).toThrow(/kind/);
    // What else is wrong the solver says, in the editor's status line.
    expect(importDocument('{"format":"x","kind":"snake"}').kind).toBe('snake');
  });
});

describe('editor model: packing', () => {
  it('paints a board from nothing and trims the canvas margins on export', () => {
    let doc: Doc = setField(newDocument('packing'), ['board'], { shape: ['.....', '.....', '.....'] });
    for (const [x, y] of [[1, 1], [2, 1], [3, 1], [1, 2], [2, 2]]) doc = paintCell(doc, { board: true }, x, y, 0, '#');
    doc = paintCell(doc, { board: true }, 3, 2, 0, '+');
    const out = exportObject(doc);
    expect(out.board).toEqual({ shape: ['###', '##+'] });
    doc = paintCell(doc, { board: true }, 3, 2, 0, '.');
    expect(exportObject(doc).board).toEqual({ shape: ['###', '##.'] });
  });
  it('frames and trims triangle shapes by even translations, so that no triangle flips', () => {
    // A down triangle at (1, 0): framed from its cells, then trimmed on export, it stays down.
    let doc: Doc = { ...newDocument('packing'), grid: 'triangle', board: { cells: [[1, 0], [2, 0]] } };
    expect(shapeGrid(doc, { board: true }).layers[0]).toEqual(['.##']);
    doc = paintCell(doc, { board: true }, 2, 0, 0, '.');
    expect(exportObject(doc).board).toEqual({ shape: ['.#'] });
    const square = paintCell({ ...newDocument('packing'), board: { cells: [[1, 0], [2, 0]] } }, { board: true }, 1, 0, 0, '.');
    expect(exportObject(square).board).toEqual({ shape: ['#'] });
  });
  it('pieces never carry "+" (it means "may stay empty" on boards only)', () => {
    const doc = paintCell(newDocument('packing'), { piece: 0 }, 0, 1, 0, '+');
    expect(shapeGrid(doc, { piece: 0 }).layers[0]).toEqual(['##', '#.']);
  });
  it('grows the canvas when painting outside it and resizes by cropping', () => {
    let doc = paintCell(newDocument('packing'), { board: true }, 4, 0, 0, '#');
    expect(shapeGrid(doc, { board: true }).w).toBe(5);
    doc = resizeShape(doc, { board: true }, 2, 2, 1);
    expect((doc.board as Doc).shape).toEqual(['##', '##']);
  });
  it('builds 3D boards layer by layer and switches dimension', () => {
    let doc = switchGrid(newDocument('packing'), 'cube').doc;
    expect((doc.board as Doc).shape).toEqual([['###', '###']]);
    expect((doc.pieces as Doc[])[0].shape).toEqual([['##']]);
    doc = resizeShape(doc, { board: true }, 3, 2, 2);
    doc = paintCell(doc, { board: true }, 0, 0, 1, '#');
    expect((exportObject(doc).board as Doc).shape).toEqual([['###', '###'], ['#..', '...']]);
    doc = switchGrid(doc, 'square').doc;
    expect((doc.board as Doc).shape).toEqual(['###', '###']);
  });
  it('converts a cells board into art when painted', () => {
    let doc = setField(newDocument('packing'), ['board'], { cells: [[0, 0], [1, 0]] });
    doc = paintCell(doc, { board: true }, 0, 1, 0, '#');
    expect(doc.board).toEqual({ shape: ['##', '#.'] });
  });
  it('sets counts: fixed, default omitted, min-max', () => {
    let doc = setCount(newDocument('packing'), 'pieces', 0, 3);
    expect((doc.pieces as Doc[])[0].count).toBe(3);
    doc = setCount(doc, 'pieces', 0, 1);
    expect('count' in (doc.pieces as Doc[])[0]).toBe(false);
    doc = setCount(doc, 'pieces', 1, { min: 0, max: 4 });
    expect(getCount(doc, 'pieces', 1)).toEqual({ min: 0, max: 4 });
  });
  it('adds pieces with fresh names and flags as tri-state keys', () => {
    let doc = addPiece(newDocument('packing'));
    expect((doc.pieces as Doc[]).map((p) => p.name)).toEqual(['D', 'L', 'P3']);
    doc = setField(doc, ['rotations'], false);
    doc = setField(doc, ['pieces', 0, 'reflections'], true);
    expect(doc.rotations).toBe(false);
    expect(setField(doc, ['rotations'], undefined)).not.toHaveProperty('rotations');
  });
});

describe('editor model: edge matching and snake', () => {
  it('edits tiles, match, border and distinct', () => {
    let doc = addTile(newDocument('edge-matching'));
    doc = setTileEdge(doc, 2, 1, 'X+');
    doc = setField(doc, ['match'], 'complement');
    doc = setField(doc, ['border'], 'rim');
    doc = setDistinct(doc, true, true);
    doc = setField(doc, ['tiles', 2, 'face'], 'fish');
    expect((doc.tiles as Doc[])[2]).toEqual({ name: 't3', edges: ['a', 'X+', 'a', 'b'], face: 'fish' });
    expect(doc.distinct).toEqual(['row', 'column']);
    expect(setDistinct(doc, false, false)).not.toHaveProperty('distinct');
  });
  it('writes joints the solver reads back as the same segments, and switches forms', async () => {
    const segs = [3, 2, 2, 3, 2, 3, 2, 2, 3, 3, 2, 2, 2, 3, 3, 3, 3];
    const j = segmentsToJoints(segs);
    expect(j.length).toBe(27);
    const read = await describeDoc({ format: 'piecewise/1', name: 's', kind: 'snake', box: [3, 3, 3], joints: j });
    expect(read).toMatchObject({ ok: true, puzzle: { segments: segs, cubes: 27 } });
    let doc = setSnakeMode(newDocument('snake'), 'joints', [2, 2, 2]);
    expect(doc.joints).toBe('ECCE');
    expect(doc).not.toHaveProperty('segments');
    doc = setSnakeMode(doc, 'segments', [2, 2, 2]);
    expect(doc.segments).toEqual([2, 2, 2]);
    expect(doc).not.toHaveProperty('joints');
    expect(setSnakeMode(doc, 'segments', [9])).toBe(doc);
    expect(parseSegments('3, 2 2')).toEqual([3, 2, 2]);
    expect(parseSegments('3 x')).toBe(null);
  });
  it('lays out the straight chain preview with one point per cube', () => {
    expect(straightChain([3, 2, 2]).length).toBe(5);
  });
});

describe('editor model: history', () => {
  it('undoes and redoes immutable states', () => {
    const d0 = newDocument('packing');
    let h = createHistory(d0);
    expect(canUndo(h)).toBe(false);
    const d1 = paintCell(d0, { board: true }, 0, 0, 0, '.');
    h = commit(h, d1);
    const d2 = setField(d1, ['name'], 'x');
    h = commit(h, d2);
    expect(h.present).toBe(d2);
    h = undo(h);
    expect(h.present).toBe(d1);
    h = undo(h);
    expect(h.present).toBe(d0);
    expect(canRedo(h)).toBe(true);
    h = redo(h);
    expect(h.present).toBe(d1);
    h = commit(h, setField(d1, ['name'], 'y'));
    expect(canRedo(h)).toBe(false);
    expect((d0.board as Doc).shape).toEqual(['###', '###']); // never mutated
  });
  it('coalesces a drag into one step until sealed', () => {
    const d0 = newDocument('packing');
    let h = createHistory(d0);
    let d = d0;
    for (let x = 0; x < 3; x++) {
      d = paintCell(d, { board: true }, x, 0, 0, '.');
      h = commit(h, d, 'paint');
    }
    h = seal(h);
    h = commit(h, paintCell(d, { board: true }, 0, 1, 0, '.'), 'paint');
    expect(h.past.length).toBe(2);
    h = undo(undo(h));
    expect(h.present).toBe(d0);
  });
  it('exports new documents of every kind in the format order', () => {
    for (const k of ['packing', 'edge-matching', 'snake'] as const) {
      const keys = Object.keys(JSON.parse(exportDocument(newDocument(k))));
      expect(keys.slice(0, 3)).toEqual(['format', 'name', 'kind']);
    }
  });
});
