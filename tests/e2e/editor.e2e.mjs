// The editor end to end: paint a 3x2 board with a domino and an L tetromino (counted by hand:
// the L fits the 3x2 box in its 4 flat orientations and each leaves one domino slot, so 4
// solutions, 1 unique under the rectangle's 4 symmetries), check undo/redo, export the file and
// count it with the native CLI, then solve it on the page.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const name = 'editor';

const cli = new URL('../../build/native/piecewise', import.meta.url).pathname;

export default async function run({ baseUrl, browser }) {
  const ctx = await browser.newContext({ acceptDownloads: true });
  const page = await ctx.newPage();
  await page.goto(baseUrl);
  await page.getByTestId('edit').click();
  await page.getByTestId('editor-new-kind').selectOption('packing');
  await page.getByTestId('editor-name').fill('Domino and L <b>');

  const cell = (id, x, y) => page.locator(`[data-testid="editor-${id}-cell"][data-x="${x}"][data-y="${y}"]`);
  // Board: crop to one row, grow back (empty second row), paint the second row.
  await page.getByTestId('editor-board-h').fill('1');
  await page.getByTestId('editor-board-h').press('Enter');
  await page.getByTestId('editor-board-h').fill('2');
  await page.getByTestId('editor-board-h').press('Enter');
  assert.equal(await cell('board', 1, 1).getAttribute('data-cell'), '.');
  await page.getByTestId('editor-brush-fill').click();
  for (const x of [0, 1, 2]) await cell('board', x, 1).click();
  // Pieces: keep the domino, replace the second with an L drawn cell by cell.
  await page.getByTestId('editor-piece-1-remove').click();
  await page.getByTestId('editor-add-piece').click();
  for (const [dim, v] of [['w', '3'], ['h', '2']]) {
    await page.getByTestId(`editor-piece-1-${dim}`).fill(v);
    await page.getByTestId(`editor-piece-1-${dim}`).press('Enter');
  }
  for (const [x, y] of [[1, 0], [2, 0], [0, 1]]) await cell('piece-1', x, y).click();
  await page.getByTestId('editor-piece-1-name').fill('L');

  // Undo / redo, buttons and keys.
  await page.getByTestId('editor-undo').click();
  await page.getByTestId('editor-undo').click();
  assert.equal(await cell('piece-1', 0, 1).getAttribute('data-cell'), '.');
  await page.getByTestId('editor-redo').click();
  await page.keyboard.press('Control+Shift+Z');
  assert.equal(await cell('piece-1', 0, 1).getAttribute('data-cell'), '#');
  await page.getByTestId('editor-piece-1-name').focus();
  await page.keyboard.press('Control+Z');
  await page.keyboard.press('Control+Shift+Z');
  assert.equal(await page.getByTestId('editor-piece-1-name').inputValue(), 'L');

  await page.waitForFunction(() => document.querySelector('[data-testid="editor-status"]')?.dataset.state === 'ok', null, { timeout: 30_000 });

  // Export, then the native CLI reads the very same file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('editor-export').click()]);
  assert.equal(download.suggestedFilename(), 'domino-and-l-b.puzzle.json');
  const file = join(mkdtempSync(join(tmpdir(), 'pw-editor-')), download.suggestedFilename());
  await download.saveAs(file);
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  assert.deepEqual(doc.board, { shape: ['###', '###'] });
  assert.deepEqual(doc.pieces, [{ name: 'D', shape: ['##'] }, { name: 'L', shape: ['###', '#..'] }]);
  assert.equal(doc.name, 'Domino and L <b>');
  if (existsSync(cli)) {
    const out = JSON.parse(execFileSync(cli, ['count', file], { encoding: 'utf8' }));
    assert.equal(out.solutions, 4);
    assert.equal(out.unique, 1);
  } else {
    console.log(`  (skipped the CLI check: ${cli} is not built)`);
  }

  // Importing reads bytes as the solver does: ill-formed UTF-8 or anything after the document
  // is refused with the command line's message, never decoded into U+FFFD and opened.
  const good = readFileSync(file);
  const at = good.indexOf('Domino') + 1;
  const broken = [
    ['bad-byte.puzzle.json', Buffer.concat([good.subarray(0, at), Buffer.from([0xff]), good.subarray(at + 1)])],
    ['trailing.puzzle.json', Buffer.concat([good, Buffer.from([0]), Buffer.from('garbage{')])],
  ];
  for (const [fileName, buffer] of broken) {
    const status = page.getByTestId('editor-status');
    const before = await status.textContent();
    await page.getByTestId('editor-import').setInputFiles({ name: fileName, mimeType: 'application/json', buffer });
    await page.waitForFunction((prev) => {
      const el = document.querySelector('[data-testid="editor-status"]');
      return el?.dataset.state === 'error' && el.textContent !== prev;
    }, before, { timeout: 30_000 });
    const shown = await status.textContent();
    // The message names the file, then says what the command line says.
    assert.ok(shown.startsWith(`${fileName}: `), shown);
    const reason = shown.slice(fileName.length + 2);
    assert.match(reason, /^invalid (UTF-8|JSON) at line \d+, column \d+ \(byte offset \d+\): /, fileName);
    if (existsSync(cli)) {
      const copy = join(dirname(file), fileName);
      writeFileSync(copy, buffer);
      const r = spawnSync(cli, ['validate', copy], { encoding: 'utf8' });
      assert.equal(reason, r.stderr.replace(/^piecewise: /, '').trim(), fileName);
    }
    assert.equal(await page.getByTestId('editor-name').inputValue(), 'Domino and L <b>', 'the open document is kept');
  }
  // What the solver accepts but cannot solve is explained before Solve, next to the field to
  // change: 15 piece cells for 6 board cells, a piece that fits nowhere.
  const unsolvable = { format: 'piecewise/1', name: 'Too many cells', kind: 'packing', board: { shape: ['#####', '#....', '.....'] },
    pieces: [{ name: 'A', shape: ['#####', '#####', '#####'] }] };
  await page.getByTestId('editor-import').setInputFiles({ name: 'unsolvable.puzzle.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(unsolvable)) });
  await page.waitForFunction(() => document.querySelector('[data-testid="editor-status"]')?.dataset.state === 'warn', null, { timeout: 30_000 });
  assert.match(await page.getByTestId('editor-status').textContent(), /^Cannot be solved: see below\.$/);
  assert.match(await page.getByTestId('editor-board-explain').textContent(), /the pieces cover 15 cells, but the board has only 6 cells to fill: 9 too many/i);
  assert.ok(await page.getByTestId('editor-board-explain').isVisible());
  assert.equal(await page.getByTestId('editor-piece-0-explain').textContent(), 'A fits nowhere on the board, however it is turned, so the puzzle has no solution.');
  // On the hexagon grid too (its turns by 60° are the solver's): three hexagons around a corner
  // fit nowhere in a row of four, though the cells add up.
  const hexagons = { format: 'piecewise/1', name: 'Corner in a row', kind: 'packing', grid: 'hexagon', board: { cells: [[0, 0], [1, 0], [2, 0], [3, 0]] },
    pieces: [{ name: 'V', cells: [[0, 0], [1, 0], [0, 1]] }, { name: 'o', cells: [[0, 0]] }] };
  await page.getByTestId('editor-import').setInputFiles({ name: 'hexagons.puzzle.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(hexagons)) });
  await page.waitForFunction(() => document.querySelector('[data-testid="editor-piece-0-explain"]')?.textContent.startsWith('V '), null, { timeout: 30_000 });
  assert.equal(await page.getByTestId('editor-status').getAttribute('data-state'), 'warn');
  assert.equal(await page.getByTestId('editor-piece-0-explain').textContent(), 'V fits nowhere on the board, however it is turned, so the puzzle has no solution.');
  assert.ok(await page.getByTestId('editor-piece-1-explain').isHidden());
  // A byte order mark is fine, as it is natively.
  await page.getByTestId('editor-import').setInputFiles({ name: 'bom.puzzle.json', mimeType: 'application/json', buffer: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), good]) });
  await page.waitForFunction(() => document.querySelector('[data-testid="editor-status"]')?.dataset.state === 'ok', null, { timeout: 30_000 });

  // Solve from the editor: the page takes the document and runs it.
  await page.getByTestId('editor-solve').click();
  await page.locator('body[data-status="done"]').waitFor({ timeout: 60_000 });
  assert.equal(await page.getByTestId('solutions-found').textContent(), '4');
  assert.equal(await page.getByTestId('unique-found').textContent(), '1');
  await ctx.close();
}
