// The dev server never registers a service worker, and drops one that a production build served
// from the same address left behind (it would otherwise hand out stale files): the built site is
// served on a port and visited, then the dev server takes that port.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { freePort } from '../../scripts/free-port.mjs';
import { serveStatic } from './offline-static-server.mjs';
import { waitForAsync } from './page-helpers.mjs';

export const name = 'dev server: no service worker';

const root = fileURLToPath(new URL('../../', import.meta.url));
const registrations = (page) => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);

export default async function run({ browser }) {
  const port = await freePort();
  const ctx = await browser.newContext();
  let dev = null;
  const nodeEnv = process.env.NODE_ENV;
  try {
    const built = await serveStatic(`${root}dist/`, '/', { port });
    const page = await ctx.newPage();
    await page.goto(built.url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await built.close();

    // A dev server is a development build whatever ran before in this process.
    process.env.NODE_ENV = 'development';
    dev = await createServer({
      configFile: `${root}web/vite.config.ts`,
      logLevel: 'error',
      server: { host: '127.0.0.1', port, strictPort: true },
    });
    await dev.listen();
    await page.reload();
    await page.getByTestId('puzzle-select').locator('option').first().waitFor({ state: 'attached', timeout: 60_000 });
    await waitForAsync(page, async () => (await navigator.serviceWorker.getRegistrations()).length === 0, null,
      'the built site\'s worker unregistered', 15_000);
    // The dropped worker keeps the page it controls until that page is gone; the next visit is free.
    await page.goto('about:blank');
    const requests = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(built.url);
    await page.getByTestId('puzzle-select').locator('option').first().waitFor({ state: 'attached', timeout: 60_000 });
    const controller = await page.evaluate(async () => {
      const c = navigator.serviceWorker.controller;
      return c && `${c.scriptURL} (${c.state}); registrations: ${(await navigator.serviceWorker.getRegistrations()).map((r) => r.scope)}`;
    });
    assert.equal(controller, null, 'the dev page is not controlled');
    await page.waitForTimeout(500);
    assert.equal(await registrations(page), 0, 'the dev server registers no service worker');
    assert.ok(requests.includes('/src/main.ts') && !requests.includes('/sw.js'), 'the dev page never asks for sw.js');
  } finally {
    await ctx.close();
    await dev?.close();
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
