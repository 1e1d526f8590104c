// What a test host draws with: a render pass onto one colour image that is read back after it,
// and a graphics pipeline of one full-screen triangle (host_fullscreen.vert, no vertex input) and
// the test's fragment shader, no blending. Shared by the tests that play a host's graphics work
// (recorder_host_state_test.cpp, glsl_function_test.cpp).
#pragma once

#include <volk.h>

#include <cstdint>
#include <iterator>
#include <span>

#include "host_fullscreen_spv.hpp"

namespace vknoise::test_host {

// A shader module of SPIR-V `code`, in `module` on VK_SUCCESS.
inline VkResult create_shader_module(VkDevice device, std::span<const std::uint32_t> code,
                                     VkShaderModule& module) {
  VkShaderModuleCreateInfo info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  info.codeSize = code.size_bytes();
  info.pCode = code.data();
  return vkCreateShaderModule(device, &info, nullptr, &module);
}

// A render pass with one colour attachment of `format` (cleared, then left in
// TRANSFER_SRC_OPTIMAL for the copy that reads it back), a view of `image` and a side x side
// framebuffer. On VK_SUCCESS all three are set; otherwise the first failing call's result, and
// what was created is still set for the caller to destroy.
inline VkResult create_readback_pass(VkDevice device, VkFormat format, VkImage image,
                                     std::uint32_t side, VkRenderPass& render_pass,
                                     VkImageView& view, VkFramebuffer& framebuffer) {
  VkAttachmentDescription color{};
  color.format = format;
  color.samples = VK_SAMPLE_COUNT_1_BIT;
  color.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
  color.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  color.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
  color.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
  color.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  color.finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
  VkAttachmentReference reference{0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
  VkSubpassDescription subpass{};
  subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
  subpass.colorAttachmentCount = 1;
  subpass.pColorAttachments = &reference;
  // The previous copy's reads of the image -> this pass's clear and writes (a later draw).
  VkSubpassDependency from_copy{};
  from_copy.srcSubpass = VK_SUBPASS_EXTERNAL;
  from_copy.dstSubpass = 0;
  from_copy.srcStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT;
  from_copy.dstStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
  from_copy.dstAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
  // The attachment's writes -> the copy that reads it after the render pass.
  VkSubpassDependency to_copy{};
  to_copy.srcSubpass = 0;
  to_copy.dstSubpass = VK_SUBPASS_EXTERNAL;
  to_copy.srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
  to_copy.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
  to_copy.dstStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT;
  to_copy.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
  const VkSubpassDependency dependencies[2] = {from_copy, to_copy};
  VkRenderPassCreateInfo info{VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
  info.attachmentCount = 1;
  info.pAttachments = &color;
  info.subpassCount = 1;
  info.pSubpasses = &subpass;
  info.dependencyCount = 2;
  info.pDependencies = dependencies;
  VkResult r = vkCreateRenderPass(device, &info, nullptr, &render_pass);
  if (r != VK_SUCCESS) return r;
  VkImageViewCreateInfo view_info{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  view_info.image = image;
  view_info.viewType = VK_IMAGE_VIEW_TYPE_2D;
  view_info.format = format;
  view_info.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  r = vkCreateImageView(device, &view_info, nullptr, &view);
  if (r != VK_SUCCESS) return r;
  VkFramebufferCreateInfo fb{VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
  fb.renderPass = render_pass;
  fb.attachmentCount = 1;
  fb.pAttachments = &view;
  fb.width = fb.height = side;
  fb.layers = 1;
  return vkCreateFramebuffer(device, &fb, nullptr, &framebuffer);
}

// `pipeline` on VK_SUCCESS; the first failing call's result otherwise (nothing left to destroy).
inline VkResult create_fullscreen_pipeline(VkDevice device, VkRenderPass render_pass,
                                           VkPipelineLayout layout,
                                           std::span<const std::uint32_t> fragment_code,
                                           std::uint32_t side, VkColorComponentFlags write_mask,
                                           VkPipeline& pipeline) {
  VkShaderModule vertex = VK_NULL_HANDLE, fragment = VK_NULL_HANDLE;
  VkResult r = create_shader_module(
      device, {spirv::host_fullscreen, std::size(spirv::host_fullscreen)}, vertex);
  if (r == VK_SUCCESS) r = create_shader_module(device, fragment_code, fragment);
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
