// When the page's start-up is over: the first puzzle drawn and a search worker ready (the page's
// marks, see puzzle-panel.ts and app.ts) and, when a run was started meanwhile (a link that
// solves, a Solve pressed at once), its first solution drawn or the run over; `timeoutMs` at most
// (a link to no puzzle, a solver that cannot load). Work that can wait (the service worker storing
// the whole site) waits for it, so that it does not take a core from the start-up on a small machine.
const WANTED = ['piecewise:puzzle-drawn', 'piecewise:solver-ready'];

const marked = (name: string) => performance.getEntriesByName(name, 'mark').length > 0;

/** True once the page has drawn, a worker is ready, and no run is waiting for its first solution. */
export function startUpOver(): boolean {
  if (!WANTED.every(marked)) return false;
  return document.body.dataset.status !== 'running' || marked('piecewise:first-drawing');
}

export function afterStartUp(timeoutMs = 5000): Promise<void> {
  return new Promise((resolve) => {
    if (startUpOver() || typeof PerformanceObserver === 'undefined') return resolve();
    const check = () => {
      if (startUpOver()) done();
    };
    const done = () => {
      marks.disconnect();
      status.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const marks = new PerformanceObserver(check);
    marks.observe({ type: 'mark' });
    const status = new MutationObserver(check);
    status.observe(document.body, { attributes: true, attributeFilter: ['data-status'] });
    const timer = setTimeout(done, timeoutMs);
  });
}
