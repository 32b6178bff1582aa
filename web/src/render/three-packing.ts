// The 3D view of polycube packings: each placed piece in its colour, an exploded view, a
// show/hide box per piece, and the solution's disassembly played (for a puzzle that asks for it);
// board cells no piece covers are small grey markers.
import * as THREE from 'three';
import { DisassemblyPlayer } from '../disassembly/disassembly-player';
import type { Vector } from '../disassembly/disassembly-steps';
import type { DecodedSolution, TakenApart } from '../protocol/messages';
import type { PackingDescription } from '../solver/description';
import { h } from '../ui/dom';
import { packingDrawing } from './drawing-model';
import { CellMeshes } from './three-cells';
import { label, ThreeView, toScene } from './three-view';

export class Packing3DView extends ThreeView {
  private explode = 0;
  private hidden = new Set<number>();
  private groups: { group: THREE.Group; offset: THREE.Vector3; piece: number; material: THREE.MeshStandardMaterial }[] = [];
  private highlighted: number | null = null;
  /** Per placement: where the disassembly has moved it (scene units). */
  private moved: THREE.Vector3[] = [];
  private readonly player: DisassemblyPlayer | null = null;
  private readonly pieceList: HTMLElement;
  private readonly centre: THREE.Vector3;
  /** Half the board's diagonal. */
  private readonly radius: number;
  private readonly cells: CellMeshes;

  /**
   * `takeApart`: asks the solver to take a solution apart (stopped when the signal is aborted);
   * without it, no disassembly is offered.
   */
  constructor(private puzzle: PackingDescription, private readonly takeApart?: (sol: DecodedSolution, signal: AbortSignal) => Promise<TakenApart>) {
    super(`${puzzle.name}: 3D view`);
    this.cells = new CellMeshes(puzzle.grid, this.cube);
    for (const x of this.cells.shared()) this.shared.add(x);
    const box = new THREE.Box3();
    for (const c of puzzle.board.cells) box.expandByPoint(this.cells.position(c));
    this.centre = box.getCenter(new THREE.Vector3());
    this.radius = box.getSize(new THREE.Vector3()).length() / 2 + 0.5;
    const slider = h('input', { type: 'range', min: 0, max: 100, value: 0, 'data-testid': 'explode' });
    slider.addEventListener('input', () => {
      this.explode = Number(slider.value) / 100;
      this.layout();
    });
    this.pieceList = h('fieldset', { class: 'piece-list' }, h('legend', { text: 'Pieces' }));
    this.panel.append(label('Exploded view', slider), this.pieceList);
    if (takeApart) {
      this.player = new DisassemblyPlayer(0, 0, (offsets) => this.moveBy(offsets));
      this.panel.append(this.player.element);
    }
    this.aim(this.centre, this.radius, true);
    this.show(null);
  }

  show(sol: DecodedSolution | null): void {
    this.clearContent();
    const d = packingDrawing(this.puzzle, sol);
    this.groups = [];
    for (const pl of d.placements) {
      const group = new THREE.Group();
      const mat = new THREE.MeshStandardMaterial({ color: pl.colour, roughness: 0.6 });
      const mid = new THREE.Vector3();
      for (const c of pl.cells) {
        mid.add(this.cells.position(c));
        this.cells.add(group, c, mat, this.edgeMat);
      }
      mid.divideScalar(Math.max(1, pl.cells.length));
      group.visible = !this.hidden.has(pl.index);
      this.content.add(group);
      this.groups.push({ group, offset: mid.sub(this.centre), piece: pl.piece, material: mat });
    }
    // Board cells with no piece: small grey markers (holes of a frame, or the empty board).
    const dot = new THREE.MeshStandardMaterial({ color: 0xb9b2a5, transparent: true, opacity: 0.55 });
    const empty = new THREE.Group();
    for (const c of d.cells) if (c.owner < 0) this.cells.add(empty, c.p, dot, this.edgeMat, c.state === 'hole' ? 0.25 : 0.4);
    this.content.add(empty);
    if (!empty.children.length) dot.dispose();
    this.buildPieceList(d.placements);
    this.highlight(this.highlighted);
    this.moved = this.groups.map(() => new THREE.Vector3());
    // A group that leaves flies out past the board: twice its diagonal.
    const takeApart = this.takeApart;
    this.player?.reset(this.groups.length, Math.ceil(4 * this.radius) + 2, sol && takeApart ? (signal) => takeApart(sol, signal) : null);
    this.layout();
  }

  override dispose(): void {
    this.player?.dispose();
    super.dispose();
  }

  private moveBy(offsets: Vector[]): void {
    this.moved = offsets.map((o) => toScene(o));
    this.place();
  }

  /** The other pieces turn to glass, so that the one picked out shows through them. */
  highlight(index: number | null): void {
    this.highlighted = index;
    for (const g of this.groups) {
      const faded = index !== null && g.piece !== index;
      g.material.transparent = faded;
      g.material.opacity = faded ? 0.15 : 1;
      g.material.depthWrite = !faded;
      g.material.needsUpdate = true;
    }
    this.requestRender();
  }

  private buildPieceList(placements: { index: number; name: string; colour: string }[]): void {
    const legend = this.pieceList.firstElementChild!;
    this.pieceList.replaceChildren(legend);
    // Nothing placed yet (the empty board): no empty box of toggles.
    this.pieceList.hidden = placements.length === 0;
    for (const pl of placements) {
      const box = h('input', { type: 'checkbox', checked: !this.hidden.has(pl.index) });
      box.addEventListener('change', () => {
        if (box.checked) this.hidden.delete(pl.index);
        else this.hidden.add(pl.index);
        const g = this.groups[pl.index];
        if (g) g.group.visible = box.checked;
        this.requestRender();
      });
      const l = label(pl.name, box);
      l.style.setProperty('--swatch', pl.colour);
      l.className = 'piece-toggle';
      this.pieceList.append(l);
    }
  }

  private place(): void {
    this.groups.forEach((g, i) => {
      g.group.position.copy(g.offset).multiplyScalar(this.explode * 1.2);
      const moved = this.moved[i];
      if (moved) g.group.position.add(moved);
    });
    this.requestRender();
  }

  private layout(): void {
    this.place();
    this.aim(this.centre, this.radius * (1 + this.explode * 1.2));
  }
}
