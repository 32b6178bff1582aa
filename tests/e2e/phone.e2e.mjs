// Phones: a 390×844 touch screen (and a 320 px one, and one turned sideways). Every state of the
// page (each kind drawn and solved, the editor with each kind's panel, the share link, the export
// menu, My puzzles' rename form, a BurrTools import's notes, problem picker and refusal) fits the
// width without sideways scrolling and with no control cut off; a finger drag (and a mouse drag)
// paints every cell it crosses in the editor, one undo step per stroke, and the grid stays put
// under it; one finger turns the 3D views (packing and snake) and two pinch, without scrolling the page.
import assert from 'node:assert/strict';
import { data, dropFile, openPage, SHOWN_CANVAS } from './page-helpers.mjs';

export const name = 'phones (390 and 320 px, touch)';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };

/**
 * What sticks out sideways: the page wider than the screen, a scrolling box wider than itself
 * (the editor's drawer, the tiles' table), a visible control outside the screen or outside a box
 * that clips it.
 */
function overflows() {
  const W = innerWidth;
  const out = [];
  const name = (el) => `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`;
  const page = document.scrollingElement;
  if (page.scrollWidth > W) out.push(`the page is ${page.scrollWidth} px wide`);
  for (const el of document.body.querySelectorAll('*')) {
    const s = getComputedStyle(el);
    if (!['auto', 'scroll'].includes(s.overflowX)) continue;
    if (el.checkVisibility() && el.scrollWidth > el.clientWidth + 1) out.push(`${name(el)} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
  }
  const controls = document.body.querySelectorAll('button, select, input, textarea, a[href], [tabindex], canvas, .view svg, progress, output');
  for (const el of controls) {
    if (!el.checkVisibility({ visibilityProperty: true }) || el.closest('.pw-visually-hidden')) continue;
    const b = el.getBoundingClientRect();
    if (b.width <= 1 && b.height <= 1) continue;
    if (b.left < -1 || b.right > W + 1) out.push(`${name(el)} spans ${Math.round(b.left)}..${Math.round(b.right)} of ${W}`);
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX === 'visible') continue;
      const c = a.getBoundingClientRect();
      if (b.left < c.left - 1 || b.right > c.right + 1) out.push(`${name(el)} is cut off by ${name(a)}`);
    }
  }
  return [...new Set(out)];
}

async function fits(page, state) {
  // Let layout settle (fonts, the ResizeObserver of a 3D view).
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const problems = await page.evaluate(overflows);
  if (problems.length) misfits.push(`${state}: ${problems.join('; ')}`);
  checked.push(state);
}
// Every state is looked at before the suite fails, so one run lists all that does not fit.
const checked = [];
const misfits = [];

async function solveToEnd(page) {
  await page.getByTestId('solve').click();
  await page.waitForFunction(() => ['done', 'error', 'cancelled'].includes(document.body.dataset.status), null, { timeout: 120_000, polling: 50 });
  assert.equal(await page.getByTestId('status').textContent(), 'done', await page.getByTestId('error').textContent());
}

/** A finger drag through the given points (CSS pixels), one touch point, in `steps` moves per leg. */
async function fingerDrag(cdp, points, steps = 4) {
  const [x0, y0] = points[0];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y: y0, id: 1 }] });
  for (let i = 1; i < points.length; i++) {
    const [ax, ay] = points[i - 1];
    const [bx, by] = points[i];
    for (let s = 1; s <= steps; s++) {
      const t = s / steps;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: ax + (bx - ax) * t, y: ay + (by - ay) * t, id: 1 }] });
    }
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Two fingers moving apart (or together) about a centre: from `d0` to `d1` pixels apart. */
async function pinch(cdp, cx, cy, d0, d1, steps = 8) {
  const at = (d) => [{ x: cx - d / 2, y: cy, id: 1 }, { x: cx + d / 2, y: cy, id: 2 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(d0) });
  for (let s = 1; s <= steps; s++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(d0 + ((d1 - d0) * s) / steps) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

const centre = async (locator) => {
  const b = await locator.boundingBox();
  return [b.x + b.width / 2, b.y + b.height / 2];
};

export default async function run({ baseUrl, browser }) {
  const ctx = await browser.newContext(PHONE);
  try {
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);

    // ---- every kind, drawn and solved, and the page's menus ----------------------------------
    for (const id of ['pentomino-8x8-centre', 'soma', 'frogs', 'snake-3x3x3']) {
      await openPage(page, `${baseUrl}?puzzle=${id}`);
      await fits(page, `${id} opened`);
      await solveToEnd(page);
      await fits(page, `${id} solved`);
      // The tray with a piece selected (and its pin panel), and the gallery.
      await page.getByTestId('piece-tray').locator('[data-piece]').first().tap();
      await fits(page, `${id}: a piece selected`);
      await page.getByTestId('gallery-open').tap();
      await page.locator('[data-testid="gallery"] .gallery-item svg').first().waitFor();
      await fits(page, `${id}: gallery`);
      await page.getByTestId('gallery-close').tap();
    }
    await page.getByTestId('hint').click();
    await fits(page, 'a hint shown');
    await page.getByTestId('file-export').click();
    await fits(page, 'export menu open');
    await page.keyboard.press('Escape');
    await page.getByTestId('share').click();
    await page.getByTestId('share-link').waitFor();
    await fits(page, 'share link shown');

    // ---- the editor, each kind's panel -------------------------------------------------------
    for (const id of ['soma', 'frogs', 'snake-3x3x3', 'pentomino-8x8-centre']) {
      await openPage(page, `${baseUrl}?puzzle=${id}`);
      await page.getByTestId('edit').click();
      await page.getByTestId('editor').waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="editor-status"]')?.dataset.state === 'ok', null, { timeout: 30_000 });
      await fits(page, `editor: ${id}`);
      // Every cell of the editor's grids is a 24 px target at least (WCAG 2.2, 2.5.8).
      const smallest = await page.$$eval('.pw-cell', (cells) => Math.min(...cells.map((c) => Math.min(c.getBoundingClientRect().width, c.getBoundingClientRect().height))));
      if (id !== 'frogs' && id !== 'snake-3x3x3') assert.ok(smallest >= 24, `${id}: editor cells of ${smallest} px`);
      if (id === 'soma') {
        // The editor's 3D preview turns under a finger, and the drawer does not scroll instead.
        const preview = page.locator('.pw-editor-preview canvas');
        await preview.scrollIntoViewIfNeeded();
        const picture = () => preview.evaluate((c) => c.toDataURL());
        const scrolled = () => page.evaluate(() => document.querySelector('.pw-editor-drawer').scrollTop);
        const [before, top] = [await picture(), await scrolled()];
        const [px, py] = await centre(preview);
        await fingerDrag(cdp, [[px - 20, py - 60], [px + 20, py + 60]], 8);
        await page.waitForTimeout(300);
        assert.notEqual(await picture(), before, 'a finger drag turns the editor\'s preview');
        assert.equal(await scrolled(), top, 'and does not scroll the editor');
      }
    }
    for (const kind of ['packing', 'edge-matching', 'snake']) {
      await page.getByTestId('editor-new-kind').selectOption(kind);
      await page.waitForFunction(() => document.querySelector('[data-testid="editor-status"]')?.dataset.state, null, { timeout: 30_000 });
      await fits(page, `editor: new ${kind}`);
    }

    // ---- finger painting: one stroke paints every cell it crosses, one undo step -------------
    await page.getByTestId('editor-new-kind').selectOption('packing');
    for (const [dim, v] of [['w', '6'], ['h', '3']]) {
      await page.getByTestId(`editor-board-${dim}`).fill(v);
      await page.getByTestId(`editor-board-${dim}`).press('Enter');
    }
    const cell = (x, y) => page.locator(`[data-testid="editor-board-cell"][data-x="${x}"][data-y="${y}"]`);
    const row = async (y) => Promise.all([0, 1, 2, 3, 4, 5].map((x) => cell(x, y).getAttribute('data-cell')));
    await page.getByTestId('editor-brush-fill').click();
    // Clear row 1 first (whatever the new board holds), with a stroke that starts on a filled cell.
    if ((await cell(0, 1).getAttribute('data-cell')) !== '#') await cell(0, 1).tap();
    await fingerDrag(cdp, [await centre(cell(0, 1)), await centre(cell(5, 1))]);
    assert.deepEqual(await row(1), ['.', '.', '.', '.', '.', '.'], 'a stroke from a filled cell empties every cell it crosses');
    const scrollBefore = await page.evaluate(() => document.querySelector('.pw-editor-drawer').scrollTop + scrollY);
    // An L stroke: along row 1, then down column 5 to row 2.
    await fingerDrag(cdp, [await centre(cell(0, 1)), await centre(cell(5, 1)), await centre(cell(5, 2))]);
    assert.deepEqual(await row(1), ['#', '#', '#', '#', '#', '#'], 'the stroke filled row 1');
    assert.equal(await cell(5, 2).getAttribute('data-cell'), '#', 'and turned down into row 2');
    assert.equal(await page.evaluate(() => document.querySelector('.pw-editor-drawer').scrollTop + scrollY), scrollBefore, 'painting did not scroll');
    await page.getByTestId('editor-undo').tap();
    assert.deepEqual(await row(1), ['.', '.', '.', '.', '.', '.'], 'one undo takes back the whole stroke');
    assert.equal(await cell(5, 2).getAttribute('data-cell'), '.', 'all of it');
    await page.getByTestId('editor-redo').tap();
    assert.deepEqual(await row(1), ['#', '#', '#', '#', '#', '#'], 'redo puts it back');
    await fits(page, 'editor: painted by finger');
    // The grid does not move under the finger: nothing above it changes height during a stroke
    // ("Saving…" appearing, the solver's verdict), and if something did, the stroke keeps to the
    // grid as it was when the stroke began. Here the verdict line grows by 40 px mid-stroke.
    const gridTop = () => page.getByTestId('editor-board-grid').evaluate((g) => g.getBoundingClientRect().top);
    for (let x = 0; x < 6; x++) if ((await cell(x, 0).getAttribute('data-cell')) === '#') await cell(x, 0).tap();
    assert.deepEqual(await row(0), ['.', '.', '.', '.', '.', '.']);
    const top0 = await gridTop();
    const [sx, sy] = await centre(cell(0, 0));
    const [ex] = await centre(cell(5, 0));
    const touch = (type, x, y) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }] });
    await touch('touchStart', sx, sy);
    await touch('touchMove', (sx + ex) / 2, sy);
    await page.waitForTimeout(600); // the autosave's delay: "Saving…" has appeared
    assert.equal(await gridTop(), top0, 'the grid stays put while a stroke saves');
    await page.getByTestId('editor-status').evaluate((el) => (el.style.paddingBottom = '40px'));
    await touch('touchMove', ex, sy);
    await touch('touchEnd');
    await page.getByTestId('editor-status').evaluate((el) => (el.style.paddingBottom = ''));
    assert.deepEqual(await row(0), ['#', '#', '#', '#', '#', '#'], 'the stroke stayed on row 0');
    assert.deepEqual(await row(1), ['#', '#', '#', '#', '#', '#'], 'row 1 untouched');
    await page.getByTestId('editor-undo').tap();
    // A mouse stroke is the same stroke: two quick moves across six cells empty all of them.
    const [mx0, my0] = await centre(cell(0, 1));
    const [mx1] = await centre(cell(5, 1));
    await page.mouse.move(mx0, my0);
    await page.mouse.down();
    await page.mouse.move(mx1, my0, { steps: 2 });
    await page.mouse.up();
    assert.deepEqual(await row(1), ['.', '.', '.', '.', '.', '.'], 'a quick mouse stroke skips no cell');
    await page.getByTestId('editor-undo').click();
    assert.deepEqual(await row(1), ['#', '#', '#', '#', '#', '#'], 'one undo step per mouse stroke');

    // ---- the 3D view: one finger turns, two pinch, the page stays put ------------------------
    await openPage(page, `${baseUrl}?puzzle=soma`);
    const canvas = page.locator(SHOWN_CANVAS);
    const camera = () => canvas.evaluate((c) => c.dataset.camera.split(' ').map(Number));
    await page.waitForFunction(() => document.querySelector('[data-testid="view"] canvas:not([aria-hidden])')?.dataset.camera);
    // Once the view's worker draws it (its canvas takes the page's place, never under a finger).
    await page.locator('[data-testid="view"] canvas[data-scene="worker"]').waitFor();
    // Scrolled so that the page could scroll both ways: a drag that scrolled it would show.
    await canvas.evaluate((c) => c.scrollIntoView({ block: 'center' }));
    const y0 = await page.evaluate(() => scrollY);
    const pixels = () => canvas.evaluate((c) => c.toDataURL());
    const [az0, polar0, dist0] = await camera();
    const before = await pixels();
    const [cx, cy] = await centre(canvas);
    await fingerDrag(cdp, [[cx - 60, cy - 30], [cx + 60, cy + 30]], 8);
    await page.waitForFunction((az) => Number(document.querySelector('[data-testid="view"] canvas:not([aria-hidden])').dataset.camera.split(' ')[0]) !== az, az0, { timeout: 5000 });
    const [az1, polar1, dist1] = await camera();
    assert.ok(Math.abs(az1 - az0) > 0.2, `a sideways finger drag turns the view (azimuth ${az0} → ${az1})`);
    assert.ok(Math.abs(polar1 - polar0) > 0.05, `a downward drag tilts it (polar ${polar0} → ${polar1})`);
    assert.ok(Math.abs(dist1 - dist0) < 0.01, 'one finger does not zoom');
    assert.notEqual(await pixels(), before, 'the picture changed');
    assert.equal(await page.evaluate(() => scrollY), y0, 'turning did not scroll the page');
    await pinch(cdp, cx, cy, 60, 220);
    await page.waitForFunction((d) => Number(document.querySelector('[data-testid="view"] canvas:not([aria-hidden])').dataset.camera.split(' ')[2]) < d * 0.9, dist1, { timeout: 5000 });
    const dist2 = (await camera())[2];
    await pinch(cdp, cx, cy, 220, 60);
    await page.waitForFunction((d) => Number(document.querySelector('[data-testid="view"] canvas:not([aria-hidden])').dataset.camera.split(' ')[2]) > d * 1.1, dist2, { timeout: 5000 });
    const dist3 = (await camera())[2];
    assert.equal(await page.evaluate(() => scrollY), y0, 'pinching did not scroll (or zoom) the page');
    console.log(`        3D touch: azimuth ${az0.toFixed(2)} → ${az1.toFixed(2)}, distance ${dist1.toFixed(1)} → pinch out ${dist2.toFixed(1)} → pinch in ${dist3.toFixed(1)}`);
    // The snake's view is the same kind of view: a finger turns it too.
    await openPage(page, `${baseUrl}?puzzle=snake-3x3x3`);
    await page.waitForFunction(() => document.querySelector('[data-testid="view"] canvas:not([aria-hidden])')?.dataset.camera);
    await page.locator('[data-testid="view"] canvas[data-scene="worker"]').waitFor();
    await canvas.evaluate((c) => c.scrollIntoView({ block: 'center' }));
    const snakeAz = (await camera())[0];
    const [nx, ny] = await centre(canvas);
    await fingerDrag(cdp, [[nx - 60, ny], [nx + 60, ny]], 8);
    await page.waitForFunction((az) => Number(document.querySelector('[data-testid="view"] canvas:not([aria-hidden])').dataset.camera.split(' ')[0]) !== az, snakeAz, { timeout: 5000 });
    assert.ok(Math.abs((await camera())[0] - snakeAz) > 0.2, 'a finger turns the snake');

    // ---- My puzzles (rename form) and a BurrTools import's picker and notes -----------------
    await dropFile(page, data('soma-two-problems.xmpuzzle'));
    await page.getByTestId('problem-dialog').waitFor();
    await fits(page, 'BurrTools problem picker');
    await page.getByTestId('problem-open').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="import-notes"]:not([hidden])')?.textContent.includes('soma-two-problems'), null, { timeout: 30_000 });
    await page.getByTestId('mine-rename').waitFor();
    await fits(page, 'import notes, one of My puzzles');
    await page.getByTestId('mine-rename').click();
    await fits(page, 'My puzzles: rename form');
    await page.getByTestId('mine-name').fill('A name long enough to wrap on a phone screen, surely');
    await page.getByTestId('mine-name').press('Enter');
    await page.getByTestId('mine-rename').waitFor();
    await fits(page, 'My puzzles: a long name in the menu');
    await dropFile(page, data('rhombic-stray-voxels.xmpuzzle'));
    await page.locator('[data-testid="file-message"]:not([hidden])').waitFor();
    await fits(page, 'a refused file');

    // The smallest phones still in use, 320 px wide: the widest states once more.
    await page.setViewportSize({ width: 320, height: 640 });
    await fits(page, '320 px: a refused file');
    for (const id of ['frogs', 'soma', 'snake-3x3x3']) {
      await openPage(page, `${baseUrl}?puzzle=${id}`);
      await solveToEnd(page);
      await fits(page, `320 px: ${id} solved`);
      await page.getByTestId('edit').click();
      await page.getByTestId('editor-from-page').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="editor-status"]')?.dataset.state === 'ok', null, { timeout: 30_000 });
      await fits(page, `320 px: editor: ${id}`);
      await page.getByTestId('editor-close').click();
    }
    // A phone turned sideways.
    await page.setViewportSize({ width: 844, height: 390 });
    await openPage(page, `${baseUrl}?puzzle=pentomino-8x8-centre`);
    await solveToEnd(page);
    await fits(page, 'landscape 844×390: pentominoes solved');
    await page.getByTestId('edit').click();
    await page.getByTestId('editor-from-page').click();
    await fits(page, 'landscape 844×390: editor');
    assert.deepEqual(misfits, [], `does not fit:\n${misfits.join('\n')}`);
    console.log(`        fits 390 px (and 320 px, and landscape): ${checked.length} states`);
  } finally {
    await ctx.close();
  }
}
