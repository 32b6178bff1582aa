// A grid's lattice as the packing code sees it: its motions (the symmetries that fix one
// lattice point), its translations, its cells' neighbours. Pieces' orientations, placements,
// the puzzle's symmetry group and the checker all go through it, so each grid is described
// here once. Cells are written as the document writes them (docs/puzzle-format.md, "Grids").
#pragma once

#include <vector>

#include "model/grid.hpp"
#include "lattice/motion.hpp"
#include "model/puzzle.hpp"

namespace pw {

class Lattice {
 public:
  static const Lattice& of(Grid grid);

  Grid grid() const { return grid_; }
  int dimensions() const { return gridDimensions(grid_); }

  // Every symmetry, identity first, then the other rotations, then the mirrors.
  const std::vector<Motion>& symmetries() const { return symmetries_; }
  // The rotations only, or every symmetry.
  std::vector<Motion> symmetries(bool withReflections) const;
  // The motions a piece may make: identity only, rotations, or with reflections. A piece
  // that may be reflected but not turned gets the identity and mirror().
  std::vector<Motion> allowedMotions(bool rotations, bool reflections) const;
  // The mirror x -> -x of the drawing (axial q -> -q - r on hexagons).
  const Motion& mirror() const { return mirror_; }

  // Whether c is a cell of the grid (sphere cells have x + y + z even), and the rule that says
  // so, for messages ("its x + y + z must be even"; empty on the grids where every point is one).
  bool holds(const Cell& c) const;
  const char* cellRule() const;
  Cell image(const Cell& c, const Motion& g) const;
  std::vector<Cell> transformed(const std::vector<Cell>& cells, const Motion& g) const;

  // The translation normalized() applies: it brings the minimum coordinates to 0 (x to 0 or
  // 1 where translations keep a parity), and is the same for every translate of a shape.
  Cell normalizingShift(const std::vector<Cell>& cells) const;
  // Translated by normalizingShift, sorted: equal for two shapes exactly when one is a
  // translate of the other by a translation of the lattice.
  std::vector<Cell> normalized(std::vector<Cell> cells) const;
  // The distinct normalized images of `cells` under `motions`, in the order first met.
  std::vector<std::vector<Cell>> orientations(const std::vector<Cell>& cells, const std::vector<Motion>& motions) const;

  // The positions a piece's cells may take, cell i to image i, up to a translation (not
  // normalized), the piece as it lies first: its images under allowedMotions(), and on the
  // sphere grid, where a piece may turn, every turn of space that puts its balls on lattice
  // points (ball_turns.hpp: more than the lattice's motions for some pieces), and with
  // reflections their mirror images. The same image may come more than once.
  std::vector<std::vector<Cell>> poses(const std::vector<Cell>& cells, bool rotations, bool reflections) const;
  // A piece's orientations: its distinct normalized poses, sorted.
  std::vector<std::vector<Cell>> pieceOrientations(const std::vector<Cell>& cells, bool rotations, bool reflections) const;

  // The cells sharing a face (an edge in the plane; touching balls) with c.
  std::vector<Cell> neighbours(const Cell& c) const;
  // Translations keep the sum of the first parityAxes() coordinates even (triangles and
  // prisms: x + y, or an up triangle would land on a down one; spheres: x + y + z); 0: any.
  int parityAxes() const { return parityAxes_; }
  // Translations move every coordinate by a multiple of period(): 5 on the rhombic-tetrahedron
  // grid, whose cubes are 5 coordinates wide; 1 elsewhere.
  int period() const { return period_; }

 private:
  explicit Lattice(Grid grid);
  Vec3 embed(const Cell& c) const;
  Cell cellAt(const Vec3& v) const;

  Grid grid_;
  bool triangleCentres_ = false;  // cells embedded as triangle centres (triangle and prism grids)
  int parityAxes_ = 0;
  int period_ = 1;
  Vec3 centre_{};  // the lattice point the motions fix, as a cell's coordinates
  std::vector<Motion> symmetries_;
  Motion mirror_;
};

}  // namespace pw
