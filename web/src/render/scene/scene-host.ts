// Draws a 3D view's scene on the canvas it is given: an OffscreenCanvas in the view's worker
// (scene.worker.ts), so that a frame, which the CPU draws where WebGL is software, never holds
// the page; or the page's own canvas where a worker cannot draw WebGL. Told what to draw by
// SceneCommands only, so that it runs alike in both places. Draws on demand, at most once a frame.
import * as THREE from 'three';
import { PackingScene } from './packing-scene';
import type { SceneContent } from './scene-content';
import type { SceneCommand, SceneReply, SceneSubject } from './scene-protocol';
import { SnakeScene } from './snake-scene';

type AnyCanvas = HTMLCanvasElement | OffscreenCanvas;

/**
 * Whether the CPU draws WebGL here (no GPU, or none allowed: SwiftShader, llvmpipe), asked of a
 * context of its own, dropped at once. Where it does, a view does without multisampling: it
 * makes each frame about a third slower there.
 */
function drawnInSoftware(): boolean {
  const canvas: AnyCanvas = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1) : document.createElement('canvas');
  const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext | null;
  if (!gl) return true;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return /swiftshader|llvmpipe|softpipe|software|basic render/i.test(name);
}

/** A PNG of the canvas as it is now (the pixels are copied at the call). */
function pngOf(canvas: AnyCanvas): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/png' });
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the browser made no PNG'))), 'image/png'));
}

/** The next frame's callback where this thread has frames, else the next task. */
const nextFrame = (f: () => void): void => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(f);
  else setTimeout(f);
};

export class SceneHost {
  private readonly renderer: THREE.WebGLRenderer;
  private readonly scene = new THREE.Scene();
  private readonly camera = new THREE.PerspectiveCamera();
  private readonly content: SceneContent;
  /**
   * A solution's pieces' material (opaque, lit), drawn once before any solution (prime); it lives
   * as long as the scene, so that its compiled program stays for the pieces' own materials.
   */
  private readonly primer = new THREE.MeshStandardMaterial();
  private size = { width: 0, height: 0, pixelRatio: 1 };
  private frameAsked = false;
  private drawn = false;
  private disposed = false;

  /**
   * `software`: whether the CPU draws WebGL in this browser, when the page knows; found out
   * otherwise, and told through `reply`. Throws where WebGL cannot be had.
   */
  constructor(private readonly canvas: AnyCanvas, subject: SceneSubject, software: boolean | null, private readonly reply: (r: SceneReply) => void) {
    if (software === null) {
      software = drawnInSoftware();
      reply({ type: 'renderer', software });
    }
    this.renderer = new THREE.WebGLRenderer({ canvas, antialias: !software, preserveDrawingBuffer: true });
    this.renderer.setClearColor(0xf4f1ea);
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x8a8070, 1.6));
    const sun = new THREE.DirectionalLight(0xffffff, 1.8);
    sun.position.set(5, 9, 7);
    this.content = subject.kind === 'packing' ? new PackingScene(subject.puzzle) : new SnakeScene(subject.puzzle);
    this.scene.add(sun, this.content.root);
  }

  apply(cmd: SceneCommand): void {
    if (this.disposed) return;
    switch (cmd.type) {
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
        this.content.show(cmd.solution);
        break;
      case 'arrange':
        this.content.arrange(cmd.arrangement);
        break;
      case 'fold':
        this.content.fold(cmd.t);
        break;
      case 'prime':
        this.prime();
        return;
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

  /** One frame for everything asked before it. */
  private askFrame(): void {
    if (this.frameAsked) return;
    this.frameAsked = true;
    nextFrame(() => {
      this.frameAsked = false;
      if (this.disposed || !this.size.width) return;
      this.renderer.render(this.scene, this.camera);
      if (!this.drawn) this.reply({ type: 'drawn' });
      this.drawn = true;
    });
  }

  /**
   * Draws the pieces' material once before any solution comes, on one pixel of the canvas's
   * corner and without clearing (nothing shown): where the CPU draws WebGL, the first drawing with
   * a program compiles it for drawing, which would otherwise fall on a run's first solution and
   * hold a core the run's workers need 50 ms more. The empty board has no opaque pieces.
   */
  private prime(): void {
    if (!this.drawn) return;
    const mesh = new THREE.Mesh(this.content.cube, this.primer);
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
    this.content.dispose();
    this.primer.dispose();
    this.renderer.dispose();
    this.renderer.forceContextLoss();
  }
}
