#include "vulkan/spirv_image_format.hpp"

#include "vulkan/spirv_words.hpp"
#include "vulkan/vk_check.hpp"

namespace vknoise::vk {
namespace {

using namespace spirv_words;

// Word offsets inside an OpTypeImage instruction (the SPIR-V specification, 3.3.6).
constexpr std::size_t kSampledWord = 7;  // 1: sampled image, 2: storage image
constexpr std::size_t kFormatWord = 8;
constexpr std::uint32_t kStorageImage = 2;

// The SPIR-V format of a target's image format, and whether the shader must declare
// StorageImageExtendedFormats to use it (the formats outside the specification's base list).
struct spirv_format {
  spv::ImageFormat format;
  bool extended;
};

bool spirv_format_of(image_format format, spirv_format& out) {
  switch (format) {
    case image_format::r32f:
      out = {spv::ImageFormat::R32f, false};
      return true;
    case image_format::rgba8:
      out = {spv::ImageFormat::Rgba8, false};
      return true;
    case image_format::r16f:
      out = {spv::ImageFormat::R16f, true};
      return true;
    case image_format::r8:
      out = {spv::ImageFormat::R8, true};
      return true;
    case image_format::none:
      break;
  }
  return false;
}

}  // namespace

result<std::vector<std::uint32_t>> with_image_format(std::span<const std::uint32_t> code,
                                                     image_format format) {
  spirv_format wanted{};
  if (!spirv_format_of(format, wanted)) {
    return make_error(errc::invalid_argument, "an image format is needed to fit a kernel module");
  }
  VKNOISE_TRY(check_module(code));

  // First pass: is the capability the format needs declared already?
  bool has_extended = false;
  for_each_instruction(code, [&](std::span<const std::uint32_t> instruction) {
    if (opcode_of(instruction[0]) == spv::Op::OpCapability && instruction.size() == 2 &&
        instruction[1] == word_of(spv::Capability::StorageImageExtendedFormats)) {
      has_extended = true;
    }
  });

  // Second pass: copy, swapping the capability and filling in the images' format.
  std::vector<std::uint32_t> out(code.begin(), code.begin() + kHeaderWords);
  out.reserve(code.size() + 2);
  bool dropped_without_format = false;
  std::size_t images = 0;
  for_each_instruction(code, [&](std::span<const std::uint32_t> instruction) {
    const std::size_t words = instruction.size();
    if (opcode_of(instruction[0]) == spv::Op::OpCapability && words == 2 &&
        instruction[1] == word_of(spv::Capability::StorageImageWriteWithoutFormat)) {
      // Capabilities come first in a module, so its replacement may take its place.
      dropped_without_format = true;
      if (wanted.extended && !has_extended) {
        out.push_back(first_word(spv::Op::OpCapability, 2));
        out.push_back(word_of(spv::Capability::StorageImageExtendedFormats));
        has_extended = true;
      }
      return;
    }
    const std::size_t start = out.size();
    out.insert(out.end(), instruction.begin(), instruction.end());
    if (opcode_of(instruction[0]) == spv::Op::OpTypeImage && words > kFormatWord &&
        instruction[kSampledWord] == kStorageImage &&
        instruction[kFormatWord] == word_of(spv::ImageFormat::Unknown)) {
      out[start + kFormatWord] = word_of(wanted.format);
      ++images;
    }
  });
  if (!dropped_without_format || images == 0) {
    return make_error(errc::invalid_argument,
                      "the kernel module has no storage image declared without a format");
  }
  return out;
}

}  // namespace vknoise::vk
