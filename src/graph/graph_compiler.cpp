// graph_compiler: shaderc with the embedded shader sources as its only include directory, a
// memory cache and a directory of .spv files, keyed by one digest (graph_compiler.hpp).
#include "vknoise/graph_compiler.hpp"

#include <shaderc/shaderc.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <optional>
#include <system_error>
#include <unordered_map>
#include <utility>

#include "core/allocation_guard.hpp"
#include "core/fnv1a128.hpp"
#include "core/staged_file.hpp"
#include "graph/shader_sources.hpp"
#include "vulkan/vk_check.hpp"

namespace vknoise {
namespace {

// Changes whenever what a key stands for changes without any of its parts changing.
constexpr std::string_view kKeyFormat = "vknoise graph kernel 1";
constexpr std::uint32_t kSpirvMagic = 0x07230203;
// A cache file larger than this is not one the library wrote.
constexpr std::uintmax_t kMaxFileBytes = 64ull << 20;
// A cache file's temporary this old was left by a process that died while writing it.
constexpr long kStaleTemporarySeconds = 3600;

std::uint64_t elapsed_ns(std::chrono::steady_clock::time_point since) {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - since)
          .count());
}

// The compiler and its version, as far as the library can tell: the shaderc release it was built
// against and the SPIR-V version the linked shaderc reports.
std::string compiler_identity() {
  unsigned version = 0, revision = 0;
  shaderc_get_spv_version(&version, &revision);
  return std::string("shaderc ") + VKNOISE_SHADERC_VERSION + " spv " + std::to_string(version) +
         "." + std::to_string(revision);
}

bool valid_macro_name(std::string_view name) {
  if (name.empty()) return false;
  const auto identifier = [](char c, bool first) {
    return c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
           (!first && c >= '0' && c <= '9');
  };
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (!identifier(name[i], i == 0)) return false;
  }
  return true;
}

// A cache file: the module's SPIR-V words, then the 16 bytes of check_digest(key, words), so
// that a truncated, damaged or misnamed file is told from a good one.
std::array<std::uint8_t, 16> check_digest(const std::array<std::uint8_t, 16>& key,
                                          std::span<const std::uint32_t> words) {
  detail::fnv1a128 hash;
  hash.update_field("vknoise cached module");
  hash.update_field({reinterpret_cast<const char*>(key.data()), key.size()});
  hash.update_field({reinterpret_cast<const char*>(words.data()), words.size_bytes()});
  return hash.digest();
}

// The SPIR-V of a cache file's bytes, if they check out: the digest, and the SPIR-V header (the
// magic first) followed by instructions whose word counts add up to the module's size.
std::optional<std::vector<std::uint32_t>> cached_words(const std::array<std::uint8_t, 16>& key,
                                                       std::string_view bytes) {
  constexpr std::size_t kCheck = 16;
  if (bytes.size() < kCheck + 20 || (bytes.size() - kCheck) % 4 != 0) return std::nullopt;
  std::vector<std::uint32_t> words((bytes.size() - kCheck) / 4);
  std::memcpy(words.data(), bytes.data(), words.size() * 4);
  const auto digest = check_digest(key, words);
  if (std::memcmp(digest.data(), bytes.data() + words.size() * 4, kCheck) != 0) return std::nullopt;
  if (words[0] != kSpirvMagic) return std::nullopt;
  for (std::size_t at = 5; at < words.size();) {
    const std::uint32_t count = words[at] >> 16;
    if (count == 0 || count > words.size() - at) return std::nullopt;
    at += count;
  }
  return words;
}

// `#include "name"` from the embedded sources; the texts are static, so nothing is copied.
class embedded_includer final : public shaderc::CompileOptions::IncluderInterface {
 public:
  shaderc_include_result* GetInclude(const char* requested, shaderc_include_type, const char*,
                                     size_t) override {
    auto* found = new shaderc_include_result{};
    if (const auto text = detail::shader_source(requested)) {
      found->source_name = requested;
      found->source_name_length = std::strlen(requested);
      found->content = text->data();
      found->content_length = text->size();
    } else {
      // An empty source_name reports the content as the error.
      static constexpr std::string_view kMissing = "no such embedded shader source";
      found->content = kMissing.data();
      found->content_length = kMissing.size();
    }
    return found;
  }
  void ReleaseInclude(shaderc_include_result* data) override { delete data; }
};

std::string first_line(std::string_view text) {
  const auto end = text.find('\n');
  return std::string(text.substr(0, end));
}

}  // namespace

std::filesystem::path default_cache_directory() {
  const auto variable = [](const char* name) -> std::string {
    const char* value = std::getenv(name);
    return value ? value : "";
  };
  if (std::string dir = variable("VKNOISE_CACHE_DIR"); !dir.empty()) return dir;
  if (std::filesystem::path xdg = variable("XDG_CACHE_HOME"); xdg.is_absolute()) {
    return xdg / "vknoise";
  }
  if (std::string home = variable("HOME"); !home.empty()) {
    return std::filesystem::path(home) / ".cache" / "vknoise";
  }
  return {};
}

struct graph_compiler::impl {
  shaderc::Compiler compiler;
  compiler_options options;
  std::filesystem::path directory;  // empty: no disk cache
  std::once_flag stale_temporaries_removed;
  std::string identity;  // compiler_identity() and the options, hashed into every key

  mutable std::mutex mutex;  // guards what follows
  std::unordered_map<std::string, std::shared_ptr<const spirv_module>> modules;  // by hex key
  compiler_stats stats;

  std::array<std::uint8_t, 16> key_of(std::string_view source,
                                      const std::vector<shader_macro>& sorted) const;
  std::shared_ptr<const spirv_module> load(const std::array<std::uint8_t, 16>& key,
                                           const std::filesystem::path& path);
  void store(const spirv_module& module, const std::filesystem::path& path);
  result<std::vector<std::uint32_t>> run_compiler(std::string_view source,
                                                  const std::vector<shader_macro>& macros) const;
  result<std::shared_ptr<const spirv_module>> compile(std::string_view source,
                                                      std::span<const shader_macro> macros);
};

std::array<std::uint8_t, 16> graph_compiler::impl::key_of(
    std::string_view source, const std::vector<shader_macro>& sorted) const {
  detail::fnv1a128 hash;
  hash.update_field(kKeyFormat);
  hash.update_field(identity);
  hash.update_field(detail::shader_sources_digest());
  hash.update_field(source);
  hash.update(std::uint64_t{sorted.size()});
  for (const shader_macro& macro : sorted) {
    hash.update_field(macro.name);
    hash.update_field(macro.value);
  }
  return hash.digest();
}

// The cached module at `path`, or null when there is none or it does not check out.
std::shared_ptr<const spirv_module> graph_compiler::impl::load(
    const std::array<std::uint8_t, 16>& key, const std::filesystem::path& path) {
  const auto start = std::chrono::steady_clock::now();
  std::error_code ec;
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec) return nullptr;  // missing or unreadable: a miss
  std::optional<std::vector<std::uint32_t>> words;
  if (size <= kMaxFileBytes) {
    std::string bytes(size, '\0');
    std::ifstream in(path, std::ios::binary);
    if (in.read(bytes.data(), std::streamsize(size)) &&
        in.peek() == std::ifstream::traits_type::eof()) {
      words = cached_words(key, bytes);
    }
  }
  std::lock_guard lock(mutex);
  if (!words) {
    ++stats.disk_rejects;
    return nullptr;
  }
  ++stats.disk_hits;
  stats.load_ns += elapsed_ns(start);
  return std::make_shared<const spirv_module>(spirv_module{key, std::move(*words)});
}

void graph_compiler::impl::store(const spirv_module& module, const std::filesystem::path& path) {
  const auto digest = check_digest(module.key, module.code);
  std::string bytes(module.code.size() * 4 + digest.size(), '\0');
  std::memcpy(bytes.data(), module.code.data(), module.code.size() * 4);
  std::memcpy(bytes.data() + module.code.size() * 4, digest.data(), digest.size());
  std::error_code ec;
  std::filesystem::create_directories(directory, ec);
  const bool written =
      !ec && detail::write_file_atomically(path.string(), std::as_bytes(std::span(bytes)));
  if (!written) {
    std::lock_guard lock(mutex);
    ++stats.disk_write_failures;
  }
}

result<std::vector<std::uint32_t>> graph_compiler::impl::run_compiler(
    std::string_view source, const std::vector<shader_macro>& macros) const {
  shaderc::CompileOptions compile_options;
  // glslc --target-env=vulkan1.1 -Werror [-O], as cmake/EmbedShaders.cmake compiles the library's
  // own kernels.
  compile_options.SetSourceLanguage(shaderc_source_language_glsl);
  compile_options.SetTargetEnvironment(shaderc_target_env_vulkan, shaderc_env_version_vulkan_1_1);
  compile_options.SetWarningsAsErrors();
  compile_options.SetOptimizationLevel(options.optimize ? shaderc_optimization_level_performance
                                                        : shaderc_optimization_level_zero);
  for (const shader_macro& macro : macros) {
    compile_options.AddMacroDefinition(macro.name, macro.value);
  }
  compile_options.SetIncluder(std::make_unique<embedded_includer>());
  const shaderc::SpvCompilationResult compiled =
      compiler.CompileGlslToSpv(source.data(), source.size(), shaderc_compute_shader,
                                "graph_kernel.comp", "main", compile_options);
  if (compiled.GetCompilationStatus() != shaderc_compilation_status_success) {
    std::string message = first_line(compiled.GetErrorMessage());
    if (message.empty())
      message = "shaderc status " + std::to_string(compiled.GetCompilationStatus());
    return make_error(errc::invalid_argument, "graph kernel failed to compile: " + message);
  }
  return std::vector<std::uint32_t>(compiled.cbegin(), compiled.cend());
}

result<std::shared_ptr<const spirv_module>> graph_compiler::impl::compile(
    std::string_view source, std::span<const shader_macro> macros) {
  std::vector<shader_macro> sorted(macros.begin(), macros.end());
  std::sort(sorted.begin(), sorted.end(),
            [](const shader_macro& a, const shader_macro& b) { return a.name < b.name; });
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    if (!valid_macro_name(sorted[i].name)) {
      return make_error(errc::invalid_argument,
                        "shader macro name \"" + sorted[i].name + "\" is not an identifier");
    }
    if (i > 0 && sorted[i].name == sorted[i - 1].name) {
      return make_error(errc::invalid_argument,
                        "shader macro " + sorted[i].name + " is defined twice");
    }
    if (sorted[i].value.find_first_of("\r\n") != std::string::npos) {
      return make_error(errc::invalid_argument,
                        "shader macro " + sorted[i].name + " has a value of several lines");
    }
  }
  const std::array<std::uint8_t, 16> key = key_of(source, sorted);
  const std::string hex = detail::fnv1a128::to_hex(key);
  {
    std::lock_guard lock(mutex);
    if (auto found = modules.find(hex); found != modules.end()) {
      ++stats.memory_hits;
      return found->second;
    }
  }
  const std::filesystem::path path =
      directory.empty() ? std::filesystem::path{} : directory / (hex + ".spv");
  std::shared_ptr<const spirv_module> module;
  if (!path.empty()) {
    // A process killed while it wrote a cache file (SIGKILL; a program that removes its
    // temporary files on other signals registers them: detail::set_process_temporary_file_tracker)
    // leaves ".KEY.spv.tmp.XXXXXX"; one an hour old is no longer being written.
    std::call_once(stale_temporaries_removed, [&] {
      detail::remove_stale_temporary_files(directory.string(), ".spv", kStaleTemporarySeconds);
    });
    module = load(key, path);
  }
  if (!module) {
    const auto start = std::chrono::steady_clock::now();
    auto code = run_compiler(source, sorted);
    {
      std::lock_guard lock(mutex);
      ++stats.compiles;
      stats.compile_ns += elapsed_ns(start);
    }
    if (!code) return code.error_value();
    auto made = std::make_shared<spirv_module>();
    made->key = key;
    made->code = std::move(code.value());
    if (!path.empty()) store(*made, path);
    module = std::move(made);
  }
  std::lock_guard lock(mutex);
  // Another thread may have put the same module there meanwhile; either copy is the same.
  return modules.emplace(hex, module).first->second;
}

graph_compiler::graph_compiler(std::unique_ptr<impl> impl) : impl_(std::move(impl)) {}
graph_compiler::~graph_compiler() = default;

result<std::shared_ptr<graph_compiler>> graph_compiler::create(const compiler_options& options) {
  return detail::guard_allocations([&]() -> result<std::shared_ptr<graph_compiler>> {
    auto state = std::make_unique<impl>();
    if (!state->compiler.IsValid()) {
      return make_error(errc::out_of_memory, "shaderc_compiler_initialize failed");
    }
    state->options = options;
    if (options.disk_cache) {
      state->directory =
          options.cache_directory.empty() ? default_cache_directory() : options.cache_directory;
    }
    state->identity = compiler_identity() + " vulkan1.1 Werror" + (options.optimize ? " O" : "");
    return std::shared_ptr<graph_compiler>(new graph_compiler(std::move(state)));
  });
}

result<std::shared_ptr<const spirv_module>> graph_compiler::compile(
    std::string_view source, std::span<const shader_macro> macros) {
  return detail::guard_allocations([&] { return impl_->compile(source, macros); });
}

compiler_stats graph_compiler::stats() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->stats;
}

const std::filesystem::path& graph_compiler::cache_directory() const {
  return impl_->directory;
}

void graph_compiler::clear_memory_cache() {
  std::lock_guard lock(impl_->mutex);
  impl_->modules.clear();
}

std::vector<shader_macro> compiled_graph::macros(graph_kernel_variant variant) {
  // The storage placement and the buffer output are the sources' defaults.
  std::vector<shader_macro> macros;
  switch (variant.output) {
    case graph_kernel_output::field_buffer:
      break;
    case graph_kernel_output::points:
      macros.push_back({"VKNOISE_GRAPH_POINTS", "1"});
      break;
    case graph_kernel_output::image_2d_array:
    case graph_kernel_output::image_3d:
      macros.push_back({"VKNOISE_IMAGE_OUTPUT", "1"});
      macros.push_back(
          {"VKNOISE_IMAGE_3D", variant.output == graph_kernel_output::image_3d ? "1" : "0"});
      break;
  }
  if (variant.table_in_uniform) macros.push_back({"VKNOISE_TABLE_IN_UNIFORM", "1"});
  return macros;
}

}  // namespace vknoise
