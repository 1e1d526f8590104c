#include "vknoise/classic_gradients.hpp"

#include "core/splitmix64.hpp"

#include <algorithm>
#include <cmath>

namespace vknoise {
namespace {

using detail::splitmix64;

// Half a period of the generator away from the permutation table's stream of the same seed.
constexpr std::uint64_t kStreamOffset = 0x8000000000000000ull;

constexpr double kMinSquaredLength = 1e-4;

classic_gradients::table_type draw_slopes(splitmix64& rng) {
  classic_gradients::table_type t{};
  for (auto& g : t) g[0] = rng.coordinate();
  return t;
}

classic_gradients::table_type draw_directions(splitmix64& rng, int dims) {
  classic_gradients::table_type t{};
  for (auto& g : t) {
    std::array<double, 4> c{};
    double s;
    do {
      for (int k = 0; k < dims; ++k) c[k] = rng.coordinate();
      s = c[0] * c[0];
      for (int k = 1; k < dims; ++k) s = s + c[k] * c[k];
    } while (s > 1.0 || s < kMinSquaredLength);
    const double len = std::sqrt(s);
    for (int k = 0; k < dims; ++k) g[k] = c[k] / len;
  }
  return t;
}

int table_index(int dims) {
  return std::clamp(dims, 1, 4) - 1;
}

}  // namespace

classic_gradients classic_gradients::from_seed(std::uint64_t seed) {
  splitmix64 rng(seed ^ kStreamOffset);
  classic_gradients g;
  g.tables_[0] = draw_slopes(rng);
  for (int dims = 2; dims <= 4; ++dims) g.tables_[dims - 1] = draw_directions(rng, dims);
  return g;
}

const classic_gradients::table_type& classic_gradients::table(int dims) const {
  return tables_[table_index(dims)];
}

std::array<float, 256 * 4> classic_gradients::float_table(int dims) const {
  const table_type& t = table(dims);
  std::array<float, 256 * 4> f;
  for (int i = 0; i < 256; ++i) {
    for (int k = 0; k < 4; ++k) f[4 * i + k] = static_cast<float>(t[i][k]);
  }
  return f;
}

}  // namespace vknoise
