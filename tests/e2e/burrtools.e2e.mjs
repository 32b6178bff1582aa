// BurrTools files in the page: dropped and imported (decided by content, whatever the name),
// several problems picked from, refusals and notes shown, solved to the counts burrTxt gives
// (HexSticks, on BurrTools' rhombic grid, too); a packing puzzle exported to .xmpuzzle (gzip,
// read back with the same counts) and the reason shown when BurrTools cannot hold the puzzle.
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { data, downloaded, dropFile, openPage, solveAll, SHOWN_CANVAS } from './page-helpers.mjs';

export const name = 'BurrTools files in the page';

export default async function run({ baseUrl, browser }) {
  const ctx = await browser.newContext({ acceptDownloads: true });
  try {
    const page = await ctx.newPage();
    await openPage(page, `${baseUrl}?puzzle=pentomino-8x8-centre`);

    // Dropped, two problems: the picker lists both; the second is solved as burrTxt counts it.
    await dropFile(page, data('soma-two-problems.xmpuzzle'));
    const dialog = page.getByTestId('problem-dialog');
    await dialog.waitFor();
    assert.match(await dialog.textContent(), /problem 1 "Cube".*7 pieces.*problem 2 "Slab of V and L".*10 pieces/s);
    assert.ok(await page.getByTestId('problem-option-1').isChecked(), 'the first problem is chosen by default');
    await page.getByTestId('problem-option-2').check();
    await page.getByTestId('problem-open').click();
    await page.locator(SHOWN_CANVAS).waitFor({ timeout: 30_000 });
    assert.match(await page.getByTestId('import-notes').textContent(), /Imported from the BurrTools file soma-two-problems\.xmpuzzle\..*see More notes above/s);
    // The notes are listed once, collapsed under the description (Solve stays in sight).
    const more = page.getByTestId('description-more');
    assert.equal(await more.getAttribute('open'), null, 'collapsed');
    assert.match(await more.textContent(), /Imported from the BurrTools file soma-two-problems.*its solutions are the assemblies that come apart/s);
    assert.ok(!(await page.getByTestId('description').textContent()).includes('come apart'), 'not in the description line as well');
    assert.ok(!(await page.getByTestId('import-notes').textContent()).includes('come apart'), 'nor in the import box');
    // A solid puzzle: its runs take apart. burrTxt -d: 57 assemblies, all of which come apart.
    assert.deepEqual(await solveAll(page), ['784', '57']);
    assert.equal(await page.getByTestId('apart-found').textContent(), '57');

    // Cancelling the picker leaves the page as it was.
    await dropFile(page, data('soma-two-problems.xmpuzzle'));
    await page.getByTestId('problem-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('solutions-found').textContent(), '784', 'nothing changed');

    // Import…, a file named like JSON: read by content. A flat puzzle becomes 2D with flips.
    await page.getByTestId('file-import-input').setInputFiles({ name: 'renamed.json', mimeType: 'application/json', buffer: (await import('node:fs')).readFileSync(data('pentominoes-3x20-flat.xmpuzzle')) });
    await page.locator('[data-testid="view"] svg').waitFor({ timeout: 30_000 });
    assert.deepEqual(await solveAll(page), ['8', '2']);

    // Plain XML, variable voxels, colours and disassembly data: every ignored setting named
    // (the colours, the dominoes' group and weight are kept).
    await dropFile(page, data('frame-with-holes.xmpuzzle'));
    // The previous import's notes are still shown until this file's replace them.
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="import-notes"]:not([hidden])');
      return el?.textContent.includes('frame-with-holes');
    }, null, { timeout: 30_000 });
    await page.waitForFunction(() => document.querySelector('[data-testid="description-more"]')?.textContent.includes('frame-with-holes'));
    const notes = await page.getByTestId('description-more').textContent();
    for (const n of ['maxHoles=4 ignored', 'stored solutions', 'the piece groups of S2 (Corner)']) assert.ok(notes.includes(n), `note "${n}" in: ${notes}`);
    assert.deepEqual(await solveAll(page), ['1923', '273']);

    // Voxels that are none of the rhombic grid's tetrahedra: refused in one line naming one; the
    // page keeps its puzzle.
    await dropFile(page, data('rhombic-stray-voxels.xmpuzzle'));
    await page.locator('[data-testid="file-message"]:not([hidden])').waitFor();
    assert.match(await page.getByTestId('file-message').textContent(), /^rhombic-stray-voxels\.xmpuzzle: .*its voxel \(1, 0, 0\) is not one of the 24 tetrahedra/);
    assert.equal(await page.getByTestId('solutions-found').textContent(), '1923');

    // HexSticks: sticks of BurrTools' tetrahedra, drawn in 3D, 33 assemblies as BurrTools saved;
    // exported again on the rhombic grid.
    await dropFile(page, data('HexSticks.xmpuzzle'));
    await page.waitForFunction(() => globalThis.piecewise.currentDescription()?.grid === 'rhombic-tetrahedron', null, { timeout: 30_000 });
    await page.locator(SHOWN_CANVAS).waitFor({ timeout: 30_000 });
    assert.match(await page.getByTestId('description-more').textContent(), /the voxels are BurrTools' tetrahedra/);
    assert.deepEqual(await solveAll(page), ['744', '33']);
    await page.locator('[data-testid="view"]').screenshot({ path: new URL('../../test-results/burrtools-hexsticks.png', import.meta.url).pathname });
    await page.getByTestId('file-export').click();
    const [sticks] = await Promise.all([page.waitForEvent('download'), page.getByTestId('file-export-xmpuzzle').click()]);
    assert.match(gunzipSync(await downloaded(sticks)).toString('utf8'), /<gridType type="3"\/>/);

    // A damaged file and a file that is no puzzle at all.
    await page.getByTestId('file-import-input').setInputFiles({ name: 'cut.xmpuzzle', mimeType: 'application/octet-stream', buffer: (await import('node:fs')).readFileSync(data('soma-two-problems.xmpuzzle')).subarray(0, 200) });
    await page.waitForFunction(() => /^cut\.xmpuzzle: gzip: /.test(document.querySelector('[data-testid="file-message"]').textContent));
    await page.getByTestId('file-import-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some text') });
    await page.waitForFunction(() => /^notes\.txt: /.test(document.querySelector('[data-testid="file-message"]').textContent));

    // Export: Soma as .xmpuzzle, gzip of BurrTools XML, and back in with the same counts.
    await openPage(page, `${baseUrl}?puzzle=soma`);
    await page.getByTestId('file-export').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('file-export-xmpuzzle').click()]);
    assert.equal(download.suggestedFilename(), 'soma-cube.xmpuzzle');
    const bytes = await downloaded(download);
    assert.match(gunzipSync(bytes).toString('utf8'), /<puzzle version="2">[\s\S]*<problem name="Soma cube"/);
    await page.getByTestId('file-import-input').setInputFiles({ name: 'soma-cube.xmpuzzle', mimeType: 'application/octet-stream', buffer: bytes });
    // Not the source's name: it is the file's only until My puzzles has kept the import, then
    // the puzzle's own ("Soma cube", like the library's), and a wait could miss the first.
    await page.waitForFunction(() => window.piecewise.currentSource().libraryId === null &&
      document.querySelector('[data-testid="import-notes"]:not([hidden])')?.textContent.includes('soma-cube.xmpuzzle'), null, { timeout: 30_000 });
    assert.deepEqual(await solveAll(page), ['11520', '240']);

    // BurrTools holds packing puzzles only: the reason, in one line.
    await openPage(page, `${baseUrl}?puzzle=frogs`);
    await page.getByTestId('file-export').click();
    await page.getByTestId('file-export-xmpuzzle').click();
    await page.waitForFunction(() => /BurrTools holds packing puzzles only/.test(document.querySelector('[data-testid="file-message"]').textContent));

    // The editor's Import… takes .xmpuzzle too; Export .xmpuzzle from the editor.
    await page.getByTestId('edit').click();
    await page.getByTestId('editor-import').setInputFiles(data('pentominoes-3x20-flat.xmpuzzle'));
    await page.waitForFunction(() => document.querySelector('[data-testid="editor-name"]').value.startsWith('Pentominoes 3x20'), null, { timeout: 30_000 });
    const [fromEditor] = await Promise.all([page.waitForEvent('download'), page.getByTestId('editor-export-xmpuzzle').click()]);
    assert.match(gunzipSync(await downloaded(fromEditor)).toString('utf8'), /<problem name="Pentominoes 3x20"/);
  } finally {
    await ctx.close();
  }
}
