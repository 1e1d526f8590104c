// Reading a SPIR-V module word by word, for the passes that rewrite kernel modules at run time
// (spirv_image_format.hpp, spirv_float_controls.hpp): the header, and each instruction's opcode and
// length (the SPIR-V specification, 2.3 and 2.4).
#pragma once

#include <spirv/unified1/spirv.hpp11>

#include <cstdint>
#include <span>

#include "vknoise/result.hpp"

namespace vknoise::vk::spirv_words {

constexpr std::size_t kHeaderWords = 5;
constexpr std::size_t kVersionWord = 1;

inline spv::Op opcode_of(std::uint32_t first_word) {
  return static_cast<spv::Op>(first_word & spv::OpCodeMask);
}
inline std::uint32_t word_count_of(std::uint32_t first_word) {
  return first_word >> spv::WordCountShift;
}
// The first word of an instruction of `words` words.
inline std::uint32_t first_word(spv::Op op, std::uint32_t words) {
  return (words << spv::WordCountShift) | static_cast<std::uint32_t>(op);
}
template <class Enum>
std::uint32_t word_of(Enum value) {
  return static_cast<std::uint32_t>(value);
}

// ok when `code` is a SPIR-V module of whole instructions; else invalid_argument.
inline status check_module(std::span<const std::uint32_t> code) {
  if (code.size() < kHeaderWords || code[0] != spv::MagicNumber) {
    return make_error(errc::invalid_argument, "the kernel module is not SPIR-V");
  }
  for (std::size_t at = kHeaderWords; at < code.size();) {
    const std::uint32_t words = word_count_of(code[at]);
    if (words == 0 || words > code.size() - at) {
      return make_error(errc::invalid_argument, "the kernel module has a truncated instruction");
    }
    at += words;
  }
  return {};
}

// Calls visit(instruction) for each instruction of a module check_module() accepted.
template <class Visit>
void for_each_instruction(std::span<const std::uint32_t> code, Visit&& visit) {
  for (std::size_t at = kHeaderWords; at < code.size();) {
    const std::uint32_t words = word_count_of(code[at]);
    visit(code.subspan(at, words));
    at += words;
  }
}

}  // namespace vknoise::vk::spirv_words
