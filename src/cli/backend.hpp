// Which code computes the noise for eval and render (--backend).
#pragma once

namespace vknoise::cli {

// automatic: --backend auto, resolved to gpu or cpu before computing (cli/auto_backend.hpp);
// cpu: the fast float path (fill_fast, bit-identical to the float mirror and the GPU);
// cpu_reference: the double reference (fill_reference); gpu: Vulkan compute.
enum class backend { automatic, cpu, cpu_reference, gpu };

}  // namespace vknoise::cli
