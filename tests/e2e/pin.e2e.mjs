// Pinning a piece: on the pentominoes 6×10, X is selected in the tray and pressed onto five board
// cells; the counts the page then shows equal the command line's `count --place` of that
// placement, and every solution drawn has X there. A placement the solver refuses is said in one
// line; typing cells is the keyboard's way; Unpin brings the whole count back.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPage, solveAll } from './page-helpers.mjs';

export const name = 'pin a piece';

const root = fileURLToPath(new URL('../../', import.meta.url));

function cliCount(places) {
  const args = ['count', join(root, 'puzzles/pentomino-6x10.puzzle.json'), ...places.flatMap((p) => ['--place', p])];
  const out = spawnSync(join(root, 'build/native/piecewise'), args, { encoding: 'utf8' });
  assert.equal(out.status, 0, out.stderr);
  const r = JSON.parse(out.stdout);
  return [r.solutions, r.unique];
}

/** Presses board cell (x, y) of the flat drawing with the mouse. */
async function pressCell(page, x, y) {
  const box = await page.locator(`[data-testid="view"] svg .grid rect[x="${x * 32}"][y="${y * 32}"]`).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

const digitsOnly = (s) => Number(s.replace(/\D/g, ''));

export default async function run({ baseUrl, browser }) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await openPage(page, `${baseUrl}?puzzle=pentomino-6x10`);
    await page.getByTestId('piece-tray').locator('[data-piece="X"]').click();
    assert.match(await page.getByTestId('pin-hint').textContent(), /Pin X: press the 5 cells/);
    const cells = [[1, 1], [0, 2], [1, 2], [2, 2], [1, 3]];
    for (const [x, y] of cells.slice(0, 4)) await pressCell(page, x, y);
    assert.equal(await page.locator('[data-testid="view"] .pin-mark').count(), 4, 'the cells chosen are outlined');
    await pressCell(page, ...cells[4]);
    await page.locator('[data-testid="pins"] li').first().waitFor();
    const pin = await page.locator('[data-testid="pins"] li').first().getAttribute('data-pin');
    assert.equal(pin, 'X@1,1;0,2;1,2;2,2;1,3');
    // Before solving, X is drawn where it is pinned.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="view"] rect[data-piece="X"]').length === 5);

    const [solutions, unique] = await solveAll(page);
    const [cliSolutions, cliUnique] = cliCount([pin]);
    assert.ok(cliSolutions > 0 && cliSolutions < 9356, `a real restriction (${cliSolutions})`);
    assert.equal(digitsOnly(solutions), cliSolutions, 'solutions = count --place');
    assert.equal(digitsOnly(unique), cliUnique, 'unique = count --place');
    const xs = await page.evaluate(() => window.piecewise.currentSolution().placements.filter((p) => p.piece === 9).map((p) => p.cells.map((c) => `${c[0]},${c[1]}`).sort().join(';')));
    assert.deepEqual(xs, ['0,2;1,1;1,2;1,3;2,2'], 'the solution drawn has X there');
    assert.equal(await page.locator('[data-testid="view"] rect[data-piece]').count(), 60, 'the whole board is drawn');
    await page.screenshot({ path: join(root, 'test-results/pin-pentominoes.png') });

    // The keyboard's way, refused: cells typed for I that are not an I.
    await page.getByTestId('piece-tray').locator('[data-piece="I"]').click();
    await page.getByTestId('pin-cells').fill('0,3;0,4;0,5;1,5;2,5');
    await page.getByTestId('pin-cells').press('Enter');
    await page.waitForFunction(() => /not I turned or mirrored/.test(document.querySelector('[data-testid="pin-message"]').textContent));
    assert.equal(await page.locator('[data-testid="pins"] li').count(), 1, 'the refused pin is not kept');

    // Unpin: the whole count again.
    await page.getByRole('button', { name: 'Unpin X' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="pins"] li').length === 0);
    const [all] = await (async () => {
      await page.waitForFunction(() => ['done', 'error'].includes(document.body.dataset.status), null, { timeout: 60_000 });
      return [await page.getByTestId('solutions-found').textContent()];
    })();
    assert.equal(digitsOnly(all), 9356);

    // 3D, typed (the board cannot be pressed): Soma's V in a corner.
    await openPage(page, `${baseUrl}?puzzle=soma`);
    await page.getByTestId('piece-tray').locator('[data-piece="V"]').click();
    assert.match(await page.getByTestId('pin-hint').textContent(), /Pin V: type the 3 cells/);
    await page.getByTestId('pin-cells').fill('0,0,0;1,0,0;0,1,0');
    await page.getByTestId('pin-add').click();
    await page.locator('[data-testid="pins"] li').first().waitFor();
    const [soma, somaUnique] = await solveAll(page);
    const cube = spawnSync(join(root, 'build/native/piecewise'), ['count', join(root, 'puzzles/soma.puzzle.json'), '--place', 'V@0,0,0;1,0,0;0,1,0'], { encoding: 'utf8' });
    const expected = JSON.parse(cube.stdout);
    assert.deepEqual([digitsOnly(soma), digitsOnly(somaUnique)], [expected.solutions, expected.unique], 'soma: count --place');
  } finally {
    await page.close();
  }
}
