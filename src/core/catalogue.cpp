#include "vknoise/catalogue.hpp"

namespace vknoise {
namespace {

field_spec make(int dims, std::array<std::uint32_t, 4> size, std::array<double, 4> origin,
                double step, noise_spec noise = {}) {
  field_spec f;
  f.dims = dims;
  f.size = size;
  f.origin = origin;
  f.step = {step, step, step, step};
  f.noise = noise;
  return f;
}

noise_spec fractal(fractal_kind kind, int octaves) {
  noise_spec n;
  n.fractal = kind;
  n.octaves = octaves;
  return n;
}

}  // namespace

std::vector<catalogue_entry> catalogue() {
  std::vector<catalogue_entry> list;
  const std::array<double, 4> near{-1.3, 0.7, 0.25, -0.4};
  const std::array<double, 4> far{1e6 + 0.3, -1e6 - 0.6, 1e6 + 0.1, -1e6 + 0.2};
  list.push_back({"improved 1D", make(1, {4096, 1, 1, 1}, near, 0.0173)});
  list.push_back({"improved 2D", make(2, {96, 80, 1, 1}, near, 0.0371)});
  list.push_back({"improved 3D", make(3, {48, 40, 6, 1}, near, 0.0371)});
  list.push_back({"improved 4D", make(4, {20, 16, 6, 5}, near, 0.077)});
  list.push_back({"improved 3D at 1e6", make(3, {48, 40, 6, 1}, far, 0.043)});
  list.push_back({"improved 4D at 1e6", make(4, {20, 16, 6, 5}, far, 0.09)});
  noise_spec balanced;
  balanced.kind = noise_kind::improved4_balanced;
  list.push_back({"improved4-balanced 4D", make(4, {20, 16, 6, 5}, near, 0.077, balanced)});

  for (fractal_kind kind :
       {fractal_kind::fbm, fractal_kind::turbulence, fractal_kind::ridged, fractal_kind::billow}) {
    list.push_back({std::string("improved 3D ") + fractal_kind_name(kind),
                    make(3, {40, 32, 4, 1}, near, 0.051, fractal(kind, 5))});
  }
  list.push_back(
      {"improved 1D fbm", make(1, {2048, 1, 1, 1}, near, 0.019, fractal(fractal_kind::fbm, 6))});
  list.push_back(
      {"improved 2D fbm", make(2, {64, 64, 1, 1}, near, 0.043, fractal(fractal_kind::fbm, 5))});
  list.push_back(
      {"improved 4D fbm", make(4, {16, 12, 5, 4}, near, 0.083, fractal(fractal_kind::fbm, 4))});

  noise_spec odd = fractal(fractal_kind::fbm, 5);
  odd.lacunarity = 1.93;
  odd.persistence = 0.61;
  odd.octave_offsets = true;
  list.push_back(
      {"improved 3D fbm, lacunarity 1.93, offsets", make(3, {40, 32, 4, 1}, far, 0.051, odd)});

  noise_spec tiled = fractal(fractal_kind::fbm, 3);
  tiled.period = {16, 12, 8, 0};
  list.push_back(
      {"improved 3D fbm, periods 16x12x8", make(3, {64, 48, 4, 1}, {-8, -5.5, 3, 0}, 0.25, tiled)});
  noise_spec tiled4;
  tiled4.period = {5, 7, 3, 9};
  list.push_back({"improved 4D, periods 5x7x3x9", make(4, {20, 16, 6, 5}, near, 0.31, tiled4)});

  // Analytic gradients: value + d/dx.. per sample.
  for (int dims = 1; dims <= 4; ++dims) {
    noise_spec g;
    g.gradient = true;
    const std::array<std::uint32_t, 4> sizes[4] = {
        {1024, 1, 1, 1}, {48, 40, 1, 1}, {32, 24, 4, 1}, {12, 10, 4, 3}};
    list.push_back({"improved " + std::to_string(dims) + "D gradient",
                    make(dims, sizes[dims - 1], far, 0.061, g)});
  }
  noise_spec balanced_gradient = balanced;
  balanced_gradient.gradient = true;
  list.push_back(
      {"improved4-balanced 4D gradient", make(4, {12, 10, 4, 3}, near, 0.07, balanced_gradient)});
  noise_spec fbm_gradient = fractal(fractal_kind::fbm, 5);
  fbm_gradient.gradient = true;
  fbm_gradient.period = {32, 32, 0, 0};
  list.push_back({"improved 3D fbm gradient, periods 32x32",
                  make(3, {32, 24, 4, 1}, near, 0.083, fbm_gradient)});
  return list;
}

}  // namespace vknoise
