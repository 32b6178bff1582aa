// A solution in one comparable form, whether the page decoded it (window.piecewise.currentSolution())
// or the command line printed it (`solve --json`): the page numbers pieces and tiles, the command
// line names them too; both give cells and rotations alike.
export function solutionKey(kind, s) {
  if (kind === 'packing') {
    return s.placements.map((p) => `${p.index ?? p.piece}:${JSON.stringify(p.cells.map((c) => c.slice(0, 3)).sort())}`).sort().join(' ');
  }
  if (kind === 'edge-matching') return JSON.stringify(s.grid ? s.grid.map((t) => [t.tile, t.rotation]) : s.cells.flat().map((t) => [t.index, t.rotation]));
  return JSON.stringify(s.chain);
}
