// Draws a 3D view's scene on the canvas it is given: an OffscreenCanvas in the view's worker
// (scene.worker.ts), so that a frame, which the CPU draws where WebGL is software, never holds
// the page; or the page's own canvas (the board's first frame, and where a worker cannot draw
// WebGL). Told what to draw by SceneCommands only, so that it runs alike in both places. Draws on
// demand, at most once a frame.
import * as THREE from 'three';
import { whenIdle } from '../../ui/idle';
import { PackingScene } from './packing-scene';
import type { SceneContent } from './scene-content';
import type { SceneCommand, SceneReply } from './scene-protocol';
import { SnakeScene } from './snake-scene';

type AnyCanvas = HTMLCanvasElement | OffscreenCanvas;

/** Whether the CPU draws this context's WebGL (no GPU, or none allowed: SwiftShader, llvmpipe). */
function drawnInSoftware(renderer: THREE.WebGLRenderer): boolean {
  const gl = renderer.getContext();
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
  return /swiftshader|llvmpipe|softpipe|software|basic render/i.test(name);
}

/** A PNG of the canvas as it is now (the pixels are copied at the call). */
function pngOf(canvas: AnyCanvas): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/png' });
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the browser made no PNG'))), 'image/png'));
}

export class SceneHost {
  private readonly renderer: THREE.WebGLRenderer;
  private readonly scene = new THREE.Scene();
  private readonly camera = new THREE.PerspectiveCamera();
  private content: SceneContent | null = null;
  /**
   * A solution's pieces' material (opaque, lit), drawn once when the board is drawn (warmUp); it
   * lives as long as the scene, so that its compiled program stays for the pieces' own materials.
   */
  private readonly primer = new THREE.MeshStandardMaterial();
  private size = { width: 0, height: 0, pixelRatio: 1 };
  private frameAsked = false;
  private drawn = false;
  private disposed = false;

  /**
   * `software`: whether the CPU draws WebGL in this browser, when the page knows. Where it does,
   * the scene does without multisampling, which makes each frame about a third slower there.
   * Where the page does not know, the renderer is made without and asked, and the answer told
   * through `reply`: a GPU's multisampling then waits for the next view (a canvas has one context,
   * and a context of its own to ask first would cost the first frame tens of ms). `later` runs a
   * frame's drawing (the page's next animation frame; a worker's next task); `warmPieces`: the
   * pieces' programs are compiled once the board is drawn (not by a scene about to be replaced).
   * Throws where WebGL cannot be had.
   */
  constructor(private readonly canvas: AnyCanvas, software: boolean | null, private readonly reply: (r: SceneReply) => void,
    private readonly later: (draw: () => void) => void, private readonly warmPieces = true) {
    this.renderer = new THREE.WebGLRenderer({ canvas, antialias: software === false, preserveDrawingBuffer: true });
    // A context lost (a GPU reset, the browser reclaiming it) comes back blank: three.js, told
    // first, sets its state up again, and the scene is drawn at once, not at the next command.
    canvas.addEventListener('webglcontextrestored', () => this.askFrame());
    if (software === null) reply({ type: 'renderer', software: drawnInSoftware(this.renderer) });
    this.renderer.setClearColor(0xf4f1ea);
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x8a8070, 1.6));
    const sun = new THREE.DirectionalLight(0xffffff, 1.8);
    sun.position.set(5, 9, 7);
    this.scene.add(sun);
  }

  apply(cmd: SceneCommand): void {
    if (this.disposed) return;
    switch (cmd.type) {
      case 'subject':
        if (this.content) this.scene.remove(this.content.root);
        this.content?.dispose();
        this.content = cmd.subject.kind === 'packing' ? new PackingScene(cmd.subject.puzzle) : new SnakeScene(cmd.subject.puzzle);
        this.scene.add(this.content.root);
        break;
      case 'size':
        this.size = { width: cmd.width, height: cmd.height, pixelRatio: cmd.pixelRatio };
        this.fit(cmd.pixelRatio);
        break;
      case 'camera': {
        const { position, quaternion, fov, aspect, near, far } = cmd.pose;
        this.camera.position.fromArray(position);
        this.camera.quaternion.fromArray(quaternion);
        Object.assign(this.camera, { fov, aspect, near, far });
        this.camera.updateProjectionMatrix();
        break;
      }
      case 'show':
        this.content?.show(cmd.solution);
        break;
      case 'arrange':
        this.content?.arrange(cmd.arrangement);
        break;
      case 'fold':
        this.content?.fold(cmd.t);
        break;
      case 'capture':
        void this.capture(cmd.id, cmd.scale);
        return;
    }
    this.askFrame();
  }

  private fit(pixelRatio: number): void {
    this.renderer.setPixelRatio(pixelRatio);
    // The page sizes its canvas element; an OffscreenCanvas has no style to set.
    this.renderer.setSize(this.size.width, this.size.height, false);
  }

  /**
   * One frame for everything asked before it. The first is drawn once the current task is done:
   * the page sizes the canvas in the frame that lays the view out, and the board is then drawn in
   * that same frame, not one later.
   */
  private askFrame(): void {
    if (this.frameAsked) return;
    this.frameAsked = true;
    (this.drawn ? this.later : queueMicrotask)(() => {
      this.frameAsked = false;
      if (this.disposed || !this.content || !this.size.width) return;
      this.renderer.render(this.scene, this.camera);
      if (this.drawn) return;
      this.drawn = true;
      this.reply({ type: 'drawn' });
      if (this.warmPieces) whenIdle(() => {
        if (!this.disposed) this.warmUp();
      });
    });
  }

  /**
   * Draws the pieces' material once, on one pixel of the canvas's corner, without clearing
   * (nothing shown): where the CPU draws WebGL, the first drawing with a program compiles it for
   * drawing, tens of ms that would otherwise fall on a run's first solution (the empty board has
   * no opaque pieces).
   */
  private warmUp(): void {
    const mesh = new THREE.Mesh(new THREE.BoxGeometry(), this.primer);
    mesh.frustumCulled = false;
    this.scene.add(mesh);
    const autoClear = this.renderer.autoClear;
    this.renderer.autoClear = false;
    this.renderer.setScissor(0, 0, 1, 1);
    this.renderer.setScissorTest(true);
    this.renderer.render(this.scene, this.camera);
    this.renderer.setScissorTest(false);
    this.renderer.autoClear = autoClear;
    this.scene.remove(mesh);
    mesh.geometry.dispose();
  }

  /** Renders the view as it is at `scale` device pixels per CSS pixel, and answers with its PNG. */
  private async capture(id: number, scale: number): Promise<void> {
    try {
      const { width, height, pixelRatio } = this.size;
      // Within what the GPU can draw in one go.
      const max = this.renderer.capabilities.maxTextureSize || 4096;
      this.fit(Math.min(scale, max / Math.max(width, height, 1)));
      this.renderer.render(this.scene, this.camera);
      const blob = pngOf(this.canvas);
      // The view is restored in the same task: the page never shows the large frame.
      this.fit(pixelRatio);
      this.renderer.render(this.scene, this.camera);
      this.reply({ type: 'captured', id, blob: await blob });
    } catch (e) {
      this.reply({ type: 'failed', id, message: `cannot picture the view: ${(e as Error).message}` });
    }
  }

  dispose(): void {
    this.disposed = true;
    this.content?.dispose();
    this.primer.dispose();
    this.renderer.dispose();
    this.renderer.forceContextLoss();
  }
}
