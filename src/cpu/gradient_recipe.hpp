// The gradient functions of src/core/improved_noise.hpp (grad1, grad3, grad4, grad4_balanced)
// restated as data: which offset component each term reads and with which sign, for every hash.
// The fast path splits a gradient into the part that depends on the x offset (varying along a
// row) and the rest (constant along a row), and needs to know exactly where x sits in the sum so
// that it can keep the mirror's order of additions (row_tables.cpp).
#pragma once

namespace vknoise::cpu {

struct gradient_term {
  int axis;       // 0 x, 1 y, 2 z, 3 w
  bool negative;  // the term is -component
};

// A gradient is its terms added left to right: ((t[0] + t[1]) + t[2]).
struct gradient_recipe {
  int count;  // 1 (grad1), 2 (grad3) or 3 (grad4, grad4_balanced)
  gradient_term t[3];
};

// grad1: (hash & 1) == 0 ? x : -x.
inline gradient_recipe grad1_recipe(int hash) {
  return {1, {{0, (hash & 1) != 0}, {0, false}, {0, false}}};
}

// grad3: u = h < 8 ? x : y; v = h < 4 ? y : (h == 12 || h == 14) ? x : z; (+-u) + (+-v).
inline gradient_recipe grad3_recipe(int hash) {
  const int h = hash & 15;
  const int u = h < 8 ? 0 : 1;
  const int v = h < 4 ? 1 : (h == 12 || h == 14) ? 0 : 2;
  return {2, {{u, (h & 1) != 0}, {v, (h & 2) != 0}, {0, false}}};
}

// grad4 (Perlin's selection) and grad4_balanced: h >> 3 picks (a, b, c); the signs are minus
// where bits 2, 1, 0 are clear.
inline gradient_recipe grad4_recipe(int hash, bool balanced) {
  const int h = hash & 31;
  int a = 1, b = 2, c = 3;
  if (!balanced) {
    if ((h >> 3) == 1) a = 3, b = 0, c = 1;
    if ((h >> 3) == 2) a = 2, b = 3, c = 0;
  } else {
    if ((h >> 3) == 1) a = 0, b = 2, c = 3;
    if ((h >> 3) == 2) a = 0, b = 1, c = 3;
    if ((h >> 3) == 3) a = 0, b = 1, c = 2;
  }
  return {3, {{a, (h & 4) == 0}, {b, (h & 2) == 0}, {c, (h & 1) == 0}}};
}

}  // namespace vknoise::cpu
