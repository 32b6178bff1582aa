// The piecewise/1 document as the page sees it, and a tolerant reader that expands it for drawing.
//
// The solver is the judge of validity: this reader never throws. It keeps whatever it can make sense
// of and records what it could not in `problems`, so the page can still show a board (or nothing) and
// the solver's own error message.

import type { PuzzleKind } from '../protocol/messages';

export type Vec3 = [number, number, number];

export type ShapeRows = string[] | string[][];

/** Raw JSON shapes, as written in a file (every field optional: this is untrusted input). */
export interface RawShape {
  shape?: ShapeRows;
  cells?: number[][];
}
export interface RawPiece extends RawShape {
  name?: string;
  count?: number | { min?: number; max?: number };
}
export interface RawTile {
  name?: string;
  edges?: string[];
  face?: string;
  count?: number;
}
export interface RawDocument {
  format?: string;
  name?: string;
  kind?: string;
  notes?: string;
  board?: RawShape;
  pieces?: RawPiece[];
  rows?: number;
  cols?: number;
  tiles?: RawTile[];
  match?: string;
  border?: string;
  box?: number[];
  segments?: number[];
  joints?: string;
}

/** A board cell: `#` must be covered, `+` may stay empty. */
export interface BoardCell {
  p: Vec3;
  mark: '#' | '+';
}

export interface ExpandedPiece {
  name: string;
  cells: Vec3[];
  /** Largest number of copies that may be placed (count, or max of a range). */
  maxCopies: number;
}

export interface ExpandedTile {
  name: string;
  edges: [string, string, string, string];
  face: string | null;
  count: number;
}

interface Base {
  name: string;
  notes: string;
  problems: string[];
}

export interface ExpandedPacking extends Base {
  kind: 'packing';
  /** 2 for a flat board (every coordinate z = 0 and written in 2D), 3 otherwise. */
  dims: 2 | 3;
  board: BoardCell[];
  /** Bounding box size of the board (max coordinate + 1 on each axis; min is assumed >= 0). */
  size: Vec3;
  pieces: ExpandedPiece[];
}

export interface ExpandedEdge extends Base {
  kind: 'edge-matching';
  rows: number;
  cols: number;
  tiles: ExpandedTile[];
  match: 'same' | 'complement';
  border: string | null;
}

export interface ExpandedSnake extends Base {
  kind: 'snake';
  box: Vec3;
  /** Number of cubes of the chain (from segments or joints; 0 if neither could be read). */
  cubes: number;
  segments: number[];
}

export type ExpandedPuzzle = ExpandedPacking | ExpandedEdge | ExpandedSnake;

export type ReadResult =
  | { ok: true; puzzle: ExpandedPuzzle; raw: RawDocument }
  | { ok: false; error: string; raw: RawDocument | null };

const KINDS: PuzzleKind[] = ['packing', 'edge-matching', 'snake'];

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const str = (v: unknown, dflt = ''): string => (typeof v === 'string' ? v : dflt);

/** Drawing limits: far beyond any real puzzle, they keep a hostile document from freezing the tab. */
export const MAX_DRAW_CELLS = 100_000;

/**
 * Cells of a shape written as ASCII art (2D: rows; 3D: layers of rows) or as coordinates.
 * `marks` are the characters that count as cells.
 */
export function shapeCells(
  s: RawShape | undefined,
  marks: string,
  problems: string[],
  where: string,
): { cells: { p: Vec3; mark: string }[]; dims: 2 | 3 } {
  const out: { p: Vec3; mark: string }[] = [];
  if (!isObj(s)) {
    problems.push(`${where}: missing shape`);
    return { cells: out, dims: 2 };
  }
  if (Array.isArray(s.shape)) {
    const shape = s.shape as unknown[];
    const layered = shape.length > 0 && Array.isArray(shape[0]);
    const layers: unknown[][] = layered ? (shape as unknown[][]) : [shape];
    layers.forEach((layer, z) => {
      if (!Array.isArray(layer)) return;
      layer.forEach((row, y) => {
        if (typeof row !== 'string') return;
        for (let x = 0; x < row.length && out.length < MAX_DRAW_CELLS; x++) {
          const c = row[x]!;
          if (marks.includes(c)) out.push({ p: [x, y, z], mark: c });
        }
      });
    });
    return { cells: out, dims: layered ? 3 : 2 };
  }
  if (Array.isArray(s.cells)) {
    let dims: 2 | 3 = 2;
    for (const c of s.cells.slice(0, MAX_DRAW_CELLS)) {
      if (!Array.isArray(c) || c.length < 2 || !c.every(isInt)) continue;
      if (c.length >= 3) dims = 3;
      out.push({ p: [c[0]!, c[1]!, c[2] ?? 0], mark: '#' });
    }
    return { cells: out, dims };
  }
  problems.push(`${where}: neither "shape" nor "cells"`);
  return { cells: out, dims: 2 };
}

function maxCopies(count: RawPiece['count']): number {
  if (count === undefined) return 1;
  if (isInt(count)) return Math.max(0, count);
  if (isObj(count)) {
    if (isInt(count.max)) return Math.max(0, count.max);
    if (isInt(count.min)) return Math.max(0, count.min);
  }
  return 1;
}

/** Parses and expands a document. Never throws. */
export function readPuzzle(text: string): ReadResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `not JSON: ${(e as Error).message}`, raw: null };
  }
  if (!isObj(json)) return { ok: false, error: 'the document is not a JSON object', raw: null };
  const raw = json as RawDocument;
  const kind = raw.kind;
  if (typeof kind !== 'string' || !KINDS.includes(kind as PuzzleKind)) {
    return { ok: false, error: `kind: expected one of ${KINDS.join(', ')}`, raw };
  }
  const problems: string[] = [];
  const base = { name: str(raw.name, '(unnamed)'), notes: str(raw.notes), problems };

  if (kind === 'packing') {
    const b = shapeCells(raw.board, '#+', problems, 'board');
    let dims = b.dims;
    const pieces: ExpandedPiece[] = [];
    (Array.isArray(raw.pieces) ? raw.pieces : []).forEach((rp, i) => {
      if (!isObj(rp)) return;
      const pc = shapeCells(rp, '#', problems, `pieces[${i}]`);
      if (pc.dims === 3) dims = 3;
      pieces.push({ name: str(rp.name, String(i + 1)), cells: pc.cells.map((c) => c.p), maxCopies: maxCopies(rp.count as RawPiece["count"]) });
    });
    const board: BoardCell[] = b.cells.map((c) => ({ p: c.p, mark: c.mark === '+' ? '+' : '#' }));
    const size: Vec3 = [0, 0, 0];
    for (const c of board) for (let a = 0; a < 3; a++) size[a] = Math.max(size[a]!, c.p[a]! + 1);
    if (board.some((c) => c.p[2] !== 0)) dims = 3;
    return { ok: true, puzzle: { kind, dims, board, size, pieces, ...base }, raw };
  }

  if (kind === 'edge-matching') {
    const rows = isInt(raw.rows) && raw.rows > 0 ? Math.min(raw.rows, 300) : 0;
    const cols = isInt(raw.cols) && raw.cols > 0 ? Math.min(raw.cols, 300) : 0;
    if (!rows || !cols) problems.push('rows/cols: expected positive integers');
    const tiles: ExpandedTile[] = [];
    (Array.isArray(raw.tiles) ? raw.tiles : []).forEach((t, i) => {
      if (!isObj(t)) return;
      const e = Array.isArray(t.edges) ? t.edges.map((x) => str(x, '?')) : [];
      while (e.length < 4) e.push('?');
      tiles.push({
        name: str(t.name, String(i)),
        edges: [e[0]!, e[1]!, e[2]!, e[3]!],
        face: typeof t.face === 'string' ? t.face : null,
        count: isInt(t.count) ? t.count : 1,
      });
    });
    const match = raw.match === 'complement' ? 'complement' : 'same';
    const border = typeof raw.border === 'string' ? raw.border : null;
    return { ok: true, puzzle: { kind, rows, cols, tiles, match, border, ...base }, raw };
  }

  // snake
  const box: Vec3 = [1, 1, 1];
  if (Array.isArray(raw.box) && raw.box.length === 3 && raw.box.every(isInt)) {
    for (let a = 0; a < 3; a++) box[a] = Math.max(1, Math.min(raw.box[a]!, 1000));
  } else problems.push('box: expected [x, y, z]');
  let segments: number[] = [];
  let cubes = 0;
  if (Array.isArray(raw.segments) && raw.segments.every(isInt)) {
    segments = raw.segments.slice();
    cubes = segments.length ? segments.reduce((s, n) => s + n, 0) - (segments.length - 1) : 0;
  } else if (typeof raw.joints === 'string') {
    cubes = raw.joints.length;
    // Turn E/S/C letters back into runs: a run ends at every corner.
    let run = 1;
    for (let i = 1; i < raw.joints.length; i++) {
      run++;
      if (raw.joints[i] !== 'S') {
        segments.push(run);
        run = 1;
      }
    }
  } else problems.push('segments: missing');
  return { ok: true, puzzle: { kind: 'snake', box, cubes: Math.max(0, cubes), segments, ...base }, raw };
}

/** "Expected: 520 solutions, 65 unique." in the notes, if present. */
export function expectedCounts(notes: string): { solutions: number; unique: number } | null {
  const m = /Expected:\s*([\d,]+)\s+solutions?,\s*([\d,]+)\s+unique/i.exec(notes);
  if (!m) return null;
  return { solutions: Number(m[1]!.replace(/,/g, '')), unique: Number(m[2]!.replace(/,/g, '')) };
}
