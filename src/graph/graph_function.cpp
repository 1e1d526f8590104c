// emit_glsl_function (graph.hpp): the graph's generated function source (graph_glsl.hpp), its
// includes inlined and its macros expanded by shaderc's preprocessor, so that nothing but
// declarations is left for the host's shader; then every name it declares at file scope
// prefixed with the function's name, so that two graphs' functions paste into one shader.
#include <shaderc/shaderc.hpp>

#include <cctype>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/allocation_guard.hpp"
#include "graph/graph_glsl.hpp"
#include "graph/graph_layout.hpp"
#include "graph/shader_sources.hpp"
#include "vknoise/graph.hpp"

namespace vknoise {
namespace {

bool identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

bool valid_name(std::string_view name) {
  if (name.empty() || name.size() > 64) return false;
  if (std::isdigit(static_cast<unsigned char>(name[0])) != 0) return false;
  for (const char c : name) {
    if (!identifier_char(c)) return false;
  }
  return name.substr(0, 3) != "gl_" && name.find("__") == std::string_view::npos;
}

// A token of preprocessed GLSL: an identifier or number (word), or one other character.
struct token {
  std::string text;
  bool word;
};

std::vector<token> tokens_of(std::string_view source) {
  std::vector<token> out;
  for (std::size_t i = 0; i < source.size();) {
    if (identifier_char(source[i])) {
      std::size_t end = i;
      while (end < source.size() && identifier_char(source[end])) ++end;
      out.push_back({std::string(source.substr(i, end - i)), true});
      i = end;
    } else {
      out.push_back({std::string(1, source[i]), false});
      ++i;
    }
  }
  return out;
}

bool is_identifier(const token& t) {
  return t.word && std::isdigit(static_cast<unsigned char>(t.text[0])) == 0;
}

// The names the source declares at file scope: structs, functions (a name after a type, before
// '('), and variables (a name after a type, before ';', '=' or '[').
std::set<std::string> file_scope_names(const std::vector<token>& tokens) {
  std::set<std::string> names;
  int depth = 0;
  const token* previous = nullptr;  // the previous non-space token
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const token& t = tokens[i];
    if (!t.word && std::isspace(static_cast<unsigned char>(t.text[0])) != 0) continue;
    if (t.text == "{" || t.text == "(") ++depth;
    if (t.text == "}" || t.text == ")") --depth;
    if (depth == 0 && is_identifier(t) && previous != nullptr && is_identifier(*previous)) {
      std::size_t next = i + 1;
      while (next < tokens.size() && !tokens[next].word &&
             std::isspace(static_cast<unsigned char>(tokens[next].text[0])) != 0) {
        ++next;
      }
      const std::string follow = next < tokens.size() ? tokens[next].text : "";
      if (previous->text == "struct" || follow == "(" || follow == ";" || follow == "=" ||
          follow == "[") {
        names.insert(t.text);
      }
    }
    previous = &t;
  }
  return names;
}

// `source` with each name of `names` (not after '.', a member) as prefix + name.
std::string prefixed(const std::vector<token>& tokens, const std::set<std::string>& names,
                     const std::string& prefix) {
  std::string out;
  const token* previous = nullptr;
  for (const token& t : tokens) {
    const bool member = previous != nullptr && previous->text == ".";
    out += is_identifier(t) && !member && names.count(t.text) != 0 ? prefix + t.text : t.text;
    previous = &t;
  }
  return out;
}

// The preprocessed text without the directives the preprocessor leaves (#version, #extension,
// #line) and without blank lines.
std::string without_directives(std::string_view text) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    const std::size_t first = line.find_first_not_of(" \t\r");
    if (first != std::string_view::npos && line[first] != '#') {
      out.append(line);
      out += '\n';
    }
    start = end + 1;
  }
  return out;
}

}  // namespace

result<std::string> emit_glsl_function(const graph& g, std::string_view name,
                                       const permutation_table& table) {
  if (!valid_name(name)) {
    return make_error(errc::invalid_argument,
                      "the function name \"" + std::string(name) +
                          "\" is not a GLSL identifier (letters, digits and _, not starting with "
                          "a digit or gl_, no __, at most 64 characters)");
  }
  const int channels = graph_ir::channel_count(g.ir());
  if (channels > 4) {
    return make_error(errc::invalid_argument,
                      "the graph has " + std::to_string(channels) +
                          " channels; a GLSL function returns at most 4 (a vec4)");
  }
  return detail::guard_allocations([&]() -> result<std::string> {
    const graph_ir::layout layout = graph_ir::make_layout(g.ir());
    for (const graph_ir::slot& s : layout.slots) {
      for (const std::uint32_t period : s.octave_spec.period) {
        if (period != 0) {
          return make_error(errc::invalid_argument,
                            "a periodic noise (node " + g.ir().nodes[s.node].name +
                                ") has no GLSL function yet: its period is reduced in double "
                                "with fmod, which the function does not reproduce");
        }
      }
    }
    const std::string function = std::string(name);
    auto inlined = detail::inline_includes(graph_ir::function_source(
        g.ir(), layout, graph_ir::resolve_tables(layout, table), function));
    if (!inlined) return inlined.error_value();
    const shaderc::Compiler compiler;
    if (!compiler.IsValid()) return make_error(errc::out_of_memory, "shaderc cannot start");
    const shaderc::PreprocessedSourceCompilationResult preprocessed = compiler.PreprocessGlsl(
        inlined->data(), inlined->size(), shaderc_fragment_shader, "graph_function", {});
    if (preprocessed.GetCompilationStatus() != shaderc_compilation_status_success) {
      return make_error(errc::invalid_argument, "the graph function does not preprocess: " +
                                                    preprocessed.GetErrorMessage());
    }
    const std::vector<token> tokens =
        tokens_of(without_directives({preprocessed.cbegin(), preprocessed.cend()}));
    std::set<std::string> names = file_scope_names(tokens);
    names.erase(function);
    std::ostringstream out;
    out << "// vknoise noise graph as a GLSL function (vknoise graph --emit-glsl --function "
        << function << "): " << g.ir().nodes.size() << " nodes, dims " << g.ir().dims << ", "
        << channels << " channel" << (channels > 1 ? "s" : "") << ".\n"
        << "// Paste into a #version 450 fragment or compute shader; it needs no binding: the\n"
           "// permutation table(s), classic noise's gradients and the graph's constants are\n"
           "// arrays initialised with constants below (globals, not const: glslang copies a\n"
           "// const array at every index that is not constant). Every other name starts with\n"
           "// "
        << function
        << "_. The lattice coordinates are reduced in double (the shader needs\n"
           "// shaderFloat64) and every float is precise, so the values are the CPU float\n"
           "// mirror's bit for bit (within the graph's bound for sin, cos, pow, ...).\n"
        << prefixed(tokens, names, function + "_");
    return out.str();
  });
}

}  // namespace vknoise
