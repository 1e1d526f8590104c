// Validated contexts for GPU tests: the validation layer with synchronization validation on, and
// every message it reports kept in a list the test owns, so that the messages raised while a
// context is destroyed (objects left alive, reported by vkDestroyDevice and vkDestroyInstance)
// count as much as the others. A test fails on any message, checked after its contexts are gone.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "vknoise/vknoise.hpp"

namespace vknoise {

class validation_log {
 public:
  // `base` with validation and synchronization validation on and its messages sent here. The
  // hook shares the list, so a context that outlives the log still has somewhere to report.
  context_options validated(context_options base = {}) const {
    base.validation = true;
    base.synchronization_validation = true;
    base.on_validation_message = [list = list_](std::string_view message) {
      std::lock_guard lock(list->mutex);
      list->messages.emplace_back(message);
    };
    return base;
  }

  // The messages so far, oldest first; the log is empty afterwards.
  std::vector<std::string> take() {
    std::lock_guard lock(list_->mutex);
    return std::exchange(list_->messages, {});
  }

  // Fails the running test on each message so far.
  void expect_none() {
    for (const std::string& message : take()) ADD_FAILURE() << "validation: " << message;
  }

 private:
  struct list {
    std::mutex mutex;
    std::vector<std::string> messages;
  };
  std::shared_ptr<list> list_ = std::make_shared<list>();
};

// Whether one of `messages` contains `text`.
inline bool any_contains(const std::vector<std::string>& messages, std::string_view text) {
  return std::any_of(messages.begin(), messages.end(),
                     [&](const std::string& m) { return m.find(text) != std::string::npos; });
}

// A fixture whose tests create their contexts from log_.validated() and destroy them in the test
// body (or in a derived TearDown before this one): it then fails the test on any message.
template <class Base = ::testing::Test>
class validated_test : public Base {
 protected:
  void TearDown() override { log_.expect_none(); }

  validation_log log_;
};

}  // namespace vknoise
