// Piecewise service worker. Generated into dist/sw.js by web/src/offline/precache-plugin.ts, which
// fills in the build id and the list of built files.
//
// A deploy must never break a tab that is open, and a tab lazily loads files long after it opened
// (the 3D view, a fresh solver worker and its .wasm after Stop). So every build is stored in a
// cache of its own, and a build's cache is deleted only once no open tab of this site uses it:
// - install: store every file of this build (a file whose name carries a content hash is copied
//   from an older build's cache when there); refuse an index.html of another build (a host in the
//   middle of a deploy), so the install is retried later instead of storing a mix;
// - activate: take over at once, so new tabs get this build; older builds stay for open tabs;
// - fetch: the page network-first and revalidated (`no-cache`: a host without cache headers must
//   not hand out an old page from the HTTP cache), the stored page when offline; any other file
//   from the stored builds (hashed names are unique across builds), else from the network;
// - message: a page says which build it is ('piecewise:hello'); the worker notes it per tab and
//   answers whether that build is stored ('ready'), only on the host ('online': a newer worker is
//   on its way), or gone ('gone': the tab must reload onto this build, at a moment that loses
//   nothing). Then it deletes the builds no open tab uses, unless some tab has not said yet.
//   A page that finds this worker installed and waiting asks it to take over ('piecewise:take-over'),
//   once its own start-up is over. Chromium activates a waiting worker that skipped waiting only
//   when the old worker has stopped with no event left: it asks the old worker to stop as soon as it
//   is idle, but a request from a tab at that moment starts the old worker again, which then stays
//   until its next idle timeout (30 s; never while DevTools is attached) or until every tab is
//   closed. And only the first skipWaiting() of a waiting worker asks again (later ones wait for
//   it). So the skipWaiting() of a take-over waits until every open tab of the site has asked,
//   that is, none is still starting up and fetching, or TAKE_OVER_FALLBACK_MS after the first ask.
// Cache names carry the site's path: two copies of the site on one origin never touch each other.
// All URLs are relative to this script, so the site works from any sub-path.
const BUILD = '__BUILD_ID__';
const PRECACHE = __PRECACHE_LIST__;
const SCOPE = new URL('./', self.location.href);
const PREFIX = `piecewise:${SCOPE.pathname}:`;
const CACHE = PREFIX + BUILD;
const INDEX = new URL('./index.html', SCOPE).href;
/** Written into a build's cache after every file: a build without it is incomplete. */
const COMPLETE = new URL('./piecewise-build-complete', SCOPE).href;
/** One JSON entry: { clientId: build } for the tabs that said hello. */
const TABS = `piecewise-tabs:${SCOPE.pathname}`;
const TABS_KEY = new URL('./piecewise-tabs.json', SCOPE).href;
/** A waiting worker skips waiting this long after the first ask even if some tab never asked. */
const TAKE_OVER_FALLBACK_MS = 30_000;
/** The first service worker's caches (one per build, named for the whole origin). */
const LEGACY = /^piecewise-[0-9a-f]{16}$/;

/** The build id stamped into an index.html (the tag written by precache-plugin.ts). */
function buildOfPage(html) {
  const m = /<meta name="piecewise-build" content="([^"]*)"/.exec(html);
  return m ? m[1] : null;
}

/** Read-modify-write steps on the caches run one at a time. */
let queue = Promise.resolve();
function serial(task) {
  const run = queue.then(task);
  queue = run.catch(() => {});
  return run;
}

/** This build's cache first, then older builds, newest first. */
async function buildCaches() {
  const others = (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== CACHE);
  return [CACHE, ...others.reverse()];
}

async function matchStored(request) {
  for (const cacheName of await buildCaches()) {
    const hit = await caches.match(request, { cacheName, ignoreSearch: true });
    if (hit) return hit;
  }
  return undefined;
}

/** Chrome refuses a redirected response for a navigation: store the final response alone. */
function withoutRedirect(response) {
  if (!response.redirected) return response;
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

async function store(cache, { url, immutable }) {
  const href = new URL(url, SCOPE).href;
  if (immutable && (await cache.match(href))) return; // from an interrupted install of this build
  const older = immutable ? await matchStored(href) : undefined;
  if (older) return cache.put(href, older);
  const response = await fetch(new Request(href, { cache: 'reload' }));
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  if (href !== INDEX) return cache.put(href, withoutRedirect(response));
  const html = await response.text();
  const build = buildOfPage(html);
  if (build !== BUILD) throw new Error(`index.html is build ${build}, this worker is build ${BUILD}: the host is being updated`);
  return cache.put(href, new Response(html, { headers: response.headers }));
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(PRECACHE.map((entry) => store(cache, entry)));
    await cache.put(COMPLETE, new Response(BUILD));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim().then(prune));
});

async function page(request) {
  const stored = () => caches.match(INDEX, { cacheName: CACHE });
  try {
    const response = await fetch(new Request(request, { cache: 'no-cache' }));
    if (response.ok || response.type === 'opaqueredirect') return response;
    return (await stored()) ?? response; // a host in trouble (404, 5xx): the stored page is better
  } catch {
    return (await stored()) ?? Response.error();
  }
}

async function file(request) {
  return (await matchStored(request)) ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  const isPage = request.mode === 'navigate' && (url.pathname === SCOPE.pathname || url.href.split('?')[0] === INDEX);
  event.respondWith(isPage ? page(request) : file(request));
});

async function readTabs() {
  const r = await caches.match(TABS_KEY, { cacheName: TABS });
  return r ? r.json() : {};
}
async function writeTabs(tabs) {
  await (await caches.open(TABS)).put(TABS_KEY, new Response(JSON.stringify(tabs), { headers: { 'content-type': 'application/json' } }));
}

async function stateOf(build) {
  if (await caches.match(COMPLETE, { cacheName: PREFIX + build })) return 'ready';
  try {
    const response = await fetch(new Request(INDEX, { cache: 'no-cache' }));
    if (response.ok && buildOfPage(await response.text()) === build) {
      // The host has the tab's build and a newer worker than this one will store it.
      self.registration.update().catch(() => {});
      return 'online';
    }
  } catch { /* offline and not stored */ }
  return 'gone';
}

/** The site's open tabs, whatever worker controls them. */
async function siteWindows() {
  return (await self.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((c) => c.url.startsWith(SCOPE.href));
}

/** Deletes the builds that no open tab of this site uses. Keeps everything while a tab has not
 * said which build it is (it may be an old one) or while a newer worker is installing. */
function prune() {
  return serial(async () => {
    const windows = await siteWindows();
    const known = await readTabs();
    const tabs = {};
    for (const c of windows) if (known[c.id]) tabs[c.id] = known[c.id];
    await writeTabs(tabs);
    if (windows.some((c) => !tabs[c.id]) || self.registration.installing || self.registration.waiting) return;
    const keep = new Set([CACHE, ...Object.values(tabs).map((b) => PREFIX + b)]);
    for (const name of await caches.keys()) {
      if ((name.startsWith(PREFIX) && !keep.has(name)) || LEGACY.test(name)) await caches.delete(name);
    }
  });
}

async function hello(client, build) {
  await serial(async () => {
    const tabs = await readTabs();
    tabs[client.id] = build;
    await writeTabs(tabs);
  });
  client.postMessage({ type: 'piecewise:state', build, worker: BUILD, state: await stateOf(build) });
  await prune();
}

/** The open tabs (client ids) that asked this waiting worker to take over. */
const askedToTakeOver = new Set();
let takeOverFallback = null;

/** Skips waiting once every open tab has asked (see the top of this file), or after the fallback delay. */
async function takeOver(client) {
  if (client) askedToTakeOver.add(client.id);
  if ((await siteWindows()).every((c) => askedToTakeOver.has(c.id))) return self.skipWaiting();
  takeOverFallback ??= new Promise((done) => setTimeout(done, TAKE_OVER_FALLBACK_MS)).then(() => self.skipWaiting());
  return takeOverFallback;
}

self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type === 'piecewise:take-over') {
    event.waitUntil(takeOver(event.source));
    return;
  }
  if (!data || data.type !== 'piecewise:hello' || typeof data.build !== 'string' || !event.source) return;
  event.waitUntil(hello(event.source, data.build));
});
