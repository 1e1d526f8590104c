// The modules of one graph kernel (a built-in 3D fBm's) that the SPIR-V rewriting tests take apart
// (spirv_image_format_test.cpp, spirv_float_controls_test.cpp): every output kind and table
// placement, compiled once for the whole test program.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <utility>
#include <vector>

#include "vknoise/graph.hpp"
#include "vknoise/graph_compiler.hpp"

namespace vknoise::vk {

// The modules of a built-in field's graph kernel for each output and table placement, compiled
// once for the whole test program.
inline std::vector<std::shared_ptr<const spirv_module>> graph_modules(bool image_output) {
  static const auto compiled = [] {
    std::vector<std::pair<bool, std::shared_ptr<const spirv_module>>> out;
    auto compiler = graph_compiler::create({.disk_cache = false});
    EXPECT_TRUE(compiler.ok()) << compiler.message();
    if (!compiler) return out;
    noise_spec noise;
    noise.fractal = fractal_kind::fbm;
    auto g = graph::from_noise(noise, 3);
    EXPECT_TRUE(g.ok()) << g.message();
    if (!g) return out;
    auto kernel = compiled_graph::create(*g, *compiler);
    EXPECT_TRUE(kernel.ok()) << kernel.message();
    if (!kernel) return out;
    for (graph_kernel_output output :
         {graph_kernel_output::field_buffer, graph_kernel_output::points,
          graph_kernel_output::image_2d_array, graph_kernel_output::image_3d}) {
      for (bool in_uniform : {false, true}) {
        auto module = kernel->kernel({output, in_uniform});
        EXPECT_TRUE(module.ok()) << module.message();
        if (!module) continue;
        const bool image = output == graph_kernel_output::image_2d_array ||
                           output == graph_kernel_output::image_3d;
        out.emplace_back(image, *module);
      }
    }
    return out;
  }();
  std::vector<std::shared_ptr<const spirv_module>> out;
  for (const auto& [image, module] : compiled) {
    if (image == image_output) out.push_back(module);
  }
  return out;
}

}  // namespace vknoise::vk
