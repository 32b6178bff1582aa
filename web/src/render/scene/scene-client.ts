// The page's side of a 3D view's scene. The page draws the board's first frame itself (SceneHost
// here: three.js is loaded while the solver reads the puzzle, and the board is on screen as soon
// as it can be); once the page is idle, where the browser lets a worker draw WebGL, a worker of
// the view's own (scene.worker.ts) takes over on a canvas handed to it, told the latest of what
// was drawn, on a canvas put beneath the page's (one drawn on while outside the page can show
// nothing for a moment once put in: measured), which goes once the worker's first frame has
// reached the page. From then on a frame, which the CPU draws where WebGL is software (50-100 ms
// with a run's workers on every core), never holds the page. Either way the view only posts
// SceneCommands.
import { whenIdle } from '../../ui/idle';
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

/** Where a 3D view shows its scene's canvas. */
export interface SceneStage {
  /** Puts a canvas in the view out of sight, beneath the one shown: a worker draws on it before it is shown. */
  beneath(canvas: HTMLCanvasElement): void;
  /** Shows `canvas` from now on (put in the view, or brought up from beneath); the one shown before goes. */
  show(canvas: HTMLCanvasElement): void;
}

/** Runs `then` after `n` of the page's frames (each a frame the compositor has drawn). */
function afterFrames(n: number, then: () => void): void {
  if (n === 0) then();
  else requestAnimationFrame(() => afterFrames(n - 1, then));
}

/** While a worker's frame has not reached its canvas, it is asked to draw again this often (page frames)... */
const REDRAW_EVERY = 30;
/** ...and let go after this many (its scene is then never shown: the page's stays). */
const WAIT_AT_MOST = 300;

/** The commands that make up what is drawn, in the order a new scene is told them. */
const STATE: SceneCommand['type'][] = ['subject', 'size', 'camera', 'show', 'arrange', 'fold'];

export class SceneClient {
  /** Resolves when the board's first frame is drawn; rejects when the scene cannot draw at all. */
  readonly drawn: Promise<void>;
  /** The canvas shown; replaced (and the stage told) when another scene takes over. */
  canvas: HTMLCanvasElement;
  private settle!: { resolve: () => void; reject: (e: Error) => void };
  /** The page's scene, while it draws; before it is loaded, commands wait in `queued`. */
  private host: SceneHost | null = null;
  private queued: SceneCommand[] | null = null;
  /** The worker's scene: taking over (told everything, its canvas not shown yet), then drawing. */
  private worker: { worker: Worker; canvas: HTMLCanvasElement; shown: boolean } | null = null;
  /** The last command of each kind that sets what is drawn: told again to a scene that takes over. */
  private readonly latest = new Map<SceneCommand['type'], SceneCommand>();
  private readonly captures = new Map<number, { scale: number; resolve: (b: Blob) => void; reject: (e: Error) => void }>();
  private nextCapture = 1;
  private closed = false;

  /**
   * `stage`: where the view shows the canvases, the first (`canvas`) included once it is made;
   * `busy`: a finger or a button is down on the view, whose canvas is then not changed under it.
   */
  constructor(subject: SceneSubject, private readonly stage: SceneStage, private readonly busy: () => boolean = () => false) {
    this.drawn = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
    // A view closed before its first frame leaves nobody waiting on it.
    this.drawn.catch(() => {});
    this.canvas = this.drawHere(!canDrawInWorker());
    this.post({ type: 'subject', subject });
    void this.drawn.then(() => whenIdle(() => this.moveToWorker()), () => {});
  }

  post(cmd: SceneCommand): void {
    if (this.closed) return;
    if (STATE.includes(cmd.type)) this.latest.set(cmd.type, cmd);
    // A picture is asked of the scene shown; everything else is told to every scene.
    const toWorker = cmd.type !== 'capture' || this.worker?.shown;
    const toPage = cmd.type !== 'capture' || !this.worker?.shown;
    if (toWorker) this.worker?.worker.postMessage(cmd);
    if (!toPage) return;
    if (this.host) this.host.apply(cmd);
    else this.queued?.push(cmd);
  }

  /** The view as drawn, as PNG, at `scale` device pixels per CSS pixel. */
  capture(scale: number): Promise<Blob> {
    const id = this.nextCapture++;
    const blob = new Promise<Blob>((resolve, reject) => this.captures.set(id, { scale, resolve, reject }));
    this.post({ type: 'capture', id, scale });
    return blob;
  }

  /**
   * The page's scene on a fresh canvas (the view's first, or one after a worker failed); `stays`:
   * no worker will take over, so it compiles the pieces' programs ahead.
   */
  private drawHere(stays: boolean): HTMLCanvasElement {
    const canvas = document.createElement('canvas');
    canvas.dataset.scene = 'page';
    this.queued = [];
    // three.js's renderer is loaded only where the page draws (the orbit controls need less).
    import('./scene-host').then(({ SceneHost }) => {
      if (this.closed) return;
      const host = new SceneHost(canvas, knownSoftware(), (r) => this.onReply(r), (draw) => requestAnimationFrame(draw), stays);
      this.host = host;
      for (const cmd of this.queued ?? []) host.apply(cmd);
      this.queued = null;
    }).catch((e: Error) => this.fail(new Error(`cannot draw in 3D here: ${e.message}`)));
    return canvas;
  }

  /** Starts a worker on a canvas of its own beneath the one shown, told the latest of what is drawn. */
  private moveToWorker(): void {
    if (this.closed || this.worker || !canDrawInWorker()) return;
    const canvas = document.createElement('canvas');
    canvas.dataset.scene = 'waiting';
    this.stage.beneath(canvas);
    const worker = newSceneWorker();
    this.worker = { worker, canvas, shown: false };
    worker.onmessage = (e: MessageEvent<SceneReply>) => this.onReply(e.data, worker);
    worker.onerror = (e) => {
      e.preventDefault();
      this.workerFailed(`the view's worker failed: ${e.message}`);
    };
    const offscreen = canvas.transferControlToOffscreen();
    const start: SceneStart = { type: 'start', canvas: offscreen, software: knownSoftware() };
    worker.postMessage(start, [offscreen]);
    for (const type of STATE) {
      const cmd = this.latest.get(type);
      if (cmd) worker.postMessage(cmd);
    }
  }

  /**
   * The worker's first frame reaches its canvas in the page after the worker's message, and much
   * later where the machine is busy (blank in 16 loads of 24, four pages loading at once, when
   * shown two frames after the message). The browser gives the canvas element the frame's size
   * when the frame arrives: the canvas comes up two frames after it has the size the scene was
   * told, the worker asked to draw again every REDRAW_EVERY frames meanwhile.
   */
  private showOnceOnScreen(): void {
    let frames = 0;
    const look = () => {
      const w = this.worker;
      if (!w || this.closed || w.shown) return;
      // The drawing buffer's size as three.js sets it (setSize: CSS pixels x ratio, rounded down).
      const size = this.latest.get('size') as Extract<SceneCommand, { type: 'size' }> | undefined;
      const arrived = !!size && w.canvas.width === Math.floor(size.width * size.pixelRatio) && w.canvas.height === Math.floor(size.height * size.pixelRatio);
      if (arrived) return afterFrames(2, () => this.takeOver());
      if (++frames >= WAIT_AT_MOST) return this.workerFailed(`its frames never reached the page in ${WAIT_AT_MOST} frames`);
      const camera = this.latest.get('camera');
      if (frames % REDRAW_EVERY === 0 && camera) w.worker.postMessage(camera);
      requestAnimationFrame(look);
    };
    look();
  }

  /** The worker's frame is on screen: its canvas is shown, the page's scene freed. */
  private takeOver(): void {
    const w = this.worker;
    if (!w || this.closed || w.shown) return;
    if (this.busy()) {
      setTimeout(() => this.takeOver(), 50);
      return;
    }
    w.shown = true;
    w.canvas.dataset.scene = 'worker';
    this.canvas = w.canvas;
    this.stage.show(w.canvas);
    this.host?.dispose();
    this.host = null;
    this.queued = null;
    // Pictures asked of the page's scene and not answered yet are asked of the worker's.
    for (const [id, { scale }] of this.captures) w.worker.postMessage({ type: 'capture', id, scale } satisfies SceneCommand);
  }

  /**
   * The worker cannot draw: before its canvas was shown, the page's scene goes on; after, the
   * page draws again on a fresh canvas, told the latest of what is drawn.
   */
  private workerFailed(message: string): void {
    const w = this.worker;
    if (!w || this.closed) return;
    w.worker.terminate();
    this.worker = null;
    console.warn(`Piecewise: the 3D view stays drawn by the page (${message})`);
    if (!w.shown) {
      w.canvas.remove();
      return;
    }
    this.canvas = this.drawHere(true);
    this.stage.show(this.canvas);
    for (const type of STATE) {
      const cmd = this.latest.get(type);
      if (cmd) this.queued!.push(cmd);
    }
    for (const [id, { scale }] of this.captures) this.queued!.push({ type: 'capture', id, scale });
  }

  /** `from`: the worker that answered; none: the page's scene. */
  private onReply(r: SceneReply, from?: Worker): void {
    // Answers of a worker that was let go are dropped.
    if (from && from !== this.worker?.worker) return;
    switch (r.type) {
      case 'renderer':
        learnSoftware(r.software);
        break;
      case 'drawn':
        if (from) this.showOnceOnScreen();
        else this.settle.resolve();
        break;
      case 'captured':
        this.captures.get(r.id)?.resolve(r.blob);
        this.captures.delete(r.id);
        break;
      case 'failed':
        if (r.id !== undefined) {
          this.captures.get(r.id)?.reject(new Error(r.message));
          this.captures.delete(r.id);
        } else if (from) this.workerFailed(r.message);
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
    this.worker?.worker.terminate();
    this.worker = null;
    this.host?.dispose();
    this.host = null;
    this.fail(new Error('the view was closed'));
  }
}
