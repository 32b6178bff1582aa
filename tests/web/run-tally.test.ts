// RunTally (merged counts of a run's tasks), the time-left estimate and the worker count.
import { describe, expect, it } from 'vitest';
import { LEAST_DRAWN, MOST_ERROR, RunTally, SPEED_FIRST, SPEED_LEAST, SPEED_MEDIAN_MS, taskOf } from '../../web/src/worker/run-tally';
import { TaskQueue } from '../../web/src/worker/task-queue';
import { formatTimeLeft } from '../../web/src/ui/eta';
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
    expect(t.summary()).toMatchObject({ nodes: 13, solutions: 9, unique: 3, fraction: 1, tasksDone: 2, leftMs: 0 });
    expect(t.allDone).toBe(true);
  });

  it('counts those that come apart (a run that takes apart) as it counts the rest, and numbers them among themselves', () => {
    const t = new RunTally(3, () => 0);
    t.report(0, { nodes: 5, solutions: 8, unique: 4, apart: 3 }, 1, true);
    t.report(1, { nodes: 5, solutions: 6, unique: 3, apart: 2 }, 0.5);
    expect(t.summary()).toMatchObject({ unique: 7, apart: 5 });
    t.restart(1);
    expect(t.summary()).toMatchObject({ unique: 4, apart: 3 });
    t.report(1, { nodes: 5, solutions: 6, unique: 3, apart: 0 }, 1, true);
    // A report without `apart` (a run that does not take apart) counts none.
    t.report(2, { nodes: 1, solutions: 2, unique: 1 }, 1, true);
    expect(t.summary()).toMatchObject({ solutions: 16, unique: 8, apart: 3 });
    expect([...t.numbering().firstApart]).toEqual([0, 3, 3, 3]);
    expect([...t.numbering().firstUnique]).toEqual([0, 4, 7, 8]);
  });
});

describe('the order tasks are handed out in', () => {
  const drain = (q: TaskQueue) => {
    const out: { task: number; drawn: boolean }[] = [];
    for (let t = q.next(); t; t = q.next()) out.push(t);
    return out;
  };

  it('every task once: search order, every 3rd drawn at random, the same order every time', () => {
    const a = drain(new TaskQueue(1000));
    expect(a.map((t) => t.task).sort((x, y) => x - y)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    expect(a.filter((t) => t.drawn).length).toBe(333);
    a.forEach((t, i) => expect(t.drawn).toBe((i + 1) % 3 === 0));
    const inOrder = a.filter((t) => !t.drawn).map((t) => t.task);
    expect(inOrder).toEqual([...inOrder].sort((x, y) => x - y));
    // Draws spread over the whole run: the first 100 reach far past the first 100 tasks.
    expect(Math.max(...a.filter((t) => t.drawn).slice(0, 25).map((t) => t.task))).toBeGreaterThan(500);
    expect(drain(new TaskQueue(1000))).toEqual(a);
  });

  it('once told to, draws every task left at random: each once, the same order every time', () => {
    const run = () => {
      const q = new TaskQueue(1000);
      const before = Array.from({ length: 100 }, () => q.next()!);
      q.drawAll();
      return { before, after: drain(q) };
    };
    const { before, after } = run();
    expect(before.filter((t) => t.drawn).length).toBe(33);
    expect(after.length).toBe(900);
    expect(after.every((t) => t.drawn)).toBe(true);
    expect([...before, ...after].map((t) => t.task).sort((x, y) => x - y)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    // At random: not search order, and the first draws reach far into the run.
    expect(after.slice(0, 50).some((t, i) => i > 0 && t.task < after[i - 1]!.task)).toBe(true);
    expect(Math.max(...after.slice(0, 50).map((t) => t.task))).toBeGreaterThan(500);
    expect(run().after).toEqual(after);
  });

  it('tasks given back are handed out again, drawn like those never handed out; the others are not', () => {
    const q = new TaskQueue(100);
    q.drawAll();
    const first = Array.from({ length: 10 }, () => q.next()!.task);
    expect(q.size).toBe(90);
    q.giveBack([first[2]!, first[7]!, 1000, -1]);
    // Given back twice, or never handed out: nothing changes.
    q.giveBack([first[2]!]);
    expect(q.size).toBe(92);
    const rest = drain(q);
    expect(rest.every((t) => t.drawn)).toBe(true);
    expect([...first.filter((_, i) => i !== 2 && i !== 7), ...rest.map((t) => t.task)].sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    // In search order, a task given back comes next again.
    const s = new TaskQueue(10, 100);
    const a = [s.next()!.task, s.next()!.task];
    s.giveBack([a[0]!]);
    expect(s.next()!.task).toBe(a[0]);
    expect(s.next()!.task).toBe(2);
  });

  it('a task asked to be drawn is drawn whatever its turn, and leaves the turns of the others as they were', () => {
    const q = new TaskQueue(1000);
    const mixed = Array.from({ length: 12 }, (_, i) => q.next(i % 2 === 1)!);
    // Asked: drawn. The others: search order from task 0 on, every 3rd of them drawn.
    expect(mixed.filter((_, i) => i % 2 === 1).every((t) => t.drawn)).toBe(true);
    const own = mixed.filter((_, i) => i % 2 === 0);
    expect(own.map((t) => t.drawn)).toEqual([false, false, true, false, false, true]);
    expect(own.filter((t) => !t.drawn).map((t) => t.task)).toEqual([0, 1, 2, 3]);
    expect(mixed.filter((t) => t.drawn).some((t) => t.task > 100)).toBe(true);
  });

  it('tasks to run again come first, and the size counts them', () => {
    const q = new TaskQueue(10);
    const first = [q.next()!, q.next()!];
    expect(q.size).toBe(8);
    q.runAgain(first.map((t) => t.task));
    expect(q.size).toBe(10);
    expect([q.next()!.task, q.next()!.task]).toEqual(first.map((t) => t.task));
    expect(drain(q).length).toBe(8);
  });
});

/**
 * A tally on a clock the test moves, and tasks reported done as it moves: each searched for
 * `taskMs` of its worker's time (the page's clock may move otherwise: it was busy, or idle).
 */
function clocked(tasks: number, workers = 1, countsInBulk = true) {
  let clock = 0;
  const t = new RunTally(tasks, () => clock, () => workers, countsInBulk);
  const counts = (nodes: number, taskMs: number) => ({ nodes, solutions: 0, unique: 0, apart: 0, seconds: taskMs / 1000 });
  return {
    t,
    counts,
    get clock() {
      return clock;
    },
    /** `ms` pass on the page's clock. */
    wait(ms: number) {
      clock += ms;
    },
    /** `task` (drawn or not) counts `nodes` in `taskMs` of search; `pageMs` pass on the page's clock; the page reads a summary. */
    done(task: number, nodes: number, taskMs: number, drawn = true, pageMs = taskMs) {
      if (drawn) t.drawn(task);
      clock += pageMs;
      t.report(task, counts(nodes, taskMs), 1, true);
      return t.summary();
    },
  };
}

/** The share of the run done when `left` ms are left, `elapsed` have passed. */
const shareDone = (elapsed: number, left: number) => elapsed / (elapsed + left);

describe('progress from the cost of the tasks drawn at random', () => {
  it('no estimate until enough drawn tasks are done; then the nodes left at their mean, at the speed the workers measured', () => {
    const r = clocked(100);
    // Drawn tasks count 50 nodes in 10 ms of search (5 a millisecond); those in search order 200.
    // The page's clock runs 3x as fast as the search (the page was busy and read the reports late).
    for (let i = 0; i < LEAST_DRAWN - 1; i++) expect(r.done(i, 50, 10, true, 30).estimated).toBe(false);
    for (let i = 50; i < 60; i++) expect(r.done(i, 200, 40, false).estimated).toBe(false);
    const s = r.done(LEAST_DRAWN - 1, 50, 10, true, 30);
    expect(s.estimated).toBe(true);
    // Tasks done in search order cost more: they weigh in what is done, not in what is left.
    expect(s.leftMs).toBeCloseTo(((100 - LEAST_DRAWN - 10) * 50) / 5);
    expect(s.fraction).toBeCloseTo(shareDone(r.clock, s.leftMs!));
    const early = clocked(100);
    expect(early.done(0, 50, 10)).toMatchObject({ estimated: false, fraction: 0.01, leftMs: null });
  });

  it('a drawn task that sent solutions is not part of the sample where counting goes in bulk: it cost more than those left will', () => {
    const r = clocked(100);
    for (let i = 0; i < 10; i++) {
      r.t.drawn(i);
      r.t.report(i, { ...r.counts(5000, 100), visited: 3 }, 1, true);
    }
    expect(r.t.summary().estimated).toBe(false);
    for (let i = 10; i < 10 + LEAST_DRAWN; i++) r.done(i, 50, 10);
    expect(r.t.summary().fraction).toBeCloseTo(shareDone(r.clock, ((100 - 10 - LEAST_DRAWN) * 50) / 5));
  });

  it('...and is, where a task costs the same nodes visited or counted', () => {
    const r = clocked(100, 1, false);
    for (let i = 0; i < LEAST_DRAWN - 1; i++) {
      r.t.drawn(i);
      r.t.report(i, { ...r.counts(50, 10), visited: 3 }, 1, true);
    }
    expect(r.t.summary().estimated).toBe(false);
    const s = r.done(LEAST_DRAWN - 1, 50, 10);
    expect(s.estimated).toBe(true);
    expect(s.leftMs).toBeCloseTo(((100 - LEAST_DRAWN) * 50) / 5);
  });

  it('...whose speed is that of the drawn tasks that sent none, once SPEED_FIRST of them are done (visiting is slower)', () => {
    const r = clocked(200, 1, false);
    // Past the run's first milliseconds: the speed is the tasks' nodes over their time.
    r.wait(SPEED_MEDIAN_MS);
    const visited = (task: number) => {
      r.t.drawn(task);
      r.t.report(task, { ...r.counts(50, 20), visited: 3 }, 1, true);
    };
    for (let i = 0; i < LEAST_DRAWN; i++) visited(i);
    // Only visited ones: 50 nodes in 20 ms.
    expect(r.t.summary().leftMs).toBeCloseTo(((200 - LEAST_DRAWN) * 50) / 2.5);
    for (let i = 0; i < SPEED_FIRST - 1; i++) r.done(LEAST_DRAWN + i, 50, 10);
    expect(r.t.summary().leftMs).toBeCloseTo(((200 - LEAST_DRAWN - SPEED_FIRST + 1) * 50) / ((50 * (LEAST_DRAWN + SPEED_FIRST - 1)) / (20 * LEAST_DRAWN + 10 * (SPEED_FIRST - 1))));
    // Enough that sent none: theirs alone, 50 nodes in 10 ms.
    const s = r.done(LEAST_DRAWN + SPEED_FIRST - 1, 50, 10);
    expect(s.leftMs).toBeCloseTo(((200 - LEAST_DRAWN - SPEED_FIRST) * 50) / 5);
  });

  it('workers searching at once divide the time left', () => {
    const one = clocked(100, 1);
    const two = clocked(100, 2);
    for (let i = 0; i < LEAST_DRAWN; i++) {
      one.done(i, 50, 10);
      two.done(i, 50, 10, true, 5);
    }
    expect(one.t.summary().fraction).toBeCloseTo(shareDone(one.clock, ((100 - LEAST_DRAWN) * 50) / 5));
    expect(two.t.summary().fraction).toBeCloseTo(shareDone(two.clock, ((100 - LEAST_DRAWN) * 50) / 5 / 2));
  });

  it('what running tasks counted already is not left; the speed is recent: workers that speed up have less time left', () => {
    const steady = clocked(1000);
    const sped = clocked(1000);
    const done = 4 * SPEED_LEAST;
    for (let i = 0; i < done; i++) {
      steady.done(i, 100, 20);
      // The same tasks, twice as fast after the first quarter: the latest half of them all are.
      sped.done(i, 100, i < SPEED_LEAST ? 20 : 10);
    }
    // A running task's 60 nodes: counted already, not left.
    const s = steady.t.summary();
    steady.t.report(900, steady.counts(60, 12), 0.5);
    const r = steady.t.summary();
    expect(r.fraction).toBeGreaterThan(s.fraction);
    expect(s.leftMs).toBeCloseTo(((1000 - done) * 100) / 5);
    expect(r.leftMs).toBeCloseTo(((1000 - done) * 100 - 60) / 5);
    const f = sped.t.summary();
    expect(f.estimated).toBe(true);
    // Left at the speed of the latter half (10 nodes a millisecond), not of all of them.
    expect(f.leftMs).toBeCloseTo(((1000 - done) * 100) / 10);
  });

  it('the speed is measured over SPEED_LEAST drawn tasks at least: a few timed across a pause of their worker do not halve it', () => {
    const r = clocked(1000);
    // 100 tasks of 50 nodes in 10 ms (5 a millisecond); the latest 5 of them timed 10x long. Over
    // all of them the speed reads 3.4 a millisecond; over the latest half it would read 2.6.
    for (let i = 0; i < 100; i++) r.done(i, 50, i < 95 ? 10 : 100);
    const all = (100 * 50) / (95 * 10 + 5 * 100);
    expect(all).toBeGreaterThan(5 / 2);
    expect(r.t.summary().leftMs).toBeCloseTo((900 * 50) / all);
  });

  it('in the run\'s first SPEED_MEDIAN_MS the speed is the median task\'s: tasks timed across the page\'s start-up do not slow it', () => {
    const r = clocked(1000, 2);
    // 60 tasks of 50 nodes: 40 searched at 5 nodes a millisecond, 20 timed 4x long (their
    // worker off the cores). All of them together read 3 a millisecond.
    for (let i = 0; i < 60; i++) r.done(i, 50, i % 3 === 2 ? 40 : 10, true, 1);
    expect(r.clock).toBeLessThan(SPEED_MEDIAN_MS);
    expect(r.t.summary().leftMs).toBeCloseTo((940 * 50) / 5 / 2);
    // Later, the same tasks' speed is their nodes over their time: a machine busy throughout shows.
    r.wait(SPEED_MEDIAN_MS);
    expect(r.t.summary().leftMs).toBeCloseTo((940 * 50) / ((60 * 50) / (40 * 10 + 20 * 40)) / 2);
  });

  it('...by nodes, where tasks differ in size; tasks timed at zero are left out', () => {
    const r = clocked(1000);
    // 10 tasks of 200 nodes at 2 a millisecond hold more nodes than 30 of 50 at 10 a millisecond:
    // the median node is in a slow one. 10 of 400 nodes took too little time to measure.
    for (let i = 0; i < 50; i++) r.done(i, i < 10 ? 200 : i < 40 ? 50 : 400, i < 10 ? 100 : i < 40 ? 5 : 0, true, 1);
    expect(r.t.summary().leftMs).toBeCloseTo(((1000 - 50) * ((10 * 200 + 30 * 50 + 10 * 400) / 50)) / 2);
  });

  it('no estimate while the mean of the drawn tasks is uncertain: their spread decides, not only their number', () => {
    const r = clocked(1000);
    let next = 0;
    const done = (nodes: number) => r.done(next++, nodes, 1);
    // One big task among small ones: the mean rests on that one task, however many small ones follow.
    done(10_000);
    for (let i = 1; i < 4 * LEAST_DRAWN; i++) done(10);
    expect(r.t.summary().estimated).toBe(false);
    // More big ones drawn: the spread is known, the mean's error small.
    while (r.t.summary().estimated === false && next < 1000) done(next % 4 ? 10 : 10_000);
    const n = next;
    expect(n).toBeLessThan(500);
    // The rule: standard error of the mean at most MOST_ERROR of it.
    const costs = Array.from({ length: n }, (_, i): number => (i === 0 || (i >= 4 * LEAST_DRAWN && i % 4 === 0) ? 10_000 : 10));
    const error = (k: number) => {
      const c = costs.slice(0, k);
      const m = c.reduce((a, b) => a + b) / k;
      return Math.sqrt(c.reduce((a, b) => a + (b - m) ** 2, 0) / (k - 1) / k) / m;
    };
    expect(error(n)).toBeLessThanOrEqual(MOST_ERROR);
    expect(error(n - 1)).toBeGreaterThan(MOST_ERROR);
    // Even tasks: LEAST_DRAWN of them are enough, and fewer are not.
    const even = clocked(1000);
    for (let i = 0; i < LEAST_DRAWN - 1; i++) expect(even.done(i, i % 2 ? 100 : 300, 1).estimated).toBe(false);
    expect(even.done(LEAST_DRAWN - 1, 300, 1).estimated).toBe(true);
  });

  it('the mean search time of the tasks done, none before any is done', () => {
    const t = new RunTally(10, () => 0);
    expect(t.meanTaskSeconds).toBeNull();
    t.report(0, { nodes: 1, solutions: 0, unique: 0, apart: 0, seconds: 0.5 }, 0.5);
    expect(t.meanTaskSeconds).toBeNull();
    t.report(0, { nodes: 1, solutions: 0, unique: 0, apart: 0, seconds: 1 }, 1, true);
    t.report(3, { nodes: 1, solutions: 0, unique: 0, apart: 0, seconds: 3 }, 1, true);
    expect(t.meanTaskSeconds).toBeCloseTo(2);
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
