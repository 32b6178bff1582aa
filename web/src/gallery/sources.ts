// What the gallery shows: the run's solutions (each opened by its number) or every placement of
// one piece on the empty board, as the solver lists them (each pinned where it lies when opened).
import type { BrowseScope, DecodedSolution } from '../protocol/messages';
import type { PackingDescription, PuzzleDescription, Vec3 } from '../solver/description';
import { digits } from '../ui/format';
import { decodeSolution } from '../solver/solution-codec';
import type { RunController } from '../ui/run-controller';
import type { SolutionStore } from '../ui/solution-store';
import type { GallerySource } from './gallery';

export interface RunSolutions {
  size(): number;
  /** Solution n as the page draws it, when held. */
  solution(n: number): DecodedSolution | null;
  /** Which solution of the run n is, when held (its task and place there). */
  key(n: number): string | null;
  /** Fetch solution n by number. */
  fetch(n: number): void;
  show(n: number): void;
  /** Which of the run's solutions these are. */
  scope: BrowseScope;
}

/**
 * The solutions `store` holds for the run of `runs`, drawn as the page draws them (`complete`:
 * with the pinned pieces), fetched by number when missing, opened with `show`.
 */
export function storeSolutions(store: SolutionStore, runs: RunController, complete: (s: DecodedSolution) => DecodedSolution,
  show: (n: number) => void): RunSolutions {
  return {
    size: () => store.size,
    solution: (n) => {
      const r = store.record(n);
      return r && runs.kind ? complete(decodeSolution(runs.kind, r.data)) : null;
    },
    key: (n) => {
      const r = store.record(n);
      return r ? `${r.task}:${r.ordinal}` : null;
    },
    fetch: (n) => runs.fetch(n),
    show,
    scope: store.scope,
  };
}

/** The run's solutions; opening one closes the gallery (`close`) and shows it. */
export function solutionsSource(d: PuzzleDescription, run: RunSolutions, close: () => void): GallerySource {
  return {
    title: { all: 'Solutions', unique: 'Unique solutions', apart: 'Solutions that come apart' }[run.scope],
    description: d,
    size: () => run.size(),
    item: (n) => run.solution(n),
    key: (n) => run.key(n),
    want: (n) => run.fetch(n),
    label: (n) => `Open solution ${digits(n + 1)}`,
    open: (n) => {
      close();
      run.show(n);
    },
  };
}

/** `placements`, every placement of piece `index` (as the solver lists them); opening one pins the piece there (`pin`). */
export function placementsSource(d: PackingDescription, index: number, placements: Vec3[][], pin: (cells: Vec3[]) => void): GallerySource {
  const name = d.pieces[index]!.name;
  const text = (cells: Vec3[]) => cells.map((c) => (d.dimensions === 3 ? c.join(',') : `${c[0]},${c[1]}`)).join('; ');
  return {
    title: `All ${digits(placements.length)} placements of ${name}`,
    description: d,
    size: () => placements.length,
    item: (n) => ({ kind: 'packing', placements: [{ piece: index, cells: placements[n]!.map((c) => [c[0], c[1], c[2]]) }] }),
    key: (n) => String(n),
    label: (n) => `Pin ${name} at ${text(placements[n]!)}`,
    open: (n) => pin(placements[n]!),
  };
}
