// Browser end-to-end tests: the built site (dist/) served by `vite preview` on a free port, driven
// with playwright-core and the system's headless Chromium. Tests that measure time run alone, the
// others two at a time (E2E_JOBS); prints one line per test, the first-solution latency of every
// library puzzle, and the total time.
// Screenshots go to test-results/. Exit status 1 when a test fails.
//
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startPreviewServer } from '../../scripts/preview-server.mjs';
import { launchChromium, pngColours, SHOWN_CANVAS } from './page-helpers.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });
const t0 = Date.now();
const only = process.env.E2E_ONLY ? new RegExp(process.env.E2E_ONLY) : null;

// ---- server ---------------------------------------------------------------------------------------
const { base, server } = await startPreviewServer();

const browser = await launchChromium();
const cleanup = async () => {
  await browser.close().catch(() => {});
  server.kill();
};

// ---- harness --------------------------------------------------------------------------------------
const outcome = [];
async function test(name, fn) {
  if (only && !only.test(name)) return;
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const start = Date.now();
  try {
    await fn(page);
    if (errors.length) throw new Error(`uncaught page errors: ${errors.join(' | ')}`);
    outcome.push({ name, status: 'pass', ms: Date.now() - start });
    console.log(`  ok    ${name} (${((Date.now() - start) / 1000).toFixed(1)} s)`);
  } catch (e) {
    outcome.push({ name, status: 'fail', ms: Date.now() - start });
    console.log(`  FAIL  ${name}: ${e.stack ?? e}`);
    await page.screenshot({ path: join(results, `FAIL-${name.replace(/\W+/g, '_')}.png`) }).catch(() => {});
  } finally {
    await page.close();
  }
}
function assert(cond, msg) {
  if (!cond) throw new Error(msg);
}
const tid = (id) => `[data-testid="${id}"]`;
const text = (page, id) => page.textContent(tid(id));

async function open(page, id) {
  await page.goto(`${base}?puzzle=${encodeURIComponent(id)}`);
  await page.waitForSelector(`${tid('view')} svg, ${SHOWN_CANVAS}`, { timeout: 15_000 });
  assert((await text(page, 'status')) === 'idle', 'status idle after opening');
}
/** Presses Solve and waits for the first solution drawn; returns ms from press to the first
 * solution received from the worker (`solver`) and to its drawing (`drawn`). */
async function solveFirst(page, timeout = 30_000) {
  const t = Date.now();
  await page.click(tid('solve'));
  await page.waitForFunction(
    () => {
      const v = document.querySelector('[data-testid="view"]');
      const s = document.querySelector('[data-testid="status"]')?.textContent;
      return v?.dataset.solution === '1' || s === 'error' || s === 'done';
    },
    null,
    { timeout, polling: 20 },
  );
  const status = await text(page, 'status');
  assert(status !== 'error', `solver error: ${await text(page, 'error')}`);
  const measured = await page.evaluate(() => {
    const since = (name) => {
      const m = performance.getEntriesByName(name).at(-1);
      const s = performance.getEntriesByName('piecewise:solve').at(-1);
      return m && s ? m.startTime - s.startTime : null;
    };
    return { solver: since('piecewise:first-solution'), drawn: since('piecewise:first-drawing') };
  });
  return { solver: measured.solver ?? Date.now() - t, drawn: measured.drawn ?? Date.now() - t };
}
async function waitFinal(page, timeout = 60_000) {
  await page.waitForFunction(() => ['done', 'error', 'cancelled'].includes(document.querySelector('[data-testid="status"]')?.textContent), null, { timeout, polling: 50 });
  const status = await text(page, 'status');
  assert(status === 'done', `expected done, got ${status}: ${await text(page, 'error')}`);
}
async function expectExpectedCounts(page) {
  const exp = await page.$eval(tid('expected'), (e) => ({ s: e.dataset.solutions, u: e.dataset.unique }));
  assert(exp.s && exp.u, 'puzzle has expected counts');
  const found = await text(page, 'solutions-found');
  const unique = await text(page, 'unique-found');
  assert(found === exp.s, `solutions-found ${found}, expected ${exp.s}`);
  assert(unique === exp.u, `unique-found ${unique}, expected ${exp.u}`);
  return exp;
}
/** Screenshot of the drawing; fails when it has fewer than `min` distinct colours (blank). */
async function shot(page, file, min) {
  const view = page.locator(tid('view'));
  const png = await view.screenshot({ path: join(results, file) });
  const colours = await pngColours(page, png, 1);
  assert(colours >= min, `${file}: only ${colours} distinct colours (blank drawing?)`);
  shots.push(`${file} (${colours} colours)`);
  return colours;
}
/**
 * Distinct colours of the 3D view's canvas as shown (a screenshot: the canvas may be a worker's,
 * whose pixels the page cannot read back).
 */
async function canvasColours(page) {
  return pngColours(page, await page.locator(`${SHOWN_CANVAS}`).screenshot(), 1);
}
const svgOf = (page) => page.$eval(`${tid('view')} svg`, (s) => s.innerHTML);
const shots = [];
const latency = [];
const moduleLoad = [];
const boardDrawn = [];

// ---- tests ----------------------------------------------------------------------------------------
console.log(`e2e: ${base}`);
// The tests of this file that measure nothing run in the suites' pool below (`pooled`); those that
// measure time (round trips, stop times, first-solution latency) run alone (`await test`).
const pool = [];
const pooled = (name, fn) => pool.push({ run: () => test(name, fn) });

pooled('packing 2D: pentominoes 8x8 less the centre', async (page) => {
  await open(page, 'pentomino-8x8-centre');
  const ms = await solveFirst(page);
  const pieces = await page.$$eval(`${tid('view')} rect[data-piece]`, (r) => r.map((x) => x.getAttribute('data-piece')));
  assert(pieces.length === 60, `60 covered cells drawn, got ${pieces.length}`);
  assert(new Set(pieces).size === 12, 'twelve pieces drawn');
  await shot(page, 'pentomino-8x8-centre-first.png', 12);
  await waitFinal(page);
  await expectExpectedCounts(page);
  console.log(`        first solution ${ms.solver.toFixed(0)} ms, drawn ${ms.drawn.toFixed(0)} ms`);
});

pooled('solution browser: first / prev / next / last / go to / keys', async (page) => {
  await open(page, 'pentomino-8x8-centre');
  await solveFirst(page);
  await waitFinal(page);
  assert((await text(page, 'solutions-stored')) === '520', 'all 520 kept');
  const s1 = await svgOf(page);
  await page.click(tid('next'));
  assert((await text(page, 'solution-index')) === '2', 'next → 2');
  assert((await svgOf(page)) !== s1, 'drawing changed');
  await page.click(tid('last'));
  assert((await text(page, 'solution-index')) === '520', 'last → 520');
  assert(await page.isDisabled(tid('next')), 'next disabled at the end');
  await page.fill(tid('goto-input'), '100');
  await page.press(tid('goto-input'), 'Enter');
  assert((await text(page, 'solution-index')) === '100', 'go to 100');
  await page.click(tid('prev'));
  assert((await text(page, 'solution-index')) === '99', 'prev → 99');
  await page.click(tid('first'));
  assert((await text(page, 'solution-index')) === '1', 'first → 1');
  assert((await svgOf(page)) === s1, 'first solution drawn again, identically');
  await page.focus('body');
  await page.keyboard.press('ArrowRight');
  assert((await text(page, 'solution-index')) === '2', 'ArrowRight → 2');
  await page.keyboard.press('End');
  assert((await text(page, 'solution-index')) === '520', 'End → 520');
  assert((await page.evaluate(() => window.piecewise.currentSolutionIndex())) === 519, 'API index is 0-based');
  await shot(page, 'pentomino-8x8-centre-520.png', 12);
});

pooled('unique only keeps one per symmetry class', async (page) => {
  await open(page, 'pentomino-8x8-centre');
  await page.check(tid('unique-only'));
  await solveFirst(page);
  await waitFinal(page);
  await expectExpectedCounts(page);
  assert((await text(page, 'solutions-stored')) === '65', `65 kept, got ${await text(page, 'solutions-stored')}`);
});

pooled('packing 2D frame with holes: infuriater', async (page) => {
  await open(page, 'infuriater');
  await solveFirst(page);
  const holes = await page.$$eval(`${tid('view')} rect.hole`, (r) => r.length);
  assert(holes > 0, 'holes drawn');
  await shot(page, 'infuriater-first.png', 8);
  await waitFinal(page);
  await expectExpectedCounts(page);
});

pooled('packing 3D: soma cube', async (page) => {
  await open(page, 'soma');
  await solveFirst(page);
  // Once the view's worker draws it: its canvas takes the page's place when the page is idle.
  await page.locator(`${tid('view')} canvas[data-scene="worker"]`).waitFor({ timeout: 10_000 });
  const c = await canvasColours(page);
  assert(c >= 7, `canvas has ${c} colours`);
  await shot(page, 'soma-first.png', 20);
  await page.$eval(`${tid('explode')}`, (s) => {
    s.value = '100';
    s.dispatchEvent(new Event('input'));
  });
  await page.waitForTimeout(100);
  await shot(page, 'soma-exploded.png', 20);
  const boxes = page.locator('.piece-list input[type=checkbox]');
  assert((await boxes.count()) === 7, 'seven piece toggles');
  await boxes.nth(0).uncheck();
  await page.waitForTimeout(100);
  await shot(page, 'soma-exploded-one-hidden.png', 20);
  await waitFinal(page);
  await expectExpectedCounts(page);
  await page.click(tid('next'));
  assert((await text(page, 'solution-index')) === '2', 'next on a 3D puzzle');
});

await test('long run: tetris cube stays responsive, stops quickly, solves again', async (page) => {
  await open(page, 'tetris-cube');
  await solveFirst(page, 60_000);
  let worst = 0;
  for (let i = 0; i < 10; i++) {
    const t = Date.now();
    await page.evaluate(() => document.querySelector('[data-testid="solutions-found"]').textContent);
    worst = Math.max(worst, Date.now() - t);
    await page.waitForTimeout(150);
  }
  // A page blocked by the search would take seconds; the bound is loose so a busy CI machine passes.
  assert(worst < 1000, `page round trip ${worst} ms while running`);
  const before = Number(await text(page, 'solutions-found'));
  assert((await text(page, 'status')) === 'running', 'still running');
  await page.click(tid('next'));
  assert((await text(page, 'solution-index')) === '2' || before < 2, 'browsing while running');
  const t = Date.now();
  await page.click(tid('stop'));
  await page.waitForFunction(() => document.querySelector('[data-testid="status"]').textContent === 'cancelled', null, { timeout: 2000, polling: 10 });
  const stopMs = Date.now() - t;
  assert(stopMs < 1000, `stop took ${stopMs} ms`);
  const after = await text(page, 'solutions-found');
  await page.waitForTimeout(500);
  assert((await text(page, 'solutions-found')) === after, 'no counting after stop');
  await shot(page, 'tetris-cube-stopped.png', 20);
  await solveFirst(page, 60_000);
  assert((await text(page, 'status')) === 'running', 'a new Solve runs');
  await page.click(tid('stop'));
  await page.waitForFunction(() => document.querySelector('[data-testid="status"]').textContent === 'cancelled', null, { timeout: 2000 });
  console.log(`        ${before} solutions before stop; worst round trip ${worst} ms; stop ${stopMs} ms`);
});

pooled('errors are shown as text, never as markup', async (page) => {
  await open(page, 'soma');
  await page.evaluate(() =>
    window.piecewise.loadPuzzleText(
      JSON.stringify({ format: 'piecewise/1', name: '<img src=x id=evil>', kind: 'packing', board: { shape: ['<b>##</b>'] }, pieces: [{ name: '<i>A</i>', shape: ['#'], count: -1 }] }),
      { sourceName: '<b>bad</b>' },
    ),
  );
  await page.click(tid('solve'));
  await page.waitForFunction(() => ['done', 'error'].includes(document.querySelector('[data-testid="status"]').textContent), null, { timeout: 15_000 });
  assert((await text(page, 'status')) === 'error', 'bad puzzle gives status error');
  const msg = await text(page, 'error');
  assert(msg.length > 0, 'error message shown');
  assert((await page.$('#evil')) === null && (await page.$('b, i')) === null, 'no markup injected');
  await page.evaluate(() => window.piecewise.loadPuzzleText('{not json', { sourceName: 'broken' }));
  await page.waitForSelector(`${tid('error')}:not([hidden])`, { timeout: 15_000 });
  assert(/^invalid JSON/.test(await text(page, 'error')), `the solver's own message: ${await text(page, 'error')}`);
});

pooled('edge matching: frogs', async (page) => {
  await open(page, 'frogs');
  await solveFirst(page);
  const tiles = await page.$$eval(`${tid('view')} g[data-tile]`, (gs) => gs.map((g) => [...g.querySelectorAll('.edge-label')].map((t) => t.textContent)));
  assert(tiles.length === 9, `9 tiles drawn, got ${tiles.length}`);
  const comp = (a, b) => a.slice(0, -1) === b.slice(0, -1) && a.at(-1) !== b.at(-1) && /[+-]/.test(a.at(-1)) && /[+-]/.test(b.at(-1));
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++) {
      const t = tiles[r * 3 + c];
      if (c < 2) assert(comp(t[1], tiles[r * 3 + c + 1][3]), `(${r},${c}) right ${t[1]} vs ${tiles[r * 3 + c + 1][3]}`);
      if (r < 2) assert(comp(t[2], tiles[(r + 1) * 3 + c][0]), `(${r},${c}) bottom ${t[2]} vs ${tiles[(r + 1) * 3 + c][0]}`);
    }
  await shot(page, 'frogs-first.png', 6);
  await waitFinal(page);
  await expectExpectedCounts(page);
});

pooled('snake: 3x3x3', async (page) => {
  await open(page, 'snake-3x3x3');
  await solveFirst(page);
  const chain = await page.evaluate(() => window.piecewise.currentSolution()?.chain);
  assert(chain && chain.length === 27, 'chain of 27 cubes');
  const seen = new Set(chain.map((p) => p.join()));
  assert(seen.size === 27 && chain.every((p) => p.every((v) => v >= 0 && v < 3)), 'fills the 3x3x3 box');
  for (let i = 1; i < 27; i++) assert(chain[i].reduce((s, v, a) => s + Math.abs(v - chain[i - 1][a]), 0) === 1, 'unit links');
  await page.waitForTimeout(100);
  await shot(page, 'snake-3x3x3-solved.png', 10);
  await page.click(tid('fold-play'));
  await page.waitForTimeout(1200);
  await shot(page, 'snake-3x3x3-folding.png', 10);
  await page.waitForFunction(() => document.querySelector('[data-testid="fold"]').value === '1000', null, { timeout: 10_000 });
  await waitFinal(page);
  await expectExpectedCounts(page);
});

// First-solution latency for every library puzzle (press Solve → first drawing).
const ids = readdirSync(join(root, 'puzzles')).filter((f) => f.endsWith('.puzzle.json')).map((f) => f.replace(/\.puzzle\.json$/, '')).sort();
await test('first-solution latency, every library puzzle', async (page) => {
  for (const id of ids) {
    await open(page, id);
    // Measured once the worker has compiled the module, as when a user reads before pressing Solve;
    // the module's load time is reported on its own.
    await page.waitForSelector('body[data-solver="ready"]', { timeout: 30_000 });
    moduleLoad.push(await page.evaluate(() => performance.getEntriesByName('piecewise:solver-ready').at(-1)?.startTime ?? NaN));
    boardDrawn.push(await page.evaluate(() => performance.getEntriesByName('piecewise:puzzle-drawn')[0]?.startTime ?? NaN));
    try {
      const ms = await solveFirst(page, 60_000);
      latency.push({ puzzle: id, solver: Math.round(ms.solver), drawn: Math.round(ms.drawn) });
    } catch (e) {
      throw new Error(`${id}: ${e.message}`);
    }
    // Stop if still running (the run may finish between a check and a click, so one page-side step).
    await page.evaluate(() => document.querySelector('[data-testid="stop"]:not(:disabled)')?.click());
  }
});

// Further suites from other parts of the page: every tests/e2e/*.e2e.mjs exports `name` and a default
// `async ({ baseUrl, browser }) => void` that throws on failure. Suites that measure time (they
// export `measuresTime = true`: round trips, stop times) run alone, one after another; the others
// join this file's pooled tests, E2E_JOBS at a time (default 2), each in pages of its own: most of
// their time is spent waiting for the page, and they no longer queue behind one another.
const suites = [];
for (const file of readdirSync(join(root, 'tests/e2e')).filter((f) => f.endsWith('.e2e.mjs')).sort()) {
  const mod = await import(pathToFileURL(join(root, 'tests/e2e', file)).href);
  suites.push({ mod, run: () => test(`${mod.name ?? file} (${file})`, () => mod.default({ baseUrl: base, browser })) });
}
const shared = [...pool, ...suites.filter((x) => !x.mod.measuresTime)];
const jobs = Math.max(1, Number(process.env.E2E_JOBS) || 2);
await Promise.all(
  Array.from({ length: Math.min(jobs, shared.length) }, async () => {
    for (let next = shared.shift(); next; next = shared.shift()) await next.run();
  }),
);
for (const x of suites.filter((y) => y.mod.measuresTime)) await x.run();

await cleanup();
const secs = (Date.now() - t0) / 1000;
if (latency.length) {
  console.log('\nfirst-solution latency (press Solve → first solution from the worker, and drawn):');
  for (const l of latency) console.log(`  ${l.puzzle.padEnd(30)} solution ${String(l.solver).padStart(5)} ms, drawn ${String(l.drawn).padStart(5)} ms`);
  const median = (xs) => {
    const sorted = xs.filter(Number.isFinite).sort((a, b) => a - b);
    return sorted.length ? `${Math.round(sorted[sorted.length >> 1])} ms` : 'n/a';
  };
  console.log(`  (page load → board drawn: median ${median(boardDrawn)}; → search worker ready: median ${median(moduleLoad)})`);
  writeFileSync(join(results, 'first-solution-latency.json'), JSON.stringify(latency, null, 1));
}
if (shots.length) console.log(`\nscreenshots in test-results/: ${shots.join(', ')}`);
const n = (s) => outcome.filter((o) => o.status === s).length;
console.log(`\ne2e: ${n('pass')} passed, ${n('skip')} skipped, ${n('fail')} failed in ${secs.toFixed(1)} s`);
process.exit(n('fail') ? 1 : 0);
