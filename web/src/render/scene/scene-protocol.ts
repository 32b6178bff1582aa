// What a 3D view's page side says to its scene (scene-host.ts), wherever the scene draws: in the
// view's worker on an OffscreenCanvas, or on the page's own canvas. Plain data only, so that the
// same messages cross a worker's boundary or are handed over in one thread.
import type { DecodedSolution } from '../../protocol/messages';
import type { PackingDescription, SnakeDescription, Vec3 } from '../../solver/description';

/** What the scene draws: a packing's pieces on its board, or a snake's chain. */
export type SceneSubject = { kind: 'packing'; puzzle: PackingDescription } | { kind: 'snake'; puzzle: SnakeDescription };

/** The page's camera (its orbit controls turn it), in scene axes. */
export interface CameraPose {
  position: [number, number, number];
  quaternion: [number, number, number, number];
  fov: number;
  aspect: number;
  near: number;
  far: number;
}

/** How a packing's pieces are laid out: each the same for every solution shown. */
export interface PackingArrangement {
  /** 0 assembled, 1 exploded (each piece pushed out from the board's centre). */
  explode: number;
  /** Placements not drawn (their boxes unticked). */
  hidden: number[];
  /** The piece picked out, the others turned to glass; null: none. */
  highlight: number | null;
  /** Per placement: where the disassembly has moved it, in cells (puzzle axes). */
  moved: Vec3[];
}

export type SceneCommand =
  /** What the scene draws: told first. */
  | { type: 'subject'; subject: SceneSubject }
  /** The canvas's size in CSS pixels, and device pixels per CSS pixel. */
  | { type: 'size'; width: number; height: number; pixelRatio: number }
  | { type: 'camera'; pose: CameraPose }
  /** The solution drawn; null: the empty board (or box). */
  | { type: 'show'; solution: DecodedSolution | null }
  | { type: 'arrange'; arrangement: PackingArrangement }
  /** The snake part-way folded: 0 straight, 1 solved. */
  | { type: 'fold'; t: number }
  /** A PNG of the view as drawn, at `scale` device pixels per CSS pixel; answered by `captured`. */
  | { type: 'capture'; id: number; scale: number };

/** The first message to a scene worker: its canvas (what it draws comes with the view). */
export interface SceneStart {
  type: 'start';
  canvas: OffscreenCanvas;
  /** Whether the CPU draws WebGL in this browser, when the page knows (null: the scene finds out). */
  software: boolean | null;
}

export type SceneReply =
  /** Who draws WebGL here, found out by the scene (the page keeps it for the next views). */
  | { type: 'renderer'; software: boolean }
  /** The first frame is drawn. */
  | { type: 'drawn' }
  | { type: 'captured'; id: number; blob: Blob }
  /** The scene cannot draw (no WebGL in the worker, a lost context) or a capture failed (`id`). */
  | { type: 'failed'; message: string; id?: number };
