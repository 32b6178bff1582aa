// What a scene draws besides its lights: the meshes of the solution shown, rebuilt by each
// show(), and the geometries and materials every show() reuses (unit cubes with dark edges).
import * as THREE from 'three';
import type { DecodedSolution } from '../../protocol/messages';
import type { PackingArrangement } from './scene-protocol';

function disposeTree(root: THREE.Object3D, keep: Set<unknown>): void {
  root.traverse((o) => {
    const m = o as THREE.Mesh;
    if (m.geometry && !keep.has(m.geometry)) m.geometry.dispose();
    const mat = m.material as THREE.Material | THREE.Material[] | undefined;
    if (mat) for (const x of Array.isArray(mat) ? mat : [mat]) if (!keep.has(x)) x.dispose();
  });
}

export abstract class SceneContent {
  /** Added to the scene once; holds `content`. */
  readonly root = new THREE.Group();
  /** Objects rebuilt by each show(); disposed before the next. */
  protected content = new THREE.Group();
  protected readonly cube = new THREE.BoxGeometry(0.92, 0.92, 0.92);
  protected readonly cubeEdges = new THREE.EdgesGeometry(this.cube);
  protected readonly edgeMat = new THREE.LineBasicMaterial({ color: 0x1d1d1d });
  /** Geometries and materials every show() reuses: kept by clearContent(), freed by dispose(). */
  protected readonly shared = new Set<{ dispose(): void }>([this.cube, this.cubeEdges, this.edgeMat]);

  constructor() {
    this.root.add(this.content);
  }

  abstract show(sol: DecodedSolution | null): void;
  /** A packing's layout (explosion, hidden and picked-out pieces, disassembly): packings only. */
  arrange(_: PackingArrangement): void {}
  /** The snake part-way folded: snakes only. */
  fold(_: number): void {}

  protected clearContent(): void {
    this.root.remove(this.content);
    disposeTree(this.content, this.shared);
    this.content = new THREE.Group();
    this.root.add(this.content);
  }

  protected addCube(parent: THREE.Object3D, p: THREE.Vector3, material: THREE.Material): THREE.Mesh {
    const mesh = new THREE.Mesh(this.cube, material);
    mesh.position.copy(p);
    mesh.add(new THREE.LineSegments(this.cubeEdges, this.edgeMat));
    parent.add(mesh);
    return mesh;
  }

  dispose(): void {
    this.clearContent();
    for (const x of this.shared) x.dispose();
  }
}
