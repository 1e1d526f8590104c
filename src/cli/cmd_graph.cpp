// vknoise graph: what a noise graph compiles to. --emit-glsl prints its kernel as one
// self-contained GLSL compute shader, or with --function NAME as one GLSL function to paste into
// one's own shaders (emit_glsl_function, graph.hpp); --stats
// describes the graph and measures its run-time compile, cold and from the disk cache.
#include <stdlib.h>
#include <sys/stat.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <system_error>
#include <utility>

#include "cli/command.hpp"
#include "cli/parser.hpp"
#include "cli/report.hpp"
#include "graph/graph_layout.hpp"
#include "io/temporary_file_registry.hpp"
#include "vknoise/graph.hpp"
#include "vknoise/graph_compiler.hpp"

namespace vknoise::cli {
namespace {

struct graph_options {
  std::optional<std::string> emit_glsl;
  std::optional<std::string> function;
  std::optional<std::string> stats;
};

// A directory of its own under the system's temporary directory, removed with this object, and on
// a fatal signal (io/fatal_signals.hpp) with the cache files in it. Its name is registered before
// the directory is made (as a staged file's is), so that a signal between the two leaves nothing.
class temporary_directory {
 public:
  static result<temporary_directory> create() {
    std::error_code ec;
    const std::filesystem::path base = std::filesystem::temp_directory_path(ec);
    if (ec) return make_error(errc::io_error, "no temporary directory: " + ec.message());
    std::random_device entropy;
    for (int attempt = 0; attempt < 100; ++attempt) {
      char suffix[16];
      std::snprintf(suffix, sizeof suffix, "%08x", static_cast<unsigned>(entropy()));
      const std::string path = (base / ("vknoise-graph-stats-" + std::string(suffix))).string();
      const int slot = io::register_temporary_directory(path);
      if (::mkdir(path.c_str(), 0700) == 0) return temporary_directory(path, slot);
      const int error_number = errno;
      io::unregister_temporary_file(slot);
      if (error_number != EEXIST) {
        return make_error(errc::io_error, "cannot create a directory in " + base.string() + ": " +
                                              std::strerror(error_number));
      }
    }
    return make_error(errc::io_error, "cannot create a directory in " + base.string());
  }
  temporary_directory(temporary_directory&& other) noexcept
      : path_(std::exchange(other.path_, {})), slot_(std::exchange(other.slot_, -1)) {}
  ~temporary_directory() {
    std::error_code ignored;  // nothing to report to: the directory only held cache files
    if (!path_.empty()) std::filesystem::remove_all(path_, ignored);
    io::unregister_temporary_file(slot_);
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  temporary_directory(std::filesystem::path path, int slot) : path_(std::move(path)), slot_(slot) {}
  std::filesystem::path path_;
  int slot_ = -1;
};

struct variant_timing {
  const char* name;
  graph_kernel_variant variant;
  double cold_ms = 0;
  double disk_ms = 0;
  std::size_t spirv_bytes = 0;
};

// Compiles every variant with a fresh compiler on `directory` (cold), then loads each with a
// second compiler on the same directory (the disk cache); times from the compilers' statistics.
status time_compiles(const graph& g, const std::filesystem::path& directory,
                     std::span<variant_timing> timings) {
  compiler_options options;
  options.cache_directory = directory;
  for (const bool cold : {true, false}) {
    auto compiler = graph_compiler::create(options);
    if (!compiler) return compiler.error_value();
    auto compiled = compiled_graph::create(g, *compiler);
    if (!compiled) return compiled.error_value();
    for (variant_timing& t : timings) {
      const compiler_stats before = (*compiler)->stats();
      auto module = compiled->kernel(t.variant);
      if (!module) return module.error_value();
      const compiler_stats after = (*compiler)->stats();
      if (cold) {
        t.cold_ms = static_cast<double>(after.compile_ns - before.compile_ns) / 1e6;
        t.spirv_bytes = (*module)->code.size() * 4;
      } else {
        if (after.disk_hits == before.disk_hits) {
          return make_error(errc::io_error, "the disk cache in " + directory.string() +
                                                " did not serve the " + t.name + " kernel");
        }
        t.disk_ms = static_cast<double>(after.load_ns - before.load_ns) / 1e6;
      }
    }
  }
  return {};
}

int print_stats(const std::string& path) {
  auto loaded = graph::load(path);
  if (!loaded) return report_error(exit_usage_error, loaded.message());  // as --graph's
  const graph& g = *loaded;
  const graph_ir::layout l = graph_ir::make_layout(g.ir());
  std::string outputs;
  for (const std::string& name : g.output_names()) outputs += (outputs.empty() ? "" : ", ") + name;
  std::printf("graph %s: dims %d, %d output(s) (%s), %zu nodes\n", path.c_str(), g.dims(),
              g.channels(), outputs.c_str(), g.node_count());
  if (g.contract() == graph_contract::exact) {
    std::printf("contract: exact (GPU and fast CPU path bit-identical to the float mirror)\n");
  } else {
    std::printf("contract: bounded (GPU within %g of the float mirror)\n", g.bound());
  }
  std::printf(
      "per sample: %d lattice slot(s); %zu permutation table(s), %zu classic gradient "
      "table(s); %zu constant words (parameters: changing them never recompiles)\n",
      l.slot_count(), l.tables.size(), l.gradients.size(), l.words.size());
  const std::string source = emit_glsl(g);
  std::printf("kernel source: %zu bytes of GLSL (vknoise graph --emit-glsl)\n", source.size());

  // The disk cache's directory, made before anything is compiled: an unwritable temporary
  // directory is reported before any work.
  auto directory = temporary_directory::create();
  if (!directory) return report_error(exit_runtime_error, directory.message());
  // glslang sets itself up on a process's first compile: timed apart, so that the graph's own
  // compiles below are what a long-running program pays per new graph structure.
  compiler_options memory_only;
  memory_only.disk_cache = false;
  auto warm = graph_compiler::create(memory_only);
  if (!warm) return report_error(exit_runtime_error, warm.message());
  static constexpr char trivial[] = "#version 450\nlayout(local_size_x = 1) in;\nvoid main() {}\n";
  if (auto compiled = (*warm)->compile(trivial); !compiled) {
    return report_error(exit_runtime_error, compiled.message());
  }
  std::printf("shaderc start-up (a process's first compile, of an empty kernel): %.1f ms\n",
              static_cast<double>((*warm)->stats().compile_ns) / 1e6);

  variant_timing timings[] = {
      {"field (storage tables)", {graph_kernel_output::field_buffer, false}},
      {"field (uniform tables)", {graph_kernel_output::field_buffer, true}},
      {"points", {graph_kernel_output::points, false}},
      {"image3D", {graph_kernel_output::image_3d, false}},
  };
  if (auto timed = time_compiles(g, directory->path(), timings); !timed) {
    return report_error(exit_code_for(timed.error_value().code), timed.message());
  }
  std::printf("run-time compile (shaderc), cold and from the disk cache:\n");
  for (const variant_timing& t : timings) {
    std::printf("  %-24s cold %8.1f ms   disk cache %6.2f ms   SPIR-V %zu bytes\n", t.name,
                t.cold_ms, t.disk_ms, t.spirv_bytes);
  }
  return exit_success;
}

int emit(const std::string& path, const std::optional<std::string>& function) {
  auto loaded = graph::load(path);
  if (!loaded) return report_error(exit_usage_error, loaded.message());  // as --graph's
  std::string source;
  if (function) {
    auto emitted = emit_glsl_function(*loaded, *function);
    if (!emitted) {
      return report_error(exit_code_for(emitted.error_value().code), emitted.message());
    }
    source = std::move(emitted.value());
  } else {
    source = emit_glsl(*loaded);
  }
  if (std::fwrite(source.data(), 1, source.size(), stdout) != source.size() ||
      std::fflush(stdout) != 0) {
    return report_error(exit_runtime_error, "cannot write to stdout");
  }
  return exit_success;
}

int run_graph(const graph_options& options) {
  if (options.emit_glsl.has_value() == options.stats.has_value()) {
    return report_error(exit_usage_error, "give one of --emit-glsl FILE and --stats FILE");
  }
  if (options.function && !options.emit_glsl) {
    return report_error(exit_usage_error, "--function needs --emit-glsl FILE");
  }
  return options.emit_glsl ? emit(*options.emit_glsl, options.function)
                           : print_stats(*options.stats);
}

}  // namespace

command add_graph_command(CLI::App& app) {
  auto options = std::make_shared<graph_options>();
  CLI::App* parser = add_subcommand(
      app, "graph",
      "What a noise graph compiles to: its GLSL kernel, or its statistics and compile "
      "times");
  add_text_option(*parser, "--emit-glsl", "FILE", options->emit_glsl,
                  "print the graph's compute shader, self-contained (glslc "
                  "-fshader-stage=compute compiles it), to paste the noise into other shaders");
  add_text_option(*parser, "--function", "NAME", options->function,
                  "with --emit-glsl: print the graph as one GLSL function `vecN NAME(vecM p)` "
                  "instead, to paste into a fragment or compute shader (no bindings: the tables "
                  "are constant arrays; needs shaderFloat64)");
  add_text_option(*parser, "--stats", "FILE", options->stats,
                  "describe the graph and time its run-time compile, cold and from the disk "
                  "cache (in a temporary directory: the user's cache is left alone)");
  return {parser, [options] { return run_graph(*options); },
          [options]() -> status {
            if (options->emit_glsl.has_value() == options->stats.has_value()) {
              return make_error(errc::invalid_argument,
                                "give one of --emit-glsl FILE and --stats FILE");
            }
            if (options->function && !options->emit_glsl) {
              return make_error(errc::invalid_argument, "--function needs --emit-glsl FILE");
            }
            return {};
          }};
}

}  // namespace vknoise::cli
