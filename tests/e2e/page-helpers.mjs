// Helpers shared by the feature suites (tests/e2e/*.e2e.mjs): the browser launched, files dropped
// on the page, runs waited for, downloads read, PNGs measured.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** Debian's headless Chromium, with the flags it needs as root and with no network; `args` adds more. */
export function launchChromium(args = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...args],
  });
}

/** The 3D view's canvas as shown: a worker's canvas drawn on beneath it is hidden until it takes over. */
export const SHOWN_CANVAS = '[data-testid="view"] canvas:not([aria-hidden])';

export const data = (name) => new URL(`../data/burrtools/${name}`, import.meta.url).pathname;

/** Drops a file on the page as a user dragging it from their desktop would. */
export async function dropFile(page, path, name = path.split('/').pop()) {
  const b64 = readFileSync(path).toString('base64');
  await page.evaluate(([b64, name]) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], name));
    for (const type of ['dragenter', 'dragover', 'drop']) {
      document.body.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
    }
  }, [b64, name]);
}

/** Waits until `fn(arg)`, run in the page and awaited there, gives a truthy value; throws `what`
 * after `timeout` ms. For conditions that need a promise: page.waitForFunction() takes a promise
 * for a truthy value and returns at once. */
export async function waitForAsync(page, fn, arg, what, timeout = 30_000) {
  for (const start = Date.now(); !(await page.evaluate(fn, arg)); await page.waitForTimeout(100)) {
    if (Date.now() - start > timeout) throw new Error(`${what}: not within ${timeout} ms`);
  }
}

/** Opens a page at `url` and waits for the drawing. */
export async function openPage(page, url) {
  await page.goto(url);
  await page.locator(`[data-testid="view"] svg, ${SHOWN_CANVAS}`).first().waitFor({ timeout: 30_000 });
}

/** Presses Solve and waits for the run to end; returns [solutions, unique] as text. */
export async function solveAll(page, timeout = 120_000) {
  await page.getByTestId('solve').click();
  return countsWhenDone(page, timeout);
}

export async function countsWhenDone(page, timeout = 120_000) {
  await page.waitForFunction(() => ['done', 'error', 'cancelled'].includes(document.body.dataset.status), null, { timeout, polling: 50 });
  const status = await page.getByTestId('status').textContent();
  assert.equal(status, 'done', `run ended ${status}: ${await page.getByTestId('error').textContent()}`);
  return [await page.getByTestId('solutions-found').textContent(), await page.getByTestId('unique-found').textContent()];
}

/** A download's bytes. */
export async function downloaded(download) {
  const chunks = [];
  for await (const c of await download.createReadStream()) chunks.push(c);
  return Buffer.concat(chunks);
}

/** Width and height from a PNG's header. */
export function pngSize(png) {
  assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG', 'a PNG file');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Distinct colours in a PNG, counted by the browser (every `step`-th pixel: 4 is quick, 1 exact). */
export function pngColours(page, png, step = 4) {
  return pngStats(page, png, step).then((s) => s.colours);
}

/**
 * The share of a PNG's pixels that are near black: a drawing whose shapes lost their style is
 * filled black (SVG's default fill), where a drawn one is its colours with thin dark lines.
 */
export function pngDarkShare(page, png) {
  return pngStats(page, png, 1).then((s) => s.dark);
}

/** Decodes a PNG in the browser: its distinct colours (every `step`-th pixel) and its near-black share. */
function pngStats(page, png, step) {
  return page.evaluate(async ([b64, step]) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    const set = new Set();
    let dark = 0;
    for (let i = 0; i < d.length; i += 4 * step) {
      set.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
      if (Math.max(d[i], d[i + 1], d[i + 2]) < 48) dark++;
    }
    return { colours: set.size, dark: dark / Math.ceil(d.length / (4 * step)) };
  }, [png.toString('base64'), step]);
}

/** The labels of the puzzle menu's "My puzzles" group. */
export function myPuzzles(page) {
  return page.getByTestId('puzzle-select').evaluate((s) =>
    [...(s.querySelector('optgroup[label="My puzzles"]')?.children ?? [])].map((o) => o.textContent));
}
