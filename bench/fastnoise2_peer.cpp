#include "fastnoise2_peer.hpp"

#include <FastNoise/FastNoise.h>

namespace vknoise::bench {

struct fastnoise2_generator {
  FastNoise::SmartNode<> node;
};

namespace {

// The seed of FastNoise2's hash; vknoise's bench uses Perlin's permutation: the noise differs,
// its cost does not.
constexpr int seed = 0;

}  // namespace

std::string fastnoise2_unsupported(const field_spec& field) {
  const noise_spec& noise = field.noise;
  if (field.noise_graph) return "n/a: fastnoise2 runs the built-in fields only";
  if (field.dims != 3 && field.dims != 4) return "n/a: fastnoise2 runs 3D and 4D here";
  if (noise.kind != noise_kind::improved && noise.kind != noise_kind::simplex &&
      noise.kind != noise_kind::cellular) {
    return "n/a: fastnoise2 runs its Perlin (improved), its Simplex (simplex) and its "
           "CellularDistance (cellular) here";
  }
  if (noise.kind == noise_kind::cellular && noise.returns == cellular_return::cell) {
    return "n/a: fastnoise2's CellularDistance returns distances (its CellularValue, a value "
           "per cell, is another generator)";
  }
  if (noise.fractal != fractal_kind::none && noise.fractal != fractal_kind::fbm) {
    return "n/a: fastnoise2 runs fractal none and fbm here";
  }
  if (noise.gradient || noise.warp != 0.0 || noise.octave_offsets ||
      noise.period != std::array<std::uint32_t, 4>{}) {
    return "n/a: fastnoise2 has no gradients, warp, periods or octave offsets here";
  }
  return {};
}

std::shared_ptr<const fastnoise2_generator> make_fastnoise2_generator(const noise_spec& noise) {
  // Scale 1: positions are not rescaled, so the lattice is vknoise's integer lattice.
  FastNoise::SmartNode<> basis;
  if (noise.kind == noise_kind::cellular) {
    // The same metric and combination of the two nearest distances: FastNoise2's F1 - F2 for
    // f2-f1 (the negated value costs the same), its jitter.
    auto cellular = FastNoise::New<FastNoise::CellularDistance>(FastSIMD::FeatureSet::Max);
    cellular->SetScale(1.0f);
    constexpr FastNoise::DistanceFunction metrics[] = {
        FastNoise::DistanceFunction::Euclidean, FastNoise::DistanceFunction::EuclideanSquared,
        FastNoise::DistanceFunction::Manhattan, FastNoise::DistanceFunction::MaxAxis};
    cellular->SetDistanceFunction(metrics[static_cast<int>(noise.distance)]);
    using returns = FastNoise::CellularDistance::ReturnType;
    constexpr returns combinations[] = {returns::Index0, returns::Index0, returns::Index0Sub1,
                                        returns::Index0Mul1, returns::Index0Div1};
    cellular->SetReturnType(combinations[static_cast<int>(noise.returns)]);
    if (noise.returns == cellular_return::f2) cellular->SetDistanceIndex0(1);
    cellular->SetGridJitter(static_cast<float>(noise.jitter));
    basis = cellular;
  } else if (noise.kind == noise_kind::simplex) {
    auto simplex = FastNoise::New<FastNoise::Simplex>(FastSIMD::FeatureSet::Max);
    simplex->SetScale(1.0f);
    basis = simplex;
  } else {
    auto perlin = FastNoise::New<FastNoise::Perlin>(FastSIMD::FeatureSet::Max);
    perlin->SetScale(1.0f);
    basis = perlin;
  }
  auto generator = std::make_shared<fastnoise2_generator>();
  if (noise.fractal == fractal_kind::fbm && noise.octaves > 1) {
    auto fbm = FastNoise::New<FastNoise::FractalFBm>(FastSIMD::FeatureSet::Max);
    fbm->SetSource(basis);
    fbm->SetOctaveCount(noise.octaves);
    fbm->SetGain(static_cast<float>(noise.persistence));
    fbm->SetLacunarity(static_cast<float>(noise.lacunarity));
    generator->node = fbm;
  } else {
    generator->node = basis;
  }
  return generator;
}

fastnoise2_points to_fastnoise2_points(int dims, std::span<const double> points) {
  fastnoise2_points converted;
  converted.dims = dims;
  const std::size_t count = points.size() / dims;
  for (int axis = 0; axis < dims; ++axis) {
    converted.axes[axis].resize(count);
    for (std::size_t i = 0; i < count; ++i) {
      converted.axes[axis][i] = static_cast<float>(points[i * dims + axis]);
    }
  }
  return converted;
}

status fastnoise2_fill(const fastnoise2_generator& generator, const field_spec& field,
                       std::span<float> out) {
  if (auto valid = validate(field); !valid) return valid;
  if (auto why = fastnoise2_unsupported(field); !why.empty()) {
    return make_error(errc::invalid_argument, why);
  }
  if (out.size() != sample_count(field)) {
    return make_error(errc::invalid_argument, "fastnoise2: output size mismatch");
  }
  const auto& o = field.origin;
  const auto& s = field.step;
  const auto& n = field.size;
  auto f = [](double v) { return static_cast<float>(v); };
  auto i = [](std::uint32_t v) { return static_cast<int>(v); };
  if (field.dims == 3) {
    generator.node->GenUniformGrid3D(out.data(), f(o[0]), f(o[1]), f(o[2]), i(n[0]), i(n[1]),
                                     i(n[2]), f(s[0]), f(s[1]), f(s[2]), seed);
  } else {
    generator.node->GenUniformGrid4D(out.data(), f(o[0]), f(o[1]), f(o[2]), f(o[3]), i(n[0]),
                                     i(n[1]), i(n[2]), i(n[3]), f(s[0]), f(s[1]), f(s[2]), f(s[3]),
                                     seed);
  }
  return {};
}

status fastnoise2_eval(const fastnoise2_generator& generator, const fastnoise2_points& points,
                       std::span<float> out) {
  const auto& a = points.axes;
  if (points.dims != 3 && points.dims != 4) {
    return make_error(errc::invalid_argument, "fastnoise2 runs 3D and 4D points here");
  }
  if (out.size() != a[0].size()) {
    return make_error(errc::invalid_argument, "fastnoise2: output size mismatch");
  }
  const int count = static_cast<int>(out.size());
  if (points.dims == 3) {
    generator.node->GenPositionArray3D(out.data(), count, a[0].data(), a[1].data(), a[2].data(), 0,
                                       0, 0, seed);
  } else {
    generator.node->GenPositionArray4D(out.data(), count, a[0].data(), a[1].data(), a[2].data(),
                                       a[3].data(), 0, 0, 0, 0, seed);
  }
  return {};
}

std::string fastnoise2_build() {
  const auto perlin = FastNoise::New<FastNoise::Perlin>(FastSIMD::FeatureSet::Max);
  return std::string(VKNOISE_FASTNOISE2_BUILD) + ", " +
         FastSIMD::GetFeatureSetString(perlin->GetActiveFeatureSet());
}

}  // namespace vknoise::bench
