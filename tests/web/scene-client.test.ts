// The page's side of a 3D view's scene (web/src/render/scene/scene-client.ts): what it hands a
// scene worker, and how the page takes over the drawing when that worker cannot draw. Node has no
// canvas and no worker: stand-ins record what crosses, and the page's own scene is mocked.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SceneCommand, SceneReply } from '../../web/src/render/scene/scene-protocol';

const { hosts, FakeHost } = vi.hoisted(() => {
  const hosts: InstanceType<typeof FakeHost>[] = [];
  class FakeHost {
    applied: SceneCommand[] = [];
    disposed = false;
    constructor(readonly canvas: unknown, readonly subject: unknown, readonly software: boolean | null, readonly reply: (r: SceneReply) => void) {
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

const store = new Map<string, string>();
const offscreen = { offscreen: true };
const canvas = (name: string) => ({ name, transferControlToOffscreen: () => offscreen }) as unknown as HTMLCanvasElement;
const subject = { kind: 'snake', puzzle: { name: 'snake' } } as never;
const size: SceneCommand = { type: 'size', width: 400, height: 300, pixelRatio: 1 };
const show = (n: number): SceneCommand => ({ type: 'show', solution: { kind: 'snake', chain: [[n, 0, 0]] } });
const flush = () => new Promise((r) => setTimeout(r, 0));

/** The module afresh (its spare worker and what it knows of WebGL are per page). */
const load = () => import('../../web/src/render/scene/scene-client');

beforeEach(() => {
  vi.resetModules();
  hosts.length = 0;
  FakeWorker.made = [];
  store.clear();
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('HTMLCanvasElement', class { transferControlToOffscreen() {} });
  vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('scene client', () => {
  it('hands the canvas to a worker with what the page knows of WebGL, then forwards every command', async () => {
    store.set('piecewise:webgl-drawn-by', 'cpu');
    const { SceneClient } = await load();
    const client = new SceneClient(canvas('a'), subject, () => canvas('b'));
    client.post(size);
    client.post(show(1));
    const w = FakeWorker.made[0]!;
    expect(String(w.url)).toMatch(/scene\.worker\.ts$/);
    expect(w.posted[0]!.message).toMatchObject({ type: 'start', canvas: offscreen, subject, software: true });
    expect(w.posted[0]!.transfer).toEqual([offscreen]);
    expect(w.types).toEqual(['start', 'size', 'show']);
    let drawn = false;
    void client.drawn.then(() => (drawn = true));
    await flush();
    expect(drawn).toBe(false);
    w.answer({ type: 'drawn' });
    await flush();
    expect(drawn).toBe(true);
  });

  it('keeps what a worker found out about WebGL for the next views', async () => {
    const { SceneClient } = await load();
    new SceneClient(canvas('a'), subject, () => canvas('b'));
    expect(FakeWorker.made[0]!.posted[0]!.message.software).toBe(null);
    FakeWorker.made[0]!.answer({ type: 'renderer', software: false });
    expect(store.get('piecewise:webgl-drawn-by')).toBe('gpu');
    new SceneClient(canvas('c'), subject, () => canvas('d'));
    expect(FakeWorker.made[1]!.posted[0]!.message.software).toBe(false);
  });

  it('answers each capture with its own picture, and a failed capture alone', async () => {
    const { SceneClient } = await load();
    const client = new SceneClient(canvas('a'), subject, () => canvas('b'));
    const first = client.capture(2);
    const second = client.capture(3);
    const w = FakeWorker.made[0]!;
    const ids = w.posted.filter((p) => p.message.type === 'capture').map((p) => p.message.id as number);
    expect(w.posted.filter((p) => p.message.type === 'capture').map((p) => p.message.scale)).toEqual([2, 3]);
    const png = new Blob(['png']);
    w.answer({ type: 'failed', id: ids[0]!, message: 'too big' });
    w.answer({ type: 'captured', id: ids[1]!, blob: png });
    await expect(first).rejects.toThrow('too big');
    await expect(second).resolves.toBe(png);
    expect(w.terminated).toBe(false);
  });

  it('draws on the page, on a fresh canvas told the latest of everything, when the worker cannot draw', async () => {
    const { SceneClient } = await load();
    const replaced: HTMLCanvasElement[] = [];
    const client = new SceneClient(canvas('a'), subject, () => {
      replaced.push(canvas('b'));
      return replaced.at(-1)!;
    });
    client.post(show(1));
    client.post(size);
    client.post({ type: 'fold', t: 0.5 });
    client.post(show(2));
    client.post({ type: 'prime' });
    const picture = client.capture(2);
    const w = FakeWorker.made[0]!;
    w.answer({ type: 'failed', message: 'no WebGL in workers' });
    expect(w.terminated).toBe(true);
    expect(replaced.length).toBe(1);
    await flush();
    const host = hosts[0]!;
    expect(host.canvas).toBe(replaced[0]);
    // The state in the order a new scene is told it, the last of each kind; then the capture again.
    expect(host.applied.map((c) => c.type)).toEqual(['size', 'show', 'fold', 'capture']);
    expect(host.applied[1]).toEqual(show(2));
    expect(host.applied[3]).toMatchObject({ scale: 2 });
    const png = new Blob(['png']);
    host.reply({ type: 'captured', id: (host.applied[3] as { id: number }).id, blob: png });
    await expect(picture).resolves.toBe(png);
    client.post({ type: 'fold', t: 1 });
    expect(host.applied.at(-1)).toEqual({ type: 'fold', t: 1 });
    // Nothing more goes to the worker that failed (start and six commands).
    expect(w.posted.length).toBe(7);
    // A worker that failed to load at all is taken over the same way.
    const other = new SceneClient(canvas('c'), subject, () => canvas('d'));
    let prevented = false;
    FakeWorker.made[1]!.onerror!({ message: 'syntax error', preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    expect(FakeWorker.made[1]!.terminated).toBe(true);
    await flush();
    expect(hosts.length).toBe(2);
    other.dispose();
  });

  it('draws on the page where a canvas cannot be handed to a worker, commands waiting for its scene', async () => {
    vi.stubGlobal('HTMLCanvasElement', class {});
    const { SceneClient, warmSceneWorker } = await load();
    warmSceneWorker();
    const client = new SceneClient(canvas('a'), subject, () => canvas('b'));
    client.post(size);
    client.post(show(3));
    expect(FakeWorker.made.length).toBe(0);
    await flush();
    const host = hosts[0]!;
    expect(host.canvas).toMatchObject({ name: 'a' });
    expect(host.applied).toEqual([size, show(3)]);
    host.reply({ type: 'failed', message: 'Error creating WebGL context.' });
    await expect(client.drawn).rejects.toThrow('Error creating WebGL context.');
    client.dispose();
    expect(host.disposed).toBe(true);
  });

  it('uses the worker started ahead, and once closed drops every command and every wait', async () => {
    const { SceneClient, warmSceneWorker } = await load();
    warmSceneWorker();
    warmSceneWorker();
    expect(FakeWorker.made.length).toBe(1);
    const client = new SceneClient(canvas('a'), subject, () => canvas('b'));
    expect(FakeWorker.made.length).toBe(1);
    const w = FakeWorker.made[0]!;
    expect(w.types).toEqual(['start']);
    const picture = client.capture(1);
    client.dispose();
    expect(w.terminated).toBe(true);
    await expect(picture).rejects.toThrow('closed');
    await expect(client.drawn).rejects.toThrow('closed');
    client.post(size);
    expect(w.posted.length).toBe(2);
    // The next view starts a worker of its own.
    new SceneClient(canvas('c'), subject, () => canvas('d'));
    expect(FakeWorker.made.length).toBe(2);
  });
});
