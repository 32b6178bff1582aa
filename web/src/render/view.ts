// A view draws one puzzle; `show` swaps the solution drawn, `dispose` frees everything it holds.
import type { DecodedSolution, TakenApart } from '../protocol/messages';
import type { PuzzleDescription, Vec3 } from '../solver/description';
import { EdgeView, Packing2DView } from './svg2d';

export interface PuzzleView {
  readonly element: HTMLElement;
  show(sol: DecodedSolution | null): void;
  dispose(): void;
  /**
   * The picture as drawn, as PNG, at `scale` device pixels per CSS pixel (WebGL views; SVG views
   * are pictured from their SVG).
   */
  capture?(scale: number): Promise<Blob>;
  /**
   * Picks out piece (or tile type) `index` in the solution drawn, the others faded; null: none.
   * Kept across show(). Views of one chain have nothing to pick out.
   */
  highlight?(index: number | null): void;
  /**
   * Flat boards: board cells pressed go to `press` (null: presses do nothing), and `marked`
   * cells are outlined (the cells chosen for a pin). Kept across show().
   */
  pressCells?(press: ((cell: Vec3) => void) | null, marked: readonly Vec3[]): void;
}

/**
 * Picks the view for a puzzle: SVG for flat boards and tiles, three.js for cubes and snakes.
 * `takeApart` (a solution taken apart by the solver, stopped when the signal is aborted) lets the
 * 3D view of a puzzle that asks for disassembly play it.
 */
export async function createView(puzzle: PuzzleDescription, takeApart?: (sol: DecodedSolution, signal: AbortSignal) => Promise<TakenApart>): Promise<PuzzleView> {
  if (puzzle.kind === 'edge-matching') return new EdgeView(puzzle);
  if (puzzle.kind === 'packing' && puzzle.dimensions === 2) return new Packing2DView(puzzle);
  // three.js is loaded only when a 3D puzzle is opened.
  if (puzzle.kind === 'snake') return new (await import('./three-snake')).SnakeView(puzzle);
  return new (await import('./three-packing')).Packing3DView(puzzle, puzzle.disassemble ? takeApart : undefined);
}
