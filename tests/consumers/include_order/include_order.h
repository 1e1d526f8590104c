/* One translation unit per include order: vknoise's public headers before or after the host's
 * Vulkan header (HOST_HEADER: 1 vulkan/vulkan.h, 2 volk.h, 3 imgui_impl_vulkan.h), chosen by
 * VKNOISE_FIRST. Shared by the C (include_order.c) and C++ (include_order.cpp) programs, which
 * define VKNOISE_HEADERS() to include theirs. */
#define HOST_VULKAN 1
#define HOST_VOLK 2
#define HOST_IMGUI 3

#if HOST_HEADER == HOST_VULKAN
#define INCLUDE_HOST_HEADER() <vulkan/vulkan.h>
#elif HOST_HEADER == HOST_VOLK
#define INCLUDE_HOST_HEADER() <volk.h>
#elif HOST_HEADER == HOST_IMGUI
#define INCLUDE_HOST_HEADER() <imgui_impl_vulkan.h>
#else
#error HOST_HEADER must be 1, 2 or 3
#endif
