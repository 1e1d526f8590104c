// Steven Worley's cellular noise (1996), written once for both precisions like
// improved_noise.hpp: real = double is the reference, real = float is the mirror of
// shaders/cellular_noise.glsl (the same functions in the same order under the same names; the
// shader computes sqrt and `/` with rounded_sqrt and rounded_div, shaders/rounded_float.glsl,
// which give the correctly rounded results that std::sqrt and `/` give here). The divisions by
// 65536 and 32768 below are written as the exact multiplications by 2^-16 and 2^-15, in both.
//
// Definition. The sample's axes a < dims (2..4) arrive as lattice_axis values: cell in
// [0, period[a]) and frac in [0, 1]. Every lattice cell holds one feature point:
//   Cell hash of an integer cell c (each component already wrapped into [0, period)):
//     2D h = perm[perm[c0] + c1], 3D perm[perm[perm[c0] + c1] + c2], 4D one more level (+ c3).
//   Feature point, per axis a < dims: q_a = (perm[h + 2a] * 256 + perm[h + 2a + 1] + 0.5) / 65536
//   (exact in float, in [2^-17, 1 - 2^-17]), and the point's offset in its cell
//   o_a = 0.5 + jitter * (q_a - 0.5), jitter in [0, 1].
//   Cell value: (perm[h + 2 dims] * 256 + perm[h + 2 dims + 1] + 0.5) / 32768 - 1 (exact in
//   float, in (-1, 1)).
// For the neighbour at offset k (small integers, per axis) of the sample's cell, the point
// relative to the sample is d_a = (real(k_a) + o_a) - frac_a, and the neighbour's cell is
// (cell + k) mod period, as (cell + k + 8 period) % period (non-negative: GLSL's % is undefined
// for negative operands).
// Distances, combined left to right by cellular_accumulate: euclidean2
// ((d0*d0 + d1*d1) + d2*d2) + d3*d3 (as many terms as dims); euclidean sqrt(euclidean2), the root
// taken only of the final F1 and F2 (the search compares squares); manhattan |d0| + |d1| + ...;
// chebyshev max(|d0|, |d1|, ...).
// F1 <= F2 are kept by insertion in visiting order:
//   if (d < f1) { f2 = f1; f1 = d; cell1 = c; } else if (d < f2) f2 = d;
// so of points at equal distances the first visited wins. Returns: f1, f2, f2 - f1, f1 * f2,
// f1 / f2, or cell (the value of the nearest point's cell).
// f2 > 0 always: two different cells' points are distinct (offsets o lie in
// [2^-17, 1 - 2^-17], so two cells' points differ by at least 2^-16 on an axis where the cells
// differ, far more than any rounding of k + o), so at most one point has d == 0; and a nonzero
// d_a is at least 2^-41 (k + o rounds to a float p with |p| >= 2^-17, and frac >= 0: either
// |p - frac| >= 2^-18, or both are floats above 2^-18, multiples of 2^-41), so
// d_a * d_a >= 2^-82 and no distance of a point other than the one the sample sits on rounds to
// 0. Hence f1 / f2 is defined and in [0, 1]. (In float, then: F1 is 0 or at least 2^-41, its
// square 0 or at least 2^-82, and F2 at least 2^-17, on the axis where the two nearest points'
// cells differ one of them is at least that far; all squares searched are below 2^8. These are
// the operands of rounded_sqrt and rounded_div in the shader, well inside their domain.)
//
// Exact search. Every cell is visited that can hold one of the two nearest points, in a fixed
// order, identical in the shader.
//   Window. Per axis, a point's offset lies in [0.5 - jitter/2, 0.5 + jitter/2] within [0, 1].
//   Take jitter 1 (the widest spread) and m_a = max(frac_a, 1 - frac_a) in [0.5, 1], M the
//   largest m_a. F2 is at most the larger distance of two points: the own cell's (|d_a| <= m_a
//   on every axis) and that of the face neighbour across the axis a of M on the side nearer the
//   sample (|d_a| <= 1 + (1 - M) = 2 - M there, |d_b| <= m_b <= M on the others). So
//     euclidean: F2^2 <= sum m_b^2 - M^2 + (2 - M)^2 <= dims M^2 - 4M + 4, convex in M, at most
//                max(dims, dims/4 + 2): F2 <= sqrt(2.5), sqrt(3), 2 for dims 2, 3, 4;
//     manhattan: F2 <= sum m_b - M + (2 - M) <= (dims - 2) M + 2, at most dims;
//     chebyshev: F2 <= max(M, 2 - M) = 2 - M <= 1.5.
//   A cell at offset k on some axis has |d_a| >= |k| - 1 there, and every metric is at least
//   |d_a|; it can change F1 or F2 only if its distance is < F2, so a radius R leaves out nothing
//   when R > F2max. R is the least integer above F2max, one more where F2max is an integer (there
//   the bound is approached as fracs go to 0 or 1: the extra cell keeps a whole cell of margin
//   instead of the 2^-17 by which points stay inside their cells). Offsets -R..R per axis:
//                     dims 2    dims 3    dims 4     (F2max)
//     euclidean(2)    2         2         3          1.58, 1.73, 2
//     manhattan       3         4         5          2,    3,    4
//     chebyshev       2         2         2          1.5
//   A smaller jitter only narrows the points' spread, so the same R holds. The margins (at least
//   a quarter cell) dwarf any rounding.
//   Order. Axis 0 is the outermost loop; each axis runs over the offsets 0, -1, +1, -2, +2, ...
//   up to R, so the own cell is seen first and F2 tightens early.
//   Pruning. Per axis and offset k, a lower bound on |d_a| for any point of that slab:
//     lo = 0.5 + jitter * -0.5, hi = 0.5 + jitter * 0.5,
//     lower = (real(k) + lo) - frac_a, upper = (real(k) + hi) - frac_a,
//     bound = max(0, lower, -upper).
//   q_a - 0.5 lies in [-0.5, 0.5] exactly, and each operation of o_a and d_a (a multiply by
//   jitter >= 0, then adds and a subtraction of the same operands) is a correctly rounded,
//   hence monotone, function of the one operand that varies: so the computed lower <= computed
//   d_a <= computed upper, and the computed bound <= |computed d_a|. The bounds of the axes seen
//   so far are combined with cellular_accumulate, the same monotone operations that combine the
//   distance (adding a non-negative term, or taking a max, never decreases the result), so the
//   bound of a slab at each loop level never exceeds the computed distance of any point in it.
//   A slab (a cell, at the innermost level) whose bound is > f2 is skipped: none of its points
//   could pass the strict comparisons above.
//
// Gradients (cellular_noise_d; d/d position, where d_a = point - sample so dd_a/dx_a = -1):
// euclidean -d_a / F (0 where F == 0), euclidean2 -2 d_a, manhattan -sign(d_a) (0 at 0),
// chebyshev -sign(d_m) on the first axis m with |d_m| == F, 0 on the others; of the nearest point
// for f1, of the second nearest for f2, their difference for f2 - f1. The other returns have
// no gradient (their callers refuse them); for them the gradient is 0.
//
// This file must be compiled with -ffp-contract=off: a fused multiply-add changes the bits. A
// jitter below 2^-100 would make jitter * (q - 0.5) subnormal, which a device may flush.
#pragma once

#include <cmath>
#include <cstdint>

#include "core/improved_noise.hpp"
#include "core/lattice.hpp"
#include "vknoise/noise_spec.hpp"

namespace vknoise::detail {

template <class real>
struct cellular_setup {
  cellular_distance distance;
  cellular_return returns;
  real jitter;  // in [0, 1]
};

// The window radius R per axis (the table above).
inline int cellular_radius(int dims, cellular_distance distance) {
  if (distance == cellular_distance::manhattan) return dims + 1;
  if (distance == cellular_distance::chebyshev) return 2;
  return dims == 4 ? 3 : 2;
}

// The i-th offset of an axis's loop: 0, -1, +1, -2, +2, ...
inline int cellular_offset(int i) {
  return (i & 1) != 0 ? -((i + 1) >> 1) : (i >> 1);
}

// The neighbour's cell (cell + k) mod period, for cell in [0, period) and |k| <= 8.
inline int cellular_wrap(int cell, int k, std::uint32_t period) {
  const int p = static_cast<int>(period);
  return (cell + k + 8 * p) % p;
}

// q_a - 0.5 mapped through the jitter: the feature point's offset in its cell on axis a.
template <class real>
inline real cellular_point(const std::int32_t* perm, int h, int a, real jitter) {
  const real n = static_cast<real>(perm[h + 2 * a] * 256 + perm[h + 2 * a + 1]);
  const real q = (n + real(0.5)) * real(0x1p-16);  // / 65536, exactly
  return real(0.5) + jitter * (q - real(0.5));
}

// The value of the cell with hash h.
template <class real>
inline real cellular_cell_value(const std::int32_t* perm, int h, int dims) {
  const real n = static_cast<real>(perm[h + 2 * dims] * 256 + perm[h + 2 * dims + 1]);
  return (n + real(0.5)) * real(0x1p-15) - real(1);  // / 32768, exactly
}

// One axis's term added to a distance (or a bound) under the metric; euclidean searches by
// squares.
template <class real>
inline real cellular_accumulate(cellular_distance distance, real acc, real t) {
  if (distance == cellular_distance::manhattan) return acc + std::abs(t);
  if (distance == cellular_distance::chebyshev) return std::abs(t) > acc ? std::abs(t) : acc;
  return acc + t * t;
}

// A lower bound on |d_a| for any point of the slab at offset k (lo, hi: the offsets' extremes).
template <class real>
inline real cellular_axis_bound(int k, real lo, real hi, real frac) {
  const real lower = (static_cast<real>(k) + lo) - frac;
  const real upper = (static_cast<real>(k) + hi) - frac;
  real b = real(0);
  if (lower > b) b = lower;
  if (-upper > b) b = -upper;
  return b;
}

// The two nearest points: their searched distances (squares for euclidean), their d vectors
// (0 beyond dims), and the nearest's cell hash.
template <class real>
struct cellular_search {
  real f1, f2;
  real d1[4], d2[4];
  int h1;
};

// What cellular_find tells an observer: nothing by default. A measuring tool
// (bench/cellular_visits.cpp) passes its own, called as observe(level, i0, i1, i2, i3) when the
// slab of loop level `level` at loop indices i0 .. i[level] passes its bound test (the indices of
// deeper levels are 0).
struct cellular_no_observer {
  void operator()(int, int, int, int, int) const {}
};

template <class real, class Observer = cellular_no_observer>
inline cellular_search<real> cellular_find(const std::int32_t* perm, const cellular_setup<real>& s,
                                           int dims, const lattice_axis<real>& x,
                                           const lattice_axis<real>& y, const lattice_axis<real>& z,
                                           const lattice_axis<real>& w, const std::uint32_t* period,
                                           Observer&& observe = Observer{}) {
  const int cell[4] = {x.cell, y.cell, z.cell, w.cell};
  const real frac[4] = {x.frac, y.frac, z.frac, w.frac};
  const int R = cellular_radius(dims, s.distance);
  int n[4];
  for (int a = 0; a < 4; ++a) n[a] = a < dims ? 2 * R + 1 : 1;
  const real lo = real(0.5) + s.jitter * real(-0.5);
  const real hi = real(0.5) + s.jitter * real(0.5);
  cellular_search<real> r;
  r.f1 = real(1e30);  // above any distance in the window
  r.f2 = real(1e30);
  for (int a = 0; a < 4; ++a) {
    r.d1[a] = real(0);
    r.d2[a] = real(0);
  }
  r.h1 = 0;
  for (int i0 = 0; i0 < n[0]; ++i0) {
    const int k0 = cellular_offset(i0);
    const real b0 =
        cellular_accumulate(s.distance, real(0), cellular_axis_bound(k0, lo, hi, frac[0]));
    if (b0 > r.f2) continue;
    observe(0, i0, 0, 0, 0);
    const int p0 = perm[cellular_wrap(cell[0], k0, period[0])];
    for (int i1 = 0; i1 < n[1]; ++i1) {
      const int k1 = cellular_offset(i1);
      const real b1 = cellular_accumulate(s.distance, b0, cellular_axis_bound(k1, lo, hi, frac[1]));
      if (b1 > r.f2) continue;
      observe(1, i0, i1, 0, 0);
      const int p1 = perm[p0 + cellular_wrap(cell[1], k1, period[1])];
      for (int i2 = 0; i2 < n[2]; ++i2) {
        const int k2 = cellular_offset(i2);
        real b2 = b1;
        int p2 = p1;
        if (dims >= 3) {
          b2 = cellular_accumulate(s.distance, b1, cellular_axis_bound(k2, lo, hi, frac[2]));
          if (b2 > r.f2) continue;
          observe(2, i0, i1, i2, 0);
          p2 = perm[p1 + cellular_wrap(cell[2], k2, period[2])];
        }
        for (int i3 = 0; i3 < n[3]; ++i3) {
          const int k3 = cellular_offset(i3);
          int h = p2;
          if (dims >= 4) {
            const real b3 =
                cellular_accumulate(s.distance, b2, cellular_axis_bound(k3, lo, hi, frac[3]));
            if (b3 > r.f2) continue;
            observe(3, i0, i1, i2, i3);
            h = perm[p2 + cellular_wrap(cell[3], k3, period[3])];
          }
          const int k[4] = {k0, k1, k2, k3};
          real d[4];
          real dist = real(0);
          for (int a = 0; a < 4; ++a) {
            d[a] = real(0);
            if (a < dims) {
              d[a] = (static_cast<real>(k[a]) + cellular_point(perm, h, a, s.jitter)) - frac[a];
              dist = cellular_accumulate(s.distance, dist, d[a]);
            }
          }
          if (dist < r.f1) {
            r.f2 = r.f1;
            for (int a = 0; a < 4; ++a) r.d2[a] = r.d1[a];
            r.f1 = dist;
            for (int a = 0; a < 4; ++a) r.d1[a] = d[a];
            r.h1 = h;
          } else if (dist < r.f2) {
            r.f2 = dist;
            for (int a = 0; a < 4; ++a) r.d2[a] = d[a];
          }
        }
      }
    }
  }
  return r;
}

// A searched distance as returned: the root of the square for euclidean.
template <class real>
inline real cellular_finish(cellular_distance distance, real f) {
  return distance == cellular_distance::euclidean ? std::sqrt(f) : f;
}

template <class real>
inline real cellular_value(const std::int32_t* perm, const cellular_setup<real>& s, int dims,
                           const cellular_search<real>& r) {
  const real f1 = cellular_finish(s.distance, r.f1);
  const real f2 = cellular_finish(s.distance, r.f2);
  switch (s.returns) {
    case cellular_return::f1:
      return f1;
    case cellular_return::f2:
      return f2;
    case cellular_return::f2_minus_f1:
      return f2 - f1;
    case cellular_return::f1_times_f2:
      return f1 * f2;
    case cellular_return::f1_over_f2:
      return f1 / f2;
    case cellular_return::cell:
      break;
  }
  return cellular_cell_value<real>(perm, r.h1, dims);
}

template <class real>
inline real cellular_noise(const std::int32_t* perm, const cellular_setup<real>& s, int dims,
                           const lattice_axis<real>& x, const lattice_axis<real>& y,
                           const lattice_axis<real>& z, const lattice_axis<real>& w,
                           const std::uint32_t* period) {
  return cellular_value(perm, s, dims, cellular_find(perm, s, dims, x, y, z, w, period));
}

// The gradient of the distance F (as returned) to the point at d, into g[0..3].
template <class real>
inline void cellular_gradient(cellular_distance distance, int dims, real F, const real* d,
                              real* g) {
  bool found = false;
  for (int a = 0; a < 4; ++a) {
    g[a] = real(0);
    if (a >= dims) continue;
    if (distance == cellular_distance::euclidean) {
      if (F != real(0)) g[a] = -d[a] / F;
    } else if (distance == cellular_distance::euclidean2) {
      g[a] = real(-2) * d[a];
    } else if (distance == cellular_distance::manhattan) {
      g[a] = d[a] > real(0) ? real(-1) : d[a] < real(0) ? real(1) : real(0);
    } else if (!found && std::abs(d[a]) == F) {
      found = true;
      g[a] = d[a] > real(0) ? real(-1) : d[a] < real(0) ? real(1) : real(0);
    }
  }
}

template <class real>
inline dual<real> cellular_noise_d(const std::int32_t* perm, const cellular_setup<real>& s,
                                   int dims, const lattice_axis<real>& x,
                                   const lattice_axis<real>& y, const lattice_axis<real>& z,
                                   const lattice_axis<real>& w, const std::uint32_t* period) {
  const cellular_search<real> r = cellular_find(perm, s, dims, x, y, z, w, period);
  dual<real> out{cellular_value(perm, s, dims, r), {real(0), real(0), real(0), real(0)}};
  real g1[4], g2[4];
  cellular_gradient(s.distance, dims, cellular_finish(s.distance, r.f1), r.d1, g1);
  cellular_gradient(s.distance, dims, cellular_finish(s.distance, r.f2), r.d2, g2);
  for (int a = 0; a < 4; ++a) {
    if (s.returns == cellular_return::f1) {
      out.d[a] = g1[a];
    } else if (s.returns == cellular_return::f2) {
      out.d[a] = g2[a];
    } else if (s.returns == cellular_return::f2_minus_f1) {
      out.d[a] = g2[a] - g1[a];
    }
  }
  return out;
}

}  // namespace vknoise::detail
