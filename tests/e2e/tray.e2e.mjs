// The piece tray: every library puzzle, before anything is solved, shows one visible element with
// `data-piece` per piece (tile type, or the snake's chain), each drawn (not blank, not black), and a
// screenshot of it goes to test-results/tray-<puzzle>.png. Selecting a piece picks it out in the
// solution drawn; the tray's keys move between the pieces and turn a 3D piece. The first look
// (what the page does, Solve pointed out until pressed once, the progress bar drawn, no empty
// piece toggles under a 3D board) is checked on the way.
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPage, pngColours, pngDarkShare, solveAll, SHOWN_CANVAS } from './page-helpers.mjs';

export const name = 'piece tray';

const root = fileURLToPath(new URL('../../', import.meta.url));
const results = join(root, 'test-results');

/** How many items the tray should hold: pieces, tile types, or one chain. */
function expectedItems() {
  const d = window.piecewise.currentDescription();
  if (!d) return -1;
  return d.kind === 'packing' ? d.pieces.length : d.kind === 'edge-matching' ? d.tiles.length : 1;
}

export default async function run({ baseUrl, browser }) {
  mkdirSync(results, { recursive: true });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    const ids = readdirSync(join(root, 'puzzles')).filter((f) => f.endsWith('.puzzle.json')).map((f) => f.replace(/\.puzzle\.json$/, '')).sort();
    const blank = [];
    const dark = [];
    for (const id of ids) {
      await openPage(page, `${baseUrl}?puzzle=${id}`);
      await page.waitForFunction(() => window.piecewise.currentDescription() !== null, null, { timeout: 30_000 });
      const want = await page.evaluate(expectedItems);
      const tray = page.getByTestId('piece-tray');
      await page.waitForFunction((n) => {
        const items = document.querySelectorAll('[data-testid="piece-tray"] [data-piece]');
        // Solid pieces are drawn once three.js has loaded: wait for every picture.
        return items.length === n && [...items].every((b) => !b.querySelector('img') || b.querySelector('img').complete && b.querySelector('img').naturalWidth > 0);
      }, want, { timeout: 30_000 });
      const visible = await tray.locator('[data-piece]').evaluateAll((items) => items.filter((b) => b.checkVisibility() && b.getBoundingClientRect().width > 20).length);
      assert.equal(visible, want, `${id}: ${want} visible tray items`);
      assert.equal(await page.getByTestId('status').textContent(), 'idle', `${id}: nothing solved yet`);
      const shot = await tray.screenshot({ path: join(results, `tray-${id}.png`) });
      // A drawn tray has the pieces' colours, not only the page's background and borders.
      if ((await pngColours(page, shot)) < 4) blank.push(id);
      // ...nor black: a tile picture without the board's styles is a black square (its border rect's default fill).
      const share = await pngDarkShare(page, shot);
      if (share > 0.15) dark.push(`${id} (${(share * 100).toFixed(0)}% near black)`);
    }
    assert.deepEqual(blank, [], 'trays that look blank');
    assert.deepEqual(dark, [], 'trays drawn mostly black');

    // First look: what the page does, and Solve pointed out until it is pressed once.
    await openPage(page, `${baseUrl}?puzzle=pentomino-6x10`);
    assert.match(await page.getByTestId('intro').textContent(), /Finds every way to fit/);
    assert.ok(await page.getByTestId('solve-cue').isVisible(), 'the Solve cue on a first visit');
    // Selecting a piece picks it out in the solution drawn: the other cells fade.
    await solveAll(page);
    assert.ok(await page.getByTestId('solve-cue').isHidden(), 'the cue is gone once Solve is pressed');
    // The progress bar keeps its width beside a long "(jobs n/m done)" (it was squeezed to nothing).
    assert.ok((await page.getByTestId('progress').boundingBox()).width >= 60, 'the progress bar is still drawn once the run is over');
    const x = page.getByTestId('piece-tray').locator('[data-piece="X"]');
    await x.click();
    assert.equal(await x.getAttribute('aria-pressed'), 'true');
    const faded = await page.locator('[data-testid="view"] svg').evaluate((svg) => ({
      on: svg.classList.contains('highlighting'),
      picked: [...svg.querySelectorAll('.picked')].map((e) => e.getAttribute('data-piece')),
    }));
    assert.ok(faded.on, 'the drawing is highlighting');
    assert.deepEqual([...new Set(faded.picked)], ['X'], 'only X is picked out');
    assert.equal(faded.picked.length, 5);
    // Keys: → moves to the next piece, Enter selects it, Enter again unselects it.
    await x.focus();
    await page.keyboard.press('ArrowRight');
    const next = await page.evaluate(() => document.activeElement.getAttribute('data-piece'));
    assert.equal(next, 'Y');
    await page.keyboard.press('Enter');
    assert.equal(await page.getByTestId('piece-tray').locator('[aria-pressed="true"]').getAttribute('data-piece'), 'Y');
    await page.keyboard.press('Enter');
    assert.equal(await page.getByTestId('piece-tray').locator('[aria-pressed="true"]').count(), 0);
    assert.deepEqual(await page.locator('[data-testid="view"] svg').evaluate((svg) => [svg.classList.contains('highlighting'), svg.querySelectorAll('.picked').length]),
      [false, 0], 'unselected: nothing picked out, nothing faded');
    assert.equal(await page.getByTestId('solution-index').textContent(), '1', 'the arrows in the tray do not browse the solutions');

    // A 3D piece turns with ↑ (its picture changes).
    await openPage(page, `${baseUrl}?puzzle=soma`);
    assert.ok(await page.getByTestId('solve-cue').isHidden(), 'and does not come back');
    // Nothing placed on the empty box: no empty list of piece toggles under the 3D view.
    await page.locator(SHOWN_CANVAS).waitFor();
    assert.equal(await page.locator('.piece-list').isVisible(), false, 'no piece toggles before a solution is shown');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="piece-tray"] img')].every((i) => i.naturalWidth > 0 && i.src));
    const solid = page.getByTestId('piece-tray').locator('[data-piece]:has(img)').first();
    const before = await solid.locator('img').getAttribute('src');
    await solid.focus();
    await page.keyboard.press('ArrowUp');
    assert.notEqual(await solid.locator('img').getAttribute('src'), before, 'the piece turned');
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
}
