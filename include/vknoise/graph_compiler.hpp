// Noise graphs (graph.hpp) compiled into Vulkan compute kernels at run time: a graph_compiler
// turns GLSL compute sources into SPIR-V with shaderc (linked into the library; no tool is run)
// and keeps what it compiled, in memory and on disk; a compiled_graph is a graph with its kernel
// source, whose SPIR-V it asks the compiler for on first use. gpu_renderer::fill and eval take a
// compiled_graph (gpu_renderer.hpp).
//
// The kernel source of a graph depends on the graph's structure only (its nodes' kinds and
// edges, dims, outputs), never on its parameters (constants, factors, octaves, seeds, curve
// points: they are read from a buffer), so two graphs that differ only in parameters share one
// source, one cache entry and one pipeline: changing a parameter never recompiles.
//
// Caches. Every module is found by a key: a 128-bit digest (FNV-1a) of the source, the macros
// (sorted by name), the texts of every shader source the library embeds (what `#include` reads),
// shaderc's version and the compile options. In memory, a compiler keeps every module it
// compiled or loaded until it is destroyed (or clear_memory_cache()); on disk, in
// <cache directory>/<32 hex digits of the key>.spv, written atomically (a temporary file renamed
// over the target), so that other processes, and later runs, find it. The temporary file,
// ".KEY.spv.tmp.XXXXXX", is reported to the process's temporary file tracker when a program set
// one (the vknoise tool does, to remove it on a signal); a compiler's first disk lookup removes
// such temporaries more than an hour old (left by a killed process). A cache file holds the
// module's SPIR-V words followed by 16 bytes that check them (a digest of the key and the words:
// cut them off to disassemble the module); one that does not check out (short, damaged, renamed)
// is ignored, compiled again and replaced.
//
// Threading: every member function of graph_compiler and compiled_graph may be called from any
// number of threads at once (one mutex guards the caches and the statistics; compiles run
// outside it, so two threads asking for the same new module may both compile it).
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "vknoise/export.h"
#include "vknoise/graph.hpp"
#include "vknoise/result.hpp"

namespace vknoise {

namespace graph_ir {
struct layout;
}

// One preprocessor definition of a compile, as `#define name value` before the source.
struct shader_macro {
  std::string name;   // an identifier: [A-Za-z_][A-Za-z0-9_]*
  std::string value;  // one line (no newline); empty defines the name as empty
};

struct compiler_options {
  // Whether modules are kept on disk across processes, and where: cache_directory, or when that
  // is empty default_cache_directory(). The directory is created on the first write. One that
  // cannot be created, read or written is not an error: modules are then kept in memory only
  // (compiler_stats counts the failed writes).
  bool disk_cache = true;
  std::filesystem::path cache_directory;
  // spirv-opt's performance passes, as `glslc -O` (with them this compiler reproduces glslc's
  // modules word for word). Off by default: compiles take about half the time for a typical
  // graph kernel, and the Vulkan driver optimises the module when it builds the pipeline anyway.
  // Part of the key: modules compiled either way are cached apart.
  bool optimize = false;
};

// $VKNOISE_CACHE_DIR when set and not empty; else $XDG_CACHE_HOME/vknoise when XDG_CACHE_HOME is
// an absolute path; else $HOME/.cache/vknoise when HOME is set and not empty; else empty (no
// disk cache).
VKNOISE_API std::filesystem::path default_cache_directory();

// What a compiler did since it was created. Times are wall-clock nanoseconds.
struct compiler_stats {
  std::uint64_t compiles = 0;             // sources compiled (failed compiles included)
  std::uint64_t memory_hits = 0;          // modules found in memory
  std::uint64_t disk_hits = 0;            // modules read from the cache directory
  std::uint64_t disk_rejects = 0;         // cache files that did not check out (then compiled)
  std::uint64_t disk_write_failures = 0;  // modules that could not be written to the directory
  std::uint64_t compile_ns = 0;           // in the compiler
  std::uint64_t load_ns = 0;              // reading and checking the cache files that were hits
};

// A module the compiler produced or loaded: immutable, shared by whoever holds it.
struct spirv_module {
  std::array<std::uint8_t, 16> key;  // the cache key (above)
  std::vector<std::uint32_t> code;   // SPIR-V words
};

class VKNOISE_API graph_compiler {
 public:
  // errc::out_of_memory when shaderc cannot set up a compiler.
  static result<std::shared_ptr<graph_compiler>> create(const compiler_options& options = {});
  ~graph_compiler();
  graph_compiler(const graph_compiler&) = delete;
  graph_compiler& operator=(const graph_compiler&) = delete;

  // The SPIR-V module of a GLSL compute shader (`#version 450` and up) with `macros` defined,
  // from the caches or compiled, for the Vulkan 1.1 environment (SPIR-V 1.3) with warnings as
  // errors, as the library's build compiles its own kernels. `#include "name"` reads the shader
  // sources the library embeds (its shaders/ directory), nothing else. Errors:
  // errc::invalid_argument "graph kernel failed to compile: <the compiler's first message line>"
  // for a source that does not compile, and for a malformed or repeated macro name or a value
  // with a newline; errc::out_of_memory.
  result<std::shared_ptr<const spirv_module>> compile(std::string_view source,
                                                      std::span<const shader_macro> macros = {});

  compiler_stats stats() const;
  // The directory of the disk cache; empty when there is none (disk_cache off, or no default).
  const std::filesystem::path& cache_directory() const;
  // Forgets the modules kept in memory (those handed out stay valid); the disk is left as it is.
  void clear_memory_cache();

  // The implementation: the library's own, hidden (export.h).
  struct VKNOISE_HIDDEN impl;

 private:
  VKNOISE_HIDDEN explicit graph_compiler(std::unique_ptr<impl> impl);
  std::unique_ptr<impl> impl_;
};

// The kernels of a graph: where the samples go, and where the tables are read from (see
// table_placement in context.hpp; a renderer picks it).
enum class graph_kernel_output {
  field_buffer,    // a field chunk into a float buffer (gpu_renderer::fill)
  points,          // scattered points (gpu_renderer::eval)
  image_2d_array,  // a field chunk into a storage image2DArray (recorder image targets)
  image_3d         // a field chunk into a storage image3D (recorder image targets)
};

struct graph_kernel_variant {
  graph_kernel_output output = graph_kernel_output::field_buffer;
  bool table_in_uniform = false;  // the tables in uniform buffers, else storage buffers
};

// A graph with its layout (where its parameters, tables and lattice coordinates go) and its
// kernel source, and the SPIR-V of each kernel variant once asked for. Copies share all of it
// (cheap to copy). The compiler is shared too and outlives every copy.
class VKNOISE_API compiled_graph {
 public:
  // Lays the graph out and generates its source; compiles nothing.
  static result<compiled_graph> create(const graph& g, std::shared_ptr<graph_compiler> compiler);

  const graph& source_graph() const;
  // The kernel's GLSL source, with its #include lines (emit_glsl inlines them).
  const std::string& source() const;
  // The macros a variant is compiled with (the source defines the rest).
  static std::vector<shader_macro> macros(graph_kernel_variant variant);
  // The module of a variant: from the compiler (its caches, or compiled) on the first request,
  // then kept by this object and its copies. Errors: those of graph_compiler::compile.
  result<std::shared_ptr<const spirv_module>> kernel(graph_kernel_variant variant) const;
  graph_compiler& compiler() const;

  // The layout: the library's own (graph_layout.hpp is not installed), for its internals and the
  // programs built with it; hidden, not part of libvknoise.so's exports (export.h).
  VKNOISE_HIDDEN const graph_ir::layout& layout() const;

  // What copies share: the library's own, hidden (export.h).
  struct VKNOISE_HIDDEN state;

 private:
  explicit compiled_graph(std::shared_ptr<state> s) : state_(std::move(s)) {}
  std::shared_ptr<state> state_;
};

}  // namespace vknoise
