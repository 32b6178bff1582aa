// Pictures: the solution on screen as SVG (a file that stands alone) and PNG (twice the size it
// is drawn at, 2D and 3D, not blank), and the print sheet of the first N unique solutions; and a
// 3D view drawn by the page itself, where a browser cannot draw it in a worker.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { downloaded, openPage, pngColours, pngSize, solveAll, SHOWN_CANVAS } from './page-helpers.mjs';

export const name = 'pictures';

const results = fileURLToPath(new URL('../../test-results/', import.meta.url));

async function save(page, testid) {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  return { name: d.suggestedFilename(), bytes: await downloaded(d) };
}

export default async function run({ baseUrl, browser }) {
  mkdirSync(results, { recursive: true });
  const ctx = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
  try {
    const page = await ctx.newPage();
    // 2D: the pentominoes, solution 3.
    await openPage(page, `${baseUrl}?puzzle=pentomino-8x8-centre`);
    await solveAll(page);
    await page.getByTestId('goto-input').fill('3');
    await page.getByTestId('goto').click();
    const drawn = await page.locator('[data-testid="view"] svg').evaluate((s) => {
      const r = s.getBoundingClientRect();
      return { width: Math.round(r.width), height: Math.round(r.height) };
    });
    const svg = await save(page, 'download-svg');
    assert.equal(svg.name, 'pentominoes-in-8x8-less-the-centre-solution-3.svg');
    const text = svg.bytes.toString('utf8');
    assert.match(text, /^<\?xml[^>]*>\n<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.match(text, new RegExp(`<svg [^>]*width="${drawn.width}"`));
    assert.match(text, new RegExp(`<svg [^>]*height="${drawn.height}"`));
    assert.match(text, /<title>Pentominoes in 8x8 less the centre, solution 3<\/title>/);
    assert.equal((text.match(/data-piece=/g) ?? []).length, 60, 'every covered cell');
    assert.ok(!/class=/.test(text), 'styles written in, no classes left');
    writeFileSync(join(results, 'picture-2d.svg'), svg.bytes);
    // The SVG alone, in a page of its own, looks like the drawing.
    const alone = await ctx.newPage();
    await alone.setContent(`<img src="data:image/svg+xml;base64,${svg.bytes.toString('base64')}">`);
    const shot = await alone.locator('img').screenshot({ path: join(results, 'picture-2d-svg-rendered.png') });
    assert.ok((await pngColours(alone, shot)) >= 12, 'the standalone SVG shows the twelve colours');
    await alone.close();

    const png = await save(page, 'download-png');
    assert.equal(png.name, 'pentominoes-in-8x8-less-the-centre-solution-3.png');
    assert.deepEqual(pngSize(png.bytes), { width: drawn.width * 2, height: drawn.height * 2 }, 'twice the drawn size');
    assert.ok((await pngColours(page, png.bytes)) >= 13, 'the PNG is not blank');
    writeFileSync(join(results, 'picture-2d.png'), png.bytes);

    // 3D: Soma, exploded, as drawn.
    await openPage(page, `${baseUrl}?puzzle=soma`);
    await solveAll(page);
    await page.getByTestId('explode').evaluate((s) => {
      s.value = '60';
      s.dispatchEvent(new Event('input'));
    });
    // Drawn by the view's worker once the page is idle (the page drew the board first). Measured
    // once it shows: the locator finds the shown canvas, then measures it, and a takeover between
    // the two would have it measure the page's canvas just taken out (0 x 0).
    await page.locator('[data-testid="view"] canvas[data-scene="worker"]').waitFor({ timeout: 10_000 });
    const canvas = await page.locator(SHOWN_CANVAS).evaluate((c) => ({ width: c.clientWidth, height: c.clientHeight }));
    assert.ok(!(await page.getByTestId('download-svg').isVisible()), 'no SVG for a 3D view');
    const png3 = await save(page, 'download-png');
    assert.equal(png3.name, 'soma-cube-solution-1.png');
    assert.deepEqual(pngSize(png3.bytes), { width: canvas.width * 2, height: canvas.height * 2 });
    assert.ok((await pngColours(page, png3.bytes)) >= 20, 'the 3D PNG is not blank');
    writeFileSync(join(results, 'picture-3d.png'), png3.bytes);
    // The view on the page is back to its own resolution and still drawn.
    assert.equal(await page.locator(SHOWN_CANVAS).evaluate((c) => c.width), canvas.width);

    // Print: the first 8 unique solutions, layer by layer.
    await page.evaluate(() => {
      window.printed = 0;
      window.print = () => window.printed++;
    });
    await page.getByTestId('print-count').fill('8');
    await page.getByTestId('print').click();
    assert.equal(await page.evaluate(() => window.printed), 1, 'the print dialog was asked for');
    const sheet = page.getByTestId('print-sheet');
    assert.equal(await sheet.locator('figure').count(), 8);
    assert.equal(await sheet.locator('figure svg.layer-diagram').count(), 8);
    assert.match(await sheet.locator('header').textContent(), /Soma cube.*Solutions 1–8 of 240 unique/s);
    assert.ok(!(await sheet.isVisible()), 'never shown on screen');
    await page.emulateMedia({ media: 'print' });
    assert.ok(await sheet.isVisible(), 'the only thing printed');
    assert.ok(!(await page.getByTestId('solve').isVisible()), 'the page is not printed');
    await page.screenshot({ path: join(results, 'print-sheet-soma.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    // 2D puzzles print as drawn; fewer unique solutions than asked prints those there are.
    await openPage(page, `${baseUrl}?puzzle=pentomino-3x20`);
    await solveAll(page);
    await page.evaluate(() => (window.print = () => {}));
    await page.getByTestId('print-count').fill('12');
    await page.getByTestId('print').click();
    assert.equal(await page.getByTestId('print-sheet').locator('figure svg').count(), 2);
    assert.match(await page.getByTestId('picture-message').textContent(), /Only 2 unique solutions are known/);
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: join(results, 'print-sheet-pentominoes.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    // Nothing solved yet: said so, no dialog.
    await openPage(page, `${baseUrl}?puzzle=frogs`);
    await page.getByTestId('print').click();
    assert.match(await page.getByTestId('picture-message').textContent(), /Solve first/);
  } finally {
    await ctx.close();
  }

  // Where a canvas cannot be handed to a worker, the page draws the 3D view itself: drawn, turned
  // and pictured all the same.
  const plain = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
  try {
    await plain.addInitScript(() => delete HTMLCanvasElement.prototype.transferControlToOffscreen);
    const page = await plain.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await openPage(page, `${baseUrl}?puzzle=soma`);
    await page.waitForFunction(() => performance.getEntriesByName('piecewise:puzzle-drawn').length > 0);
    const view = page.locator(SHOWN_CANVAS);
    assert.ok((await pngColours(page, await view.screenshot())) >= 8, 'the empty board is drawn on the page');
    await page.waitForTimeout(1000);
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name.split('/').pop()));
    assert.ok(!loaded.some((f) => f.startsWith('scene.worker')), `no scene worker: ${loaded}`);
    assert.equal(await view.getAttribute('data-scene'), 'page');
    await solveAll(page);
    const before = await view.screenshot();
    await view.focus();
    await page.keyboard.press('ArrowLeft');
    await page.waitForTimeout(200);
    assert.notDeepEqual(await view.screenshot(), before, 'a key turns the view drawn on the page');
    const png = await save(page, 'download-png');
    assert.ok((await pngColours(page, png.bytes)) >= 20, 'the PNG of a view drawn on the page is not blank');
    // A context lost and given back (a GPU reset) comes back drawn, with nothing else asked.
    await page.evaluate(() => new Promise((resolve) => {
      const lose = document.querySelector('[data-testid="view"] canvas:not([aria-hidden])').getContext('webgl2').getExtension('WEBGL_lose_context');
      lose.loseContext();
      setTimeout(() => {
        lose.restoreContext();
        resolve();
      }, 100);
    }));
    await page.waitForTimeout(500);
    assert.ok((await pngColours(page, await view.screenshot())) >= 20, 'the view is drawn again once its context is restored');
    assert.deepEqual(errors, []);
  } finally {
    await plain.close();
  }
}
