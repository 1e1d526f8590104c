// The run-time kernel compiler (graph_compiler.hpp) and the shader sources it reads: embedded as
// the files are, compiled as the build compiles the library's own kernels, kept in memory and on
// disk, and a corrupt or unwritable cache never an error.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "graph/shader_sources.hpp"
#include "scratch_directory.hpp"
#include "vknoise/graph.hpp"
#include "vknoise/graph_compiler.hpp"

namespace vknoise {
namespace {

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

const std::filesystem::path kShaders = std::filesystem::path(VKNOISE_SOURCE_DIR) / "shaders";

// A kernel that reads the embedded sources: improved noise at a constant point, per invocation.
constexpr std::string_view kKernel = R"(#version 450
#extension GL_GOOGLE_include_directive : require
#include "vknoise_shared.h"
layout(local_size_x = 64) in;
#include "permutation.glsl"
#include "improved_noise.glsl"
layout(std430, set = 0, binding = VKNOISE_BINDING_OUTPUT) writeonly buffer output_buffer {
  float values[];
};
void main() {
  lattice_axis a = decode(lattice_coord(0u, 0.25));
  values[gl_GlobalInvocationID.x] = a.frac * SCALE;
}
)";

const std::vector<shader_macro> kScale{{"SCALE", "2.0"}};

TEST(shader_sources, EveryShaderFileIsEmbeddedAsItIs) {
  std::set<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(kShaders)) {
    const std::string ext = entry.path().extension().string();
    if (ext == ".glsl" || ext == ".h") files.insert(entry.path().filename().string());
  }
  std::set<std::string> embedded;
  for (const detail::shader_source_file& file : detail::shader_sources()) {
    embedded.insert(std::string(file.name));
    EXPECT_EQ(file.text, read_text(kShaders / file.name)) << file.name;
  }
  EXPECT_EQ(embedded, files);
  EXPECT_EQ(detail::shader_source("no_such_file.glsl"), std::nullopt);
}

TEST(shader_sources, InliningReplacesEveryIncludeOnceAndDropsTheExtension) {
  const std::string source =
      "#version 450\n#extension GL_GOOGLE_include_directive : require\n"
      "#include \"vknoise_shared.h\"\n  #  include \"vknoise_shared.h\"\nvoid main() {}\n";
  auto inlined = detail::inline_includes(source);
  ASSERT_TRUE(inlined.ok()) << inlined.message();
  const std::string shared(*detail::shader_source("vknoise_shared.h"));
  const std::size_t first = inlined->find(shared);
  ASSERT_NE(first, std::string::npos);
  EXPECT_EQ(inlined->find(shared, first + 1), std::string::npos);
  EXPECT_EQ(inlined->find("GL_GOOGLE_include_directive"), std::string::npos);
  EXPECT_EQ(inlined->find("#include \"vknoise_shared.h\""), std::string::npos);
  EXPECT_NE(inlined->find("void main() {}"), std::string::npos);

  auto missing = detail::inline_includes("#include \"missing.glsl\"\n");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error_value().code, errc::invalid_argument);
  EXPECT_NE(missing.message().find("missing.glsl"), std::string::npos);
}

class graph_compiler_test : public scratch_directory {
 protected:
  std::shared_ptr<graph_compiler> make(compiler_options options = {}) {
    if (options.disk_cache && options.cache_directory.empty()) options.cache_directory = dir_;
    auto made = graph_compiler::create(options);
    EXPECT_TRUE(made.ok()) << made.message();
    return made.ok() ? made.value() : nullptr;
  }
  std::vector<std::filesystem::path> cache_files() const {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir_)) {
      files.push_back(entry.path());
    }
    return files;
  }
};

TEST_F(graph_compiler_test, CompilesAndKeepsTheModuleInMemory) {
  auto compiler = make();
  auto first = compiler->compile(kKernel, kScale);
  ASSERT_TRUE(first.ok()) << first.message();
  ASSERT_GE((*first)->code.size(), 5u);
  EXPECT_EQ((*first)->code[0], 0x07230203u);
  compiler_stats stats = compiler->stats();
  EXPECT_EQ(stats.compiles, 1u);
  EXPECT_EQ(stats.memory_hits, 0u);
  EXPECT_EQ(stats.disk_hits, 0u);
  EXPECT_GT(stats.compile_ns, 0u);

  auto second = compiler->compile(kKernel, kScale);
  ASSERT_TRUE(second.ok()) << second.message();
  EXPECT_EQ(first->get(), second->get());  // the very module
  stats = compiler->stats();
  EXPECT_EQ(stats.compiles, 1u);
  EXPECT_EQ(stats.memory_hits, 1u);
}

TEST_F(graph_compiler_test, MacrosInAnyOrderAreOneKeyAndTheirValuesAreInIt) {
  auto compiler = make({.disk_cache = false});
  const std::vector<shader_macro> ab{{"SCALE", "2.0"}, {"UNUSED", "1"}};
  const std::vector<shader_macro> ba{{"UNUSED", "1"}, {"SCALE", "2.0"}};
  const std::vector<shader_macro> other{{"UNUSED", "1"}, {"SCALE", "3.0"}};
  auto one = compiler->compile(kKernel, ab);
  auto two = compiler->compile(kKernel, ba);
  auto three = compiler->compile(kKernel, other);
  ASSERT_TRUE(one.ok() && two.ok() && three.ok());
  EXPECT_EQ((*one)->key, (*two)->key);
  EXPECT_NE((*one)->key, (*three)->key);
  EXPECT_NE((*one)->code, (*three)->code);
  EXPECT_EQ(compiler->stats().compiles, 2u);
  EXPECT_EQ(compiler->stats().memory_hits, 1u);
}

TEST_F(graph_compiler_test, AnotherCompilerFindsTheModuleOnDisk) {
  std::vector<std::uint32_t> code;
  {
    auto compiler = make();
    auto compiled = compiler->compile(kKernel, kScale);
    ASSERT_TRUE(compiled.ok()) << compiled.message();
    code = (*compiled)->code;
    EXPECT_EQ(compiler->cache_directory(), dir_);
  }
  const auto files = cache_files();
  ASSERT_EQ(files.size(), 1u);  // <key>.spv, no temporary file left over
  EXPECT_EQ(files[0].extension(), ".spv");
  EXPECT_EQ(files[0].stem().string().size(), 32u);

  auto compiler = make();
  auto loaded = compiler->compile(kKernel, kScale);
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  EXPECT_EQ((*loaded)->code, code);
  const compiler_stats stats = compiler->stats();
  EXPECT_EQ(stats.compiles, 0u);
  EXPECT_EQ(stats.disk_hits, 1u);
  EXPECT_GT(stats.load_ns, 0u);
  EXPECT_EQ(stats.compile_ns, 0u);
}

TEST_F(graph_compiler_test, ShortOrCorruptCacheFilesAreRecompiledAndReplaced) {
  std::vector<std::uint32_t> code;
  {
    auto compiler = make();
    auto compiled = compiler->compile(kKernel, kScale);
    ASSERT_TRUE(compiled.ok()) << compiled.message();
    code = (*compiled)->code;
  }
  const std::filesystem::path file = cache_files().at(0);
  const std::string good = read_text(file);
  // Truncated mid-module, by the check alone, by one byte, empty, one bit flipped in the
  // module, and the right length with garbage in it.
  std::string flipped = good;
  flipped[flipped.size() / 2] ^= 4;
  const std::vector<std::string> damaged{good.substr(0, good.size() / 2 + 4),
                                         good.substr(0, good.size() - 16),
                                         good.substr(0, good.size() - 1),
                                         std::string(),
                                         flipped,
                                         std::string(good.size(), '\xff')};
  for (const std::string& bytes : damaged) {
    std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
    auto compiler = make();
    auto compiled = compiler->compile(kKernel, kScale);
    ASSERT_TRUE(compiled.ok()) << compiled.message();
    EXPECT_EQ((*compiled)->code, code);
    const compiler_stats stats = compiler->stats();
    EXPECT_EQ(stats.compiles, 1u) << bytes.size() << " bytes";
    EXPECT_EQ(stats.disk_rejects, 1u) << bytes.size() << " bytes";
    EXPECT_EQ(stats.disk_hits, 0u);
    EXPECT_EQ(read_text(file), good);  // replaced by the compiled module
  }
}

TEST_F(graph_compiler_test, AnUnusableCacheDirectoryIsNoError) {
  // A directory that cannot be created (below a regular file, which even root cannot get past).
  std::ofstream(path("file")) << "x";
  auto compiler = make({.cache_directory = dir_ / "file" / "cache"});
  auto compiled = compiler->compile(kKernel, kScale);
  ASSERT_TRUE(compiled.ok()) << compiled.message();
  EXPECT_EQ(compiler->stats().disk_write_failures, 1u);
  auto again = compiler->compile(kKernel, kScale);  // from memory
  ASSERT_TRUE(again.ok()) << again.message();
  EXPECT_EQ(compiler->stats().compiles, 1u);
}

TEST_F(graph_compiler_test, WithoutADiskCacheNothingIsWritten) {
  auto compiler = make({.disk_cache = false});
  EXPECT_TRUE(compiler->cache_directory().empty());
  ASSERT_TRUE(compiler->compile(kKernel, kScale).ok());
  EXPECT_TRUE(cache_files().empty());
}

TEST_F(graph_compiler_test, ACompileErrorNamesTheFirstMessage) {
  auto compiler = make();
  auto failed = compiler->compile(
      "#version 450\nlayout(local_size_x = 1) in;\n"
      "void main() { undeclared_name = 1; }\n");
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.error_value().code, errc::invalid_argument);
  const std::string& message = failed.message();
  EXPECT_EQ(message.rfind("graph kernel failed to compile: ", 0), 0u) << message;
  EXPECT_NE(message.find("undeclared_name"), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  EXPECT_EQ(compiler->stats().compiles, 1u);
  EXPECT_TRUE(cache_files().empty());

  // Warnings are errors, as in the build's own kernels (glslc -Werror).
  auto missing = compiler->compile(
      "#version 450\n#extension GL_GOOGLE_include_directive : "
      "require\n#include \"missing.glsl\"\nvoid main() {}\n");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.message().find("missing.glsl"), std::string::npos) << missing.message();
}

TEST_F(graph_compiler_test, MalformedMacrosAreRejected) {
  auto compiler = make({.disk_cache = false});
  for (const std::vector<shader_macro>& macros :
       {std::vector<shader_macro>{{"", "1"}}, std::vector<shader_macro>{{"1A", "1"}},
        std::vector<shader_macro>{{"A B", "1"}}, std::vector<shader_macro>{{"A", "1\n#define B"}},
        std::vector<shader_macro>{{"SCALE", "1"}, {"SCALE", "2"}}}) {
    auto compiled = compiler->compile(kKernel, macros);
    ASSERT_FALSE(compiled.ok()) << macros[0].name;
    EXPECT_EQ(compiled.error_value().code, errc::invalid_argument);
  }
  EXPECT_EQ(compiler->stats().compiles, 0u);
}

TEST(graph_compiler, TheDefaultCacheDirectoryFollowsTheEnvironment) {
  struct saved_variable {
    const char* name;
    std::optional<std::string> value;
    explicit saved_variable(const char* n) : name(n) {
      if (const char* v = std::getenv(n)) value = v;
    }
    ~saved_variable() {
      if (value) {
        ::setenv(name, value->c_str(), 1);
      } else {
        ::unsetenv(name);
      }
    }
  };
  saved_variable own("VKNOISE_CACHE_DIR"), xdg("XDG_CACHE_HOME"), home("HOME");
  ::setenv("VKNOISE_CACHE_DIR", "/own/dir", 1);
  ::setenv("XDG_CACHE_HOME", "/xdg", 1);
  ::setenv("HOME", "/home/user", 1);
  EXPECT_EQ(default_cache_directory(), "/own/dir");
  ::setenv("VKNOISE_CACHE_DIR", "", 1);
  EXPECT_EQ(default_cache_directory(), "/xdg/vknoise");
  ::setenv("XDG_CACHE_HOME", "relative", 1);  // ignored, as the XDG specification says
  EXPECT_EQ(default_cache_directory(), "/home/user/.cache/vknoise");
  ::unsetenv("XDG_CACHE_HOME");
  EXPECT_EQ(default_cache_directory(), "/home/user/.cache/vknoise");
  ::unsetenv("HOME");
  EXPECT_EQ(default_cache_directory(), "");
}

// With `optimize`, the compiler reproduces what glslc makes of the same source with the build's
// options for embedded shaders (--target-env=vulkan1.1 -O -Werror, the shaders directory as the
// include path) word for word: the same compiler with the same options. A built-in field's graph
// kernel (graph::from_noise), writing a buffer with the table in a storage buffer.
TEST_F(graph_compiler_test, OptimizedCompilesMatchGlslc) {
  auto compiler = make({.disk_cache = false, .optimize = true});
  noise_spec noise;
  noise.fractal = fractal_kind::fbm;
  auto lowered = graph::from_noise(noise, 3);
  ASSERT_TRUE(lowered.ok()) << lowered.message();
  auto kernel = compiled_graph::create(*lowered, compiler);
  ASSERT_TRUE(kernel.ok()) << kernel.message();
  const graph_kernel_variant variant{graph_kernel_output::field_buffer, false};
  auto compiled = kernel->kernel(variant);
  ASSERT_TRUE(compiled.ok()) << compiled.message();

  const std::string file = path("kernel.comp");
  std::ofstream(file) << kernel->source();
  std::string command =
      "glslc -fshader-stage=compute --target-env=vulkan1.1 -O -Werror -I " + kShaders.string();
  for (const shader_macro& macro : compiled_graph::macros(variant)) {
    command += " -D" + macro.name + (macro.value.empty() ? "" : "=" + macro.value);
  }
  command += " -o " + path("kernel.spv") + " " + file + " 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  std::ifstream in(path("kernel.spv"), std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_EQ(bytes.size() % 4, 0u);
  std::vector<std::uint32_t> words(bytes.size() / 4);
  std::memcpy(words.data(), bytes.data(), bytes.size());
  EXPECT_EQ(words, (*compiled)->code);
}

// emit_glsl's promise: a source with its includes inlined is one file glslc compiles alone.
TEST_F(graph_compiler_test, AnInlinedSourceCompilesWithGlslcAlone) {
  auto inlined = detail::inline_includes(kKernel);
  ASSERT_TRUE(inlined.ok()) << inlined.message();
  const std::string file = path("kernel.glsl");
  std::ofstream(file) << *inlined;
  const std::string command =
      "glslc -fshader-stage=compute --target-env=vulkan1.1 -Werror "
      "-DSCALE=2.0 -o " +
      path("kernel.spv") + " " + file + " 2>&1";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  EXPECT_TRUE(std::filesystem::exists(path("kernel.spv")));
}

}  // namespace
}  // namespace vknoise
