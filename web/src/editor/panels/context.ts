// What a kind's panel may use of the editor: the document, the ways to change it, the form
// fields bound to it, the solver's latest reading of it and the shared 3D preview.
import type { PlacementsResult } from '../../place/piece-placements';
import type { PuzzleDescription } from '../../solver/description';
import type { Doc, Json, PathKey } from '../edits';
import type { PreviewSlot } from '../preview-slot';

export interface EditorContext {
  readonly doc: Doc;
  /** The solver's description of the document as it is now; null while it refuses it or has not answered. */
  readonly description: PuzzleDescription | null;
  /** Commits an edit; `key` merges consecutive edits of one field or one drag into one undo step. */
  update(doc: Doc, key?: string | null): void;
  set(path: PathKey[], value: Json | undefined, key?: string | null): void;
  /** Commits without re-rendering the panel (the element under the pointer must survive a drag). */
  updateQuietly(doc: Doc, key: string): void;
  /** Ends a run of merged edits (pointer up, field blur). */
  seal(): void;
  /** Re-renders the panel (after a change of the panel's own state, e.g. the brush). */
  rerender(): void;
  /** The solver's description of the document as it is now, asked at once (no debounce). */
  describeNow(): Promise<PuzzleDescription | null>;
  /** Every placement of piece `piece` of the document as it is now, as the solver lists them. */
  placements(piece: number): Promise<PlacementsResult>;
  /** Shows a one-line problem in the editor's status line. */
  fail(message: string): void;
  readonly preview: PreviewSlot;
}

/** A kind's panel. The editor keeps one per kind, so its own state (brush, layer) persists. */
export interface KindPanel {
  render(): HTMLElement;
  /**
   * The solver has read the current document (null: refused it); panels refresh what depends on
   * that, and may give the status line's sentence when the document, though accepted, cannot be
   * solved as it stands.
   */
  described(d: PuzzleDescription | null): string | null | void | Promise<string | null>;
}
