// The library's version, from the CMake project version (src/c_api/CMakeLists.txt).
#include "c_api/handles.hpp"

extern "C" uint32_t vknoise_version(void) noexcept {
  return VKNOISE_MAKE_VERSION(VKNOISE_VERSION_MAJOR_NUMBER, VKNOISE_VERSION_MINOR_NUMBER,
                              VKNOISE_VERSION_PATCH_NUMBER);
}
