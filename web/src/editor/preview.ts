// A small three.js preview for the editor: unit cubes (board, piece, or a snake chain), drag to
// turn. Separate from the page's renderer so the editor never disturbs the solution view; it
// renders on demand, not in a loop.
import * as THREE from 'three';

export interface PreviewCube {
  x: number;
  y: number;
  z: number;
  colour: string;
  /** Drawn see-through ('+' board cells, the chain's links). */
  faint?: boolean;
}

export class VoxelPreview {
  readonly element: HTMLElement;
  private renderer: THREE.WebGLRenderer | null = null;
  private scene = new THREE.Scene();
  private camera = new THREE.PerspectiveCamera(35, 1, 0.1, 1000);
  private group = new THREE.Group();
  private yaw = -0.6;
  private pitch = 0.5;
  private radius = 5;
  private centre = new THREE.Vector3();
  private geometry = new THREE.BoxGeometry(0.92, 0.92, 0.92);

  constructor(width = 260, height = 200) {
    this.element = document.createElement('div');
    this.element.className = 'pw-editor-preview';
    this.element.dataset.testid = 'editor-preview';
    try {
      this.renderer = new THREE.WebGLRenderer({ antialias: true, alpha: true, preserveDrawingBuffer: true });
      this.renderer.setPixelRatio(Math.min(2, globalThis.devicePixelRatio || 1));
      this.renderer.setSize(width, height);
      this.camera.aspect = width / height;
      this.camera.updateProjectionMatrix();
      this.element.append(this.renderer.domElement);
      this.scene.add(new THREE.AmbientLight(0xffffff, 0.55));
      const sun = new THREE.DirectionalLight(0xffffff, 1.6);
      sun.position.set(3, 5, 4);
      this.scene.add(sun, this.group);
      this.bindDrag(this.renderer.domElement);
    } catch {
      this.renderer = null;
      this.element.textContent = '3D preview unavailable (no WebGL)';
    }
  }

  private bindDrag(canvas: HTMLCanvasElement) {
    let last: { x: number; y: number } | null = null;
    canvas.addEventListener('pointerdown', (e) => {
      last = { x: e.clientX, y: e.clientY };
      canvas.setPointerCapture(e.pointerId);
    });
    canvas.addEventListener('pointermove', (e) => {
      if (!last) return;
      this.yaw -= (e.clientX - last.x) * 0.01;
      this.pitch = Math.max(-1.4, Math.min(1.4, this.pitch + (e.clientY - last.y) * 0.01));
      last = { x: e.clientX, y: e.clientY };
      this.render();
    });
    for (const ev of ['pointerup', 'pointercancel'] as const) canvas.addEventListener(ev, () => (last = null));
  }

  /** Replaces the cubes. Rows grow downwards in the documents, so y is flipped for display. */
  show(cubes: PreviewCube[]): void {
    if (!this.renderer) return;
    for (const child of [...this.group.children]) {
      this.group.remove(child);
      ((child as THREE.Mesh).material as THREE.Material).dispose();
    }
    const materials = new Map<string, THREE.Material>();
    const box = new THREE.Box3();
    for (const c of cubes.slice(0, 20_000)) {
      const key = c.colour + (c.faint ? 'f' : '');
      let m = materials.get(key);
      if (!m) {
        m = new THREE.MeshLambertMaterial({ color: c.colour, transparent: !!c.faint, opacity: c.faint ? 0.35 : 1 });
        materials.set(key, m);
      }
      const mesh = new THREE.Mesh(this.geometry, m);
      mesh.position.set(c.x, -c.y, c.z);
      this.group.add(mesh);
      box.expandByPoint(mesh.position);
    }
    if (cubes.length) {
      box.getCenter(this.centre);
      const size = box.getSize(new THREE.Vector3()).length() + 1.5;
      this.radius = size / (2 * Math.tan((this.camera.fov * Math.PI) / 360)) + 1;
    }
    this.render();
  }

  render(): void {
    if (!this.renderer) return;
    const r = this.radius;
    this.camera.position.set(
      this.centre.x + r * Math.cos(this.pitch) * Math.sin(this.yaw),
      this.centre.y + r * Math.sin(this.pitch),
      this.centre.z + r * Math.cos(this.pitch) * Math.cos(this.yaw),
    );
    this.camera.lookAt(this.centre);
    this.renderer.render(this.scene, this.camera);
  }

  dispose(): void {
    this.geometry.dispose();
    this.renderer?.dispose();
  }
}
