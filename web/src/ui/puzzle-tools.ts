// What the page offers around the drawing: the piece tray (selecting a piece picks it out and
// lets it be pinned), pins (the run then searches the puzzle left) and the gallery (the run's
// solutions, or every placement of the selected piece). App asks it what to search and how to
// draw a solution of that search; the three parts only talk to each other here.
import type { DecodedSolution } from '../protocol/messages';
import { Gallery } from '../gallery/gallery';
import { placementsSource, solutionsSource, type RunSolutions } from '../gallery/sources';
import { Pinning } from '../place/pinning';
import type { PuzzleDescription } from '../solver/description';
import { PieceTray } from '../tray/piece-tray';
import type { PuzzleReader } from '../worker/puzzle-reader';
import { byTestId } from './dom';
import type { PuzzlePanel } from './puzzle-panel';

export interface PuzzleToolsHooks {
  /** Pins changed: the run starts again on what is left. */
  pinsChanged(): void;
  /** The run's solutions, for the gallery. */
  solutions(): RunSolutions;
}

export class PuzzleTools {
  private readonly tray: PieceTray;
  private readonly pins: Pinning;
  private readonly gallery: Gallery;

  constructor(root: ParentNode, reader: PuzzleReader, private readonly puzzle: PuzzlePanel, hooks: PuzzleToolsHooks) {
    this.gallery = new Gallery(byTestId(root, 'gallery'));
    const galleryButton = byTestId<HTMLButtonElement>(root, 'gallery-open');
    galleryButton.addEventListener('click', () => {
      const d = this.puzzle.description;
      if (d) this.gallery.open(solutionsSource(d, hooks.solutions(), () => this.gallery.close()), galleryButton);
    });
    this.pins = new Pinning(byTestId(root, 'pin'), reader, {
      changed: () => hooks.pinsChanged(),
      pressCells: (press, marked) => this.puzzle.pressCells(press, marked),
      placements: (d, index, placements, opener) => this.gallery.open(placementsSource(d, index, placements, (cells) => {
        this.gallery.close();
        this.pins.pinCells(cells);
      }), opener),
    });
    this.tray = new PieceTray(byTestId(root, 'piece-tray'), (item) => {
      this.puzzle.highlight(item && item.kind !== 'chain' ? item.index : null);
      this.pins.select(item, this.puzzle.description);
    });
  }

  /** A new puzzle, `text`, is being read: no pins, an empty tray until `described`. */
  reset(text: string): void {
    this.gallery.close();
    this.pins.reset(text);
    this.tray.show(null);
  }

  described(d: PuzzleDescription): void {
    this.tray.show(d);
  }

  /** A run starts or changes what it browses: the gallery's thumbnails would be another run's. */
  closeGallery(): void {
    this.gallery.close();
  }

  /** Solutions may have arrived: the gallery draws those it waits for. */
  refresh(): void {
    this.gallery.refresh();
  }

  /** The document a run searches: the puzzle left while pins hold. */
  searched(text: string): string {
    return this.pins.searched(text);
  }

  /** A solution of the run as a solution of the puzzle shown. */
  complete(solution: DecodedSolution): DecodedSolution {
    return this.pins.complete(solution);
  }

  /** What to draw while no solution is shown (the pinned pieces), or null. */
  pinnedOnly(): DecodedSolution | null {
    return this.pins.pinnedOnly();
  }
}
