// When the page's start-up is over (web/src/ui/start-up.ts), which the service worker's
// registration waits for: drawn, a worker ready, and a run started at once past its first
// solution. Node has performance marks and PerformanceObserver; the page's body is a stand-in.
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
    disconnect() {}
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  statusWatchers.length = 0;
  performance.clearMarks();
});

const setStatus = (s: string) => {
  body.dataset.status = s;
  for (const w of statusWatchers) w();
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

  it('a run started meanwhile keeps it going until its first solution is drawn, or the run ends', () => {
    performance.mark('piecewise:solver-ready');
    performance.mark('piecewise:puzzle-drawn');
    body.dataset.status = 'running';
    expect(startUpOver()).toBe(false);
    performance.mark('piecewise:first-drawing');
    expect(startUpOver()).toBe(true);
    performance.clearMarks('piecewise:first-drawing');
    body.dataset.status = 'done';
    expect(startUpOver()).toBe(true);
  });

  it('afterStartUp waits for the marks and the run, and settles', async () => {
    const over = afterStartUp(10_000);
    performance.mark('piecewise:puzzle-drawn');
    setStatus('running');
    performance.mark('piecewise:solver-ready');
    expect(await settled(over)).toBe(false);
    setStatus('done');
    expect(await settled(over)).toBe(true);
  });

  it('afterStartUp settles on the last mark (seen through a PerformanceObserver)', async () => {
    const over = afterStartUp(10_000);
    performance.mark('piecewise:solver-ready');
    expect(await settled(over)).toBe(false);
    performance.mark('piecewise:puzzle-drawn');
    expect(await settled(over)).toBe(true);
  });

  it('afterStartUp gives up waiting after its timeout (a page that never draws)', async () => {
    expect(await settled(afterStartUp(10))).toBe(true);
  });
});
