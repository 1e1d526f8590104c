// vknoise.h compiles as C++ too, and means the same there: one translation unit that includes it
// and checks a few declarations from the C++ side.
#include "vknoise/vknoise.h"

#include <type_traits>

static_assert(std::is_same_v<decltype(vknoise_noise3(0.0, 0.0, 0.0)), double>);
static_assert(noexcept(vknoise_version()));
static_assert(std::is_trivially_copyable_v<vknoise_field>);
static_assert(sizeof(vknoise_status) == sizeof(int));

int main() {
  vknoise_field field;
  vknoise_field_init_default(&field);
  return vknoise_noise3(3.14, 42.0, 7.0) == 0.13691995878400012 && field.dims == 3 &&
                 vknoise_field_value_count(&field) == 1
             ? 0
             : 1;
}
