#include "cpu/field_plan.hpp"

#include <algorithm>

#include "core/improved_noise.hpp"
#include "cpu/row_tables.hpp"

namespace vknoise::cpu {

bool simd_kernels_cover(const noise_spec& noise, int dims) {
  const bool improved = noise.kind == noise_kind::improved ||
                        (noise.kind == noise_kind::improved4_balanced && dims == 4);
  return improved && !noise.gradient && noise.warp == 0;
}

namespace {

x_octave make_x_octave(const field_plan& plan, int octave) {
  x_octave x;
  const std::size_t n = plan.padded_nx;
  x.x0.assign(n, 0.0f);
  x.x1.assign(n, -1.0f);
  x.u.assign(n, 0.0f);
  x.cell_slot.assign(n, 0);
  x.next_slot.assign(n, 0);
  bool seen[256] = {};
  for (std::uint32_t i = 0; i < plan.nx; ++i) {
    const lattice_coord& c = plan.coord(0, octave, i);
    // The same float operations as the mirror's improved_noise*: frac, frac - 1, fade(frac).
    x.x0[i] = c.frac;
    x.x1[i] = c.frac - 1.0f;
    x.u[i] = detail::fade(c.frac);
    seen[c.cell] = seen[c.next] = true;
  }
  std::int32_t slot[256] = {};
  for (int c = 0; c < 256; ++c) {
    if (!seen[c]) continue;
    slot[c] = static_cast<std::int32_t>(x.distinct.size());
    x.distinct.push_back(c);
  }
  x.slots = x.distinct.size();
  x.distinct.resize((x.slots + byte_lane_padding - 1) / byte_lane_padding * byte_lane_padding, 0);
  for (std::uint32_t i = 0; i < plan.nx; ++i) {
    const lattice_coord& c = plan.coord(0, octave, i);
    x.cell_slot[i] = slot[c.cell];
    x.next_slot[i] = slot[c.next];
  }
  // Padding reads the last sample's slots, which keeps the last window narrow.
  std::fill(x.cell_slot.begin() + plan.nx, x.cell_slot.end(), x.cell_slot[plan.nx - 1]);
  std::fill(x.next_slot.begin() + plan.nx, x.next_slot.end(), x.next_slot[plan.nx - 1]);
  for (std::size_t first = 0; first < n; first += lane_padding) {
    const auto from = [&](const std::vector<std::int32_t>& s) { return s.begin() + first; };
    const auto to = [&](const std::vector<std::int32_t>& s) {
      return s.begin() + first + lane_padding;
    };
    const std::int32_t low = std::min(*std::min_element(from(x.cell_slot), to(x.cell_slot)),
                                      *std::min_element(from(x.next_slot), to(x.next_slot)));
    const std::int32_t high = std::max(*std::max_element(from(x.cell_slot), to(x.cell_slot)),
                                       *std::max_element(from(x.next_slot), to(x.next_slot)));
    const bool one_cell = std::all_of(from(x.cell_slot), to(x.cell_slot),
                                      [&](std::int32_t s) { return s == x.cell_slot[first]; }) &&
                          std::all_of(from(x.next_slot), to(x.next_slot),
                                      [&](std::int32_t s) { return s == x.next_slot[first]; });
    // Neighbouring samples in the same cell share its entry.
    const bool known = one_cell && !x.shared_slot.empty() &&
                       x.shared_slot.back() == x.cell_slot[first] &&
                       x.shared_next_slot.back() == x.next_slot[first];
    if (one_cell && !known) {
      x.shared_slot.push_back(x.cell_slot[first]);
      x.shared_next_slot.push_back(x.next_slot[first]);
    }
    x.shared_cell.push_back(one_cell ? static_cast<std::int32_t>(x.shared_slot.size()) - 1 : -1);
    const bool narrow = high - low < hash_window;
    x.window.push_back(narrow ? low : -1);
    for (std::size_t i = first; narrow && i < first + lane_padding; ++i) {
      x.cell_slot[i] -= low;
      x.next_slot[i] -= low;
    }
  }
  x.shared_cells = x.shared_slot.size();
  x.all_shared = std::all_of(x.shared_cell.begin(), x.shared_cell.end(),
                             [](std::int32_t cell) { return cell >= 0; });
  return x;
}

}  // namespace

field_plan make_plan(const row_noise& noise, const std::array<std::uint32_t, 4>& size,
                     const row_coordinates& coordinates) {
  field_plan plan;
  plan.dims = noise.dims;
  plan.balanced = noise.balanced;
  plan.nx = size[0];
  plan.padded_nx = (std::size_t{plan.nx} + lane_padding - 1) / lane_padding * lane_padding;
  plan.rows = std::uint64_t{size[1]} * size[2] * size[3];
  std::copy(noise.perm, noise.perm + 512, plan.perm);
  for (int i = 0; i < 256; ++i) plan.perm_bytes[i] = static_cast<std::uint8_t>(plan.perm[i]);

  plan.hashes = noise.dims == 1 ? 2 : noise.dims == 4 ? 32 : 16;
  for (int h = 0; h < plan.hashes; ++h) {
    const gradient_recipe r = noise.dims == 1   ? grad1_recipe(h)
                              : noise.dims == 4 ? grad4_recipe(h, plan.balanced)
                                                : grad3_recipe(h);
    plan.x_factor[0][h] = -0.0f;
    plan.x_factor[1][h] = 0.0f;
    // The term roles: the terms before x (or all but the last when x is absent) form the
    // constant, x enters where it stands (first and second are the same by commutativity of one
    // addition), the rest is `after`. Role entries name a term, or -1 for -0.
    int x_at = -1;
    for (int t = 0; t < r.count; ++t) {
      if (r.t[t].axis != 0) continue;
      x_at = t;
      plan.x_factor[0][h] = plan.x_factor[1][h] = r.t[t].negative ? -1 : 1;
    }
    int role[3] = {-1, -1, -1};
    if (r.count == 2) {
      role[0] = x_at == 0 ? 1 : 0;
      role[1] = x_at == -1 ? 1 : -1;
    } else if (r.count == 3) {
      role[0] = x_at == 0 ? 1 : 0;
      role[1] = x_at >= 2 || x_at == -1 ? 1 : -1;
      role[2] = x_at == 2 ? -1 : 2;
    }
    for (int k = 0; k < 8; ++k) {
      for (int q = 0; q < 3; ++q) {
        const gradient_term* term = role[q] < 0 ? nullptr : &r.t[role[q]];
        plan.constant_index[k][q][h] =
            term ? signed_component_lane(term->axis, (k >> (term->axis - 1)) & 1, term->negative)
                 : signed_component_negative_zero;
      }
    }
  }
  for (int k = 0; k < 8; ++k) {
    for (int q = 0; q < 3; ++q) {
      for (int h = plan.hashes; h < 32; ++h) {
        plan.constant_index[k][q][h] = signed_component_negative_zero;
      }
    }
  }
  plan.fractal = noise.fractal;

  const int octaves = noise.fractal.octaves;
  for (int a = 0; a < 4; ++a) plan.size[a] = size[a];
  for (int a = 1; a < 4; ++a)
    plan.start[a] = plan.start[a - 1] + std::size_t{size[a - 1]} * octaves;
  // axis_coordinates' order: axis by axis, octave by octave; the axes from dims on hold zeros.
  plan.coords.assign(plan.start[3] + std::size_t{size[3]} * octaves,
                     lattice_coord{0, 0, 0, 0, 0.0f});
  for (int a = 0; a < noise.dims; ++a) {
    for (int o = 0; o < octaves; ++o) {
      coordinates(
          a, o, std::span(plan.coords).subspan(plan.start[a] + std::size_t{size[a]} * o, size[a]));
    }
  }
  plan.side_lanes.resize(plan.coords.size() * 4);
  plan.fades.resize(plan.coords.size());
  for (std::size_t i = 0; i < plan.coords.size(); ++i)
    plan.fades[i] = detail::fade(plan.coords[i].frac);
  for (int a = 0; a < 4; ++a) {
    for (std::size_t i = plan.start[a]; i < plan.start[a] + std::size_t{size[a]} * octaves; ++i) {
      // The mirror's zero beyond dims; within, the offsets improved_noise* forms.
      const float side[2] = {a < noise.dims ? plan.coords[i].frac : 0.0f,
                             a < noise.dims ? plan.coords[i].frac - 1.0f : 0.0f};
      float* lanes = plan.side_lanes.data() + 4 * i;
      for (int s = 0; s < 2; ++s) {
        lanes[2 * s] = side[s];
        lanes[2 * s + 1] = -side[s];
      }
    }
  }
  for (int o = 0; o < octaves; ++o) plan.x.push_back(make_x_octave(plan, o));
  while (plan.shared_octaves < octaves && plan.x[plan.shared_octaves].all_shared) {
    ++plan.shared_octaves;
  }
  return plan;
}

}  // namespace vknoise::cpu
