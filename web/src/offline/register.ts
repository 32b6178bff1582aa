// Registers dist/sw.js (written by precache-plugin.ts) in production builds only: the dev
// server has no sw.js and must never be served from a stale cache.
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const url = new URL('./sw.js', document.baseURI);
  navigator.serviceWorker.register(url, { scope: './' }).catch((e: unknown) => {
    console.warn(`offline mode unavailable: ${(e as Error).message}`);
  });
}
