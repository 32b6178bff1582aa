// `npm run bench:page` (scripts/bench-page.sh builds first): the page's own figures, in ONE run, on
// the built site (dist/, served by `vite preview`) in headless Chromium, next to the WASM command
// line's, and writes them into docs/benchmarks.md between its markers. Every figure in the output
// comes from this run; nothing is edited by hand.
//   - full counts of a few long puzzles: the WASM command line (`count`, one thread, the wall time
//     of the process) against the page with ?workers=1 and ?workers=2 (Solve → body[data-status]
//     done; Solve pressed a second after the run is prepared, and again pressed at once), the
//     counts read from the page and checked against the puzzle's expected counts; and in one more
//     load each (?workers=2), how long the main thread kept a task waiting while the run went on;
//   - every library puzzle: navigation → puzzle drawn (the page's `piecewise:puzzle-drawn` mark),
//     → search worker ready, the same after a reload (service worker and compiled code cached),
//     and, in a fresh load with Solve pressed as soon as the page takes it, → first solution drawn;
//     the page reports these marks on the console as they come (startUpSignals): nothing is
//     injected into the page or polled while it starts;
//   - after a full count of bedlam-cube: window.piecewise.showSolution(k) for a few k, until
//     currentSolutionIndex() === k and the solution is drawn (or the index it stopped at);
//   - the Tetris Cube reloaded halfway through a run and resumed: the time after the reload
//     against the whole run;
//   - My puzzles holding 60 documents of 4 MiB (--only my-puzzles): the menu's time and the heap.
// Each load is a fresh browser context (a first visit: no service worker, nothing cached).
// --against DIR also serves another build of the site (e.g. main's dist/, built in a worktree) and
// opens every library puzzle in both, alternating loads, so that a before/after comparison of the
// opening times holds on a shared machine whose load changes from minute to minute.
// Usage: node scripts/bench-page.mjs [--only NAME[,NAME...]] [--repeat N] [--no-write]
//        [--show-timeout MS] [--against DIR]; figures with --repeat are medians.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPreviewServer } from './preview-server.mjs';
import { machine, writeSection } from './bench-document.mjs';
import { COUNT, DOCUMENT_CHARS, MB, heapAfterGc, menuFilled, seedVersion1 } from '../tests/e2e/my-puzzles-store.mjs';
import { solutionKey } from './solution-key.mjs';
import { formatTable } from './markdown-table.mjs';
import { loadSolverModuleForNode, nodeVariant, wasmCliPath } from '../web/src/solver/node-loader.mjs';
import { launchChromium } from '../tests/e2e/page-helpers.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (flag) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = option('--only')?.split(',') ?? null;
const repeat = Math.max(1, Number(option('--repeat') ?? 1));
const showTimeoutMs = Number(option('--show-timeout') ?? 20_000);
const write = !args.includes('--no-write');
const against = option('--against') ?? null;
const wanted = (name) => !only || only.includes(name);
const log = (s) => process.stderr.write(`bench:page: ${s}\n`);

const COUNTED = ['tetris-cube', 'bedlam-cube', 'macmahon-4x6', 'tropical-fish-any'];
const SHOW_PUZZLE = 'bedlam-cube';
/**
 * Runs whose time left is checked against the real one (within 2x at 10%, 25% and 50% of the
 * run), with 1 and 2 workers: the long ones fail the benchmark when it is not; tropical-fish-any
 * (under a second, a few jobs holding much of the work) is shown only.
 */
const LEFT_TARGET = ['tetris-cube', 'bedlam-cube', 'macmahon-4x6'];
const LEFT_PUZZLES = [...LEFT_TARGET, 'tropical-fish-any'];
const RESUME_PUZZLE = 'tetris-cube';
const leftCell = ({ shown, real }, name) => {
  if (!Number.isFinite(real)) return '-';
  if (shown === null) return `estimating (real ${secs(real / 1000)} s)`;
  const r = Math.max(shown, real) / Math.max(Math.min(shown, real), 1);
  if (r > 2 && LEFT_TARGET.includes(name)) failures.add('a time left over 2x off');
  return `${secs(shown / 1000)} s / ${secs(real / 1000)} s (${r.toFixed(2)}x${r > 2 ? ' OFF' : ''})`;
};
const SHOW_INDICES = [0, 1, 230231, 417000, 460463];
const library = readdirSync(join(root, 'puzzles')).filter((f) => f.endsWith('.puzzle.json')).map((f) => f.replace(/\.puzzle\.json$/, '')).sort();
const puzzlePath = (name) => join(root, 'puzzles', `${name}.puzzle.json`);
const native = join(root, 'build/native/piecewise');
if (!existsSync(join(root, 'dist/index.html'))) throw new Error('no dist/: run scripts/bench-page.sh (or npm run build) first');

const median = (xs) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => (Number.isFinite(x) ? String(Math.round(x)) : '-');
/**
 * The lowest and highest of a/b taken repeat by repeat (the loads of one repeat run back to back,
 * so they meet the same load of the host): ` (1.61-1.80)`, or '' with fewer than two repeats.
 */
const pairedSpread = (a, b) => {
  const r = a.map((x, i) => x / b[i]).filter(Number.isFinite);
  return r.length > 1 ? ` (${Math.min(...r).toFixed(2)}-${Math.max(...r).toFixed(2)})` : '';
};
const secs = (x) => (Number.isFinite(x) ? (x < 10 ? x.toFixed(2) : x.toFixed(1)) : '-');
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}x` : '-');

// ---- the command line ----------------------------------------------------------------------------
const reader = await loadSolverModuleForNode();
function expected(name) {
  const reply = JSON.parse(reader.describe(readFileSync(puzzlePath(name), 'utf8')));
  if (reply.error) throw new Error(`${name}: ${reply.error}`);
  return reply.puzzle.expected ?? null;
}

function cliCount(name) {
  const started = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [wasmCliPath(), 'count', puzzlePath(name), '--threads', '1'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  if (r.status !== 0) throw new Error(`WASM command line failed on ${name}: ${r.stderr}`);
  const big = (key) => new RegExp(`"${key}":(\\d+)`).exec(r.stdout)?.[1] ?? '?';
  return { wall, solutions: big('solutions'), unique: big('unique') };
}

// ---- the page ------------------------------------------------------------------------------------

/** The page's marks, in ms since navigation (its performance time origin); NaN when missing. */
const marks = (page) => page.evaluate(() => {
  const first = (n) => performance.getEntriesByName(n)[0]?.startTime ?? NaN;
  const last = (n) => performance.getEntriesByName(n).at(-1)?.startTime ?? NaN;
  return { drawn: first('piecewise:puzzle-drawn'), ready: first('piecewise:solver-ready'),
    solve: last('piecewise:solve'), firstSolution: first('piecewise:first-drawing'), prepared: first('piecewise:run-prepared') };
});

/**
 * Records in the page when body[data-status] becomes a final state, and every time left the page
 * shows as it changes: observers, not polling, so that measuring takes no time from the run
 * (polling the page from here takes CPU from the run it measures).
 */
const watchStatus = (page) => page.evaluate(() => {
  const w = window;
  // The time left shown (ms, null while it is estimating) each time it changes while running.
  w.__benchLeft = [];
  const eta = document.querySelector('[data-testid="eta"]');
  const left = new MutationObserver(() => {
    if (document.body.dataset.status !== 'running') return;
    const ms = eta.dataset.ms;
    w.__benchLeft.push({ at: performance.now(), ms: ms ? Number(ms) : null });
  });
  if (eta) left.observe(eta, { attributes: true, attributeFilter: ['data-ms'] });
  // Awaited by pageCount (at most RUN_LIMIT_MS): { status, at } once the run is over.
  w.__benchEnd = new Promise((resolve) => {
    const status = new MutationObserver(() => {
      const s = document.body.dataset.status;
      if (s !== 'done' && s !== 'error' && s !== 'cancelled') return;
      status.disconnect();
      left.disconnect();
      resolve({ status: s, at: performance.now() });
    });
    status.observe(document.body, { attributes: true, attributeFilter: ['data-status'] });
  });
});

/** How often the main thread's watch posts a task to it during a run (ms). */
const PROBE_MS = 50;

/**
 * Watches the main thread from Solve to the run's end: every PROBE_MS a timer is due, and on it a
 * message is posted (MessageChannel: the queue the workers' messages come by); a probe's wait is
 * from the timer being due to the message handled, so that it holds both a task running long and
 * the tasks queued before it: what an input arriving then would wait at most (inputs go first).
 * Also the tasks of 50 ms or more the main thread ran (long tasks). Taken in a load of its own,
 * apart from the timed runs: the probes are few, but they are the measurer's work, not the page's.
 */
const watchMainThread = (page) => page.evaluate((probeMs) => {
  const w = window;
  const watch = { waits: [], long: [], on: true };
  w.__benchMainThread = watch;
  new PerformanceObserver((list) => {
    if (watch.on) for (const e of list.getEntries()) watch.long.push(e.duration);
  }).observe({ type: 'longtask' });
  const channel = new MessageChannel();
  let due = 0;
  channel.port1.onmessage = () => {
    watch.waits.push(performance.now() - due);
    if (watch.on) probe();
  };
  const probe = () => {
    due = performance.now() + probeMs;
    setTimeout(() => channel.port2.postMessage(0), probeMs);
  };
  // From the press on (the click's own task included), until the status is final.
  document.querySelector('[data-testid="solve"]').addEventListener('click', () => {
    due = performance.now();
    channel.port2.postMessage(0);
  }, { once: true, capture: true });
  w.__benchEnd.then(() => { watch.on = false; });
}, PROBE_MS);

/**
 * The time left shown when 10%, 25% and 50% of the run had passed, against the real time left,
 * and the share of the run that had passed when it first showed one.
 */
const LEFT_AT = [0.1, 0.25, 0.5];
function timeLeftShown(changes, start, end) {
  const at = LEFT_AT.map((share) => {
    const t = start + share * (end - start);
    const shown = changes.filter((x) => x.at <= t).at(-1);
    return { shown: shown?.ms ?? null, real: end - t };
  });
  const first = changes.find((x) => x.ms !== null);
  return { at, first: first ? (first.at - start) / (end - start) : NaN };
}

async function newPage(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

const drawnSelector = '[data-testid="view"] svg, [data-testid="view"] canvas';

/**
 * What the page says as it starts, heard without touching it: a script run before the page's own
 * (in every load of `page`, reloads too) reports on the console each of the page's marks and each
 * status of body[data-status] as it comes. Waiting for those injects nothing and polls nothing,
 * where Playwright's locators and waitForFunction first inject a script of their own, which
 * takes tens of ms of the main thread while the page starts (the opening times measured it too).
 * `wait(names)` resolves once every one of `names` (a mark, or `status:done`...) has been said
 * since the last `forget()` (`any`: one of them), or rejects after `ms`, naming what it waited for.
 */
async function startUpSignals(page) {
  await page.addInitScript(() => {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name.startsWith('piecewise:')) console.debug(`bench:${e.name}`);
    }).observe({ type: 'mark' });
    // The document itself: body is not parsed yet when this runs.
    new MutationObserver((records) => {
      if (records.some((r) => r.target === document.body)) console.debug(`bench:status:${document.body.dataset.status}`);
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-status'] });
  });
  let said = new Set();
  let waiters = [];
  page.on('console', (m) => {
    const text = m.text();
    if (!text.startsWith('bench:')) return;
    said.add(text.slice('bench:'.length));
    waiters = waiters.filter((w) => !w.check());
  });
  return {
    forget() {
      said = new Set();
    },
    wait(names, { ms = 30_000, any = false } = {}) {
      return new Promise((resolve, reject) => {
        const w = {
          check: () => {
            const met = any ? names.some((n) => said.has(n)) : names.every((n) => said.has(n));
            if (met) {
              clearTimeout(timer);
              resolve();
            }
            return met;
          },
        };
        const timer = setTimeout(() => {
          waiters = waiters.filter((x) => x !== w);
          reject(new Error(`the page never said ${names.join(any ? ' or ' : ' and ')} within ${ms / 1000} s`));
        }, ms);
        if (!w.check()) waiters.push(w);
      });
    },
  };
}

/** Navigation → drawn and → solver ready, then the same after a reload (the service worker's cache). */
async function openTimes(browser, base, name) {
  const { context, page } = await newPage(browser);
  try {
    const signals = await startUpSignals(page);
    const opened = ['piecewise:puzzle-drawn', 'piecewise:solver-ready'];
    await page.goto(`${base}?puzzle=${name}`, { waitUntil: 'commit' });
    await signals.wait(opened);
    const first = await marks(page);
    // Second visit: once the service worker has stored the site (data-offline="ready").
    let again = { drawn: NaN, ready: NaN };
    try {
      await page.locator('html[data-offline="ready"]').waitFor({ timeout: 30_000 });
      signals.forget();
      await page.reload({ waitUntil: 'commit' });
      await signals.wait(opened);
      again = await marks(page);
    } catch (e) {
      log(`${name}: no second visit (${e.message.split('\n')[0]})`);
    }
    return { drawn: first.drawn, ready: first.ready, drawn2: again.drawn, ready2: again.ready };
  } finally {
    await context.close();
  }
}

/**
 * A fresh load with Solve pressed as soon as the page takes it: navigation → first solution drawn.
 * The press is a click() in the page the moment the page has started and the button is enabled:
 * Playwright's own click first waits for the button to stop moving, and it moves when the
 * description arrives and the side panel grows (so it measured the drawing, not the solver).
 */
async function firstSolution(browser, base, name) {
  const { context, page } = await newPage(browser);
  try {
    const signals = await startUpSignals(page);
    await page.goto(`${base}?puzzle=${name}`, { waitUntil: 'commit' });
    await page.evaluate(() => new Promise((resolve, reject) => {
      const started = performance.now();
      const press = () => {
        const solve = document.querySelector('[data-testid="solve"]');
        if (window.piecewise && solve && !solve.disabled) {
          solve.click();
          resolve();
        } else if (performance.now() - started > 30_000) reject(new Error('Solve never enabled'));
        else setTimeout(press, 1);
      };
      press();
    }));
    await signals.wait(['piecewise:first-drawing', 'status:done', 'status:error'], { ms: 120_000, any: true });
    const m = await marks(page);
    await page.evaluate(() => document.querySelector('[data-testid="stop"]:not(:disabled)')?.click());
    return m.firstSolution;
  } finally {
    await context.close();
  }
}

const digitsOf = async (page, id) => (await page.getByTestId(id).textContent()).replace(/\D/g, '');

/**
 * Solve is pressed this long after the run is prepared: a look at the puzzle, as a user takes
 * one (the page's own start-up, such as the service worker's download, is over by then). Runs
 * with Solve pressed at once are measured too (*at once*).
 */
const LOOK_MS = 1000;

/** A page's full count that takes longer than this is reported as timed out. */
const RUN_LIMIT_MS = 30 * 60_000;

/**
 * A full count on the page, Solve pressed `lookMs` after the run is prepared; keeps the page open
 * when `keep`; `watch`: the main thread is watched during the run (watchMainThread, `mainThread`).
 */
async function pageCount(browser, base, name, workers, { keep = false, lookMs = LOOK_MS, watch = false } = {}) {
  const handle = await newPage(browser);
  const { page } = handle;
  try {
    await page.goto(`${base}?puzzle=${name}&workers=${workers}`);
    await page.locator(drawnSelector).first().waitFor({ timeout: 30_000 });
    await page.locator('body[data-solver="ready"]').waitFor({ timeout: 30_000 });
    // Solve pressed once the run is prepared and looked at (the preparation's time is reported apart).
    await page.waitForFunction(() => performance.getEntriesByName('piecewise:run-prepared').length > 0, null, { polling: 20, timeout: 120_000 });
    if (lookMs) await page.waitForTimeout(lookMs);
    const before = await marks(page);
    await watchStatus(page);
    if (watch) await watchMainThread(page);
    const clicked = await page.evaluate(() => performance.now());
    await page.getByTestId('solve').click();
    const end = await page.evaluate((ms) => Promise.race([window.__benchEnd,
      new Promise((resolve) => setTimeout(() => resolve({ status: 'timed out', at: performance.now() }), ms))]), RUN_LIMIT_MS);
    const m = await marks(page);
    const start = Number.isFinite(m.solve) ? m.solve : clicked;
    const result = {
      seconds: (end.at - start) / 1000, status: end.status, prepare: (before.prepared - before.ready) / 1000,
      left: timeLeftShown(await page.evaluate(() => window.__benchLeft), start, end.at),
      solutions: await digitsOf(page, 'solutions-found'), unique: await digitsOf(page, 'unique-found'),
      expected: await page.getByTestId('expected').evaluate((e) => ({ solutions: e.dataset.solutions, unique: e.dataset.unique })),
      error: end.status === 'done' ? '' : await page.getByTestId('error').textContent(),
      mainThread: watch ? await page.evaluate(() => {
        const { waits, long } = window.__benchMainThread;
        // (reduce, not spread: a run of half an hour holds ~36,000 probes)
        const most = (xs) => xs.reduce((a, b) => Math.max(a, b), 0);
        return { probes: waits.length, worstWait: most(waits), long: long.length, longest: most(long) };
      }) : null,
    };
    if (keep) return { ...result, handle };
    await handle.context.close();
    return result;
  } catch (e) {
    await handle.context.close();
    throw e;
  }
}

/** Solve, reload once half the run has passed, press Resume: seconds from the reload until done. */
async function resumeAfterReload(browser, base, name) {
  const handle = await newPage(browser);
  const { page } = handle;
  try {
    await page.goto(`${base}?puzzle=${name}&workers=1`);
    await page.locator('body[data-solver="ready"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('solve').click();
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="progress"]').value) >= 0.5, null, { timeout: 30 * 60_000, polling: 50 });
    const at = await page.evaluate(() => Number(document.querySelector('[data-testid="progress"]').value));
    // The recorder writes at most once a second: what a reload can lose.
    await page.waitForTimeout(1100);
    const reloaded = Date.now();
    await page.reload();
    await page.getByTestId('resume').waitFor({ state: 'visible', timeout: 30_000 });
    await page.getByTestId('resume').click();
    await page.locator('body[data-status="done"]').waitFor({ timeout: 30 * 60_000 });
    const seconds = (Date.now() - reloaded) / 1000;
    const counts = [await digitsOf(page, 'solutions-found'), await digitsOf(page, 'unique-found')];
    const want = await page.getByTestId('expected').evaluate((e) => [e.dataset.solutions, e.dataset.unique]);
    return { at, seconds, exact: counts[0] === want[0] && counts[1] === want[1] };
  } finally {
    await handle.context.close();
  }
}

/** My puzzles with 60 documents of 4 MiB: ms from navigation until the menu lists them, and the JS heap they add. */
async function myPuzzlesAtScale(browser, base) {
  const handle = await newPage(browser);
  const { page } = handle;
  try {
    const cdp = await handle.context.newCDPSession(page);
    await page.goto(`${base}?puzzle=soma`);
    await page.locator(drawnSelector).first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1000);
    const empty = await heapAfterGc(cdp);
    await seedVersion1(page, COUNT, DOCUMENT_CHARS);
    const upgrade = await menuFilled(page, COUNT);
    const filled = await menuFilled(page, COUNT);
    await page.locator(drawnSelector).first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);
    return { upgrade, filled, extraMb: (await heapAfterGc(cdp) - empty) / MB };
  } finally {
    await handle.context.close();
  }
}

/** showSolution(k): ms until currentSolutionIndex() === k and the solution is drawn, or the index reached. */
async function showTimes(page) {
  const out = [];
  for (const k of SHOW_INDICES) {
    const r = await page.evaluate(async ([k, timeout]) => {
      const view = () => document.querySelector('[data-testid="view"]');
      const t0 = performance.now();
      window.piecewise.showSolution(k);
      for (;;) {
        const index = window.piecewise.currentSolutionIndex();
        if (index === k && view()?.dataset.solution === String(k + 1)) {
          // Drawn: one frame painted after the view took it.
          await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
          return { reached: true, index, ms: performance.now() - t0, solution: window.piecewise.currentSolution() };
        }
        if (performance.now() - t0 > timeout) return { reached: false, index, ms: NaN };
        await new Promise((r) => setTimeout(r, 5));
      }
    }, [k, showTimeoutMs]).catch((e) => ({ reached: false, index: NaN, ms: NaN, error: e.message }));
    // The page's solution k must be the command line's: `solve --from k+1 --limit 1`.
    const cli = spawnSync(native, ['solve', puzzlePath(SHOW_PUZZLE), '--json', '--from', String(k + 1), '--limit', '1'], { encoding: 'utf8' });
    const same = r.reached && cli.status === 0 && solutionKey('packing', r.solution) === solutionKey('packing', JSON.parse(cli.stdout).solutions[0]);
    if (!same) failures.add(`solution ${k} not reached or not the command line's`);
    out.push({ k, ...r, same });
  }
  return out;
}

// ---- run -----------------------------------------------------------------------------------------
const env = machine(root);
const { base, server } = await startPreviewServer();
if (against && !existsSync(join(against, 'index.html'))) throw new Error(`--against ${against}: no index.html there`);
const other = against ? await startPreviewServer(against) : null;
const browser = await launchChromium();
const chromiumVersion = browser.version();
const date = new Date().toISOString().replace('T', ' ').replace(/:\d\d\.\d+Z$/, ' UTC');
log(`${date}, ${env.cores} cores (${env.model}), commit ${env.commit}, Chromium ${chromiumVersion}, WASM ${nodeVariant()} build, ${base}`);
/** What went wrong, said once each: a run that failed or counted wrong, a jump that missed, a time left over 2x off. */
const failures = new Set();

const countRows = [];
const leftRows = [];
const mainThreadRows = [];
let resumed = null;
let shows = null;
for (const name of COUNTED.filter(wanted)) {
  const want = expected(name);
  const cli = [];
  const page = { 1: [], 2: [] };
  const atOnce = { 1: [], 2: [] };
  const prepare = [];
  const problems = [];
  for (let r = 0; r < repeat; r++) {
    log(`${name}: WASM command line (${r + 1}/${repeat})`);
    const c = cliCount(name);
    cli.push(c.wall);
    if (want && (c.solutions !== want.solutions || c.unique !== want.unique)) problems.push(`CLI ${c.solutions}/${c.unique}`);
    for (const workers of [1, 2]) {
      log(`${name}: page, ${workers} worker${workers > 1 ? 's' : ''} (${r + 1}/${repeat})`);
      const keep = name === SHOW_PUZZLE && workers === 2 && r === repeat - 1;
      const p = await pageCount(browser, base, name, workers, { keep });
      page[workers].push(p.seconds);
      prepare.push(p.prepare);
      if (r === repeat - 1 && LEFT_PUZZLES.includes(name)) {
        leftRows.push([name, String(workers), ...p.left.at.map((x) => leftCell(x, name)), Number.isFinite(p.left.first) ? `${(p.left.first * 100).toFixed(0)}%` : 'never']);
      }
      const ok = p.status === 'done' && p.solutions === p.expected.solutions && p.unique === p.expected.unique
        && (!want || (p.solutions === want.solutions && p.unique === want.unique));
      if (!ok) problems.push(`page ${workers}w ${p.status} ${p.solutions}/${p.unique} ${p.error ?? ''}`.trim());
      if (keep) {
        log(`${name}: showSolution(k) for k = ${SHOW_INDICES.join(', ')}`);
        shows = await showTimes(p.handle.page);
        await p.handle.context.close();
      }
    }
    for (const workers of [1, 2]) {
      log(`${name}: page, ${workers} worker${workers > 1 ? 's' : ''}, Solve at once (${r + 1}/${repeat})`);
      const p = await pageCount(browser, base, name, workers, { lookMs: 0 });
      atOnce[workers].push(p.seconds);
      if (p.status !== 'done' || p.solutions !== p.expected.solutions) problems.push(`page ${workers}w at once ${p.status} ${p.solutions}/${p.unique} ${p.error ?? ''}`.trim());
    }
  }
  log(`${name}: page, 2 workers, the main thread watched`);
  const watched = await pageCount(browser, base, name, 2, { watch: true });
  if (watched.status !== 'done' || watched.solutions !== watched.expected.solutions) problems.push(`page 2w watched ${watched.status} ${watched.solutions}/${watched.unique}`);
  const m = watched.mainThread;
  mainThreadRows.push([name, secs(watched.seconds), String(m.probes), ms(m.worstWait), String(m.long), m.long ? ms(m.longest) : '-']);
  if (name === RESUME_PUZZLE) {
    log(`${name}: page, 1 worker, reloaded halfway and resumed`);
    resumed = { full: median(page[1]), ...await resumeAfterReload(browser, base, name) };
    if (!resumed.exact) problems.push('resumed run not exact');
  }
  for (const problem of problems) failures.add(`${name}: ${problem}`);
  const c = median(cli);
  const p1 = median(page[1]);
  const p2 = median(page[2]);
  const prep = median(prepare);
  countRows.push([name, want?.solutions ?? '?', want?.unique ?? '?', secs(c), secs(prep), secs(p1), secs(p2), ratio(prep + p1, c), ratio(prep + p2, c), ratio(p1, p2) + pairedSpread(page[1], page[2]),
    `${secs(median(atOnce[1]))} / ${secs(median(atOnce[2]))} (${ratio(median(atOnce[1]), median(atOnce[2]))})`, problems.length ? `WRONG: ${problems.join('; ')}` : 'ok']);
}

let mine = null;
if (wanted('my-puzzles')) {
  log(`My puzzles: ${COUNT} documents of 4 MiB`);
  mine = await myPuzzlesAtScale(browser, base);
}

const OPEN_KEYS = ['drawn', 'ready', 'first', 'drawn2', 'ready2'];
const openRows = [];
const openColumns = Object.fromEntries(OPEN_KEYS.map((k) => [k, []]));
const againstRows = [];
const againstColumns = { drawn: [[], []], ready: [[], []], first: [[], []] };
for (const name of library.filter(wanted)) {
  // Per build (this one, and the one --against serves): the loads' figures.
  const loads = [[], []];
  for (let r = 0; r < repeat; r++) {
    // Alternating which build goes first, so that neither always meets the other's leftovers.
    const order = other ? (r % 2 ? [1, 0] : [0, 1]) : [0];
    for (const b of order) {
      log(`${name}: opening${other ? (b ? ' (against)' : ' (this build)') : ''} (${r + 1}/${repeat})`);
      const url = b ? other.base : base;
      try {
        const o = await openTimes(browser, url, name);
        loads[b].push({ ...o, first: await firstSolution(browser, url, name) });
      } catch (e) {
        if (!b) failures.add(`${name}: not opened`);
        log(`${name}: ${e.message.split('\n')[0]}`);
      }
    }
  }
  const rowOf = (xs) => Object.fromEntries(OPEN_KEYS.map((k) => [k, median(xs.map((x) => x[k]))]));
  const row = rowOf(loads[0]);
  for (const k of OPEN_KEYS) openColumns[k].push(row[k]);
  openRows.push([name, ...OPEN_KEYS.map((k) => ms(row[k]))]);
  if (other) {
    const was = rowOf(loads[1]);
    for (const k of Object.keys(againstColumns)) againstColumns[k][0].push(row[k]), againstColumns[k][1].push(was[k]);
    againstRows.push([name, ...Object.keys(againstColumns).flatMap((k) => [ms(was[k]), ms(row[k]), ratio(was[k], row[k])])]);
  }
}
await browser.close();
server.kill();
other?.server.kill();

// ---- report --------------------------------------------------------------------------------------
const lines = [];
lines.push(`Run of ${date} on ${env.cores} cores (${env.model}), commit ${env.commit}, Chromium ${chromiumVersion}, the ${nodeVariant()} WASM build`
  + `${repeat > 1 ? `, medians of ${repeat} runs` : ''}: \`npm run bench:page${args.length ? ` -- ${args.join(' ')}` : ''}\`.`);
if (countRows.length) {
  lines.push('', 'Full counts: the WASM command line (`count`, one thread, wall time of the process under Node) and the page, in seconds. '
    + 'The page prepares a run while the puzzle is looked at (the search\'s choices and its jobs, in one worker: *prepare s*, from the solver ready to the run prepared); '
    + `Solve is pressed ${LOOK_MS / 1000} s after it is prepared (a look at the puzzle), and *page s* runs from Solve to status done, \`?workers=1\` and \`?workers=2\`. `
    + 'Against the command line, which does the same preparation, the page\'s time counts its preparation too (*prepare + page / CLI*); *1w / 2w* compares the runs from Solve'
    + (repeat > 1 ? ' (the medians\' ratio, then the lowest and highest of the ratios taken repeat by repeat: the host\'s swing)' : '') + '. '
    + '*At once*: other loads with Solve pressed the moment the run is prepared (1 worker s / 2 workers s, and 1w / 2w), while the page still starts up. '
    + 'Counts read from the page and checked against the expected ones.', '');
  lines.push(...formatTable([['puzzle', 'solutions', 'unique', 'CLI s', 'prepare s', 'page 1 worker s', 'page 2 workers s', 'prepare + page 1w / CLI', 'prepare + page 2w / CLI', '1w / 2w', 'at once: 1w / 2w s', 'counts'], ...countRows]));
  if (leftRows.length) {
    lines.push('', 'Time left shown by the page when 10%, 25% and 50% of the run had passed, against the real time left (shown / real, and the ratio of the larger to the smaller; '
      + `the target is 2x at most on ${LEFT_TARGET.join(', ')}), and the share of the run that had passed when it first showed a time left (before: "estimating…").`, '');
    lines.push(...formatTable([['puzzle', 'workers', ...LEFT_AT.map((f) => `at ${f * 100}%`), 'first shown at'], ...leftRows]));
  }
}
if (mainThreadRows.length) {
  lines.push('', `The main thread during a full count (\`?workers=2\`, Solve pressed after the look, a load of its own): a timer due every ${PROBE_MS} ms `
    + 'from the press to the end posts it a message (*probes*); the longest wait from a timer due to its message handled (what an input would wait at most: the target is 50 ms), '
    + 'and the tasks of 50 ms or more it ran (long tasks: how many, the longest).', '');
  lines.push(...formatTable([['puzzle', 'run s', 'probes', 'longest wait ms', 'long tasks', 'longest task ms'], ...mainThreadRows]));
}
if (resumed) {
  lines.push('', `A run resumed after a reload: ${RESUME_PUZZLE} (\`?workers=1\`) reloaded once ${(resumed.at * 100).toFixed(0)}% of the run was done, `
    + 'then Resume pressed; the time from the reload to done against the whole run above (the target is 0.8x at most).', '');
  lines.push(...formatTable([['puzzle', 'whole run s', 'after the reload s', 'after / whole', 'counts'],
    [RESUME_PUZZLE, secs(resumed.full), secs(resumed.seconds), ratio(resumed.seconds, resumed.full), resumed.exact ? 'exact' : 'WRONG']]));
}
if (mine) {
  lines.push('', `My puzzles holding ${COUNT} documents of 4 MiB (stored as the first version of the store kept them): ms from navigation until `
    + 'the menu lists them, on the first load (which splits the store) and the next one, and the JS heap they add to the tab (the aims: 1 s and 50 MB at most).', '');
  lines.push(...formatTable([['menu, first load ms', 'menu, next load ms', 'JS heap added MB'], [ms(mine.upgrade), ms(mine.filled), mine.extraMb.toFixed(1)]]));
}
if (openRows.length) {
  lines.push('', 'Opening a link (`?puzzle=NAME`), in ms since navigation, each in a fresh browser context: the puzzle drawn '
    + '(mark `piecewise:puzzle-drawn`), the search worker ready (`piecewise:solver-ready`), the first solution drawn with Solve '
    + 'pressed as soon as the page takes it (another fresh load), and drawn / ready again after a reload (service worker and compiled code cached). '
    + 'The page reports its marks on the console as it makes them: nothing is injected into it or polled while it starts.', '');
  openRows.push(['**median**', ...OPEN_KEYS.map((k) => `**${ms(median(openColumns[k]))}**`)]);
  openRows.push(['**max**', ...OPEN_KEYS.map((k) => `**${ms(Math.max(...openColumns[k].filter(Number.isFinite)))}**`)]);
  lines.push(...formatTable([['puzzle', 'drawn ms', 'solver ready ms', 'first solution ms', 'drawn, reload ms', 'ready, reload ms'], ...openRows]));
}
if (againstRows.length) {
  lines.push('', `The same loads of this build alternating with loads of the build in \`${against}\` (\`--against\`): ms since `
    + 'navigation, that build / this one, and the ratio (above 1: this build is faster).', '');
  const summary = (f) => Object.keys(againstColumns).flatMap((k) => {
    const [now, was] = againstColumns[k].map(f);
    return [`**${ms(was)}**`, `**${ms(now)}**`, `**${ratio(was, now)}**`];
  });
  againstRows.push(['**median**', ...summary(median)]);
  againstRows.push(['**max**', ...summary((xs) => Math.max(...xs.filter(Number.isFinite)))]);
  lines.push(...formatTable([['puzzle', 'drawn, against', 'drawn', 'ratio', 'ready, against', 'ready', 'ratio', 'first solution, against', 'first solution', 'ratio'], ...againstRows]));
}
if (shows) {
  lines.push('', `Browsing after a full count of ${SHOW_PUZZLE} (\`?workers=2\`): \`window.piecewise.showSolution(k)\` until `
    + `\`currentSolutionIndex() === k\` and the solution is drawn (given up after ${showTimeoutMs / 1000} s: the index it stayed at).`, '');
  lines.push(...formatTable([['k', 'ms', 'index reached', 'same as solve --from k+1'], ...shows.map((s) => [String(s.k), s.reached ? ms(s.ms) : 'not reached',
    Number.isFinite(s.index) ? String(s.index) : `- ${s.error ?? ''}`, s.same ? 'yes' : 'NO'])]));
}
const report = lines.join('\n');
console.log(report);

if (write) {
  log(`written into ${writeSection(root, 'page', 'The page', report)}`);
}
if (failures.size) {
  console.error(`bench:page: ${[...failures].join('; ')} (see above)`);
  process.exit(1);
}
