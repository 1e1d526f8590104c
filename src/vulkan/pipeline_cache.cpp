// The context's pipeline cache: loaded from context_options::pipeline_cache_path when that file was
// written for this very device and driver, saved on request.
#include <volk.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <span>

#include "core/staged_file.hpp"
#include "vulkan/context_impl.hpp"
#include "vulkan/vk_check.hpp"

namespace vknoise {
namespace {

// The file's contents if it starts with a header (VkPipelineCacheHeaderVersionOne) naming this
// device and driver; anything else, a missing file included, gives an empty cache.
std::vector<char> matching_cache_file(const std::string& path,
                                      const VkPhysicalDeviceProperties& device) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::vector<char> data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  VkPipelineCacheHeaderVersionOne header;
  if (data.size() < sizeof(header)) return {};
  std::memcpy(&header, data.data(), sizeof(header));
  const bool matches =
      header.headerSize >= sizeof(header) &&
      header.headerVersion == VK_PIPELINE_CACHE_HEADER_VERSION_ONE &&
      header.vendorID == device.vendorID && header.deviceID == device.deviceID &&
      std::memcmp(header.pipelineCacheUUID, device.pipelineCacheUUID, VK_UUID_SIZE) == 0;
  return matches ? data : std::vector<char>{};
}

}  // namespace

status context_impl::create_pipeline_cache() {
  std::vector<char> initial;
  if (!options_.pipeline_cache_path.empty()) {
    initial = matching_cache_file(options_.pipeline_cache_path, properties_);
  }
  VkPipelineCacheCreateInfo info{VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
  info.initialDataSize = initial.size();
  info.pInitialData = initial.empty() ? nullptr : initial.data();
  return vk::check(table_->vkCreatePipelineCache(device_, &info, nullptr, &pipeline_cache_),
                   "vkCreatePipelineCache");
}

result<std::vector<std::uint8_t>> context::pipeline_cache_data() const {
  std::size_t size = 0;
  VKNOISE_TRY(vk::check(
      device_table(*this).vkGetPipelineCacheData(device_, pipeline_cache_, &size, nullptr),
      "vkGetPipelineCacheData"));
  std::vector<std::uint8_t> data(size);
  // The data grows only when a pipeline is built; one built by another thread between the two
  // calls makes the second return VK_INCOMPLETE, which is reported rather than truncated.
  VKNOISE_TRY(vk::check(
      device_table(*this).vkGetPipelineCacheData(device_, pipeline_cache_, &size, data.data()),
      "vkGetPipelineCacheData"));
  data.resize(size);
  return data;
}

status context::save_pipeline_cache(const std::string& path) const {
  auto data = pipeline_cache_data();
  if (!data) return data.error_value();
  // Staged and renamed over the target, so a context loading it never sees half a cache.
  return detail::write_file_atomically(path, std::as_bytes(std::span(*data)));
}

}  // namespace vknoise
