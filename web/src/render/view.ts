// A view draws one puzzle; `show` swaps the solution drawn, `dispose` frees everything it holds.
import type { DecodedSolution, TakenApart } from '../protocol/messages';
import { isSolidShape, SOLID_GRIDS, type PuzzleDescription, type Vec3 } from '../solver/description';
import { compileSolverModule } from '../solver/shared-module';
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
   * Views that draw after they are made (3D: once the page has laid them out, then in a worker):
   * resolves when the first frame is drawn, rejects (with the reason) when the view cannot be
   * drawn. Others are drawn in the frame after they are shown.
   */
  readonly drawn?: Promise<void>;
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

/** Documents larger than this are not read on the page to guess their view (the solver reads them anyway). */
const GUESS_LIMIT = 1 << 20;

/**
 * Which three.js view a document will be drawn with, guessed from its text before the solver has
 * read it (null: a flat drawing, or no telling). A wrong guess costs a download, never a drawing.
 */
export function solidViewOf(text: string): 'snake' | 'packing' | null {
  if (text.length > GUESS_LIMIT) return null;
  let doc: { kind?: unknown; grid?: unknown; board?: unknown };
  try {
    doc = JSON.parse(text) as typeof doc;
  } catch {
    return null;
  }
  if (doc?.kind === 'snake') return 'snake';
  if (doc?.kind !== 'packing') return null;
  if (typeof doc.grid === 'string') return SOLID_GRIDS.has(doc.grid) ? 'packing' : null;
  return isSolidShape(doc.board) ? 'packing' : null;
}

/**
 * Starts loading three.js and the view a document will need while the solver reads it, so that
 * a 3D puzzle is drawn as soon as its description comes rather than a download later. Only once
 * the solver module is compiled and handed to the workers: evaluating three.js on the main
 * thread before that would hold their start back.
 */
export function preloadViewFor(text: string): void {
  const solid = solidViewOf(text);
  if (!solid) return;
  void compileSolverModule().then(() => setTimeout(() => {
    // A failed load is reported by createView's own import, which tries again.
    if (solid === 'snake') void import('./three-snake').catch(() => {});
    else void import('./three-packing').catch(() => {});
    // The page draws the board's first frame.
    void import('./scene/scene-host').catch(() => {});
  }));
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
