// The README's picture of the page (docs/piecewise.png): the built site in headless Chromium, the
// Soma cube solved, its first solution on screen. `node scripts/screenshot.mjs` after `npm run build`.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../tests/e2e/page-helpers.mjs';
import { startPreviewServer } from './preview-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { base, server } = await startPreviewServer();
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 760 } });
  await page.goto(`${base}?puzzle=soma`);
  await page.waitForSelector('[data-testid="view"] canvas', { timeout: 30_000 });
  await page.click('[data-testid="solve"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="status"]')?.textContent === 'done', null, { timeout: 60_000 });
  await page.waitForTimeout(500); // the 3D view's last frame
  await page.screenshot({ path: join(root, 'docs/piecewise.png') });
  console.log('screenshot: docs/piecewise.png');
} finally {
  await browser.close();
  server.kill();
}
