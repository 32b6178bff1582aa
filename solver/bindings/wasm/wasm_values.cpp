#include "wasm_values.hpp"

#include <new>
#include <stdexcept>
#include <variant>

namespace pw::wasm {

std::string messageOf(const std::exception_ptr& e) {
  try {
    std::rethrow_exception(e);
  } catch (const std::bad_alloc&) {
    return "out of memory";
  } catch (const std::exception& ex) {
    return ex.what();
  } catch (...) {
    return "unknown error";
  }
}

namespace {

// Each kind's record layout (SolutionRecord.data).
struct Encoder {
  std::vector<std::int32_t>& out;

  void cell(const Cell& c) const { out.insert(out.end(), {c.x, c.y, c.z}); }
  void operator()(const PackingSolution& s) const {
    for (const PiecePlacement& p : s.placements) {
      out.push_back(p.piece);
      out.push_back(static_cast<std::int32_t>(p.cells.size()));
      for (const Cell& c : p.cells) cell(c);
    }
  }
  void operator()(const EdgeMatchingSolution& s) const {
    for (const auto& t : s.grid) out.insert(out.end(), {t.tile, t.rotation});
  }
  void operator()(const SnakeSolution& s) const {
    for (const Cell& c : s.chain) cell(c);
  }
};

}  // namespace

void encode(const Solution& solution, std::vector<std::int32_t>& out) { std::visit(Encoder{out}, solution); }

}  // namespace pw::wasm
