// Cancelling fills and point evaluations (stop_check.hpp): every backend kind asks its stop check
// between chunks on the calling thread only, stops at the first true answer with errc::cancelled
// and asks no more, computes exactly the values of an unchecked call when the check never says
// stop, and stays usable afterwards; the GPU with the validation layer silent throughout.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "validation_log.hpp"
#include "vknoise/vknoise.hpp"

namespace vknoise {
namespace {

// A stop check that answers true from its stop_at-th question on (never with stop_at 0),
// counting the questions and whether any came from another thread than the test's.
struct counted_stop {
  struct counts {
    int asked = 0;
    bool other_thread = false;
  };
  std::shared_ptr<counts> seen = std::make_shared<counts>();

  stop_check check(int stop_at) const {
    return [seen = seen, stop_at, caller = std::this_thread::get_id()] {
      if (std::this_thread::get_id() != caller) seen->other_thread = true;
      return ++seen->asked == stop_at || (stop_at > 0 && seen->asked > stop_at);
    };
  }
};

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

bool ends_with_cancelled(const status& s) {
  const std::string& m = s.message();
  return m.size() > 11 && m.compare(m.size() - 11, 11, ": cancelled") == 0;
}

// Large enough for many chunks on every path (a million samples of four-octave fBm), small
// enough for the reference to fill in a few seconds.
field_spec large_fbm() {
  field_spec field;
  field.size = {256, 256, 16, 1};
  field.step = {1.0 / 32, 1.0 / 32, 1.0 / 32, 1};
  field.noise.fractal = fractal_kind::fbm;
  field.noise.octaves = 4;
  return field;
}

// A graph the fast path's SIMD kernels cover (improved fBm and exact ops), and a gradient field,
// which the fast path fills with the mirror.
field_spec graph_field() {
  auto g = graph::parse(R"({"vknoise_graph": 1, "dims": 3, "nodes": {
      "p": {"kind": "position"}, "n": {"kind": "noise", "at": "p"},
      "f": {"kind": "fractal", "noise": "n", "type": "fbm", "octaves": 3}},
      "outputs": {"value": "f"}})");
  EXPECT_TRUE(g.ok()) << g.message();
  field_spec field = large_fbm();
  field.noise_graph = std::make_shared<const graph>(std::move(g).value());
  return field;
}

field_spec gradient_field() {
  field_spec field;
  field.dims = 2;
  field.size = {512, 512, 1, 1};
  field.noise.gradient = true;
  return field;
}

std::vector<double> many_points(int dims, std::size_t count) {
  std::vector<double> points(count * dims);
  for (std::size_t i = 0; i < points.size(); ++i) points[i] = 0.37 * static_cast<double>(i % 977);
  return points;
}

// Stopped at the third question: cancelled, asked exactly three times, on the caller's thread;
// a check that never stops gives the unchecked call's values and was asked more than once; the
// backend then fills again as before.
void expect_fill_cancels(compute_backend& backend, const field_spec& field, const char* name) {
  SCOPED_TRACE(name);
  const permutation_table table = permutation_table::perlin();
  std::vector<float> plain(value_count(field)), checked(value_count(field));
  ASSERT_TRUE(backend.fill(field, table, plain).ok());

  counted_stop stop;
  const status stopped = backend.fill(field, table, checked, nullptr, stop.check(3));
  ASSERT_FALSE(stopped.ok());
  EXPECT_EQ(stopped.error_value().code, errc::cancelled) << stopped.message();
  EXPECT_TRUE(ends_with_cancelled(stopped)) << stopped.message();
  EXPECT_EQ(stop.seen->asked, 3);
  EXPECT_FALSE(stop.seen->other_thread);

  counted_stop never;
  std::fill(checked.begin(), checked.end(), -7.0f);
  ASSERT_TRUE(backend.fill(field, table, checked, nullptr, never.check(0)).ok());
  EXPECT_TRUE(same_bits(checked, plain));
  EXPECT_GT(never.seen->asked, 3);
  EXPECT_FALSE(never.seen->other_thread);

  std::vector<float> again(value_count(field));
  ASSERT_TRUE(backend.fill(field, table, again).ok());
  EXPECT_TRUE(same_bits(again, plain));
}

void expect_eval_cancels(compute_backend& backend, const char* name) {
  SCOPED_TRACE(name);
  const permutation_table table = permutation_table::perlin();
  noise_spec noise;
  noise.fractal = fractal_kind::fbm;
  noise.octaves = 4;
  const std::vector<double> points = many_points(3, 300000);
  std::vector<float> plain(300000), checked(300000);
  ASSERT_TRUE(backend.eval(noise, 3, points, table, plain).ok());

  counted_stop stop;
  const status stopped = backend.eval(noise, 3, points, table, checked, nullptr, stop.check(2));
  ASSERT_FALSE(stopped.ok());
  EXPECT_EQ(stopped.error_value().code, errc::cancelled) << stopped.message();
  EXPECT_EQ(stop.seen->asked, 2);
  EXPECT_FALSE(stop.seen->other_thread);

  counted_stop never;
  ASSERT_TRUE(backend.eval(noise, 3, points, table, checked, nullptr, never.check(0)).ok());
  EXPECT_TRUE(same_bits(checked, plain));
  EXPECT_GT(never.seen->asked, 2);
}

compute_backend make(backend_kind kind, unsigned threads, context_options vulkan = {}) {
  auto backend = compute_backend::create({kind, threads, std::move(vulkan)});
  EXPECT_TRUE(backend.ok()) << backend.message();
  return std::move(backend).value();
}

TEST(Cancel, CpuReferenceStopsBetweenPieces) {
  compute_backend reference = make(backend_kind::cpu_reference, 0);
  expect_fill_cancels(reference, large_fbm(), "improved fbm");
  expect_fill_cancels(reference, gradient_field(), "gradient");
  expect_eval_cancels(reference, "points");
}

TEST(Cancel, CpuFastStopsBetweenChunks) {
  // One thread: every chunk is the calling thread's, so the count of questions is exact.
  compute_backend fast = make(backend_kind::cpu_fast, 1);
  expect_fill_cancels(fast, large_fbm(), "row kernels");
  expect_fill_cancels(fast, graph_field(), "graph kernels");
  expect_fill_cancels(fast, gradient_field(), "mirror pieces");
  expect_eval_cancels(fast, "points");
}

TEST(Cancel, CpuFastThreadsStopTogether) {
  // Several threads: only the calling thread asks, and the first true stops them all.
  for (const field_spec& field : {large_fbm(), graph_field(), gradient_field()}) {
    std::vector<float> out(value_count(field));
    counted_stop stop;
    cpu_options options{4, stop.check(1)};
    const status stopped = fill_fast(field, permutation_table::perlin(), out, options);
    EXPECT_EQ(stopped.error_value().code, errc::cancelled) << stopped.message();
    EXPECT_EQ(stopped.message(), "fill_fast: cancelled");
    EXPECT_EQ(stop.seen->asked, 1);
    EXPECT_FALSE(stop.seen->other_thread);
  }
}

TEST(Cancel, PiecesGiveTheWholeFieldsBits) {
  // Fields cut along x (rows longer than a piece), along y, and along z in a 4D field: the
  // reference in pieces and the fast path's mirror pieces (value noise) write the bits of one
  // whole fill.
  std::vector<field_spec> shapes(3);
  shapes[0].dims = 1;
  shapes[0].size = {10000, 1, 1, 1};
  shapes[1].size = {5000, 3, 2, 1};
  shapes[2].dims = 4;
  shapes[2].size = {7, 5, 300, 3};
  for (field_spec& field : shapes) {
    field.noise.kind = noise_kind::value;
    for (int axis = 0; axis < field.dims; ++axis) field.region[axis] = 2 + axis;
    const permutation_table table = permutation_table::from_seed(9);
    std::vector<float> whole(value_count(field)), pieces(value_count(field));
    const stop_check never = [] { return false; };
    compute_backend reference = make(backend_kind::cpu_reference, 0);
    ASSERT_TRUE(fill_reference(field, table, whole).ok());
    ASSERT_TRUE(reference.fill(field, table, pieces, nullptr, never).ok());
    EXPECT_TRUE(same_bits(pieces, whole)) << "reference, dims " << field.dims;
    ASSERT_TRUE(fill_mirror(field, table, whole).ok());
    ASSERT_TRUE(fill_fast(field, table, pieces, {3, never}).ok());
    EXPECT_TRUE(same_bits(pieces, whole)) << "mirror, dims " << field.dims;
  }
}

using CancelGpu = validated_test<>;

TEST_F(CancelGpu, StopsBetweenDispatchesAndStaysUsable) {
  {
    compute_backend gpu = make(backend_kind::gpu, 0, log_.validated());
    expect_fill_cancels(gpu, large_fbm(), "improved fbm");
    expect_fill_cancels(gpu, graph_field(), "graph");
    expect_eval_cancels(gpu, "points");
  }  // destroyed before TearDown counts the validation messages
}

}  // namespace
}  // namespace vknoise
