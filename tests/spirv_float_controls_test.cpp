// The float controls written into kernel modules at run time (src/vulkan/spirv_float_controls.hpp):
// every module of a graph kernel, given the controls, is valid SPIR-V for Vulkan 1.2 by
// SPIRV-Tools' validator, declares the capabilities, the extension and one execution mode per
// control on its entry point, and is otherwise the compiled module word for word. The GPU tests
// run the result on every device that has the controls (graph_gpu_test.cpp's signed zeros and
// denormals).
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <spirv-tools/libspirv.hpp>
#include <string>
#include <vector>

#include "kernel_modules.hpp"
#include "vulkan/spirv_float_controls.hpp"

namespace vknoise::vk {
namespace {

// Every module of a 3D fBm's graph kernel: buffer and image outputs, both table placements.
std::vector<std::shared_ptr<const spirv_module>> kernel_modules() {
  std::vector<std::shared_ptr<const spirv_module>> modules = graph_modules(false);
  for (auto& module : graph_modules(true)) modules.push_back(std::move(module));
  return modules;
}

std::string disassembly(const std::vector<std::uint32_t>& code) {
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_2);
  std::string text;
  EXPECT_TRUE(tools.Disassemble(code, &text, SPV_BINARY_TO_TEXT_OPTION_NONE));
  return text;
}

// The validator's messages about `code` for Vulkan 1.2, empty when it is valid.
std::string validation_errors(const std::vector<std::uint32_t>& code) {
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_2);
  std::string errors;
  tools.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t&,
                               const char* message) { errors += std::string(message) + "\n"; });
  if (!tools.Validate(code) && errors.empty()) errors = "invalid, without a message";
  return errors;
}

// "%<id>" of the module's one entry point, as the disassembly names it.
std::string entry_point_of(const std::string& text) {
  const std::string marker = "OpEntryPoint GLCompute ";
  const std::size_t at = text.find(marker);
  if (at == std::string::npos) return "(no entry point)";
  const std::size_t start = at + marker.size();
  return text.substr(start, text.find(' ', start) - start);
}

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t count = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
    ++count;
  }
  return count;
}

// The lines of a disassembly that are not in the other, in order.
std::vector<std::string> lines_only_in(const std::string& text, const std::string& other) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string line = text.substr(start, end - start);
    if (other.find(line + "\n") == std::string::npos) out.push_back(line);
    start = end + 1;
  }
  return out;
}

TEST(SpirvFloatControls, EveryKernelModuleGetsBothControlsAndStaysValid) {
  ASSERT_EQ(kernel_modules().size(), 8u);
  for (const auto& module : kernel_modules()) {
    const std::vector<std::uint32_t>& compiled = module->code;
    auto controlled = with_float_controls(compiled, {true, true});
    ASSERT_TRUE(controlled.ok()) << controlled.message();
    EXPECT_EQ(validation_errors(*controlled), "");
    const std::string before = disassembly(compiled), after = disassembly(*controlled);
    EXPECT_EQ(count_of(before, "SignedZeroInfNanPreserve"), 0u);
    const std::vector<std::string> added = lines_only_in(after, before);
    ASSERT_EQ(added.size(), 5u) << after;
    EXPECT_EQ(added[0], "OpCapability SignedZeroInfNanPreserve");
    EXPECT_EQ(added[1], "OpCapability DenormPreserve");
    EXPECT_EQ(added[2], "OpExtension \"SPV_KHR_float_controls\"");
    const std::string entry = entry_point_of(after);
    EXPECT_EQ(added[3], "OpExecutionMode " + entry + " SignedZeroInfNanPreserve 32");
    EXPECT_EQ(added[4], "OpExecutionMode " + entry + " DenormPreserve 32");
    // Nothing else changed: the five instructions are 2 + 2 + 7 + 4 + 4 words.
    EXPECT_EQ(controlled->size(), compiled.size() + 19);
    EXPECT_TRUE(lines_only_in(before, after).empty());
  }
}

TEST(SpirvFloatControls, EachControlAloneAndTwiceOver) {
  const std::vector<std::uint32_t>& compiled = kernel_modules().front()->code;
  for (const float_controls controls : {float_controls{true, false}, float_controls{false, true}}) {
    auto once = with_float_controls(compiled, controls);
    ASSERT_TRUE(once.ok()) << once.message();
    EXPECT_EQ(validation_errors(*once), "");
    const std::string text = disassembly(*once);
    const std::string modes = "OpExecutionMode " + entry_point_of(text);
    EXPECT_EQ(count_of(text, modes + " SignedZeroInfNanPreserve 32"),
              controls.signed_zero_inf_nan_preserve ? 1u : 0u);
    EXPECT_EQ(count_of(text, modes + " DenormPreserve 32"), controls.denorm_preserve ? 1u : 0u);
    EXPECT_EQ(count_of(text, "OpExtension \"SPV_KHR_float_controls\""), 1u);
    // A module that has the controls already is returned as it is.
    auto twice = with_float_controls(*once, controls);
    ASSERT_TRUE(twice.ok()) << twice.message();
    EXPECT_EQ(*twice, *once);
  }
  // No control asked for: the module unchanged.
  auto none = with_float_controls(compiled, {});
  ASSERT_TRUE(none.ok()) << none.message();
  EXPECT_EQ(*none, compiled);
}

TEST(SpirvFloatControls, ModulesItCannotReadAreErrors) {
  const std::vector<std::uint32_t>& compiled = kernel_modules().front()->code;
  const std::vector<std::uint32_t> not_spirv = {1, 2, 3, 4, 5, 6};
  // An instruction of five words at the end, with none of them there.
  std::vector<std::uint32_t> truncated = compiled;
  truncated.push_back((5u << 16) | 1u);
  // The header and the capabilities, without the entry point.
  std::vector<std::uint32_t> no_entry(compiled.begin(), compiled.begin() + 5);
  no_entry.insert(no_entry.end(), {(2u << 16) | 17u, 1u});  // OpCapability Shader
  for (const auto& bad : {not_spirv, truncated, no_entry}) {
    auto controlled = with_float_controls(bad, {true, true});
    ASSERT_FALSE(controlled.ok());
    EXPECT_EQ(controlled.error_value().code, errc::invalid_argument);
    EXPECT_FALSE(controlled.message().empty());
  }
}

}  // namespace
}  // namespace vknoise::vk
