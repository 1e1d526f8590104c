// Point evaluation: the double reference and the float mirror.
#include "vknoise/noise.hpp"
#include "c_api/handles.hpp"

using vknoise_c_api::table_of;

extern "C" double vknoise_noise3(double x, double y, double z) noexcept {
  return vknoise::noise3(x, y, z);
}

extern "C" double vknoise_noise4(double x, double y, double z, double w) noexcept {
  return vknoise::noise4(x, y, z, w);
}

extern "C" double vknoise_noise3_table(const vknoise_permutation* permutation, double x, double y,
                                       double z) noexcept {
  return vknoise::noise3(x, y, z, table_of(permutation));
}

extern "C" double vknoise_noise4_table(const vknoise_permutation* permutation, double x, double y,
                                       double z, double w) noexcept {
  return vknoise::noise4(x, y, z, w, table_of(permutation));
}

extern "C" float vknoise_noise3f(const vknoise_permutation* permutation, double x, double y,
                                 double z) noexcept {
  return vknoise::noise3f(vknoise::reduce_coordinate(x), vknoise::reduce_coordinate(y),
                          vknoise::reduce_coordinate(z), table_of(permutation));
}

extern "C" float vknoise_noise4f(const vknoise_permutation* permutation, double x, double y,
                                 double z, double w) noexcept {
  return vknoise::noise4f(vknoise::reduce_coordinate(x), vknoise::reduce_coordinate(y),
                          vknoise::reduce_coordinate(z), vknoise::reduce_coordinate(w),
                          table_of(permutation));
}
