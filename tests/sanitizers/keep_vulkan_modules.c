/* Preloaded only for the AddressSanitizer and ThreadSanitizer runs (see the Makefile).
 *
 * The Vulkan loader dlclose()s the driver and the layers in vkDestroyInstance, so when
 * LeakSanitizer runs at exit the frames of their still-live allocations read <unknown module>
 * and tests/sanitizers/lsan.supp cannot name them. Opening the same modules here with
 * RTLD_NODELETE pins them: the loader's later dlopen() returns this same handle and its
 * dlclose() leaves them mapped, so their frames symbolize at exit.
 *
 * RTLD_LOCAL, not RTLD_GLOBAL (nor LD_PRELOAD of the modules themselves): the validation layer
 * exports vkCreateInstance & co., and putting them in the global scope would interpose them on
 * the loader's own entry points. Names, not paths: the same names the ICD and layer manifests
 * give, so the loader finds these very objects. A module that is not installed is skipped.
 *
 * LD_PRELOAD reaches every process of the run, the uninstrumented ones too (bash and cmake of the
 * script tests); in those, which have no AddressSanitizer runtime, it does nothing. */
#define _GNU_SOURCE
#include <dlfcn.h>

static const char* const kModules[] = {
    "libvulkan_lvp.so",
    "libVkLayer_khronos_validation.so",
    "libVkLayer_MESA_device_select.so",
};

__attribute__((constructor)) static void keep_vulkan_modules(void) {
  if (!dlsym(RTLD_DEFAULT, "__asan_init") && !dlsym(RTLD_DEFAULT, "__tsan_init")) return;
  for (unsigned i = 0; i < sizeof kModules / sizeof kModules[0]; ++i)
    (void)dlopen(kModules[i], RTLD_LAZY | RTLD_LOCAL | RTLD_NODELETE);
}
