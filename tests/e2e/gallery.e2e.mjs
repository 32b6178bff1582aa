// The gallery: thumbnails of every solution of a finished run, virtualised (a few dozen in the
// DOM for 9,356), drawn as they are fetched by number, each opening its solution; keys move
// between them and Escape closes it. "All placements" shows every place a piece fits, as the
// solver lists them (on the square and the hexagon grid), and pins it where one is picked. 3D and
// snake thumbnails are drawn too.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { openPage, solveAll } from './page-helpers.mjs';

export const name = 'gallery';

/** Tetrahex A's placements on the 4×7 parallelogram (the solver's count: tests/web/piece-placements.test.ts). */
const HEX_A_PLACEMENTS = 148;

/** Opens "All placements" of piece `piece`, expects `count` of them, and pins the piece at the sixth. */
async function allPlacements(page, piece, count) {
  await page.getByTestId('piece-tray').locator(`[data-piece="${piece}"]`).click();
  await page.getByTestId('placements-open').click();
  await page.waitForFunction((n) => document.querySelector('[data-testid="gallery-count"]')?.textContent === `${n} items`
    && !document.querySelector('[data-testid="gallery"]').hidden, count);
  assert.match(await page.locator('#gallery-title').textContent(), new RegExp(`All ${count} placements of ${piece}`));
  await page.locator('[data-testid="gallery"] [data-n="6"]').click();
  await page.locator('[data-testid="pins"] li').first().waitFor();
  assert.match(await page.locator('[data-testid="pins"] li').first().getAttribute('data-pin'), new RegExp(`^${piece}@`));
}

const drawnThumbs = (page) => page.locator('[data-testid="gallery"] .gallery-item svg').count();

export default async function run({ baseUrl, browser }) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await openPage(page, `${baseUrl}?puzzle=pentomino-6x10`);
    await solveAll(page);
    await page.getByTestId('gallery-open').click();
    assert.equal(await page.getByTestId('gallery-count').textContent(), '9356 items');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="gallery"] .gallery-item svg').length > 10);
    const inDom = await page.locator('[data-testid="gallery"] .gallery-item').count();
    assert.ok(inDom < 200, `virtualised: ${inDom} thumbnails in the DOM`);
    assert.ok(!(await page.getByTestId('view').isVisible()), 'the gallery takes the drawing\'s place');

    // The far end: solutions fetched by number, then drawn.
    await page.getByTestId('gallery-scroll').evaluate((s) => (s.scrollTop = s.scrollHeight));
    await page.waitForFunction(() => document.querySelector('[data-testid="gallery"] [data-n="9356"] svg'), null, { timeout: 30_000 });
    await page.waitForFunction(() => document.querySelector('[data-testid="gallery"] [data-n="9340"] svg'), null, { timeout: 30_000 });
    await page.locator('[data-testid="gallery"] [data-n="9340"]').click();
    assert.ok(await page.getByTestId('gallery').isHidden());
    await page.waitForFunction(() => document.querySelector('[data-testid="view"]').dataset.solution === '9340');
    assert.equal(await page.getByTestId('solution-index').textContent(), '9340');
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'gallery-open', 'the focus goes back to the button');

    // Keys: → moves to the next thumbnail, Enter opens it; Escape closes.
    await page.getByTestId('gallery-open').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="gallery"] [data-n="1"] svg'));
    await page.locator('[data-testid="gallery"] [data-n="1"]').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    const focused = await page.evaluate(() => Number(document.activeElement?.dataset.n));
    assert.ok(focused > 2, `↓ moves a row down (at ${focused})`);
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => document.querySelector('[data-testid="view"]').dataset.solution === String(n), focused);
    await page.getByTestId('gallery-open').click();
    await page.keyboard.press('Escape');
    assert.ok(await page.getByTestId('gallery').isHidden());

    // All placements of X: 32 on the 6×10 board (as the solver lists them); picking one pins X there.
    await allPlacements(page, 'X', 32);

    // On the hexagon grid, whose turns are by 60°: tetrahex A (three in a row and one beside
    // the middle) on the 4×7 parallelogram.
    await openPage(page, `${baseUrl}?puzzle=tetrahex-4x7`);
    await allPlacements(page, 'A', HEX_A_PLACEMENTS);

    // 3D and snake thumbnails.
    for (const id of ['soma', 'snake-3x3x3']) {
      await openPage(page, `${baseUrl}?puzzle=${id}`);
      await solveAll(page);
      await page.getByTestId('gallery-open').click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="gallery"] .gallery-item svg polygon').length > 20);
      assert.ok((await drawnThumbs(page)) > 4, `${id}: thumbnails drawn`);
      await page.getByTestId('gallery').screenshot({ path: fileURLToPath(new URL(`../../test-results/gallery-${id}.png`, import.meta.url)) });
      await page.getByTestId('gallery-close').click();
    }
  } finally {
    await page.close();
  }
}
