// A solid cell of each grid as a three.js mesh: cubes, balls (sphere grid), rhombic
// dodecahedra, triangular prisms (turned as their triangle points). One geometry per grid,
// shared by every cell of a view.
import * as THREE from 'three';
import { ConvexGeometry } from 'three/examples/jsm/geometries/ConvexGeometry.js';
import type { GridName } from '../solver/description';
import { cellCentre, pointsUp } from './cell-geometry';
import { toScene } from './three-view';

/** The cell of the face-centred cubic lattice whose neighbours lie at (±1, ±1, 0): its 14 corners. */
function rhombicDodecahedron(size: number): THREE.BufferGeometry {
  const corners: THREE.Vector3[] = [];
  for (const s of [-1, 1]) corners.push(new THREE.Vector3(s, 0, 0), new THREE.Vector3(0, s, 0), new THREE.Vector3(0, 0, s));
  for (const x of [-0.5, 0.5]) for (const y of [-0.5, 0.5]) for (const z of [-0.5, 0.5]) corners.push(new THREE.Vector3(x, y, z));
  return new ConvexGeometry(corners.map((c) => c.multiplyScalar(size)));
}

export class CellMeshes {
  readonly geometry: THREE.BufferGeometry;
  /** Dark edges, where the cells have flat faces. */
  readonly edges: THREE.EdgesGeometry | null;

  constructor(private readonly grid: GridName, cube: THREE.BufferGeometry) {
    if (grid === 'sphere') this.geometry = new THREE.SphereGeometry(0.68, 24, 16);
    else if (grid === 'rhombic-dodecahedron') this.geometry = rhombicDodecahedron(0.96);
    else if (grid === 'prism') this.geometry = new THREE.CylinderGeometry(0.92 / Math.sqrt(3), 0.92 / Math.sqrt(3), 0.92, 3);
    else this.geometry = cube;
    this.edges = grid === 'sphere' ? null : new THREE.EdgesGeometry(this.geometry, 20);
  }

  /** Where cell p's middle lies in the scene. */
  position(p: readonly number[]): THREE.Vector3 {
    return toScene(cellCentre(this.grid, p));
  }

  add(parent: THREE.Object3D, p: readonly number[], material: THREE.Material, edgeMaterial: THREE.Material, scale = 1): THREE.Mesh {
    const mesh = new THREE.Mesh(this.geometry, material);
    mesh.position.copy(this.position(p));
    // A three-sided cylinder has a corner towards +z (rows down): an up triangle's turned half round.
    if (this.grid === 'prism' && pointsUp(this.grid, p)) mesh.rotation.y = Math.PI;
    mesh.scale.setScalar(scale);
    if (this.edges) mesh.add(new THREE.LineSegments(this.edges, edgeMaterial));
    parent.add(mesh);
    return mesh;
  }

  /** What the view must keep between show()s and free at the end. */
  shared(): { dispose(): void }[] {
    return this.edges ? [this.geometry, this.edges] : [this.geometry];
  }
}
