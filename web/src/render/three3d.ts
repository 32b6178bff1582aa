// 3D views with three.js: polycube packings (exploded view, per-piece show/hide) and snake cubes
// (the chain as linked cubes, with a fold animation from straight to solved).
// Rendering is on demand (no idle render loop); everything created here is disposed in dispose().
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { DecodedSolution } from '../protocol/messages';
import type { ExpandedPacking, ExpandedSnake, Vec3 } from '../model/document';
import { foldChain, packingDrawing, snakeDrawing } from './drawing-model';
import type { PuzzleView } from './view';

/** Puzzle (x, y, z) → scene: x right, layers (z) up, rows (y) towards the viewer. */
const toScene = (p: readonly number[]): THREE.Vector3 => new THREE.Vector3(p[0]!, p[2] ?? 0, p[1]!);

function disposeTree(root: THREE.Object3D, keep: Set<unknown>): void {
  root.traverse((o) => {
    const m = o as THREE.Mesh;
    if (m.geometry && !keep.has(m.geometry)) m.geometry.dispose();
    const mat = m.material as THREE.Material | THREE.Material[] | undefined;
    if (mat) for (const x of Array.isArray(mat) ? mat : [mat]) if (!keep.has(x)) x.dispose();
  });
}

function label(text: string, control: HTMLElement): HTMLLabelElement {
  const l = document.createElement('label');
  const span = document.createElement('span');
  span.textContent = text;
  l.append(span, control);
  return l;
}

abstract class ThreeView implements PuzzleView {
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
  private readonly resize: ResizeObserver;
  private frame = 0;

  constructor(ariaLabel: string) {
    this.element = document.createElement('div');
    this.element.className = 'view-3d';
    this.renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(Math.min(2, globalThis.devicePixelRatio || 1));
    this.renderer.setClearColor(0xf4f1ea);
    const canvas = this.renderer.domElement;
    canvas.setAttribute('aria-label', ariaLabel);
    canvas.setAttribute('role', 'img');
    canvas.tabIndex = 0;
    this.panel = document.createElement('div');
    this.panel.className = 'view-controls';
    this.element.append(canvas, this.panel);
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x8a8070, 1.6));
    const sun = new THREE.DirectionalLight(0xffffff, 1.8);
    sun.position.set(5, 9, 7);
    this.scene.add(sun, this.content);
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.addEventListener('change', () => this.requestRender());
    this.resize = new ResizeObserver(() => this.fitSize());
    this.resize.observe(this.element);
    this.fitSize();
  }

  private fitSize(): void {
    const w = Math.max(200, this.element.clientWidth || 640);
    const h = Math.round(Math.min(520, Math.max(300, w * 0.7)));
    this.renderer.setSize(w, h);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.requestRender();
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
    disposeTree(this.content, new Set([this.cube, this.cubeEdges, this.edgeMat]));
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
      this.renderer.render(this.scene, this.camera);
    });
  }

  /** Renders now (tests and screenshots want the picture without waiting a frame). */
  renderNow(): void {
    this.renderer.render(this.scene, this.camera);
  }

  abstract show(sol: DecodedSolution | null): void;

  dispose(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.resize.disconnect();
    this.controls.dispose();
    this.clearContent();
    this.cube.dispose();
    this.cubeEdges.dispose();
    this.edgeMat.dispose();
    this.renderer.dispose();
    this.renderer.forceContextLoss();
    this.element.replaceChildren();
  }
}

export class Packing3DView extends ThreeView {
  private explode = 0;
  private hidden = new Set<number>();
  private groups: { group: THREE.Group; offset: THREE.Vector3 }[] = [];
  private readonly pieceList: HTMLElement;
  private readonly centre: THREE.Vector3;

  constructor(private puzzle: ExpandedPacking) {
    super(`${puzzle.name}: 3D view`);
    const [sx, sy, sz] = puzzle.size;
    this.centre = toScene([(sx - 1) / 2, (sy - 1) / 2, (sz - 1) / 2]);
    const slider = document.createElement('input');
    slider.type = 'range';
    slider.min = '0';
    slider.max = '100';
    slider.value = '0';
    slider.dataset.testid = 'explode';
    slider.addEventListener('input', () => {
      this.explode = Number(slider.value) / 100;
      this.layout();
    });
    this.pieceList = document.createElement('fieldset');
    this.pieceList.className = 'piece-list';
    const legend = document.createElement('legend');
    legend.textContent = 'Pieces';
    this.pieceList.append(legend);
    this.panel.append(label('Exploded view', slider), this.pieceList);
    this.aim(this.centre, Math.hypot(sx, sy, sz) / 2, true);
    this.show(null);
  }

  show(sol: DecodedSolution | null): void {
    this.clearContent();
    const d = packingDrawing(this.puzzle, sol);
    this.groups = [];
    for (const pl of d.placements) {
      const group = new THREE.Group();
      const mat = new THREE.MeshStandardMaterial({ color: pl.colour, roughness: 0.6 });
      const mid = new THREE.Vector3();
      for (const c of pl.cells) {
        const p = toScene(c);
        mid.add(p);
        this.addCube(group, p, mat);
      }
      mid.divideScalar(Math.max(1, pl.cells.length));
      group.visible = !this.hidden.has(pl.index);
      this.content.add(group);
      this.groups.push({ group, offset: mid.sub(this.centre) });
    }
    // Board cells with no piece: small grey markers (holes of a frame, or the empty board).
    const dot = new THREE.MeshStandardMaterial({ color: 0xb9b2a5, transparent: true, opacity: 0.55 });
    const empty = new THREE.Group();
    for (const c of d.cells) if (c.owner < 0) this.addCube(empty, toScene(c.p), dot, c.state === 'hole' ? 0.25 : 0.4);
    this.content.add(empty);
    if (!empty.children.length) dot.dispose();
    this.buildPieceList(d.placements);
    this.layout();
  }

  private buildPieceList(placements: { index: number; name: string; colour: string }[]): void {
    const legend = this.pieceList.firstElementChild!;
    this.pieceList.replaceChildren(legend);
    for (const pl of placements) {
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.checked = !this.hidden.has(pl.index);
      box.addEventListener('change', () => {
        if (box.checked) this.hidden.delete(pl.index);
        else this.hidden.add(pl.index);
        const g = this.groups[pl.index];
        if (g) g.group.visible = box.checked;
        this.requestRender();
      });
      const l = label(pl.name, box);
      l.style.setProperty('--swatch', pl.colour);
      l.className = 'piece-toggle';
      this.pieceList.append(l);
    }
  }

  private layout(): void {
    for (const g of this.groups) g.group.position.copy(g.offset).multiplyScalar(this.explode * 1.2);
    const [sx, sy, sz] = this.puzzle.size;
    this.aim(this.centre, (Math.hypot(sx, sy, sz) / 2) * (1 + this.explode * 1.2));
  }
}

export class SnakeView extends ThreeView {
  private chain: Vec3[] = [];
  private colours: string[] = [];
  private meshes: THREE.Mesh[] = [];
  private line: THREE.Line | null = null;
  private t = 1;
  private anim = 0;
  private readonly slider: HTMLInputElement;
  private readonly play: HTMLButtonElement;

  constructor(private puzzle: ExpandedSnake) {
    super(`${puzzle.name}: 3D view`);
    this.slider = document.createElement('input');
    this.slider.type = 'range';
    this.slider.min = '0';
    this.slider.max = '1000';
    this.slider.value = '1000';
    this.slider.dataset.testid = 'fold';
    this.slider.addEventListener('input', () => {
      this.stopAnim();
      this.setT(Number(this.slider.value) / 1000);
    });
    this.play = document.createElement('button');
    this.play.type = 'button';
    this.play.textContent = 'Fold from straight';
    this.play.dataset.testid = 'fold-play';
    this.play.addEventListener('click', () => this.animate());
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
