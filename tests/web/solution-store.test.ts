// The page's solution store, without a DOM: keeping, capping, counting and browsing.
import { describe, expect, it } from 'vitest';
import type { SolutionRecord } from '../../web/src/protocol/messages';
import { SolutionStore } from '../../web/src/ui/solution-store';

const rec = (index: number, representative = false): SolutionRecord => ({ index, representative, data: Int32Array.of(index) });

describe('SolutionStore', () => {
  it('keeps records, makes the first one current and counts from what it saw', () => {
    const s = new SolutionStore();
    expect(s.current).toBe(-1);
    expect(s.currentRecord()).toBeUndefined();
    s.add([rec(0, true)]);
    expect(s.current).toBe(0);
    s.add([rec(1), rec(2, true), rec(3)]);
    expect(s.size).toBe(4);
    expect(s.raw).toBe(4);
    expect(s.unique).toBe(2);
    expect(s.record(2)!.data[0]).toBe(2);
    // The worker's counts win once they are larger, and never go down.
    s.takeCounts({ solutions: 10, unique: 3 });
    s.takeCounts({ solutions: 7, unique: 1 });
    expect([s.raw, s.unique]).toEqual([10, 3]);
  });

  it('keeps only representatives when asked, counting all', () => {
    const s = new SolutionStore();
    s.reset(true);
    s.add([rec(0, true), rec(1), rec(2), rec(3, true)]);
    expect(s.size).toBe(2);
    expect(s.record(1)!.index).toBe(3);
    expect(s.raw).toBe(4);
    expect(s.unique).toBe(2);
  });

  it('stops keeping at the cap but goes on counting', () => {
    const s = new SolutionStore(3);
    s.add([rec(0), rec(1), rec(2), rec(3), rec(4)]);
    expect(s.size).toBe(3);
    expect(s.capReached).toBe(true);
    expect(s.raw).toBe(5);
    s.reset();
    expect([s.size, s.capReached, s.raw, s.current]).toEqual([0, false, 0, -1]);
  });

  it('browses within what is kept, saying when the current solution changes', () => {
    const s = new SolutionStore();
    expect(s.select(3)).toBe(false);
    s.add([rec(0), rec(1), rec(2)]);
    expect(s.select(0)).toBe(false);
    expect(s.select(2)).toBe(true);
    expect(s.select(99)).toBe(false);
    expect(s.current).toBe(2);
    expect(s.select(-5)).toBe(true);
    expect(s.current).toBe(0);
    expect(s.select(1.7)).toBe(true);
    expect(s.current).toBe(1);
    expect(s.select(Number.NaN)).toBe(false);
    expect(s.currentRecord()!.index).toBe(1);
  });
});
