#include "vulkan/spirv_float_controls.hpp"

#include <algorithm>
#include <string_view>
#include <utility>

#include "vulkan/spirv_words.hpp"
#include "vulkan/vk_check.hpp"

namespace vknoise::vk {
namespace {

using namespace spirv_words;

constexpr std::uint32_t kFloatWidth = 32;
constexpr std::uint32_t kSpirv14 = 0x00010400;  // the version word of SPIR-V 1.4
constexpr std::string_view kExtension = "SPV_KHR_float_controls";

// A literal string's words: its bytes in order, nul-terminated, zero-padded to a whole word.
std::vector<std::uint32_t> string_words(std::string_view text) {
  std::vector<std::uint32_t> words(text.size() / 4 + 1, 0);
  for (std::size_t i = 0; i < text.size(); ++i) {
    words[i / 4] |= static_cast<std::uint32_t>(static_cast<unsigned char>(text[i]))
                    << (8 * (i % 4));
  }
  return words;
}

// The sections of a module up to its execution modes, in the order the specification requires
// (2.4, Logical Layout of a Module); `later` is everything after them.
enum class section { capabilities, extensions, preamble, later };

section section_of(spv::Op op) {
  switch (op) {
    case spv::Op::OpCapability:
      return section::capabilities;
    case spv::Op::OpExtension:
      return section::extensions;
    case spv::Op::OpExtInstImport:
    case spv::Op::OpMemoryModel:
    case spv::Op::OpEntryPoint:
    case spv::Op::OpExecutionMode:
    case spv::Op::OpExecutionModeId:
      return section::preamble;
    default:
      return section::later;
  }
}

}  // namespace

result<std::vector<std::uint32_t>> with_float_controls(std::span<const std::uint32_t> code,
                                                       float_controls controls) {
  VKNOISE_TRY(check_module(code));
  // The controls wanted: capability and execution mode.
  std::vector<std::pair<spv::Capability, spv::ExecutionMode>> wanted;
  if (controls.signed_zero_inf_nan_preserve) {
    wanted.emplace_back(spv::Capability::SignedZeroInfNanPreserve,
                        spv::ExecutionMode::SignedZeroInfNanPreserve);
  }
  if (controls.denorm_preserve) {
    wanted.emplace_back(spv::Capability::DenormPreserve, spv::ExecutionMode::DenormPreserve);
  }

  // First pass: what the module declares already, and its entry points.
  std::vector<std::uint32_t> capabilities, entry_points;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> modes;  // (entry point, mode) of width 32
  bool has_extension = false;
  const std::vector<std::uint32_t> extension_words = string_words(kExtension);
  for_each_instruction(code, [&](std::span<const std::uint32_t> instruction) {
    switch (opcode_of(instruction[0])) {
      case spv::Op::OpCapability:
        if (instruction.size() == 2) capabilities.push_back(instruction[1]);
        break;
      case spv::Op::OpExtension:
        has_extension |= std::equal(instruction.begin() + 1, instruction.end(),
                                    extension_words.begin(), extension_words.end());
        break;
      case spv::Op::OpEntryPoint:
        if (instruction.size() > 2) entry_points.push_back(instruction[2]);
        break;
      case spv::Op::OpExecutionMode:
        if (instruction.size() == 4 && instruction[3] == kFloatWidth) {
          modes.emplace_back(instruction[1], instruction[2]);
        }
        break;
      default:
        break;
    }
  });
  if (entry_points.empty()) {
    return make_error(errc::invalid_argument, "the kernel module has no entry point");
  }

  // Second pass: copy, adding each section's new instructions where that section ends.
  std::vector<std::uint32_t> out(code.begin(), code.begin() + kHeaderWords);
  out.reserve(code.size() + 32);
  section reached = section::capabilities;
  auto end_section = [&](section ended) {
    switch (ended) {
      case section::capabilities:
        for (const auto& [capability, mode] : wanted) {
          if (std::ranges::find(capabilities, word_of(capability)) != capabilities.end()) continue;
          out.push_back(first_word(spv::Op::OpCapability, 2));
          out.push_back(word_of(capability));
        }
        break;
      case section::extensions:
        if (!wanted.empty() && !has_extension && code[kVersionWord] < kSpirv14) {
          out.push_back(first_word(spv::Op::OpExtension,
                                   1 + static_cast<std::uint32_t>(extension_words.size())));
          out.insert(out.end(), extension_words.begin(), extension_words.end());
        }
        break;
      case section::preamble:
        for (const std::uint32_t entry : entry_points) {
          for (const auto& [capability, mode] : wanted) {
            if (std::ranges::find(modes, std::pair(entry, word_of(mode))) != modes.end()) continue;
            out.insert(out.end(), {first_word(spv::Op::OpExecutionMode, 4), entry, word_of(mode),
                                   kFloatWidth});
          }
        }
        break;
      case section::later:
        break;
    }
  };
  // Ends every section from `reached` up to (not including) `next`.
  auto advance_to = [&](section next) {
    while (reached < next) {
      end_section(reached);
      reached = static_cast<section>(static_cast<int>(reached) + 1);
    }
  };
  for_each_instruction(code, [&](std::span<const std::uint32_t> instruction) {
    advance_to(std::max(reached, section_of(opcode_of(instruction[0]))));
    out.insert(out.end(), instruction.begin(), instruction.end());
  });
  advance_to(section::later);
  return out;
}

}  // namespace vknoise::vk
