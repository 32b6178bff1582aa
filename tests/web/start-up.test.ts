// When the page is done starting and idle (web/src/ui/start-up.ts), which the service worker's
// registration waits for: drawn, a worker ready, and no run going. Node has performance marks and
// PerformanceObserver; the page's body is a stand-in.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterStartUp, startUpOver } from '../../web/src/ui/start-up';

const body = { dataset: {} as Record<string, string> };
const statusWatchers: (() => void)[] = [];

beforeEach(() => {
  performance.clearMarks();
  body.dataset = { status: 'idle' };
  vi.stubGlobal('document', { body });
  vi.stubGlobal('MutationObserver', class {
    constructor(private readonly cb: () => void) {}
    observe() {
      statusWatchers.push(this.cb);
    }
    disconnect() {
      statusWatchers.splice(statusWatchers.indexOf(this.cb), 1);
    }
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  statusWatchers.length = 0;
  performance.clearMarks();
});

const setStatus = (s: string) => {
  body.dataset.status = s;
  for (const w of [...statusWatchers]) w();
};
const settled = async (p: Promise<void>) => Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 50))]);

describe('start-up', () => {
  it('is over once the puzzle is drawn and a search worker is ready, in either order', () => {
    expect(startUpOver()).toBe(false);
    performance.mark('piecewise:solver-ready');
    expect(startUpOver()).toBe(false);
    performance.mark('piecewise:puzzle-drawn');
    expect(startUpOver()).toBe(true);
  });

  it('afterStartUp settles on the last mark (seen through a PerformanceObserver)', async () => {
    const over = afterStartUp({ quietMs: 0 });
    performance.mark('piecewise:solver-ready');
    expect(await settled(over)).toBe(false);
    performance.mark('piecewise:puzzle-drawn');
    expect(await settled(over)).toBe(true);
  });

  it('then waits for a run started meanwhile to end', async () => {
    const over = afterStartUp({ quietMs: 0 });
    setStatus('running');
    performance.mark('piecewise:puzzle-drawn');
    performance.mark('piecewise:solver-ready');
    expect(await settled(over)).toBe(false);
    setStatus('done');
    expect(await settled(over)).toBe(true);
  });

  it('gives up waiting for a page that never draws, and for a run that goes on', async () => {
    expect(await settled(afterStartUp({ startUpMs: 10, quietMs: 0 }))).toBe(true);
    performance.mark('piecewise:puzzle-drawn');
    performance.mark('piecewise:solver-ready');
    body.dataset.status = 'running';
    expect(await settled(afterStartUp({ runMs: 10 }))).toBe(true);
  });

  it('waits for the page to stay without a run for quietMs, a run started meanwhile included', async () => {
    performance.mark('piecewise:puzzle-drawn');
    performance.mark('piecewise:solver-ready');
    const over = afterStartUp({ quietMs: 100 });
    // Solve pressed at once (before quietMs): its run is waited for, then quietMs again.
    setStatus('running');
    expect(await settled(over)).toBe(false);
    setStatus('done');
    expect(await settled(over)).toBe(false);
    setStatus('running');
    setStatus('done');
    await new Promise((r) => setTimeout(r, 60));
    expect(await settled(over)).toBe(true);
  });
});
