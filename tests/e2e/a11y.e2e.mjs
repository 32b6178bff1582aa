// Accessibility: axe-core (injected into the page) finds no serious or critical violation in any
// state a user reaches (the start page; each kind drawn, solved and hinted; the 3D views; the export
// menu and the share link; the editor with each kind's panel; a BurrTools file's problem picker and
// import notes; My puzzles' rename form), and the keyboard reaches every visible enabled control with
// Tab, each showing where the focus is; the editor's grids are painted from the keyboard.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { data, dropFile, openPage, SHOWN_CANVAS } from './page-helpers.mjs';

export const name = 'accessibility (axe-core, keyboard)';

const axeSource = readFileSync(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

/** axe's serious and critical violations on the page as it is now, one line each. */
async function axeViolations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(', ')}${v.nodes.length > 4 ? ` and ${v.nodes.length - 4} more` : ''}`);
  });
}

/** Every visible, enabled control that a user could operate. */
function operable() {
  const sel = 'button, select, input:not([type=hidden]), textarea, a[href], summary, [tabindex]:not([tabindex="-1"]), canvas[tabindex]';
  return [...document.querySelectorAll(sel)].filter((el) => {
    if (el.disabled || el.closest('[inert]') || el.closest('.pw-visually-hidden')) return false;
    // A composite widget (the editor's grids) is one Tab stop; arrow keys move within it.
    if (el.tabIndex < 0 && el.parentElement.closest('[role=group], [role=grid], [role=toolbar]')?.querySelector('[tabindex="0"]')) return false;
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
    const r = el.getBoundingClientRect();
    return r.width > 1 && r.height > 1;
  });
}

/**
 * Presses Tab until the focus comes round again; returns the controls of `operable()` never
 * reached, and those reached without a visible focus indicator (an outline or a box shadow).
 */
async function tabRound(page, limit = 400) {
  await page.evaluate(() => {
    window.__reached = new Set();
    window.__unseen = [];
    document.activeElement?.blur();
  });
  const describe = (el) => `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''}${el.getAttribute('aria-label') ? ` "${el.getAttribute('aria-label')}"` : el.textContent.trim() ? ` "${el.textContent.trim().slice(0, 30)}"` : ''}`;
  let first = null;
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate((describeSrc) => {
      const describe = eval(describeSrc);
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      if (window.__reached.has(el)) return 'again';
      window.__reached.add(el);
      const s = getComputedStyle(el);
      const outlined = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1;
      if (!outlined && s.boxShadow === 'none') window.__unseen.push(describe(el));
      return describe(el);
    }, describe.toString());
    if (id === 'again') break;
    if (id && !first) first = id;
  }
  return page.evaluate(([operableSrc, describeSrc]) => {
    const operable = eval(`(${operableSrc})`);
    const describe = eval(describeSrc);
    const missed = operable().filter((el) => !window.__reached.has(el)).map(describe);
    return { reached: window.__reached.size, missed, unseen: window.__unseen };
  }, [operable.toString(), describe.toString()]);
}

export default async function run({ baseUrl, browser }) {
  // axe is injected as a script; the page's Content-Security-Policy would refuse it.
  const ctx = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 800 } });
  const found = [];
  const states = [];
  const check = async (page, state) => {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    for (const v of await axeViolations(page)) found.push(`${state}: ${v}`);
    states.push(state);
  };
  const solved = (page) =>
    page.waitForFunction(() => ['done', 'error', 'cancelled'].includes(document.body.dataset.status), null, { timeout: 120_000, polling: 50 });
  const editorReady = (page) =>
    page.waitForFunction(() => document.querySelector('[data-testid="editor-status"]')?.dataset.state, null, { timeout: 30_000 });
  try {
    const page = await ctx.newPage();

    // ---- axe in every state ------------------------------------------------------------------
    await openPage(page, baseUrl);
    await check(page, 'start');
    for (const id of ['pentomino-8x8-centre', 'soma', 'frogs', 'snake-3x3x3']) {
      await openPage(page, `${baseUrl}?puzzle=${id}`);
      await check(page, `${id} opened`);
      await page.getByTestId('solve').click();
      await solved(page);
      await check(page, `${id} solved`);
    }
    await page.getByTestId('hint').click();
    await check(page, 'snake hinted');
    await openPage(page, `${baseUrl}?puzzle=pentomino-8x8-centre`);
    await page.evaluate(() => {
      window.__heard = [];
      const region = document.querySelector('[data-testid="run-announcement"]');
      new MutationObserver(() => window.__heard.push(region.textContent)).observe(region, { childList: true, characterData: true, subtree: true });
    });
    await page.getByTestId('solve').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="view"]')?.dataset.solution === '1', null, { timeout: 30_000 });
    await check(page, 'pentominoes solving');
    await solved(page);
    // A screen reader hears the run's start and its end with the counts, not every tick of the counters.
    const raw = await page.getByTestId('solutions-found').textContent();
    const unique = await page.getByTestId('unique-found').textContent();
    const heard = await page.evaluate(() => window.__heard);
    assert.equal(heard.length, 2, `announced: ${heard.join(' | ')}`);
    assert.equal(heard[0], 'Solving…');
    assert.match(heard[1], new RegExp(`^Done: ${raw} solutions, ${unique} unique, in [0-9.]+ s\\.$`));
    assert.equal(await page.getByTestId('solutions-found').evaluate((el) => el.closest('[aria-live]:not([aria-live="off"]), [role=status], [role=log]')), null, 'the counters are not a live region');
    await page.getByTestId('hint').click();
    await check(page, 'pentominoes hinted');
    await page.getByTestId('piece-tray').locator('[data-piece="X"]').click();
    await check(page, 'a piece selected, pin panel shown');
    // The system's dark setting: the page's own colours turn, and still read.
    await page.emulateMedia({ colorScheme: 'dark' });
    await check(page, 'dark theme');
    await page.screenshot({ path: new URL('../../test-results/dark-theme.png', import.meta.url).pathname });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByTestId('gallery-open').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="gallery"] .gallery-item svg'));
    await check(page, 'gallery open');
    await page.keyboard.press('Escape');
    await page.getByTestId('file-export').click();
    await check(page, 'export menu open');
    await page.keyboard.press('Escape');
    await page.getByTestId('share').click();
    await page.getByTestId('share-link').waitFor();
    await check(page, 'share link shown');
    await page.getByTestId('edit').click();
    await editorReady(page);
    await check(page, 'editor: pentominoes');
    for (const kind of ['edge-matching', 'snake', 'packing']) {
      await page.getByTestId('editor-new-kind').selectOption(kind);
      await editorReady(page);
      await check(page, `editor: new ${kind}`);
    }
    await page.getByTestId('editor-grid').selectOption('cube');
    await editorReady(page);
    await check(page, 'editor: new 3D packing');
    await openPage(page, `${baseUrl}?puzzle=pentomino-8x8-centre`);
    await dropFile(page, data('soma-two-problems.xmpuzzle'));
    await page.getByTestId('problem-dialog').waitFor();
    await check(page, 'BurrTools problem picker');
    await page.getByTestId('problem-open').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="import-notes"]:not([hidden])')?.textContent.includes('soma-two-problems'), null, { timeout: 30_000 });
    await page.getByTestId('mine-rename').waitFor();
    await check(page, 'import notes, one of My puzzles');
    await page.getByTestId('mine-rename').click();
    await check(page, 'My puzzles: rename form');
    await page.getByTestId('mine-rename-cancel').click();
    await dropFile(page, data('rhombic-stray-voxels.xmpuzzle'));
    await page.getByTestId('file-message').waitFor();
    await check(page, 'a refused file');
    // A phone's width (touch targets, wrapped toolbars).
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, `${baseUrl}?puzzle=soma`);
    await page.getByTestId('solve').click();
    await solved(page);
    await check(page, '390 px: soma solved');
    await page.getByTestId('edit').click();
    await editorReady(page);
    await check(page, '390 px: editor');
    await page.getByTestId('editor-new-kind').selectOption('edge-matching');
    await editorReady(page);
    await check(page, '390 px: editor, edge matching (tiles on two lines)');
    await page.setViewportSize({ width: 1280, height: 800 });
    assert.deepEqual(found, [], `axe-core, serious or critical:\n${found.join('\n')}`);
    console.log(`        axe-core: no serious or critical violation in ${states.length} states`);

    // ---- the keyboard reaches every control, and shows where it is ---------------------------
    const rounds = [];
    const round = async (state) => {
      const r = await tabRound(page);
      assert.deepEqual(r.missed, [], `${state}: not reached with Tab`);
      assert.deepEqual(r.unseen, [], `${state}: focus not visible`);
      rounds.push(`${state} ${r.reached}`);
    };
    await openPage(page, `${baseUrl}?puzzle=pentomino-8x8-centre`);
    await round('start');
    await page.getByTestId('solve').click();
    await solved(page);
    await round('solved 2D');
    await openPage(page, `${baseUrl}?puzzle=soma`);
    await page.getByTestId('solve').click();
    await solved(page);
    // The view's canvas as it stays: the worker's, once it has taken over from the page's.
    await page.locator('[data-testid="view"] canvas[data-scene="worker"]').waitFor({ timeout: 10_000 });
    await round('solved 3D');
    // The 3D view turns from the keyboard.
    await page.locator(SHOWN_CANVAS).focus();
    const cam = () => page.locator(SHOWN_CANVAS).getAttribute('data-camera');
    const cam0 = await cam();
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction((c) => document.querySelector('[data-testid="view"] canvas:not([aria-hidden])').dataset.camera !== c, cam0);
    assert.equal(await page.getByTestId('solution-index').textContent(), '1', 'arrow keys on the 3D view turn it, not the solutions');
    await page.getByTestId('share').click();
    await round('share link shown');
    await page.getByTestId('file-export').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('file-export-json').waitFor();
    await round('export menu open');
    await page.keyboard.press('Escape');

    // The editor opens with the focus in it; Escape closes it and gives the focus back.
    const active = () => page.evaluate(() => document.activeElement?.dataset.testid ?? document.activeElement?.tagName);
    await page.getByTestId('edit').focus();
    await page.keyboard.press('Enter');
    assert.ok(await page.evaluate(() => document.querySelector('.pw-editor-drawer').contains(document.activeElement)), 'Edit puts the focus in the editor');
    await page.keyboard.press('Escape');
    assert.ok(await page.getByTestId('editor').isHidden(), 'Escape closes the editor');
    assert.equal(await active(), 'edit', 'and the focus goes back to Edit');

    // The editor: every control reached; the grid is painted with the keyboard.
    await page.getByTestId('edit').click();
    await page.getByTestId('editor-new-kind').selectOption('packing');
    await editorReady(page);
    await round('editor: packing');
    // A grid is one Tab stop: arrow keys move, Space paints and keeps the focus where it was.
    const cell = (x, y) => page.locator(`[data-testid="editor-board-cell"][data-x="${x}"][data-y="${y}"]`);
    const focused = () => page.evaluate(() => { const a = document.activeElement; return `${a.dataset.testid}@${a.dataset.x},${a.dataset.y}`; });
    await page.getByTestId('editor-brush-fill').focus();
    await page.keyboard.press('Enter');
    const boardCells = await page.getByTestId('editor-board-grid').locator('.pw-cell').count();
    await page.getByTestId('editor-board-h').focus();
    await page.keyboard.press('Tab');
    assert.equal(await focused(), 'editor-board-cell@0,0', 'Tab from the board\'s size enters the board at its first cell');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    assert.equal(await focused(), 'editor-board-cell@1,1', 'arrow keys move within the grid');
    const before = await cell(1, 1).getAttribute('data-cell');
    await page.keyboard.press('Space');
    assert.notEqual(await cell(1, 1).getAttribute('data-cell'), before, 'Space paints the focused cell');
    assert.equal(await focused(), 'editor-board-cell@1,1', 'and the focus stays on it');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await focused(), 'editor-board-cell@0,1');
    assert.equal(await page.getByTestId('solution-index').textContent(), '1', 'arrow keys in the grid do not step the solutions behind');
    await page.keyboard.press('Tab');
    assert.notEqual((await focused()).split('@')[0], 'editor-board-cell', `one Tab leaves the board's ${boardCells} cells`);
    await page.keyboard.press('Shift+Tab');
    assert.equal(await focused(), 'editor-board-cell@0,1', 'Shift+Tab comes back to the cell last visited');
    for (const kind of ['edge-matching', 'snake']) {
      await page.getByTestId('editor-new-kind').selectOption(kind);
      await editorReady(page);
      await round(`editor: ${kind}`);
    }
    console.log(`        Tab reaches every control (controls per state: ${rounds.join(', ')})`);
  } finally {
    await ctx.close();
  }
}
