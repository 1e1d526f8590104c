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
  static const char graph_json[] =
      "{\"dims\": 3, \"nodes\": {\"p\": {\"kind\": \"position\"},"
      " \"n\": {\"kind\": \"noise\", \"at\": \"p\"}}, \"outputs\": {\"value\": \"n\"}}";
  vknoise_graph* graph = NULL;
  float graph_value = 0.0f;

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
  if (vknoise_noise3(3.14, 42.0, 7.0) != expected || value != (float)expected) return 1;

  /* A noise graph in a field: the mirror fill of its one output. */
  status = vknoise_graph_parse(graph_json, sizeof graph_json - 1, &graph);
  if (status != VKNOISE_OK) {
    fprintf(stderr, "%s: %s\n", vknoise_status_string(status), vknoise_last_error_message());
    return 1;
  }
  field.graph = graph;
  status = vknoise_fill_mirror(&field, NULL, &graph_value, 1);
  vknoise_graph_destroy(graph);
  if (status != VKNOISE_OK) {
    fprintf(stderr, "%s: %s\n", vknoise_status_string(status), vknoise_last_error_message());
    return 1;
  }
  printf("C consumer: graph field %.9f\n", graph_value);
  return graph_value == value ? 0 : 1; /* the graph is the one noise, Perlin's table */
}
