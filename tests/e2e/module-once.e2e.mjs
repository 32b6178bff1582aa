// The solver's .wasm is fetched and compiled once per page load, by the page, and every worker gets
// the compiled module as a message (web/src/solver/shared-module.ts, worker/create-worker.ts): the
// puzzle reader's and the pool's workers (?workers=2), workers started after Stop, and the file
// worker. Each must work (a count to the expected figures, a BurrTools import), none fetch the .wasm
// itself (each marks `piecewise:module-from-page` in its own timeline). Timings are not checked
// here (see `npm run bench:page`): only what is deterministic.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { countsWhenDone, data, solveAll, waitForAsync, SHOWN_CANVAS } from './page-helpers.mjs';

export const name = 'solver module fetched once per page, handed to every worker';

const isSolverWorker = (w) => /\/(solver|file)\.worker-[\w-]+\.js$/.test(w.url());

/** Every solver or file worker alive, with whether it was handed the page's module and what it fetched. */
async function workerStates(page) {
  const states = [];
  for (const w of page.workers().filter(isSolverWorker)) {
    const s = await w.evaluate(() => ({
      fromPage: performance.getEntriesByName('piecewise:module-from-page').length > 0,
      fetchedItself: performance.getEntriesByName('piecewise:module-fetched-by-worker').length > 0,
      wasm: performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.wasm')).map((e) => e.name),
    })).catch(() => null); // terminated meanwhile
    if (s) states.push({ url: w.url().split('/').pop(), ...s });
  }
  return states;
}

/** Waits until at least `n` workers of `kind` ('solver' or 'file') are loaded, each from the page's module. */
async function expectWorkers(page, kind, n) {
  let last = [];
  for (const start = Date.now(); ; await page.waitForTimeout(100)) {
    last = (await workerStates(page)).filter((s) => s.url.startsWith(`${kind}.worker-`));
    if (last.length >= n && last.every((s) => s.fromPage || s.fetchedItself)) break;
    if (Date.now() - start > 30_000) throw new Error(`${n} ${kind} workers loaded: not within 30 s: ${JSON.stringify(last)}`);
  }
  for (const s of last) {
    assert.ok(s.fromPage && !s.fetchedItself, `${s.url} was handed the page's module: ${JSON.stringify(s)}`);
    assert.deepEqual(s.wasm, [], `${s.url} fetched no .wasm`);
  }
  return last;
}

export default async function run({ baseUrl, browser }) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await ctx.newPage();
    // Requests of the page and of its dedicated workers (not the service worker's, which stores the site).
    const wasm = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('.wasm')) wasm.push(r.url());
    });
    await page.goto(`${baseUrl}?puzzle=pentomino-6x10&workers=2`);
    await page.locator('[data-testid="view"] svg').waitFor({ timeout: 30_000 });
    await page.locator('body[data-solver="ready"]').waitFor({ timeout: 30_000 });
    // The reader and the pool's two workers.
    await expectWorkers(page, 'solver', 3);
    const expected = await page.getByTestId('expected').evaluate((e) => [e.dataset.solutions, e.dataset.unique]);
    assert.deepEqual(await solveAll(page), expected, 'two workers count pentomino-6x10 to its expected counts');
    const progress = await page.getByTestId('progress-text').textContent();
    assert.match(progress, /jobs [\d\u202f]+\/[\d\u202f]+ done/, `the run was split between the workers: ${progress}`);

    // Stop terminates the busy workers; their replacements are handed the same module.
    await page.getByTestId('puzzle-select').selectOption('bedlam-cube');
    await page.locator(SHOWN_CANVAS).waitFor({ timeout: 30_000 });
    await page.getByTestId('solve').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="view"]')?.dataset.solution === '1', null, { timeout: 60_000 });
    await page.getByTestId('stop').click();
    await page.locator('body[data-status="cancelled"]').waitFor({ timeout: 10_000 });
    await page.getByTestId('puzzle-select').selectOption('pentomino-6x10');
    await page.locator('[data-testid="view"] svg').waitFor({ timeout: 30_000 });
    await page.getByTestId('solve').click();
    assert.deepEqual(await countsWhenDone(page), expected, 'the workers started after Stop count it too');
    await expectWorkers(page, 'solver', 3);

    // The file worker, started by the first file opened: a BurrTools import.
    await page.getByTestId('file-import-input').setInputFiles({ name: 'flat.xmpuzzle', mimeType: 'application/octet-stream', buffer: readFileSync(data('pentominoes-3x20-flat.xmpuzzle')) });
    await waitForAsync(page, () => window.piecewise.currentSource().libraryId === null && !!document.querySelector('[data-testid="view"] svg'), null, 'the BurrTools file imported');
    await expectWorkers(page, 'file', 1);
    assert.deepEqual(await solveAll(page), ['8', '2'], 'the imported problem solves');

    assert.equal(wasm.length, 1, `the .wasm fetched once per page load, not once per worker: ${wasm.join(', ')}`);
  } finally {
    await ctx.close();
  }
}
