// Two builds of the solver (web/src/solver/variants.mjs). This Chromium validates SIMD and legacy
// wasm exceptions, so the page fetches (and compiles, for its workers) the SIMD build. A second
// Chromium whose V8 refuses legacy exceptions (--js-flags=--no-wasm-legacy-eh) stands in for an
// older browser: it cannot compile the SIMD build, so the page must fetch the baseline (the SIMD
// build's only as index.html's preload, which it leaves unused), and its workers solve, show the
// parser's messages, and do so offline too (the service worker stores both builds).
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from './offline-static-server.mjs';
import { countsWhenDone, launchChromium, openPage, solveAll, waitForAsync } from './page-helpers.mjs';

export const name = 'each browser runs the solver build it can';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const SIMD = /\/piecewise-solver-simd-[\w-]{8}\.wasm$/;
const BASELINE = /\/piecewise-solver-[\w-]{8}\.wasm$/;

/** The .wasm files the page and its workers fetched (their own resource timings: a service worker
 * may answer, the page still asks). The page compiles the module for its workers
 * (solver/shared-module.ts); a worker fetches one itself only when the page could not. */
async function wasmFetched(page, { preloads = true } = {}) {
  const timings = () => performance.getEntriesByType('resource').map((e) => [e.name, e.initiatorType]);
  const entries = await Promise.all([page.evaluate(timings), ...page.workers().map((w) => w.evaluate(timings).catch(() => []))]);
  return entries.flat().filter(([n, initiator]) => n.endsWith('.wasm') && (preloads || initiator !== 'link')).map(([n]) => n);
}

/** An older engine compiles the baseline; the SIMD build is at most preloaded (and left unused). */
async function assertBaselineOnly(page, what) {
  const used = await wasmFetched(page, { preloads: false });
  const preloaded = (await wasmFetched(page)).filter((u) => !used.includes(u));
  assert.ok(used.length > 0 && used.every((u) => BASELINE.test(u)), `${what}: ${used}`);
  assert.ok(preloaded.every((u) => SIMD.test(u)), `only the SIMD build is preloaded: ${preloaded}`);
}

/** Solves soma to its expected counts, then shows a malformed document's one-line message. */
async function solvesAndRefuses(page) {
  await page.locator('[data-testid="expected"][data-solutions]').waitFor({ timeout: 30_000 });
  const expected = await page.getByTestId('expected').evaluate((e) => [e.dataset.solutions, e.dataset.unique]);
  assert.deepEqual(await solveAll(page), expected);
  await page.evaluate(() => window.piecewise.loadPuzzleText('{not json', { sourceName: 'broken' }));
  await page.locator('[data-testid="error"]:not([hidden])').waitFor({ timeout: 15_000 });
  assert.match(await page.getByTestId('error').textContent(), /^invalid JSON at line 1, column 3/);
}

export default async function run({ baseUrl, browser }) {
  const page = await browser.newPage();
  try {
    await openPage(page, `${baseUrl}?puzzle=soma`);
    await solvesAndRefuses(page);
    const fetched = await wasmFetched(page);
    assert.ok(fetched.length > 0 && fetched.every((u) => SIMD.test(u)), `this Chromium runs the SIMD build: ${fetched}`);
  } finally {
    await page.close();
  }

  const older = await launchChromium(['--js-flags=--no-wasm-legacy-eh']);
  const server = await serveStatic(dist, '/older/');
  try {
    const ctx = await older.newContext();
    const page = await ctx.newPage();
    await openPage(page, `${server.url}?puzzle=soma`);
    await solvesAndRefuses(page);
    await assertBaselineOnly(page, 'an older engine runs the baseline');
    // (Fetched after the check above, which would count it.)
    const simdUrl = new URL(`assets/${readdirSync(join(dist, 'assets')).find((f) => SIMD.test(`/${f}`))}`, server.url).href;
    assert.equal(await page.evaluate(async (u) => WebAssembly.validate(await (await fetch(u)).arrayBuffer()), simdUrl), false,
      'this engine refuses the SIMD build');

    // Offline: the stored baseline runs with no network (fresh workers: reloaded page).
    await waitForAsync(page, async () => !!(await navigator.serviceWorker.ready) && !!navigator.serviceWorker.controller, null,
      'a service worker controls the page');
    await ctx.setOffline(true);
    await server.close();
    await page.reload();
    await page.locator('[data-testid="expected"][data-solutions]').waitFor({ timeout: 30_000 });
    await page.getByTestId('solve').click();
    await countsWhenDone(page);
    await assertBaselineOnly(page, 'offline, the baseline again');
    await ctx.close();
  } finally {
    await server.close().catch(() => {});
    await older.close();
  }
}
