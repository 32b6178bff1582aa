// Hostile but valid `piecewise/1` documents: every one passes the parser, and most are too
// large for the solver's limits (solver/model/limits.hpp), which must refuse them quickly
// and in little memory. A few sit just inside the limits, to show what an accepted giant
// costs. Generated (deterministically) rather than stored: several are hundreds of KB.
//
// Used by scripts/bench-limits.mjs (time and memory of each refusal, native and WASM) and
// scripts/fuzz.sh (seeds for the fuzzers). Each entry: { name, refused, text } where
// `refused` says whether the solver must refuse it (true) or accept it (false).

// A small deterministic generator (mulberry32), so that every run builds the same documents.
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A random connected polyomino (2D) or polycube (3D) of `size` cells, grown cell by cell
// inside a box of `bound` cells per side.
function randomShape(next, size, dimensions, bound) {
  const key = (c) => c.join(',');
  const cells = [[0, 0, 0].slice(0, dimensions)];
  const seen = new Set([key(cells[0])]);
  while (cells.length < size) {
    const from = cells[Math.floor(next() * cells.length)];
    const axis = Math.floor(next() * dimensions);
    const c = from.slice();
    c[axis] += next() < 0.5 ? -1 : 1;
    if (Math.abs(c[axis]) >= bound || seen.has(key(c))) continue;
    seen.add(key(c));
    cells.push(c);
  }
  return cells;
}

function rows(width, height, char = '#') {
  return Array.from({ length: height }, () => char.repeat(width));
}

function packing(name, board, pieces, extra = {}) {
  return JSON.stringify({ format: 'piecewise/1', name, kind: 'packing', board, pieces, ...extra });
}

/** The cells of an n-cube with x + y + z even: a block of the sphere grid. */
function sphereBlock(n) {
  const cells = [];
  for (let x = 0; x < n; x++) for (let y = 0; y < n; y++) for (let z = 0; z < n; z++) if ((x + y + z) % 2 === 0) cells.push([x, y, z]);
  return cells;
}

function distinctPieces(seed, count, size, dimensions, bound) {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => ({ name: `p${i}`, cells: randomShape(next, size, dimensions, bound) }));
}

// Polycubes that span a side^3 box (three full edges from one corner, then random cells
// inside): each orientation fits a side^3 board in exactly one place.
function spanningPieces(seed, count, size, side) {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const key = (c) => c.join(',');
    const cells = [];
    for (let k = 0; k < side; k++) cells.push([k, 0, 0], [0, k, 0], [0, 0, k]);
    const seen = new Set(cells.map(key));
    const unique = cells.filter((c, j) => cells.findIndex((d) => key(d) === key(c)) === j);
    while (unique.length < size) {
      const from = unique[Math.floor(next() * unique.length)];
      const c = from.slice();
      c[Math.floor(next() * 3)] += next() < 0.5 ? -1 : 1;
      if (c.some((v) => v < 0 || v >= side) || seen.has(key(c))) continue;
      seen.add(key(c));
      unique.push(c);
    }
    return { name: `p${i}`, cells: unique };
  });
}

function edgeMatching(name, rowsCount, cols, tiles, extra = {}) {
  return JSON.stringify({ format: 'piecewise/1', name, kind: 'edge-matching', rows: rowsCount, cols, tiles, ...extra });
}

// rows x cols tiles whose edges are drawn from `labels` labels, one tile definition each.
function randomTiles(seed, count, labels, faces = 0) {
  const next = random(seed);
  const label = () => `L${Math.floor(next() * labels)}`;
  return Array.from({ length: count }, (_, i) => ({
    edges: [label(), label(), label(), label()],
    ...(faces ? { face: `F${i % faces}` } : {}),
  }));
}

// Tiles that all differ: tile i has four labels of its own, so there are 4 * count labels.
function uniqueLabelTiles(count) {
  return Array.from({ length: count }, (_, i) => ({ edges: [`a${i}`, `b${i}`, `c${i}`, `d${i}`] }));
}

function snake(name, box, segments) {
  return JSON.stringify({ format: 'piecewise/1', name, kind: 'snake', box, segments });
}

export function hostilePuzzles() {
  const list = [];
  const add = (name, refused, text) => list.push({ name, refused, text });

  // ---- packing: too many placements or matrix entries
  // (Optional copies, so that some choice of counts covers the board exactly: otherwise the
  // solver answers "no solution" before it counts a single placement.)
  const optional = (pieces) => pieces.map((p) => ({ ...p, count: { min: 0, max: 1 } }));
  add('pack-60x60-256-distinct-40', true,
    packing('256 distinct 40-cell pieces on 60x60', { shape: rows(60, 60) }, optional(distinctPieces(1, 256, 40, 2, 12))));
  add('pack-64x64-256-distinct-256', true,
    packing('256 distinct 256-cell pieces on 64x64', { shape: rows(64, 64) }, optional(distinctPieces(2, 256, 256, 2, 30))));
  add('pack-15cube-200-distinct-27', true,
    packing('200 distinct 27-cube pieces in 15^3', { shape: Array.from({ length: 15 }, () => rows(15, 15)) },
      optional(distinctPieces(3, 200, 27, 3, 6))));
  add('pack-16cube-256-distinct-256', true,
    packing('256 distinct 256-cube pieces in 16^3', { shape: Array.from({ length: 16 }, () => rows(16, 16)) },
      optional(distinctPieces(4, 256, 256, 3, 8))));
  add('pack-frame-16x16-plus-200-distinct-12', false,
    packing('200 distinct 12-cell pieces on a 16x16 frame of + cells', { shape: rows(16, 16, '+') },
      distinctPieces(5, 200, 12, 2, 5).map((p) => ({ ...p, count: { min: 0, max: 1 } }))));
  add('pack-frame-64x64-plus-bars', false,
    packing('bars of every length up to 60 on a 64x64 frame', { shape: rows(64, 64, '+') },
      Array.from({ length: 60 }, (_, i) => ({ name: `bar${i + 1}`, shape: ['#'.repeat(i + 1)], count: { min: 0, max: 4 } }))));
  add('pack-frame-8x8x4-plus-256-distinct-7', false,
    packing('256 distinct 7-cube pieces, mirrors allowed, in an 8x8x4 frame', { shape: Array.from({ length: 4 }, () => rows(8, 8, '+')) },
      distinctPieces(10, 256, 7, 3, 3).map((p) => ({ ...p, count: { min: 0, max: 1 } })), { reflections: true }));
  add('pack-16cube-20-distinct-120', true,
    packing('20 distinct 120-cube pieces in a 16^3 frame', { shape: Array.from({ length: 16 }, () => rows(16, 16, '+')) },
      distinctPieces(11, 20, 120, 3, 8).map((p) => ({ ...p, count: { min: 0, max: 1 } }))));
  // Just inside the limits: what an accepted giant costs before its search starts.
  add('pack-16cube-7-distinct-120', false,
    packing('7 distinct 120-cube pieces in a 16^3 frame', { shape: Array.from({ length: 16 }, () => rows(16, 16, '+')) },
      distinctPieces(11, 7, 120, 3, 8).map((p) => ({ ...p, count: { min: 0, max: 1 } }))));
  // Accepted: the largest pieces, so big that each fits in few places; the symmetry group
  // of the box (48) meets the most orientations (256 pieces x 48, mirrors allowed).
  add('pack-16cube-256-spanning-256', false,
    packing('256 distinct 256-cube pieces spanning 16^3', { shape: Array.from({ length: 16 }, () => rows(16, 16)) },
      spanningPieces(12, 256, 256, 16).map((p) => ({ ...p, count: { min: 0, max: 1 } })), { reflections: true }));
  // Board cells spread over the whole coordinate range: a sparse 3D board.
  {
    const cells = [];
    for (let x = 0; x < 16; x++) for (let y = 0; y < 16; y++) for (let z = 0; z < 16; z++) cells.push([x * 34 - 255, y * 34 - 255, z * 34 - 255]);
    add('pack-sparse-3d-board', false,
      packing('4096 isolated board cells spread over the coordinate range', { cells },
        [{ name: 'cube', cells: [[0, 0, 0]], count: 4096 }]));
  }
  // Other grids: the same limits, counted on their own translations (flat pieces lie as balls).
  add('pack-sphere-2048-balls-256-distinct-32', true,
    packing('256 distinct 32-ball flat pieces in a block of 2048 balls', { cells: sphereBlock(16) },
      optional(distinctPieces(11, 256, 32, 2, 12)), { grid: 'sphere' }));
  add('pack-hexagon-64x64-256-distinct-64', true,
    packing('256 distinct 64-hexagon pieces on 64x64 hexagons', { shape: rows(64, 64) }, optional(distinctPieces(12, 256, 64, 2, 16)),
      { grid: 'hexagon' }));
  add('pack-triangle-64x64-monominoes', false,
    packing('4096 triangles on 64x64', { shape: rows(64, 64) }, [{ name: 'dot', shape: ['#'], count: 4096 }], { grid: 'triangle' }));
  // Within the limits: many one-cell copies fill the largest board.
  add('pack-64x64-monominoes', false,
    packing('4096 monominoes on 64x64', { shape: rows(64, 64) }, [{ name: 'dot', shape: ['#'], count: 4096 }]));
  // Many piece types with big counts (copies within their limit): the placements are over it.
  add('pack-63x64-256-nonomino-types-counts', true,
    packing('256 random 9-cell piece types, up to 16 copies each, on 63x64', { shape: rows(63, 64) },
      distinctPieces(13, 256, 9, 2, 5).map((p) => ({ ...p, count: { min: 0, max: 16 } }))));
  // Accepted, and answered at once: 7-cell pieces never cover 4096 cells (no search at all).
  add('pack-64x64-heptomino-types-never-fit', false,
    packing('120 random 7-cell piece types, up to 34 copies each, on 64x64', { shape: rows(64, 64) },
      distinctPieces(14, 120, 7, 2, 4).map((p) => ({ ...p, count: { min: 0, max: 34 } }))));
  add('pack-60x60-tetromino-types-big-counts', false,
    packing('the 5 tetrominoes, up to 819 copies each, on a 60x60 frame', { shape: rows(60, 60, '+') },
      [['####'], ['##', '##'], ['###', '.#.'], ['###', '#..'], ['##.', '.##']].map((shape, i) => ({ name: `t${i}`, shape, count: { min: 0, max: 819 } }))));
  // Within the limits but a flood of solutions (the share link of issue 10, item 1).
  add('pack-40x40-tetromino-flood', false,
    packing('40x40 of any tetrominoes', { shape: rows(40, 40) }, [
      { name: 'I', shape: ['####'], count: { min: 0, max: 400 } },
      { name: 'O', shape: ['##', '##'], count: { min: 0, max: 400 } },
      { name: 'T', shape: ['###', '.#.'], count: { min: 0, max: 400 } },
      { name: 'L', shape: ['###', '#..'], count: { min: 0, max: 400 } },
    ]));

  // ---- edge matching: candidate masks over the limit, or the largest grids
  add('edge-64x64-unique-labels', true, edgeMatching('64x64, every edge its own label', 64, 64, uniqueLabelTiles(4096)));
  add('edge-64x64-4096-labels-faces', false,
    edgeMatching('64x64, 4096 labels, faces in rows', 64, 64, randomTiles(7, 4096, 4096, 64), { distinct: ['row'] }));
  add('edge-64x64-long-labels', true,
    edgeMatching('64x64, 100-character labels', 64, 64, uniqueLabelTiles(4096).map((t) => ({ edges: t.edges.map((e) => e.padEnd(100, '~')) }))));
  add('edge-64x64-64-labels', false, edgeMatching('64x64, 64 labels', 64, 64, randomTiles(8, 4096, 64)));
  add('edge-64x64-1000-labels-border', false,
    edgeMatching('64x64, 1000 labels, border', 64, 64, randomTiles(9, 4096, 1000), { border: 'L0' }));

  // ---- snake: the largest boxes
  add('snake-16cube-runs-of-2', false, snake('16^3 chain of runs of 2', [16, 16, 16], Array(4095).fill(2)));
  add('snake-64x64x1-runs-of-2', false, snake('64x64x1 chain of runs of 2', [64, 64, 1], Array(4095).fill(2)));
  add('snake-17cube-runs-of-2', true, snake('17^3 chain of runs of 2 (4913 cubes)', [17, 17, 17], Array(4912).fill(2)));
  add('snake-64x64x2-runs-of-3', true, snake('64x64x2 chain of runs of 3 (8192 cubes)', [64, 64, 2], Array(4095).fill(3).concat([2])));

  // ---- documents the reader itself refuses, as large as it reads (limits::kDocumentBytes)
  const filler = (unit, bytes) => unit.repeat(Math.floor(bytes / unit.length));
  const big = 4 * 1024 * 1024 - 200;
  add('doc-4mb-number-array', true, `{"format":"piecewise/1","name":"x","kind":"snake","box":[${filler('0,', big)}0]}`);
  add('doc-4mb-object-keys', true,
    `{"format":"piecewise/1","name":"x","kind":"snake","box":{${Array.from({ length: Math.floor(big / 12) }, (_, i) => `"k${i}":0`).join(',')}}}`);
  add('doc-4mb-nested-arrays', true, `{"format":"piecewise/1","name":"x","kind":"snake","box":[${filler('[[[]]],', big)}0]}`);
  add('doc-4mb-escaped-string', true, `{"format":"piecewise/1","name":"x","kind":"snake","notes":"${filler('\\u00e9', big)}"}`);
  return list;
}
