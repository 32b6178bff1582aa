// Solutions by number: after a full count, solution k drawn by the page (window.piecewise.showSolution,
// fetched from a worker when the page does not hold it) is the command line's `solve --from k+1
// --limit 1 --json`, natively and in WASM, for a puzzle of each kind, with 1 and 3 workers, raw and
// with Unique only, and on both sides of the boundaries between the run's jobs.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { solutionKey } from '../../scripts/solution-key.mjs';
import { wasmCliPath } from '../../web/src/solver/node-loader.mjs';

export const name = 'solutions by number: the page, native and WASM agree';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const native = join(root, 'build/native/piecewise');

const cliCache = new Map();
/** Solution k (0-based) as `solve --from` prints it, by both command lines, which must agree. */
function fromCli(puzzle, kind, k, unique) {
  const key = `${puzzle}:${k}:${unique}`;
  if (!cliCache.has(key)) {
    const args = ['solve', `puzzles/${puzzle}.puzzle.json`, '--json', '--from', String(k + 1), '--limit', '1', ...(unique ? ['--unique'] : [])];
    const outs = [spawnSync(native, args, { cwd: root, encoding: 'utf8' }), spawnSync(process.execPath, [wasmCliPath(), ...args], { cwd: root, encoding: 'utf8' })];
    const [n, w] = outs.map((o) => {
      assert.equal(o.status, 0, o.stderr);
      return solutionKey(kind, JSON.parse(o.stdout).solutions[0]);
    });
    assert.equal(w, n, `${key}: WASM and native agree`);
    cliCache.set(key, n);
  }
  return cliCache.get(key);
}

/** Solution k as the page draws it. */
async function fromPage(page, kind, k) {
  await page.evaluate((n) => window.piecewise.showSolution(n), k);
  await page.waitForFunction((n) => window.piecewise.currentSolutionIndex() === n && window.piecewise.currentSolution() !== null, k, { timeout: 10_000 });
  return solutionKey(kind, await page.evaluate(() => window.piecewise.currentSolution()));
}

/** Numbers to check: the ends, the middle, and both sides of a few boundaries between jobs. */
function picks(starts, total) {
  const out = new Set([0, 1, total >> 1, total - 1]);
  const inner = [...new Set(starts)].filter((s) => s > 0 && s < total);
  for (let i = 0; i < inner.length; i += Math.max(1, Math.floor(inner.length / 4))) {
    out.add(inner[i] - 1);
    out.add(inner[i]);
  }
  return [...out].filter((k) => k >= 0 && k < total).sort((a, b) => a - b);
}

export default async function run({ baseUrl, browser }) {
  const lines = [];
  for (const [puzzle, kind] of [['soma', 'packing'], ['macmahon-2-colour-border-3x3', 'edge-matching'], ['snake-3x3x4', 'snake']]) {
    for (const workers of [1, 3]) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${baseUrl}?puzzle=${puzzle}&workers=${workers}`);
      await page.locator('body[data-solver="ready"]').waitFor({ timeout: 30_000 });
      await page.getByTestId('solve').click();
      await page.locator('body[data-status="done"]').waitFor({ timeout: 120_000 });
      let checked = 0;
      for (const unique of [false, true]) {
        if (unique) await page.getByTestId('unique-only').check();
        const total = Number(await page.getByTestId(unique ? 'unique-found' : 'solutions-found').textContent());
        assert.equal(Number(await page.getByTestId('solutions-stored').textContent()), total, 'every solution can be browsed once the count is done');
        const starts = await page.evaluate((u) => window.piecewise.jobStarts(u), unique);
        assert.ok(starts.length > 1, `${puzzle}: the run had jobs (${starts.length})`);
        for (const k of picks(starts, total)) {
          assert.equal(await fromPage(page, kind, k), fromCli(puzzle, kind, k, unique), `${puzzle}, ${workers} worker(s), ${unique ? 'unique ' : ''}solution ${k + 1}`);
          checked++;
        }
      }
      lines.push(`${puzzle} with ${workers} worker(s): ${checked} solutions by number`);
      await context.close();
    }
  }
  console.log(`        ${lines.join('; ')}`);
}
