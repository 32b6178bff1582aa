// The puzzle's axes in the scene's, and where a packing's board lies there: shared by the page's
// camera (which aims at the board) and the scene that draws it.
import * as THREE from 'three';
import type { GridName, PackingDescription } from '../../solver/description';
import { cellCentre } from '../cell-geometry';

/** Puzzle (x, y, z) → scene: x right, layers (z) up, rows (y) towards the viewer. */
export const toScene = (p: readonly number[]): THREE.Vector3 => new THREE.Vector3(p[0]!, p[2] ?? 0, p[1]!);

/** How far an exploded view pushes each piece out, as a multiple of its distance from the centre. */
export const EXPLODE_SPREAD = 1.2;

/** Where cell p's middle lies in the scene. */
export const cellPosition = (grid: GridName, p: readonly number[]): THREE.Vector3 => toScene(cellCentre(grid, p));

/**
 * How far a drawn cell reaches past its centre at most: a rhombic dodecahedron's corners (a
 * cube's reach 0.8, a ball's 0.68).
 */
const CELL_REACH = 0.96;

/** A sphere holding the whole board as drawn: the cells' centres' box, and every cell's reach past it. */
export function boardSphere(puzzle: PackingDescription): { centre: THREE.Vector3; radius: number } {
  const box = new THREE.Box3();
  for (const c of puzzle.board.cells) box.expandByPoint(cellPosition(puzzle.grid, c));
  return { centre: box.getCenter(new THREE.Vector3()), radius: box.getSize(new THREE.Vector3()).length() / 2 + CELL_REACH };
}
