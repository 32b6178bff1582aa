// Cells of each grid in a drawing, and the outlines between pieces on triangles and hexagons,
// with the solver's own description of a triangle puzzle (the real WASM module).
import { describe, expect, it } from 'vitest';
import { cellCentre, cellMiddle, cellPolygon, polygonOutlines, tetrahedronCorners } from '../../web/src/render/cell-geometry';
import { packingDrawing } from '../../web/src/render/drawing-model';
import { described } from './wasm-helpers';

const close = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) < 1e-9);

describe('cell geometry', () => {
  it('points a triangle up when x + y is even, and neighbours share a side', () => {
    const up = cellPolygon('triangle', [0, 0]);
    const down = cellPolygon('triangle', [1, 0]);
    expect(up[0]![1]).toBeLessThan(up[1]![1]); // the apex is on the row's top line
    expect(down[2]![1]).toBeGreaterThan(down[0]![1]); // the point is on its bottom line
    const shared = up.filter((p) => down.some((q) => close(p, q)));
    expect(shared.length).toBe(2);
  });

  it('puts neighbouring hexagons 1 apart, sharing a side', () => {
    for (const [q, r] of [[1, 0], [0, 1], [1, -1]]) {
      const [ax, ay] = cellMiddle('hexagon', [0, 0]);
      const [bx, by] = cellMiddle('hexagon', [q!, r!]);
      expect(Math.hypot(bx - ax, by - ay)).toBeCloseTo(1);
      const shared = cellPolygon('hexagon', [0, 0]).filter((p) => cellPolygon('hexagon', [q!, r!]).some((s) => close(p, s)));
      expect(shared.length).toBe(2);
    }
  });

  it('outlines each piece once: two triangles of one piece have 4 outer sides, of two pieces 5', () => {
    const cells = [[0, 0], [1, 0]];
    expect(polygonOutlines('triangle', cells, () => 'a').length).toBe(4);
    expect(polygonOutlines('triangle', cells, (i) => `p${i}`).length).toBe(5);
  });

  it('draws BurrTools\' tetrahedra from a cube\'s middle to a quarter of a face, neighbours sharing a triangle', () => {
    // (2, 1, 0): the cube at the origin (side 1), its face z = 0, that face's edge y = 0.
    expect(tetrahedronCorners([2, 1, 0])).toEqual([[0.5, 0.5, 0.5], [0.5, 0.5, 0], [1, 0, 0], [0, 0, 0]]);
    const shared = (a: number[], b: number[]) =>
      tetrahedronCorners(a).filter((p) => tetrahedronCorners(b).some((q) => close(p, q))).length;
    expect(shared([2, 1, 0], [1, 2, 0])).toBe(3); // the face's next quarter
    expect(shared([2, 1, 0], [2, 0, 1])).toBe(3); // the next face's, across the edge
    expect(shared([2, 4, 1], [2, 5, 1])).toBe(3); // across the cube's face, in the next cube
    expect(shared([2, 1, 0], [2, 3, 0])).toBe(2);
    expect(cellCentre('rhombic-tetrahedron', [7, 1, 0])).toEqual([1.5, 0.25, 0.125]);
  });

  it('centres prisms on their triangle and balls on their cell', () => {
    expect(cellCentre('prism', [0, 0, 2])[2]).toBe(2);
    expect(cellCentre('sphere', [1, 1, 0])).toEqual([1, 1, 0]);
  });

  it('draws a described triangle puzzle with outlines between its pieces', async () => {
    const d = await described({
      kind: 'packing', grid: 'triangle',
      board: { cells: [[0, 0], [1, 0], [2, 0], [3, 0]] },
      pieces: [{ name: 'D', cells: [[0, 0], [1, 0]], count: 2 }],
    });
    if (d.kind !== 'packing') throw new Error('packing expected');
    expect(d.grid).toBe('triangle');
    const sol = { kind: 'packing' as const, placements: [{ piece: 0, cells: [[0, 0, 0], [1, 0, 0]] as [number, number, number][] }, { piece: 0, cells: [[2, 0, 0], [3, 0, 0]] as [number, number, number][] }] };
    const drawing = packingDrawing(d, sol);
    expect(drawing.grid).toBe('triangle');
    expect(drawing.outlines.length).toBe(7); // the strip's 6 outer sides and the one between the pieces
  });
});
