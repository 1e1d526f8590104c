// The GPU path of kernels compiled at run time (src/vulkan/gpu_renderer_impl.hpp), with a
// hand-written kernel laid out as a graph kernel is (shaders/graph_bindings.glsl: five bindings,
// several permutation tables back to back, constant words, slots as octaves), under both table
// placements and with the validation layer on: fields and points equal the float twins bit for
// bit, a field split into many chunks included; tables beyond the uniform range go to storage
// buffers; a module with the same key reuses its pipeline.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <string>
#include <vector>

#include "gpu_fixture.hpp"
#include "table_placements.hpp"
#include "vknoise/classic_gradients.hpp"
#include "vknoise/graph_compiler.hpp"
#include "vknoise/vknoise.hpp"
#include "vulkan/gpu_renderer_impl.hpp"

namespace vknoise {
namespace {

// Channel 0: improved noise of slot 0 through table 0, times constant word 0; channel 1:
// improved noise of slot 1 through the last table. Slot s is the position times s + 1.
std::string kernel_source(int tables) {
  return "#version 450\n#extension GL_GOOGLE_include_directive : require\n"
         "#include \"vknoise_shared.h\"\n#define VKNOISE_GRAPH_TABLES " +
         std::to_string(tables) + R"(
#define VKNOISE_GRAPH_GRADIENT_TABLES 1
#define VKNOISE_GRAPH_CHANNELS 2
layout(local_size_x = VKNOISE_FIELD_LOCAL_SIZE) in;
#include "permutation.glsl"
#include "improved_noise.glsl"
layout(std430, set = 0, binding = VKNOISE_BINDING_COORDS) readonly buffer coords_buffer {
  lattice_coord coords[];
};
layout(std430, set = 0, binding = VKNOISE_BINDING_GRAPH_CONSTANTS) readonly buffer constants_buffer {
  uint graph_words[];
};
layout(std430, set = 0, binding = VKNOISE_BINDING_OUTPUT) writeonly buffer output_buffer {
  float values[];
};
#if defined(VKNOISE_GRAPH_POINTS)
layout(push_constant) uniform push_block { points_push_constants pc; };
#else
layout(push_constant) uniform push_block { field_push_constants pc; };
#endif
uint sample_x;
uint sample_row;
lattice_axis graph_slot(uint s, int axis) {
#if defined(VKNOISE_GRAPH_POINTS)
  return decode(coords[(sample_x * pc.fractal.octaves + s) * 4 + uint(axis)]);
#else
  if (axis == 0) return decode(coords[s * pc.count_x + sample_x]);
  return decode(coords[pc.rows_offset + (sample_row * pc.fractal.octaves + s) * 3 + uint(axis) - 1]);
#endif
}
void main() {
  sample_x = gl_GlobalInvocationID.x;
#if defined(VKNOISE_GRAPH_POINTS)
  if (sample_x >= pc.count) return;
  sample_row = 0u;
  uint out_index = sample_x * VKNOISE_GRAPH_CHANNELS;
#else
  if (sample_x >= pc.count_x) return;
  sample_row = gl_WorkGroupID.y;
  uint out_index = pc.output_offset + (sample_row * pc.count_x + sample_x) * VKNOISE_GRAPH_CHANNELS;
#endif
  graph_table_base = 0;
  precise float scaled = improved_noise3(graph_slot(0, 0), graph_slot(0, 1), graph_slot(0, 2)) *
                         uintBitsToFloat(graph_words[0]);
  values[out_index] = scaled;
  graph_table_base = 512 * (VKNOISE_GRAPH_TABLES - 1);
  values[out_index + 1] = improved_noise3(graph_slot(1, 0), graph_slot(1, 1), graph_slot(1, 2));
}
)";
}

class runtime_kernel_test : public gpu_test {
 protected:
  void SetUp() override {
    gpu_test::SetUp();
    auto compiler = graph_compiler::create({.disk_cache = false});
    ASSERT_TRUE(compiler.ok()) << compiler.message();
    compiler_ = compiler.value();
    // A renderer of its own, whose insides the test drives; small chunks, so that fields take
    // many dispatches.
    state_ = std::make_unique<gpu_renderer::impl>(*ctx_);
    renderer_options options;
    options.table = GetParam();
    options.chunk_bytes = 4096;
    ASSERT_TRUE(state_->init(options).ok());
  }
  void TearDown() override {
    state_.reset();
    gpu_test::TearDown();
  }

  vk::runtime_kernel make_kernel(int tables, float factor) {
    vk::runtime_kernel kernel;
    const std::string source = kernel_source(tables);
    kernel.module = [this, source](graph_kernel_variant variant) {
      ++modules_asked_;
      return compiler_->compile(source, compiled_graph::macros(variant));
    };
    for (int t = 0; t < tables; ++t) {
      kernel.tables.push_back(permutation_table::from_seed(100 + t));
    }
    kernel.gradients.push_back(classic_gradients::from_seed(0).float_table(3));
    kernel.words = {std::bit_cast<std::uint32_t>(factor)};
    kernel.dims = 3;
    kernel.slots = 2;
    kernel.channels = 2;
    kernel.coordinate = [](int slot, int, double x) { return reduce_coordinate(x * (slot + 1)); };
    return kernel;
  }

  // What the kernel computes at (x, y, z), in float on the host.
  static std::array<float, 2> expected(const vk::runtime_kernel& k, double x, double y, double z) {
    const float n0 =
        noise3f(reduce_coordinate(x), reduce_coordinate(y), reduce_coordinate(z), k.tables.front());
    const float n1 = noise3f(reduce_coordinate(2 * x), reduce_coordinate(2 * y),
                             reduce_coordinate(2 * z), k.tables.back());
    return {n0 * std::bit_cast<float>(k.words[0]), n1};
  }

  void expect_field(const vk::runtime_kernel& kernel) {
    field_spec field;
    field.dims = 3;
    field.size = {37, 11, 5, 1};
    field.origin = {-3.3, 1.7, 250.2, 0};
    field.step = {0.173, 0.31, 0.77, 1};
    std::vector<float> out(sample_count(field) * 2, -1.0f);
    gpu_stats stats;
    auto filled = state_->fill(kernel, field, out, &stats);
    ASSERT_TRUE(filled.ok()) << filled.message();
    EXPECT_GT(stats.dispatches, 4u);  // the chunks
    std::size_t i = 0, mismatches = 0;
    for (std::uint32_t z = 0; z < field.size[2]; ++z) {
      for (std::uint32_t y = 0; y < field.size[1]; ++y) {
        for (std::uint32_t x = 0; x < field.size[0]; ++x, ++i) {
          const auto want = expected(kernel, sample_position(field, 0, x),
                                     sample_position(field, 1, y), sample_position(field, 2, z));
          for (int c = 0; c < 2; ++c) {
            mismatches += std::bit_cast<std::uint32_t>(out[i * 2 + c]) !=
                          std::bit_cast<std::uint32_t>(want[c]);
          }
        }
      }
    }
    EXPECT_EQ(mismatches, 0u);
  }

  std::shared_ptr<graph_compiler> compiler_;
  std::unique_ptr<gpu_renderer::impl> state_;
  int modules_asked_ = 0;
};

TEST_P(runtime_kernel_test, FieldsEqualTheFloatTwinBitForBit) {
  expect_field(make_kernel(2, 0.5f));
}

TEST_P(runtime_kernel_test, PointsEqualTheFloatTwinBitForBit) {
  const vk::runtime_kernel kernel = make_kernel(3, -1.25f);
  std::vector<double> points;
  for (int i = 0; i < 1000; ++i) {
    points.insert(points.end(), {i * 0.37 - 150.0, i * -0.113 + 3.0, 1e6 + i * 0.91});
  }
  std::vector<float> out(1000 * 2);
  auto evaluated = state_->eval(kernel, points, out, nullptr);
  ASSERT_TRUE(evaluated.ok()) << evaluated.message();
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < 1000; ++i) {
    const auto want = expected(kernel, points[i * 3], points[i * 3 + 1], points[i * 3 + 2]);
    for (int c = 0; c < 2; ++c) {
      mismatches +=
          std::bit_cast<std::uint32_t>(out[i * 2 + c]) != std::bit_cast<std::uint32_t>(want[c]);
    }
  }
  EXPECT_EQ(mismatches, 0u);
}

// The constants are data: another factor runs the same module and pipeline, and the tables
// buffers keep up with graphs of other sizes, a field after points and back.
TEST_P(runtime_kernel_test, NewConstantsReuseTheModuleAndThePipeline) {
  expect_field(make_kernel(2, 0.5f));
  const std::uint32_t pipelines = state_->engine->pipelines_built();
  expect_field(make_kernel(2, 3.0f));
  EXPECT_EQ(state_->engine->pipelines_built(), pipelines);
  EXPECT_EQ(compiler_->stats().compiles, 1u);
  expect_field(make_kernel(4, 0.25f));  // more tables: larger buffers, another module
  expect_field(make_kernel(2, 2.0f));
  EXPECT_EQ(compiler_->stats().compiles, 2u);
  EXPECT_EQ(state_->engine->pipelines_built(), pipelines + 1);
}

// Tables a uniform range cannot hold are read from storage buffers, whatever the placement.
TEST_P(runtime_kernel_test, TablesBeyondTheUniformRangeGoToStorageBuffers) {
  const std::uint64_t fit = ctx_->properties().limits.maxUniformBufferRange / 8192;
  // (A device whose uniform range holds more than 64 tables checks 64 where it puts them.)
  const int tables = static_cast<int>(std::min<std::uint64_t>(fit + 1, 64));
  expect_field(make_kernel(tables, 0.5f));
  EXPECT_EQ(state_->tables.in_uniform_buffer(),
            fit >= 64 && GetParam() == table_placement::uniform_buffer);
  expect_field(make_kernel(2, 0.5f));
  EXPECT_EQ(state_->tables.in_uniform_buffer(), GetParam() == table_placement::uniform_buffer);
}

INSTANTIATE_TEST_SUITE_P(placements, runtime_kernel_test, both_table_placements(),
                         placement_test_name);

}  // namespace
}  // namespace vknoise
