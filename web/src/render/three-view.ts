// What the 3D views share on the page: the canvas, the camera and its orbit controls (mouse,
// touch and keys), a panel for the view's controls, and the scene that draws them (SceneClient:
// the page's first, then a worker's where the browser allows). The page keeps the camera: a turn is
// answered here at once, and the scene is told where the camera now is.
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { DecodedSolution } from '../protocol/messages';
import { h } from '../ui/dom';
import { SceneClient } from './scene/scene-client';
import type { SceneSubject } from './scene/scene-protocol';
import type { PuzzleView } from './view';

/** A control with its caption, for a view's panel. */
export function label(text: string, control: HTMLElement): HTMLLabelElement {
  return h('label', {}, h('span', { text }), control);
}

export abstract class ThreeView implements PuzzleView {
  readonly element: HTMLElement;
  /** Resolves when the scene's first frame is drawn; rejects when it cannot be drawn. */
  readonly drawn: Promise<void>;
  protected readonly panel: HTMLElement;
  protected readonly scene: SceneClient;
  private canvas: HTMLCanvasElement;
  /** The canvas's box: the scene's canvases one over the other, the shown one on top. */
  private readonly stage: HTMLElement;
  private readonly camera = new THREE.PerspectiveCamera(40, 1, 0.1, 1000);
  private readonly controls: OrbitControls;
  private readonly resize: ResizeObserver;
  /** The canvas's size in CSS pixels, once the page has laid it out. */
  private size: { width: number; height: number } | null = null;
  private cameraQueued = false;
  /** Pointers down on the view (a turn under way). */
  private readonly pointers = new Set<number>();

  constructor(private readonly ariaLabel: string, subject: SceneSubject) {
    this.scene = new SceneClient(subject, { beneath: (c) => this.putBeneath(c), show: (c) => this.showCanvas(c) }, () => this.pointers.size > 0);
    this.canvas = this.dress(this.scene.canvas);
    this.drawn = this.scene.drawn;
    this.panel = h('div', { class: 'view-controls' });
    // Mouse and touch turn the view (one finger turns, two pinch and pan); so do keys. The canvas's
    // box hears them, so that a turn goes on across the canvas changing (the worker's taking over).
    const stage = (this.stage = h('div', { class: 'view-stage' }, this.canvas));
    stage.addEventListener('keydown', (e) => this.onKey(e));
    stage.addEventListener('pointerdown', (e) => this.pointers.add(e.pointerId));
    for (const end of ['pointerup', 'pointercancel', 'lostpointercapture'] as const) stage.addEventListener(end, (e) => this.pointers.delete(e.pointerId));
    this.element = h('div', { class: 'view-3d' }, stage, this.panel);
    this.controls = new OrbitControls(this.camera, stage);
    this.controls.addEventListener('change', () => this.cameraMoved());
    // The scene draws its first frame once the page has laid the view out: at the page's size,
    // not at a default one drawn again moments later.
    this.resize = new ResizeObserver(() => this.fitSize());
    this.resize.observe(this.element);
  }

  /**
   * The view's canvas as the page shows it: named, sized, focusable when `shown`; one beneath
   * the shown one is hidden from assistive technology and the keyboard.
   */
  private dress(canvas: HTMLCanvasElement, shown = true): HTMLCanvasElement {
    Object.assign(canvas, { tabIndex: shown ? 0 : -1, title: 'Drag to turn, scroll or pinch to zoom; arrow keys turn, + and − zoom' });
    canvas.setAttribute('aria-label', this.ariaLabel);
    canvas.setAttribute('role', 'img');
    if (shown) canvas.removeAttribute('aria-hidden');
    else canvas.setAttribute('aria-hidden', 'true');
    if (this.size) Object.assign(canvas.style, { width: `${this.size.width}px`, height: `${this.size.height}px` });
    return canvas;
  }

  /** A worker's canvas, drawn on out of sight until it is shown. */
  private putBeneath(canvas: HTMLCanvasElement): void {
    this.stage.prepend(this.dress(canvas, false));
  }

  /**
   * Another scene's canvas shown: a worker's, brought up from beneath where it was drawn (not
   * moved: a canvas drawn by a worker and put in again can show nothing for a moment), or the
   * page's again after a worker failed.
   */
  private showCanvas(canvas: HTMLCanvasElement): void {
    const focused = document.activeElement === this.canvas;
    if (canvas.parentNode !== this.stage) this.stage.append(canvas);
    this.dress(canvas);
    if (this.canvas.dataset.camera) canvas.dataset.camera = this.canvas.dataset.camera;
    this.canvas.remove();
    this.canvas = canvas;
    if (focused) canvas.focus({ preventScroll: true });
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
    this.cameraMoved();
    // Not also a step through the solutions (the page's arrow keys).
    e.preventDefault();
    e.stopPropagation();
  }

  /** Sizes the canvas to the element; the scene is told only when the size changed. */
  private fitSize(): void {
    const width = Math.max(200, this.element.clientWidth || 640);
    const height = Math.round(Math.min(520, Math.max(300, width * 0.7)));
    // The element also grows when its panel does (the piece list of a solution): the canvas keeps
    // its size, and is not drawn again.
    if (this.size?.width === width && this.size.height === height) return;
    this.size = { width, height };
    for (const canvas of this.stage.querySelectorAll('canvas')) Object.assign(canvas.style, { width: `${width}px`, height: `${height}px` });
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    // The camera first: the first frame is drawn as soon as the size is known.
    this.cameraMoved();
    this.tellCamera();
    this.scene.post({ type: 'size', width, height, pixelRatio: Math.min(2, globalThis.devicePixelRatio || 1) });
  }

  /** Points the camera at a sphere of the given centre and radius, keeping the viewing direction. */
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
    this.cameraMoved();
  }

  /** The scene is told where the camera is, once per task however often it moved. */
  private cameraMoved(): void {
    if (this.cameraQueued) return;
    this.cameraQueued = true;
    queueMicrotask(() => this.tellCamera());
  }

  /** Tells the scene now where the camera is, when it moved since it was last told. */
  private tellCamera(): void {
    if (!this.cameraQueued) return;
    this.cameraQueued = false;
    const c = this.camera;
    this.scene.post({ type: 'camera', pose: { position: c.position.toArray(), quaternion: c.quaternion.toArray() as [number, number, number, number],
      fov: c.fov, aspect: c.aspect, near: c.near, far: c.far } });
    // Where the camera looks from (turn, tilt, distance), for tests of touch and keys.
    const o = this.controls;
    this.canvas.dataset.camera = [o.getAzimuthalAngle(), o.getPolarAngle(), o.getDistance()].map((v) => v.toFixed(3)).join(' ');
  }

  /** Renders the view as it is (camera, explosion, hidden pieces) at `scale` pixels per CSS pixel. */
  capture(scale: number): Promise<Blob> {
    return this.scene.capture(scale);
  }

  abstract show(sol: DecodedSolution | null): void;

  dispose(): void {
    this.resize.disconnect();
    this.controls.dispose();
    this.scene.dispose();
    this.element.replaceChildren();
  }
}
