// The pool of solver workers (issue 9, browser; issue 10, dead workers): a long puzzle counted
// with ?workers=1 and ?workers=2 gives the same counts (the speed-up is printed), and a run whose
// workers die mid-search (an uncaught error in each) ends with exactly the same counts, having
// told the user, never stuck on "running".
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

export const name = 'worker pool: 1 vs 2 workers, dead workers replaced';

const PUZZLE = 'tropical-fish-any';
// Its tiles without their faces: tiles with the same edges become copies of one tile, which the
// general edge search counts (5-6 s natively, 304 solutions). The puzzle itself, distinct tiles
// that do not turn, now takes the propagation search and under a second: too short for a
// time-left estimate and a crash mid-run.
function withoutFaces() {
  const doc = JSON.parse(readFileSync(new URL(`../../puzzles/${PUZZLE}.puzzle.json`, import.meta.url), 'utf8'));
  for (const tile of doc.tiles) delete tile.face;
  doc.name = 'Tropical fish without faces';
  return JSON.stringify(doc);
}

async function openWith(browser, baseUrl, workers) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${baseUrl}?puzzle=${PUZZLE}&workers=${workers}`);
  await page.locator('body[data-solver="ready"]').waitFor({ timeout: 30_000 });
  assert.equal(await page.getByTestId('workers').inputValue(), String(workers), '?workers presets the control');
  await page.evaluate((text) => window.piecewise.loadPuzzleText(text, { sourceName: 'tropical fish without faces' }), withoutFaces());
  await page.waitForFunction(() => window.piecewise.currentSource().sourceName === 'tropical fish without faces', null, { timeout: 30_000 });
  return { context, page, errors };
}

/** Solutions n (0-based) of the finished run, as the page draws them (fetched by number when not held). */
async function pick(page, ns) {
  const out = [];
  for (const n of ns) {
    await page.evaluate((k) => window.piecewise.showSolution(k), n);
    await page.waitForFunction((k) => window.piecewise.currentSolutionIndex() === k && window.piecewise.currentSolution() !== null, n, { timeout: 10_000 });
    out.push(await page.evaluate(() => JSON.stringify(window.piecewise.currentSolution())));
  }
  await page.evaluate(() => window.piecewise.showSolution(0));
  return out;
}

async function solve(page) {
  const t = Date.now();
  await page.getByTestId('solve').click();
  const etas = new Set();
  while ((await page.evaluate(() => document.body.dataset.status)) === 'running') {
    etas.add(await page.getByTestId('eta').textContent());
    await page.waitForTimeout(250);
    assert.ok(Date.now() - t < 240_000, 'the run ends within 4 minutes');
  }
  const ms = Date.now() - t;
  return {
    ms,
    status: await page.evaluate(() => document.body.dataset.status),
    found: await page.getByTestId('solutions-found').textContent(),
    unique: await page.getByTestId('unique-found').textContent(),
    kept: await page.getByTestId('solutions-stored').textContent(),
    progress: await page.getByTestId('progress-text').textContent(),
    picked: await pick(page, [0, 199]),
    etas: [...etas],
  };
}

export default async function run({ baseUrl, browser }) {
  const one = await openWith(browser, baseUrl, 1);
  const r1 = await solve(one.page);
  await one.context.close();
  const two = await openWith(browser, baseUrl, 2);
  const r2 = await solve(two.page);
  console.log(`        ${PUZZLE} without faces: 1 worker ${(r1.ms / 1000).toFixed(1)} s, 2 workers ${(r2.ms / 1000).toFixed(1)} s: speed-up ${(r1.ms / r2.ms).toFixed(2)}x (${r2.progress})`);
  console.log(`        time left shown during the 2-worker run: ${r2.etas.slice(0, 6).join(' | ')}`);
  for (const r of [r1, r2]) assert.equal(r.status, 'done');
  assert.deepEqual([r2.found, r2.unique, r2.kept], [r1.found, r1.unique, r1.kept], '2 workers count and keep what 1 worker does');
  assert.deepEqual([r1.found, r1.unique], ['304', '304']);
  assert.match(r2.progress, /jobs [\d\u202f]+\/[\d\u202f]+ done/);
  assert.ok(r2.etas.some((e) => /about|less than/.test(e)), `an estimated time left was shown (${r2.etas.join(', ')})`);
  // Solution order does not depend on the number of workers: solutions 1 and 200 are the same.
  assert.deepEqual(r2.picked, r1.picked, 'solutions 1 and 200 are the same with 1 and 2 workers');

  // Every solver worker throws once the run is under way: each is replaced, its job rerun.
  const page = two.page;
  await page.getByTestId('solve').click();
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="solutions-found"]').textContent) > 0, null, { timeout: 60_000 });
  const workers = page.workers();
  assert.ok(workers.length >= 2, `the page runs its solver workers (${workers.length})`);
  for (const w of workers) await w.evaluate(() => setTimeout(() => { throw new Error('simulated crash'); })).catch(() => {});
  const crashedAt = Date.now();
  await page.locator('body[data-status="done"]').waitFor({ timeout: 240_000 });
  const notice = await page.getByTestId('worker-notice').textContent();
  console.log(`        after crashing ${workers.length} workers: done ${((Date.now() - crashedAt) / 1000).toFixed(1)} s later; notice: ${notice}`);
  assert.match(notice, /simulated crash.*replaced.*restarted/);
  assert.deepEqual(
    [await page.getByTestId('solutions-found').textContent(), await page.getByTestId('unique-found').textContent(), await page.getByTestId('solutions-stored').textContent()],
    [r1.found, r1.unique, r1.kept],
    'counts after reruns are exact: nothing lost, nothing doubled',
  );
  assert.deepEqual(await pick(page, [0, 199]), r1.picked, 'after reruns, solutions 1 and 200 are the same');
  assert.deepEqual([...one.errors, ...two.errors], []);
  await two.context.close();
}
