// The edge-matching search for boards of distinct tiles that do not turn (the tropical fish
// without their face rule): constraint propagation over one-word domains, where the general
// search (edge_search.cpp) fills cell after cell with one round of checks.
//
// Every cell keeps the set of tiles it may still take as a 64-bit word, and the labels its
// tiles can show on each side (a byte per side, from table lookups over the domain's bytes).
// After each decision the domains are narrowed to a fixpoint: a cell keeps only the tiles
// whose label faces one its neighbour can show (arc consistency, the four sides at once and
// without branches), a cell left with one tile closes and the tile leaves every other cell,
// a tile left with one place (counted bit-sliced over all cells) goes there, and an empty
// domain or a tile with nowhere to go ends the branch. The rim must balance: in each row, the
// labels leaving on the right less those entering on the left are fixed by the tiles, and so
// in each column (every label at once, a byte each).
//
// A node branches on the label of the edge between two open cells, one child per label the
// two can agree on, choosing the edge with the fewest labels inside the open region (score:
// 4 labels - 6 open neighbours + the two cells' tiles); where no edge has two labels left, on
// the tiles of the open cell with the fewest. Tropical-fish-any: 1.07M decisions of about
// 0.42 us against 18.7M nodes of about 0.3 us in the general search (docs/research/tropical-fish.md).
#pragma once

#include <memory>

#include "model/puzzle.hpp"
#include "search/search.hpp"

namespace pw {

// Null unless the puzzle is one this search takes: turns off, no distinct-faces rule, every
// tile distinct (no copies), at most 63 tiles, 8 labels and 31 rows and columns, and no symmetry.
std::unique_ptr<Search> makePropagationSearch(const EdgeMatchingPuzzle& puzzle, const SearchSettings& settings = {});

}  // namespace pw
