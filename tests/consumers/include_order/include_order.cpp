// vknoise's C++ and C headers in one include order with a host's Vulkan header (include_order.h).
// It must compile and link, and leave the host's Vulkan declarations as the host asked for them:
// the loader's prototypes for vulkan.h and imgui_impl_vulkan.h, volk's function pointers for volk.
#include "include_order.h"

#if VKNOISE_FIRST
#include "vknoise/vknoise.h"
#include "vknoise/vknoise.hpp"
#include INCLUDE_HOST_HEADER()
#else
#include INCLUDE_HOST_HEADER()
#include "vknoise/vknoise.h"
#include "vknoise/vknoise.hpp"
#endif

#include <cstdio>

#if HOST_HEADER != HOST_VOLK && defined(VK_NO_PROTOTYPES)
#error "VK_NO_PROTOTYPES is defined after vknoise's headers: the host's prototypes are gone"
#endif

int main() {
#if HOST_HEADER == HOST_VOLK
  // volk's global function pointer, filled by volkInitialize from the loader it opens.
  if (volkInitialize() != VK_SUCCESS || vkCreateInstance == nullptr) {
    std::puts("include_order: volk found no loader");
    return 1;
  }
#else
  // The loader's own prototype, linked from libvulkan.
  PFN_vkCreateInstance create = &vkCreateInstance;
  if (create == nullptr) return 1;
#endif
#if HOST_HEADER == HOST_IMGUI
  ImGui_ImplVulkan_InitInfo init{};  // the backend's types are usable next to vknoise's
  init.MinImageCount = 2;
  if (init.MinImageCount != 2) return 1;
#endif
  // Both of vknoise's APIs, linked from libvknoise.
  vknoise::image_target target;
  target.format = VK_FORMAT_R8G8B8A8_UNORM;
  const char* type = vknoise::device_type_name(VK_PHYSICAL_DEVICE_TYPE_CPU);
  std::printf("include_order: vknoise 0.%u, %s, format %d\n",
              static_cast<unsigned>(VKNOISE_VERSION_MINOR(vknoise_version())), type,
              static_cast<int>(target.format));
  return 0;
}
