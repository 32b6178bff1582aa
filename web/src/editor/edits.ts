// The editor's documents: plain piecewise/1 objects, never mutated; every edit returns a new
// document. A shape nobody edited is exported exactly as it was imported, so library puzzles
// round-trip unchanged. No DOM here. Whether a document is valid, and what it means, is the
// solver's to say (the editor shows its description and messages).
import { fileStem } from '../ui/file-name';
import { isSolidShape } from '../solver/description';
import { gridCell, padGrid, movesOf, setGridCell, toGrid, trimSpec, withGrid, type Cell, type Grid, type ShapeSpec } from './grids';

export type Kind = 'packing' | 'edge-matching' | 'snake';
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type Doc = { [k: string]: Json };
export type Count = number | { min: number; max: number };

// ---------------------------------------------------------------- generic immutable updates
export type PathKey = string | number;

/** `value === undefined` deletes the key (or the array element). */
export function setIn(doc: Json, path: PathKey[], value: Json | undefined): Json {
  if (path.length === 0) return value === undefined ? null : value;
  const [head, ...rest] = path;
  if (Array.isArray(doc)) {
    const i = head as number;
    const copy = doc.slice();
    if (rest.length === 0 && value === undefined) copy.splice(i, 1);
    else copy[i] = setIn(doc[i] ?? null, rest, value);
    return copy;
  }
  const obj = doc && typeof doc === 'object' ? (doc as { [k: string]: Json }) : {};
  const copy: { [k: string]: Json } = { ...obj };
  if (rest.length === 0 && value === undefined) delete copy[head as string];
  else copy[head as string] = setIn(obj[head as string] ?? null, rest, value);
  return copy;
}

export function getIn(doc: Json, path: PathKey[]): Json | undefined {
  let cur: Json | undefined = doc;
  for (const k of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, Json>)[k as string];
  }
  return cur;
}

export function setField(doc: Doc, path: PathKey[], value: Json | undefined): Doc {
  return setIn(doc, path, value) as Doc;
}


// ---------------------------------------------------------------- documents
export function isPacking3D(doc: Doc): boolean {
  return isSolidShape(doc.board);
}

export function newDocument(kind: Kind): Doc {
  const base: Doc = { format: 'piecewise/1', name: 'My puzzle', kind };
  if (kind === 'packing') {
    return { ...base, board: { shape: ['###', '###'] }, pieces: [{ name: 'D', shape: ['##'] }, { name: 'L', shape: ['###', '#..'] }] };
  }
  if (kind === 'edge-matching') {
    return {
      ...base, rows: 1, cols: 2, match: 'same',
      tiles: [{ name: 't1', edges: ['a', 'b', 'a', 'b'] }, { name: 't2', edges: ['a', 'b', 'a', 'b'] }],
    };
  }
  return { ...base, box: [2, 2, 1], segments: [2, 2, 2] };
}

// packing -------------------------------------------------------
export type ShapeTarget = { board: true } | { piece: number };
function specPath(t: ShapeTarget): PathKey[] {
  return 'board' in t ? ['board'] : ['pieces', t.piece];
}

export function shapeGrid(doc: Doc, t: ShapeTarget): Grid {
  return toGrid(getIn(doc, specPath(t)) as ShapeSpec, movesOf(doc.grid));
}

/** Paints one cell: '#' must fill / piece cell, '+' may stay empty (boards only), '.' erases. */
export function paintCell(doc: Doc, t: ShapeTarget, x: number, y: number, z: number, c: Cell): Doc {
  const spec = (getIn(doc, specPath(t)) ?? {}) as ShapeSpec;
  const cell: Cell = c === '+' && !('board' in t) ? '#' : c;
  const g = toGrid(spec, movesOf(doc.grid));
  if (gridCell(g, x, y, z) === cell && Array.isArray(spec.shape)) return doc;
  const next = setGridCell(g, x, y, z, cell);
  return setField(doc, specPath(t), withGrid(spec, next, isPacking3D(doc)) as Json);
}

export function resizeShape(doc: Doc, t: ShapeTarget, w: number, h: number, d: number): Doc {
  const spec = (getIn(doc, specPath(t)) ?? {}) as ShapeSpec;
  const clamp = (n: number) => Math.max(1, Math.min(64, Math.floor(n) || 1));
  const g = padGrid(toGrid(spec, movesOf(doc.grid)), clamp(w), clamp(h), isPacking3D(doc) ? clamp(d) : 1);
  return setField(doc, specPath(t), withGrid(spec, g, isPacking3D(doc)) as Json);
}

export function addPiece(doc: Doc): Doc {
  const pieces = Array.isArray(doc.pieces) ? doc.pieces : [];
  const used = new Set(pieces.map((p) => (p as Doc).name));
  let n = pieces.length + 1;
  while (used.has(`P${n}`)) n++;
  const shape: Json = isPacking3D(doc) ? [['#']] : ['#'];
  return setField(doc, ['pieces'], [...pieces, { name: `P${n}`, shape }]);
}

export function removeItem(doc: Doc, list: 'pieces' | 'tiles', i: number): Doc {
  const items = Array.isArray(doc[list]) ? (doc[list] as Json[]) : [];
  return setField(doc, [list], items.filter((_, k) => k !== i));
}

export function duplicateItem(doc: Doc, list: 'pieces' | 'tiles', i: number): Doc {
  const items = Array.isArray(doc[list]) ? (doc[list] as Json[]) : [];
  if (!items[i]) return doc;
  return setField(doc, [list], [...items.slice(0, i + 1), items[i], ...items.slice(i + 1)]);
}

/** `count`: a number (1 is the default and is written by omitting the key) or {min, max}. */
export function setCount(doc: Doc, list: 'pieces' | 'tiles', i: number, count: Count): Doc {
  const value: Json | undefined = typeof count === 'number' ? (count === 1 ? undefined : count) : { min: count.min, max: count.max };
  return setField(doc, [list, i, 'count'], value);
}

export function getCount(doc: Doc, list: 'pieces' | 'tiles', i: number): Count {
  const c = getIn(doc, [list, i, 'count']);
  if (c && typeof c === 'object' && !Array.isArray(c)) return { min: Number((c as Doc).min) || 0, max: Number((c as Doc).max) || 0 };
  return typeof c === 'number' ? c : 1;
}

/** A tri-state boolean: undefined removes the key (the format's default applies). */
export function setFlag(doc: Doc, path: PathKey[], value: boolean | undefined): Doc {
  return setField(doc, path, value);
}

// edge matching -------------------------------------------------
export function addTile(doc: Doc): Doc {
  const tiles = Array.isArray(doc.tiles) ? doc.tiles : [];
  const prev = tiles[tiles.length - 1] as Doc | undefined;
  const edges = prev && Array.isArray(prev.edges) ? prev.edges : ['a', 'a', 'a', 'a'];
  return setField(doc, ['tiles'], [...tiles, { name: `t${tiles.length + 1}`, edges }]);
}

export function setTileEdge(doc: Doc, i: number, side: 0 | 1 | 2 | 3, label: string): Doc {
  const edges = (getIn(doc, ['tiles', i, 'edges']) as Json[] | undefined) ?? ['', '', '', ''];
  const next = [0, 1, 2, 3].map((k) => (k === side ? label : String(edges[k] ?? '')));
  return setField(doc, ['tiles', i, 'edges'], next);
}

export function setDistinct(doc: Doc, row: boolean, column: boolean): Doc {
  const list = [...(row ? ['row'] : []), ...(column ? ['column'] : [])];
  return setField(doc, ['distinct'], list.length ? list : undefined);
}

// snake ---------------------------------------------------------
/** Parses "3 3 2, 2" into [3,3,2,2]; null when it is not a list of whole numbers. */
export function parseSegments(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (parts.length === 0 || parts.some((p) => !/^\d+$/.test(p))) return null;
  return parts.map(Number);
}

/**
 * Writes the chain as segments or as joints. `segments` is the chain as the solver read it
 * from the document (its description), so either form converts to the other unchanged.
 */
export function setSnakeMode(doc: Doc, mode: 'segments' | 'joints', segments: readonly number[]): Doc {
  const other = mode === 'segments' ? 'joints' : 'segments';
  if (doc[mode] !== undefined && doc[other] === undefined) return doc;
  const chain: Json = mode === 'segments' ? segments.slice() : segmentsToJoints(segments);
  return setField(setField(doc, [other], undefined), [mode], chain);
}

/** Segments (cubes per straight run) as joints: E at the ends, C at each corner, S between. */
export function segmentsToJoints(segs: readonly number[]): string {
  if (segs.length === 0) return '';
  const total = segs.reduce((a, b) => a + b, 0) - (segs.length - 1);
  const out = Array.from({ length: Math.max(total, 0) }, () => 'S');
  let pos = 0;
  segs.forEach((s, k) => {
    if (k > 0) out[pos] = 'C';
    pos += s - 1;
  });
  if (out.length) {
    out[0] = 'E';
    out[out.length - 1] = 'E';
  }
  return out.join('');
}

/** The chain laid out with every corner turning in a fixed zig-zag: a preview, not a solution. */
export function straightChain(segments: readonly number[]): [number, number, number][] {
  const pts: [number, number, number][] = [[0, 0, 0]];
  const dirs: [number, number, number][] = [[1, 0, 0], [0, 1, 0], [-1, 0, 0], [0, 1, 0]];
  segments.slice(0, 2000).forEach((s, k) => {
    const d = dirs[k % 4];
    for (let i = 1; i < Math.min(s, 1000); i++) {
      const p = pts[pts.length - 1];
      pts.push([p[0] + d[0], p[1] + d[1], p[2] + d[2]]);
    }
  });
  return pts;
}

// ---------------------------------------------------------------- import / export
/**
 * Opens a .puzzle.json in the editor: any JSON object of a kind the editor has a panel for
 * (the solver then says what else is wrong with it). Throws an Error with a one-line message.
 */
export function importDocument(text: string): Doc {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new Error(`not a puzzle file: ${(e as Error).message}`);
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new Error('not a puzzle file: the JSON is not an object');
  const d = doc as Doc;
  if (d.kind !== 'packing' && d.kind !== 'edge-matching' && d.kind !== 'snake') {
    throw new Error(`kind: expected "packing", "edge-matching" or "snake", got ${JSON.stringify(d.kind ?? null)}`);
  }
  return d;
}

/** The document as the format wants it: editing margins trimmed, nothing else changed. */
export function exportObject(doc: Doc): Doc {
  if (doc.kind !== 'packing') return doc;
  const threeD = isPacking3D(doc);
  const moves = movesOf(doc.grid);
  let out = doc;
  if (doc.board && typeof doc.board === 'object') out = setField(out, ['board'], trimSpec(doc.board as ShapeSpec, threeD, moves) as Json);
  if (Array.isArray(doc.pieces)) {
    const pieces = (doc.pieces as ShapeSpec[]).map((p) => trimSpec(p, threeD, moves));
    if (pieces.some((p, i) => p !== (doc.pieces as Json[])[i])) out = setField(out, ['pieces'], pieces as Json);
  }
  return out;
}

/** Text for a .puzzle.json file (one-space indent like the library, final newline). */
export function exportDocument(doc: Doc): string {
  return JSON.stringify(exportObject(doc), null, 1) + '\n';
}

export function fileNameFor(doc: Doc): string {
  return `${fileStem(doc.name ?? 'puzzle')}.puzzle.json`;
}
