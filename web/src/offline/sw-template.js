// Piecewise service worker. Generated into dist/sw.js by web/src/offline/precache-plugin.ts:
// the two placeholders below are replaced with the build hash and the list of built files.
// - install: precache every built file (hashed JS/CSS/.wasm, index.html, manifest, icons);
// - activate: delete every older piecewise cache, take control of open pages;
// - fetch: network-first for the page itself (so an update shows up), cache-first for the rest.
// All URLs are relative to this script, so the site works from any sub-path.
const CACHE = 'piecewise-__BUILD_HASH__';
const PRECACHE = __PRECACHE_LIST__;
const SCOPE = new URL('./', self.location.href).href;
const INDEX = new URL('./index.html', SCOPE).href;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((p) => new Request(new URL(p, SCOPE).href, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('piecewise-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

function isPage(request, url) {
  return request.mode === 'navigate' || url.href === SCOPE || url.href === INDEX;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.href.startsWith(SCOPE)) return;
  if (isPage(request, url)) {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok && url.search === '') {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(INDEX, copy));
          }
          return response;
        })
        .catch(() => caches.match(INDEX, { cacheName: CACHE }).then((r) => r || Response.error())),
    );
    return;
  }
  event.respondWith(
    caches.match(request, { cacheName: CACHE, ignoreSearch: true }).then((cached) => cached || fetch(request)),
  );
});
