// Share links end to end: solve, share solution 3, open the link in a fresh browser context and
// get the same puzzle, the same final counts and the same solution on screen; bad and hostile
// links give a one-line message and leave the page working; names stay text.
import assert from 'node:assert/strict';
import { deflateSync } from 'fflate';

const PUZZLE = 't-tetracubes-6x6x2';

async function solveAndCount(page) {
  await page.locator('body[data-status="done"]').waitFor({ timeout: 120_000 });
  return {
    solutions: await page.getByTestId('solutions-found').textContent(),
    unique: await page.getByTestId('unique-found').textContent(),
  };
}

export const name = 'share links';

export default async function run({ baseUrl, browser }) {
  const a = await browser.newContext();
  const page = await a.newPage();
  await page.goto(`${baseUrl}?puzzle=${PUZZLE}`);
  await page.getByTestId('solve').click();
  const counts = await solveAndCount(page);
  assert.notEqual(counts.solutions, '0', 'the puzzle has solutions');
  await page.evaluate(() => globalThis.piecewise.showSolution(2));
  const description = await page.getByTestId('description').textContent();
  assert.match(description, /Eighteen identical T-shaped tetracubes/, 'the notes, as the solver read them');
  await page.getByTestId('share').click();
  const link = await page.getByTestId('share-link').inputValue();
  assert.match(link, /#p1=[A-Za-z0-9_-]+&s=3$/);
  assert.ok(link.startsWith(baseUrl.split('?')[0]), 'the link keeps the page address');
  await a.close();

  // Same link, new context: same puzzle, solved again (s= starts the run), same counts and solution.
  const b = await browser.newContext();
  const page2 = await b.newPage();
  await page2.goto(link);
  await page2.waitForFunction((d) => document.querySelector('[data-testid="description"]')?.textContent === d, description, { timeout: 30_000 });
  const counts2 = await solveAndCount(page2);
  assert.deepEqual(counts2, counts);
  await page2.waitForFunction(() => document.querySelector('[data-testid="view"]')?.dataset.solution === '3');

  // Garbled link: one-line message, page still usable.
  await page2.goto(`${baseUrl}#p1=AAAA%%%`);
  const msg = page2.getByTestId('share-message');
  await msg.waitFor();
  assert.match(await msg.textContent(), /^share link is corrupted/);
  assert.ok((await page2.getByTestId('puzzle-select').locator('option').count()) > 5);
  await page2.goto(`${baseUrl}#p2=AAAA`);
  assert.match(await page2.getByTestId('share-message').textContent(), /version "p2" is not supported/);

  // Hostile name: shown as text, never as markup.
  const hostile = {
    format: 'piecewise/1', name: '<img src=x onerror="globalThis.pwned=1">', kind: 'packing',
    notes: '<b>bold?</b>', board: { shape: ['##'] }, pieces: [{ name: '<i>D</i>', shape: ['##'] }],
  };
  const frag = 'p1=' + Buffer.from(deflateSync(Buffer.from(JSON.stringify(hostile)))).toString('base64url');
  await page2.goto(`${baseUrl}#${frag}`);
  await page2.waitForFunction(() => document.querySelector('[data-testid="description"]')?.textContent?.includes('<img'));
  assert.equal(await page2.locator('img[src="x"], b, i').count(), 0);
  assert.equal(await page2.evaluate(() => globalThis.pwned), undefined);
  await b.close();
}
