// The edge-matching search for boards of distinct tiles that do not turn (the tropical fish
// without their face rule): constraint propagation over one-word domains, where the general
// search (edge_search.cpp) fills cell after cell with one round of checks.
//
// Every cell keeps the set of tiles it may still take, every tile the set of cells it may
// still go to, both as 64-bit words, and every cell the labels its tiles can show on each
// side (a byte per side, from table lookups over the domain's bytes). After each decision the
// domains are narrowed to a fixpoint: a cell keeps only the tiles whose label faces one its
// neighbour can show (arc consistency), a cell left with one tile takes it and the tile leaves
// every other cell, a tile left with one cell goes there, and an empty domain or a tile with
// nowhere to go ends the branch. The rim must balance: in each row, the labels leaving on the
// right less those entering on the left are fixed by the tiles, and so in each column.
//
// A node branches on the label of the edge between two open cells, one child per label the
// two can agree on, choosing the edge with the fewest labels inside the open region (score:
// 4 labels - 6 open neighbours + the two cells' tiles); where no edge has two labels left, on
// the tiles of the open cell with the fewest. Tropical-fish-any: 1.07M decisions of about
// 0.7 us against 18.7M nodes of about 0.3 us in the general search (docs/research/tropical-fish.md).
#pragma once

#include <memory>

#include "model/puzzle.hpp"
#include "search/search.hpp"

namespace pw {

// Null unless the puzzle is one this search takes: turns off, no distinct-faces rule, every
// tile distinct (no copies), at most 64 tiles and 8 labels, and no symmetry.
std::unique_ptr<Search> makePropagationSearch(const EdgeMatchingPuzzle& puzzle);

}  // namespace pw
