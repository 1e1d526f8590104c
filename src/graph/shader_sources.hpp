// The shader sources the library embeds (every shaders/*.glsl and shaders/*.h, as
// cmake/EmbedTexts.cmake writes them into the build), for the kernels it compiles at run
// time: graph_compiler resolves a kernel's `#include "name"` here, and emit_glsl inlines them.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "vknoise/result.hpp"

namespace vknoise::detail {

struct shader_source_file {
  std::string_view name;  // the file name, no directory: what an #include names
  std::string_view text;
};

// Every embedded file, sorted by name (generated).
std::span<const shader_source_file> shader_sources();

// The text of the embedded file `name`, or nothing.
std::optional<std::string_view> shader_source(std::string_view name);

// A digest of every embedded file's name and text (FNV-1a 128, hex), so that a cache of compiled
// kernels can tell the sources they were compiled from.
const std::string& shader_sources_digest();

// `source` with every line `#include "name"` replaced by the embedded file's text, recursively,
// each file at most once (the first include inlines it, later ones are dropped: the files guard
// themselves or are included once by design), and the `#extension GL_GOOGLE_include_directive`
// line dropped, so that a compiler without an include mechanism (glslc given one file) compiles
// the result. errc::invalid_argument names an include that is not embedded.
result<std::string> inline_includes(std::string_view source);

}  // namespace vknoise::detail
