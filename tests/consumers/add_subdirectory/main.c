/* Renders a small field on the GPU through the C API of a vknoise built as a subproject and
 * checks the sample at (3.14, 42, 7) against Perlin's reference value. */
#include <math.h>
#include <stdio.h>

#include <vknoise/vknoise.h>

static int fail(const char* what, vknoise_status status) {
  fprintf(stderr, "%s: %s: %s\n", what, vknoise_status_string(status),
          vknoise_last_error_message());
  return 1;
}

int main(void) {
  vknoise_field field;
  vknoise_context* context = NULL;
  vknoise_renderer* renderer = NULL;
  vknoise_status status;
  float values[4 * 4 * 2];
  const double expected = 0.13691995878400012;

  vknoise_field_init_default(&field);
  field.size[0] = 4;
  field.size[1] = 4;
  field.size[2] = 2;
  field.origin[0] = 3.14;
  field.origin[1] = 42.0;
  field.origin[2] = 7.0;
  field.step[0] = field.step[1] = field.step[2] = 0.25;

  status = vknoise_context_create(NULL, &context);
  if (status != VKNOISE_OK) return fail("vknoise_context_create", status);
  status = vknoise_renderer_create(context, NULL, &renderer);
  if (status == VKNOISE_OK) {
    status = vknoise_renderer_fill(renderer, &field, NULL, values, sizeof values / sizeof *values);
  }
  vknoise_renderer_destroy(renderer);
  vknoise_context_destroy(context);
  if (status != VKNOISE_OK) return fail("GPU fill", status);

  printf("add_subdirectory consumer: GPU %.9f, expected %.17g\n", values[0], expected);
  return fabs(values[0] - expected) <= 1e-6 ? 0 : 1;
}
