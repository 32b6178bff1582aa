// Puzzles the parser accepts but the solver's limits refuse (tests/hostile/hostile-puzzles.mjs):
// the page shows the solver's own message, the one the native command line prints, the tab keeps
// answering while the worker refuses, and the next puzzle solves. Times are printed, not asserted
// (npm run bench:limits measures the refusals themselves).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hostilePuzzles } from '../hostile/hostile-puzzles.mjs';

export const name = 'limits: refusals shown as the command line prints them';
// It measures main-thread round trips and stop times: tests/e2e/run.mjs runs it alone.
export const measuresTime = true;

const cli = new URL('../../build/native/piecewise', import.meta.url).pathname;
// One of each family: placements on a 2D board, matrix entries in a 3D box, candidate masks.
const NAMES = ['pack-60x60-256-distinct-40', 'pack-15cube-200-distinct-27', 'edge-64x64-unique-labels'];

const status = (page) => page.getByTestId('status').textContent();

export default async function run({ baseUrl, browser }) {
  const dir = mkdtempSync(join(tmpdir(), 'pw-limits-'));
  const page = await browser.newPage();
  try {
    await page.goto(`${baseUrl}?puzzle=soma`);
    for (const doc of hostilePuzzles().filter((d) => NAMES.includes(d.name))) {
      await page.evaluate(([text, sourceName]) => window.piecewise.loadPuzzleText(text, { sourceName }), [doc.text, doc.name]);
      await page.locator('body[data-status="idle"]').waitFor({ timeout: 30_000 });
      const t = Date.now();
      await page.getByTestId('solve').click();
      // The main thread answers while the worker sets the puzzle up and refuses it.
      let worst = 0;
      while (!['error', 'done'].includes(await status(page))) {
        const s = Date.now();
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
        worst = Math.max(worst, Date.now() - s);
        if (Date.now() - t > 60_000) throw new Error(`${doc.name}: no refusal after 60 s`);
      }
      assert.equal(await status(page), 'error', `${doc.name} is refused`);
      const shown = await page.getByTestId('error').textContent();
      console.log(`        ${doc.name}: refused in ${Date.now() - t} ms (worst frame ${worst} ms): ${shown.slice(0, 90)}`);
      assert.match(shown, /exceed|limit/, shown);
      if (existsSync(cli)) {
        const file = join(dir, `${doc.name}.json`);
        writeFileSync(file, doc.text);
        const r = spawnSync(cli, ['solve', file, '--limit', '1'], { encoding: 'utf8' });
        assert.equal(r.status, 1);
        assert.equal(shown, r.stderr.replace(/^piecewise: /, '').trim(), `${doc.name}: the native message`);
      }
    }
    // The page is not stuck: the next puzzle solves in the same tab.
    const soma = readFileSync(new URL('../../puzzles/soma.puzzle.json', import.meta.url), 'utf8');
    await page.evaluate((text) => window.piecewise.loadPuzzleText(text, { sourceName: 'soma' }), soma);
    await page.locator('body[data-status="idle"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('solve').click();
    await page.locator('body[data-status="done"]').waitFor({ timeout: 60_000 });
    assert.equal(await page.getByTestId('solutions-found').textContent(), '11520');
  } finally {
    await page.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
