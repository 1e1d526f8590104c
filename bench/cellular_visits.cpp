#include "bench/cellular_visits.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "bench/lane_groups.hpp"
#include "core/cellular_noise.hpp"
#include "core/lattice.hpp"
#include "vknoise/permutation.hpp"

namespace vknoise::bench {
namespace {

// Which iterations passed, per level: bit (i0 * n + i1) * n + ... of level a's mask for the
// slab at loop indices i0 .. ia.
struct pass_masks {
  std::array<std::vector<std::uint64_t>, 4> level;

  void reset(int dims, int n) {
    std::size_t bits = 1;
    for (int a = 0; a < dims; ++a) {
      bits *= static_cast<std::size_t>(n);
      level[a].assign((bits + 63) / 64, 0);
    }
  }
  void set(int a, std::size_t bit) { level[a][bit / 64] |= std::uint64_t{1} << (bit % 64); }
  void merge(const pass_masks& other, int dims) {
    for (int a = 0; a < dims; ++a) {
      for (std::size_t w = 0; w < level[a].size(); ++w) level[a][w] |= other.level[a][w];
    }
  }
  double count(int a) const {
    std::size_t c = 0;
    for (std::uint64_t w : level[a]) c += static_cast<std::size_t>(std::popcount(w));
    return static_cast<double>(c);
  }
};

// detail::cellular_find itself, recording through its observer the slabs that pass.
void counted_find(const std::int32_t* perm, const detail::cellular_setup<float>& s, int dims,
                  const std::array<int, 4>& cell, const std::array<float, 4>& frac,
                  pass_masks& passed) {
  const std::uint32_t period[4] = {256, 256, 256, 256};
  const std::size_t n = static_cast<std::size_t>(2 * detail::cellular_radius(dims, s.distance) + 1);
  auto axis = [&](int a) { return detail::lattice_axis<float>{cell[a], 0, 0, 0, frac[a]}; };
  detail::cellular_find(perm, s, dims, axis(0), axis(1), axis(2), axis(3), period,
                        [&](int level, int i0, int i1, int i2, int i3) {
                          const int i[4] = {i0, i1, i2, i3};
                          std::size_t bit = 0;
                          for (int a = 0; a <= level; ++a) bit = bit * n + std::size_t(i[a]);
                          passed.set(level, bit);
                        });
}

detail::cellular_setup<float> setup_of(const field_spec& field) {
  return {field.noise.distance, field.noise.returns, static_cast<float>(field.noise.jitter)};
}

}  // namespace

cellular_visits measure_cellular_visits(const field_spec& field, unsigned lanes) {
  const auto table = permutation_table::perlin();
  const std::int32_t* perm = table.doubled().data();
  const auto setup = setup_of(field);
  const int dims = field.dims;
  const int n = 2 * detail::cellular_radius(dims, setup.distance) + 1;
  cellular_visits result;
  result.dims = dims;
  result.lanes = lanes;
  std::array<double, 4> tests{}, passes{};
  pass_masks group, sample;
  group.reset(dims, n);
  double samples = 0;
  std::array<int, 4> cell{0, 0, 0, 0};
  std::array<float, 4> frac{0, 0, 0, 0};
  for_each_lane_group(
      field, lanes,
      [&](const std::array<double, 4>& position) {
        for (int a = 0; a < 4; ++a) {
          const detail::lattice_axis<double> l = detail::split_axis(position[a], 256);
          cell[a] = l.cell;
          frac[a] = static_cast<float>(l.frac);
        }
        sample.reset(dims, n);
        counted_find(perm, setup, dims, cell, frac, sample);
        group.merge(sample, dims);
      },
      [&](unsigned in_group) {
        // Each lane pays for every iteration its group runs.
        double above = 1;  // passes of the level above (the loop runs once per sample at level 0)
        for (int a = 0; a < dims; ++a) {
          tests[a] += in_group * n * above;
          above = group.count(a);
          passes[a] += in_group * above;
        }
        samples += in_group;
        group.reset(dims, n);
      });
  for (int a = 0; a < dims; ++a) {
    result.level[a].tests = tests[a] / samples;
    result.level[a].passes = passes[a] / samples;
  }
  return result;
}

}  // namespace vknoise::bench
