// A long count survives a reload: the page records each finished job, and opening the same puzzle
// again offers to resume (data-testid="resume"), which searches only the jobs not recorded and
// ends with the exact counts. Then Stop: the run finished so far is offered again. Prints the
// times (the target, resumed in at most 0.8x of a whole run after a reload halfway, is the
// benchmark's to judge, not this test's).
import assert from 'node:assert/strict';

export const name = 'a run resumes after a reload';

const PUZZLE = 'tetris-cube';

async function fraction(page) {
  return page.evaluate(() => Number(document.querySelector('[data-testid="progress"]').value));
}

export default async function run({ baseUrl, browser }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}?puzzle=${PUZZLE}&workers=1`);
  await page.locator('body[data-solver="ready"]').waitFor({ timeout: 30_000 });
  assert.ok(await page.getByTestId('resume').isHidden(), 'nothing to resume on a first visit');
  const expected = await page.getByTestId('expected').evaluate((e) => [e.dataset.solutions, e.dataset.unique]);

  const t0 = Date.now();
  await page.getByTestId('solve').click();
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="progress"]').value) >= 0.5, null, { timeout: 120_000, polling: 50 });
  const before = Date.now() - t0;
  const doneBefore = await fraction(page);
  // Past the recorder's interval, so that what was done is written (a reload loses a second at most).
  await page.waitForTimeout(1200);

  await page.reload();
  await page.locator('body[data-solver="ready"]').waitFor({ timeout: 30_000 });
  const resume = page.getByTestId('resume');
  await resume.waitFor({ state: 'visible', timeout: 30_000 });
  const label = await resume.textContent();
  assert.match(label, /Resume \(\d+% of the jobs done\)/);
  const t1 = Date.now();
  await resume.click();
  await page.locator('body[data-status="done"]').waitFor({ timeout: 240_000 });
  const after = Date.now() - t1;
  assert.deepEqual([await page.getByTestId('solutions-found').textContent(), await page.getByTestId('unique-found').textContent()],
    expected, 'resumed: the exact counts');
  assert.ok(await resume.isHidden(), 'a finished run offers nothing to resume');
  // Every solution can be shown by its number after a resumed run too.
  await page.evaluate(() => window.piecewise.showSolution(123_456));
  await page.waitForFunction(() => window.piecewise.currentSolutionIndex() === 123_456 && window.piecewise.currentSolution() !== null, null, { timeout: 10_000 });

  // A run stopped by the user is offered too, and its resume ends exact.
  await page.getByTestId('solve').click();
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="progress"]').value) >= 0.2, null, { timeout: 120_000, polling: 50 });
  await page.getByTestId('stop').click();
  await resume.waitFor({ state: 'visible', timeout: 30_000 });
  await resume.click();
  await page.locator('body[data-status="done"]').waitFor({ timeout: 240_000 });
  assert.deepEqual([await page.getByTestId('solutions-found').textContent(), await page.getByTestId('unique-found').textContent()], expected);
  console.log(`        ${PUZZLE}: reloaded at ${(doneBefore * 100).toFixed(0)}% after ${(before / 1000).toFixed(1)} s ("${label}"); resumed run ${(after / 1000).toFixed(1)} s`);
  await context.close();
}
