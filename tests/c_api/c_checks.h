/* What the C API tests share: a failure count, CHECK, the bit-for-bit comparison with the float
 * mirror, validated context options whose messages are counted (teardown's included), the checks
 * that the validation layer said nothing, and the exit code. Each test is one translation unit, so
 * the static state here is that test's own. */
#ifndef VKNOISE_TESTS_C_CHECKS_H
#define VKNOISE_TESTS_C_CHECKS_H

#include <stdio.h>
#include <string.h>

#include "vknoise/vknoise.h"

static int failures = 0;

#define CHECK(condition)                                                            \
  do {                                                                              \
    if (!(condition)) {                                                             \
      fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #condition); \
      ++failures;                                                                   \
    }                                                                               \
  } while (0)

/* The number of values whose bits differ (so -0 against +0, or a NaN, counts). */
static size_t bits_differing(const float* a, const float* b, size_t count) {
  size_t differing = 0;
  size_t i;
  for (i = 0; i < count; ++i) {
    if (memcmp(&a[i], &b[i], sizeof a[i]) != 0) ++differing;
  }
  return differing;
}

/* Prints every message the context's validation layer reported so far; any message is a
 * failure. (The hook of validate() sees those of the context's destruction too.) */
static void check_no_validation_messages(const vknoise_context* context) {
  size_t i;
  const size_t count = vknoise_context_validation_message_count(context);
  for (i = 0; i < count; ++i) {
    char message[1024];
    size_t length = 0;
    if (vknoise_context_validation_message(context, i, message, sizeof message, &length) ==
        VKNOISE_OK) {
      fprintf(stderr, "validation message %u (%u bytes): %s\n", (unsigned)i, (unsigned)length,
              message);
    }
  }
  CHECK(count == 0);
}

/* Validation messages reported through the hook of validate(), by every context of the test. */
static size_t messages_reported = 0;

static void count_message(void* user_data, const char* message) {
  (void)user_data;
  fprintf(stderr, "validation message: %s\n", message);
  ++messages_reported;
}

/* The validation layer with synchronization validation, each message counted, from the context's
 * creation to the end of its destruction (objects left alive are reported there). */
static void validate(vknoise_context_options* options) {
  options->validation = 1;
  options->synchronization_validation = 1;
  options->on_validation_message = count_message;
}

/* Once the test's contexts are destroyed: any message counted is a failure. */
static void check_no_messages_reported(void) {
  CHECK(messages_reported == 0);
}

/* The test's exit code, with one line saying how it went. */
static int finish(const char* test) {
  if (failures != 0) {
    fprintf(stderr, "%s: %d check(s) failed\n", test, failures);
    return 1;
  }
  printf("%s: all checks passed\n", test);
  return 0;
}

#endif
