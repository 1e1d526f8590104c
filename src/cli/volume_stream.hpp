// Rendering a volume larger than a host-memory budget: the field is cut into slabs of whole
// z-planes (for each t in turn), each rendered as the same field with region[2] = z0 (and
// region[3] = t), so every sample is computed exactly as in the whole field (field.hpp), and
// appended to one atomically written .raw file in the field's layout.
//
// Host memory bound: one slab buffer of at most max(budget, one z-plane) bytes, plus the GPU
// renderer's two chunks (gpu_renderer.hpp, 2 x 64 MiB by default) on the GPU path.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "cli/progress.hpp"
#include "vknoise/field.hpp"
#include "vknoise/result.hpp"

namespace vknoise::cli {

// Fills `out` (value_count(field) floats) with the field, remapped if the command asks for it.
using fill_function = std::function<status(const field_spec& field, std::span<float> out)>;

// True when the field's floats exceed `budget_bytes` and it has more than one z-plane to cut.
bool needs_streaming(const field_spec& field, std::uint64_t budget_bytes);

// z-planes per slab: as many as fit in the budget, at least 1, at most size[2].
std::uint32_t slab_depth(const field_spec& field, std::uint64_t budget_bytes);

// Slabs render_streamed writes: ceil(size[2] / slab_depth) for each t.
std::uint64_t slab_count(const field_spec& field, std::uint64_t budget_bytes);

// Renders `field` slab by slab into `path` (float32 little-endian, written atomically: an error or
// a signal leaves no file). `meter`, if given, counts slabs.
status render_streamed(const field_spec& field, const fill_function& fill, const std::string& path,
                       std::uint64_t budget_bytes, progress* meter);

}  // namespace vknoise::cli
