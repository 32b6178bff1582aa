// A solid cell of each grid as a three.js mesh: cubes, balls (sphere grid), rhombic
// dodecahedra, triangular prisms (turned as their triangle points), BurrTools' tetrahedra. One
// geometry per grid, shared by every cell of a view; tetrahedra, which lie 24 ways, one per way.
import * as THREE from 'three';
import { ConvexGeometry } from 'three/examples/jsm/geometries/ConvexGeometry.js';
import type { GridName } from '../solver/description';
import { pointsUp, tetrahedronCorners } from './cell-geometry';
import { cellPosition, toScene } from './scene/scene-axes';

/** The cell of the face-centred cubic lattice whose neighbours lie at (±1, ±1, 0): its 14 corners. */
function rhombicDodecahedron(size: number): THREE.BufferGeometry {
  const corners: THREE.Vector3[] = [];
  for (const s of [-1, 1]) corners.push(new THREE.Vector3(s, 0, 0), new THREE.Vector3(0, s, 0), new THREE.Vector3(0, 0, s));
  for (const x of [-0.5, 0.5]) for (const y of [-0.5, 0.5]) for (const z of [-0.5, 0.5]) corners.push(new THREE.Vector3(x, y, z));
  return new ConvexGeometry(corners.map((c) => c.multiplyScalar(size)));
}

/** Cell p of the rhombic-tetrahedron grid about its centre, in scene axes, shrunk a little to show the seams. */
function tetrahedron(p: readonly number[]): THREE.BufferGeometry {
  const centre = cellPosition('rhombic-tetrahedron', p);
  return new ConvexGeometry(tetrahedronCorners(p).map((c) => toScene(c).sub(centre).multiplyScalar(0.92)));
}

interface Shape {
  geometry: THREE.BufferGeometry;
  /** Dark edges, where the cells have flat faces. */
  edges: THREE.EdgesGeometry | null;
}

/** The 24 ways a tetrahedron lies in its cube: its coordinates modulo 5 (offsets 0, ±1, ±2 from 2). */
const TETRAHEDRA: number[][] = [];
for (let x = 0; x < 5; x++)
  for (let y = 0; y < 5; y++)
    for (let z = 0; z < 5; z++)
      if ([x, y, z].map((v) => Math.abs(v - 2)).sort().join() === '0,1,2') TETRAHEDRA.push([x, y, z]);

const wayOf = (p: readonly number[]) => p.map((v) => ((v % 5) + 5) % 5).join(',');

export class CellMeshes {
  /** The grid's one shape (key ''); on the rhombic-tetrahedron grid, one per way a tetrahedron lies. */
  private readonly shapes = new Map<string, Shape>();

  constructor(private readonly grid: GridName, cube: THREE.BufferGeometry) {
    const made = (geometry: THREE.BufferGeometry): Shape => ({ geometry, edges: grid === 'sphere' ? null : new THREE.EdgesGeometry(geometry, 20) });
    if (grid === 'rhombic-tetrahedron') for (const p of TETRAHEDRA) this.shapes.set(wayOf(p), made(tetrahedron(p)));
    else this.shapes.set('', made(grid === 'sphere' ? new THREE.SphereGeometry(0.68, 24, 16)
      : grid === 'rhombic-dodecahedron' ? rhombicDodecahedron(0.96)
      : grid === 'prism' ? new THREE.CylinderGeometry(0.92 / Math.sqrt(3), 0.92 / Math.sqrt(3), 0.92, 3)
      : cube));
  }

  private shapeOf(p: readonly number[]): Shape {
    return this.shapes.get(this.grid === 'rhombic-tetrahedron' ? wayOf(p) : '')!;
  }

  /** Where cell p's middle lies in the scene. */
  position(p: readonly number[]): THREE.Vector3 {
    return cellPosition(this.grid, p);
  }

  add(parent: THREE.Object3D, p: readonly number[], material: THREE.Material, edgeMaterial: THREE.Material, scale = 1): THREE.Mesh {
    const shape = this.shapeOf(p);
    const mesh = new THREE.Mesh(shape.geometry, material);
    mesh.position.copy(this.position(p));
    // A three-sided cylinder has a corner towards +z (rows down): an up triangle's turned half round.
    if (this.grid === 'prism' && pointsUp(this.grid, p)) mesh.rotation.y = Math.PI;
    mesh.scale.setScalar(scale);
    if (shape.edges) mesh.add(new THREE.LineSegments(shape.edges, edgeMaterial));
    parent.add(mesh);
    return mesh;
  }

  /** What the view must keep between show()s and free at the end. */
  shared(): { dispose(): void }[] {
    return [...this.shapes.values()].flatMap((s) => (s.edges ? [s.geometry, s.edges] : [s.geometry]));
  }
}
