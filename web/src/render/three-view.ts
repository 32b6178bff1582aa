// What the three.js views share: a renderer drawing on demand (no idle render loop), orbit
// controls, a panel for the view's controls, unit cubes with dark edges, and disposal of
// everything a view created.
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { DecodedSolution } from '../protocol/messages';
import { localStore } from '../storage/local-store';
import { h } from '../ui/dom';
import { whenIdle } from '../ui/idle';
import type { PuzzleView } from './view';

/** Puzzle (x, y, z) → scene: x right, layers (z) up, rows (y) towards the viewer. */
export const toScene = (p: readonly number[]): THREE.Vector3 => new THREE.Vector3(p[0]!, p[2] ?? 0, p[1]!);

function disposeTree(root: THREE.Object3D, keep: Set<unknown>): void {
  root.traverse((o) => {
    const m = o as THREE.Mesh;
    if (m.geometry && !keep.has(m.geometry)) m.geometry.dispose();
    const mat = m.material as THREE.Material | THREE.Material[] | undefined;
    if (mat) for (const x of Array.isArray(mat) ? mat : [mat]) if (!keep.has(x)) x.dispose();
  });
}

/**
 * The GPU draws this browser's WebGL, or the CPU does (no GPU, or none allowed: SwiftShader,
 * llvmpipe); null until a view has asked its renderer, in this browser ever (kept in
 * localStorage). Where the CPU draws, a view does without multisampling: it makes each frame
 * about a third slower there, which a turn of the view feels and a run does too (the first
 * solution's frame holds up the page).
 */
let softwareWebGL: boolean | null = null;
const DRAWN_BY = 'piecewise:webgl-drawn-by';

function drawnInSoftware(renderer: THREE.WebGLRenderer): boolean {
  const gl = renderer.getContext();
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
  return /swiftshader|llvmpipe|softpipe|software|basic render/i.test(name);
}

/**
 * A renderer, multisampled where a GPU draws. Until this browser is known, the first one is made
 * without and asked: where the CPU draws it stays (a second context there would cost the first
 * frame tens of ms), where a GPU does it is made again, once in this browser's life.
 */
function createRenderer(): THREE.WebGLRenderer {
  const store = localStore();
  const known = store?.getItem(DRAWN_BY);
  softwareWebGL ??= known === 'cpu' ? true : known === 'gpu' ? false : null;
  const renderer = new THREE.WebGLRenderer({ antialias: softwareWebGL === false, preserveDrawingBuffer: true });
  if (softwareWebGL !== null) return renderer;
  softwareWebGL = drawnInSoftware(renderer);
  try {
    store?.setItem(DRAWN_BY, softwareWebGL ? 'cpu' : 'gpu');
  } catch {
    // A full store (the editor's journal): asked again on the next load.
  }
  if (softwareWebGL) return renderer;
  renderer.dispose();
  renderer.forceContextLoss();
  return createRenderer();
}

/** A control with its caption, for a view's panel. */
export function label(text: string, control: HTMLElement): HTMLLabelElement {
  return h('label', {}, h('span', { text }), control);
}

export abstract class ThreeView implements PuzzleView {
  readonly element: HTMLElement;
  protected readonly panel: HTMLElement;
  protected readonly renderer: THREE.WebGLRenderer;
  protected readonly scene = new THREE.Scene();
  protected readonly camera = new THREE.PerspectiveCamera(40, 1, 0.1, 1000);
  protected readonly controls: OrbitControls;
  /** Objects rebuilt by each show(); disposed before the next. */
  protected content = new THREE.Group();
  protected readonly cube = new THREE.BoxGeometry(0.92, 0.92, 0.92);
  protected readonly cubeEdges = new THREE.EdgesGeometry(this.cube);
  protected readonly edgeMat = new THREE.LineBasicMaterial({ color: 0x1d1d1d });
  /**
   * A solution's pieces' material (opaque, lit), drawn once before any solution (primePieces); it
   * lives as long as the view, so that its compiled program stays for the pieces' own materials.
   */
  private readonly primer = new THREE.MeshStandardMaterial();
  /** Geometries and materials every show() reuses: kept by clearContent(), freed by dispose(). */
  protected readonly shared = new Set<{ dispose(): void }>([this.cube, this.cubeEdges, this.edgeMat, this.primer]);
  private primed = false;
  private disposed = false;
  private readonly resize: ResizeObserver;
  private frame = 0;

  constructor(ariaLabel: string) {
    this.renderer = createRenderer();
    this.renderer.setPixelRatio(Math.min(2, globalThis.devicePixelRatio || 1));
    this.renderer.setClearColor(0xf4f1ea);
    const canvas = this.renderer.domElement;
    canvas.setAttribute('aria-label', ariaLabel);
    canvas.setAttribute('role', 'img');
    canvas.tabIndex = 0;
    this.panel = h('div', { class: 'view-controls' });
    this.element = h('div', { class: 'view-3d' }, canvas, this.panel);
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x8a8070, 1.6));
    const sun = new THREE.DirectionalLight(0xffffff, 1.8);
    sun.position.set(5, 9, 7);
    this.scene.add(sun, this.content);
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.addEventListener('change', () => this.requestRender());
    // Mouse and touch turn the view (one finger turns, two pinch and pan); so do keys.
    canvas.title = 'Drag to turn, scroll or pinch to zoom; arrow keys turn, + and − zoom';
    canvas.addEventListener('keydown', (e) => this.onKey(e));
    this.resize = new ResizeObserver(() => {
      if (this.fitSize()) this.requestRender();
    });
    this.resize.observe(this.element);
    this.fitSize();
  }

  /** Arrow keys turn the view by 15°, + and - zoom: the keyboard's way to do what a drag does. */
  private onKey(e: KeyboardEvent): void {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const step = Math.PI / 12;
    const target = this.controls.target;
    const s = new THREE.Spherical().setFromVector3(this.camera.position.clone().sub(target));
    const turns: Record<string, () => void> = {
      ArrowLeft: () => (s.theta -= step), ArrowRight: () => (s.theta += step),
      ArrowUp: () => (s.phi -= step), ArrowDown: () => (s.phi += step),
      '+': () => (s.radius /= 1.15), '=': () => (s.radius /= 1.15), '-': () => (s.radius *= 1.15),
    };
    const turn = turns[e.key];
    if (!turn) return;
    turn();
    s.phi = Math.min(Math.PI - 0.05, Math.max(0.05, s.phi));
    this.camera.position.copy(target).add(new THREE.Vector3().setFromSpherical(s));
    this.controls.update();
    this.requestRender();
    // Not also a step through the solutions (the page's arrow keys).
    e.preventDefault();
    e.stopPropagation();
  }

  /**
   * Sizes the canvas to the element (a default width while it is not in the page); true when the
   * size changed, so that a frame is wanted.
   */
  private fitSize(): boolean {
    const w = Math.max(200, this.element.clientWidth || 640);
    const h = Math.round(Math.min(520, Math.max(300, w * 0.7)));
    // The element also grows when its panel does (the piece list of a solution): the canvas keeps
    // its size, and is not drawn again (a frame of software WebGL can take the page 100 ms).
    const size = this.renderer.getSize(new THREE.Vector2());
    if (size.x === w && size.y === h) return false;
    this.renderer.setSize(w, h);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    return true;
  }

  /** Points the camera at a box of the given centre and radius, keeping the viewing direction. */
  protected aim(centre: THREE.Vector3, radius: number, resetDirection = false): void {
    const dir = resetDirection
      ? new THREE.Vector3(1.1, 1.25, 1.6).normalize()
      : this.camera.position.clone().sub(this.controls.target).normalize();
    const dist = (Math.max(radius, 1) / Math.sin(((this.camera.fov / 2) * Math.PI) / 180)) * 1.08;
    this.controls.target.copy(centre);
    this.camera.position.copy(centre).addScaledVector(dir, dist);
    this.camera.near = dist / 100;
    this.camera.far = dist * 10;
    this.camera.updateProjectionMatrix();
    this.controls.update();
    this.requestRender();
  }

  protected clearContent(): void {
    this.scene.remove(this.content);
    disposeTree(this.content, this.shared);
    this.content = new THREE.Group();
    this.scene.add(this.content);
  }

  protected addCube(parent: THREE.Object3D, p: THREE.Vector3, material: THREE.Material, scale = 1): THREE.Mesh {
    const mesh = new THREE.Mesh(this.cube, material);
    mesh.position.copy(p);
    mesh.scale.setScalar(scale);
    mesh.add(new THREE.LineSegments(this.cubeEdges, this.edgeMat));
    parent.add(mesh);
    return mesh;
  }

  requestRender(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      // The view's first frame comes once it is in the page: drawn at the page's size, not at the
      // default one, which the resize observer would then have drawn again.
      this.fitSize();
      this.renderNow();
    });
  }

  /** Renders now (tests and screenshots want the picture without waiting a frame). */
  renderNow(): void {
    this.renderer.render(this.scene, this.camera);
    if (!this.primed) {
      this.primed = true;
      whenIdle(() => this.primePieces());
    }
    // Where the camera looks from (turn, tilt, distance), for tests of touch and keys.
    const c = this.controls;
    this.renderer.domElement.dataset.camera = [c.getAzimuthalAngle(), c.getPolarAngle(), c.getDistance()].map((v) => v.toFixed(3)).join(' ');
  }

  /**
   * Draws the pieces' material once before any solution comes, on one pixel of the canvas's
   * corner and without clearing (nothing shown): where the CPU draws WebGL, the first drawing with
   * a program compiles it for drawing, which would otherwise fall on a run's first solution and
   * hold the main thread (and the workers' cores) 50 ms more. The empty board has no opaque pieces.
   */
  private primePieces(): void {
    if (this.disposed) return;
    const mesh = new THREE.Mesh(this.cube, this.primer);
    mesh.position.copy(this.controls.target);
    this.scene.add(mesh);
    const autoClear = this.renderer.autoClear;
    this.renderer.autoClear = false;
    this.renderer.setScissor(0, 0, 1, 1);
    this.renderer.setScissorTest(true);
    this.renderer.render(this.scene, this.camera);
    this.renderer.setScissorTest(false);
    this.renderer.autoClear = autoClear;
    this.scene.remove(mesh);
  }

  /** Renders the view as it is (camera, explosion, hidden pieces) at `scale` pixels per CSS pixel. */
  capture(scale: number): Promise<Blob> {
    const canvas = this.renderer.domElement;
    const w = canvas.clientWidth || canvas.width;
    const h = canvas.clientHeight || canvas.height;
    const old = this.renderer.getPixelRatio();
    // Within what the GPU can draw in one go.
    const max = this.renderer.capabilities.maxTextureSize || 4096;
    this.renderer.setPixelRatio(Math.min(scale, max / Math.max(w, h)));
    this.renderer.setSize(w, h, false);
    this.renderer.render(this.scene, this.camera);
    // toBlob copies the pixels now; the view is restored at once.
    const blob = new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the browser made no PNG'))), 'image/png'));
    this.renderer.setPixelRatio(old);
    this.renderer.setSize(w, h, false);
    this.renderNow();
    return blob;
  }

  abstract show(sol: DecodedSolution | null): void;

  dispose(): void {
    this.disposed = true;
    if (this.frame) cancelAnimationFrame(this.frame);
    this.resize.disconnect();
    this.controls.dispose();
    this.clearContent();
    for (const x of this.shared) x.dispose();
    this.renderer.dispose();
    this.renderer.forceContextLoss();
    this.element.replaceChildren();
  }
}
