// GPU tests run on whatever Vulkan device the machine has (lavapipe where there is no GPU), with
// the validation layer and synchronization validation on. Any validation message fails the test.
// A missing device or layer fails the test too: GPU tests never skip.
#pragma once

#include <gtest/gtest.h>

#include <memory>

#include "vknoise/vknoise.hpp"

class gpu_test : public ::testing::Test {
 protected:
  void SetUp() override {
    vknoise::context_options options;
    options.validation = true;
    options.synchronization_validation = true;
    auto ctx = vknoise::context::create(options);
    ASSERT_TRUE(ctx.ok()) << ctx.message();
    ctx_ = std::move(ctx.value());
    auto renderer = vknoise::gpu_renderer::create(*ctx_);
    ASSERT_TRUE(renderer.ok()) << renderer.message();
    renderer_ = std::move(renderer.value());
  }

  void TearDown() override {
    renderer_.reset();
    if (!ctx_) return;
    for (const std::string& message : ctx_->validation_messages()) {
      ADD_FAILURE() << "validation: " << message;
    }
  }

  std::unique_ptr<vknoise::context> ctx_;
  std::unique_ptr<vknoise::gpu_renderer> renderer_;
};
