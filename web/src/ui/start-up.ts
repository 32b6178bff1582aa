// When the page is done starting and idle, for work that can wait (the service worker storing the
// whole site: both .wasm builds, three.js), so that it does not take a core from the start-up or
// from a run on a small machine. Start-up is over once the first puzzle is drawn and a search
// worker is ready (the page's marks, see puzzle-panel.ts and app.ts), or after `startUpMs` (a link
// to no puzzle, a solver that cannot load); then the page must stay without a run for a while: a
// run going (a link that solves, Solve pressed at once) is waited for until it ends, `runMs` at
// most (a count can take minutes).
const WANTED = ['piecewise:puzzle-drawn', 'piecewise:solver-ready'];

const marked = (name: string) => performance.getEntriesByName(name, 'mark').length > 0;

/** The first puzzle is drawn and a search worker is ready. */
export function startUpOver(): boolean {
  return WANTED.every(marked);
}

const running = () => document.body.dataset.status === 'running';

/** Resolves once `ready()` holds (checked on every mark and status change) or after `ms`. */
function until(ready: () => boolean, ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (ready()) return resolve();
    const check = () => {
      if (ready()) done();
    };
    const done = () => {
      marks?.disconnect();
      status.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const marks = typeof PerformanceObserver === 'undefined' ? null : new PerformanceObserver(check);
    marks?.observe({ type: 'mark' });
    const status = new MutationObserver(check);
    status.observe(document.body, { attributes: true, attributeFilter: ['data-status'] });
    const timer = setTimeout(done, ms);
  });
}

/**
 * Start-up over, then no run for `quietMs` (a run started meanwhile is waited for, `runMs` at
 * most): Solve pressed as soon as the puzzle is prepared gets the cores to itself.
 */
export async function afterStartUp({ startUpMs = 5000, runMs = 30_000, quietMs = 2000 } = {}): Promise<void> {
  await until(startUpOver, startUpMs);
  const end = performance.now() + runMs;
  for (;;) {
    await until(() => !running(), end - performance.now());
    if (performance.now() >= end) return;
    await until(running, quietMs);
    if (!running()) return;
  }
}
