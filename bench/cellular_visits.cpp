#include "bench/cellular_visits.hpp"

#include <bit>
#include <cstddef>
#include <vector>

#include "core/cellular_noise.hpp"
#include "core/lattice.hpp"
#include "vknoise/permutation.hpp"

namespace vknoise::bench {
namespace {

using detail::cellular_accumulate;
using detail::cellular_axis_bound;
using detail::cellular_offset;
using detail::cellular_point;
using detail::cellular_wrap;

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

// detail::cellular_find's loops for euclidean distances (its bounds, hashes and insertion in the
// same order), recording the slabs that pass. Returns the search's result for the check.
detail::cellular_search<float> counted_find(const std::int32_t* perm,
                                            const detail::cellular_setup<float>& s, int dims,
                                            const std::array<int, 4>& cell,
                                            const std::array<float, 4>& frac, pass_masks& passed) {
  const std::uint32_t period = 256;
  const int n = 2 * detail::cellular_radius(dims, s.distance) + 1;
  const float lo = 0.5f + s.jitter * -0.5f;
  const float hi = 0.5f + s.jitter * 0.5f;
  detail::cellular_search<float> r{};
  r.f1 = 1e30f;
  r.f2 = 1e30f;
  // One level of the nest: axis a's offsets under the bound `acc` and hash `p` of the levels
  // above; `k` holds the offsets chosen so far, `slab` the index of the enclosing slab.
  auto visit = [&](auto& self, int a, float acc, int p, std::array<int, 4>& k,
                   std::size_t slab) -> void {
    for (int i = 0; i < n; ++i) {
      k[a] = cellular_offset(i);
      const float b =
          cellular_accumulate(s.distance, acc, cellular_axis_bound(k[a], lo, hi, frac[a]));
      if (b > r.f2) continue;
      const std::size_t here = slab * static_cast<std::size_t>(n) + static_cast<std::size_t>(i);
      passed.set(a, here);
      const int h = perm[(a == 0 ? 0 : p) + cellular_wrap(cell[a], k[a], period)];
      if (a + 1 < dims && a < 3) {
        self(self, a + 1, b, h, k, here);
        continue;
      }
      float d[4] = {0, 0, 0, 0};
      float dist = 0;
      for (int c = 0; c < dims; ++c) {
        d[c] = (static_cast<float>(k[c]) + cellular_point(perm, h, c, s.jitter)) - frac[c];
        dist = cellular_accumulate(s.distance, dist, d[c]);
      }
      if (dist < r.f1) {
        r.f2 = r.f1;
        for (int c = 0; c < 4; ++c) r.d2[c] = r.d1[c];
        r.f1 = dist;
        for (int c = 0; c < 4; ++c) r.d1[c] = d[c];
        r.h1 = h;
      } else if (dist < r.f2) {
        r.f2 = dist;
        for (int c = 0; c < 4; ++c) r.d2[c] = d[c];
      }
    }
  };
  std::array<int, 4> k{0, 0, 0, 0};
  visit(visit, 0, 0.0f, 0, k, 0);
  return r;
}

// Calls `each(x, cell, frac)` for every sample of the field, rows in order, x fastest.
template <class F>
void for_each_sample(const field_spec& field, F&& each) {
  const auto& size = field.size;
  std::array<int, 4> cell{0, 0, 0, 0};
  std::array<float, 4> frac{0, 0, 0, 0};
  auto axis = [&](int a, std::uint64_t i) {
    const double x = field.origin[a] + static_cast<double>(field.region[a] + i) * field.step[a];
    const detail::lattice_axis<double> l = detail::split_axis(x, 256);
    cell[a] = l.cell;
    frac[a] = static_cast<float>(l.frac);
  };
  for (std::uint32_t w = 0; w < size[3]; ++w) {
    if (field.dims == 4) axis(3, w);
    for (std::uint32_t z = 0; z < size[2]; ++z) {
      axis(2, z);
      for (std::uint32_t y = 0; y < size[1]; ++y) {
        axis(1, y);
        for (std::uint32_t x = 0; x < size[0]; ++x) {
          axis(0, x);
          each(x, cell, frac);
        }
      }
    }
  }
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
  unsigned in_group = 0;
  double samples = 0;
  auto close_group = [&] {
    if (in_group == 0) return;
    // Each lane pays for every iteration its group runs.
    double above = 1;  // passes of the level above (the loop runs once per sample at level 0)
    for (int a = 0; a < dims; ++a) {
      tests[a] += in_group * n * above;
      above = group.count(a);
      passes[a] += in_group * above;
    }
    samples += in_group;
    in_group = 0;
    group.reset(dims, n);
  };
  for_each_sample(field, [&](std::uint32_t x, const std::array<int, 4>& cell,
                             const std::array<float, 4>& frac) {
    if (x == 0) close_group();
    sample.reset(dims, n);
    counted_find(perm, setup, dims, cell, frac, sample);
    group.merge(sample, dims);
    if (++in_group == lanes) close_group();
  });
  close_group();
  for (int a = 0; a < dims; ++a) {
    result.level[a].tests = tests[a] / samples;
    result.level[a].passes = passes[a] / samples;
  }
  return result;
}

bool cellular_visits_check(const field_spec& field) {
  const auto table = permutation_table::perlin();
  const std::int32_t* perm = table.doubled().data();
  const auto setup = setup_of(field);
  const int dims = field.dims;
  const int n = 2 * detail::cellular_radius(dims, setup.distance) + 1;
  const std::uint32_t period[4] = {256, 256, 256, 256};
  bool same = true;
  pass_masks masks;
  for_each_sample(field, [&](std::uint32_t, const std::array<int, 4>& cell,
                             const std::array<float, 4>& frac) {
    masks.reset(dims, n);
    const auto counted = counted_find(perm, setup, dims, cell, frac, masks);
    auto axis = [&](int a) { return detail::lattice_axis<float>{cell[a], 0, 0, 0, frac[a]}; };
    const auto original =
        detail::cellular_find(perm, setup, dims, axis(0), axis(1), axis(2), axis(3), period);
    same = same &&
           std::bit_cast<std::uint32_t>(counted.f1) == std::bit_cast<std::uint32_t>(original.f1) &&
           std::bit_cast<std::uint32_t>(counted.f2) == std::bit_cast<std::uint32_t>(original.f2) &&
           counted.h1 == original.h1;
  });
  return same;
}

}  // namespace vknoise::bench
