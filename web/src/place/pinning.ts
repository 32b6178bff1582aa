// The page's pins: pieces forced onto places (pin-panel.ts asks, the solver's place() answers
// with the puzzle left, placement.ts). While pins hold, the page runs the puzzle left, so that its
// counts are exactly `count --place` on the puzzle shown, and draws each of its solutions with
// the pinned pieces added.
import type { DecodedSolution } from '../protocol/messages';
import type { PackingDescription, PuzzleDescription, Vec3 } from '../solver/description';
import type { TrayItem } from '../tray/tray-model';
import type { PuzzleReader } from '../worker/puzzle-reader';
import { PinPanel } from './pin-panel';
import { placementCells } from './piece-placements';
import { withPlacements, type PlacedPuzzle } from './placement';

export interface PinningHooks {
  /** The puzzle to run changed (pins added or taken away). */
  changed(): void;
  /** Board presses go to `press` (null: none), `marked` cells are outlined. */
  pressCells(press: ((cell: Vec3) => void) | null, marked: readonly Vec3[]): void;
  /** Show `placements`, every placement of piece `index`, each pinned there when picked (pinCells). */
  placements(d: PackingDescription, index: number, placements: Vec3[][], opener: HTMLElement): void;
}

export class Pinning {
  private readonly panel: PinPanel;
  private placed_: PlacedPuzzle | null = null;
  private text = '';
  /** Bumped by every request and reset: an answer about other pins is dropped. */
  private token = 0;
  /** The packing piece selected in the tray. */
  private selected: { d: PackingDescription; index: number } | null = null;

  constructor(element: HTMLElement, private readonly reader: PuzzleReader, private readonly hooks: PinningHooks) {
    this.panel = new PinPanel(element, {
      change: (pins) => void this.ask(pins),
      marked: (cells) => this.hooks.pressCells(this.pressing(), cells),
      placements: (opener) => void this.listPlacements(opener),
    });
  }

  /** The pins' puzzle left, or null while nothing is pinned. */
  get placed(): PlacedPuzzle | null {
    return this.placed_;
  }

  /** A new puzzle on the page: no pins. */
  reset(text: string): void {
    this.token++;
    this.text = text;
    this.placed_ = null;
    this.panel.reset();
    this.hooks.pressCells(null, []);
  }

  /** The document a run should search: the puzzle left while pins hold. */
  searched(text: string): string {
    return this.placed_?.document ?? text;
  }

  /** A solution of the run as a solution of the puzzle shown. */
  complete(solution: DecodedSolution): DecodedSolution {
    return this.placed_ ? withPlacements(this.placed_, solution) : solution;
  }

  /** What to draw while no solution is shown: the pinned pieces alone (null: nothing pinned). */
  pinnedOnly(): DecodedSolution | null {
    if (!this.placed_) return null;
    return { kind: 'packing', placements: this.placed_.placed.map((p) => ({ piece: p.piece, cells: p.cells.map((c) => [c[0], c[1], c[2]]) })) };
  }

  /** The tray's selection: a packing piece can be pinned. */
  select(item: TrayItem | null, d: PuzzleDescription | null): void {
    const packing = item?.kind === 'piece' && d?.kind === 'packing';
    this.selected = packing ? { d, index: item.index } : null;
    const piece = packing ? { name: item.name, size: item.cells.length, dimensions: d.dimensions } : null;
    this.panel.setPiece(piece);
    this.hooks.pressCells(this.pressing(), []);
  }

  /** Pins the selected piece on `cells`. */
  pinCells(cells: readonly Vec3[]): void {
    this.panel.pinCells(cells);
  }

  private pressing(): ((cell: Vec3) => void) | null {
    return this.panel.hasPiece ? (cell) => this.panel.press(cell) : null;
  }

  /** Asks the solver for every placement of the selected piece, and shows them unless the page moved on. */
  private async listPlacements(opener: HTMLElement): Promise<void> {
    const selected = this.selected;
    if (!selected) return;
    const text = this.text;
    const result = await this.reader.placements(text, selected.index);
    if (selected !== this.selected || text !== this.text) return;
    if (!result.ok) this.panel.say(`All placements: ${result.error}`);
    else this.hooks.placements(selected.d, selected.index, placementCells(selected.d, result), opener);
  }

  private async ask(pins: string[]): Promise<void> {
    const token = ++this.token;
    const text = this.text;
    const result = pins.length ? await this.reader.place(text, pins) : null;
    if (token !== this.token) return;
    if (result && !result.ok) {
      this.panel.refused(result.error);
      return;
    }
    this.placed_ = result?.placed ?? null;
    this.panel.accepted(pins);
    this.hooks.changed();
  }
}
