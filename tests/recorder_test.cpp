// The render-backend path: vknoise borrows a host's device (examples/host/host_device.hpp), records
// into the host's command buffers and writes the host's buffers and images. Everything runs under
// the host's validation layer with synchronization validation; any message fails the test.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>
#include <tuple>

#include "borrowed_device_fixture.hpp"
#include "table_placements.hpp"
#include "validation_log.hpp"
#include "vknoise/graph.hpp"
#include "vknoise/graph_compiler.hpp"
#include "vknoise/vknoise.hpp"

namespace vknoise {
namespace {

using host::host_device;

field_spec small_field(int dims, std::array<std::uint32_t, 4> size) {
  field_spec f;
  f.dims = dims;
  f.size = size;
  f.origin = {0.3, -1.7, 2.25, 0.5};
  f.step = {0.37, 0.29, 0.41, 0.23};
  return f;
}

class recorder_test : public best_practices_device_test {
 protected:
  void SetUp() override {
    borrow(20'000'000'000ull);
    ASSERT_TRUE(ctx_);
    auto rec = recorder::create(*ctx_, options());
    ASSERT_TRUE(rec.ok()) << rec.message();
    recorder_ = std::move(rec.value());
  }
  // The recorder's options: the defaults, or a test's table placement.
  virtual recorder_options options() const { return {}; }

  void TearDown() override {
    recorder_.reset();
    borrowed_device_test::TearDown();
  }

  // Records `field` into a host buffer at `offset` bytes through the host's command buffer, and
  // returns the floats read back.
  std::vector<float> record_to_buffer(const field_spec& field, VkDeviceSize offset = 0) {
    const VkDeviceSize bytes = value_count(field) * sizeof(float);
    auto buffer = host_->create_buffer(offset + bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    EXPECT_TRUE(buffer.handle);
    VkCommandBuffer cmd = host_->begin();
    render_target target = render_target::of(buffer_target{buffer.handle, offset, bytes});
    target.after = {VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT};
    auto point = recorder_->record(cmd, field, permutation_table::perlin(), target);
    EXPECT_TRUE(point.ok()) << point.message();
    std::vector<float> out(value_count(field));
    if (point.ok()) {
      EXPECT_TRUE(host_->submit_and_wait(cmd, point->semaphore, point->value));
      std::memcpy(out.data(), static_cast<char*>(buffer.mapped) + offset, bytes);
    }
    host_->destroy(buffer);
    return out;
  }

  std::unique_ptr<recorder> recorder_;
};

// Tests that also run gpu_renderers on the borrowed device: without the best-practices checks, as
// a renderer's staging and table buffers still have one allocation each (gpu_renderer.cpp).
class recorder_and_renderer_test : public recorder_test {
 protected:
  host::host_options host_choices() const override { return {}; }
};

// The buffer tests, with the table in a storage and in a uniform buffer: both field kernels.
class recorder_buffer_test : public recorder_test,
                             public ::testing::WithParamInterface<table_placement> {
 protected:
  recorder_options options() const override {
    recorder_options o;
    o.table = GetParam();
    return o;
  }
};

TEST_P(recorder_buffer_test, RecordsIntoTheHostsBufferBitIdenticalToTheMirror) {
  const field_spec field = small_field(3, {37, 11, 5, 1});
  expect_bit_identical(record_to_buffer(field).data(), mirror_of(field));
}

TEST_P(recorder_buffer_test, WritesAtAnUnalignedBufferOffset) {
  field_spec field = small_field(4, {9, 7, 3, 2});
  field.noise.fractal = fractal_kind::fbm;
  field.noise.octaves = 3;
  expect_bit_identical(record_to_buffer(field, 12).data(), mirror_of(field));
}

TEST_P(recorder_buffer_test, SplitsLargeFieldsIntoSeveralDispatches) {
  recorder_options small_chunks = options();
  small_chunks.chunk_bytes = 256;  // 64 floats per dispatch at most: rows and row segments
  auto small = recorder::create(*ctx_, small_chunks);
  ASSERT_TRUE(small.ok()) << small.message();
  recorder_ = std::move(small.value());
  for (const field_spec& field : {small_field(3, {200, 3, 2, 1}), small_field(2, {16, 40, 1, 1})}) {
    expect_bit_identical(record_to_buffer(field).data(), mirror_of(field));
  }
}

TEST_P(recorder_buffer_test, GradientChannelsGoToTheBufferInterleaved) {
  field_spec field = small_field(3, {13, 6, 2, 1});
  field.noise.gradient = true;
  expect_bit_identical(record_to_buffer(field).data(), mirror_of(field));
}

// Per-frame changes (time, origin, octaves, table) reuse the pipelines built for the first frame.
TEST_P(recorder_buffer_test, AnimatedFramesDoNotRebuildPipelines) {
  auto buffer = host_->create_buffer(4096, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
  std::uint32_t built_after_first = 0;
  for (int frame = 0; frame < 8; ++frame) {
    field_spec field = small_field(3, {16, 16, 1, 1});
    field.noise.fractal = fractal_kind::fbm;
    field.noise.octaves = 1 + frame % 4;
    field.origin = {0.1 * frame, -0.2 * frame, 0.05 * frame, 0};  // z is the time
    const permutation_table table =
        frame % 2 ? permutation_table::from_seed(frame) : permutation_table::perlin();
    VkCommandBuffer cmd = host_->begin();
    render_target target =
        render_target::of(buffer_target{buffer.handle, 0, value_count(field) * 4});
    target.after = {VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT};
    auto point = recorder_->record(cmd, field, table, target);
    ASSERT_TRUE(point.ok()) << point.message();
    ASSERT_TRUE(host_->submit_and_wait(cmd, point->semaphore, point->value));
    std::vector<float> expected(value_count(field));
    ASSERT_TRUE(fill_mirror(field, table, expected).ok());
    expect_bit_identical(static_cast<const float*>(buffer.mapped), expected);
    if (frame == 0) built_after_first = recorder_->pipelines_built();
  }
  EXPECT_EQ(built_after_first, 1u);
  EXPECT_EQ(recorder_->pipelines_built(), 1u);
  host_->destroy(buffer);
}

INSTANTIATE_TEST_SUITE_P(table, recorder_buffer_test, both_table_placements(), placement_test_name);

struct image_case {
  VkFormat format;
  VkImageType type;
  int texel_bytes;
  float scale, bias, tolerance;
};

// "R32F_3D", "RGBA8_2DArray", ...: test names and logs.
std::string name_of(const image_case& c) {
  const char* format = c.format == VK_FORMAT_R32_SFLOAT   ? "R32F"
                       : c.format == VK_FORMAT_R16_SFLOAT ? "R16F"
                       : c.format == VK_FORMAT_R8_UNORM   ? "R8"
                                                          : "RGBA8";
  return std::string(format) + (c.type == VK_IMAGE_TYPE_3D ? "_3D" : "_2DArray");
}

void PrintTo(const image_case& c, std::ostream* os) {
  *os << name_of(c);
}

float half_to_float(std::uint16_t h) {
  const int exponent = (h >> 10) & 31, mantissa = h & 1023;
  const float sign = (h & 0x8000) ? -1.0f : 1.0f;
  if (exponent == 0) return sign * std::ldexp(float(mantissa), -24);
  return sign * std::ldexp(float(mantissa + 1024), exponent - 25);
}

// The field the image tests write: 19 x 9 samples in 3 z slices, into an image one texel larger
// than that on every side (the border stays undefined).
field_spec image_test_field() {
  return small_field(3, {19, 9, 3, 1});
}

// Records image_test_field() into a new image of `host` (offset by one texel on every axis) with
// `rec`, and returns the texels it wrote, as the host copies them back, in sample order: sample
// (x, y, slice) at ((slice * size[1] + y) * size[0] + x) * texel_bytes.
std::vector<std::uint8_t> record_image(host_device& host, recorder& rec, const image_case& c,
                                       const field_spec& field = image_test_field()) {
  const bool is_3d = c.type == VK_IMAGE_TYPE_3D;
  const VkExtent3D extent{field.size[0] + 2, field.size[1] + 2, is_3d ? field.size[2] + 2 : 1u};
  const std::uint32_t layers = is_3d ? 1 : field.size[2] + 2;
  auto image = host.create_image(c.type, c.format, extent, layers);
  EXPECT_TRUE(image.handle);
  const VkDeviceSize bytes =
      VkDeviceSize{extent.width} * extent.height * field.size[2] * c.texel_bytes;
  auto readback = host.create_buffer(bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
  EXPECT_TRUE(readback.handle);

  image_target it;
  it.image = image.handle;
  it.type = c.type;
  it.format = c.format;
  it.usage = host_device::kImageUsage;
  it.extent = {extent.width, extent.height, is_3d ? extent.depth : layers};
  it.offset = {1, 1, 1};
  it.old_layout = VK_IMAGE_LAYOUT_UNDEFINED;
  it.new_layout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
  it.scale = c.scale;
  it.bias = c.bias;
  render_target target = render_target::of(it);
  target.after = {VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT};

  std::vector<std::uint8_t> texels;
  VkCommandBuffer cmd = host.begin();
  auto point = rec.record(cmd, field, permutation_table::perlin(), target);
  EXPECT_TRUE(point.ok()) << point.message();
  if (point.ok()) {
    // The host's own work after vknoise's: copy the written slices into its buffer.
    VkBufferImageCopy region{};
    region.bufferOffset = 0;
    region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, is_3d ? 0u : 1u,
                               is_3d ? 1u : field.size[2]};
    region.imageOffset = {0, 0, is_3d ? 1 : 0};
    region.imageExtent = {extent.width, extent.height, is_3d ? field.size[2] : 1u};
    vkCmdCopyImageToBuffer(cmd, image.handle, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback.handle,
                           1, &region);
    host.transfer_writes_to_host(cmd, readback);
    EXPECT_TRUE(host.submit_and_wait(cmd, point->semaphore, point->value));
    const auto* mapped = static_cast<const std::uint8_t*>(readback.mapped);
    const std::size_t row_bytes = std::size_t{field.size[0]} * c.texel_bytes;
    for (std::uint32_t slice = 0; slice < field.size[2]; ++slice) {
      for (std::uint32_t y = 0; y < field.size[1]; ++y) {
        const std::size_t first = (std::size_t{slice} * extent.height + y + 1) * extent.width + 1;
        const std::uint8_t* row = mapped + first * c.texel_bytes;
        texels.insert(texels.end(), row, row + row_bytes);
      }
    }
  } else {
    host.free(cmd);
  }
  host.destroy(readback);
  host.destroy(image);
  return texels;
}

// Checks every texel record_image() wrote against the mirror mapped by scale and bias: a
// single-channel field in every colour component, a field of several channels one per component.
void expect_texels_of_mirror(const std::vector<std::uint8_t>& texels, const image_case& c,
                             const field_spec& field = image_test_field()) {
  ASSERT_EQ(texels.size(),
            std::size_t{field.size[0]} * field.size[1] * field.size[2] * c.texel_bytes);
  const std::vector<float> expected = mirror_of(field);
  const int channels = channel_count(field);
  int bad = 0;
  for (std::uint32_t z = 0; z < field.size[2]; ++z) {
    for (std::uint32_t y = 0; y < field.size[1]; ++y) {
      for (std::uint32_t x = 0; x < field.size[0]; ++x) {
        const std::size_t sample = (std::size_t{z} * field.size[1] + y) * field.size[0] + x;
        const std::uint8_t* at = texels.data() + sample * c.texel_bytes;
        float got[4] = {0, 0, 0, 1};
        int components = 1;
        if (c.format == VK_FORMAT_R32_SFLOAT) {
          std::memcpy(got, at, 4);
        } else if (c.format == VK_FORMAT_R16_SFLOAT) {
          std::uint16_t h;
          std::memcpy(&h, at, 2);
          got[0] = half_to_float(h);
        } else {
          components = c.format == VK_FORMAT_R8_UNORM ? 1 : 4;
          for (int k = 0; k < components; ++k) got[k] = at[k] / 255.0f;
        }
        for (int k = 0; k < std::min(components, channels > 1 ? 4 : 3); ++k) {
          const float want = channels == 1  ? expected[sample] * c.scale + c.bias
                             : k < channels ? expected[sample * channels + k] * c.scale + c.bias
                                            : 1.0f;
          const float clamped = c.format == VK_FORMAT_R8_UNORM || components == 4
                                    ? std::fmin(1.0f, std::fmax(0.0f, want))
                                    : want;
          const bool exact = c.tolerance == 0;
          const bool ok = exact ? std::memcmp(&got[k], &clamped, 4) == 0
                                : std::fabs(got[k] - clamped) <= c.tolerance;
          if (!ok && bad++ < 5) {
            ADD_FAILURE() << "texel " << x + 1 << "," << y + 1 << "," << z + 1 << " component " << k
                          << ": " << got[k] << " != " << clamped;
          }
        }
        if (components == 4 && channels < 4) {
          EXPECT_EQ(at[3], 255);
        }
      }
    }
  }
  EXPECT_EQ(bad, 0);
}

std::size_t bytes_differing(const std::vector<std::uint8_t>& a,
                            const std::vector<std::uint8_t>& b) {
  EXPECT_EQ(a.size(), b.size());
  std::size_t differing = 0;
  for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) differing += a[i] != b[i];
  return differing;
}

// A second host whose device does not get shaderStorageImageWriteWithoutFormat, and a context
// and recorder on it: the image kernels with the target's format written in, the fallback for
// such devices (spirv_image_format.hpp).
struct per_format_host {
  std::unique_ptr<host_device> host;
  std::unique_ptr<context> ctx;
  std::unique_ptr<recorder> rec;

  explicit per_format_host(const recorder_options& options) {
    std::string why;
    host = host_device::create(true, &why, false);
    EXPECT_TRUE(host) << why;
    if (!host) return;
    context_options with_timeout;
    with_timeout.fence_timeout_ns = 20'000'000'000ull;
    auto borrowed = context::borrow(host->lend(), with_timeout);
    EXPECT_TRUE(borrowed.ok()) << borrowed.message();
    if (!borrowed) return;
    ctx = std::move(borrowed.value());
    EXPECT_FALSE(ctx->features().storage_image_write_without_format);
    auto created = recorder::create(*ctx, options);
    EXPECT_TRUE(created.ok()) << created.message();
    if (created) rec = std::move(created.value());
  }
  bool ready() const { return rec != nullptr; }
  ~per_format_host() {
    rec.reset();
    if (host) release_borrowed(ctx, *host);
  }
};

// Every image format and shape, with the table in a storage and in a uniform buffer, through the
// kernel without a format qualifier (where the device has shaderStorageImageWriteWithoutFormat, as
// lavapipe does) and through the same kernel with the format written in: every image kernel the
// library embeds, and every module it derives from them.
class recorder_image_test
    : public recorder_test,
      public ::testing::WithParamInterface<std::tuple<image_case, table_placement>> {
 protected:
  recorder_options options() const override {
    recorder_options o;
    o.table = std::get<1>(GetParam());
    return o;
  }
};

// The test host enables shaderStorageImageWriteWithoutFormat where its device has it, and vknoise
// then writes the image with the kernel declared without a format.
TEST_P(recorder_image_test, WritesTheImageTexelsFromTheMirror) {
  const image_case c = std::get<0>(GetParam());
  EXPECT_EQ(ctx_->features().storage_image_write_without_format,
            host_->supports_write_without_format());
  expect_texels_of_mirror(record_image(*host_, *recorder_, c), c);
}

// A device without the feature gets the kernel with the image's format written in: the mirror's
// texels again, the same bytes as the kernel without a format writes.
TEST_P(recorder_image_test, KernelGivenTheFormatWritesTheSameTexels) {
  const image_case c = std::get<0>(GetParam());
  per_format_host fallback(options());
  ASSERT_TRUE(fallback.ready());
  const std::vector<std::uint8_t> per_format = record_image(*fallback.host, *fallback.rec, c);
  expect_texels_of_mirror(per_format, c);
  EXPECT_EQ(bytes_differing(per_format, record_image(*host_, *recorder_, c)), 0u);
}

INSTANTIATE_TEST_SUITE_P(
    formats, recorder_image_test,
    ::testing::Combine(
        ::testing::Values(
            // R32: the exact mirror value (scale 1, bias 0 are exact).
            image_case{VK_FORMAT_R32_SFLOAT, VK_IMAGE_TYPE_3D, 4, 1.0f, 0.0f, 0.0f},
            image_case{VK_FORMAT_R32_SFLOAT, VK_IMAGE_TYPE_2D, 4, 1.0f, 0.0f, 0.0f},
            // R16: within one half-precision ulp for |v| < 2 (2^-10).
            image_case{VK_FORMAT_R16_SFLOAT, VK_IMAGE_TYPE_3D, 2, 1.0f, 0.0f, 1.0f / 1024},
            image_case{VK_FORMAT_R16_SFLOAT, VK_IMAGE_TYPE_2D, 2, 1.0f, 0.0f, 1.0f / 1024},
            // UNORM: [-1, 1] mapped to [0, 1], within one step of 1/255.
            image_case{VK_FORMAT_R8_UNORM, VK_IMAGE_TYPE_3D, 1, 0.5f, 0.5f, 1.0f / 255},
            image_case{VK_FORMAT_R8_UNORM, VK_IMAGE_TYPE_2D, 1, 0.5f, 0.5f, 1.0f / 255},
            image_case{VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_3D, 4, 0.5f, 0.5f, 1.0f / 255},
            image_case{VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_2D, 4, 0.5f, 0.5f, 1.0f / 255}),
        both_table_placements()),
    [](const auto& info) {
      return name_of(std::get<0>(info.param)) + "_" + placement_name(std::get<1>(info.param));
    });

// ---- Graph fields (field_spec::noise_graph) ----

// One compiler for every graph test, without a disk cache: each structure compiles once.
std::shared_ptr<graph_compiler> test_compiler() {
  static const std::shared_ptr<graph_compiler> compiler = [] {
    compiler_options no_disk;
    no_disk.disk_cache = false;
    auto made = graph_compiler::create(no_disk);
    EXPECT_TRUE(made.ok()) << made.message();
    return made.ok() ? std::move(made.value()) : nullptr;
  }();
  return compiler;
}

// An exact graph (its kernel gives the mirror's bits) of one output, whose parameters are the
// arguments: a scaled fractal noise times a factor.
std::string one_channel_graph(const char* octaves, const char* factor, const char* seed) {
  return std::string(R"({"dims": 3, "nodes": {"p": {"kind": "position"},
      "s": {"kind": "scale", "in": "p", "factor": )") +
         factor + R"(}, "n": {"kind": "noise", "at": "s", "seed": )" + seed + R"(},
      "f": {"kind": "fractal", "noise": "n", "octaves": )" +
         octaves + R"(}, "m": {"kind": "mul", "a": "f", "b": )" + factor + R"(}},
      "outputs": {"value": "m"}})";
}

// An exact graph of four outputs, which fill the four components of an RGBA image.
constexpr const char* kFourChannelGraph = R"({"dims": 3, "nodes": {"p": {"kind": "position"},
    "n": {"kind": "noise", "at": "p", "seed": 5}, "f": {"kind": "fractal", "noise": "n", "octaves": 3},
    "a": {"kind": "abs", "in": "n"}, "m": {"kind": "mul", "a": "f", "b": 0.5},
    "d": {"kind": "sub", "a": "a", "b": "m"}},
    "outputs": {"r": "n", "g": "f", "b": "a", "a": "d"}})";

// `field` computing the graph of `json`, which must be exact.
field_spec with_graph(field_spec field, const std::string& json) {
  auto g = graph::parse(json);
  EXPECT_TRUE(g.ok()) << g.message();
  if (!g.ok()) return field;
  EXPECT_EQ(g->contract(), graph_contract::exact);
  field.noise_graph = std::make_shared<const graph>(std::move(g).value());
  return field;
}

class recorder_graph_test : public recorder_test,
                            public ::testing::WithParamInterface<table_placement> {
 protected:
  recorder_options options() const override {
    recorder_options o;
    o.table = GetParam();
    o.compiler = test_compiler();
    return o;
  }
};

TEST_P(recorder_graph_test, UsesTheCompilerOfItsOptions) {
  auto compiler = recorder_->compiler();
  ASSERT_TRUE(compiler.ok()) << compiler.message();
  EXPECT_EQ(compiler->get(), test_compiler().get());
}

TEST_P(recorder_graph_test, GraphFieldIntoTheHostsBufferBitIdenticalToTheMirror) {
  const field_spec one =
      with_graph(small_field(3, {37, 11, 5, 1}), one_channel_graph("3", "2", "1"));
  expect_bit_identical(record_to_buffer(one).data(), mirror_of(one));
  const field_spec four = with_graph(small_field(3, {13, 6, 2, 1}), kFourChannelGraph);
  expect_bit_identical(record_to_buffer(four).data(), mirror_of(four));
  expect_bit_identical(record_to_buffer(four, 12).data(), mirror_of(four));
}

TEST_P(recorder_graph_test, GraphFieldSplitIntoSeveralDispatches) {
  recorder_options small_chunks = options();
  small_chunks.chunk_bytes = 256;  // 64 floats per dispatch at most: rows and row segments
  auto small = recorder::create(*ctx_, small_chunks);
  ASSERT_TRUE(small.ok()) << small.message();
  recorder_ = std::move(small.value());
  for (const field_spec& field :
       {with_graph(small_field(3, {200, 3, 2, 1}), kFourChannelGraph),
        with_graph(small_field(3, {16, 40, 1, 1}), one_channel_graph("2", "0.5", "3"))}) {
    expect_bit_identical(record_to_buffer(field).data(), mirror_of(field));
  }
}

// A graph's parameters are per-frame data: records of graphs that differ only in them compile
// nothing and build no pipeline after the first, and each writes its own values.
TEST_P(recorder_graph_test, ChangingAGraphsParametersNeitherRecompilesNorRebuilds) {
  const field_spec field = small_field(3, {16, 16, 2, 1});
  const field_spec first = with_graph(field, one_channel_graph("3", "2", "1"));
  expect_bit_identical(record_to_buffer(first).data(), mirror_of(first));
  const compiler_stats before = test_compiler()->stats();
  const std::uint32_t built = recorder_->pipelines_built();
  std::vector<float> previous = mirror_of(first);
  for (const auto& [octaves, factor, seed] :
       {std::tuple("5", "0.75", "9"), std::tuple("2", "1.25", "4"), std::tuple("3", "2", "1")}) {
    const field_spec next = with_graph(field, one_channel_graph(octaves, factor, seed));
    const std::vector<float> expected = mirror_of(next);
    EXPECT_NE(std::memcmp(expected.data(), previous.data(), expected.size() * 4), 0);
    expect_bit_identical(record_to_buffer(next).data(), expected);
    previous = expected;
  }
  EXPECT_EQ(test_compiler()->stats().compiles, before.compiles);
  EXPECT_EQ(recorder_->pipelines_built(), built);
}

TEST_P(recorder_graph_test, SubmitsAndRunsGraphFields) {
  const field_spec field = with_graph(small_field(3, {21, 7, 3, 1}), kFourChannelGraph);
  const VkDeviceSize bytes = value_count(field) * sizeof(float);
  auto buffer = host_->create_buffer(bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
  ASSERT_TRUE(buffer.handle);
  render_target target = render_target::of(buffer_target{buffer.handle, 0, bytes});
  target.after = {VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT};
  const status ran = recorder_->run(field, permutation_table::perlin(), target);
  ASSERT_TRUE(ran.ok()) << ran.message();
  expect_bit_identical(static_cast<const float*>(buffer.mapped), mirror_of(field));
  auto point = recorder_->submit(field, permutation_table::perlin(), target);
  ASSERT_TRUE(point.ok()) << point.message();
  ASSERT_TRUE(recorder_->wait(*point).ok());
  expect_bit_identical(static_cast<const float*>(buffer.mapped), mirror_of(field));
  host_->destroy(buffer);
}

TEST_P(recorder_graph_test, FourChannelsDoNotFitAOneComponentImage) {
  const field_spec field = with_graph(image_test_field(), kFourChannelGraph);
  auto image = host_->create_image(VK_IMAGE_TYPE_3D, VK_FORMAT_R32_SFLOAT, {19, 9, 3}, 1);
  ASSERT_TRUE(image.handle);
  image_target it;
  it.image = image.handle;
  it.type = VK_IMAGE_TYPE_3D;
  it.format = VK_FORMAT_R32_SFLOAT;
  it.usage = host_device::kImageUsage;
  it.extent = {19, 9, 3};
  VkCommandBuffer cmd = host_->begin();
  auto point = recorder_->record(cmd, field, permutation_table::perlin(), render_target::of(it));
  ASSERT_FALSE(point.ok());
  EXPECT_EQ(point.error_value().code, errc::invalid_argument);
  host_->free(cmd);
  host_->destroy(image);
}

INSTANTIATE_TEST_SUITE_P(table, recorder_graph_test, both_table_placements(), placement_test_name);

// Graph fields into every image format and shape: a one-channel graph (every colour component,
// alpha 1) and, into RGBA8, a four-channel graph (one output per component), through the kernel
// without a format qualifier and the same kernel with the format written in.
class recorder_graph_image_test
    : public recorder_test,
      public ::testing::WithParamInterface<std::tuple<image_case, table_placement>> {
 protected:
  recorder_options options() const override {
    recorder_options o;
    o.table = std::get<1>(GetParam());
    o.compiler = test_compiler();
    return o;
  }
  std::vector<field_spec> fields() const {
    std::vector<field_spec> f{with_graph(image_test_field(), one_channel_graph("3", "0.8", "2"))};
    if (std::get<0>(GetParam()).format == VK_FORMAT_R8G8B8A8_UNORM) {
      f.push_back(with_graph(image_test_field(), kFourChannelGraph));
    }
    return f;
  }
};

TEST_P(recorder_graph_image_test, WritesTheImageTexelsFromTheMirror) {
  const image_case c = std::get<0>(GetParam());
  for (const field_spec& field : fields()) {
    expect_texels_of_mirror(record_image(*host_, *recorder_, c, field), c, field);
  }
}

TEST_P(recorder_graph_image_test, KernelGivenTheFormatWritesTheSameTexels) {
  const image_case c = std::get<0>(GetParam());
  per_format_host fallback(options());
  ASSERT_TRUE(fallback.ready());
  for (const field_spec& field : fields()) {
    const std::vector<std::uint8_t> per_format =
        record_image(*fallback.host, *fallback.rec, c, field);
    expect_texels_of_mirror(per_format, c, field);
    EXPECT_EQ(bytes_differing(per_format, record_image(*host_, *recorder_, c, field)), 0u);
  }
}

INSTANTIATE_TEST_SUITE_P(
    formats, recorder_graph_image_test,
    ::testing::Combine(
        ::testing::Values(
            image_case{VK_FORMAT_R32_SFLOAT, VK_IMAGE_TYPE_3D, 4, 1.0f, 0.0f, 0.0f},
            image_case{VK_FORMAT_R32_SFLOAT, VK_IMAGE_TYPE_2D, 4, 1.0f, 0.0f, 0.0f},
            image_case{VK_FORMAT_R16_SFLOAT, VK_IMAGE_TYPE_3D, 2, 1.0f, 0.0f, 1.0f / 1024},
            image_case{VK_FORMAT_R16_SFLOAT, VK_IMAGE_TYPE_2D, 2, 1.0f, 0.0f, 1.0f / 1024},
            image_case{VK_FORMAT_R8_UNORM, VK_IMAGE_TYPE_3D, 1, 0.5f, 0.5f, 1.0f / 255},
            image_case{VK_FORMAT_R8_UNORM, VK_IMAGE_TYPE_2D, 1, 0.5f, 0.5f, 1.0f / 255},
            image_case{VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_3D, 4, 0.5f, 0.5f, 1.0f / 255},
            image_case{VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_2D, 4, 0.5f, 0.5f, 1.0f / 255}),
        both_table_placements()),
    [](const auto& info) {
      return name_of(std::get<0>(info.param)) + "_" + placement_name(std::get<1>(info.param));
    });

// With shaderStorageImageWriteWithoutFormat one pipeline writes every format of a shape; without
// it each format has its own.
TEST_F(recorder_test, OneKernelWithoutAFormatServesEveryFormatOfAShape) {
  const image_case r32f{VK_FORMAT_R32_SFLOAT, VK_IMAGE_TYPE_3D, 4, 1.0f, 0.0f, 0.0f};
  const image_case rgba8{VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_3D, 4, 0.5f, 0.5f, 1.0f / 255};
  per_format_host fallback(options());
  ASSERT_TRUE(fallback.ready());
  for (const image_case& c : {r32f, rgba8}) {
    expect_texels_of_mirror(record_image(*host_, *recorder_, c), c);
    expect_texels_of_mirror(record_image(*fallback.host, *fallback.rec, c), c);
  }
  EXPECT_EQ(recorder_->pipelines_built(),
            ctx_->features().storage_image_write_without_format ? 1u : 2u);
  EXPECT_EQ(fallback.rec->pipelines_built(), 2u);
}

// context::create() enables the storage-image features vknoise uses where the device has them.
TEST_F(recorder_test, OwnedContextEnablesTheImageFeaturesTheDeviceHas) {
  validation_log log;
  auto owned = context::create(log.validated());
  ASSERT_TRUE(owned.ok()) << owned.message();
  // The loader's instance-level entry points dispatch on the physical device, whichever instance
  // it belongs to.
  VkPhysicalDeviceFeatures supported{};
  vkGetPhysicalDeviceFeatures(owned.value()->physical_device(), &supported);
  EXPECT_EQ(owned.value()->features().storage_image_write_without_format,
            supported.shaderStorageImageWriteWithoutFormat == VK_TRUE);
  EXPECT_EQ(owned.value()->features().storage_image_extended_formats,
            supported.shaderStorageImageExtendedFormats == VK_TRUE);
  owned.value().reset();
  log.expect_none();
}

// The C API's device flags reach the context and come back from it.
TEST_F(recorder_test, TheCApiCarriesTheWriteWithoutFormatFlag) {
  vknoise_device_handles handles = c_handles_of(host_->lend());
  for (const int32_t flag : {int32_t{0}, handles.storage_image_write_without_format}) {
    handles.storage_image_write_without_format = flag;
    vknoise_context* context = nullptr;
    ASSERT_EQ(vknoise_context_borrow(&handles, nullptr, &context), VKNOISE_OK);
    vknoise_device_handles back{};
    EXPECT_EQ(vknoise_context_handles(context, &back), VKNOISE_OK);
    EXPECT_EQ(back.storage_image_write_without_format, flag);
    EXPECT_EQ(back.timeline_semaphore, handles.timeline_semaphore);
    EXPECT_EQ(back.storage_image_extended_formats, handles.storage_image_extended_formats);
    vknoise_context_destroy(context);
  }
}

TEST_F(recorder_test, RejectsTargetsThatDoNotFit) {
  const field_spec field = small_field(3, {8, 8, 2, 1});
  auto buffer = host_->create_buffer(1024, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
  auto image = host_->create_image(VK_IMAGE_TYPE_3D, VK_FORMAT_R32_SFLOAT, {8, 8, 2}, 1);
  VkCommandBuffer cmd = host_->begin();
  const permutation_table table = permutation_table::perlin();
  const auto expect_invalid = [&](const render_target& target, const char* why) {
    auto point = recorder_->record(cmd, field, table, target);
    ASSERT_FALSE(point.ok()) << why;
    EXPECT_EQ(point.error_value().code, errc::invalid_argument) << why;
    EXPECT_FALSE(point.message().empty());
  };
  expect_invalid(render_target::of(buffer_target{buffer.handle, 0, 100}), "range too small");
  expect_invalid(render_target::of(buffer_target{buffer.handle, 2, 1000}), "unaligned offset");
  expect_invalid(render_target::of(buffer_target{VK_NULL_HANDLE, 0, 1024}), "null buffer");
  image_target it{image.handle, VK_IMAGE_TYPE_3D, VK_FORMAT_R32_SFLOAT, {8, 8, 2}};
  it.usage = host_device::kImageUsage;
  image_target moved = it;
  moved.offset = {1, 0, 0};
  expect_invalid(render_target::of(moved), "box outside the extent");
  image_target odd_format = it;
  odd_format.format = VK_FORMAT_R32G32_SFLOAT;
  expect_invalid(render_target::of(odd_format), "unsupported format");
  image_target undefined_after = it;
  undefined_after.new_layout = VK_IMAGE_LAYOUT_UNDEFINED;
  expect_invalid(render_target::of(undefined_after), "new layout UNDEFINED");
  field_spec with_gradient = field;
  with_gradient.noise.gradient = true;
  auto point = recorder_->record(cmd, with_gradient, table, render_target::of(it));
  ASSERT_FALSE(point.ok());
  EXPECT_EQ(point.error_value().code, errc::invalid_argument);
  // Nothing was recorded for the rejected targets: the empty command buffer runs cleanly.
  EXPECT_TRUE(host_->submit_and_wait(cmd));
  host_->destroy(buffer);
  host_->destroy(image);
}

// An image made without VK_IMAGE_USAGE_STORAGE_BIT cannot be written by a kernel: refused by what
// the target states of its usage, and so is a target that does not state it. Nothing is recorded
// (the layer would report VUID-VkWriteDescriptorSet-descriptorType-00339 for such a view).
TEST_F(recorder_test, RefusesAnImageWithoutStorageUsage) {
  const field_spec field = small_field(3, {8, 8, 2, 1});
  const VkImageUsageFlags sampled_only =
      VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
  auto image =
      host_->create_image(VK_IMAGE_TYPE_3D, VK_FORMAT_R32_SFLOAT, {8, 8, 2}, 1, sampled_only);
  ASSERT_TRUE(image.handle);
  VkCommandBuffer cmd = host_->begin();
  image_target it{image.handle, VK_IMAGE_TYPE_3D, VK_FORMAT_R32_SFLOAT, {8, 8, 2}};
  it.usage = sampled_only;
  auto point = recorder_->record(cmd, field, permutation_table::perlin(), render_target::of(it));
  ASSERT_FALSE(point.ok());
  EXPECT_EQ(point.error_value().code, errc::invalid_argument);
  EXPECT_EQ(point.message(),
            "image target: the image was created without VK_IMAGE_USAGE_STORAGE_BIT, which "
            "vknoise's kernels need to write it");
  it.usage = 0;
  point = recorder_->record(cmd, field, permutation_table::perlin(), render_target::of(it));
  ASSERT_FALSE(point.ok());
  EXPECT_EQ(point.message(),
            "image target: its usage is not given: state the VkImageCreateInfo::usage the image "
            "was created with (vknoise needs VK_IMAGE_USAGE_STORAGE_BIT)");
  EXPECT_TRUE(host_->submit_and_wait(cmd));  // nothing was recorded: no message either
  host_->destroy(image);
}

// Several record() calls into one command buffer (recorder.hpp): the points are consecutive, so
// signalling only the last one in the submission signals the earlier ones; every field is right.
// One call more than frames_in_flight before the submission needs resources whose point only that
// submission can signal: it times out (after a short fence timeout here) and records nothing.
TEST_F(recorder_test, SeveralRecordsInOneCommandBufferNeedOnlyTheLastPointSignalled) {
  context_options short_wait;
  short_wait.fence_timeout_ns = 200'000'000;  // the fourth call's wait
  auto second = context::borrow(host_->lend(), short_wait);
  ASSERT_TRUE(second.ok()) << second.message();
  std::unique_ptr<context> ctx = std::move(second.value());
  recorder_options options;
  options.frames_in_flight = 3;
  auto made = recorder::create(*ctx, options);
  ASSERT_TRUE(made.ok()) << made.message();
  std::unique_ptr<recorder> rec = std::move(made.value());

  std::vector<field_spec> fields;
  std::vector<host_device::buffer> buffers;
  VkCommandBuffer cmd = host_->begin();
  std::vector<timeline_point> points;
  for (int i = 0; i < 3; ++i) {
    field_spec field = small_field(2, {24, 5, 1, 1});
    field.origin[0] += 3.5 * i;
    fields.push_back(field);
    const VkDeviceSize bytes = value_count(field) * sizeof(float);
    buffers.push_back(host_->create_buffer(bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT));
    render_target target = render_target::of(buffer_target{buffers.back().handle, 0, bytes});
    target.after = {VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT};
    auto point = rec->record(cmd, field, permutation_table::perlin(), target);
    ASSERT_TRUE(point.ok()) << point.message();
    points.push_back(*point);
  }
  EXPECT_EQ(points[1].value, points[0].value + 1);
  EXPECT_EQ(points[2].value, points[1].value + 1);
  EXPECT_EQ(points[2].semaphore, points[0].semaphore);

  render_target fourth = render_target::of(
      buffer_target{buffers[0].handle, 0, value_count(fields[0]) * sizeof(float)});
  auto too_many = rec->record(cmd, fields[0], permutation_table::perlin(), fourth);
  ASSERT_FALSE(too_many.ok());
  EXPECT_EQ(too_many.error_value().code, errc::timeout);

  ASSERT_TRUE(host_->submit_and_wait(cmd, points[2].semaphore, points[2].value));
  for (const timeline_point& point : points) EXPECT_TRUE(rec->wait(point).ok());
  for (std::size_t i = 0; i < fields.size(); ++i) {
    expect_bit_identical(static_cast<const float*>(buffers[i].mapped), mirror_of(fields[i]));
    host_->destroy(buffers[i]);
  }
  rec.reset();
  ctx.reset();
}

// The owned path: submit() with a fence and a timeline point, and run().
TEST_F(recorder_test, SubmitsOnTheContextQueueWithFenceAndTimeline) {
  const field_spec field = small_field(3, {24, 10, 3, 1});
  auto buffer = host_->create_buffer(value_count(field) * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
  render_target target = render_target::of(buffer_target{buffer.handle, 0, buffer.size});
  target.after = {VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT};
  VkFenceCreateInfo fence_info{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  VkFence fence = VK_NULL_HANDLE;
  ASSERT_EQ(vkCreateFence(host_->device(), &fence_info, nullptr, &fence), VK_SUCCESS);
  auto point = recorder_->submit(field, permutation_table::perlin(), target, fence);
  ASSERT_TRUE(point.ok()) << point.message();
  EXPECT_EQ(vkWaitForFences(host_->device(), 1, &fence, VK_TRUE, 20'000'000'000ull), VK_SUCCESS);
  ASSERT_TRUE(recorder_->wait(*point).ok());
  expect_bit_identical(static_cast<const float*>(buffer.mapped), mirror_of(field));
  vkDestroyFence(host_->device(), fence, nullptr);

  std::memset(buffer.mapped, 0, buffer.size);
  ASSERT_TRUE(recorder_->run(field, permutation_table::perlin(), target).ok());
  expect_bit_identical(static_cast<const float*>(buffer.mapped), mirror_of(field));
  host_->destroy(buffer);
}

// A borrowed device outlives vknoise: after the recorder and context are gone, the host keeps
// using the same device and queue, and destroys them itself (TearDown via ~host_device).
TEST_F(recorder_and_renderer_test, BorrowedDeviceStaysUsableAfterVknoiseIsGone) {
  const field_spec field = small_field(3, {16, 4, 2, 1});
  expect_bit_identical(record_to_buffer(field).data(), mirror_of(field));
  recorder_.reset();
  ctx_.reset();

  auto buffer = host_->create_buffer(256, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
  VkCommandBuffer cmd = host_->begin();
  vkCmdFillBuffer(cmd, buffer.handle, 0, 256, 0x3f800000u);  // 1.0f
  host_->transfer_writes_to_host(cmd, buffer);
  ASSERT_TRUE(host_->submit_and_wait(cmd));
  EXPECT_EQ(static_cast<const float*>(buffer.mapped)[63], 1.0f);
  EXPECT_EQ(vkDeviceWaitIdle(host_->device()), VK_SUCCESS);
  host_->destroy(buffer);

  // And a new vknoise context can borrow it again.
  auto again = context::borrow(host_->lend());
  ASSERT_TRUE(again.ok()) << again.message();
  auto renderer = gpu_renderer::create(*again.value());
  ASSERT_TRUE(renderer.ok()) << renderer.message();
  std::vector<float> out(value_count(field));
  ASSERT_TRUE(renderer.value()->fill(field, permutation_table::perlin(), out).ok());
  expect_bit_identical(out.data(), mirror_of(field));
}

// Threading as documented: several recorders and renderers on one context, one per thread.
TEST_F(recorder_and_renderer_test, RecordersAndRenderersRunOnSeveralThreadsOfOneContext) {
  constexpr int kThreads = 3;
  const field_spec field = small_field(3, {32, 8, 2, 1});
  const std::vector<float> expected = mirror_of(field);
  std::vector<std::vector<float>> results(2 * kThreads);
  std::vector<std::string> errors(2 * kThreads);
  std::vector<host_device::buffer> buffers;
  for (int t = 0; t < kThreads; ++t) {
    buffers.push_back(
        host_->create_buffer(value_count(field) * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT));
  }
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      auto rec = recorder::create(*ctx_);
      if (!rec) {
        errors[t] = rec.message();
        return;
      }
      render_target target =
          render_target::of(buffer_target{buffers[t].handle, 0, buffers[t].size});
      target.after = {VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT};
      for (int i = 0; i < 4; ++i) {
        if (auto done = rec.value()->run(field, permutation_table::perlin(), target); !done) {
          errors[t] = done.message();
          return;
        }
      }
      const auto* values = static_cast<const float*>(buffers[t].mapped);
      results[t].assign(values, values + expected.size());
    });
    threads.emplace_back([&, t] {
      auto renderer = gpu_renderer::create(*ctx_);
      if (!renderer) {
        errors[kThreads + t] = renderer.message();
        return;
      }
      results[kThreads + t].resize(expected.size());
      for (int i = 0; i < 4; ++i) {
        auto done =
            renderer.value()->fill(field, permutation_table::perlin(), results[kThreads + t]);
        if (!done) errors[kThreads + t] = done.message();
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (int i = 0; i < 2 * kThreads; ++i) {
    EXPECT_EQ(errors[i], "") << "thread " << i;
    if (errors[i].empty()) expect_bit_identical(results[i].data(), expected);
  }
  for (auto& b : buffers) host_->destroy(b);
}

std::vector<std::uint8_t> read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Saving writes exactly the cache's data, with the header naming this device; contexts start from
// the file, and from an empty cache when the file is damaged. (Whether a driver stores whole
// pipelines in the cache is its choice: lavapipe keeps only the header.)
using pipeline_cache = validated_test<>;

TEST_F(pipeline_cache, SavedCacheIsWrittenAndLoaded) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("vknoise_cache_test_" + std::to_string(::getpid()));
  std::filesystem::remove(path);
  const field_spec field = small_field(3, {4, 4, 1, 1});
  std::vector<float> out(value_count(field));
  {
    auto ctx = context::create(log_.validated());
    ASSERT_TRUE(ctx.ok()) << ctx.message();
    auto renderer = gpu_renderer::create(*ctx.value());
    ASSERT_TRUE(renderer.ok());
    ASSERT_TRUE(renderer.value()->fill(field, permutation_table::perlin(), out).ok());
    ASSERT_TRUE(ctx.value()->save_pipeline_cache(path.string()).ok());
    auto data = ctx.value()->pipeline_cache_data();
    ASSERT_TRUE(data.ok());
    EXPECT_EQ(read_file(path), *data);
    VkPipelineCacheHeaderVersionOne header;
    ASSERT_GE(data->size(), sizeof(header));
    std::memcpy(&header, data->data(), sizeof(header));
    EXPECT_EQ(header.headerVersion, VK_PIPELINE_CACHE_HEADER_VERSION_ONE);
    EXPECT_EQ(header.vendorID, ctx.value()->properties().vendorID);
    EXPECT_EQ(header.deviceID, ctx.value()->properties().deviceID);
    EXPECT_EQ(0, std::memcmp(header.pipelineCacheUUID, ctx.value()->properties().pipelineCacheUUID,
                             VK_UUID_SIZE));
  }
  for (const char* damage : {"", "not a pipeline cache"}) {
    if (*damage) std::ofstream(path, std::ios::binary | std::ios::trunc) << damage;
    context_options options = log_.validated();
    options.pipeline_cache_path = path.string();
    auto ctx = context::create(options);
    ASSERT_TRUE(ctx.ok()) << ctx.message();
    auto renderer = gpu_renderer::create(*ctx.value());
    ASSERT_TRUE(renderer.ok());
    std::vector<float> again(value_count(field));
    ASSERT_TRUE(renderer.value()->fill(field, permutation_table::perlin(), again).ok());
    EXPECT_EQ(0, std::memcmp(out.data(), again.data(), out.size() * sizeof(float)));
  }
  std::filesystem::remove(path);
  auto ctx = context::create(log_.validated());
  ASSERT_TRUE(ctx.ok());
  auto unwritable = ctx.value()->save_pipeline_cache("/nonexistent-dir/cache.bin");
  ASSERT_FALSE(unwritable.ok());
  EXPECT_EQ(unwritable.error_value().code, errc::io_error);
}

// Proof that the host's synchronization validation is live, so that the silence of the tests
// above means something: a copy that reads a buffer right after a fill wrote it, with no barrier
// between them, is a read-after-write hazard.
TEST_F(recorder_test, HostsSynchronizationValidationReportsAMissingBarrier) {
  auto source = host_->create_buffer(256, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
  auto copy = host_->create_buffer(256, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
  VkCommandBuffer cmd = host_->begin();
  vkCmdFillBuffer(cmd, source.handle, 0, 256, 0);
  const VkBufferCopy region{0, 0, 256};
  vkCmdCopyBuffer(cmd, source.handle, copy.handle, 1, &region);
  host_->transfer_writes_to_host(cmd, copy);
  ASSERT_TRUE(host_->submit_and_wait(cmd));
  const std::vector<std::string> messages = host_->take_messages();
  EXPECT_TRUE(any_contains(messages, "SYNC-HAZARD-READ-AFTER-WRITE"))
      << messages.size() << " messages, none a read-after-write hazard";
  host_->destroy(source);
  host_->destroy(copy);
}

}  // namespace
}  // namespace vknoise
