/* The C API from C99: golden values, errors and their messages, CPU fills, and a GPU fill on
 * whatever device is present (lavapipe without a GPU) with the validation layer on. GPU checks
 * never skip: a missing device or layer fails the test. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c_checks.h"
#include "vknoise/vknoise.h"

/* `call` returns `expected`; on a mismatch print the thread's last error message. */
#define CHECK_STATUS(call, expected)                                                         \
  do {                                                                                       \
    vknoise_status status_ = (call);                                                         \
    if (status_ != (expected)) {                                                             \
      fprintf(stderr, "%s:%d: %s returned %s, expected %s: %s\n", __FILE__, __LINE__, #call, \
              vknoise_status_string(status_), vknoise_status_string(expected),               \
              vknoise_last_error_message());                                                 \
      ++failures;                                                                            \
    }                                                                                        \
  } while (0)

static int contains(const char* text, const char* part) {
  return strstr(text, part) != NULL;
}

static void test_version_and_strings(void) {
  const uint32_t version = vknoise_version();
  CHECK(VKNOISE_VERSION_MAJOR(version) == EXPECTED_VERSION_MAJOR);
  CHECK(VKNOISE_VERSION_MINOR(version) == EXPECTED_VERSION_MINOR);
  CHECK(VKNOISE_VERSION_PATCH(version) == EXPECTED_VERSION_PATCH);
  CHECK(strcmp(vknoise_status_string(VKNOISE_OK), "VKNOISE_OK") == 0);
  CHECK(strcmp(vknoise_status_string(VKNOISE_ERROR_TIMEOUT), "VKNOISE_ERROR_TIMEOUT") == 0);
  CHECK(strcmp(vknoise_status_string((vknoise_status)99), "unknown vknoise_status") == 0);
}

static void test_noise_golden(void) {
  /* Perlin's Java reference, bit for bit (tests/golden/perlin_golden.inc). */
  CHECK(vknoise_noise3(3.14, 42.0, 7.0) == 0.13691995878400012);
  CHECK(vknoise_noise3(0x1.e848100000000p+19, 0x1.e848080000000p+19, 0x1.e848180000000p+19) ==
        -0x1.59b3c00000000p-3);
  CHECK(vknoise_noise4(3.14, 42.0, 7.0, 1.5) == -0x1.04d7f52ca8462p-1);
  CHECK(vknoise_noise3_table(NULL, 3.14, 42.0, 7.0) == 0.13691995878400012);
  CHECK(vknoise_noise4_table(NULL, 3.14, 42.0, 7.0, 1.5) == -0x1.04d7f52ca8462p-1);
  CHECK(fabs(vknoise_noise3f(NULL, 3.14, 42.0, 7.0) - 0.13691995878400012) < 1e-6);
  CHECK(fabs(vknoise_noise4f(NULL, 3.14, 42.0, 7.0, 1.5) - -0x1.04d7f52ca8462p-1) < 1e-6);
  CHECK(isnan(vknoise_noise3(NAN, 0.5, 0.5)));
  CHECK(isnan(vknoise_noise3f(NULL, INFINITY, 0.5, 0.5)));
}

static void test_permutations(void) {
  vknoise_permutation* perlin = NULL;
  vknoise_permutation* seeded = NULL;
  vknoise_permutation* again = NULL;
  vknoise_permutation* custom = NULL;
  uint8_t a[256], b[256];
  int values[256];
  int i;

  CHECK_STATUS(vknoise_permutation_create_perlin(&perlin), VKNOISE_OK);
  CHECK_STATUS(vknoise_permutation_create_from_seed(42, &seeded), VKNOISE_OK);
  CHECK_STATUS(vknoise_permutation_create_from_seed(42, &again), VKNOISE_OK);
  CHECK_STATUS(vknoise_permutation_values(seeded, a), VKNOISE_OK);
  CHECK_STATUS(vknoise_permutation_values(again, b), VKNOISE_OK);
  CHECK(memcmp(a, b, sizeof a) == 0);
  CHECK(vknoise_noise3_table(perlin, 3.14, 42.0, 7.0) == 0.13691995878400012);
  CHECK(vknoise_noise3_table(seeded, 3.14, 42.0, 7.0) != 0.13691995878400012);

  /* A caller's table: the seeded one round-trips, a duplicate is refused with its index. */
  for (i = 0; i < 256; ++i) values[i] = a[i];
  CHECK_STATUS(vknoise_permutation_create_from_values(values, 256, &custom), VKNOISE_OK);
  CHECK(vknoise_noise3_table(custom, 1.5, 2.25, 3.75) ==
        vknoise_noise3_table(seeded, 1.5, 2.25, 3.75));
  vknoise_permutation_destroy(custom);

  custom = perlin; /* must be reset to NULL on failure */
  values[200] = values[100];
  CHECK_STATUS(vknoise_permutation_create_from_values(values, 256, &custom),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK(custom == NULL);
  CHECK(contains(vknoise_last_error_message(), "200"));
  values[200] = 256;
  CHECK_STATUS(vknoise_permutation_create_from_values(values, 256, &custom),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_permutation_create_from_values(values, 255, &custom),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_permutation_create_from_values(NULL, 256, &custom),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK(contains(vknoise_last_error_message(), "values"));
  CHECK_STATUS(vknoise_permutation_create_perlin(NULL), VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_permutation_create_from_seed(1, NULL), VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_permutation_values(NULL, a), VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_permutation_values(perlin, NULL), VKNOISE_ERROR_INVALID_ARGUMENT);

  vknoise_permutation_destroy(NULL);
  vknoise_permutation_destroy(again);
  vknoise_permutation_destroy(seeded);
  vknoise_permutation_destroy(perlin);
}

static void small_field(vknoise_field* field) {
  vknoise_field_init_default(field);
  field->dims = 3;
  field->size[0] = 32;
  field->size[1] = 24;
  field->size[2] = 4;
  field->origin[0] = 1e6;
  field->origin[1] = -1e6;
  field->origin[2] = 0.5;
  field->step[0] = 1.0 / 16;
  field->step[1] = 1.0 / 16;
  field->step[2] = 1.0 / 8;
}

static double max_difference(const float* a, const float* b, size_t count) {
  double worst = 0.0;
  size_t i;
  for (i = 0; i < count; ++i) {
    const double d = fabs((double)a[i] - (double)b[i]);
    if (!(d <= worst)) worst = d; /* a NaN difference is the worst */
  }
  return worst;
}

static void test_fields(void) {
  vknoise_field field;
  vknoise_permutation* seeded = NULL;
  const size_t count = 32 * 24 * 4;
  float* reference = (float*)malloc(count * sizeof(float));
  float* mirror = (float*)malloc(count * sizeof(float));
  float* fast = (float*)malloc(count * sizeof(float));
  double* exact = (double*)malloc(count * sizeof(double));
  CHECK(reference != NULL && mirror != NULL && fast != NULL && exact != NULL);
  if (reference == NULL || mirror == NULL || fast == NULL || exact == NULL) goto done;

  small_field(&field);
  CHECK_STATUS(vknoise_validate_field(&field), VKNOISE_OK);
  CHECK(vknoise_field_value_count(&field) == count);
  CHECK_STATUS(vknoise_fill_reference(&field, NULL, reference, count), VKNOISE_OK);
  CHECK_STATUS(vknoise_fill_mirror(&field, NULL, mirror, count), VKNOISE_OK);
  CHECK_STATUS(vknoise_fill_reference_double(&field, NULL, exact, count), VKNOISE_OK);
  CHECK(max_difference(reference, mirror, count) <= 1e-6);
  CHECK_STATUS(vknoise_fill_fast(&field, NULL, fast, count, 2), VKNOISE_OK);
  CHECK(memcmp(fast, mirror, count * sizeof(float)) == 0); /* bit-identical */
  CHECK(strlen(vknoise_cpu_simd_target()) > 0);
  /* Sample (x 5, y 7, z 3) of the double fill is noise3 at its position. */
  CHECK(exact[(3 * 24 + 7) * 32 + 5] ==
        vknoise_noise3(1e6 + 5.0 / 16, -1e6 + 7.0 / 16, 0.5 + 3.0 / 8));
  CHECK((float)exact[100] == reference[100]);

  CHECK_STATUS(vknoise_permutation_create_from_seed(7, &seeded), VKNOISE_OK);
  CHECK_STATUS(vknoise_fill_reference(&field, seeded, reference, count), VKNOISE_OK);
  CHECK_STATUS(vknoise_fill_mirror(&field, seeded, mirror, count), VKNOISE_OK);
  CHECK(max_difference(reference, mirror, count) <= 1e-6);

  /* An fBm field with gradients: 1 + dims channels per sample. */
  field.noise.fractal = VKNOISE_FRACTAL_FBM;
  field.noise.octaves = 4;
  field.noise.gradient = 1;
  field.size[2] = 1;
  CHECK(vknoise_field_value_count(&field) == 32 * 24 * 4);
  CHECK_STATUS(vknoise_fill_reference(&field, NULL, reference, count), VKNOISE_OK);
  CHECK_STATUS(vknoise_fill_mirror(&field, NULL, mirror, count), VKNOISE_OK);
  CHECK(max_difference(reference, mirror, count) <= 1e-5);
  CHECK_STATUS(vknoise_fill_fast(&field, NULL, fast, count, 0), VKNOISE_OK);
  CHECK(memcmp(fast, mirror, count * sizeof(float)) == 0);

  /* Errors: each names what is wrong, and nothing is written through NULL. */
  small_field(&field);
  CHECK_STATUS(vknoise_fill_reference(&field, NULL, reference, count - 1),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_fill_mirror(&field, NULL, NULL, count), VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_fill_mirror(NULL, NULL, mirror, count), VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_fill_reference_double(NULL, NULL, exact, count),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_fill_fast(&field, NULL, fast, count + 1, 1), VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_fill_fast(&field, NULL, NULL, count, 1), VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_validate_field(NULL), VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK(vknoise_field_value_count(NULL) == 0);
  field.dims = 0;
  CHECK_STATUS(vknoise_validate_field(&field), VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK(vknoise_field_value_count(&field) == 0);
  small_field(&field);
  field.noise.kind = 9;
  CHECK_STATUS(vknoise_validate_field(&field), VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK(contains(vknoise_last_error_message(), "noise.kind"));
  /* Cellular noise: its defaults, a tiled fBm of F2 - F1 (the fast fill is the mirror), and its
   * settings' errors. */
  small_field(&field);
  CHECK(field.noise.cellular_distance == VKNOISE_CELLULAR_EUCLIDEAN);
  CHECK(field.noise.cellular_return == VKNOISE_CELLULAR_F1);
  CHECK(field.noise.cellular_jitter == 1.0);
  field.noise.kind = VKNOISE_NOISE_CELLULAR;
  field.noise.cellular_distance = VKNOISE_CELLULAR_MANHATTAN;
  field.noise.cellular_return = VKNOISE_CELLULAR_F2_MINUS_F1;
  field.noise.cellular_jitter = 0.75;
  field.noise.fractal = VKNOISE_FRACTAL_FBM;
  field.noise.octaves = 3;
  field.noise.period[0] = field.noise.period[1] = field.noise.period[2] = 8;
  CHECK_STATUS(vknoise_fill_reference(&field, NULL, reference, count), VKNOISE_OK);
  CHECK_STATUS(vknoise_fill_mirror(&field, NULL, mirror, count), VKNOISE_OK);
  CHECK(max_difference(reference, mirror, count) <= 1e-5);
  CHECK(reference[0] > 0.0f && reference[0] < 2.0f);
  CHECK_STATUS(vknoise_fill_fast(&field, NULL, fast, count, 2), VKNOISE_OK);
  CHECK(memcmp(fast, mirror, count * sizeof(float)) == 0);
  field.noise.cellular_jitter = 1.5;
  CHECK_STATUS(vknoise_validate_field(&field), VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK(contains(vknoise_last_error_message(), "jitter"));
  field.noise.cellular_jitter = 1.0;
  field.noise.cellular_return = 6;
  CHECK_STATUS(vknoise_validate_field(&field), VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK(contains(vknoise_last_error_message(), "noise.cellular_return"));
  field.noise.cellular_return = VKNOISE_CELLULAR_CELL;
  field.noise.cellular_distance = -1;
  CHECK_STATUS(vknoise_validate_field(&field), VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK(contains(vknoise_last_error_message(), "noise.cellular_distance"));
  field.noise.cellular_distance = VKNOISE_CELLULAR_CHEBYSHEV;
  field.noise.fractal = VKNOISE_FRACTAL_NONE;
  field.noise.octaves = 1;
  field.noise.gradient = 1;
  CHECK_STATUS(vknoise_validate_field(&field), VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK(contains(vknoise_last_error_message(), "no gradient"));

  /* Flow noise: its angle turns it, 2 pi gives angle 0's bits, and its errors. */
  small_field(&field);
  CHECK(field.noise.flow_angle == 0.0 && field.noise.flow_advection == 0.0);
  field.noise.kind = VKNOISE_NOISE_FLOW;
  field.noise.fractal = VKNOISE_FRACTAL_FBM;
  field.noise.octaves = 3;
  field.noise.flow_advection = 0.3;
  field.origin[0] = field.origin[1] = 0.25; /* whole positions: near the origin */
  CHECK_STATUS(vknoise_fill_mirror(&field, NULL, mirror, count), VKNOISE_OK);
  field.noise.flow_angle = 6.283185307179586;
  CHECK_STATUS(vknoise_fill_mirror(&field, NULL, fast, count), VKNOISE_OK);
  CHECK(memcmp(fast, mirror, count * sizeof(float)) == 0);
  field.noise.flow_angle = 1.0;
  CHECK_STATUS(vknoise_fill_reference(&field, NULL, reference, count), VKNOISE_OK);
  CHECK_STATUS(vknoise_fill_mirror(&field, NULL, mirror, count), VKNOISE_OK);
  CHECK(max_difference(reference, mirror, count) <= 1e-5);
  CHECK(memcmp(fast, mirror, count * sizeof(float)) != 0);
  field.noise.flow_angle = NAN;
  CHECK_STATUS(vknoise_validate_field(&field), VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK(contains(vknoise_last_error_message(), "flow angle"));

  small_field(&field);
  field.noise.octaves = 3; /* without a fractal */
  CHECK_STATUS(vknoise_fill_reference(&field, NULL, reference, count),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  small_field(&field);
  field.origin[0] = 3e9;
  CHECK_STATUS(vknoise_validate_field(&field), VKNOISE_ERROR_OUT_OF_RANGE);
  small_field(&field);
  field.size[3] = 2; /* an axis beyond dims */
  CHECK_STATUS(vknoise_validate_field(&field), VKNOISE_ERROR_INVALID_ARGUMENT);

  vknoise_field_init_default(NULL);
  vknoise_noise_init_default(NULL);
  vknoise_permutation_destroy(seeded);
done:
  free(exact);
  free(fast);
  free(mirror);
  free(reference);
}

/* The fast path at points equals the mirror (vknoise_noise3f) bit for bit, and refuses bad input
 * as vknoise_renderer_eval does. */
static void test_eval_fast(void) {
  vknoise_noise noise;
  const double points[9] = {3.14, 42.0, 7.0, 1e9 + 0.25, -1e9 + 0.5, 0.75, -3.0, 0.0, 255.5};
  const double bad[3] = {1.0, 2.0, 3e9};
  float values[3] = {0.0f, 0.0f, 0.0f};
  size_t i;

  vknoise_noise_init_default(&noise);
  CHECK_STATUS(vknoise_eval_fast(&noise, 3, NULL, points, 3, values, 3, 2), VKNOISE_OK);
  for (i = 0; i < 3; ++i) {
    const float mirror = vknoise_noise3f(NULL, points[3 * i], points[3 * i + 1], points[3 * i + 2]);
    CHECK(memcmp(&values[i], &mirror, sizeof mirror) == 0);
  }
  CHECK(fabs(values[0] - 0.13691995878400012) < 1e-6);
  CHECK_STATUS(vknoise_eval_fast(&noise, 3, NULL, NULL, 0, NULL, 0, 0), VKNOISE_OK);

  CHECK_STATUS(vknoise_eval_fast(&noise, 3, NULL, points, 3, values, 2, 1),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_eval_fast(NULL, 3, NULL, points, 3, values, 3, 1),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_eval_fast(&noise, 3, NULL, NULL, 3, values, 3, 1),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_eval_fast(&noise, 3, NULL, points, 3, NULL, 3, 1),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_eval_fast(&noise, 7, NULL, points, 1, values, 1, 1),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_eval_fast(&noise, 3, NULL, bad, 1, values, 1, 1),
               VKNOISE_ERROR_OUT_OF_RANGE);
  CHECK(contains(vknoise_last_error_message(), "point 0"));
  noise.kind = 9;
  CHECK_STATUS(vknoise_eval_fast(&noise, 3, NULL, points, 3, values, 3, 1),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK(contains(vknoise_last_error_message(), "noise.kind"));
}

/* The float entry gives the double entry's values for the same coordinates widened, bit for bit,
 * and its errors. */
static void test_eval_fast_float(void) {
  vknoise_noise noise;
  const float points[12] = {3.14f, 42.0f, 7.0f,   -0.0f, -1e-30f,     0.75f,
                            -3.0f, 0.0f,  255.5f, 1e9f,  -8388609.0f, 0.3f};
  const float bad[3] = {1.0f, 2.0f, 3e9f};
  const float nan_point[3] = {1.0f, (float)NAN, 3.0f};
  double widened[12];
  float values[4] = {0.0f, 0.0f, 0.0f, 0.0f}, expected[4] = {1.0f, 1.0f, 1.0f, 1.0f};
  size_t i;

  vknoise_noise_init_default(&noise);
  for (i = 0; i < 12; ++i) widened[i] = points[i];
  CHECK_STATUS(vknoise_eval_fast_float(&noise, 3, NULL, points, 4, values, 4, 2), VKNOISE_OK);
  CHECK_STATUS(vknoise_eval_fast(&noise, 3, NULL, widened, 4, expected, 4, 1), VKNOISE_OK);
  CHECK(memcmp(values, expected, sizeof values) == 0);
  CHECK_STATUS(vknoise_eval_fast_float(&noise, 3, NULL, NULL, 0, NULL, 0, 0), VKNOISE_OK);

  CHECK_STATUS(vknoise_eval_fast_float(&noise, 3, NULL, points, 4, values, 3, 1),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_eval_fast_float(NULL, 3, NULL, points, 4, values, 4, 1),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_eval_fast_float(&noise, 3, NULL, NULL, 4, values, 4, 1),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_eval_fast_float(&noise, 3, NULL, points, 4, NULL, 4, 1),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_eval_fast_float(&noise, 0, NULL, points, 1, values, 1, 1),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_eval_fast_float(&noise, 3, NULL, bad, 1, values, 1, 1),
               VKNOISE_ERROR_OUT_OF_RANGE);
  CHECK(contains(vknoise_last_error_message(), "point 0"));
  CHECK_STATUS(vknoise_eval_fast_float(&noise, 3, NULL, nan_point, 1, values, 1, 1),
               VKNOISE_ERROR_OUT_OF_RANGE);
}

/* An exact graph (the GPU gives the mirror's bits) of two outputs. */
static const char graph_json[] =
    "{\"dims\": 3, \"nodes\": {\"p\": {\"kind\": \"position\"},"
    " \"n\": {\"kind\": \"noise\", \"at\": \"p\", \"seed\": 11},"
    " \"f\": {\"kind\": \"fractal\", \"noise\": \"n\", \"octaves\": 3},"
    " \"a\": {\"kind\": \"abs\", \"in\": \"f\"}},"
    " \"outputs\": {\"value\": \"f\", \"magnitude\": \"a\"}}";

/* The graph of graph_json, written into a file and loaded from it; NULL on failure. */
static vknoise_graph* load_test_graph(void) {
  const char* path = "vknoise_c_api_test_graph.json";
  vknoise_graph* graph = NULL;
  FILE* file = fopen(path, "wb");
  CHECK(file != NULL);
  if (file == NULL) return NULL;
  CHECK(fwrite(graph_json, 1, sizeof graph_json - 1, file) == sizeof graph_json - 1);
  CHECK(fclose(file) == 0);
  CHECK_STATUS(vknoise_graph_load(path, &graph), VKNOISE_OK);
  remove(path);
  return graph;
}

static void test_graphs(void) {
  static const char bad_kind[] =
      "{\"dims\": 3, \"nodes\": {\"p\": {\"kind\": \"nonsense\"}},"
      " \"outputs\": {\"v\": \"p\"}}";
  vknoise_graph* graph = load_test_graph();
  vknoise_graph* other = NULL;
  vknoise_field field;
  float mirror[2 * 5 * 4 * 3];
  float fast[2 * 5 * 4 * 3];
  CHECK(graph != NULL);
  if (graph == NULL) return;
  CHECK(vknoise_graph_dims(graph) == 3);
  CHECK(vknoise_graph_channels(graph) == 2);
  CHECK(vknoise_graph_dims(NULL) == 0 && vknoise_graph_channels(NULL) == 0);

  vknoise_field_init_default(&field);
  CHECK(field.graph == NULL);
  field.size[0] = 5;
  field.size[1] = 4;
  field.size[2] = 3;
  field.origin[0] = 0.25;
  field.graph = graph;
  CHECK(vknoise_field_value_count(&field) == 2 * 5 * 4 * 3);
  CHECK_STATUS(vknoise_fill_mirror(&field, NULL, mirror, 2 * 5 * 4 * 3), VKNOISE_OK);
  CHECK_STATUS(vknoise_fill_mirror(&field, NULL, mirror, 5 * 4 * 3),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_fill_fast(&field, NULL, fast, 2 * 5 * 4 * 3, 1), VKNOISE_OK);
  CHECK(bits_differing(mirror, fast, 2 * 5 * 4 * 3) == 0);
  field.dims = 2; /* not the graph's */
  field.size[2] = 1;
  CHECK_STATUS(vknoise_validate_field(&field), VKNOISE_ERROR_INVALID_ARGUMENT);

  /* Errors, with the parser's messages. */
  other = graph;
  CHECK_STATUS(vknoise_graph_parse(bad_kind, sizeof bad_kind - 1, &other),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK(other == NULL);
  CHECK(contains(vknoise_last_error_message(), "nonsense"));
  CHECK_STATUS(vknoise_graph_parse("{\"dims\": 3,", 12, &other), VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK(strlen(vknoise_last_error_message()) > 0);
  /* Only `length` bytes are read: the valid graph cut short is not valid. */
  CHECK_STATUS(vknoise_graph_parse(graph_json, 20, &other), VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_graph_parse(NULL, 4, &other), VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK(contains(vknoise_last_error_message(), "json is NULL"));
  CHECK_STATUS(vknoise_graph_parse(graph_json, sizeof graph_json - 1, NULL),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_graph_load("/nonexistent-vknoise-dir/graph.json", &other), VKNOISE_ERROR_IO);
  CHECK(other == NULL);
  CHECK_STATUS(vknoise_graph_load(NULL, &other), VKNOISE_ERROR_INVALID_ARGUMENT);
  vknoise_graph_destroy(graph);
  vknoise_graph_destroy(NULL);
}

static void test_gpu(void) {
  vknoise_context_options options;
  vknoise_context* context = NULL;
  vknoise_context* other = NULL;
  vknoise_renderer* renderer = NULL;
  vknoise_renderer* other_renderer = NULL;
  vknoise_renderer_options renderer_options;
  vknoise_device_handles handles;
  vknoise_field field;
  vknoise_noise noise;
  vknoise_graph* graph = NULL;
  size_t graph_count = 0;
  size_t length = 1;
  const size_t count = 32 * 24 * 4;
  const double points[6] = {3.14, 42.0, 7.0, 1e6 + 0.25, -1e6 + 0.5, 0.75};
  float values[2] = {0.0f, 0.0f};
  float fast_values[2] = {1.0f, 1.0f};
  float* gpu = (float*)malloc(count * sizeof(float));
  float* mirror = (float*)malloc(count * sizeof(float));
  CHECK(gpu != NULL && mirror != NULL);
  if (gpu == NULL || mirror == NULL) goto done;

  vknoise_context_options_init_default(&options);
  CHECK(options.device_index == -1);
  CHECK(options.on_validation_message == NULL && options.on_teardown_error == NULL);
  validate(&options);
  CHECK_STATUS(vknoise_context_create(&options, &context), VKNOISE_OK);
  if (context == NULL) goto done;
  fprintf(stderr, "GPU tests on %s\n", vknoise_context_device_name(context));
  CHECK_STATUS(vknoise_context_handles(context, &handles), VKNOISE_OK);
  CHECK(handles.device != VK_NULL_HANDLE && handles.queue != VK_NULL_HANDLE);
  CHECK(handles.get_instance_proc_addr == NULL);
  CHECK(handles.timeline_semaphore == 1); /* create() enables it where the device has it */
  CHECK_STATUS(vknoise_context_save_pipeline_cache(context, "/nonexistent-vknoise-dir/cache"),
               VKNOISE_ERROR_IO);
  CHECK_STATUS(vknoise_context_save_pipeline_cache(context, NULL), VKNOISE_ERROR_INVALID_ARGUMENT);

  vknoise_renderer_options_init_default(&renderer_options);
  renderer_options.chunk_bytes = 4096; /* several chunks even for this small field */
  CHECK_STATUS(vknoise_renderer_create(context, &renderer_options, &renderer), VKNOISE_OK);
  if (renderer == NULL) goto done;

  small_field(&field);
  CHECK_STATUS(vknoise_renderer_fill(renderer, &field, NULL, gpu, count), VKNOISE_OK);
  CHECK_STATUS(vknoise_fill_mirror(&field, NULL, mirror, count), VKNOISE_OK);
  CHECK(bits_differing(gpu, mirror, count) == 0); /* the kernels are `precise` */

  /* A graph field: the renderer compiles the graph; the GPU gives the mirror's bits. */
  graph = load_test_graph();
  CHECK(graph != NULL);
  if (graph != NULL) {
    small_field(&field);
    field.graph = graph;
    field.size[2] = 2; /* two channels: as many floats as the field above */
    graph_count = (size_t)vknoise_field_value_count(&field);
    CHECK(graph_count == 2 * (size_t)field.size[0] * field.size[1] * field.size[2]);
    CHECK(graph_count <= count);
    if (graph_count <= count) {
      CHECK_STATUS(vknoise_renderer_fill(renderer, &field, NULL, gpu, graph_count), VKNOISE_OK);
      CHECK_STATUS(vknoise_fill_mirror(&field, NULL, mirror, graph_count), VKNOISE_OK);
      CHECK(bits_differing(gpu, mirror, graph_count) == 0);
    }
    vknoise_graph_destroy(graph);
    graph = NULL;
    small_field(&field);
  }

  vknoise_noise_init_default(&noise);
  CHECK_STATUS(vknoise_renderer_eval(renderer, &noise, 3, NULL, points, 2, values, 2), VKNOISE_OK);
  CHECK(fabs(values[0] - 0.13691995878400012) < 1e-6);
  CHECK(fabs(values[1] - vknoise_noise3(points[3], points[4], points[5])) < 1e-6);
  CHECK_STATUS(vknoise_eval_fast(&noise, 3, NULL, points, 2, fast_values, 2, 1), VKNOISE_OK);
  CHECK(bits_differing(values, fast_values, 2) == 0);

  /* Errors. */
  CHECK_STATUS(vknoise_renderer_fill(renderer, &field, NULL, gpu, count + 1),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_renderer_fill(NULL, &field, NULL, gpu, count),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_renderer_fill(renderer, NULL, NULL, gpu, count),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_renderer_eval(renderer, &noise, 3, NULL, points, 2, values, 1),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_renderer_eval(renderer, NULL, 3, NULL, points, 2, values, 2),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_renderer_eval(renderer, &noise, 3, NULL, NULL, 2, values, 2),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_renderer_eval(renderer, &noise, 7, NULL, points, 2, values, 2),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  other_renderer = renderer;
  CHECK_STATUS(vknoise_renderer_create(NULL, NULL, &other_renderer),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK(other_renderer == NULL);
  CHECK_STATUS(vknoise_context_create(NULL, NULL), VKNOISE_ERROR_INVALID_ARGUMENT);
  other = context;
  CHECK_STATUS(vknoise_context_borrow(NULL, NULL, &other), VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK(other == NULL);
  CHECK_STATUS(vknoise_context_handles(NULL, &handles), VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_context_validation_message(NULL, 0, NULL, 0, &length),
               VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(vknoise_context_validation_message(context, 1000000, NULL, 0, &length),
               VKNOISE_ERROR_OUT_OF_RANGE);
  CHECK(vknoise_context_validation_message_count(NULL) == 0);
  CHECK(strcmp(vknoise_context_device_name(NULL), "") == 0);
  options.device_index = 1000;
  CHECK_STATUS(vknoise_context_create(&options, &other), VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK(contains(vknoise_last_error_message(), "1000"));
  options.device_index = -2;
  CHECK_STATUS(vknoise_context_create(&options, &other), VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK(other == NULL);

  vknoise_renderer_destroy(renderer);
  renderer = NULL;
  check_no_validation_messages(context);

done:
  free(mirror);
  free(gpu);
  vknoise_renderer_destroy(renderer);
  vknoise_renderer_destroy(NULL);
  vknoise_context_destroy(context);
  vknoise_context_destroy(NULL);
  check_no_messages_reported();
}

int main(void) {
  test_version_and_strings();
  test_noise_golden();
  test_permutations();
  test_fields();
  test_eval_fast();
  test_eval_fast_float();
  test_graphs();
  test_gpu();
  return finish("C API");
}
