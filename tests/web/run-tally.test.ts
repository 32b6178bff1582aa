// RunTally (merged counts of a run's tasks), the time-left estimate and the worker count.
import { describe, expect, it } from 'vitest';
import { RunTally, taskOf } from '../../web/src/worker/run-tally';
import { formatTimeLeft, timeLeftMs } from '../../web/src/ui/eta';
import { defaultWorkers, workerChoices, workersFromAddress } from '../../web/src/ui/worker-count';

describe('RunTally', () => {
  it('adds finished tasks and the latest report of running ones, progress by tasks', () => {
    const t = new RunTally(4, () => 0);
    t.report(0, { nodes: 10, solutions: 5, unique: 1 }, 1, true);
    t.report(1, { nodes: 4, solutions: 2, unique: 1 }, 0.5);
    t.report(1, { nodes: 6, solutions: 3, unique: 1 }, 0.25);
    expect(t.summary()).toMatchObject({ nodes: 16, solutions: 8, unique: 2, tasks: 4, tasksDone: 1, fraction: (1 + 0.25) / 4 });
    expect(t.allDone).toBe(false);
  });

  it('a restarted task counts from zero (never twice); a finished one is final', () => {
    const t = new RunTally(2, () => 0);
    t.report(0, { nodes: 9, solutions: 7, unique: 2 }, 0.9);
    t.restart(0);
    expect(t.summary()).toMatchObject({ solutions: 0, fraction: 0 });
    t.report(0, { nodes: 12, solutions: 8, unique: 2 }, 1, true);
    t.report(0, { nodes: 99, solutions: 99, unique: 99 }, 1, true);
    t.restart(0);
    t.report(1, { nodes: 1, solutions: 1, unique: 1 }, 1, true);
    expect(t.summary()).toMatchObject({ nodes: 13, solutions: 9, unique: 3, fraction: 1, tasksDone: 2 });
    expect(t.allDone).toBe(true);
  });
});

describe('numbering', () => {
  it('finished counts in task order say where each task starts, raw and unique', () => {
    const t = new RunTally(4, () => 0);
    const counts = [[3, 1], [0, 0], [5, 2], [2, 2]];
    counts.forEach(([solutions, unique], i) => t.report(i, { nodes: 1, solutions: solutions!, unique: unique! }, 1, true));
    const n = t.numbering();
    expect([...n.firstRaw]).toEqual([0, 3, 3, 8, 10]);
    expect([...n.firstUnique]).toEqual([0, 1, 1, 3, 5]);
    // Solution k lies in the task whose range holds it: empty tasks never do.
    expect([0, 1, 2, 3, 7, 8, 9].map((k) => taskOf(n.firstRaw, k))).toEqual([0, 0, 0, 2, 2, 3, 3]);
    expect([0, 1, 2, 3, 4].map((k) => taskOf(n.firstUnique, k))).toEqual([0, 2, 2, 3, 3]);
  });

  it('one task holds every solution', () => {
    const t = new RunTally(1, () => 0);
    t.report(0, { nodes: 1, solutions: 4, unique: 4 }, 1, true);
    expect([0, 3].map((k) => taskOf(t.numbering().firstRaw, k))).toEqual([0, 0]);
  });
});

describe('time left', () => {
  it('is unknown at first, then elapsed x (1 - f) / f', () => {
    expect(timeLeftMs(0.5, 500)).toBeNull();
    expect(timeLeftMs(0.0001, 5000)).toBeNull();
    expect(timeLeftMs(0.25, 10_000)).toBe(30_000);
    expect(timeLeftMs(1, 10_000)).toBe(0);
  });
  it('reads as a person would say it', () => {
    expect(formatTimeLeft(null)).toBe('–');
    expect(formatTimeLeft(400)).toBe('less than a second');
    expect(formatTimeLeft(42_000)).toBe('about 42 s');
    expect(formatTimeLeft(200_000)).toBe('about 3 min 20 s');
    expect(formatTimeLeft(3 * 3600_000 + 5 * 60_000)).toBe('about 3 h 5 min');
  });
});

describe('worker count', () => {
  it('defaults to the cores but one, at least 1', () => {
    expect(defaultWorkers(8)).toBe(7);
    expect(defaultWorkers(1)).toBe(1);
    expect(defaultWorkers(0)).toBe(1);
  });
  it('reads ?workers=N, refusing what is not a count', () => {
    expect(workersFromAddress('?workers=2')).toBe(2);
    expect(workersFromAddress('?puzzle=soma&workers=12')).toBe(12);
    for (const bad of ['?workers=0', '?workers=-1', '?workers=two', '?workers=1.5', '']) expect(workersFromAddress(bad)).toBeNull();
    expect(workersFromAddress('?workers=1000')).toBe(64);
  });
  it('offers 1…cores, or more when the address asks', () => {
    expect(workerChoices(4, null)).toBe(4);
    expect(workerChoices(2, 6)).toBe(6);
    expect(workerChoices(0, null)).toBe(1);
  });
});
