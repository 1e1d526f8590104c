// GPU tests run on whatever Vulkan device the machine has (lavapipe where there is no GPU), with
// the validation layer and synchronization validation on. Any validation message fails the test,
// those raised while the renderer and the context are destroyed included (validation_log.hpp). A
// missing device or layer fails the test too: GPU tests never skip.
#pragma once

#include <gtest/gtest.h>

#include <memory>

#include "validation_log.hpp"
#include "vknoise/vknoise.hpp"

// Parameterised by where the kernels read the permutation table, so that both kernel variants
// (the one GPUs run and the one CPU implementations run) are proven on whatever device is here.
class gpu_test
    : public vknoise::validated_test<::testing::TestWithParam<vknoise::table_placement>> {
 protected:
  void SetUp() override {
    auto ctx = vknoise::context::create(log_.validated());
    ASSERT_TRUE(ctx.ok()) << ctx.message();
    ctx_ = std::move(ctx.value());
    vknoise::renderer_options renderer_options;
    renderer_options.table = GetParam();
    auto renderer = vknoise::gpu_renderer::create(*ctx_, renderer_options);
    ASSERT_TRUE(renderer.ok()) << renderer.message();
    renderer_ = std::move(renderer.value());
  }

  void TearDown() override {
    renderer_.reset();
    ctx_.reset();
    validated_test::TearDown();
  }

  std::unique_ptr<vknoise::context> ctx_;
  std::unique_ptr<vknoise::gpu_renderer> renderer_;
};
