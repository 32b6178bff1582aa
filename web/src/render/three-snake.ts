// The 3D view of snake cubes: the chain as linked cubes in two wood tones, the elastic through
// them, and a fold animation from straight to solved.
import * as THREE from 'three';
import type { DecodedSolution } from '../protocol/messages';
import type { SnakeDescription, Vec3 } from '../solver/description';
import { h } from '../ui/dom';
import { foldChain, snakeDrawing } from './drawing-model';
import { label, ThreeView, toScene } from './three-view';

export class SnakeView extends ThreeView {
  private chain: Vec3[] = [];
  private colours: string[] = [];
  private meshes: THREE.Mesh[] = [];
  private line: THREE.Line | null = null;
  private t = 1;
  private anim = 0;
  private readonly slider: HTMLInputElement;
  private readonly play: HTMLButtonElement;

  constructor(private puzzle: SnakeDescription) {
    super(`${puzzle.name}: 3D view`);
    this.slider = h('input', { type: 'range', min: 0, max: 1000, value: 1000, 'data-testid': 'fold' });
    this.slider.addEventListener('input', () => {
      this.stopAnim();
      this.setT(Number(this.slider.value) / 1000);
    });
    this.play = h('button', { type: 'button', 'data-testid': 'fold-play', text: 'Fold from straight', onclick: () => this.animate() });
    this.panel.append(label('Fold', this.slider), this.play);
    const [bx, by, bz] = puzzle.box;
    this.aim(toScene([(bx - 1) / 2, (by - 1) / 2, (bz - 1) / 2]), Math.hypot(bx, by, bz) / 2, true);
    this.show(null);
  }

  show(sol: DecodedSolution | null): void {
    this.stopAnim();
    this.clearContent();
    const d = snakeDrawing(this.puzzle, sol);
    this.chain = d.cubes.map((c) => c.p);
    this.colours = d.cubes.map((c) => c.colour);
    this.meshes = d.cubes.map((c, i) => {
      const m = this.addCube(this.content, toScene(c.p), new THREE.MeshStandardMaterial({ color: this.colours[i], roughness: 0.7 }));
      return m;
    });
    // The elastic through the cubes' centres.
    const geo = new THREE.BufferGeometry().setFromPoints(this.chain.map((p) => toScene(p)));
    this.line = new THREE.Line(geo, new THREE.LineBasicMaterial({ color: 0xc0392b }));
    this.content.add(this.line);
    if (!this.chain.length) {
      // No solution yet: show the empty box as a wire frame.
      const [bx, by, bz] = this.puzzle.box;
      const box = new THREE.BoxGeometry(bx, bz, by);
      const wire = new THREE.LineSegments(new THREE.EdgesGeometry(box), new THREE.LineBasicMaterial({ color: 0x777777 }));
      box.dispose();
      wire.position.copy(toScene([(bx - 1) / 2, (by - 1) / 2, (bz - 1) / 2]));
      this.content.add(wire);
    }
    this.setT(1);
  }

  private setT(t: number): void {
    this.t = t;
    this.slider.value = String(Math.round(t * 1000));
    const pos = foldChain(this.chain, t);
    const pts = pos.map((p) => toScene(p));
    pts.forEach((p, i) => this.meshes[i]?.position.copy(p));
    if (this.line) {
      this.line.geometry.setFromPoints(pts);
      this.line.geometry.computeBoundingSphere();
    }
    if (pts.length) {
      const bb = new THREE.Box3().setFromPoints(pts);
      const c = bb.getCenter(new THREE.Vector3());
      this.aim(c, bb.getSize(new THREE.Vector3()).length() / 2 + 0.8);
    } else this.requestRender();
  }

  private animate(): void {
    this.stopAnim();
    const start = performance.now();
    const ms = 5000;
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / ms);
      this.setT(t);
      this.anim = t < 1 ? requestAnimationFrame(step) : 0;
    };
    this.setT(0);
    this.anim = requestAnimationFrame(step);
  }

  private stopAnim(): void {
    if (this.anim) cancelAnimationFrame(this.anim);
    this.anim = 0;
  }

  /** Current fold state (0 straight, 1 solved), for tests. */
  get fold(): number {
    return this.t;
  }

  override dispose(): void {
    this.stopAnim();
    super.dispose();
  }
}
