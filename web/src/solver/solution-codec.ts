// SolutionRecord.data (web/src/protocol/messages.ts) <-> DecodedSolution. The C++ side
// that writes the layout is encode() in solver/bindings/wasm/piecewise_wasm.cpp.
import type { DecodedSolution, Point3, PuzzleKind } from '../protocol/messages';

export class SolutionCodecError extends Error {}

function point(data: Int32Array, at: number): Point3 {
  return [data[at], data[at + 1], data[at + 2]];
}

export function decodeSolution(kind: PuzzleKind, data: Int32Array): DecodedSolution {
  switch (kind) {
    case 'packing': {
      const placements: { piece: number; cells: Point3[] }[] = [];
      let at = 0;
      while (at < data.length) {
        if (at + 2 > data.length) throw new SolutionCodecError(`packing record cut short at ${at}`);
        const piece = data[at];
        const n = data[at + 1];
        at += 2;
        if (n < 0 || at + 3 * n > data.length) throw new SolutionCodecError(`packing record cut short at ${at}`);
        const cells: Point3[] = [];
        for (let i = 0; i < n; i++, at += 3) cells.push(point(data, at));
        placements.push({ piece, cells });
      }
      return { kind, placements };
    }
    case 'edge-matching': {
      if (data.length % 2) throw new SolutionCodecError('edge-matching record of odd length');
      const grid: { tile: number; rotation: number }[] = [];
      for (let at = 0; at < data.length; at += 2) grid.push({ tile: data[at], rotation: data[at + 1] });
      return { kind, grid };
    }
    case 'snake': {
      if (data.length % 3) throw new SolutionCodecError('snake record length not a multiple of 3');
      const chain: Point3[] = [];
      for (let at = 0; at < data.length; at += 3) chain.push(point(data, at));
      return { kind, chain };
    }
  }
}

export function encodeSolution(solution: DecodedSolution): Int32Array {
  const out: number[] = [];
  switch (solution.kind) {
    case 'packing':
      for (const p of solution.placements) {
        out.push(p.piece, p.cells.length);
        for (const c of p.cells) out.push(...c);
      }
      break;
    case 'edge-matching':
      for (const t of solution.grid) out.push(t.tile, t.rotation);
      break;
    case 'snake':
      for (const c of solution.chain) out.push(...c);
      break;
  }
  return Int32Array.from(out);
}
