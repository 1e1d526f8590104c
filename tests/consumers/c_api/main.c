/* The CPU reference through the C API, checked against Perlin's reference value. Built twice
 * against an installed vknoise: with plain cc and `pkg-config --cflags --libs vknoise`, and by the
 * C-only CMake project beside it. */
#include <stdio.h>

#include <vknoise/vknoise.h>

int main(void) {
  vknoise_field field;
  float value = 0.0f;
  vknoise_status status;
  const double expected = 0.13691995878400012;

  vknoise_field_init_default(&field);
  field.origin[0] = 3.14;
  field.origin[1] = 42.0;
  field.origin[2] = 7.0;
  status = vknoise_fill_reference(&field, NULL, &value, 1);
  if (status != VKNOISE_OK) {
    fprintf(stderr, "%s: %s\n", vknoise_status_string(status), vknoise_last_error_message());
    return 1;
  }
  printf("C consumer: noise3 %.17g, CPU fill %.9f\n", vknoise_noise3(3.14, 42.0, 7.0), value);
  return vknoise_noise3(3.14, 42.0, 7.0) == expected && value == (float)expected ? 0 : 1;
}
