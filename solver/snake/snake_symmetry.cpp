#include "snake/snake_symmetry.hpp"

namespace pw {

void SnakeSymmetry::smallestImage(std::span<const int> chain, std::vector<int>& out) const {
  const std::size_t n = chain.size();
  out.assign(chain.begin(), chain.end());
  for (const std::vector<int>& g : box_->symmetries) {
    for (int reversed = 0; reversed <= (palindromic_ ? 1 : 0); ++reversed) {
      // Compare the image with the best so far cell by cell; copy it once it is smaller.
      for (std::size_t i = 0; i < n; ++i) {
        const int v = g[chain[reversed ? n - 1 - i : i]];
        if (v > out[i]) break;
        if (v < out[i]) {
          for (std::size_t j = i; j < n; ++j) out[j] = g[chain[reversed ? n - 1 - j : j]];
          break;
        }
      }
    }
  }
}

}  // namespace pw
