// compute_backend: each kind computes bit for bit what its own functions compute, every kind
// refuses the same points with the same messages, and a gpu backend owns, moves and tears down its
// context and renderer without a validation message (the layer is on, as in every GPU test).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "validation_log.hpp"
#include "vknoise/vknoise.hpp"

namespace vknoise {
namespace {

template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

// Improved fBm with octave offsets, a 2D gradient field, seeded classic noise and smoothed 4D
// value noise: the SIMD kernels and the mirror fallbacks of the fast path both run.
std::vector<field_spec> fields() {
  std::vector<field_spec> all;
  field_spec fbm;
  fbm.size = {19, 7, 3, 1};
  fbm.origin = {1e6, -3.25, 0.5, 0};
  fbm.noise.fractal = fractal_kind::fbm;
  fbm.noise.octaves = 4;
  fbm.noise.octave_offsets = true;
  all.push_back(fbm);
  field_spec gradient;
  gradient.dims = 2;
  gradient.size = {13, 11, 1, 1};
  gradient.noise.gradient = true;
  all.push_back(gradient);
  field_spec classic;
  classic.size = {9, 9, 2, 1};
  classic.noise.kind = noise_kind::classic;
  classic.noise.classic_seed = 77;
  all.push_back(classic);
  field_spec value;
  value.dims = 4;
  value.size = {5, 4, 3, 2};
  value.noise.kind = noise_kind::value;
  value.noise.value_smooth = true;
  all.push_back(value);
  return all;
}

// Every sample position of `field`, as eval takes points (dims coordinates each).
std::vector<double> points_of(const field_spec& field) {
  std::vector<double> points;
  for (std::uint32_t t = 0; t < field.size[3]; ++t)
    for (std::uint32_t z = 0; z < field.size[2]; ++z)
      for (std::uint32_t y = 0; y < field.size[1]; ++y)
        for (std::uint32_t x = 0; x < field.size[0]; ++x) {
          const std::uint32_t index[4] = {x, y, z, t};
          for (int axis = 0; axis < field.dims; ++axis) {
            points.push_back(sample_position(field, axis, index[axis]));
          }
        }
  return points;
}

compute_backend make(backend_kind kind, unsigned threads = 0, context_options vulkan = {}) {
  auto backend = compute_backend::create({kind, threads, std::move(vulkan)});
  EXPECT_TRUE(backend.ok()) << backend.message();
  return std::move(backend).value();
}

const permutation_table& seeded_table() {
  static const permutation_table table = permutation_table::from_seed(5);
  return table;
}

TEST(ComputeBackend, CpuKindsFillAsTheirFunctions) {
  compute_backend reference = make(backend_kind::cpu_reference);
  compute_backend fast = make(backend_kind::cpu_fast, 2);
  EXPECT_EQ(reference.kind(), backend_kind::cpu_reference);
  EXPECT_EQ(fast.kind(), backend_kind::cpu_fast);
  EXPECT_EQ(reference.gpu_context(), nullptr);
  EXPECT_EQ(fast.gpu_context(), nullptr);
  for (const field_spec& field : fields()) {
    const std::size_t n = value_count(field);
    std::vector<float> expected(n), actual(n);
    ASSERT_TRUE(fill_reference(field, seeded_table(), std::span<float>(expected)).ok());
    ASSERT_TRUE(reference.fill(field, seeded_table(), actual).ok());
    EXPECT_TRUE(same_bits(actual, expected)) << "cpu_reference, dims " << field.dims;
    ASSERT_TRUE(fill_fast(field, seeded_table(), expected, cpu_options{2}).ok());
    gpu_stats stats{7, 3};
    ASSERT_TRUE(fast.fill(field, seeded_table(), actual, &stats).ok());
    EXPECT_TRUE(same_bits(actual, expected)) << "cpu_fast, dims " << field.dims;
    EXPECT_EQ(stats.kernel_ns, 7.0);  // the CPU kinds leave the GPU's figures alone
    EXPECT_EQ(stats.dispatches, 3u);
  }
}

TEST(ComputeBackend, CpuKindsEvalAsTheirFunctions) {
  compute_backend reference = make(backend_kind::cpu_reference);
  compute_backend fast = make(backend_kind::cpu_fast, 2);
  for (const field_spec& field : fields()) {
    const noise_spec& noise = field.noise;
    const std::vector<double> points = points_of(field);
    const int channels = channel_count(noise, field.dims);
    const std::size_t n = points.size() / field.dims * channels;

    std::vector<double> exact(n);
    for (std::size_t p = 0; p < points.size() / field.dims; ++p) {
      sample_reference(noise, field.dims, &points[p * field.dims], seeded_table(),
                       &exact[p * channels]);
    }
    std::vector<double> doubles(n);
    ASSERT_TRUE(reference.eval(noise, field.dims, points, seeded_table(), doubles).ok());
    EXPECT_TRUE(same_bits(doubles, exact)) << "cpu_reference doubles, dims " << field.dims;
    std::vector<float> floats(n), rounded(exact.begin(), exact.end());
    ASSERT_TRUE(reference.eval(noise, field.dims, points, seeded_table(), floats).ok());
    EXPECT_TRUE(same_bits(floats, rounded)) << "cpu_reference floats, dims " << field.dims;

    std::vector<float> expected(n);
    ASSERT_TRUE(eval_fast(noise, field.dims, points, seeded_table(), expected, {2}).ok());
    ASSERT_TRUE(fast.eval(noise, field.dims, points, seeded_table(), floats).ok());
    EXPECT_TRUE(same_bits(floats, expected)) << "cpu_fast floats, dims " << field.dims;
    ASSERT_TRUE(fast.eval(noise, field.dims, points, seeded_table(), doubles).ok());
    EXPECT_TRUE(same_bits(doubles, std::vector<double>(expected.begin(), expected.end())))
        << "cpu_fast doubles, dims " << field.dims;
  }
}

// What eval_fast answers for a bad call, which every kind must answer alike.
struct bad_eval {
  const char* what;
  noise_spec noise;
  int dims;
  std::vector<double> points;
  std::size_t out_size;
};

std::vector<bad_eval> bad_evals() {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  noise_spec fbm;
  fbm.fractal = fractal_kind::fbm;
  fbm.octaves = 8;
  noise_spec no_octaves;
  no_octaves.octaves = 0;
  return {
      {"a NaN coordinate", {}, 3, {0.5, 0.5, 0.5, 1, nan, 1}, 2},
      {"octaves beyond 2^31", fbm, 2, {1, 2, 2e7, 0}, 2},
      {"dims 5", {}, 5, {1, 2, 3, 4, 5}, 1},
      {"too few outputs", {}, 3, {1, 2, 3}, 0},
      {"a bad spec", no_octaves, 3, {1, 2, 3}, 1},
  };
}

void expect_refused_as_eval_fast(compute_backend& backend, const char* kind) {
  for (const bad_eval& bad : bad_evals()) {
    std::vector<float> expected_out(bad.out_size), floats(bad.out_size);
    std::vector<double> doubles(bad.out_size);
    const status expected =
        eval_fast(bad.noise, bad.dims, bad.points, seeded_table(), expected_out);
    ASSERT_FALSE(expected.ok()) << bad.what;
    const status as_floats = backend.eval(bad.noise, bad.dims, bad.points, seeded_table(), floats);
    const status as_doubles =
        backend.eval(bad.noise, bad.dims, bad.points, seeded_table(), doubles);
    for (const status* got : {&as_floats, &as_doubles}) {
      ASSERT_FALSE(got->ok()) << kind << ", " << bad.what;
      EXPECT_EQ(got->error_value().code, expected.error_value().code) << kind << ", " << bad.what;
      EXPECT_EQ(got->message(), expected.message()) << kind << ", " << bad.what;
    }
  }
}

TEST(ComputeBackend, CpuKindsRefuseThePointsEvalFastRefuses) {
  compute_backend reference = make(backend_kind::cpu_reference);
  compute_backend fast = make(backend_kind::cpu_fast);
  expect_refused_as_eval_fast(reference, "cpu_reference");
  expect_refused_as_eval_fast(fast, "cpu_fast");
}

TEST(ComputeBackend, GpuErrorsAreTheContextsOwn) {
  context_options options;
  options.device_index = 4096;
  auto expected = context::create(options);
  ASSERT_FALSE(expected.ok());
  auto backend = compute_backend::create({backend_kind::gpu, 0, options});
  ASSERT_FALSE(backend.ok());
  EXPECT_EQ(backend.error_value().code, expected.error_value().code);
  EXPECT_EQ(backend.message(), expected.message());
}

TEST(ComputeBackend, UnknownKindIsAnInvalidArgument) {
  auto backend = compute_backend::create({static_cast<backend_kind>(7)});
  ASSERT_FALSE(backend.ok());
  EXPECT_EQ(backend.error_value().code, errc::invalid_argument);
}

using ComputeBackendGpu = validated_test<>;

TEST_F(ComputeBackendGpu, ComputesTheFloatMirror) {
  {
    compute_backend gpu = make(backend_kind::gpu, 0, log_.validated());
    EXPECT_EQ(gpu.kind(), backend_kind::gpu);
    ASSERT_NE(gpu.gpu_context(), nullptr);
    for (const field_spec& field : fields()) {
      const std::size_t n = value_count(field);
      std::vector<float> mirror(n), actual(n);
      ASSERT_TRUE(fill_mirror(field, seeded_table(), mirror).ok());
      gpu_stats stats;
      ASSERT_TRUE(gpu.fill(field, seeded_table(), actual, &stats).ok());
      EXPECT_TRUE(same_bits(actual, mirror)) << "fill, dims " << field.dims;
      EXPECT_GT(stats.dispatches, 0u);

      const std::vector<double> points = points_of(field);
      ASSERT_TRUE(eval_fast(field.noise, field.dims, points, seeded_table(), mirror).ok());
      ASSERT_TRUE(gpu.eval(field.noise, field.dims, points, seeded_table(), actual).ok());
      EXPECT_TRUE(same_bits(actual, mirror)) << "eval, dims " << field.dims;
      std::vector<double> doubles(n);
      ASSERT_TRUE(gpu.eval(field.noise, field.dims, points, seeded_table(), doubles).ok());
      EXPECT_TRUE(same_bits(doubles, std::vector<double>(mirror.begin(), mirror.end())))
          << "eval to doubles, dims " << field.dims;
    }
    expect_refused_as_eval_fast(gpu, "gpu");
  }  // the backend is gone before TearDown counts the validation messages
}

TEST_F(ComputeBackendGpu, MovesItsDeviceAlong) {
  {
    const field_spec field = fields()[0];
    std::vector<float> before(value_count(field)), after(value_count(field));
    compute_backend first = make(backend_kind::gpu, 0, log_.validated());
    ASSERT_TRUE(first.fill(field, seeded_table(), before).ok());

    compute_backend moved(std::move(first));
    ASSERT_TRUE(moved.fill(field, seeded_table(), after).ok());
    EXPECT_TRUE(same_bits(after, before));
    const status stale = first.fill(field, seeded_table(), after);
    ASSERT_FALSE(stale.ok());
    EXPECT_EQ(stale.error_value().code, errc::invalid_argument);

    // Assigning over a gpu backend destroys its renderer before its context.
    compute_backend second = make(backend_kind::gpu, 0, log_.validated());
    second = std::move(moved);
    std::fill(after.begin(), after.end(), 0.0f);
    ASSERT_TRUE(second.fill(field, seeded_table(), after).ok());
    EXPECT_TRUE(same_bits(after, before));
    second = make(backend_kind::cpu_fast);
    EXPECT_EQ(second.gpu_context(), nullptr);
    ASSERT_TRUE(second.fill(field, seeded_table(), after).ok());
    EXPECT_TRUE(same_bits(after, before));
  }
}

}  // namespace
}  // namespace vknoise
