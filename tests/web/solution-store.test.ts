// The page's solution store, without a DOM: the sample kept while a run goes on, search order
// over tasks, settled solutions, the numbering once the run is over, solutions fetched by
// number, unique-only browsing, browsing only the assemblies that come apart, counting.
import { describe, expect, it } from 'vitest';
import type { SolutionBatch } from '../../web/src/protocol/messages';
import { SolutionStore } from '../../web/src/ui/solution-store';
import { RunTally } from '../../web/src/worker/run-tally';

/**
 * A batch of records with these ordinals; record o holds `size` ints all equal to 1000 * task + o,
 * representatives where `representative(o)` (their unique ordinals counted from `reps`), and of
 * those, the ones that come apart where `apart(o)` (level [o + 1]; the others stay locked), or
 * none taken apart without `apart`.
 */
function batch(task: number, ordinals: number[], representative: (o: number) => boolean = () => false, size = 1,
  apart?: (o: number) => boolean): SolutionBatch {
  const data = new Int32Array(ordinals.length * size);
  ordinals.forEach((o, i) => data.fill(1000 * task + o, i * size, (i + 1) * size));
  const before = (test: (k: number) => boolean) => ordinals.map((o) => Array.from({ length: o }, (_, k) => k).filter(test).length);
  const comesApart = (o: number) => !!apart && representative(o) && apart(o);
  const levels = ordinals.map((o) => (comesApart(o) ? [o + 1] : []));
  return {
    data,
    offsets: Int32Array.from({ length: ordinals.length + 1 }, (_, i) => i * size),
    representative: Uint8Array.from(ordinals, (o) => (representative(o) ? 1 : 0)),
    ordinal: Float64Array.from(ordinals),
    uniqueOrdinal: Float64Array.from(before(representative)),
    apart: Uint8Array.from(ordinals, (o) => (!apart || !representative(o) ? 0 : comesApart(o) ? 1 : 2)),
    apartOrdinal: Float64Array.from(before(comesApart)),
    level: Int32Array.from(levels.flat()),
    levelOffsets: Int32Array.from([0, ...levels.map((_, i) => levels.slice(0, i + 1).flat().length)]),
  };
}
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
/** First int of every record that can be browsed (undefined where the page does not hold it). */
const shown = (s: SolutionStore) => range(0, s.size).map((n) => s.record(n)?.data[0]);
const even = (o: number) => o % 2 === 0;

/**
 * A finished run: task t has counts[t] solutions, every even ordinal a representative, every
 * multiple of 4 one that comes apart.
 */
function finished(s: SolutionStore, counts: number[]) {
  const t = new RunTally(counts.length, () => 0);
  counts.forEach((n, i) => {
    const c = { nodes: 1, solutions: n, unique: Math.ceil(n / 2), apart: Math.ceil(n / 4) };
    t.report(i, c, 1, true);
    s.completeTask(i, c);
  });
  s.finish(t.numbering());
}

describe('SolutionStore', () => {
  it('shows first the run\'s first solution: a kept one once every task before its own is done', () => {
    const s = new SolutionStore();
    s.reset(4);
    const c = (solutions: number) => ({ solutions, unique: 0, apart: 0 });
    // Task 3, drawn at random, sends first: tasks 0-2 may hold earlier solutions.
    s.add(3, batch(3, [0, 1]));
    expect(s.current).toBe(-1);
    s.completeTask(0, c(0));
    s.completeTask(2, c(0));
    expect(s.current).toBe(-1);
    // Task 1 under way sends its first: before it, task 0 is done without one.
    s.add(1, batch(1, [0]));
    expect(s.current).toBe(0);
    expect(s.currentRecord()?.data[0]).toBe(1000);
    // Once shown, it stays: later solutions of earlier tasks do not take its place.
    const other = new SolutionStore();
    other.reset(3);
    other.add(2, batch(2, [0]));
    other.completeTask(0, c(0));
    other.completeTask(1, c(0));
    expect(other.currentRecord()?.data[0]).toBe(2000);
    // Or when the page stops waiting for the tasks before it.
    const waited = new SolutionStore();
    waited.reset(3);
    waited.add(2, batch(2, [0]));
    expect(waited.current).toBe(-1);
    expect(waited.showKept()).toBe(true);
    expect(waited.currentRecord()?.data[0]).toBe(2000);
    expect(waited.showKept()).toBe(false);
  });

  it('keeps the sample, makes the first solution current and counts from what it received', () => {
    const s = new SolutionStore();
    s.reset(2);
    expect(s.current).toBe(-1);
    expect(s.currentRecord()).toBeUndefined();
    s.add(0, batch(0, [0], () => true));
    expect(s.current).toBe(0);
    s.add(0, batch(0, [1, 2, 3], (o) => o === 2 || o === 0));
    expect(s.size).toBe(4);
    expect([s.raw, s.uniqueFound]).toEqual([4, 2]);
    expect(s.record(2)!.representative).toBe(true);
    // The workers' counts win once they are larger, and never go down while running.
    s.takeCounts({ solutions: 10, unique: 3, apart: 0 });
    s.takeCounts({ solutions: 7, unique: 1, apart: 0 });
    expect([s.raw, s.uniqueFound]).toEqual([10, 3]);
    s.reset();
    expect([s.size, s.raw, s.uniqueFound, s.current, s.keptCount]).toEqual([0, 0, 0, -1, 0]);
  });

  it('a rerun task\'s batches that repeat ordinals are not kept twice', () => {
    const s = new SolutionStore();
    s.reset(1);
    s.add(0, batch(0, [0, 1, 2]));
    s.add(0, batch(0, [1, 2]));
    s.add(0, batch(0, [3]));
    expect(shown(s)).toEqual([0, 1, 2, 3]);
  });

  it('browses the sample in search order while running, the one on screen staying as others arrive before it', () => {
    const s = new SolutionStore();
    s.reset(3);
    s.add(2, batch(2, [0, 1]));
    s.add(0, batch(0, [0]));
    expect(s.currentRecord()!.data[0]).toBe(0);
    expect(s.select(1)).toBe(true);
    expect(s.currentRecord()!.data[0]).toBe(2000);
    s.add(0, batch(0, [1, 2]));
    expect(shown(s)).toEqual([0, 1, 2, 2000, 2001]);
    expect(s.current).toBe(3);
    expect(s.select(99)).toBe(true);
    expect(s.current).toBe(4);
    expect(s.select(-5)).toBe(true);
    expect(s.current).toBe(0);
    expect(s.select(1.7)).toBe(true);
    expect(s.current).toBe(1);
    expect(s.select(Number.NaN)).toBe(false);
  });

  it('the one on screen moves down as solutions arrive in tasks before its own, and only then', () => {
    const s = new SolutionStore();
    s.reset(4);
    s.add(2, batch(2, [0, 1]));
    s.select(1);
    expect(s.current).toBe(1);
    s.add(2, batch(2, [2])); // after it in its own task
    s.add(3, batch(3, [0]));
    expect(s.current).toBe(1);
    s.add(1, batch(1, [0, 1]));
    expect(s.current).toBe(3);
    s.add(0, batch(0, [0]));
    expect(s.current).toBe(4);
    expect(s.currentRecord()!.data[0]).toBe(2001);
  });

  it('settled: solutions whose number is final, up to the first task still running or not sent in full', () => {
    const s = new SolutionStore();
    s.reset(3);
    s.add(0, batch(0, [0, 1]));
    s.add(1, batch(1, [0]));
    expect(s.settled).toBe(2);
    s.completeTask(0, { solutions: 2, unique: 1, apart: 0 });
    expect(s.settled).toBe(3);
    s.completeTask(1, { solutions: 5, unique: 3, apart: 0 });
    expect(s.settled).toBe(3);  // task 1 sent 1 of its 5
  });

  it('once the run is over, every solution has its number: held ones at once, the others fetched', () => {
    const s = new SolutionStore();
    s.reset(3);
    s.add(0, batch(0, [0, 1, 2], even));
    s.add(2, batch(2, [0], even));
    s.select(3);  // 2000
    finished(s, [3, 4, 2]);
    expect(s.size).toBe(9);
    expect([s.raw, s.uniqueFound]).toEqual([9, 5]);
    expect(s.current).toBe(7);
    expect(shown(s)).toEqual([0, 1, 2, undefined, undefined, undefined, undefined, 2000, undefined]);
    expect(s.place(5)).toEqual({ task: 1, position: 2, scope: 'all' });
    expect(s.place(9)).toBeNull();
    s.putFetched({ task: 1, position: 1, scope: 'all' }, batch(1, [1, 2, 3], even));
    expect(shown(s)).toEqual([0, 1, 2, undefined, 1001, 1002, 1003, 2000, undefined]);
    expect(s.select(5)).toBe(true);
    expect(s.currentRecord()!.data[0]).toBe(1002);
  });

  it('unique only: representatives numbered among themselves, the one on screen kept when it is one', () => {
    const s = new SolutionStore();
    s.reset(2);
    s.add(0, batch(0, [0, 1, 2, 3], even));
    s.select(2);  // 2: a representative
    s.setScope('unique');
    expect(shown(s)).toEqual([0, 2]);
    expect(s.current).toBe(1);
    finished(s, [4, 3]);
    expect(s.size).toBe(4);
    expect(s.current).toBe(1);
    expect(s.place(2)).toEqual({ task: 1, position: 0, scope: 'unique' });
    s.putFetched({ task: 1, position: 0, scope: 'unique' }, batch(1, [0, 2], even));
    expect(shown(s)).toEqual([0, 2, 1000, 1002]);
    s.setScope('all');
    expect(s.current).toBe(2);
    // The representatives fetched know their place among every solution too.
    expect(shown(s)).toEqual([0, 1, 2, 3, 1000, undefined, 1002]);
  });

  it('a run that takes apart: assemblies and those that come apart, each with its verdict and level, numbered among themselves', () => {
    const s = new SolutionStore();
    s.reset(2);
    s.scope = 'unique';  // a run that takes apart browses its assemblies (representatives)
    const quarter = (o: number) => o % 4 === 0;
    s.add(0, batch(0, [0, 2], even, 1, quarter));
    s.add(1, batch(1, [0], even, 1, quarter));
    expect([s.uniqueFound, s.apartFound]).toEqual([3, 2]);
    s.select(1);  // 2: an assembly that stays locked
    expect(s.currentRecord()).toMatchObject({ verdict: 'locked', level: new Int32Array() });
    s.setScope('apart');
    expect(shown(s)).toEqual([0, 1000]);
    expect(s.current).toBe(0);  // the locked one is not among them: the first is shown
    expect(s.currentRecord()).toMatchObject({ verdict: 'comes-apart', level: Int32Array.of(1) });
    s.takeCounts({ solutions: 9, unique: 5, apart: 3 });
    expect(s.apartFound).toBe(3);
    finished(s, [6, 5]);  // task 0: apart 0, 4; task 1: apart 0, 4
    expect([s.size, s.apartFound]).toEqual([4, 4]);
    expect(shown(s)).toEqual([0, undefined, 1000, undefined]);
    expect(s.place(3)).toEqual({ task: 1, position: 1, scope: 'apart' });
    s.putFetched({ task: 1, position: 1, scope: 'apart' }, batch(1, [4], even, 1, quarter));
    expect(shown(s)[3]).toBe(1004);
    s.select(3);
    expect(s.currentRecord()!.level).toEqual(Int32Array.of(5));
    // Back to every assembly: the one shown keeps its place among them.
    s.setScope('unique');
    expect(s.currentRecord()!.data[0]).toBe(1004);
    expect(s.current).toBe(3 + 2);
  });
});
