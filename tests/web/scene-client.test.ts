// The page's side of a 3D view's scene (web/src/render/scene/scene-client.ts): the page draws the
// board first, then a worker takes over on a canvas of its own (drawn on beneath the page's, then
// shown), and the page draws again if that worker fails. Node has no canvas and no worker: stand-ins record what crosses, and the page's
// own scene (scene-host) is mocked.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SceneCommand, SceneReply } from '../../web/src/render/scene/scene-protocol';

const { hosts, FakeHost } = vi.hoisted(() => {
  const hosts: InstanceType<typeof FakeHost>[] = [];
  class FakeHost {
    applied: SceneCommand[] = [];
    disposed = false;
    constructor(readonly canvas: unknown, readonly software: boolean | null, readonly reply: (r: SceneReply) => void,
      readonly later: unknown, readonly warmPieces: boolean) {
      hosts.push(this);
    }
    apply(c: SceneCommand) {
      this.applied.push(c);
    }
    dispose() {
      this.disposed = true;
    }
  }
  return { hosts, FakeHost };
});
vi.mock('../../web/src/render/scene/scene-host', () => ({ SceneHost: FakeHost }));

class FakeWorker {
  static made: FakeWorker[] = [];
  posted: { message: { type: string } & Record<string, unknown>; transfer?: unknown[] }[] = [];
  terminated = false;
  onmessage: ((e: { data: SceneReply }) => void) | null = null;
  onerror: ((e: { message: string; preventDefault(): void }) => void) | null = null;
  constructor(readonly url: URL) {
    FakeWorker.made.push(this);
  }
  postMessage(message: FakeWorker['posted'][number]['message'], transfer?: unknown[]) {
    this.posted.push({ message, transfer });
  }
  terminate() {
    this.terminated = true;
  }
  answer(r: SceneReply) {
    this.onmessage!({ data: r });
  }
  get types() {
    return this.posted.map((p) => p.message.type);
  }
}

/** Canvases made by the page, in order; each hands over an offscreen stand-in naming it. */
interface FakeCanvas {
  n: number;
  dataset: Record<string, string>;
  offscreen: { of: number };
  removed: boolean;
  /** The element's size in pixels: the browser's default until a worker's frame arrives. */
  width: number;
  height: number;
}
let canvases: FakeCanvas[] = [];
const store = new Map<string, string>();
const subject = { kind: 'snake', puzzle: { name: 'snake' } } as never;
const size: SceneCommand = { type: 'size', width: 400, height: 300, pixelRatio: 1 };
const show = (n: number): SceneCommand => ({ type: 'show', solution: { kind: 'snake', chain: [[n, 0, 0]] } });
const flush = () => new Promise((r) => setTimeout(r, 0));
/** A worker's first frame arrives in the page (the browser gives its canvas the frame's size), and the page's frames pass. */
const frames = async () => {
  const waiting = canvases.find((c) => c.dataset.scene === 'waiting');
  if (waiting) Object.assign(waiting, { width: 400, height: 300 });
  for (let i = 0; i < 4; i++) await flush();
};

/** A view's stage: what it was given to put beneath and to show, in order. */
function stage() {
  const beneath: unknown[] = [];
  const shown: unknown[] = [];
  return { beneath, shown, stage: { beneath: (c: unknown) => beneath.push(c), show: (c: unknown) => shown.push(c) } as never };
}

/** The module afresh (what it knows of WebGL is per page). */
const load = () => import('../../web/src/render/scene/scene-client');

/** A view's client whose page scene is loaded and has drawn the board, with the worker taking over. */
async function drawnByThePage(view = stage()) {
  const { SceneClient } = await load();
  const client = new SceneClient(subject, view.stage);
  client.post(size);
  client.post(show(1));
  await flush();
  hosts[0]!.reply({ type: 'drawn' });
  await client.drawn;
  await flush();
  await flush();
  return { client, host: hosts[0]!, worker: FakeWorker.made[0]! };
}

beforeEach(() => {
  vi.resetModules();
  hosts.length = 0;
  FakeWorker.made = [];
  canvases = [];
  store.clear();
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('HTMLCanvasElement', class { transferControlToOffscreen() {} });
  vi.stubGlobal('document', { createElement: () => {
    const n = canvases.length;
    const c = { n, dataset: {}, offscreen: { of: n }, removed: false, width: 300, height: 150, transferControlToOffscreen: () => c.offscreen, remove: () => (c.removed = true) };
    canvases.push(c);
    return c;
  } });
  vi.stubGlobal('requestAnimationFrame', (f: () => void) => setTimeout(f, 0));
  vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('scene client', () => {
  it('draws the board on the page first, told the subject and then every command in order', async () => {
    store.set('piecewise:webgl-drawn-by', 'cpu');
    const { SceneClient } = await load();
    const client = new SceneClient(subject, stage().stage);
    expect(client.canvas).toBe(canvases[0]);
    expect(canvases[0]!.dataset.scene).toBe('page');
    client.post(size);
    client.post(show(1));
    await flush();
    const host = hosts[0]!;
    expect(host.canvas).toBe(canvases[0]);
    expect(host.software).toBe(true);
    // A worker will take over: the page's scene compiles nothing ahead for the pieces.
    expect(host.warmPieces).toBe(false);
    expect(host.applied).toEqual([{ type: 'subject', subject }, size, show(1)]);
    client.post({ type: 'fold', t: 0.5 });
    expect(host.applied.at(-1)).toEqual({ type: 'fold', t: 0.5 });
    expect(FakeWorker.made.length).toBe(0);
    let drawn = false;
    void client.drawn.then(() => (drawn = true));
    await flush();
    expect(drawn).toBe(false);
    host.reply({ type: 'drawn' });
    await flush();
    expect(drawn).toBe(true);
    // Closed before the page is idle: no worker is started for it.
    client.dispose();
    await flush();
    await flush();
    expect(FakeWorker.made.length).toBe(0);
  });

  it('hands a worker a canvas of its own beneath the page\'s once the board is drawn, told the latest of each kind, then everything', async () => {
    const view = stage();
    const { client, host, worker } = await drawnByThePage(view);
    expect(view.beneath).toEqual([canvases[1]]);
    expect(view.shown).toEqual([]);
    expect(String(worker.url)).toMatch(/scene\.worker\.ts$/);
    expect(worker.posted[0]!.message).toEqual({ type: 'start', canvas: { of: 1 }, software: null });
    expect(worker.posted[0]!.transfer).toEqual([{ of: 1 }]);
    expect(canvases[1]!.dataset.scene).toBe('waiting');
    expect(worker.types).toEqual(['start', 'subject', 'size', 'show']);
    expect(worker.posted[3]!.message).toEqual(show(1));
    // Until its first frame, both scenes are told, and the page's is shown.
    client.post(show(2));
    expect(worker.posted.at(-1)!.message).toEqual(show(2));
    expect(host.applied.at(-1)).toEqual(show(2));
    expect(client.canvas).toBe(canvases[0]);
  });

  it('shows the worker\'s canvas once its first frame is drawn and on screen, and frees the page\'s scene', async () => {
    const view = stage();
    const { client, host, worker } = await drawnByThePage(view);
    // A picture asked before the worker is shown is asked of the page's scene, then of the worker's.
    const picture = client.capture(2);
    expect(host.applied.at(-1)).toMatchObject({ type: 'capture', scale: 2 });
    expect(worker.types).not.toContain('capture');
    worker.answer({ type: 'drawn' });
    // The frame reaches the page after the message: the canvas waits until it has the frame's
    // size (400 x 300 at 1 pixel per CSS pixel), then two frames more.
    for (let i = 0; i < 5; i++) await flush();
    expect(view.shown).toEqual([]);
    Object.assign(canvases[1]!, { width: 400, height: 300 });
    await flush();
    await flush();
    expect(view.shown).toEqual([]);
    await flush();
    expect(view.shown).toEqual([canvases[1]]);
    expect(canvases[1]!.dataset.scene).toBe('worker');
    expect(client.canvas).toBe(canvases[1]);
    expect(host.disposed).toBe(true);
    // A second answer changes nothing.
    worker.answer({ type: 'drawn' });
    await frames();
    expect(view.shown).toEqual([canvases[1]]);
    const asked = worker.posted.at(-1)!.message;
    expect(asked).toMatchObject({ type: 'capture', scale: 2 });
    const png = new Blob(['png']);
    worker.answer({ type: 'captured', id: asked.id as number, blob: png });
    await expect(picture).resolves.toBe(png);
    const applied = host.applied.length;
    client.post(show(3));
    expect(worker.posted.at(-1)!.message).toEqual(show(3));
    expect(host.applied.length).toBe(applied);
  });

  it('never changes the canvas under a finger: the worker is shown once the view is let go', async () => {
    const { SceneClient } = await load();
    let down = true;
    const view = stage();
    const client = new SceneClient(subject, view.stage, () => down);
    client.post(size);
    await flush();
    hosts[0]!.reply({ type: 'drawn' });
    await client.drawn;
    await flush();
    await flush();
    FakeWorker.made[0]!.answer({ type: 'drawn' });
    Object.assign(canvases[1]!, { width: 400, height: 300 });
    await new Promise((r) => setTimeout(r, 120));
    expect(view.shown).toEqual([]);
    expect(hosts[0]!.disposed).toBe(false);
    down = false;
    await new Promise((r) => setTimeout(r, 80));
    expect(view.shown).toEqual([canvases[1]]);
    expect(hosts[0]!.disposed).toBe(true);
  });

  it('asks the worker to draw again while its frame has not reached the page, and lets it go if it never does', async () => {
    const view = stage();
    const { client, host, worker } = await drawnByThePage(view);
    client.post({ type: 'camera', pose: { position: [1, 2, 3], quaternion: [0, 0, 0, 1], fov: 40, aspect: 1.3, near: 0.1, far: 100 } });
    const cameras = () => worker.posted.filter((p) => p.message.type === 'camera').length;
    const told = cameras();
    worker.answer({ type: 'drawn' });
    // Every 30 of the page's frames (a frame here: one turn of the event loop).
    for (let i = 0; i < 70; i++) await flush();
    expect(cameras() - told).toBe(2);
    expect(view.shown).toEqual([]);
    for (let i = 0; i < 300; i++) await flush();
    expect(worker.terminated).toBe(true);
    expect(canvases[1]!.removed).toBe(true);
    expect(view.shown).toEqual([]);
    expect(client.canvas).toBe(canvases[0]);
    expect(host.disposed).toBe(false);
  });

  it('answers each capture with its own picture, and a failed capture alone', async () => {
    const { client, worker } = await drawnByThePage();
    worker.answer({ type: 'drawn' });
    await frames();
    const first = client.capture(2);
    const second = client.capture(3);
    const captures = worker.posted.filter((p) => p.message.type === 'capture').map((p) => p.message);
    expect(captures.map((c) => c.scale)).toEqual([2, 3]);
    const png = new Blob(['png']);
    worker.answer({ type: 'failed', id: captures[0]!.id as number, message: 'too big' });
    worker.answer({ type: 'captured', id: captures[1]!.id as number, blob: png });
    await expect(first).rejects.toThrow('too big');
    await expect(second).resolves.toBe(png);
    expect(worker.terminated).toBe(false);
  });

  it('stays drawn by the page when the worker fails before it is shown', async () => {
    const view = stage();
    const { client, host, worker } = await drawnByThePage(view);
    worker.answer({ type: 'failed', message: 'no WebGL in workers' });
    expect(worker.terminated).toBe(true);
    expect(canvases[1]!.removed).toBe(true);
    expect(view.shown).toEqual([]);
    client.post(show(4));
    expect(host.applied.at(-1)).toEqual(show(4));
    expect(worker.posted.at(-1)!.message).not.toEqual(show(4));
    // A late answer of the worker let go changes nothing.
    worker.answer({ type: 'drawn' });
    await frames();
    expect(client.canvas).toBe(canvases[0]);
    expect(host.disposed).toBe(false);
  });

  it('draws on the page again, on a fresh canvas told the latest of everything, when the worker fails once shown', async () => {
    const view = stage();
    const { client, worker } = await drawnByThePage(view);
    worker.answer({ type: 'drawn' });
    await frames();
    client.post({ type: 'fold', t: 0.5 });
    client.post(show(2));
    const picture = client.capture(2);
    let prevented = false;
    worker.onerror!({ message: 'context lost', preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    expect(worker.terminated).toBe(true);
    expect(view.shown).toEqual([canvases[1], canvases[2]]);
    expect(client.canvas).toBe(canvases[2]);
    await flush();
    const host = hosts[1]!;
    expect(host.canvas).toBe(canvases[2]);
    expect(host.warmPieces).toBe(true);
    expect(host.applied.map((c) => c.type)).toEqual(['subject', 'size', 'show', 'fold', 'capture']);
    expect(host.applied[2]).toEqual(show(2));
    const png = new Blob(['png']);
    host.reply({ type: 'captured', id: (host.applied[4] as { id: number }).id, blob: png });
    await expect(picture).resolves.toBe(png);
  });

  it('keeps what a scene found out about WebGL for the next views', async () => {
    const { SceneClient } = await load();
    new SceneClient(subject, stage().stage);
    await flush();
    hosts[0]!.reply({ type: 'renderer', software: false });
    expect(store.get('piecewise:webgl-drawn-by')).toBe('gpu');
    new SceneClient(subject, stage().stage);
    await flush();
    expect(hosts[1]!.software).toBe(false);
  });

  it('draws on the page alone where a canvas cannot be handed to a worker', async () => {
    vi.stubGlobal('HTMLCanvasElement', class {});
    const { SceneClient } = await load();
    const client = new SceneClient(subject, stage().stage);
    await flush();
    const host = hosts[0]!;
    // The page's scene stays: it compiles the pieces' programs ahead.
    expect(host.warmPieces).toBe(true);
    host.reply({ type: 'drawn' });
    await client.drawn;
    await flush();
    await flush();
    expect(FakeWorker.made.length).toBe(0);
    client.dispose();
    expect(host.disposed).toBe(true);
  });

  it('rejects the first frame when the page cannot draw either', async () => {
    const { SceneClient } = await load();
    const client = new SceneClient(subject, stage().stage);
    await flush();
    hosts[0]!.reply({ type: 'failed', message: 'Error creating WebGL context.' });
    await expect(client.drawn).rejects.toThrow('Error creating WebGL context.');
    await flush();
    expect(FakeWorker.made.length).toBe(0);
  });

  it('once closed drops every command and every wait', async () => {
    const { client, worker } = await drawnByThePage();
    const picture = client.capture(1);
    client.dispose();
    expect(worker.terminated).toBe(true);
    expect(hosts[0]!.disposed).toBe(true);
    await expect(picture).rejects.toThrow('closed');
    const posted = worker.posted.length;
    client.post(size);
    expect(worker.posted.length).toBe(posted);
  });
});
