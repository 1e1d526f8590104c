// compiled_graph (graph_compiler.hpp): a graph's layout and kernel source, and its modules as the
// compiler hands them out; and emit_glsl (graph.hpp), the same source as one file.
#include <map>
#include <mutex>
#include <utility>

#include "core/allocation_guard.hpp"
#include "graph/graph_glsl.hpp"
#include "graph/graph_layout.hpp"
#include "graph/shader_sources.hpp"
#include "vknoise/graph.hpp"
#include "vknoise/graph_compiler.hpp"

namespace vknoise {

struct compiled_graph::state {
  state(const graph& g, std::shared_ptr<graph_compiler> c)
      : source_graph(g),
        layout(graph_ir::make_layout(g.ir())),
        source(graph_ir::kernel_source(g.ir(), layout)),
        compiler(std::move(c)) {}

  const graph source_graph;
  const graph_ir::layout layout;
  const std::string source;
  const std::shared_ptr<graph_compiler> compiler;
  std::mutex mutex;  // guards kernels
  std::map<std::pair<graph_kernel_output, bool>, std::shared_ptr<const spirv_module>> kernels;
};

result<compiled_graph> compiled_graph::create(const graph& g,
                                              std::shared_ptr<graph_compiler> compiler) {
  if (!compiler) return make_error(errc::invalid_argument, "compiled_graph needs a compiler");
  return detail::guard_allocations([&]() -> result<compiled_graph> {
    return compiled_graph(std::make_shared<state>(g, std::move(compiler)));
  });
}

const graph& compiled_graph::source_graph() const {
  return state_->source_graph;
}

const std::string& compiled_graph::source() const {
  return state_->source;
}

graph_compiler& compiled_graph::compiler() const {
  return *state_->compiler;
}

const graph_ir::layout& compiled_graph::layout() const {
  return state_->layout;
}

result<std::shared_ptr<const spirv_module>> compiled_graph::kernel(
    graph_kernel_variant variant) const {
  const std::pair key{variant.output, variant.table_in_uniform};
  {
    std::lock_guard lock(state_->mutex);
    if (auto found = state_->kernels.find(key); found != state_->kernels.end()) {
      return found->second;
    }
  }
  // Compiled outside the lock: the compiler has its own, and a compile may take a while.
  auto compiled = state_->compiler->compile(state_->source, macros(variant));
  if (!compiled) return compiled.error_value();
  return detail::guard_allocations([&]() -> result<std::shared_ptr<const spirv_module>> {
    std::lock_guard lock(state_->mutex);
    return state_->kernels.emplace(key, *compiled).first->second;
  });
}

std::string emit_glsl(const graph& g) {
  const graph_ir::layout layout = graph_ir::make_layout(g.ir());
  auto inlined = detail::inline_includes(graph_ir::kernel_source(g.ir(), layout));
  // Every file the generator includes is embedded; were one not, the source says so where a
  // compiler stops.
  return inlined ? std::move(inlined.value()) : "#error " + inlined.message() + "\n";
}

}  // namespace vknoise
