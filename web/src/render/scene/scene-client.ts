// The page's side of a 3D view's scene. Where the browser lets a worker draw WebGL, the canvas is
// handed to a worker of the view's own (scene.worker.ts): a frame, which the CPU draws where
// WebGL is software (50-100 ms with a run's workers on every core), then never holds the page.
// Elsewhere, or when that worker finds no WebGL, the scene draws on a canvas of the page
// (SceneHost here). Either way the view only posts SceneCommands.
import { localStore } from '../../storage/local-store';
import type { SceneHost } from './scene-host';
import type { SceneCommand, SceneReply, SceneStart, SceneSubject } from './scene-protocol';

const DRAWN_BY = 'piecewise:webgl-drawn-by';

/**
 * Whether the CPU draws this browser's WebGL (kept in localStorage); null until a scene has
 * found out, in this browser ever.
 */
let softwareWebGL: boolean | null = null;

function knownSoftware(): boolean | null {
  const known = localStore()?.getItem(DRAWN_BY);
  softwareWebGL ??= known === 'cpu' ? true : known === 'gpu' ? false : null;
  return softwareWebGL;
}

function learnSoftware(software: boolean): void {
  softwareWebGL = software;
  try {
    localStore()?.setItem(DRAWN_BY, software ? 'cpu' : 'gpu');
  } catch {
    // A full store (the editor's journal): found out again on the next load.
  }
}

const canDrawInWorker = () => typeof Worker === 'function' && typeof HTMLCanvasElement === 'function'
  && typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function';

const newSceneWorker = () => new Worker(new URL('./scene.worker.ts', import.meta.url), { type: 'module' });

/** A scene worker started ahead (warmSceneWorker), loading three.js while the page waits. */
let spare: Worker | null = null;

/** Starts a scene worker now, for the next 3D view: it loads three.js meanwhile. */
export function warmSceneWorker(): void {
  if (canDrawInWorker()) spare ??= newSceneWorker();
}

/** The commands that make up what is drawn, in the order a new scene is told them. */
const STATE: SceneCommand['type'][] = ['size', 'camera', 'show', 'arrange', 'fold'];

export class SceneClient {
  /** Resolves when the first frame is drawn; rejects when the scene cannot draw at all. */
  readonly drawn: Promise<void>;
  private settle!: { resolve: () => void; reject: (e: Error) => void };
  private worker: Worker | null = null;
  /** The scene drawn here; before it is loaded, commands wait in `queued`. */
  private host: SceneHost | null = null;
  private queued: SceneCommand[] | null = null;
  /** The last command of each kind that sets what is drawn: told again to a scene that takes over. */
  private readonly latest = new Map<SceneCommand['type'], SceneCommand>();
  private readonly captures = new Map<number, { scale: number; resolve: (b: Blob) => void; reject: (e: Error) => void }>();
  private nextCapture = 1;
  private closed = false;

  /**
   * `replaceCanvas`: a fresh canvas in the old one's place, for drawing here after the canvas was
   * handed to a worker that then could not draw (a canvas handed over cannot be drawn on again).
   */
  constructor(canvas: HTMLCanvasElement, private readonly subject: SceneSubject, private readonly replaceCanvas: () => HTMLCanvasElement) {
    this.drawn = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
    // A view closed before its first frame leaves nobody waiting on it.
    this.drawn.catch(() => {});
    if (canDrawInWorker()) this.startWorker(canvas);
    else this.startHere(canvas);
  }

  post(cmd: SceneCommand): void {
    if (this.closed) return;
    if (STATE.includes(cmd.type)) this.latest.set(cmd.type, cmd);
    if (this.worker) this.worker.postMessage(cmd);
    else if (this.host) this.host.apply(cmd);
    else this.queued?.push(cmd);
  }

  /** The view as drawn, as PNG, at `scale` device pixels per CSS pixel. */
  capture(scale: number): Promise<Blob> {
    const id = this.nextCapture++;
    const blob = new Promise<Blob>((resolve, reject) => this.captures.set(id, { scale, resolve, reject }));
    this.post({ type: 'capture', id, scale });
    return blob;
  }

  private startWorker(canvas: HTMLCanvasElement): void {
    const worker = spare ?? newSceneWorker();
    spare = null;
    this.worker = worker;
    worker.onmessage = (e: MessageEvent<SceneReply>) => this.onReply(e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      this.workerFailed(`the view's worker failed: ${e.message}`);
    };
    const offscreen = canvas.transferControlToOffscreen();
    const start: SceneStart = { type: 'start', canvas: offscreen, subject: this.subject, software: knownSoftware() };
    worker.postMessage(start, [offscreen]);
  }

  private startHere(canvas: HTMLCanvasElement): void {
    this.queued = [];
    // three.js's renderer is loaded only where the page draws (its orbit controls need less).
    import('./scene-host').then(({ SceneHost }) => {
      if (this.closed) return;
      const host = new SceneHost(canvas, this.subject, knownSoftware(), (r) => this.onReply(r));
      this.host = host;
      for (const cmd of this.queued ?? []) host.apply(cmd);
      this.queued = null;
    }).catch((e: Error) => this.fail(new Error(`cannot draw in 3D here: ${e.message}`)));
  }

  /** The worker cannot draw: the page draws on a fresh canvas, told what the worker was. */
  private workerFailed(message: string): void {
    if (!this.worker) return;
    this.worker.terminate();
    this.worker = null;
    console.warn(`Piecewise: drawing the 3D view on the page (${message})`);
    this.startHere(this.replaceCanvas());
    for (const type of STATE) {
      const cmd = this.latest.get(type);
      if (cmd) this.queued!.push(cmd);
    }
    // Captures asked of the worker are asked again.
    for (const [id, { scale }] of this.captures) this.queued!.push({ type: 'capture', id, scale });
  }

  private onReply(r: SceneReply): void {
    switch (r.type) {
      case 'renderer':
        learnSoftware(r.software);
        break;
      case 'drawn':
        this.settle.resolve();
        break;
      case 'captured':
        this.captures.get(r.id)?.resolve(r.blob);
        this.captures.delete(r.id);
        break;
      case 'failed':
        if (r.id !== undefined) {
          this.captures.get(r.id)?.reject(new Error(r.message));
          this.captures.delete(r.id);
        } else if (this.worker) this.workerFailed(r.message);
        else this.fail(new Error(r.message));
    }
  }

  private fail(e: Error): void {
    this.settle.reject(e);
    for (const c of this.captures.values()) c.reject(e);
    this.captures.clear();
  }

  dispose(): void {
    this.closed = true;
    this.worker?.terminate();
    this.worker = null;
    this.host?.dispose();
    this.host = null;
    this.fail(new Error('the view was closed'));
  }
}
