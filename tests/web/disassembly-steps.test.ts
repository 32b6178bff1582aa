// Playing a disassembly: steps in order, slides by their distance, leaving groups flying out,
// and the offsets after any number of steps.
import { describe, expect, it } from 'vitest';
import { disassemblySteps, levelText, offsetsAfter, offsetsAt, type DisassemblyJson } from '../../web/src/disassembly/disassembly-steps';

// A key (placement 1) that turns once in its lock (placement 0), then a loose cube (2) leaving
// first: level 1.2, as the command line prints it.
const keyInLock: DisassemblyJson = {
  level: [1, 2],
  moves: 3,
  separations: [
    { pieces: [0, 1, 2], moves: [{ pieces: [2], direction: '+x', out: true }], left: 1 },
    { pieces: [0, 1], moves: [{ pieces: [1], direction: '+x', distance: 1 }, { pieces: [1], direction: '-y', out: true }] },
  ],
};

describe('disassembly steps', () => {
  it('lists the moves of each separation in turn', () => {
    const steps = disassemblySteps(keyInLock, 10);
    expect(steps.map((s) => [s.pieces, s.delta, s.out, s.separation])).toEqual([
      [[2], [10, 0, 0], true, 0],
      [[1], [1, 0, 0], false, 1],
      [[1], [0, -10, 0], true, 1],
    ]);
    expect(levelText(keyInLock)).toBe('1.2');
  });

  it('moves only the pieces of each step, from where they were', () => {
    const steps = disassemblySteps(keyInLock, 10);
    expect(offsetsAfter(steps, 3, 0)).toEqual([[0, 0, 0], [0, 0, 0], [0, 0, 0]]);
    expect(offsetsAfter(steps, 3, 2)).toEqual([[0, 0, 0], [1, 0, 0], [10, 0, 0]]);
    expect(offsetsAfter(steps, 3, 3)).toEqual([[0, 0, 0], [1, -10, 0], [10, 0, 0]]);
    expect(offsetsAfter(steps, 3, 99)).toEqual(offsetsAfter(steps, 3, 3));
    // Part way through the third step: half of its flight.
    expect(offsetsAt(steps, 3, 2.5)).toEqual([[0, 0, 0], [1, -5, 0], [10, 0, 0]]);
    expect(offsetsAt(steps, 3, 2)).toEqual(offsetsAfter(steps, 3, 2));
  });

  it('refuses a direction it does not know', () => {
    expect(() => disassemblySteps({ level: [1], moves: 1, separations: [{ pieces: [0, 1], moves: [{ pieces: [1], direction: 'up', out: true }] }] }, 5))
      .toThrow("unknown direction 'up' in a disassembly");
  });
});
