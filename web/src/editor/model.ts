// The editor's pure model: documents are plain piecewise/1 objects, never mutated; every edit
// returns a new document, and the history is a list of those immutable states. No DOM here.
//
// Shapes being edited are grids of ASCII art (`#`, `+`, `.`); a grid may carry empty margins
// while painting (it is the canvas), and `exportDocument` trims them. A shape nobody edited is
// exported exactly as it was imported, so library puzzles round-trip unchanged.

export type Kind = 'packing' | 'edge-matching' | 'snake';
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type Doc = { [k: string]: Json };
export type Cell = '#' | '+' | '.';
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

// ---------------------------------------------------------------- shapes as grids
/** A dense grid: layers[z][y] is a row string of width w, '.' for empty. */
export interface Grid {
  w: number;
  h: number;
  d: number;
  layers: string[][];
}

type ShapeSpec = { shape?: Json; cells?: Json; [k: string]: Json | undefined };

export function isShape3D(spec: ShapeSpec | undefined): boolean {
  if (!spec) return false;
  if (Array.isArray(spec.shape)) return spec.shape.length > 0 && Array.isArray(spec.shape[0]);
  if (Array.isArray(spec.cells)) return spec.cells.some((c) => Array.isArray(c) && c.length === 3);
  return false;
}

/** Reads `shape` or `cells` into a grid; a 2D shape has d = 1. `+` survives only where `allowPlus`. */
export function toGrid(spec: ShapeSpec | undefined): Grid {
  const norm = (row: string) => row.replace(/ /g, '.');
  if (spec && Array.isArray(spec.shape)) {
    const raw = spec.shape as Json[];
    const layers: string[][] = (raw.length > 0 && Array.isArray(raw[0]) ? (raw as Json[][]) : [raw]).map((layer) =>
      (layer as Json[]).map((r) => norm(String(r ?? ''))),
    );
    const h = Math.max(0, ...layers.map((l) => l.length));
    const w = Math.max(0, ...layers.flatMap((l) => l.map((r) => r.length)));
    return padGrid({ w, h, d: layers.length, layers }, w, h, layers.length);
  }
  if (spec && Array.isArray(spec.cells)) {
    const pts = (spec.cells as Json[]).filter(Array.isArray).map((c) => (c as Json[]).map((v) => Number(v) || 0));
    if (pts.length === 0) return emptyGrid(1, 1, 1);
    const min = [0, 1, 2].map((k) => Math.min(...pts.map((p) => p[k] ?? 0)));
    const max = [0, 1, 2].map((k) => Math.max(...pts.map((p) => p[k] ?? 0)));
    let g = emptyGrid(max[0] - min[0] + 1, max[1] - min[1] + 1, max[2] - min[2] + 1);
    for (const p of pts) g = setGridCell(g, p[0] - min[0], p[1] - min[1], (p[2] ?? 0) - min[2], '#');
    return g;
  }
  return emptyGrid(1, 1, 1);
}

export function emptyGrid(w: number, h: number, d: number): Grid {
  return { w, h, d, layers: Array.from({ length: d }, () => Array.from({ length: h }, () => '.'.repeat(w))) };
}

/** Crops or pads (with '.') to exactly w × h × d. */
export function padGrid(g: Grid, w: number, h: number, d: number): Grid {
  const layers: string[][] = [];
  for (let z = 0; z < d; z++) {
    const src = g.layers[z] ?? [];
    const rows: string[] = [];
    for (let y = 0; y < h; y++) rows.push((src[y] ?? '').slice(0, w).padEnd(w, '.'));
    layers.push(rows);
  }
  return { w, h, d, layers };
}

export function gridCell(g: Grid, x: number, y: number, z: number): Cell {
  const c = g.layers[z]?.[y]?.[x];
  return c === '#' || c === '+' ? c : '.';
}

export function setGridCell(g: Grid, x: number, y: number, z: number, c: Cell): Grid {
  if (x < 0 || y < 0 || z < 0) return g;
  const grown = x >= g.w || y >= g.h || z >= g.d ? padGrid(g, Math.max(g.w, x + 1), Math.max(g.h, y + 1), Math.max(g.d, z + 1)) : g;
  const layers = grown.layers.slice();
  const rows = layers[z].slice();
  rows[y] = rows[y].slice(0, x) + c + rows[y].slice(x + 1);
  layers[z] = rows;
  return { ...grown, layers };
}

export function gridToShape(g: Grid, threeD: boolean): Json {
  return threeD ? g.layers.map((l) => l.slice()) : g.layers[0].slice();
}

/** Filled cells as [x, y, z]. */
export function gridCells(g: Grid): { x: number; y: number; z: number; c: Cell }[] {
  const out: { x: number; y: number; z: number; c: Cell }[] = [];
  g.layers.forEach((rows, z) => rows.forEach((row, y) => [...row].forEach((ch, x) => {
    if (ch === '#' || ch === '+') out.push({ x, y, z, c: ch });
  })));
  return out;
}

/** The bounding box of filled cells, or null when none. */
export function gridBounds(g: Grid): { x0: number; y0: number; z0: number; x1: number; y1: number; z1: number } | null {
  const cells = gridCells(g);
  if (cells.length === 0) return null;
  return {
    x0: Math.min(...cells.map((c) => c.x)), x1: Math.max(...cells.map((c) => c.x)),
    y0: Math.min(...cells.map((c) => c.y)), y1: Math.max(...cells.map((c) => c.y)),
    z0: Math.min(...cells.map((c) => c.z)), z1: Math.max(...cells.map((c) => c.z)),
  };
}

export function trimGrid(g: Grid): Grid {
  const b = gridBounds(g);
  if (!b) return emptyGrid(1, 1, 1);
  const layers = g.layers.slice(b.z0, b.z1 + 1).map((rows) => rows.slice(b.y0, b.y1 + 1).map((r) => r.slice(b.x0, b.x1 + 1)));
  return { w: b.x1 - b.x0 + 1, h: b.y1 - b.y0 + 1, d: b.z1 - b.z0 + 1, layers };
}

/** Returns the spec with `shape` replaced by the grid (and `cells` dropped), keeping other keys. */
function withGrid<T extends ShapeSpec>(spec: T, g: Grid, threeD: boolean): T {
  const { cells: _drop, ...rest } = spec;
  void _drop;
  return { ...rest, shape: gridToShape(g, threeD) } as T;
}

/** A shape spec with its empty margins removed; unchanged (same object) when it has none. */
export function trimSpec<T extends ShapeSpec>(spec: T, threeD: boolean): T {
  if (!Array.isArray(spec.shape)) return spec;
  const g = toGrid(spec);
  const b = gridBounds(g);
  if (!b) return spec;
  if (b.x0 === 0 && b.y0 === 0 && b.z0 === 0 && b.x1 === g.w - 1 && b.y1 === g.h - 1 && b.z1 === g.d - 1) return spec;
  return withGrid(spec, trimGrid(g), threeD);
}

// ---------------------------------------------------------------- documents
export function isPacking3D(doc: Doc): boolean {
  return isShape3D(doc.board as ShapeSpec);
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
  return toGrid(getIn(doc, specPath(t)) as ShapeSpec);
}

/** Paints one cell: '#' must fill / piece cell, '+' may stay empty (boards only), '.' erases. */
export function paintCell(doc: Doc, t: ShapeTarget, x: number, y: number, z: number, c: Cell): Doc {
  const spec = (getIn(doc, specPath(t)) ?? {}) as ShapeSpec;
  const cell: Cell = c === '+' && !('board' in t) ? '#' : c;
  const g = toGrid(spec);
  if (gridCell(g, x, y, z) === cell && Array.isArray(spec.shape)) return doc;
  const next = setGridCell(g, x, y, z, cell);
  return setField(doc, specPath(t), withGrid(spec, next, isPacking3D(doc)) as Json);
}

export function resizeShape(doc: Doc, t: ShapeTarget, w: number, h: number, d: number): Doc {
  const spec = (getIn(doc, specPath(t)) ?? {}) as ShapeSpec;
  const clamp = (n: number) => Math.max(1, Math.min(64, Math.floor(n) || 1));
  const g = padGrid(toGrid(spec), clamp(w), clamp(h), isPacking3D(doc) ? clamp(d) : 1);
  return setField(doc, specPath(t), withGrid(spec, g, isPacking3D(doc)) as Json);
}

/** Switches a packing puzzle between 2D and 3D: 2D -> one layer; 3D -> layer 0 only. */
export function setPackingDimension(doc: Doc, threeD: boolean): Doc {
  if (isPacking3D(doc) === threeD) return doc;
  const conv = (spec: ShapeSpec): ShapeSpec => {
    const g = toGrid(spec);
    return withGrid(spec, threeD ? g : padGrid(g, g.w, g.h, 1), threeD);
  };
  let next = setField(doc, ['board'], conv((doc.board ?? {}) as ShapeSpec) as Json);
  const pieces = Array.isArray(doc.pieces) ? (doc.pieces as ShapeSpec[]).map(conv) : [];
  next = setField(next, ['pieces'], pieces as Json);
  // The contract's defaults differ (reflections default true in 2D, false in 3D): keep them implicit.
  return next;
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

/** A tri-state boolean: undefined removes the key (the contract's default applies). */
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

export function setSnakeMode(doc: Doc, mode: 'segments' | 'joints'): Doc {
  if (mode === 'segments' && doc.segments === undefined) {
    const segs = typeof doc.joints === 'string' ? jointsToSegments(doc.joints) : [2];
    return setField(setField(doc, ['joints'], undefined), ['segments'], segs);
  }
  if (mode === 'joints' && doc.joints === undefined) {
    const j = Array.isArray(doc.segments) ? segmentsToJoints(doc.segments.map(Number)) : 'EE';
    return setField(setField(doc, ['segments'], undefined), ['joints'], j);
  }
  return doc;
}

export function segmentsToJoints(segs: number[]): string {
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

export function jointsToSegments(j: string): number[] {
  const segs: number[] = [];
  let run = 1;
  for (let i = 1; i < j.length; i++) {
    run++;
    if (j[i] === 'C') {
      segs.push(run);
      run = 1;
    }
  }
  if (j.length > 0) segs.push(run);
  return segs;
}

/** The chain laid out with every corner turning in a fixed zig-zag: a preview, not a solution. */
export function straightChain(doc: Doc): [number, number, number][] {
  const segs = Array.isArray(doc.segments)
    ? doc.segments.map(Number)
    : typeof doc.joints === 'string' ? jointsToSegments(doc.joints) : [];
  const pts: [number, number, number][] = [[0, 0, 0]];
  const dirs: [number, number, number][] = [[1, 0, 0], [0, 1, 0], [-1, 0, 0], [0, 1, 0]];
  segs.slice(0, 2000).forEach((s, k) => {
    const d = dirs[k % 4];
    for (let i = 1; i < Math.min(s, 1000); i++) {
      const p = pts[pts.length - 1];
      pts.push([p[0] + d[0], p[1] + d[1], p[2] + d[2]]);
    }
  });
  return pts;
}

// ---------------------------------------------------------------- import / export
/** Parses a .puzzle.json for the editor; throws an Error with a one-line message. */
export function importDocument(text: string): Doc {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new Error(`not a puzzle file: ${(e as Error).message}`);
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new Error('not a puzzle file: the JSON is not an object');
  const d = doc as Doc;
  if (d.format !== 'piecewise/1') throw new Error(`not a piecewise/1 puzzle: format is ${JSON.stringify(d.format ?? null)}`);
  if (d.kind !== 'packing' && d.kind !== 'edge-matching' && d.kind !== 'snake') {
    throw new Error(`kind: expected "packing", "edge-matching" or "snake", got ${JSON.stringify(d.kind ?? null)}`);
  }
  return d;
}

/** The document as the contract wants it: editing margins trimmed, nothing else changed. */
export function exportObject(doc: Doc): Doc {
  if (doc.kind !== 'packing') return doc;
  const threeD = isPacking3D(doc);
  let out = doc;
  if (doc.board && typeof doc.board === 'object') out = setField(out, ['board'], trimSpec(doc.board as ShapeSpec, threeD) as Json);
  if (Array.isArray(doc.pieces)) {
    const pieces = (doc.pieces as ShapeSpec[]).map((p) => trimSpec(p, threeD));
    if (pieces.some((p, i) => p !== (doc.pieces as Json[])[i])) out = setField(out, ['pieces'], pieces as Json);
  }
  return out;
}

/** Text for a .puzzle.json file (one-space indent like the library, final newline). */
export function exportDocument(doc: Doc): string {
  return JSON.stringify(exportObject(doc), null, 1) + '\n';
}

export function fileNameFor(doc: Doc): string {
  const slug = String(doc.name ?? 'puzzle').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return `${slug || 'puzzle'}.puzzle.json`;
}

// ---------------------------------------------------------------- history
export interface History {
  past: readonly Doc[];
  present: Doc;
  future: readonly Doc[];
  /** Consecutive commits with the same key (a drag, typing in one field) make one undo step. */
  lastKey: string | null;
}

export const HISTORY_LIMIT = 200;

export function createHistory(doc: Doc): History {
  return { past: [], present: doc, future: [], lastKey: null };
}

export function commit(h: History, doc: Doc, coalesceKey: string | null = null): History {
  if (doc === h.present) return h;
  if (coalesceKey !== null && coalesceKey === h.lastKey && h.past.length > 0) {
    return { past: h.past, present: doc, future: [], lastKey: coalesceKey };
  }
  const past = [...h.past, h.present].slice(-HISTORY_LIMIT);
  return { past, present: doc, future: [], lastKey: coalesceKey };
}

/** Ends a coalescing run (pointer up, field blur) so the next edit is its own step. */
export function seal(h: History): History {
  return h.lastKey === null ? h : { ...h, lastKey: null };
}

export function canUndo(h: History): boolean {
  return h.past.length > 0;
}
export function canRedo(h: History): boolean {
  return h.future.length > 0;
}

export function undo(h: History): History {
  if (!h.past.length) return h;
  return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future], lastKey: null };
}

export function redo(h: History): History {
  if (!h.future.length) return h;
  return { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1), lastKey: null };
}
