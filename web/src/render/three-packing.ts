// The 3D view of polycube packings, the page's side: an exploded view, a show/hide box per piece,
// and the solution's disassembly played (for a puzzle that asks for it). The scene
// (scene/packing-scene.ts) draws the pieces as this side lays them out.
import type * as THREE from 'three';
import { DisassemblyPlayer } from '../disassembly/disassembly-player';
import type { Vector } from '../disassembly/disassembly-steps';
import type { DecodedSolution, TakenApart } from '../protocol/messages';
import type { PackingDescription } from '../solver/description';
import { h } from '../ui/dom';
import { packingDrawing } from './drawing-model';
import { boardSphere, EXPLODE_SPREAD } from './scene/scene-axes';
import { label, ThreeView } from './three-view';

export class Packing3DView extends ThreeView {
  private explode = 0;
  private hidden = new Set<number>();
  private highlighted: number | null = null;
  /** Per placement: where the disassembly has moved it, in cells. */
  private moved: Vector[] = [];
  private readonly player: DisassemblyPlayer | null = null;
  private readonly pieceList: HTMLElement;
  private readonly centre: THREE.Vector3;
  /** The radius of a sphere holding the board as drawn (boardSphere). */
  private readonly radius: number;

  /**
   * `takeApart`: asks the solver to take a solution apart (stopped when the signal is aborted);
   * without it, no disassembly is offered.
   */
  constructor(private puzzle: PackingDescription, private readonly takeApart?: (sol: DecodedSolution, signal: AbortSignal) => Promise<TakenApart>) {
    super(`${puzzle.name}: 3D view`, { kind: 'packing', puzzle });
    ({ centre: this.centre, radius: this.radius } = boardSphere(puzzle));
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
    this.scene.post({ type: 'show', solution: sol });
    const d = packingDrawing(this.puzzle, sol);
    this.buildPieceList(d.placements);
    this.moved = [];
    // A group that leaves flies out past the board: twice its diagonal.
    const takeApart = this.takeApart;
    this.player?.reset(d.placements.length, Math.ceil(4 * this.radius) + 2, sol && takeApart ? (signal) => takeApart(sol, signal) : null);
    this.layout();
  }

  override dispose(): void {
    this.player?.dispose();
    super.dispose();
  }

  private moveBy(offsets: Vector[]): void {
    this.moved = offsets;
    this.arrange();
  }

  /** The other pieces turn to glass, so that the one picked out shows through them. */
  highlight(index: number | null): void {
    this.highlighted = index;
    this.arrange();
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
        this.arrange();
      });
      const l = label(pl.name, box);
      l.style.setProperty('--swatch', pl.colour);
      l.className = 'piece-toggle';
      this.pieceList.append(l);
    }
  }

  /** Tells the scene how the pieces lie. */
  private arrange(): void {
    this.scene.post({ type: 'arrange', arrangement: { explode: this.explode, hidden: [...this.hidden], highlight: this.highlighted, moved: this.moved } });
  }

  private layout(): void {
    this.arrange();
    this.aim(this.centre, this.radius * (1 + this.explode * EXPLODE_SPREAD));
  }
}
