#include "wasm_values.hpp"

#include <new>
#include <stdexcept>
#include <type_traits>
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

void push(std::vector<std::int32_t>& out, const Cell& c) {
  out.push_back(c.x);
  out.push_back(c.y);
  out.push_back(c.z);
}

}  // namespace

void encode(const Solution& solution, std::vector<std::int32_t>& out) {
  std::visit(
      [&](const auto& s) {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, PackingSolution>) {
          for (const auto& p : s.placements) {
            out.push_back(p.piece);
            out.push_back(static_cast<std::int32_t>(p.cells.size()));
            for (const auto& c : p.cells) push(out, c);
          }
        } else if constexpr (std::is_same_v<S, EdgeMatchingSolution>) {
          for (const auto& t : s.grid) {
            out.push_back(t.tile);
            out.push_back(t.rotation);
          }
        } else {
          for (const auto& c : s.chain) push(out, c);
        }
      },
      solution);
}

}  // namespace pw::wasm
