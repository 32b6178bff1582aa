// The 3D view of snake cubes, the page's side: the fold slider and the fold animation from
// straight to solved, the camera following the chain. The scene (scene/snake-scene.ts) draws
// the chain as folded.
import * as THREE from 'three';
import type { DecodedSolution } from '../protocol/messages';
import type { SnakeDescription, Vec3 } from '../solver/description';
import { h } from '../ui/dom';
import { foldChain } from './drawing-model';
import { toScene } from './scene/scene-axes';
import { label, ThreeView } from './three-view';

export class SnakeView extends ThreeView {
  private chain: readonly Vec3[] = [];
  private t = 1;
  private anim = 0;
  private readonly slider: HTMLInputElement;

  constructor(puzzle: SnakeDescription) {
    super(`${puzzle.name}: 3D view`, { kind: 'snake', puzzle });
    this.slider = h('input', { type: 'range', min: 0, max: 1000, value: 1000, 'data-testid': 'fold' });
    this.slider.addEventListener('input', () => {
      this.stopAnim();
      this.setT(Number(this.slider.value) / 1000);
    });
    const play = h('button', { type: 'button', 'data-testid': 'fold-play', text: 'Fold from straight', onclick: () => this.animate() });
    this.panel.append(label('Fold', this.slider), play);
    const [bx, by, bz] = puzzle.box;
    this.aim(toScene([(bx - 1) / 2, (by - 1) / 2, (bz - 1) / 2]), Math.hypot(bx, by, bz) / 2, true);
    this.show(null);
  }

  show(sol: DecodedSolution | null): void {
    this.stopAnim();
    this.scene.post({ type: 'show', solution: sol });
    this.chain = sol?.kind === 'snake' ? sol.chain : [];
    this.setT(1);
  }

  /** The chain part-way folded, the camera on it. */
  private setT(t: number): void {
    this.t = t;
    this.slider.value = String(Math.round(t * 1000));
    this.scene.post({ type: 'fold', t });
    const points = foldChain(this.chain, t).map((p) => toScene(p));
    if (!points.length) return;
    const bb = new THREE.Box3().setFromPoints(points);
    this.aim(bb.getCenter(new THREE.Vector3()), bb.getSize(new THREE.Vector3()).length() / 2 + 0.8);
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
