/* vknoise's C header in one include order with a host's Vulkan header (include_order.h), from C99.
 * It must compile and link, and leave the host's Vulkan declarations as the host asked for them:
 * the loader's prototypes for vulkan.h, volk's function pointers for volk. */
#include "include_order.h"

#if VKNOISE_FIRST
#include "vknoise/vknoise.h"
#include INCLUDE_HOST_HEADER()
#else
#include INCLUDE_HOST_HEADER()
#include "vknoise/vknoise.h"
#endif

#include <stdio.h>

#if HOST_HEADER != HOST_VOLK && defined(VK_NO_PROTOTYPES)
#error "VK_NO_PROTOTYPES is defined after vknoise.h: the host's prototypes are gone"
#endif

int main(void) {
  vknoise_render_target target;
#if HOST_HEADER == HOST_VOLK
  /* volk's global function pointer, filled by volkInitialize from the loader it opens. */
  if (volkInitialize() != VK_SUCCESS || vkCreateInstance == NULL) {
    puts("include_order: volk found no loader");
    return 1;
  }
#else
  /* The loader's own prototype, linked from libvulkan. */
  PFN_vkCreateInstance create = &vkCreateInstance;
  if (create == NULL) return 1;
#endif
  vknoise_render_target_init_default(&target);
  target.image.format = VK_FORMAT_R8G8B8A8_UNORM;
  printf("include_order: vknoise %u.%u, format %d\n", VKNOISE_VERSION_MAJOR(vknoise_version()),
         VKNOISE_VERSION_MINOR(vknoise_version()), (int)target.image.format);
  return 0;
}
