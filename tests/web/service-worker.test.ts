// The offline build plugin and the service worker it writes. The worker runs in a small fake of
// the browser (Cache Storage, clients, a host serving one build at a time), so each rule about
// which build's files are kept, and for whom, is checked on its own. tests/e2e/deploy.e2e.mjs
// checks the same in Chromium with real builds.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext, Script } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { precacheManifest, renderServiceWorker, stampBuild, type PrecacheEntry } from '../../web/src/offline/precache-plugin';

const SCOPE = 'https://example.org/tools/piecewise/';
const PREFIX = 'piecewise:/tools/piecewise/:';

// ---- the plugin ---------------------------------------------------------------------------------

describe('precache plugin', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'piecewise-precache-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<meta name="piecewise-build" content="__PIECEWISE_BUILD_ID__">');
    writeFileSync(join(dir, 'assets', 'index-AbC123.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets', 'index-AbC123.js.map'), '{}');
    writeFileSync(join(dir, 'icon.svg'), '<svg/>');
    writeFileSync(join(dir, 'sw.js'), 'old worker');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lists every built file but the worker and source maps; hashed names are immutable', () => {
    expect(precacheManifest(dir).entries).toEqual([
      { url: './assets/index-AbC123.js', immutable: true },
      { url: './icon.svg', immutable: false },
      { url: './index.html', immutable: false },
    ]);
  });

  it('gives a new build id for any change of bytes, the same id for the same files', () => {
    const first = precacheManifest(dir).build;
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    expect(precacheManifest(dir).build).toBe(first);
    writeFileSync(join(dir, 'icon.svg'), '<svg></svg>');
    expect(precacheManifest(dir).build).not.toBe(first);
  });

  it('stamps the id into index.html exactly once', () => {
    expect(stampBuild('<meta content="__PIECEWISE_BUILD_ID__">', '0123456789abcdef')).toBe('<meta content="0123456789abcdef">');
    expect(() => stampBuild('<p>no tag</p>', 'x')).toThrow(/once/);
    expect(() => stampBuild('__PIECEWISE_BUILD_ID__ __PIECEWISE_BUILD_ID__', 'x')).toThrow(/once/);
  });

  it('writes a service worker script that parses', () => {
    const code = renderServiceWorker([{ url: './index.html', immutable: false }], '0123456789abcdef');
    expect(() => new Script(code)).not.toThrow();
    expect(code).toContain("const BUILD = '0123456789abcdef'");
    expect(code).not.toMatch(/__[A-Z_]+__/);
  });
});

// ---- a fake browser for the worker ----------------------------------------------------------------

const keyOf = (r: Request | string, ignoreSearch = false) => {
  const url = new URL(typeof r === 'string' ? r : r.url);
  if (ignoreSearch) url.search = '';
  return url.href;
};

class FakeCache {
  readonly entries = new Map<string, Response>();
  async match(r: Request | string, o: { ignoreSearch?: boolean } = {}) {
    const want = keyOf(r, o.ignoreSearch);
    for (const [k, v] of this.entries) if (keyOf(k, o.ignoreSearch) === want) return v.clone();
    return undefined;
  }
  async put(r: Request | string, response: Response) {
    this.entries.set(keyOf(r), response.clone());
  }
}

class FakeCaches {
  readonly named = new Map<string, FakeCache>();
  async open(name: string) {
    if (!this.named.has(name)) this.named.set(name, new FakeCache());
    return this.named.get(name)!;
  }
  async has(name: string) {
    return this.named.has(name);
  }
  async delete(name: string) {
    return this.named.delete(name);
  }
  async keys() {
    return [...this.named.keys()];
  }
  async match(r: Request | string, o: { cacheName?: string; ignoreSearch?: boolean } = {}) {
    const names = o.cacheName ? [o.cacheName] : [...this.named.keys()];
    for (const n of names) {
      const hit = await this.named.get(n)?.match(r, o);
      if (hit) return hit;
    }
    return undefined;
  }
}

/** A host serving one build (file name → body) at a time, or none (offline). */
class FakeHost {
  files = new Map<string, string>();
  online = true;
  fetched: string[] = [];
  fetchModes: string[] = [];
  deploy(build: Build) {
    this.files = new Map(Object.entries(build.files).map(([f, body]) => [new URL(f, SCOPE).href, body]));
  }
  fetch = async (input: Request | string) => {
    const r = typeof input === 'string' ? new Request(input) : input;
    if (!this.online) throw new TypeError('Failed to fetch');
    const url = keyOf(r, true);
    this.fetched.push(url);
    this.fetchModes.push(r.cache);
    const body = this.files.get(url) ?? this.files.get(url + 'index.html');
    return body === undefined ? new Response('not found', { status: 404 }) : new Response(body);
  };
}

interface Build {
  id: string;
  files: Record<string, string>;
  entries: PrecacheEntry[];
}

function build(id: string, chunk: string): Build {
  const files: Record<string, string> = {
    'index.html': `<meta name="piecewise-build" content="${id}"><script src="./assets/index-${chunk}.js">`,
    [`assets/index-${chunk}.js`]: `main ${id}`,
    [`assets/three3d-${chunk}.js`]: `3d ${id}`,
    'assets/shared-Zz.css': 'css',
    'icon.svg': `<svg>${id}</svg>`,
  };
  return { id, files, entries: Object.keys(files).map((f) => ({ url: `./${f}`, immutable: f.startsWith('assets/') })) };
}

interface Tab {
  id: string;
  url: string;
  messages: unknown[];
  postMessage(m: unknown): void;
}

/** Everything one origin shares: Cache Storage, open tabs, the host. */
class Origin {
  readonly caches = new FakeCaches();
  readonly host = new FakeHost();
  readonly tabs: Tab[] = [];
  registration = { installing: null as object | null, waiting: null as object | null, update: async () => {} };
  openTab(id: string, url = SCOPE): Tab {
    const tab: Tab = { id, url, messages: [], postMessage: (m) => tab.messages.push(m) };
    this.tabs.push(tab);
    return tab;
  }
  closeTab(tab: Tab) {
    this.tabs.splice(this.tabs.indexOf(tab), 1);
  }
  buildCaches() {
    return [...this.caches.named.keys()].filter((n) => n.startsWith(PREFIX)).map((n) => n.slice(PREFIX.length)).sort();
  }
}

type Listener = (event: unknown) => void;

/** One service worker (one build's sw.js) running against an origin. */
class Worker {
  private readonly listeners = new Map<string, Listener>();
  /** Times it called skipWaiting(). */
  skippedWaiting = 0;
  constructor(origin: Origin, b: Build, scriptUrl = `${SCOPE}sw.js`) {
    const self = {
      location: { href: scriptUrl },
      registration: origin.registration,
      clients: {
        claim: async () => {},
        matchAll: async () => origin.tabs.map((t) => ({ id: t.id, url: t.url })),
      },
      skipWaiting: async () => {
        this.skippedWaiting++;
      },
      addEventListener: (type: string, f: Listener) => this.listeners.set(type, f),
    };
    runInNewContext(renderServiceWorker(b.entries, b.id), {
      self, caches: origin.caches, fetch: origin.host.fetch, Request, Response, URL, console,
      setTimeout: (f: () => void, ms: number) => setTimeout(f, ms), // the fake timers' once installed
    });
  }
  private async dispatch(type: string, fields: object): Promise<Response | undefined> {
    const waits: Promise<unknown>[] = [];
    let response: Promise<Response> | undefined;
    const event = { ...fields, waitUntil: (p: Promise<unknown>) => waits.push(p), respondWith: (p: Promise<Response>) => (response = p) };
    this.listeners.get(type)!(event);
    await Promise.all(waits);
    return response;
  }
  install() {
    return this.dispatch('install', {});
  }
  activate() {
    return this.dispatch('activate', {});
  }
  async hello(tab: Tab, b: Build) {
    await this.dispatch('message', { data: { type: 'piecewise:hello', build: b.id }, source: tab });
    return tab.messages.at(-1) as { state: string; worker: string };
  }
  takeOver(tab: Tab) {
    return this.dispatch('message', { data: { type: 'piecewise:take-over' }, source: tab });
  }
  async get(path: string, mode = 'no-cors'): Promise<Response | undefined> {
    const request = new Request(new URL(path, SCOPE));
    Object.defineProperty(request, 'mode', { value: mode });
    return this.dispatch('fetch', { request });
  }
}

async function deployAndRun(origin: Origin, b: Build): Promise<Worker> {
  origin.host.deploy(b);
  const w = new Worker(origin, b);
  await w.install();
  await w.activate();
  return w;
}

const A = build('aaaaaaaaaaaaaaaa', 'A1');
const B = build('bbbbbbbbbbbbbbbb', 'B1');
const C = build('cccccccccccccccc', 'C1');

describe('service worker', () => {
  it('stores every file of its build, reusing hashed files an older build already has', async () => {
    const o = new Origin();
    await deployAndRun(o, A);
    expect(o.buildCaches()).toEqual([A.id]);
    o.host.fetched = [];
    await deployAndRun(o, B);
    expect(o.host.fetched.some((u) => u.endsWith('shared-Zz.css'))).toBe(false);
    expect(o.host.fetched.some((u) => u.endsWith('index-B1.js'))).toBe(true);
    expect(o.host.fetchModes.every((m) => m === 'reload')).toBe(true);
  });

  it('takes over once installed, and again once every open tab has asked (Chromium may drop the first)', async () => {
    const o = new Origin();
    o.host.deploy(A);
    const [one, two] = [o.openTab('one'), o.openTab('two')];
    o.openTab('other copy', new URL('../elsewhere/', SCOPE).href);
    const w = new Worker(o, A);
    await w.install();
    expect(w.skippedWaiting).toBe(1);
    vi.useFakeTimers();
    try {
      // One tab asked: the other may still be starting up, fetching through the old worker.
      const first = w.takeOver(one);
      await vi.advanceTimersByTimeAsync(0);
      expect(w.skippedWaiting).toBe(1);
      await w.takeOver(two);
      expect(w.skippedWaiting).toBe(2);
      // A tab that never asks holds it back for 30 s at most.
      o.openTab('silent');
      const alone = new Worker(o, A);
      const asked = alone.takeOver(one);
      await vi.advanceTimersByTimeAsync(29_000);
      expect(alone.skippedWaiting).toBe(0);
      await vi.advanceTimersByTimeAsync(1_000);
      await asked;
      expect(alone.skippedWaiting).toBe(1);
      await vi.advanceTimersByTimeAsync(30_000);
      await first;
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses to install while the host serves the index.html of another build', async () => {
    const o = new Origin();
    o.host.deploy({ ...B, files: { ...B.files, 'index.html': A.files['index.html']! } });
    await expect(new Worker(o, B).install()).rejects.toThrow(/index.html is build aaaa.*the host is being updated/);
  });

  it('keeps an older build while an open tab uses it, serves its files to it, and drops it after', async () => {
    const o = new Origin();
    const wa = await deployAndRun(o, A);
    const tabA = o.openTab('tab-a', `${SCOPE}?puzzle=soma`);
    expect((await wa.hello(tabA, A)).state).toBe('ready');

    const wb = await deployAndRun(o, B);
    expect(o.buildCaches()).toEqual([A.id, B.id]);
    expect(await wb.hello(tabA, A)).toMatchObject({ state: 'ready', worker: B.id });
    o.host.online = false;
    expect(await (await wb.get('assets/three3d-A1.js'))!.text()).toBe(`3d ${A.id}`);
    expect(await (await wb.get('icon.svg'))!.text()).toBe(`<svg>${B.id}</svg>`); // unhashed: the newest build's
    o.host.online = true;

    const wc = await deployAndRun(o, C);
    expect(o.buildCaches()).toEqual([A.id, C.id]); // nobody used B
    o.closeTab(tabA);
    const tabC = o.openTab('tab-c');
    await wc.hello(tabC, C);
    expect(o.buildCaches()).toEqual([C.id]);
  });

  it('deletes nothing while a tab has not said which build it is, or while a newer worker installs', async () => {
    const o = new Origin();
    await deployAndRun(o, A);
    o.openTab('silent');
    const wb = await deployAndRun(o, B);
    expect(o.buildCaches()).toEqual([A.id, B.id]);
    o.tabs.length = 0;
    o.registration.installing = {};
    await wb.hello(o.openTab('tab-b'), B);
    expect(o.buildCaches()).toEqual([A.id, B.id]);
    o.registration.installing = null;
    await wb.hello(o.tabs[0]!, B);
    expect(o.buildCaches()).toEqual([B.id]);
  });

  it('tells a tab whose build is not stored whether the host still has it', async () => {
    const o = new Origin();
    const wa = await deployAndRun(o, A);
    const tab = o.openTab('tab');
    o.host.deploy(B); // a page of B arrived from the host; its worker is not installed yet
    expect((await wa.hello(tab, B)).state).toBe('online');
    const wb = await deployAndRun(o, B);
    await o.caches.delete(PREFIX + A.id); // a page of A whose files are stored nowhere
    o.host.deploy(C); // and the host has moved on
    expect((await wb.hello(tab, A)).state).toBe('gone');
    o.host.online = false;
    expect((await wb.hello(tab, A)).state).toBe('gone');
  });

  it('fetches the page revalidated, and falls back to the stored page offline or when the host fails', async () => {
    const o = new Origin();
    const w = await deployAndRun(o, A);
    o.host.deploy(B);
    o.host.fetchModes = [];
    expect(await (await w.get('./?puzzle=soma', 'navigate'))!.text()).toBe(B.files['index.html']);
    expect(o.host.fetchModes).toEqual(['no-cache']);
    o.host.files.clear(); // 404 everywhere
    expect(await (await w.get('./', 'navigate'))!.text()).toBe(A.files['index.html']);
    o.host.online = false;
    expect(await (await w.get('index.html', 'navigate'))!.text()).toBe(A.files['index.html']);
  });

  it('leaves another copy of the site on the same origin alone', async () => {
    const o = new Origin();
    await o.caches.open('piecewise:/other/copy/:aaaaaaaaaaaaaaaa');
    await o.caches.open('piecewise-0123456789abcdef'); // the first worker's cache: dropped
    await deployAndRun(o, A);
    expect(await o.caches.keys()).toEqual(expect.arrayContaining(['piecewise:/other/copy/:aaaaaaaaaaaaaaaa', PREFIX + A.id]));
    expect(await o.caches.has('piecewise-0123456789abcdef')).toBe(false);
    const w = new Worker(o, A);
    expect(await w.get('https://example.org/other/copy/index.html', 'navigate')).toBeUndefined();
  });
});
