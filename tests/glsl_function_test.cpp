// The GLSL functions a host pastes into its own shaders (emit_glsl_function, graph.hpp; the
// built-in noises' shaders/include/vknoise.glsl): glslc compiles each in a #version 450 fragment
// shader, two of them in one shader too; and a host's full-screen pass on the device (lavapipe
// here), under the validation layer with synchronization validation, equals the CPU float mirror
// bit for bit for exact graphs and within the bound for bounded ones, at pixel centres the fragment
// shader reproduces exactly (origin and step powers of two).
#include <gtest/gtest.h>
#include <algorithm>

#include <volk.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "fullscreen_pipeline.hpp"
#include "graph_cases.hpp"
#include "host_device.hpp"
#include "scratch_directory.hpp"
#include "vknoise/graph.hpp"
#include "vknoise/noise.hpp"

namespace vknoise {
namespace {

constexpr std::uint32_t kSide = 64;  // the pass's RGBA32F attachment, kSide x kSide
constexpr double kOrigin = -2.0;     // the position of the attachment's corner (x and y)
// Per pixel; pixel centres are exact floats.
constexpr double kStep = 0.0625;
// A draw's wait (see run()).
constexpr std::uint64_t kDrawTimeoutNs = 120'000'000'000ull;
// The fixed z and w of 3D and 4D positions (exact floats).
constexpr double kZ = 0.375;
constexpr double kW = -0.625;

#define HOST_VK(call) ASSERT_EQ((call), VK_SUCCESS) << #call

// The shipped graphs a GLSL function can say, in name order: all but those with a periodic
// noise (perlin_worley.json), whose period the function does not reduce (graph_function.cpp
// refuses them, which ShippedPeriodicGraphsAreRefusedAsFunctions checks).
std::vector<std::filesystem::path> shipped_graphs(bool periodic = false) {
  std::vector<std::filesystem::path> paths;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::filesystem::path(VKNOISE_SOURCE_DIR) / "graphs")) {
    if (entry.path().extension() != ".json") continue;
    auto g = graph::load(entry.path());
    const bool has_period =
        g.ok() && !emit_glsl_function(*g, "f").ok() &&
        emit_glsl_function(*g, "f").message().find("periodic noise") != std::string::npos;
    if (has_period == periodic) paths.push_back(entry.path());
  }
  std::sort(paths.begin(), paths.end());
  return paths;
}

// A fragment shader that writes function `name` (dims in, channels out) at its pixel's position.
std::string fragment_shader(const std::string& functions, const std::string& name, int dims,
                            int channels) {
  static const char* const positions[4] = {"at.x", "at", "vec3(at, 0.375)",
                                           "vec4(at, 0.375, -0.625)"};
  static const char* const padding[4] = {", 0.0, 0.0, 0.0", ", 0.0, 0.0", ", 0.0", ""};
  return "#version 450\n" + functions +
         "layout(location = 0) out vec4 colour;\n"
         "void main() {\n"
         "  precise vec2 at = vec2(-2.0) + gl_FragCoord.xy * 0.0625;\n"
         "  colour = vec4(" +
         name + "(" + positions[dims - 1] + ")" + padding[channels - 1] + ");\n}\n";
}

// The mirror's values at the pass's pixel centres, 4 floats per pixel (missing channels 0).
std::vector<float> mirror_image(const graph& g) {
  const int dims = g.dims();
  std::vector<double> points;
  for (std::uint32_t y = 0; y < kSide; ++y) {
    for (std::uint32_t x = 0; x < kSide; ++x) {
      const double p[4] = {kOrigin + (x + 0.5) * kStep, kOrigin + (y + 0.5) * kStep, kZ, kW};
      points.insert(points.end(), p, p + dims);
    }
  }
  const std::size_t channels = g.channels();
  std::vector<float> values(kSide * kSide * channels);
  const status s = eval_mirror(g, points, permutation_table::perlin(), values);
  EXPECT_TRUE(s.ok()) << s.message();
  std::vector<float> image(kSide * kSide * 4, 0.0f);
  for (std::size_t i = 0; i < kSide * kSide; ++i) {
    for (std::size_t c = 0; c < channels; ++c) image[i * 4 + c] = values[i * channels + c];
  }
  return image;
}

// glslc compiles `source` as a fragment shader for Vulkan 1.2 (warnings are errors); the SPIR-V.
std::vector<std::uint32_t> compile(const scratch_directory& dir_owner, const std::string& dir,
                                   const std::string& name, const std::string& source) {
  (void)dir_owner;
  const std::string glsl = dir + "/" + name + ".frag";
  const std::string spv = dir + "/" + name + ".spv";
  std::ofstream(glsl) << source;
  const std::string command =
      "glslc -fshader-stage=frag --target-env=vulkan1.2 -Werror -o " + spv + " " + glsl + " 2>&1";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  std::ifstream in(spv, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::uint32_t> words(bytes.size() / 4);
  std::memcpy(words.data(), bytes.data(), words.size() * 4);
  return words;
}

// A host's full-screen pass: one triangle, a fragment shader, an RGBA32F attachment read back.
class fullscreen_pass {
 public:
  explicit fullscreen_pass(host::host_device& host) : host_(host), device_(host.device()) {}
  ~fullscreen_pass() {
    if (pipeline_) vkDestroyPipeline(device_, pipeline_, nullptr);
    if (layout_) vkDestroyPipelineLayout(device_, layout_, nullptr);
    if (framebuffer_) vkDestroyFramebuffer(device_, framebuffer_, nullptr);
    if (view_) vkDestroyImageView(device_, view_, nullptr);
    if (render_pass_) vkDestroyRenderPass(device_, render_pass_, nullptr);
    host_.destroy(color_);
    host_.destroy(readback_);
  }

  // Draws with `fragment` (SPIR-V) and returns the attachment's texels, 4 floats each.
  void run(const std::vector<std::uint32_t>& fragment, std::vector<float>& texels) {
    if (!render_pass_) {
      ASSERT_NO_FATAL_FAILURE(create_target());
    }
    if (pipeline_) vkDestroyPipeline(device_, pipeline_, nullptr);
    pipeline_ = VK_NULL_HANDLE;
    ASSERT_NO_FATAL_FAILURE(create_pipeline(fragment));
    VkCommandBuffer cmd = host_.begin();
    ASSERT_TRUE(cmd);
    VkClearValue clear{};
    VkRenderPassBeginInfo begin{VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
    begin.renderPass = render_pass_;
    begin.framebuffer = framebuffer_;
    begin.renderArea.extent = {kSide, kSide};
    begin.clearValueCount = 1;
    begin.pClearValues = &clear;
    vkCmdBeginRenderPass(cmd, &begin, VK_SUBPASS_CONTENTS_INLINE);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline_);
    vkCmdDraw(cmd, 3, 1, 0, 0);
    vkCmdEndRenderPass(cmd);  // leaves the image in TRANSFER_SRC_OPTIMAL
    // The render pass's external dependency covers the attachment -> the copy.
    VkBufferImageCopy copy{};
    copy.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    copy.imageExtent = {kSide, kSide, 1};
    vkCmdCopyImageToBuffer(cmd, color_.handle, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                           readback_.handle, 1, &copy);
    host_.transfer_writes_to_host(cmd, readback_);  // the copy -> the host's reads
    // lavapipe compiles the fragment shader at the draw (unless Mesa's shader cache has it): a
    // shipped graph's took 0.4 to 6.4 s with a cold cache on a loaded 2-core machine, more than
    // submit_and_wait's 10 s allows for under a sanitizer; the wait is still bounded.
    VkFenceCreateInfo fence_info{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VkFence fence = VK_NULL_HANDLE;
    HOST_VK(vkCreateFence(device_, &fence_info, nullptr, &fence));
    const bool submitted = host_.submit(cmd, fence);
    const VkResult waited =
        submitted ? vkWaitForFences(device_, 1, &fence, VK_TRUE, kDrawTimeoutNs) : VK_SUCCESS;
    vkDestroyFence(device_, fence, nullptr);
    host_.free(cmd);
    ASSERT_TRUE(submitted);
    HOST_VK(waited);
    texels.resize(kSide * kSide * 4);
    std::memcpy(texels.data(), readback_.mapped, texels.size() * sizeof(float));
  }

 private:
  void create_target() {
    color_ =
        host_.create_image(VK_IMAGE_TYPE_2D, VK_FORMAT_R32G32B32A32_SFLOAT, {kSide, kSide, 1}, 1,
                           VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT);
    readback_ = host_.create_buffer(kSide * kSide * 4 * sizeof(float), 0);
    ASSERT_TRUE(color_.handle && readback_.handle);
    HOST_VK(test_host::create_readback_pass(device_, VK_FORMAT_R32G32B32A32_SFLOAT, color_.handle,
                                            kSide, render_pass_, view_, framebuffer_));
    VkPipelineLayoutCreateInfo layout{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    HOST_VK(vkCreatePipelineLayout(device_, &layout, nullptr, &layout_));
  }

  void create_pipeline(const std::vector<std::uint32_t>& fragment_code) {
    ASSERT_FALSE(fragment_code.empty());
    HOST_VK(test_host::create_fullscreen_pipeline(
        device_, render_pass_, layout_, fragment_code, kSide,
        VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT | VK_COLOR_COMPONENT_B_BIT |
            VK_COLOR_COMPONENT_A_BIT,
        pipeline_));
  }

  host::host_device& host_;
  VkDevice device_;
  host::host_device::image color_;
  host::host_device::buffer readback_;
  VkRenderPass render_pass_ = VK_NULL_HANDLE;
  VkImageView view_ = VK_NULL_HANDLE;
  VkFramebuffer framebuffer_ = VK_NULL_HANDLE;
  VkPipelineLayout layout_ = VK_NULL_HANDLE;
  VkPipeline pipeline_ = VK_NULL_HANDLE;
};

class glsl_function_test : public scratch_directory {
 protected:
  // A host device with the validation layer (synchronization validation on) and shaderFloat64.
  void SetUp() override {
    scratch_directory::SetUp();
    host::host_options options;
    options.shader_float64 = true;
    std::string why;
    host_ = host::host_device::create(options, &why);
    ASSERT_TRUE(host_) << why;
  }
  // Every validation message fails the test, those at the device's destruction included.
  void TearDown() override {
    if (host_) {
      EXPECT_TRUE(host_->destroy_device());
      for (const std::string& message : host_->take_messages()) {
        ADD_FAILURE() << "validation: " << message;
      }
    }
    host_.reset();
    scratch_directory::TearDown();
  }
  std::string dir() const { return dir_.string(); }
  std::unique_ptr<host::host_device> host_;
};

std::size_t bit_mismatches(const std::vector<float>& a, const std::vector<float>& b) {
  if (a.size() != b.size()) return a.size() + b.size();
  std::size_t count = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    count += std::memcmp(&a[i], &b[i], sizeof(float)) != 0 ? 1 : 0;
  }
  return count;
}

// Graph g's function (named `name`) in a full-screen pass against the mirror: bit for bit for an
// exact graph (true), within its bound for a bounded one (false).
bool expect_function_equals_mirror(const scratch_directory& dir_owner, const std::string& dir,
                                   fullscreen_pass& pass, const graph& g, const std::string& name,
                                   const std::string& what) {
  auto function = emit_glsl_function(g, name);
  EXPECT_TRUE(function.ok()) << what << ": " << function.message();
  if (!function.ok()) return false;
  const std::vector<std::uint32_t> spirv =
      compile(dir_owner, dir, name,
              fragment_shader(*function, name, g.dims(), static_cast<int>(g.channels())));
  std::vector<float> texels;
  pass.run(spirv, texels);
  const std::vector<float> mirror = mirror_image(g);
  if (g.contract() == graph_contract::exact) {
    EXPECT_EQ(bit_mismatches(texels, mirror), 0u) << what;
    return true;
  }
  EXPECT_EQ(texels.size(), mirror.size()) << what;
  for (std::size_t i = 0; i < texels.size() && i < mirror.size(); ++i) {
    if (!(std::fabs(texels[i] - mirror[i]) <= g.bound())) {
      ADD_FAILURE() << what << " value " << i << ": " << texels[i] << " against the mirror's "
                    << mirror[i] << " (bound " << g.bound() << ")";
      break;
    }
  }
  return false;
}

// Every shipped graph's function, in a full-screen pass, against the mirror.
TEST_F(glsl_function_test, ShippedGraphsInAFragmentShaderEqualTheMirror) {
  fullscreen_pass pass(*host_);
  int exact = 0;
  for (const std::filesystem::path& path : shipped_graphs()) {
    auto loaded = graph::load(path);
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    exact += expect_function_equals_mirror(*this, dir(), pass, *loaded,
                                           "vknoise_" + path.stem().string(), path.string())
                 ? 1
                 : 0;
  }
  EXPECT_GE(exact, 3);
}

// Every node kind, every basis (classic noise's gradient table and value noise included), nodes
// with their own tables, 2D and 4D, warps and fractals with octave offsets (tests/graph_cases.hpp).
TEST_F(glsl_function_test, EveryNodeKindAndBasisInAFragmentShaderEqualsTheMirror) {
  fullscreen_pass pass(*host_);
  std::vector<const char*> cases(std::begin(graph_cases::node_graphs),
                                 std::end(graph_cases::node_graphs));
  cases.insert(cases.end(), std::begin(graph_cases::simd_graphs),
               std::end(graph_cases::simd_graphs));
  for (std::size_t i = 0; i < cases.size(); ++i) {
    auto g = graph::parse(cases[i]);
    ASSERT_TRUE(g.ok()) << g.message();
    EXPECT_TRUE(expect_function_equals_mirror(*this, dir(), pass, *g,
                                              "graph_case" + std::to_string(i), cases[i]));
  }
}

// The shipped graphs with periodic noises: refused as functions with one line naming the node.
TEST_F(glsl_function_test, ShippedPeriodicGraphsAreRefusedAsFunctions) {
  const std::vector<std::filesystem::path> periodic = shipped_graphs(true);
  ASSERT_EQ(periodic.size(), 1u);
  EXPECT_EQ(periodic[0].filename(), "perlin_worley.json");
  auto g = graph::load(periodic[0]);
  ASSERT_TRUE(g.ok());
  EXPECT_EQ(emit_glsl_function(*g, "f").message(),
            "a periodic noise (node perlin_fbm) has no GLSL function yet: its period is reduced "
            "in double with fmod, which the function does not reproduce");
}

// Two graphs' functions in one shader: their helpers and tables do not collide.
TEST_F(glsl_function_test, TwoGraphsFunctionsPasteIntoOneShader) {
  const std::filesystem::path graphs = std::filesystem::path(VKNOISE_SOURCE_DIR) / "graphs";
  auto a = graph::load(graphs / "clouds.json");
  auto b = graph::load(graphs / "lava.json");
  ASSERT_TRUE(a.ok() && b.ok());
  auto fa = emit_glsl_function(*a, "first");
  auto fb = emit_glsl_function(*b, "second");
  ASSERT_TRUE(fa.ok() && fb.ok());
  // Both of dims 3 with 3 channels or fewer (the shipped graphs' shapes), summed.
  ASSERT_EQ(a->dims(), 3);
  ASSERT_EQ(b->dims(), 3);
  const std::string shader = "#version 450\n" + *fa + *fb +
                             "layout(location = 0) out vec4 colour;\n"
                             "void main() {\n"
                             "  vec3 at = vec3(gl_FragCoord.xy * 0.0625, 0.375);\n"
                             "  colour = vec4(first(at).x + second(at).x);\n}\n";
  EXPECT_FALSE(compile(*this, dir(), "two", shader).empty());
}

// shaders/include/vknoise.glsl as built: each vknoise_improvedN in a full-screen pass equals the
// float mirror of improved noise bit for bit (noise3f and noise4f for 3D and 4D, the mirror of a
// one-noise graph for 1D and 2D, which the library has no separate float function for).
TEST_F(glsl_function_test, BuiltinImprovedNoiseEqualsTheMirror) {
  std::ifstream in(VKNOISE_BUILTIN_GLSL);
  ASSERT_TRUE(in) << VKNOISE_BUILTIN_GLSL;
  const std::string header((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  fullscreen_pass pass(*host_);
  const permutation_table table = permutation_table::perlin();
  for (int dims = 1; dims <= 4; ++dims) {
    const std::string name = "vknoise_improved" + std::to_string(dims);
    ASSERT_NE(header.find("float " + name + "("), std::string::npos) << name;
    std::vector<float> texels;
    ASSERT_NO_FATAL_FAILURE(
        pass.run(compile(*this, dir(), name, fragment_shader(header, name, dims, 1)), texels));
    std::vector<float> mirror(kSide * kSide * 4, 0.0f);
    if (dims >= 3) {
      for (std::uint32_t y = 0; y < kSide; ++y) {
        for (std::uint32_t x = 0; x < kSide; ++x) {
          const lattice_coord cx = reduce_coordinate(kOrigin + (x + 0.5) * kStep);
          const lattice_coord cy = reduce_coordinate(kOrigin + (y + 0.5) * kStep);
          mirror[(y * kSide + x) * 4] =
              dims == 3 ? noise3f(cx, cy, reduce_coordinate(kZ), table)
                        : noise4f(cx, cy, reduce_coordinate(kZ), reduce_coordinate(kW), table);
        }
      }
    } else {
      auto g = graph::parse("{\"vknoise_graph\": 1, \"dims\": " + std::to_string(dims) +
                            ", \"nodes\": {\"p\": {\"kind\": \"position\"}, \"n\": "
                            "{\"kind\": \"noise\", \"at\": \"p\"}}, \"outputs\": {\"v\": \"n\"}}");
      ASSERT_TRUE(g.ok()) << g.message();
      mirror = mirror_image(*g);
    }
    EXPECT_EQ(bit_mismatches(texels, mirror), 0u) << name;
    std::size_t nonzero = 0;
    for (std::size_t i = 0; i < texels.size(); i += 4) nonzero += texels[i] != 0.0f ? 1 : 0;
    EXPECT_GT(nonzero, kSide * kSide / 2) << name << ": the pass wrote mostly zeros";
  }
}

TEST_F(glsl_function_test, BadNamesAndTooManyChannelsAreRefused) {
  auto g = graph::load(shipped_graphs()[0]);
  ASSERT_TRUE(g.ok());
  for (const char* bad : {"", "3d", "gl_noise", "a__b", "has space", "semi;colon"}) {
    auto f = emit_glsl_function(*g, bad);
    ASSERT_FALSE(f.ok()) << bad;
    EXPECT_EQ(f.error_value().code, errc::invalid_argument) << bad;
  }
}

}  // namespace
}  // namespace vknoise
