// My puzzles: puzzles imported and edited are kept in the browser, and those opened from links
// when the user presses Keep; listed in the puzzle menu's "My puzzles" group, renamed and
// deleted (with undo); they survive a reload,
// reopen from the address, reach other tabs, work offline; the editor's work survives a tab
// closed mid-edit; a damaged record is reported and left alone.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { serveStatic } from './offline-static-server.mjs';
import { data, dropFile, myPuzzles, openPage, solveAll, waitForAsync, SHOWN_CANVAS } from './page-helpers.mjs';

export const name = 'My puzzles';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const listed = (page, label) => page.waitForFunction((label) =>
  [...(document.querySelector('optgroup[label="My puzzles"]')?.children ?? [])].some((o) => o.textContent === label), label, { timeout: 30_000 });

export default async function run({ baseUrl, browser }) {
  const ctx = await browser.newContext();
  try {
    const page = await ctx.newPage();
    await openPage(page, `${baseUrl}?puzzle=soma`);
    assert.deepEqual(await myPuzzles(page), [], 'a new browser keeps nothing');

    // Imported: kept at once, selected, and in the address.
    await dropFile(page, data('pentominoes-3x20-flat.xmpuzzle'));
    await listed(page, 'Pentominoes 3x20');
    assert.match(await page.getByTestId('puzzle-select').evaluate((s) => s.value), /^mine:/);
    assert.match(page.url(), /[?&]my=/);
    assert.ok(await page.getByTestId('mine-rename').isVisible(), 'Rename for one of My puzzles');

    // Survives a reload, which reopens it from the address.
    await page.reload();
    await page.waitForFunction(() => window.piecewise.currentSource().mineId !== null, null, { timeout: 30_000 });
    assert.deepEqual(await myPuzzles(page), ['Pentominoes 3x20']);
    assert.deepEqual(await solveAll(page), ['8', '2']);

    // Rename, with the keyboard.
    await page.getByTestId('mine-rename').click();
    await page.getByTestId('mine-name').fill('Long thin box');
    await page.getByTestId('mine-name').press('Enter');
    await listed(page, 'Long thin box');
    assert.equal(await page.getByTestId('puzzle-select').evaluate((s) => s.selectedOptions[0].textContent), 'Long thin box');

    // A share link: opened, and kept only when asked (Keep); opened again, it is the one kept.
    await page.goto(`${baseUrl}?puzzle=pentomino-6x10`);
    await page.getByTestId('share').click();
    const link = await page.getByTestId('share-link').inputValue();
    await page.goto('about:blank');
    await page.goto(link);
    await page.getByTestId('mine-keep').waitFor({ timeout: 30_000 });
    assert.deepEqual(await myPuzzles(page), ['Long thin box'], 'a link is not kept unasked');
    await page.getByTestId('mine-keep').click();
    await listed(page, 'Pentominoes 6x10');
    // Keep goes once kept (the menu may gain the puzzle a moment before the write resolves).
    await page.getByTestId('mine-keep').waitFor({ state: 'hidden', timeout: 10_000 });
    await page.goto('about:blank');
    await page.goto(link);
    await page.waitForFunction(() => window.piecewise.currentSource().mineId !== null, null, { timeout: 30_000 });
    assert.ok(await page.getByTestId('mine-keep').isHidden(), 'a link to a puzzle kept is that puzzle');
    assert.deepEqual((await myPuzzles(page)).sort(), ['Long thin box', 'Pentominoes 6x10']);

    // Another tab hears of changes at once; deleting there shows here, Undo brings it back.
    const other = await ctx.newPage();
    await openPage(other, `${baseUrl}?puzzle=soma`);
    await listed(other, 'Long thin box');
    await other.getByTestId('puzzle-select').selectOption({ label: 'Long thin box' });
    await other.waitForFunction(() => window.piecewise.currentSource().mineId !== null);
    await other.getByTestId('mine-delete').click();
    await other.getByTestId('mine-undo').waitFor();
    await page.waitForFunction(() => ![...document.querySelectorAll('optgroup[label="My puzzles"] option')].some((o) => o.textContent === 'Long thin box'), null, { timeout: 10_000 });
    assert.ok(await other.getByTestId('mine-delete').isHidden(), 'the puzzle stays on the page, no longer kept');
    await other.getByTestId('mine-undo').click();
    await listed(page, 'Long thin box');
    await other.close();

    // The editor saves as you type: a tab closed right after an edit loses nothing.
    await openPage(page, `${baseUrl}?puzzle=soma`);
    await page.getByTestId('edit').click();
    await page.getByTestId('editor-new-kind').selectOption('snake');
    await page.getByTestId('editor-name').fill('Closed too soon');
    await page.getByTestId('editor-name').press('End');
    await page.keyboard.type('!');
    await page.close({ runBeforeUnload: false });
    const again = await ctx.newPage();
    await openPage(again, `${baseUrl}?puzzle=soma`);
    await listed(again, 'Closed too soon!');
    await again.getByTestId('puzzle-select').selectOption({ label: 'Closed too soon!' });
    await again.waitForFunction(() => window.piecewise.currentPuzzleText().includes('"Closed too soon!"'));

    // Editing one of My puzzles saves into it (no second copy), and Solve shows the edit.
    await again.getByTestId('edit').click();
    await again.getByTestId('editor-from-page').click();
    await again.getByTestId('editor-name').fill('Renamed in the editor');
    await again.waitForFunction(() => document.querySelector('[data-testid="editor-saved"]').dataset.state === 'saved', null, { timeout: 10_000 });
    await listed(again, 'Renamed in the editor');
    // The menu is rebuilt from the store after each save; give the last rebuild time to land.
    await again.waitForFunction(() => ![...document.querySelectorAll('[data-testid="puzzle-select"] optgroup[label="My puzzles"] option')].some((o) => o.textContent === 'Closed too soon!'), null, { timeout: 10_000 }).catch(() => {});
    assert.ok(!(await myPuzzles(again)).includes('Closed too soon!'), `saved in place: ${await myPuzzles(again)}`);

    // A damaged record: reported, left out, left alone.
    await again.evaluate(() => new Promise((resolve, reject) => {
      const req = indexedDB.open('piecewise', 2);
      req.onsuccess = () => {
        const tx = req.result.transaction('summaries', 'readwrite');
        tx.objectStore('summaries').put({ id: 'broken', text: 42 });
        tx.oncomplete = resolve;
        tx.onerror = reject;
      };
    }));
    await again.reload();
    await again.locator('[data-testid="mine-message"]:not([hidden])').waitFor({ timeout: 10_000 });
    assert.match(await again.getByTestId('mine-message').textContent(), /1 saved puzzle is damaged/);
    assert.equal((await myPuzzles(again)).length, 3);
  } finally {
    await ctx.close();
  }

  // Offline: a puzzle kept while online opens and solves with the network gone.
  const server = await serveStatic(dist, '/mine/');
  const offline = await browser.newContext();
  try {
    const page = await offline.newPage();
    await page.goto(`${server.url}?puzzle=soma`);
    await waitForAsync(page, async () => {
      await navigator.serviceWorker.ready;
      return !!navigator.serviceWorker.controller;
    }, null, 'a service worker controls the page');
    await dropFile(page, data('soma-two-problems.xmpuzzle'));
    await page.getByTestId('problem-open').click();
    await listed(page, 'soma-two-problems: Cube');
    await offline.setOffline(true);
    await server.close();
    await page.goto(`${server.url}?puzzle=frogs`);
    await listed(page, 'soma-two-problems: Cube');
    await page.getByTestId('puzzle-select').selectOption({ label: 'soma-two-problems: Cube' });
    await page.locator(SHOWN_CANVAS).waitFor({ timeout: 30_000 });
    assert.deepEqual(await solveAll(page), ['11520', '240']);
  } finally {
    await offline.close();
    await server.close().catch(() => {});
  }
}
