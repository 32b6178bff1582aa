// Pictures of polycube pieces for the tray, drawn by one small three.js renderer that every
// piece shares (one WebGL context for the whole tray, whatever the puzzle: software WebGL, as in
// headless Chromium and on some phones, pays for each context and each large canvas). Each
// picture is rendered once and kept as an image; turning a piece renders that piece again.
import * as THREE from 'three';
import type { GridName, Vec3 } from '../solver/description';
import { CellMeshes } from '../render/three-cells';

/** Pixels per side of a picture (twice the 72 px it is shown at, for sharp edges on dense screens). */
const SIDE = 144;

export class SolidPictures {
  private readonly renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true, alpha: true });
  private readonly scene = new THREE.Scene();
  private readonly camera = new THREE.PerspectiveCamera(30, 1, 0.1, 100);
  private readonly cube = new THREE.BoxGeometry(0.92, 0.92, 0.92);
  private readonly edgeMat = new THREE.LineBasicMaterial({ color: 0x1d1d1d });
  /** Each grid's cell shapes, made when a piece of that grid is first pictured. */
  private readonly grids = new Map<GridName, CellMeshes>();

  private cellsOf(grid: GridName): CellMeshes {
    let shapes = this.grids.get(grid);
    if (!shapes) this.grids.set(grid, (shapes = new CellMeshes(grid, this.cube)));
    return shapes;
  }

  constructor() {
    this.renderer.setSize(SIDE, SIDE, false);
    this.renderer.setClearColor(0x000000, 0);
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x8a8070, 1.6));
    const sun = new THREE.DirectionalLight(0xffffff, 1.8);
    sun.position.set(5, 9, 7);
    this.scene.add(sun);
  }

  /** The piece seen from a turn of `turn` radians about the vertical, as a PNG data URL. */
  picture(cells: readonly Vec3[], colour: string, turn: number, grid: GridName = 'cube'): string {
    const group = new THREE.Group();
    const mat = new THREE.MeshStandardMaterial({ color: colour, roughness: 0.6 });
    const shapes = this.cellsOf(grid);
    const centre = new THREE.Vector3();
    for (const c of cells) centre.add(shapes.position(c));
    centre.divideScalar(Math.max(1, cells.length));
    let radius = 0.9;
    for (const c of cells) {
      const mesh = shapes.add(group, c, mat, this.edgeMat);
      mesh.position.sub(centre);
      radius = Math.max(radius, mesh.position.length() + 0.9);
    }
    this.scene.add(group);
    const dir = new THREE.Vector3(Math.sin(turn + 0.6), 0.85, Math.cos(turn + 0.6)).normalize();
    const dist = radius / Math.sin(((this.camera.fov / 2) * Math.PI) / 180);
    this.camera.position.copy(dir.multiplyScalar(dist));
    this.camera.lookAt(0, 0, 0);
    this.renderer.render(this.scene, this.camera);
    const url = this.renderer.domElement.toDataURL('image/png');
    this.scene.remove(group);
    mat.dispose();
    return url;
  }
}

let shared: SolidPictures | null = null;

/** The one renderer of the tray's solid pieces, made when first needed. */
export function solidPictures(): SolidPictures {
  shared ??= new SolidPictures();
  return shared;
}
