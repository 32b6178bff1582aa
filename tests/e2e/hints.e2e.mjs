// Hints: each press of Hint shows one more piece (tile, fold) of a solution, in 2D and in 3D,
// finding a solution first when none is on screen; "Show solution" shows all of it again.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPage } from './page-helpers.mjs';

export const name = 'hints';

const results = fileURLToPath(new URL('../../test-results/', import.meta.url));
const status = (page) => page.getByTestId('hint-status').textContent();

export default async function run({ baseUrl, browser }) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await ctx.newPage();

    // 2D packing, nothing solved yet: the first press finds a solution and shows one piece.
    await openPage(page, `${baseUrl}?puzzle=pentomino-8x8-centre`);
    const pieces = () => page.$$eval('[data-testid="view"] rect[data-piece]', (r) => new Set(r.map((x) => x.getAttribute('data-piece'))).size);
    await page.getByTestId('hint').click();
    await page.waitForFunction(() => /^Hint: 1 of 12 pieces/.test(document.querySelector('[data-testid="hint-status"]').textContent), null, { timeout: 30_000 });
    assert.equal(await pieces(), 1, 'one piece shown');
    for (let k = 2; k <= 4; k++) {
      await page.getByTestId('hint').click();
      assert.equal(await pieces(), k, `${k} pieces after ${k} hints`);
      assert.equal(await status(page), `Hint: ${k} of 12 pieces shown.`);
    }
    await page.locator('[data-testid="view"]').screenshot({ path: join(results, 'hint-2d-4-pieces.png') });
    // A hint's picture is named as one, not as the whole solution.
    const [saved] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-svg').click()]);
    assert.equal(saved.suggestedFilename(), 'pentominoes-in-8x8-less-the-centre-solution-1-hint-4.svg');
    // Browsing keeps the hint level: 4 pieces of solution 2.
    await page.locator('body[data-status="done"]').waitFor({ timeout: 60_000 });
    await page.getByTestId('next').click();
    assert.equal(await pieces(), 4);
    await page.getByTestId('hint-off').click();
    assert.equal(await pieces(), 12, 'the whole solution again');
    assert.equal(await status(page), '');

    // 3D packing, solved first: one more piece toggle per press.
    await openPage(page, `${baseUrl}?puzzle=soma`);
    await page.getByTestId('solve').click();
    await page.locator('[data-testid="view"][data-solution="1"]').waitFor({ timeout: 30_000 });
    const toggles = () => page.locator('.piece-list input[type=checkbox]').count();
    assert.equal(await toggles(), 7);
    for (let k = 1; k <= 7; k++) {
      await page.getByTestId('hint').click();
      assert.equal(await toggles(), k, `${k} pieces in 3D after ${k} hints`);
    }
    assert.equal(await status(page), 'All 7 pieces shown.');
    assert.ok(await page.getByTestId('hint').isDisabled(), 'nothing more to reveal');
    await page.getByTestId('hint-off').click();

    // Edge matching: tile by tile.
    await openPage(page, `${baseUrl}?puzzle=frogs`);
    await page.getByTestId('hint').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="view"] g[data-tile]').length === 1, null, { timeout: 30_000 });
    await page.getByTestId('hint').click();
    assert.equal(await page.locator('[data-testid="view"] g[data-tile]').count(), 2);
    assert.equal(await status(page), 'Hint: 2 of 9 tiles shown.');

    // Snake: fold by fold, the chain always whole.
    await openPage(page, `${baseUrl}?puzzle=snake-3x3x3`);
    await page.getByTestId('hint').click();
    await page.waitForFunction(() => /^Hint: 1 of \d+ folds/.test(document.querySelector('[data-testid="hint-status"]').textContent), null, { timeout: 30_000 });
    const total = Number((await status(page)).match(/of (\d+)/)[1]);
    await page.getByTestId('hint').click();
    await page.getByTestId('hint').click();
    assert.equal(await status(page), `Hint: 3 of ${total} folds shown.`);
    await page.waitForTimeout(200);
    await page.locator('[data-testid="view"]').screenshot({ path: join(results, 'hint-snake-3-folds.png') });

    // Another puzzle ends the hints.
    await openPage(page, `${baseUrl}?puzzle=soma`);
    assert.equal(await status(page), '');
    assert.ok(await page.getByTestId('hint-off').isHidden());
  } finally {
    await ctx.close();
  }
}
