// Every place one piece fits on the empty board, as the solver lists them (the WASM module's
// placements(), solver/cover/piece_placements.hpp): on every grid the motions and translations
// are the solver's own, for the "All placements" gallery and the editor's "fits nowhere" check.
import type { PackingDescription, Vec3 } from '../solver/description';

/**
 * The module's answer: `cellsEach` board cell numbers (indices into the description's
 * board.cells) per placement, in reading order of the first cell; or its one-line reason.
 */
export type PlacementsResult = { ok: true; cellsEach: number; cells: Int32Array } | { ok: false; error: string };

/** Reads the module's placements() reply. */
export function readPlacementsReply(r: { error: string | null; cellsEach: number; cells: Int32Array }): PlacementsResult {
  return r.error === null ? { ok: true, cellsEach: r.cellsEach, cells: r.cells } : { ok: false, error: r.error };
}

/** The placements as board cells, for `d` (the description of the document asked about). */
export function placementCells(d: PackingDescription, r: Extract<PlacementsResult, { ok: true }>): Vec3[][] {
  const out: Vec3[][] = [];
  for (let at = 0; at + r.cellsEach <= r.cells.length && r.cellsEach > 0; at += r.cellsEach)
    out.push(Array.from(r.cells.subarray(at, at + r.cellsEach), (n) => d.board.cells[n]!));
  return out;
}
