// The page's solution store, without a DOM: keeping batches, search order over tasks, the
// byte budget and its spread sample, counting and browsing.
import { describe, expect, it } from 'vitest';
import { batchBytes, type SolutionBatch } from '../../web/src/protocol/messages';
import { SolutionStore } from '../../web/src/ui/solution-store';

/** A batch of records with these ordinals; record o holds `size` ints all equal to o. */
function batch(ordinals: number[], size = 1, representative: (o: number) => boolean = () => false): SolutionBatch {
  const data = new Int32Array(ordinals.length * size);
  ordinals.forEach((o, i) => data.fill(o, i * size, (i + 1) * size));
  return {
    data,
    offsets: Int32Array.from({ length: ordinals.length + 1 }, (_, i) => i * size),
    representative: Uint8Array.from(ordinals, (o) => (representative(o) ? 1 : 0)),
    ordinal: Float64Array.from(ordinals),
  };
}
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
/** Task and first int of every kept record, in order. */
const kept = (s: SolutionStore) => range(0, s.size).map((n) => `${s.record(n)!.task}:${s.record(n)!.data[0]}`);

describe('SolutionStore', () => {
  it('keeps batches, makes the first solution current and counts from what it received', () => {
    const s = new SolutionStore();
    expect(s.current).toBe(-1);
    expect(s.currentRecord()).toBeUndefined();
    s.add(0, batch([0], 3, () => true));
    expect(s.current).toBe(0);
    s.add(0, batch([1, 2, 3], 3, (o) => o === 2));
    expect(s.size).toBe(4);
    expect([s.raw, s.unique]).toEqual([4, 2]);
    expect(Array.from(s.record(2)!.data)).toEqual([2, 2, 2]);
    expect(s.record(2)!.representative).toBe(true);
    // The workers' counts win once they are larger, and never go down.
    s.takeCounts({ solutions: 10, unique: 3 });
    s.takeCounts({ solutions: 7, unique: 1 });
    expect([s.raw, s.unique]).toEqual([10, 3]);
    s.reset();
    expect([s.size, s.raw, s.unique, s.current, s.bytes, s.stride]).toEqual([0, 0, 0, -1, 0, 1]);
  });

  it('browses within what is kept, saying when the current solution changes', () => {
    const s = new SolutionStore();
    expect(s.select(3)).toBe(false);
    s.add(0, batch([0, 1]));
    s.add(0, batch([2]));
    expect(s.select(0)).toBe(false);
    expect(s.select(2)).toBe(true);
    expect(s.select(99)).toBe(false);
    expect(s.current).toBe(2);
    expect(s.select(-5)).toBe(true);
    expect(s.current).toBe(0);
    expect(s.select(1.7)).toBe(true);
    expect(s.current).toBe(1);
    expect(s.select(Number.NaN)).toBe(false);
    expect(s.currentRecord()!.ordinal).toBe(1);
  });

  it('orders solutions by the tasks\' places in the search tree, not by arrival', () => {
    const s = new SolutionStore();
    s.addTask(0, null);
    s.add(0, batch([0, 1]));
    s.addTask(1, 0); // given away by task 0: after it
    s.add(1, batch([0]));
    s.addTask(2, 0); // given away by task 0 later: between task 0 and task 1
    s.add(2, batch([0, 1]));
    s.add(0, batch([2]));
    expect(kept(s)).toEqual(['0:0', '0:1', '0:2', '2:0', '2:1', '1:0']);
    // The solution on screen stays the same while others arrive before it.
    s.select(3);
    s.add(0, batch([3]));
    expect(s.current).toBe(4);
    expect(s.currentRecord()).toMatchObject({ task: 2, ordinal: 0 });
    // Only the numbers that cannot change are settled: the first unfinished task's and before.
    expect(s.settled).toBe(4);
    s.completeTask(0);
    expect(s.settled).toBe(6);
    s.completeTask(2);
    expect(s.settled).toBe(7);
  });

  it('never keeps a solution twice when a task is searched again', () => {
    const s = new SolutionStore();
    s.add(0, batch([0, 1, 2]));
    // The rerun was told to skip 3, but a batch sent before may overlap.
    s.add(0, batch([1, 2, 3, 4]));
    expect(kept(s)).toEqual(['0:0', '0:1', '0:2', '0:3', '0:4']);
  });

  it('past its budget keeps a spread sample, compacted a little at a time, within the budget', () => {
    const recordBytes = batchBytes(batch([0], 100));
    const s = new SolutionStore(recordBytes * 20);
    for (let o = 0; o < 40; o += 4) s.add(0, batch(range(o, o + 4), 100));
    // 21 records went over the budget: the stride doubled; compaction has not run yet.
    expect(s.stride).toBe(2);
    expect(s.full).toBe(true);
    let t = 0;
    const clock = () => (t += 1);
    let rounds = 0;
    while (s.compact(2, clock)) rounds++;
    expect(rounds).toBeGreaterThan(0);
    expect(s.full).toBe(false);
    // Later batches keep multiples of the stride only; the sample spans the whole run.
    for (let o = 40; o < 200; o += 4) {
      s.add(0, batch(range(o, o + 4), 100));
      while (s.compact(1000)) { /* as the page does between renders */ }
    }
    expect(s.bytes).toBeLessThanOrEqual(s.budget);
    expect(s.stride).toBe(16);
    const ordinals = range(0, s.size).map((n) => s.record(n)!.ordinal);
    expect(ordinals.every((o) => o % s.stride === 0)).toBe(true);
    expect(ordinals[0]).toBe(0);
    expect(ordinals.at(-1)).toBeGreaterThanOrEqual(180);
    expect(s.raw).toBe(200);
    expect(s.sampled).toBe(true);
  });

  it('keeps the solution on screen when thinning', () => {
    const recordBytes = batchBytes(batch([0], 10));
    const s = new SolutionStore(recordBytes * 8);
    s.add(0, batch(range(0, 8), 10));
    s.select(5);
    s.add(0, batch([8], 10));
    while (s.compact(1000)) { /* */ }
    expect(s.currentRecord()!.ordinal).toBe(5);
    expect(range(0, s.size).map((n) => s.record(n)!.ordinal)).toEqual([0, 2, 4, 5, 6, 8]);
  });

  it('keeps a batch arriving as it is, without copying it', () => {
    const s = new SolutionStore();
    const b = batch([0, 1, 2], 5);
    s.add(0, b);
    expect(s.record(1)!.data.buffer).toBe(b.data.buffer);
    expect(s.bytes).toBe(batchBytes(b));
  });
});
