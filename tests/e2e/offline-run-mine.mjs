// Runs the share/editor/offline end-to-end modules (tests/e2e/{share,editor,offline}.e2e.mjs) on
// their own against dist/, for working on them; the page's tests/e2e/run.mjs runs every *.e2e.mjs.
// Usage: node tests/e2e/offline-run-mine.mjs [name ...]
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { serveStatic } from './offline-static-server.mjs';

const wanted = process.argv.slice(2);
const names = (wanted.length ? wanted : ['share', 'editor', 'offline']);
const server = await serveStatic(fileURLToPath(new URL('../../dist/', import.meta.url)), '/');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
let failed = 0;
for (const n of names) {
  const mod = await import(`./${n}.e2e.mjs`);
  const t0 = Date.now();
  try {
    await mod.default({ baseUrl: server.url, browser });
    console.log(`ok   ${mod.name ?? n} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${mod.name ?? n}: ${e.stack ?? e}`);
  }
}
await browser.close();
await server.close();
process.exit(failed ? 1 : 0);
