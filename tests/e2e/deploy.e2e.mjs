// Deploys never break an open tab. One browser profile, a static host without cache headers, the
// site under a sub-path; builds A (dist/), B and C (real builds whose every hashed name differs):
// - tab A opens build A; B is deployed; a new tab gets B (not A from the HTTP cache) and B's service
//   worker takes over; tab A, whose files are gone from the host, still opens the lazily loaded 3D
//   view and solves with a fresh worker after Stop (worker script and .wasm of build A);
// - C is deployed while the browser is offline: tab A still solves offline, then, back online,
//   learns about C by itself; a new tab gets C; once tabs A and B are closed only C stays stored;
// - a first visit during a deploy: page A, then a host with B's files but still A's index.html (B's
//   worker refuses to install), then B's worker over page A, whose lazily loaded files exist
//   nowhere: the tab says so, waits while it holds solutions, and reloads onto B with a notice as
//   soon as that loses nothing;
// - a second copy of the site on the same origin keeps its own stored files throughout.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from './offline-static-server.mjs';
import { saltedBuild } from './salted-build.mjs';
import { waitForAsync, SHOWN_CANVAS } from './page-helpers.mjs';

export const name = 'deploys never break an open tab';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const SITE = '/deploy/sub/';
const OTHER = '/deploy/other/';

const buildOf = (page) => page.locator('meta[name="piecewise-build"]').getAttribute('content');
const buildIn = (dir) => /<meta name="piecewise-build" content="([0-9a-f]{16})"/.exec(readFileSync(join(dir, 'index.html'), 'utf8'))[1];
const html = (page, key) => page.evaluate((k) => document.documentElement.dataset[k] ?? null, key);

/** Waits until this tab's service worker has answered: its state ('ready': the tab's own files are
 * stored) and the build of the worker in charge. */
async function offline(page, state, worker) {
  await page.waitForFunction(
    ([s, w]) => document.documentElement.dataset.offline === s && document.documentElement.dataset.swBuild === w,
    [state, worker],
    { timeout: 30_000 },
  ).catch(async () => {
    // Which workers the registration holds, and which one runs the tab, for the failure's reader.
    const workers = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      const at = (w) => (w ? `${w.state} ${new URL(w.scriptURL).pathname}` : '-');
      return `controller ${at(navigator.serviceWorker.controller)}; installing ${at(r?.installing)}; waiting ${at(r?.waiting)}; active ${at(r?.active)}`;
    }).catch((e) => `(registration unknown: ${e.message})`);
    throw new Error(`offline state ${await html(page, 'offline')} / worker ${await html(page, 'swBuild')}, expected ${state} / ${worker}; ${workers}`);
  });
}

async function status(page) {
  return page.locator('body').getAttribute('data-status');
}

/** Opens a 3D puzzle in the tab (the 3D view is a lazily loaded chunk), solves to a first solution,
 * stops (the worker is replaced), solves again to a first solution with the new worker, stops. */
async function solve3DTwice(page, puzzle) {
  await page.getByTestId('puzzle-select').selectOption(puzzle);
  await page.locator(SHOWN_CANVAS).waitFor({ timeout: 30_000 });
  for (let round = 0; round < 2; round++) {
    await page.getByTestId('solve').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="view"]').dataset.solution === '1' || document.body.dataset.status === 'error',
      null,
      { timeout: 60_000 },
    );
    assert.notEqual(await status(page), 'error', `solver error: ${await page.getByTestId('error').textContent()}`);
    await page.evaluate(() => document.querySelector('[data-testid="stop"]:not(:disabled)')?.click());
    await page.waitForFunction(() => ['cancelled', 'done'].includes(document.body.dataset.status), null, { timeout: 5_000 });
  }
}

async function piecewiseCaches(page, mount) {
  return (await page.evaluate(() => caches.keys())).filter((n) => n.includes(`:${mount}:`)).sort();
}

export default async function run({ browser }) {
  const scratch = mkdtempSync(join(tmpdir(), 'piecewise-deploy-'));
  const server = await serveStatic(dist, SITE, { cacheHeaders: false });
  const ctx = await browser.newContext();
  const failures = [];
  const watch = (page, label) => {
    page.on('pageerror', (e) => failures.push(`${label}: ${e.message}`));
    page.on('response', (r) => r.status() >= 400 && failures.push(`${label}: HTTP ${r.status()} ${r.url()}`));
    // Requests cut short by a reload or a closed tab are aborted, not failed.
    page.on('requestfailed', (r) => r.failure()?.errorText !== 'net::ERR_ABORTED' && failures.push(`${label}: ${r.failure()?.errorText} ${r.url()}`));
    return page;
  };
  try {
    const [b, c] = await Promise.all([saltedBuild(join(scratch, 'b'), 'B'), saltedBuild(join(scratch, 'c'), 'C')]);
    const [buildA, buildB, buildC] = [dist, b, c].map(buildIn);
    assert.equal(new Set([buildA, buildB, buildC]).size, 3, 'three different builds');
    const stored = (...ids) => ids.map((id) => `piecewise:${SITE}:${id}`).sort();
    const url = `${server.url}?puzzle=pentomino-8x8-centre`;

    // Build A, opened on a 2D puzzle: nothing of the 3D view is loaded yet.
    const tabA = watch(await ctx.newPage(), 'tab A');
    await tabA.goto(url);
    assert.equal(await buildOf(tabA), buildA);
    await offline(tabA, 'ready', buildA);

    // Deploy B. A new tab at the same address gets B, though the host lets the browser keep A's page.
    server.deploy(b);
    const tabB = watch(await ctx.newPage(), 'tab B');
    await tabB.goto(url);
    assert.equal(await buildOf(tabB), buildB, 'the new tab gets build B');
    await offline(tabB, 'ready', buildB);
    await offline(tabA, 'ready', buildB); // B's worker runs tab A, whose own files stay stored
    assert.equal(await tabA.getByTestId('update-notice').getAttribute('data-kind'), 'available', 'tab A is told about B');
    assert.deepEqual(await piecewiseCaches(tabA, SITE), stored(buildA, buildB));

    // Tab A, whose files are gone from the host: the lazily loaded 3D chunk, then a new worker
    // (script and .wasm of A) after Stop.
    await solve3DTwice(tabA, 'tetris-cube');

    // Deploy C while offline: tab A still solves; back online it finds C by itself.
    await ctx.setOffline(true);
    server.deploy(c);
    await solve3DTwice(tabA, 'tetris-cube');
    await ctx.setOffline(false);
    await offline(tabA, 'ready', buildC);
    const tabC = watch(await ctx.newPage(), 'tab C');
    await tabC.goto(url);
    assert.equal(await buildOf(tabC), buildC, 'the third tab gets build C');
    await offline(tabC, 'ready', buildC);
    assert.deepEqual(await piecewiseCaches(tabA, SITE), stored(buildA, buildB, buildC), 'builds stay while tabs use them');

    // Tabs A and B closed: the next page load drops their builds.
    await tabA.close();
    await tabB.close();
    await tabC.reload();
    await offline(tabC, 'ready', buildC);
    await waitForAsync(tabC, (n) => caches.keys().then((k) => k.filter((x) => x.startsWith(n)).length === 1), `piecewise:${SITE}:`,
      'the closed tabs\' builds dropped');
    assert.deepEqual(await piecewiseCaches(tabC, SITE), stored(buildC));

    // First visit during a deploy, on a second copy of the site on the same origin. The page is A;
    // its worker script is held back until the host has B's files but still A's index.html.
    server.deploy(dist, OTHER);
    const release = server.hold(/\/deploy\/other\/sw\.js$/);
    const late = watch(await ctx.newPage(), 'first visit');
    await late.goto(`${server.origin}${OTHER}?puzzle=pentomino-8x8-centre`);
    assert.equal(await buildOf(late), buildA);
    await late.getByTestId('solve').click();
    await late.locator('body[data-status="done"]').waitFor({ timeout: 60_000 });
    await late.evaluate(() => (window.sameDocument = true));
    const halfway = join(scratch, 'halfway');
    cpSync(b, halfway, { recursive: true });
    cpSync(join(dist, 'index.html'), join(halfway, 'index.html'));
    server.deploy(halfway, OTHER);
    const seen = server.log.length;
    release();
    const registration = () => late.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return r ? { installing: !!r.installing, waiting: !!r.waiting, active: !!r.active } : null;
    });
    for (let t = Date.now(); ; await late.waitForTimeout(100)) {
      const read = server.log.slice(seen).some(([, path]) => path === `${OTHER}index.html`);
      if (read && !(await registration())?.installing) break;
      assert.ok(Date.now() - t < 30_000, 'B\'s worker tried to install');
    }
    assert.equal(await registration(), null, 'B refuses to install over A\'s page');
    // The host finishes the deploy; the page tries again by itself and gets B's worker.
    server.deploy(b, OTHER);
    await offline(late, 'gone', buildB);
    assert.equal(await late.getByTestId('update-notice').getAttribute('data-kind'), 'gone');
    await late.waitForTimeout(2500);
    assert.equal(await late.evaluate(() => window.sameDocument), true, 'no reload while solutions are on screen');
    // Another library puzzle: nothing would be lost any more, so the tab reloads onto B and says so.
    await late.getByTestId('puzzle-select').selectOption('infuriater');
    await late.waitForFunction(() => document.documentElement.dataset.offline === 'ready', null, { timeout: 30_000 });
    assert.equal(await late.evaluate(() => window.sameDocument), undefined, 'the tab reloaded');
    assert.equal(await buildOf(late), buildB);
    assert.equal(await late.getByTestId('update-notice').getAttribute('data-kind'), 'updated');
    assert.equal(await late.evaluate(() => new URL(location.href).searchParams.get('puzzle')), 'infuriater', 'same puzzle after the reload');
    await late.getByTestId('solve').click();
    await late.locator('[data-testid="view"][data-solution="1"]').waitFor({ timeout: 30_000 });
    // Each copy of the site kept its own stored files.
    assert.deepEqual(await piecewiseCaches(late, SITE), stored(buildC));
    assert.deepEqual(await piecewiseCaches(late, OTHER), [`piecewise:${OTHER}:${buildB}`]);

    const missing = server.log.filter(([status]) => status === 404);
    assert.deepEqual(missing, [], 'no file was missing');
    assert.deepEqual(failures, [], 'no failed request or page error');
  } finally {
    await ctx.close();
    await server.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}
