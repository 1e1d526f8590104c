// Graph fields on the fast CPU path (fill_fast with field_spec::noise_graph set).
#pragma once

#include <span>

#include "cpu/graph_plan.hpp"
#include "cpu/worker_threads.hpp"
#include "vknoise/cpu_fill.hpp"
#include "vknoise/field.hpp"
#include "vknoise/permutation.hpp"
#include "vknoise/result.hpp"

namespace vknoise::cpu {

// A valid graph field (validate(field, out.size()) passed) whose graph the SIMD kernels cover
// (graph_kernels_cover), planned for the fill's table: its rows shared out between threads,
// each in blocks along x, until `stop` says stop. Throws std::bad_alloc when out of memory.
void fill_graph_rows(const field_spec& field, const graph_plan& plan, std::span<float> out,
                     const cpu_options& options, stop_flag& stop);

}  // namespace vknoise::cpu
