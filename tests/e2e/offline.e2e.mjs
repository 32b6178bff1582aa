// Offline: serve dist/ from a sub-path, visit once, wait for the service worker to control the
// page, go offline (and stop the server), reload, and solve a library puzzle to its expected counts
// (a 3D one: its view's worker starts offline too).
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { serveStatic } from './offline-static-server.mjs';
import { waitForAsync } from './page-helpers.mjs';

export const name = 'offline';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const PUZZLE = 't-tetracubes-6x6x2';

export default async function run({ browser }) {
  const server = await serveStatic(dist, '/some/sub/path/');
  const ctx = await browser.newContext();
  try {
    const page = await ctx.newPage();
    await page.goto(`${server.url}?puzzle=${PUZZLE}`);
    await waitForAsync(page, async () => {
      await navigator.serviceWorker.ready;
      return !!navigator.serviceWorker.controller;
    }, null, 'a service worker controls the page');
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const keys = (await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => r.url)))).flat();
      return { names, keys };
    });
    const build = await page.locator('meta[name="piecewise-build"]').getAttribute('content');
    assert.deepEqual(cached.names.filter((n) => n.startsWith('piecewise:')), [`piecewise:/some/sub/path/:${build}`], 'one cache for this build');
    assert.ok(cached.keys.some((u) => u.endsWith('index.html')), 'index.html is precached');
    assert.ok(cached.keys.some((u) => u.endsWith('manifest.webmanifest')), 'the manifest is precached');
    assert.ok(cached.keys.every((u) => u.startsWith(server.url)), 'everything lives under the sub-path');
    // Both builds of the solver: an offline browser of either kind must find the one it runs.
    assert.ok(cached.keys.some((u) => /\/piecewise-solver-[\w-]{8}\.wasm$/.test(u)), 'the baseline .wasm is precached');
    assert.ok(cached.keys.some((u) => /\/piecewise-solver-simd-[\w-]{8}\.wasm$/.test(u)), 'the SIMD .wasm is precached');

    await ctx.setOffline(true);
    await server.close();
    await page.reload();
    await page.getByTestId('puzzle-select').locator('option').first().waitFor({ state: 'attached' });
    // The expected counts come from the solver's reading of the puzzle, offline too.
    await page.locator('[data-testid="expected"][data-solutions]').waitFor({ timeout: 30_000 });
    const expected = await page.getByTestId('expected').getAttribute('data-solutions');
    await page.getByTestId('solve').click();
    await page.locator('body[data-status="done"]').waitFor({ timeout: 120_000 });
    assert.equal(await page.getByTestId('solutions-found').textContent(), expected);
    // The 3D view's worker (its script from the cache) takes over the drawing offline too.
    await page.locator('[data-testid="view"] canvas[data-scene="worker"]').waitFor({ timeout: 10_000 });
  } finally {
    await ctx.close();
    await server.close().catch(() => {});
  }
}
