// The render-backend tests' fixture: vknoise borrows the device of a host (examples/host) that has
// the validation layer with synchronization validation on, and any message the layer reports
// fails the test: those at teardown too, where the host destroys its device after vknoise is gone
// and the layer reports every object vknoise left alive on it. A missing device or layer fails
// the test too: GPU tests never skip.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "host_device.hpp"
#include "vknoise/vknoise.h"
#include "vknoise/vknoise.hpp"

namespace vknoise {

// The best-practices messages that are about the test host's own choices, not vknoise's; every
// other message fails a test.
struct host_choice {
  const char* id;
  const char* reason;
};
inline constexpr host_choice kHostChoices[] = {
    {"UNASSIGNED-BestPractices-vkCreateInstance-specialuse-extension-debugging",
     "the host enables VK_EXT_debug_utils to collect the layer's messages, which the tests need"},
    {"UNASSIGNED-BestPractices-pipeline-stage-flags",
     "VK_PIPELINE_STAGE_ALL_COMMANDS_BIT in a barrier comes from access_scope's default "
     "(recorder.hpp), which the tests keep where they do not state the stages around a target; "
     "vknoise's own side of each barrier is VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT"},
};

inline bool is_host_choice(const std::string& message) {
  for (const host_choice& choice : kHostChoices) {
    if (message.find(std::string("[ ") + choice.id + " ]") != std::string::npos) return true;
  }
  return false;
}

// Destroys `ctx`, then the host's device, so that any object vknoise failed to destroy is reported
// too; then fails on every validation message of the host but those of kHostChoices.
inline void release_borrowed(std::unique_ptr<context>& ctx, host::host_device& host) {
  ctx.reset();
  EXPECT_TRUE(host.destroy_device()) << "the host's queue did not go idle";
  std::size_t host_choices = 0;
  for (const std::string& message : host.take_messages()) {
    if (is_host_choice(message)) {
      ++host_choices;
    } else {
      ADD_FAILURE() << "validation: " << message;
    }
  }
  if (host_choices > 0) {
    std::printf("[ host choices ] %zu best-practices messages of kHostChoices\n", host_choices);
  }
}

class borrowed_device_test : public ::testing::Test {
 protected:
  // A new host device, and a context that borrows it with `options` (fence timeout, hooks).
  // The host's instance and device: validation with synchronization validation, and the
  // best-practices checks where a test asks for them.
  virtual host::host_options host_choices() const { return {}; }

  void borrow(const context_options& options) {
    std::string why;
    host_ = host::host_device::create(host_choices(), &why);
    ASSERT_TRUE(host_) << why;
    auto ctx = context::borrow(host_->lend(), options);
    ASSERT_TRUE(ctx.ok()) << ctx.message();
    ctx_ = std::move(ctx.value());
  }
  void borrow(std::uint64_t fence_timeout_ns) {
    context_options options;
    options.fence_timeout_ns = fence_timeout_ns;
    borrow(options);
  }

  void TearDown() override {
    ctx_.reset();
    if (host_) release_borrowed(ctx_, *host_);
  }

  std::unique_ptr<host::host_device> host_;
  std::unique_ptr<context> ctx_;
};

// The same, with the layer's best-practices checks on the host's instance: the recorder's and its
// allocator's tests run under them (any message fails, except kHostChoices).
class best_practices_device_test : public borrowed_device_test {
 protected:
  host::host_options host_choices() const override {
    host::host_options o;
    o.best_practices = true;
    return o;
  }
};

// `lent` as the C API takes it: the same handles and feature flags.
inline vknoise_device_handles c_handles_of(const borrowed_device& lent) {
  vknoise_device_handles handles{};
  handles.get_instance_proc_addr = lent.get_instance_proc_addr;
  handles.instance = lent.instance;
  handles.physical_device = lent.physical_device;
  handles.device = lent.device;
  handles.queue_family_index = lent.queue_family_index;
  handles.queue = lent.queue;
  handles.timeline_semaphore = lent.enabled.timeline_semaphore;
  handles.storage_image_extended_formats = lent.enabled.storage_image_extended_formats;
  handles.storage_image_write_without_format = lent.enabled.storage_image_write_without_format;
  handles.instance_api_version = lent.instance_api_version;
  return handles;
}

// The float mirror of `field` with Perlin's table: what the GPU must write, bit for bit.
inline std::vector<float> mirror_of(const field_spec& field) {
  std::vector<float> expected(value_count(field));
  EXPECT_TRUE(fill_mirror(field, permutation_table::perlin(), expected).ok());
  return expected;
}

// Bit patterns, so that -0.0 and 0.0 differ and NaN equals itself.
inline void expect_bit_identical(const float* got, const std::vector<float>& expected) {
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (std::memcmp(&got[i], &expected[i], sizeof(float)) != 0 && mismatches++ < 5) {
      ADD_FAILURE() << "sample " << i << ": got " << got[i] << ", mirror " << expected[i];
    }
  }
  EXPECT_EQ(mismatches, 0u);
}

}  // namespace vknoise
