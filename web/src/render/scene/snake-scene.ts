// A snake cube's scene: the chain as linked cubes in two wood tones and the elastic through them,
// part-way folded as the page asks; with no solution, the empty box as a wire frame.
import * as THREE from 'three';
import type { DecodedSolution } from '../../protocol/messages';
import type { SnakeDescription, Vec3 } from '../../solver/description';
import { foldChain, snakeDrawing } from '../drawing-model';
import { toScene } from './scene-axes';
import { SceneContent } from './scene-content';

export class SnakeScene extends SceneContent {
  private chain: Vec3[] = [];
  private meshes: THREE.Mesh[] = [];
  private line: THREE.Line | null = null;
  private t = 1;

  constructor(private readonly puzzle: SnakeDescription) {
    super();
  }

  show(sol: DecodedSolution | null): void {
    this.clearContent();
    const d = snakeDrawing(this.puzzle, sol);
    this.chain = d.cubes.map((c) => c.p);
    this.meshes = d.cubes.map((c) => this.addCube(this.content, toScene(c.p), new THREE.MeshStandardMaterial({ color: c.colour, roughness: 0.7 })));
    // The elastic through the cubes' centres.
    this.line = new THREE.Line(new THREE.BufferGeometry(), new THREE.LineBasicMaterial({ color: 0xc0392b }));
    this.content.add(this.line);
    if (!this.chain.length) {
      const [bx, by, bz] = this.puzzle.box;
      const box = new THREE.BoxGeometry(bx, bz, by);
      const wire = new THREE.LineSegments(new THREE.EdgesGeometry(box), new THREE.LineBasicMaterial({ color: 0x777777 }));
      box.dispose();
      wire.position.copy(toScene([(bx - 1) / 2, (by - 1) / 2, (bz - 1) / 2]));
      this.content.add(wire);
    }
    this.fold(this.t);
  }

  override fold(t: number): void {
    this.t = t;
    const points = foldChain(this.chain, t).map((p) => toScene(p));
    points.forEach((p, i) => this.meshes[i]?.position.copy(p));
    if (this.line && points.length) {
      this.line.geometry.setFromPoints(points);
      this.line.geometry.computeBoundingSphere();
    }
  }
}
