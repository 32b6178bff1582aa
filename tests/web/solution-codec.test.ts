import { describe, expect, it } from 'vitest';
import type { DecodedSolution } from '../../web/src/protocol/messages';
import { decodeSolution, encodeSolution, SolutionCodecError } from '../../web/src/solver/solution-codec';

describe('solution codec', () => {
  const samples: DecodedSolution[] = [
    { kind: 'packing', placements: [{ piece: 2, cells: [[0, 0, 0], [1, 0, 0]] }, { piece: 0, cells: [[-1, 5, 2]] }] },
    { kind: 'packing', placements: [] },
    { kind: 'edge-matching', grid: [{ tile: 3, rotation: 1 }, { tile: 0, rotation: 0 }] },
    { kind: 'snake', chain: [[0, 0, 0], [1, 0, 0], [1, 1, 0]] },
  ];
  for (const s of samples) {
    it(`round trips ${s.kind}`, () => {
      const data = encodeSolution(s);
      expect(data).toBeInstanceOf(Int32Array);
      expect(decodeSolution(s.kind, data)).toEqual(s);
    });
  }

  it('reads the documented packing layout', () => {
    expect(decodeSolution('packing', Int32Array.from([4, 1, 7, 8, 9]))).toEqual({
      kind: 'packing',
      placements: [{ piece: 4, cells: [[7, 8, 9]] }],
    });
  });

  it('rejects records cut short', () => {
    expect(() => decodeSolution('packing', Int32Array.from([0, 2, 1, 1, 0]))).toThrow(SolutionCodecError);
    expect(() => decodeSolution('edge-matching', Int32Array.from([1]))).toThrow(SolutionCodecError);
    expect(() => decodeSolution('snake', Int32Array.from([1, 2]))).toThrow(SolutionCodecError);
  });
});
