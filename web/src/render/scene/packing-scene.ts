// A polycube packing's scene: each placed piece in its colour, laid out as the page asks (pushed
// out from the board's centre, hidden, turned to glass, moved by a disassembly); board cells no
// piece covers are small grey markers.
import * as THREE from 'three';
import type { DecodedSolution } from '../../protocol/messages';
import type { PackingDescription } from '../../solver/description';
import { packingDrawing } from '../drawing-model';
import { CellMeshes } from '../three-cells';
import { boardSphere, EXPLODE_SPREAD, toScene } from './scene-axes';
import { SceneContent } from './scene-content';
import type { PackingArrangement } from './scene-protocol';

interface PlacedGroup {
  group: THREE.Group;
  /** From the board's centre to the placement's: the direction the explosion pushes it. */
  offset: THREE.Vector3;
  piece: number;
  material: THREE.MeshStandardMaterial;
}

export class PackingScene extends SceneContent {
  private groups: PlacedGroup[] = [];
  private arrangement: PackingArrangement = { explode: 0, hidden: [], highlight: null, moved: [] };
  private readonly cells: CellMeshes;
  private readonly centre: THREE.Vector3;

  constructor(private readonly puzzle: PackingDescription) {
    super();
    this.cells = new CellMeshes(puzzle.grid, this.cube);
    for (const x of this.cells.shared()) this.shared.add(x);
    this.centre = boardSphere(puzzle).centre;
  }

  show(sol: DecodedSolution | null): void {
    this.clearContent();
    const d = packingDrawing(this.puzzle, sol);
    this.groups = d.placements.map((pl) => {
      const group = new THREE.Group();
      const material = new THREE.MeshStandardMaterial({ color: pl.colour, roughness: 0.6 });
      const mid = new THREE.Vector3();
      for (const c of pl.cells) {
        mid.add(this.cells.position(c));
        this.cells.add(group, c, material, this.edgeMat);
      }
      mid.divideScalar(Math.max(1, pl.cells.length));
      this.content.add(group);
      return { group, offset: mid.sub(this.centre), piece: pl.piece, material };
    });
    // Board cells with no piece: small grey markers (holes of a frame, or the empty board).
    const dot = new THREE.MeshStandardMaterial({ color: 0xb9b2a5, transparent: true, opacity: 0.55 });
    const empty = new THREE.Group();
    for (const c of d.cells) if (c.owner < 0) this.cells.add(empty, c.p, dot, this.edgeMat, c.state === 'hole' ? 0.25 : 0.4);
    this.content.add(empty);
    if (!empty.children.length) dot.dispose();
    this.arrange(this.arrangement);
  }

  override arrange(a: PackingArrangement): void {
    this.arrangement = a;
    const hidden = new Set(a.hidden);
    this.groups.forEach((g, i) => {
      g.group.visible = !hidden.has(i);
      // The piece picked out shows through the others, turned to glass.
      const faded = a.highlight !== null && g.piece !== a.highlight;
      if (g.material.transparent !== faded) g.material.needsUpdate = true;
      g.material.transparent = faded;
      g.material.opacity = faded ? 0.15 : 1;
      g.material.depthWrite = !faded;
      g.group.position.copy(g.offset).multiplyScalar(a.explode * EXPLODE_SPREAD);
      const moved = a.moved[i];
      if (moved) g.group.position.add(toScene(moved));
    });
  }
}
