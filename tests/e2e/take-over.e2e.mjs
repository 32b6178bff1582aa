// A new build's worker left waiting is asked to take over. Chromium drops the activation that
// skipWaiting() at install asked for when a fetch reaches the old worker at that moment (see
// web/src/offline/register.ts); a worker that never skips waiting by itself stands in for that
// state here: the tab open on the old worker must find it waiting and have it take over, or new
// tabs would get the old build until every tab is closed.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from './offline-static-server.mjs';

export const name = 'a new worker left waiting takes over';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const SITE = '/take-over/';
const SKIP_AT_INSTALL = 'await self.skipWaiting();';

/** The registration's workers as the tab sees them. */
const workers = (page) => page.evaluate(async () => {
  const r = await navigator.serviceWorker.getRegistration();
  return { installing: !!r?.installing, waiting: !!r?.waiting, active: r?.active?.state ?? null, changes: window.controllerChanges ?? 0 };
});

export default async function run({ browser }) {
  const scratch = mkdtempSync(join(tmpdir(), 'piecewise-take-over-'));
  const server = await serveStatic(dist, SITE, { cacheHeaders: false });
  const ctx = await browser.newContext();
  try {
    // The same site, but its worker (another script, so an update) waits after installing.
    const waits = join(scratch, 'waits');
    cpSync(dist, waits, { recursive: true });
    const script = readFileSync(join(waits, 'sw.js'), 'utf8');
    assert.ok(script.includes(SKIP_AT_INSTALL), 'sw.js skips waiting at install');
    writeFileSync(join(waits, 'sw.js'), `// waits after installing\n${script.replace(SKIP_AT_INSTALL, '')}`);

    const tab = await ctx.newPage();
    await tab.goto(`${server.url}?puzzle=pentomino-8x8-centre`);
    await tab.waitForFunction(() => document.documentElement.dataset.offline === 'ready', null, { timeout: 30_000 });
    await tab.evaluate(() => {
      navigator.serviceWorker.addEventListener('controllerchange', () => {
        window.controllerChanges = (window.controllerChanges ?? 0) + 1;
      });
      // Forgotten here, so that only the new worker's answer can bring it back.
      delete document.documentElement.dataset.offline;
    });

    server.deploy(waits);
    await tab.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    for (const t = Date.now(); ; await tab.waitForTimeout(100)) {
      const w = await workers(tab);
      if (!w.installing && !w.waiting && w.changes === 1 && w.active === 'activated') break;
      assert.ok(Date.now() - t < 20_000, `the new worker took over: ${JSON.stringify(w)}`);
    }
    // The new worker in charge answers the tab that its build is stored.
    await tab.waitForFunction(() => document.documentElement.dataset.offline === 'ready', null, { timeout: 10_000 })
      .catch(async () => assert.fail(`the new worker answered the tab: offline state ${await tab.evaluate(() => document.documentElement.dataset.offline ?? '(none)')}`));
  } finally {
    await ctx.close();
    await server.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}
