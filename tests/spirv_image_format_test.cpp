// The run-time format of the image modules (src/vulkan/spirv_image_format.hpp): every image
// module of a graph kernel (a built-in field's, graph::from_noise), given each target format,
// differs from the compiled one in the capability and the image's format word only. The GPU tests
// run the result (recorder_test.cpp: a device without shaderStorageImageWriteWithoutFormat writes
// the mirror's texels with it).
#include <gtest/gtest.h>

#include <memory>
#include <spirv/unified1/spirv.hpp11>
#include <vector>

#include "kernel_modules.hpp"
#include "vulkan/spirv_image_format.hpp"

namespace vknoise::vk {
namespace {

constexpr std::size_t kHeaderWords = 5;

// A module as its instructions, each as its words.
std::vector<std::vector<std::uint32_t>> instructions_of(std::span<const std::uint32_t> code) {
  std::vector<std::vector<std::uint32_t>> out;
  for (std::size_t at = kHeaderWords; at < code.size();) {
    const std::uint32_t words = code[at] >> spv::WordCountShift;
    EXPECT_GT(words, 0u);
    if (words == 0 || at + words > code.size()) break;
    out.emplace_back(code.begin() + at, code.begin() + at + words);
    at += words;
  }
  return out;
}

bool is_capability(const std::vector<std::uint32_t>& instruction, spv::Capability capability) {
  return (instruction[0] & spv::OpCodeMask) == static_cast<std::uint32_t>(spv::Op::OpCapability) &&
         instruction[1] == static_cast<std::uint32_t>(capability);
}

bool is_image_type(const std::vector<std::uint32_t>& instruction) {
  return (instruction[0] & spv::OpCodeMask) == static_cast<std::uint32_t>(spv::Op::OpTypeImage);
}

struct format_case {
  image_format format;
  spv::ImageFormat spirv;
  bool extended;  // needs StorageImageExtendedFormats
};

constexpr format_case kFormats[] = {
    {image_format::r32f, spv::ImageFormat::R32f, false},
    {image_format::r16f, spv::ImageFormat::R16f, true},
    {image_format::r8, spv::ImageFormat::R8, true},
    {image_format::rgba8, spv::ImageFormat::Rgba8, false},
};

// Every image module (one per shape and table placement), every format.
TEST(SpirvImageFormat, WritesTheFormatAndItsCapabilityAndNothingElse) {
  const auto modules = graph_modules(true);
  ASSERT_EQ(modules.size(), 4u);  // image2DArray and image3D, storage and uniform table
  for (const auto& module : modules) {
    const auto compiled = instructions_of(module->code);
    for (const format_case& c : kFormats) {
      auto fitted = with_image_format(module->code, c.format);
      ASSERT_TRUE(fitted.ok()) << fitted.message();
      const std::vector<std::uint32_t>& code = fitted.value();
      // The header is unchanged: the bound, version and generator stay valid.
      EXPECT_TRUE(std::equal(code.begin(), code.begin() + kHeaderWords, module->code.begin()));
      const auto patched = instructions_of(code);

      // Walk both: the compiled module's without-format capability gives way to the extended
      // formats' (or to nothing), its storage image type gets the format; every other
      // instruction is the same, in the same order.
      std::size_t p = 0;
      std::size_t images = 0;
      bool saw_capability = false;
      for (const auto& instruction : compiled) {
        ASSERT_LT(p, patched.size());
        if (is_capability(instruction, spv::Capability::StorageImageWriteWithoutFormat)) {
          saw_capability = true;
          if (c.extended) {
            EXPECT_TRUE(is_capability(patched[p], spv::Capability::StorageImageExtendedFormats));
            ++p;
          }
          continue;
        }
        if (is_image_type(instruction) && instruction[7] == 2) {
          ++images;
          std::vector<std::uint32_t> expected = instruction;
          EXPECT_EQ(expected[8], static_cast<std::uint32_t>(spv::ImageFormat::Unknown));
          expected[8] = static_cast<std::uint32_t>(c.spirv);
          EXPECT_EQ(patched[p], expected);
        } else {
          EXPECT_EQ(patched[p], instruction);
        }
        ++p;
      }
      EXPECT_EQ(p, patched.size());
      EXPECT_TRUE(saw_capability);
      EXPECT_EQ(images, 1u);
      EXPECT_EQ(code.size(), module->code.size() - (c.extended ? 0 : 2));
    }
  }
}

TEST(SpirvImageFormat, RejectsWhatIsNotAnImageModule) {
  const auto images = graph_modules(true);
  ASSERT_FALSE(images.empty());
  const auto& image = images.front();
  const auto rejects = [](std::span<const std::uint32_t> code, image_format format) {
    auto fitted = with_image_format(code, format);
    ASSERT_FALSE(fitted.ok());
    EXPECT_EQ(fitted.error_value().code, errc::invalid_argument);
  };
  // No format to write.
  rejects(image->code, image_format::none);
  // Not SPIR-V: a wrong magic number, too short a header.
  std::vector<std::uint32_t> wrong_magic(image->code.begin(), image->code.end());
  wrong_magic[0] = 0;
  rejects(wrong_magic, image_format::r32f);
  rejects(std::span<const std::uint32_t>(image->code).first(3), image_format::r32f);
  // Truncated inside an instruction (the image type, nine words).
  std::size_t image_type_at = 0;
  for (std::size_t at = kHeaderWords; at < image->code.size();
       at += image->code[at] >> spv::WordCountShift) {
    if (is_image_type({image->code[at]})) image_type_at = at;
  }
  ASSERT_GT(image_type_at, 0u);
  rejects(std::span<const std::uint32_t>(image->code).first(image_type_at + 3), image_format::r32f);
  // A buffer module has no image to give a format.
  const auto buffers = graph_modules(false);
  ASSERT_EQ(buffers.size(), 4u);  // a field buffer and points, storage and uniform table
  for (const auto& module : buffers) rejects(module->code, image_format::r32f);
}

}  // namespace
}  // namespace vknoise::vk
