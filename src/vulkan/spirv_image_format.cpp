#include "vulkan/spirv_image_format.hpp"

#include <spirv/unified1/spirv.hpp11>

namespace vknoise::vk {
namespace {

// Word offsets inside an OpTypeImage instruction (the SPIR-V specification, 3.3.6).
constexpr std::size_t kSampledWord = 7;  // 1: sampled image, 2: storage image
constexpr std::size_t kFormatWord = 8;
constexpr std::uint32_t kStorageImage = 2;
constexpr std::size_t kHeaderWords = 5;

std::uint32_t word_of(spv::ImageFormat format) {
  return static_cast<std::uint32_t>(format);
}
std::uint32_t word_of(spv::Capability capability) {
  return static_cast<std::uint32_t>(capability);
}

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

std::uint32_t opcode_of(std::uint32_t first_word) {
  return first_word & spv::OpCodeMask;
}
std::uint32_t word_count_of(std::uint32_t first_word) {
  return first_word >> spv::WordCountShift;
}

}  // namespace

result<std::vector<std::uint32_t>> with_image_format(std::span<const std::uint32_t> code,
                                                     image_format format) {
  spirv_format wanted{};
  if (!spirv_format_of(format, wanted)) {
    return make_error(errc::invalid_argument, "an image format is needed to fit a kernel module");
  }
  if (code.size() < kHeaderWords || code[0] != spv::MagicNumber) {
    return make_error(errc::invalid_argument, "the kernel module is not SPIR-V");
  }
  const std::uint32_t op_capability = static_cast<std::uint32_t>(spv::Op::OpCapability);
  const std::uint32_t op_type_image = static_cast<std::uint32_t>(spv::Op::OpTypeImage);
  const std::uint32_t capability_instruction = (2u << spv::WordCountShift) | op_capability;

  // First pass: is the capability the format needs declared already?
  bool has_extended = false;
  for (std::size_t at = kHeaderWords; at < code.size();) {
    const std::uint32_t words = word_count_of(code[at]);
    if (words == 0 || words > code.size() - at) {
      return make_error(errc::invalid_argument, "the kernel module has a truncated instruction");
    }
    if (opcode_of(code[at]) == op_capability && words == 2 &&
        code[at + 1] == word_of(spv::Capability::StorageImageExtendedFormats)) {
      has_extended = true;
    }
    at += words;
  }

  // Second pass: copy, swapping the capability and filling in the images' format.
  std::vector<std::uint32_t> out(code.begin(), code.begin() + kHeaderWords);
  out.reserve(code.size() + 2);
  bool dropped_without_format = false;
  std::size_t images = 0;
  for (std::size_t at = kHeaderWords; at < code.size();) {
    const std::uint32_t words = word_count_of(code[at]);
    const std::span<const std::uint32_t> instruction = code.subspan(at, words);
    at += words;
    if (opcode_of(instruction[0]) == op_capability && words == 2 &&
        instruction[1] == word_of(spv::Capability::StorageImageWriteWithoutFormat)) {
      // Capabilities come first in a module, so its replacement may take its place.
      dropped_without_format = true;
      if (wanted.extended && !has_extended) {
        out.push_back(capability_instruction);
        out.push_back(word_of(spv::Capability::StorageImageExtendedFormats));
        has_extended = true;
      }
      continue;
    }
    const std::size_t start = out.size();
    out.insert(out.end(), instruction.begin(), instruction.end());
    if (opcode_of(instruction[0]) == op_type_image && words > kFormatWord &&
        instruction[kSampledWord] == kStorageImage &&
        instruction[kFormatWord] == word_of(spv::ImageFormat::Unknown)) {
      out[start + kFormatWord] = word_of(wanted.format);
      ++images;
    }
  }
  if (!dropped_without_format || images == 0) {
    return make_error(errc::invalid_argument,
                      "the kernel module has no storage image declared without a format");
  }
  return out;
}

}  // namespace vknoise::vk
