// Disassembly in the page: a 3D packing solution taken apart by the solver (the puzzle reader's
// worker) and played in the 3D view: the level shown (burrTxt's levels for the key in its lock),
// step forward and back, play to the end; an assembly that stays locked said so.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openPage, solveAll } from './page-helpers.mjs';

export const name = 'disassembly played in the 3D view';

const puzzle = (file) => new URL(`../data/disassembly/${file}`, import.meta.url).pathname;

async function importDocument(page, file, title) {
  await page.getByTestId('file-import-input').setInputFiles({ name: file, mimeType: 'application/json', buffer: readFileSync(puzzle(file)) });
  await page.waitForFunction((t) => document.querySelector('[data-testid="description"]')?.textContent.startsWith(t), title, { timeout: 30_000 });
  await page.locator('[data-testid="view"] canvas').waitFor({ timeout: 30_000 });
}

/** Shows solution `k` (1 = the first), takes it apart, and returns its level ('' when it stays locked). */
async function levelOf(page, k) {
  await page.evaluate((n) => window.piecewise.showSolution(n - 1), k);  // showSolution counts from 0
  await page.waitForFunction((n) => document.querySelector('[data-testid="view"]')?.dataset.solution === String(n), k);
  await page.getByTestId('take-apart').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="disassembly-status"]')?.dataset.level !== undefined, null, { timeout: 30_000 });
  return page.getByTestId('disassembly-status').getAttribute('data-level');
}

export default async function run({ baseUrl, browser }) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await openPage(page, `${baseUrl}?puzzle=soma`);
    await importDocument(page, 'key-in-lock.puzzle.json', 'Key in a lock');
    assert.deepEqual(await solveAll(page), ['5', '5']);
    const levels = [];
    for (let k = 1; k <= 5; ++k) levels.push(await levelOf(page, k));
    assert.deepEqual([...levels].sort(), ['1', '1', '1', '1', '2'], 'burrTxt -d: levels 2, 1, 1, 1, 1');

    // The key that turns: two moves, stepped and played.
    await levelOf(page, levels.indexOf('2') + 1);
    assert.match(await page.getByTestId('disassembly-status').textContent(), /^Level 2, 2 moves$/);
    const made = () => page.getByTestId('disassembly-step').getAttribute('data-made');
    assert.equal(await made(), '0');
    await page.getByTestId('disassembly-forward').click();
    assert.equal(await page.getByTestId('disassembly-step').textContent(), 'move 1 of 2');
    await page.getByTestId('disassembly-back').click();
    assert.equal(await made(), '0');
    await page.getByTestId('disassembly-play').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="disassembly-step"]')?.dataset.made === '2', null, { timeout: 10_000 });
    assert.equal(await page.getByTestId('disassembly-play').textContent(), 'Play', 'stopped at the end');

    // Another solution shown starts from the assembly again.
    await page.evaluate((other) => window.piecewise.showSolution(other), (levels.indexOf('2') + 1) % 5);
    await page.waitForFunction(() => document.querySelector('[data-testid="disassembly-status"]')?.textContent === '');

    await importDocument(page, 'shut-box.puzzle.json', 'Shut box');
    assert.deepEqual(await solveAll(page), ['1', '1']);
    assert.equal(await levelOf(page, 1), '');
    assert.equal(await page.getByTestId('disassembly-status').textContent(), 'This assembly does not come apart.');
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
}
