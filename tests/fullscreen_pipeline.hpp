// The graphics pipeline a test host draws with: one full-screen triangle (host_fullscreen.vert,
// no vertex input) and the test's fragment shader, into subpass 0 of a render pass with one
// colour attachment of side x side texels, no blending. Shared by the tests that play a host's
// graphics work (recorder_host_state_test.cpp, glsl_function_test.cpp).
#pragma once

#include <volk.h>

#include <cstdint>
#include <iterator>
#include <span>

#include "host_fullscreen_spv.hpp"

namespace vknoise::test_host {

// `pipeline` on VK_SUCCESS; the first failing call's result otherwise (nothing left to destroy).
inline VkResult create_fullscreen_pipeline(VkDevice device, VkRenderPass render_pass,
                                           VkPipelineLayout layout,
                                           std::span<const std::uint32_t> fragment_code,
                                           std::uint32_t side, VkColorComponentFlags write_mask,
                                           VkPipeline& pipeline) {
  const auto module = [&](std::span<const std::uint32_t> code, VkShaderModule& m) {
    VkShaderModuleCreateInfo info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    info.codeSize = code.size_bytes();
    info.pCode = code.data();
    return vkCreateShaderModule(device, &info, nullptr, &m);
  };
  VkShaderModule vertex = VK_NULL_HANDLE, fragment = VK_NULL_HANDLE;
  VkResult r = module({spirv::host_fullscreen, std::size(spirv::host_fullscreen)}, vertex);
  if (r == VK_SUCCESS) r = module(fragment_code, fragment);
  if (r == VK_SUCCESS) {
    VkPipelineShaderStageCreateInfo stages[2]{};
    stages[0] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                 nullptr,
                 0,
                 VK_SHADER_STAGE_VERTEX_BIT,
                 vertex,
                 "main",
                 nullptr};
    stages[1] = stages[0];
    stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
    stages[1].module = fragment;
    VkPipelineVertexInputStateCreateInfo input{
        VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
    VkPipelineInputAssemblyStateCreateInfo assembly{
        VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
    assembly.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    VkViewport viewport{0, 0, float(side), float(side), 0, 1};
    VkRect2D scissor{{0, 0}, {side, side}};
    VkPipelineViewportStateCreateInfo viewports{
        VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
    viewports.viewportCount = 1;
    viewports.pViewports = &viewport;
    viewports.scissorCount = 1;
    viewports.pScissors = &scissor;
    VkPipelineRasterizationStateCreateInfo raster{
        VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
    raster.polygonMode = VK_POLYGON_MODE_FILL;
    raster.cullMode = VK_CULL_MODE_NONE;
    raster.lineWidth = 1.0f;
    VkPipelineMultisampleStateCreateInfo multisample{
        VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
    multisample.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
    VkPipelineColorBlendAttachmentState blend{};
    blend.colorWriteMask = write_mask;
    VkPipelineColorBlendStateCreateInfo blending{
        VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
    blending.attachmentCount = 1;
    blending.pAttachments = &blend;
    VkGraphicsPipelineCreateInfo info{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
    info.stageCount = 2;
    info.pStages = stages;
    info.pVertexInputState = &input;
    info.pInputAssemblyState = &assembly;
    info.pViewportState = &viewports;
    info.pRasterizationState = &raster;
    info.pMultisampleState = &multisample;
    info.pColorBlendState = &blending;
    info.layout = layout;
    info.renderPass = render_pass;
    r = vkCreateGraphicsPipelines(device, VK_NULL_HANDLE, 1, &info, nullptr, &pipeline);
  }
  if (vertex) vkDestroyShaderModule(device, vertex, nullptr);
  if (fragment) vkDestroyShaderModule(device, fragment, nullptr);
  return r;
}

}  // namespace vknoise::test_host
