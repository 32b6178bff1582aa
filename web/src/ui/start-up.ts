// When the page's start-up is over: the first puzzle drawn and a search worker ready (the page's
// marks, see puzzle-panel.ts and app.ts), or `timeoutMs` at most (a link to no puzzle, a solver
// that cannot load). Work that can wait (the service worker storing the whole site) waits for
// it, so that it does not take a core from the start-up on a small machine.
const WANTED = ['piecewise:puzzle-drawn', 'piecewise:solver-ready'];

export function afterStartUp(timeoutMs = 3000): Promise<void> {
  return new Promise((resolve) => {
    const seen = () => WANTED.every((name) => performance.getEntriesByName(name, 'mark').length > 0);
    if (seen() || typeof PerformanceObserver === 'undefined') return resolve();
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver(() => {
      if (seen()) done();
    });
    observer.observe({ type: 'mark' });
    const timer = setTimeout(done, timeoutMs);
  });
}
