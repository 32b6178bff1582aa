// Where the editor puts each cell of a shape being painted, by the document's grid.
/**
 * How the editor lays out cells of the document's grid: squares one per column; triangles
 * (pointing up when x + y is even) and hexagons (rows shifted by half a cell, axial q, r)
 * two half-columns wide, so that neighbours interlock.
 */
export function cellLayout(grid: unknown, w: number, h: number): { columns: string; place(x: number, y: number): { cls: string; style: string } } {
  if (grid === 'triangle' || grid === 'prism')
    return {
      columns: `repeat(${w + 1}, calc(var(--cell-side) / 2)); column-gap: 0`,
      place: (x, y) => ({ cls: (x + y) % 2 === 0 ? ' pw-cell-up' : ' pw-cell-down', style: `grid-area:${y + 1} / ${x + 1} / auto / span 2;` }),
    };
  if (grid === 'hexagon')
    return {
      columns: `repeat(${2 * w + h}, calc(var(--cell-side) / 2)); column-gap: 0`,
      place: (x, y) => ({ cls: ' pw-cell-hex', style: `grid-area:${y + 1} / ${2 * x + y + 1} / auto / span 2;` }),
    };
  return { columns: `repeat(${w}, var(--cell-side))`, place: () => ({ cls: '', style: '' }) };
}
