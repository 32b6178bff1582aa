// Disassembly in the page. A run of a puzzle that asks for it takes every assembly apart in the
// pool's workers: BurrTools files (one written by `convert --to xmpuzzle`, one of the test files)
// give the command line's `count --disassemble` assemblies and solutions, the counters say so
// (to a screen reader too), the solution shown says whether it comes apart and its level, and
// "Only those that come apart" browses the solutions. A solution taken apart on demand (a worker
// of its own) is played in the 3D view: the level shown (burrTxt's levels for the key in its
// lock), step forward and back, play to the end; an assembly that stays locked said so. Stop ends
// a run stuck taking an assembly apart, and a take-apart on demand, at once; the page goes on.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { data, openPage, solveAll, SHOWN_CANVAS } from './page-helpers.mjs';

export const name = 'disassembly: runs that take apart, played in the 3D view, stopped';

const root = fileURLToPath(new URL('../../', import.meta.url));
const puzzle = (file) => `${root}tests/data/disassembly/${file}`;
const native = (...args) => {
  const out = spawnSync(`${root}build/native/piecewise`, args, { maxBuffer: 1 << 24 });
  assert.equal(out.status, 0, out.stderr.toString());
  return out.stdout;
};
const digitsOnly = (s) => Number(s.replace(/\D/g, ''));
const shown = (page, id) => page.getByTestId(id).evaluate((e) => !e.hidden);

/** Opens a file (its bytes) through Import… and waits for its drawing. */
async function importFile(page, name, buffer, title) {
  await page.getByTestId('file-import-input').setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
  await page.waitForFunction((t) => document.querySelector('[data-testid="description"]')?.textContent.startsWith(t), title, { timeout: 30_000 });
  await page.locator(SHOWN_CANVAS).waitFor({ timeout: 30_000 });
}
const importDocument = (page, file, title) => importFile(page, file, readFileSync(puzzle(file)), title);

/** Shows solution `k` (1 = the first), takes it apart, and returns its level ('' when it stays locked). */
async function levelOf(page, k) {
  await page.evaluate((n) => window.piecewise.showSolution(n - 1), k);  // showSolution counts from 0
  await page.waitForFunction((n) => document.querySelector('[data-testid="view"]')?.dataset.solution === String(n), k);
  await page.getByTestId('take-apart').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="disassembly-status"]')?.dataset.level !== undefined, null, { timeout: 30_000 });
  return page.getByTestId('disassembly-status').getAttribute('data-level');
}

/**
 * A BurrTools file (problem `problem` of it, when it has several) solved on the page: its
 * assemblies and solutions are the command line's.
 */
async function burrTools(page, name, bytes, problem = null) {
  await page.getByTestId('file-import-input').setInputFiles({ name, mimeType: 'application/octet-stream', buffer: bytes });
  if (problem) {
    await page.getByTestId(`problem-option-${problem}`).check();
    await page.getByTestId('problem-open').click();
  }
  const stem = name.replace(/\.xmpuzzle$/, '');
  await page.waitForFunction((n) => document.querySelector('[data-testid="description-more"]')?.textContent.includes(`BurrTools file ${n}`), stem, { timeout: 30_000 });
  await page.locator(SHOWN_CANVAS).waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector('[data-testid="apart-found"]').hidden, null, { timeout: 30_000 });
  assert.equal(await page.getByTestId('unique-label').textContent(), 'Assemblies');
  assert.equal(await page.getByTestId('apart-label').textContent(), 'Solutions (come apart)');
  assert.ok(!(await shown(page, 'solutions-found')) && !(await shown(page, 'unique-only-label')), 'raw solutions and Unique only give way');
  await solveAll(page);
  const file = join(mkdtempSync(join(tmpdir(), 'piecewise-e2e-')), name);
  writeFileSync(file, bytes);
  const want = JSON.parse(native('count', file, ...(problem ? ['--problem', String(problem)] : []), '--disassemble').toString());
  const got = { assemblies: digitsOnly(await page.getByTestId('unique-found').textContent()), solutions: digitsOnly(await page.getByTestId('apart-found').textContent()) };
  assert.deepEqual(got, { assemblies: want.assemblies, solutions: want.solutions }, `${name}: count --disassemble`);
  assert.match(await page.getByTestId('run-announcement').textContent(),
    new RegExp(`^Done: ${want.assemblies} assemblies, of which ${want.solutions} come apart \\(solutions\\), in `));
  return want;
}

export default async function run({ baseUrl, browser }) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await openPage(page, `${baseUrl}?puzzle=soma&workers=2`);

    // BurrTools files, on two workers: a box cut at random (2 of its 109 assemblies stay locked)...
    const cut = native('convert', puzzle('cut-box-109.puzzle.json'), '--to', 'xmpuzzle');
    await burrTools(page, 'cut-box-109.xmpuzzle', cut);
    assert.equal(await page.getByTestId('browse-noun').textContent(), 'Assembly');
    assert.equal(await page.getByTestId('solutions-stored').textContent(), '109');
    assert.match(await page.getByTestId('solution-verdict').textContent(), /^It (comes apart: level [\d.]+|does not come apart: an assembly, not a solution)\.$/);
    // ...only those that come apart: 107, each with its level.
    await page.getByTestId('apart-only').check();
    await page.waitForFunction(() => document.querySelector('[data-testid="solutions-stored"]').textContent === '107');
    assert.equal(await page.getByTestId('browse-noun').textContent(), 'Solution');
    for (const k of [1, 107]) {
      await page.evaluate((n) => window.piecewise.showSolution(n - 1), k);
      await page.waitForFunction((n) => document.querySelector('[data-testid="solution-index"]').textContent === String(n)
        && document.querySelector('[data-testid="solution-verdict"]').dataset.verdict === 'comes-apart', k, { timeout: 30_000 });
      // The run's level is the one Take apart finds.
      const level = await page.getByTestId('solution-verdict').getAttribute('data-level');
      await page.getByTestId('take-apart').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="disassembly-status"]')?.dataset.level !== undefined, null, { timeout: 30_000 });
      assert.equal(await page.getByTestId('disassembly-status').getAttribute('data-level'), level, `solution ${k}`);
    }
    await page.getByTestId('apart-only').uncheck();
    // ...and the Soma cube of a BurrTools test file (its problem 1 of 2).
    await burrTools(page, 'soma-two-problems.xmpuzzle', readFileSync(data('soma-two-problems.xmpuzzle')), 1);

    // Taken apart on demand and played: the key in its lock.
    await importDocument(page, 'key-in-lock.puzzle.json', 'Key in a lock');
    assert.deepEqual(await solveAll(page), ['5', '5']);
    const levels = [];
    for (let k = 1; k <= 5; ++k) levels.push(await levelOf(page, k));
    assert.deepEqual([...levels].sort(), ['1', '1', '1', '1', '2'], 'burrTxt -d: levels 2, 1, 1, 1, 1');
    await levelOf(page, levels.indexOf('2') + 1);
    assert.match(await page.getByTestId('disassembly-status').textContent(), /^Level 2, 2 moves$/);
    const made = () => page.getByTestId('disassembly-step').getAttribute('data-made');
    assert.equal(await made(), '0');
    await page.getByTestId('disassembly-forward').click();
    assert.equal(await page.getByTestId('disassembly-step').textContent(), 'move 1 of 2');
    await page.getByTestId('disassembly-back').click();
    assert.equal(await made(), '0');
    await page.getByTestId('disassembly-play').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="disassembly-step"]')?.dataset.made === '2', null, { timeout: 10_000 });
    assert.equal(await page.getByTestId('disassembly-play').textContent(), 'Play', 'stopped at the end');
    // Another solution shown starts from the assembly again.
    await page.evaluate((other) => window.piecewise.showSolution(other), (levels.indexOf('2') + 1) % 5);
    await page.waitForFunction(() => document.querySelector('[data-testid="disassembly-status"]')?.textContent === '');

    // Loose cubes in a closed box: taking its one assembly apart searches for a minute and more.
    // Stop ends the run at once, in the middle of it...
    await importDocument(page, 'loose-cubes.puzzle.json', 'Loose cubes');
    await page.getByTestId('solve').click();
    await page.waitForTimeout(1500);
    assert.equal(await page.getByTestId('status').textContent(), 'running');
    await page.getByTestId('stop').click();
    await page.waitForFunction(() => document.body.dataset.status === 'cancelled', null, { timeout: 5_000 });
    // ...and, with the box pinned (the rest is solved without taking apart), Stop ends its take-apart.
    const box = JSON.parse(readFileSync(puzzle('loose-cubes.puzzle.json'), 'utf8')).pieces[0].cells.map((c) => c.join(',')).join(';');
    await page.getByTestId('piece-tray').locator('[data-piece="Box"]').click();
    await page.getByTestId('pin-cells').fill(box);
    await page.getByTestId('pin-add').click();
    await page.locator('[data-testid="pins"] li').first().waitFor();
    assert.deepEqual(await solveAll(page), ['1', '1']);
    await page.getByTestId('take-apart').click();
    await page.getByTestId('take-apart-stop').waitFor();
    assert.equal(await page.getByTestId('disassembly-status').textContent(), 'Taking it apart…');
    await page.waitForTimeout(1500);
    await page.getByTestId('take-apart-stop').click();
    assert.equal(await page.getByTestId('disassembly-status').textContent(), 'Stopped: it was not taken apart.');
    assert.ok(await page.getByTestId('take-apart').isEnabled(), 'Take apart can be pressed again');
    assert.ok(!(await shown(page, 'take-apart-stop')));

    // The page goes on: the next puzzle is read, solved and taken apart at once.
    await importDocument(page, 'shut-box.puzzle.json', 'Shut box');
    assert.deepEqual(await solveAll(page), ['1', '1']);
    assert.equal(await page.getByTestId('apart-found').textContent(), '0');
    assert.equal(await page.getByTestId('solution-verdict').textContent(), 'It does not come apart: an assembly, not a solution.');
    const start = Date.now();
    assert.equal(await levelOf(page, 1), '');
    assert.ok(Date.now() - start < 15_000, 'a fresh worker takes it apart, not one still busy with the box');
    assert.equal(await page.getByTestId('disassembly-status').textContent(), 'This assembly does not come apart.');
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
}
