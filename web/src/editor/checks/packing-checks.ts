// Why a packing puzzle the solver accepts still cannot be solved, in words, for the editor to
// show next to the field to change: the pieces' cells against the board's, a piece that fits
// nowhere on the board, and board cells that no piece can cover (holes and nooks too small for
// any piece). Computed from the solver's description and the placements it lists for each piece
// (place/piece-placements.ts: its own motions on every grid) before anything is solved; no DOM: tested.
import type { PackingDescription, Vec3 } from '../../solver/description';
import { digits } from '../../ui/format';

export interface PackingFindings {
  /** About the board: cell counts and cells no piece covers (null: nothing to say). */
  board: string | null;
  /** About each piece (null: nothing to say), by index. */
  pieces: (string | null)[];
}

/**
 * Above this many board cells × pieces, the placements are not asked for on every edit (the
 * cell counts are still checked): a few milliseconds of the solver's at most.
 */
const PLACEMENT_BUDGET = 5_000;

/** Whether to ask the solver for every piece's placements before finding what cannot work. */
export function placementsWanted(d: PackingDescription): boolean {
  return d.board.cells.length * d.pieces.length <= PLACEMENT_BUDGET;
}

const cells = (n: number) => `${digits(n)} cell${n === 1 ? '' : 's'}`;

function cellList(list: Vec3[], dimensions: 2 | 3): string {
  const shown = list.slice(0, 6).map((c) => (dimensions === 3 ? `(${c.join(',')})` : `(${c[0]},${c[1]})`));
  return shown.join(', ') + (list.length > shown.length ? ', …' : '');
}

/** `placements`: each piece's, as the solver lists them; null when not asked (the cell counts only). */
export function packingFindings(d: PackingDescription, placements: Vec3[][][] | null): PackingFindings {
  const must = [...d.board.marks].filter((m) => m !== '+').length;
  const may = d.board.cells.length - must;
  const least = d.pieces.reduce((sum, p) => sum + p.min * p.cells.length, 0);
  const most = d.pieces.reduce((sum, p) => sum + p.max * p.cells.length, 0);
  const board: string[] = [];
  const boardCells = may ? `${cells(must)} to fill and ${digits(may)} that may stay empty` : `${cells(must)} to fill`;
  if (most < must) board.push(`The board has ${boardCells}, but the pieces cover only ${cells(most)}: ${digits(must - most)} short. Add pieces or copies, or make the board smaller.`);
  else if (least > must + may) board.push(`The pieces cover ${cells(least)}, but the board has only ${boardCells}: ${digits(least - must - may)} too many. Remove pieces or copies, or make the board larger.`);

  const pieces: (string | null)[] = d.pieces.map(() => null);
  if (placements) {
    const covered = new Set<string>();
    d.pieces.forEach((p, i) => {
      const listed = placements[i] ?? [];
      for (const pl of listed) for (const c of pl) covered.add(c.join(','));
      if (!listed.length) pieces[i] = `${p.name} fits nowhere on the board${p.rotations || p.reflections ? ', however it is turned' : ' (it may not turn)'}${p.min > 0 ? ', so the puzzle has no solution' : ', so it is never used'}.`;
    });
    const bare = d.board.cells.filter((c, k) => d.board.marks[k] !== '+' && !covered.has(c.join(',')));
    if (bare.length)
      board.push(`${bare.length === 1 ? 'One board cell' : `${digits(bare.length)} board cells`} that must be filled no piece can reach: ${cellList(bare, d.dimensions)}. Fill the gap around ${bare.length === 1 ? 'it' : 'them'}, mark ${bare.length === 1 ? 'it' : 'them'} "may stay empty", or erase ${bare.length === 1 ? 'it' : 'them'}.`);
  }
  return { board: board.length ? board.join(' ') : null, pieces };
}
