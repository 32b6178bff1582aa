// Puzzles on the triangle, hexagon and sphere grids in the page, at 1280 px and on a 390-px
// phone: each solves to its expected counts, draws its cells (SVG polygons with outlines between
// pieces for triangles and hexagons, the 3D view for balls), browses its solutions, and its share
// link brings back the same grid and counts. Prisms, rhombic dodecahedra and BurrTools'
// tetrahedra are drawn in 3D; the editor paints each grid and moves a puzzle from grid to grid.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countsWhenDone, openPage, SHOWN_CANVAS } from './page-helpers.mjs';

export const name = 'grids: triangles, hexagons, balls';

const PUZZLES = [
  { id: 'hexiamond-rhombus', grid: 'triangle', flat: true },
  { id: 'tetrahex-4x7', grid: 'hexagon', flat: true },
  { id: 'ball-pyramid', grid: 'sphere', flat: false },
];
const SCREENS = [
  { label: '1280', options: { viewport: { width: 1280, height: 900 } } },
  { label: '390', options: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true } },
];

const results = fileURLToPath(new URL('../../test-results/', import.meta.url));

export default async function run({ baseUrl, browser }) {
  for (const screen of SCREENS) {
    const context = await browser.newContext(screen.options);
    const page = await context.newPage();
    for (const p of PUZZLES) {
      await openPage(page, `${baseUrl}?puzzle=${p.id}`);
      assert.equal(await page.evaluate(() => globalThis.piecewise.currentDescription()?.grid), p.grid);
      await page.getByTestId('solve').click();
      const [solutions, unique] = await countsWhenDone(page);
      const expected = await page.getByTestId('expected').evaluate((e) => [e.dataset.solutions, e.dataset.unique]);
      assert.deepEqual([solutions, unique], expected, `${p.id} at ${screen.label} px`);
      if (p.flat) {
        const shapes = await page.locator('[data-testid="view"] svg .cells polygon').count();
        assert.ok(shapes > 20, `${p.id}: ${shapes} polygons drawn`);
        const outline = await page.locator('[data-testid="view"] svg path.outline').getAttribute('d');
        assert.ok((outline ?? '').split('M').length > 20, `${p.id}: outlines between pieces`);
      } else {
        await page.locator(SHOWN_CANVAS).waitFor();
      }
      await page.evaluate(() => globalThis.piecewise.showSolution(1)); // 0-based: the second solution
      await page.waitForFunction(() => document.querySelector('[data-testid="view"]')?.dataset.solution === '2', null, { timeout: 30_000 });
      const width = await page.evaluate(() => document.scrollingElement.scrollWidth);
      assert.ok(width <= (screen.options.viewport.width + 1), `${p.id} at ${screen.label} px: the page is ${width} px wide`);
      await page.locator('[data-testid="view"]').screenshot({ path: join(results, `grid-${p.id}-${screen.label}.png`) });
    }
    await context.close();
  }

  // Prisms and rhombic dodecahedra, opened as documents: solved and drawn in the 3D view.
  const solids = await browser.newContext();
  const view = await solids.newPage();
  await openPage(view, baseUrl);
  const documents = [
    { grid: 'prism', board: { cells: [[0, 0, 0], [1, 0, 0], [0, 0, 1], [1, 0, 1], [2, 0, 0], [2, 0, 1]] }, piece: [[0, 0, 0], [0, 0, 1]], count: 3 },
    { grid: 'rhombic-dodecahedron', board: { cells: [[0, 0, 0], [1, 1, 0], [1, 0, 1], [0, 1, 1]] }, piece: [[0, 0, 0], [1, 1, 0]], count: 2 },
    // The four tetrahedra on a cube's bottom face, in two pairs.
    { grid: 'rhombic-tetrahedron', board: { cells: [[2, 1, 0], [1, 2, 0], [3, 2, 0], [2, 3, 0]] }, piece: [[2, 1, 0], [1, 2, 0]], count: 2 },
  ];
  for (const d of documents) {
    const text = JSON.stringify({ format: 'piecewise/1', name: `two ${d.grid}s`, kind: 'packing', grid: d.grid, board: d.board, pieces: [{ name: 'P', cells: d.piece, count: d.count }] });
    await view.evaluate((t) => globalThis.piecewise.loadPuzzleText(t), text);
    await view.waitForFunction((g) => globalThis.piecewise.currentDescription()?.grid === g, d.grid, { timeout: 30_000 });
    await view.locator(SHOWN_CANVAS).waitFor();
    await view.getByTestId('solve').click();
    const [solutions] = await countsWhenDone(view);
    assert.notEqual(solutions, '0', `${d.grid}: solved`);
    await view.locator('[data-testid="view"]').screenshot({ path: join(results, `grid-${d.grid}.png`) });
  }
  await solids.close();

  // The editor paints triangles and hexagons as interlocking cells of their grid.
  const editing = await browser.newContext();
  const editor = await editing.newPage();
  for (const [id, shape] of [['hexiamond-rhombus', /pw-cell-(up|down)/], ['tetrahex-4x7', /pw-cell-hex/]]) {
    await openPage(editor, `${baseUrl}?puzzle=${id}`);
    await editor.getByTestId('edit').click();
    await editor.getByTestId('editor-from-page').click();
    const cell = editor.locator('[data-testid="editor-board-cell"]').first();
    assert.match((await cell.getAttribute('class')) ?? '', shape, `${id}: editor cells`);
    await editor.waitForFunction(() => document.querySelector('[data-testid="editor-status"]')?.dataset.state === 'ok', null, { timeout: 30_000 });
    await editor.getByTestId('editor-board-grid').screenshot({ path: join(results, `grid-editor-${id}.png`) });
  }

  // A new puzzle moved from grid to grid: each change says what it did, the solver accepts the
  // result (the status line: valid, or valid but unsolvable), the cells take the new grid's
  // shape, and undo brings the old back.
  await openPage(editor, baseUrl);
  await editor.getByTestId('edit').click();
  await editor.getByTestId('editor-new-kind').selectOption('packing');
  const status = () => editor.waitForFunction(() => ['ok', 'warn'].includes(document.querySelector('[data-testid="editor-status"]')?.dataset.state), null, { timeout: 30_000 });
  await status();
  for (const [grid, said, cellClass] of [
    ['triangle', /^Grid: triangles\. Every cell keeps its column, row, now one of triangles\./, /pw-cell-(up|down)/],
    ['hexagon', /^Grid: hexagons\./, /pw-cell-hex/],
    ['sphere', /^Grid: balls\. Each layer became a square layer of balls .*Each shape is now one layer\./, null],
    ['rhombic-dodecahedron', /^Grid: rhombic dodecahedra\. The cells stay: both lie on the same lattice\./, null],
    ['prism', /^Grid: triangular prisms\. Each square layer of rhombic dodecahedra became a layer of triangular prisms\./, /pw-cell-(up|down)/],
    ['square', /^Grid: squares\. .*Each shape's one layer was kept\./, null],
  ]) {
    await editor.getByTestId('editor-grid').selectOption(grid);
    await editor.getByTestId('editor-grid-said').waitFor();
    assert.match(await editor.getByTestId('editor-grid-said').textContent(), said, grid);
    await status();
    if (cellClass) assert.match((await editor.locator('[data-testid="editor-board-cell"]').first().getAttribute('class')) ?? '', cellClass, grid);
  }
  await editor.getByTestId('editor-undo').click();
  assert.equal(await editor.getByTestId('editor-grid').inputValue(), 'prism', 'undo: back on prisms');
  await editor.getByTestId('editor-undo').click();
  assert.equal(await editor.getByTestId('editor-grid').inputValue(), 'rhombic-dodecahedron', 'undo: back on rhombic dodecahedra');
  await status();
  await editing.close();

  // A share link carries the grid.
  const a = await browser.newContext();
  const page = await a.newPage();
  await openPage(page, `${baseUrl}?puzzle=tetrahex-4x7`);
  await page.getByTestId('share').click();
  const link = await page.getByTestId('share-link').inputValue();
  await a.close();
  const b = await browser.newContext();
  const again = await b.newPage();
  await openPage(again, link);
  await again.waitForFunction(() => globalThis.piecewise.currentDescription()?.grid === 'hexagon', null, { timeout: 30_000 });
  await b.close();
}
