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

  // Perlin's 1985 noise, and its gradient.
  for (int dims = 1; dims <= 4; ++dims) {
    noise_spec c;
    c.kind = noise_kind::classic;
    c.classic_seed = 77;
    const std::array<std::uint32_t, 4> sizes[4] = {
        {2048, 1, 1, 1}, {64, 48, 1, 1}, {40, 32, 4, 1}, {16, 12, 5, 4}};
    list.push_back(
        {"classic " + std::to_string(dims) + "D", make(dims, sizes[dims - 1], near, 0.047, c)});
    c.gradient = true;
    list.push_back({"classic " + std::to_string(dims) + "D gradient",
                    make(dims, sizes[dims - 1], far, 0.047, c)});
  }
  noise_spec classic_fbm = fractal(fractal_kind::fbm, 4);
  classic_fbm.kind = noise_kind::classic;
  classic_fbm.period = {8, 8, 8, 0};
  list.push_back({"classic 3D fbm, periods 8", make(3, {40, 32, 4, 1}, near, 0.047, classic_fbm)});

  // Hugo Elias's value noise: every interpolation, with and without smoothing.
  for (value_interpolation interpolation :
       {value_interpolation::linear, value_interpolation::cosine, value_interpolation::cubic}) {
    for (bool smooth : {false, true}) {
      noise_spec v;
      v.kind = noise_kind::value;
      v.interpolation = interpolation;
      v.value_smooth = smooth;
      const std::string name = std::string("value 2D ") + value_interpolation_name(interpolation) +
                               (smooth ? ", smoothed" : "");
      list.push_back({name, make(2, {64, 48, 1, 1}, near, 0.083, v)});
    }
  }
  noise_spec value_fbm = fractal(fractal_kind::fbm, 4);
  value_fbm.kind = noise_kind::value;
  value_fbm.interpolation = value_interpolation::cosine;
  value_fbm.period = {16, 16, 16, 16};
  list.push_back({"value 1D cubic", make(1, {2048, 1, 1, 1}, far, 0.031, [] {
                    noise_spec v;
                    v.kind = noise_kind::value;
                    v.interpolation = value_interpolation::cubic;
                    return v;
                  }())});
  list.push_back(
      {"value 3D fbm cosine, periods 16", make(3, {40, 32, 4, 1}, near, 0.11, value_fbm)});
  list.push_back(
      {"value 4D fbm cosine, periods 16", make(4, {16, 12, 5, 4}, near, 0.11, value_fbm)});

  // Gustavson's simplex noise, its gradient, and fBm over it, near the origin: its float path
  // rounds the whole coordinate to float (noise_spec.hpp).
  for (int dims = 2; dims <= 4; ++dims) {
    noise_spec s;
    s.kind = noise_kind::simplex;
    const std::array<std::uint32_t, 4> sizes[4] = {
        {1, 1, 1, 1}, {64, 48, 1, 1}, {40, 32, 4, 1}, {16, 12, 5, 4}};
    list.push_back(
        {"simplex " + std::to_string(dims) + "D", make(dims, sizes[dims - 1], near, 0.057, s)});
    s.gradient = true;
    list.push_back({"simplex " + std::to_string(dims) + "D gradient",
                    make(dims, sizes[dims - 1], near, 0.057, s)});
  }
  noise_spec simplex_fbm = fractal(fractal_kind::fbm, 4);
  simplex_fbm.kind = noise_kind::simplex;
  list.push_back({"simplex 3D fbm", make(3, {40, 32, 4, 1}, near, 0.047, simplex_fbm)});

  // Worley's cellular noise: each metric, each return, its gradient, a tiled fBm (periods 4 and
  // 3 growing to 32 and 24) and 4D at jitter 0.6, at cell scale (about 3 cells per axis).
  for (int dims = 2; dims <= 4; ++dims) {
    noise_spec c;
    c.kind = noise_kind::cellular;
    const std::array<std::uint32_t, 4> sizes[4] = {
        {1, 1, 1, 1}, {64, 48, 1, 1}, {40, 32, 4, 1}, {16, 12, 5, 4}};
    for (cellular_distance d : all_cellular_distances()) {
      c.distance = d;
      list.push_back({"cellular " + std::to_string(dims) + "D " + cellular_distance_name(d),
                      make(dims, sizes[dims - 1], near, 0.071, c)});
    }
  }
  // The returns by name, '*' and '/' as words (the names become test names: f1*f2 and f1/f2
  // would be one).
  const char* const returns[] = {"f1", "f2", "f2-f1", "f1 times f2", "f1 over f2", "cell"};
  for (cellular_return r : all_cellular_returns()) {
    noise_spec c;
    c.kind = noise_kind::cellular;
    c.returns = r;
    list.push_back({std::string("cellular 3D ") + returns[static_cast<int>(r)],
                    make(3, {40, 32, 4, 1}, far, 0.071, c)});
  }
  noise_spec cellular_gradient;
  cellular_gradient.kind = noise_kind::cellular;
  cellular_gradient.returns = cellular_return::f2_minus_f1;
  cellular_gradient.gradient = true;
  list.push_back(
      {"cellular 3D f2-f1 gradient", make(3, {40, 32, 4, 1}, near, 0.071, cellular_gradient)});
  noise_spec cellular_fbm = fractal(fractal_kind::fbm, 4);
  cellular_fbm.kind = noise_kind::cellular;
  cellular_fbm.period = {4, 3, 4, 0};
  list.push_back(
      {"cellular 3D fbm, periods 4, 3, 4", make(3, {40, 32, 4, 1}, near, 0.11, cellular_fbm)});
  noise_spec cellular4;
  cellular4.kind = noise_kind::cellular;
  cellular4.jitter = 0.6;
  cellular4.distance = cellular_distance::manhattan;
  cellular4.returns = cellular_return::f1_over_f2;
  list.push_back({"cellular 4D manhattan f1 over f2, jitter 0.6",
                  make(4, {16, 12, 5, 4}, near, 0.19, cellular4)});

  // Flow noise: 2D and 3D, turned by an angle, their gradients, tiled (2D's y period even), an
  // fBm whose octaves turn faster, and Perlin & Neyret's pseudo-advection.
  for (int dims = 2; dims <= 3; ++dims) {
    noise_spec w;
    w.kind = noise_kind::flow;
    w.angle = 0.9;
    const std::array<std::uint32_t, 4> size = dims == 2
                                                  ? std::array<std::uint32_t, 4>{64, 48, 1, 1}
                                                  : std::array<std::uint32_t, 4>{40, 32, 4, 1};
    const std::string name = "flow " + std::to_string(dims) + "D";
    list.push_back({name + ", angle 0.9", make(dims, size, near, 0.057, w)});
    w.gradient = true;
    list.push_back({name + " gradient", make(dims, size, near, 0.057, w)});
    w.gradient = false;
    w.period = dims == 2 ? std::array<std::uint32_t, 4>{5, 4, 0, 0}
                         : std::array<std::uint32_t, 4>{3, 5, 7, 0};
    w.fractal = fractal_kind::fbm;
    w.octaves = 3;
    list.push_back({name + " fbm, periods", make(dims, size, near, 0.09, w)});
    w.period = {0, 0, 0, 0};
    w.octaves = 4;
    w.advection = 0.5;
    list.push_back({name + " fbm, advection 0.5", make(dims, size, near, 0.057, w)});
  }

  // Domain warp by a second noise field.
  noise_spec warped;
  warped.warp = 1.5;
  list.push_back({"improved 2D warp 1.5", make(2, {64, 48, 1, 1}, far, 0.043, warped)});
  noise_spec warped_fbm = fractal(fractal_kind::fbm, 5);
  warped_fbm.warp = 0.8;
  list.push_back({"improved 3D fbm warp 0.8", make(3, {40, 32, 4, 1}, near, 0.051, warped_fbm)});
  warped_fbm.kind = noise_kind::value;
  warped_fbm.interpolation = value_interpolation::cosine;
  list.push_back({"value 3D fbm warp 0.8", make(3, {40, 32, 4, 1}, near, 0.051, warped_fbm)});
  noise_spec warped4;
  warped4.warp = 2;
  warped4.kind = noise_kind::classic;
  list.push_back({"classic 4D warp 2", make(4, {16, 12, 5, 4}, near, 0.09, warped4)});
  return list;
}

}  // namespace vknoise
