/* vknoise's C API (C99, also valid C++): the library of the C++ headers behind opaque handles, for
 * C programs and for other languages through their C foreign function interfaces (Rust, Python
 * ctypes and cffi, ...). Link with -lvknoise (pkg-config vknoise, or CMake vknoise::c, the C
 * face of the library's package; vknoise::vknoise is its C++ face, which adds C++20).
 *
 * Conventions, for every function below unless it says otherwise:
 * - Fallible functions return a vknoise_status: VKNOISE_OK, or an error code together with a one
 *   line message for the calling thread, read with vknoise_last_error_message(). A NULL pointer
 *   where an object is required gives VKNOISE_ERROR_INVALID_ARGUMENT; nothing crashes on it.
 * - Objects are opaque handles made by a *_create function and released by the matching
 *   *_destroy, which accepts NULL. On an error, *out handles are set to NULL.
 * - `const vknoise_permutation*` parameters accept NULL for Perlin's table.
 * - Nothing prints, exits, throws or keeps a pointer to caller memory after returning, except the
 *   Vulkan handles a context or recorder is given.
 * - Threading: permutations are immutable and may be shared by threads. A context may be shared for
 *   its const queries; a renderer or recorder belongs to one thread at a time (several of them on
 *   one context may run on different threads). Everything else is reentrant.
 * - Structs are plain data: initialise them with their *_init_default function, then change fields.
 *   Flags are int32_t (0 false, anything else true); enum-valued fields are int32_t holding the
 *   constants of the matching enum, other values give VKNOISE_ERROR_INVALID_ARGUMENT. */
#ifndef VKNOISE_VKNOISE_H
#define VKNOISE_VKNOISE_H

#include <stddef.h>
#include <stdint.h>
/* Vulkan's own header, as the host would include it: vknoise defines no macro that changes it
 * (vknoise calls Vulkan through function tables of its own). Any include order with vulkan.h and
 * imgui_impl_vulkan.h works; a host using volk defines VK_NO_PROTOTYPES for the whole program, as
 * volk requires of every header that includes vulkan.h before volk.h. */
#include <vulkan/vulkan.h>

#include "vknoise/export.h"

#ifdef __cplusplus
#define VKNOISE_NOEXCEPT noexcept
extern "C" {
#else
#define VKNOISE_NOEXCEPT
#endif

/* ---- Errors and version ---- */

/* Mirrors vknoise::errc (result.hpp), plus VKNOISE_ERROR_INTERNAL for an unexpected C++
 * exception caught at the boundary. */
typedef enum vknoise_status {
  VKNOISE_OK = 0,
  VKNOISE_ERROR_INVALID_ARGUMENT = 1, /* a parameter is outside its documented domain */
  VKNOISE_ERROR_OUT_OF_RANGE = 2,     /* a size, count or coordinate exceeds a limit */
  VKNOISE_ERROR_NO_DEVICE = 3,        /* no Vulkan loader, device, or suitable device/layer */
  VKNOISE_ERROR_VULKAN = 4,           /* a Vulkan call returned an error */
  VKNOISE_ERROR_TIMEOUT = 5,          /* a wait exceeded the context's fence timeout */
  VKNOISE_ERROR_IO = 6,               /* a file could not be written */
  VKNOISE_ERROR_OUT_OF_MEMORY = 7,    /* a host allocation failed */
  VKNOISE_ERROR_INTERNAL = 8
} vknoise_status;

/* The code's name, e.g. "VKNOISE_ERROR_INVALID_ARGUMENT"; "unknown vknoise_status" for other
 * values. A static string. */
VKNOISE_API const char* vknoise_status_string(vknoise_status status) VKNOISE_NOEXCEPT;

/* The message of the calling thread's most recent failed call (successful calls leave it alone),
 * or "" if none failed yet. Owned by the library; valid until the thread's next failing call or
 * its exit. */
VKNOISE_API const char* vknoise_last_error_message(void) VKNOISE_NOEXCEPT;

#define VKNOISE_MAKE_VERSION(major, minor, patch) \
  (((uint32_t)(major) << 22) | ((uint32_t)(minor) << 12) | (uint32_t)(patch))
#define VKNOISE_VERSION_MAJOR(version) ((uint32_t)(version) >> 22)
#define VKNOISE_VERSION_MINOR(version) (((uint32_t)(version) >> 12) & 0x3FFu)
#define VKNOISE_VERSION_PATCH(version) ((uint32_t)(version)&0xFFFu)

/* The library's version, VKNOISE_MAKE_VERSION(major, minor, patch). */
VKNOISE_API uint32_t vknoise_version(void) VKNOISE_NOEXCEPT;

/* ---- Permutation tables (permutation.hpp) ---- */

typedef struct vknoise_permutation vknoise_permutation;

/* Perlin's canonical table. */
VKNOISE_API vknoise_status vknoise_permutation_create_perlin(vknoise_permutation** out)
    VKNOISE_NOEXCEPT;
/* The table shuffled from `seed` (SplitMix64 + Fisher-Yates), the same on every platform. */
VKNOISE_API vknoise_status
vknoise_permutation_create_from_seed(uint64_t seed, vknoise_permutation** out) VKNOISE_NOEXCEPT;
/* A caller's table: `count` must be 256 and `values` hold each of 0..255 once, else
 * VKNOISE_ERROR_INVALID_ARGUMENT naming the first bad index. `values` is copied. */
VKNOISE_API vknoise_status vknoise_permutation_create_from_values(
    const int* values, size_t count, vknoise_permutation** out) VKNOISE_NOEXCEPT;
/* Copies the table's 256 entries into `out` (256 bytes). */
VKNOISE_API vknoise_status vknoise_permutation_values(const vknoise_permutation* permutation,
                                                      uint8_t* out) VKNOISE_NOEXCEPT;
VKNOISE_API void vknoise_permutation_destroy(vknoise_permutation* permutation) VKNOISE_NOEXCEPT;

/* ---- Point evaluation (noise.hpp) ---- */

/* The double reference, bit-identical to Perlin's Java ImprovedNoise / ImprovedNoise4D for
 * |coordinate| < 2^31, with Perlin's table. NaN for a non-finite coordinate. */
VKNOISE_API double vknoise_noise3(double x, double y, double z) VKNOISE_NOEXCEPT;
VKNOISE_API double vknoise_noise4(double x, double y, double z, double w) VKNOISE_NOEXCEPT;
/* The same with a table (NULL: Perlin's). */
VKNOISE_API double vknoise_noise3_table(const vknoise_permutation* permutation, double x, double y,
                                        double z) VKNOISE_NOEXCEPT;
VKNOISE_API double vknoise_noise4_table(const vknoise_permutation* permutation, double x, double y,
                                        double z, double w) VKNOISE_NOEXCEPT;
/* The float mirror, the function the GPU computes: each coordinate reduced modulo 256 in double
 * (reduce_coordinate), then evaluated in float. NaN for a non-finite coordinate. */
VKNOISE_API float vknoise_noise3f(const vknoise_permutation* permutation, double x, double y,
                                  double z) VKNOISE_NOEXCEPT;
VKNOISE_API float vknoise_noise4f(const vknoise_permutation* permutation, double x, double y,
                                  double z, double w) VKNOISE_NOEXCEPT;

/* ---- What a sample is (noise_spec.hpp) and what a field is (field.hpp) ---- */

typedef enum vknoise_noise_kind {
  VKNOISE_NOISE_IMPROVED = 0,
  VKNOISE_NOISE_IMPROVED4_BALANCED = 1,
  VKNOISE_NOISE_CLASSIC = 2,
  VKNOISE_NOISE_VALUE = 3,
  VKNOISE_NOISE_SIMPLEX = 4,
  VKNOISE_NOISE_CELLULAR = 5,
  VKNOISE_NOISE_FLOW = 6
} vknoise_noise_kind;

typedef enum vknoise_cellular_distance {
  VKNOISE_CELLULAR_EUCLIDEAN = 0,
  VKNOISE_CELLULAR_EUCLIDEAN2 = 1,
  VKNOISE_CELLULAR_MANHATTAN = 2,
  VKNOISE_CELLULAR_CHEBYSHEV = 3
} vknoise_cellular_distance;

typedef enum vknoise_cellular_return {
  VKNOISE_CELLULAR_F1 = 0,
  VKNOISE_CELLULAR_F2 = 1,
  VKNOISE_CELLULAR_F2_MINUS_F1 = 2,
  VKNOISE_CELLULAR_F1_TIMES_F2 = 3,
  VKNOISE_CELLULAR_F1_OVER_F2 = 4,
  VKNOISE_CELLULAR_CELL = 5
} vknoise_cellular_return;

typedef enum vknoise_fractal_kind {
  VKNOISE_FRACTAL_NONE = 0,
  VKNOISE_FRACTAL_FBM = 1,
  VKNOISE_FRACTAL_TURBULENCE = 2,
  VKNOISE_FRACTAL_RIDGED = 3,
  VKNOISE_FRACTAL_BILLOW = 4
} vknoise_fractal_kind;

typedef enum vknoise_value_interpolation {
  VKNOISE_INTERPOLATION_LINEAR = 0,
  VKNOISE_INTERPOLATION_COSINE = 1,
  VKNOISE_INTERPOLATION_CUBIC = 2
} vknoise_value_interpolation;

/* vknoise::noise_spec, field for field; noise_spec.hpp defines each setting. */
typedef struct vknoise_noise {
  int32_t kind;              /* vknoise_noise_kind; default IMPROVED */
  int32_t fractal;           /* vknoise_fractal_kind; default NONE */
  int32_t octaves;           /* 1..16; default 1 (must be 1 without a fractal) */
  int32_t octave_offsets;    /* flag; default 0 */
  double persistence;        /* default 0.5 */
  double lacunarity;         /* default 2.0 */
  uint32_t period[4];        /* per axis, 0 (the table's 256) or 1..256; default 0 */
  int32_t gradient;          /* flag: 1 + dims channels per sample (value, d/dx, ...); default 0 */
  int32_t interpolation;     /* vknoise_value_interpolation, value noise only; default LINEAR */
  double warp;               /* domain warp amplitude, 0 for none; default 0 */
  uint64_t classic_seed;     /* classic noise's gradient tables; default 0 */
  int32_t value_smooth;      /* flag, value noise only; default 0 */
  int32_t reserved;          /* must be 0 */
  int32_t cellular_distance; /* vknoise_cellular_distance, cellular only; default EUCLIDEAN */
  int32_t cellular_return;   /* vknoise_cellular_return, cellular only; default F1 */
  double cellular_jitter;    /* cellular only, 0..1; default 1 */
  double flow_angle;         /* flow only, radians, finite; default 0 */
  double flow_advection;     /* flow under fbm only, >= 0; default 0 */
} vknoise_noise;

/* A noise graph (graph.hpp, docs/graph.md): composed noises, compiled into one kernel at run time
 * for the GPU. Immutable once made; may be shared by threads. See "Noise graphs" below. */
typedef struct vknoise_graph vknoise_graph;

/* vknoise::field_spec: sample (x, y, z, t) is at origin + (region + index) * step per axis and is
 * stored at out[(((t * size[2] + z) * size[1] + y) * size[0] + x) * channels + c] with channels 1,
 * or 1 + dims with noise.gradient, or the graph's outputs with a graph. Axes at or beyond dims must
 * have size 1. */
typedef struct vknoise_field {
  int32_t dims;       /* 1..4; default 3 */
  uint32_t size[4];   /* default {1, 1, 1, 1} */
  double origin[4];   /* default 0 */
  double step[4];     /* default 1/32 */
  uint64_t region[4]; /* index of the first sample in the global grid; default 0 */
  vknoise_noise noise;
  /* NULL (the default): the field samples `noise`. Else the field computes this graph over the
   * grid (field_spec::noise_graph), vknoise_graph_channels(graph) values per sample, and `noise`
   * is not read; dims must be the graph's. Every fill, the renderer and the recorder take such a
   * field (the GPU ones compile the graph with their compiler). The graph is only read during
   * each call: it may be destroyed once no call that was given the field is running. */
  const vknoise_graph* graph;
} vknoise_field;

/* Defaults as above; NULL is ignored. */
VKNOISE_API void vknoise_noise_init_default(vknoise_noise* noise) VKNOISE_NOEXCEPT;
VKNOISE_API void vknoise_field_init_default(vknoise_field* field) VKNOISE_NOEXCEPT;

/* VKNOISE_OK for a valid field; else VKNOISE_ERROR_INVALID_ARGUMENT or VKNOISE_ERROR_OUT_OF_RANGE
 * with a message naming the axis or setting (vknoise::validate). */
VKNOISE_API vknoise_status vknoise_validate_field(const vknoise_field* field) VKNOISE_NOEXCEPT;

/* Floats a fill of the field writes (samples * channels); 0 for NULL or an invalid field (with the
 * reason as the thread's last error message). */
VKNOISE_API uint64_t vknoise_field_value_count(const vknoise_field* field) VKNOISE_NOEXCEPT;

/* ---- Noise graphs (graph.hpp) ----
 * A graph is read from the JSON format of docs/graph.md. Errors: VKNOISE_ERROR_INVALID_ARGUMENT
 * with the parser's message (which names the node and the setting, or the line and column of a
 * JSON syntax error) for a graph that does not parse or check; VKNOISE_ERROR_IO for a file that
 * cannot be read (or exceeds 1 MiB). */

/* The graph of `length` bytes of JSON at `json` (not NUL-terminated necessarily). */
VKNOISE_API vknoise_status vknoise_graph_parse(const char* json, size_t length,
                                               vknoise_graph** out) VKNOISE_NOEXCEPT;
/* The graph of the file at `path` (a NUL-terminated path in the platform's encoding). */
VKNOISE_API vknoise_status vknoise_graph_load(const char* path,
                                              vknoise_graph** out) VKNOISE_NOEXCEPT;
/* The graph's position dimensions (1..4) and outputs (values per sample, 1..4); 0 for NULL. */
VKNOISE_API int32_t vknoise_graph_dims(const vknoise_graph* graph) VKNOISE_NOEXCEPT;
VKNOISE_API int32_t vknoise_graph_channels(const vknoise_graph* graph) VKNOISE_NOEXCEPT;
VKNOISE_API void vknoise_graph_destroy(vknoise_graph* graph) VKNOISE_NOEXCEPT;

/* ---- CPU fills (field.hpp, cpu_fill.hpp) ----
 * `out` holds `count` values; `count` must equal vknoise_field_value_count(field), else
 * VKNOISE_ERROR_INVALID_ARGUMENT. Errors also those of vknoise_validate_field. */

/* The double reference at every sample, rounded to float (or kept in double). */
VKNOISE_API vknoise_status vknoise_fill_reference(const vknoise_field* field,
                                                  const vknoise_permutation* permutation,
                                                  float* out, size_t count) VKNOISE_NOEXCEPT;
VKNOISE_API vknoise_status vknoise_fill_reference_double(const vknoise_field* field,
                                                         const vknoise_permutation* permutation,
                                                         double* out,
                                                         size_t count) VKNOISE_NOEXCEPT;
/* The float mirror, bit-identical to what the GPU computes where it honours NoContraction. */
VKNOISE_API vknoise_status vknoise_fill_mirror(const vknoise_field* field,
                                               const vknoise_permutation* permutation, float* out,
                                               size_t count) VKNOISE_NOEXCEPT;

/* The fast path: SIMD (run-time dispatch) and up to `threads` threads of its own (0: every
 * hardware thread), bit-identical to vknoise_fill_mirror. Reentrant. Also
 * VKNOISE_ERROR_OUT_OF_MEMORY. */
VKNOISE_API vknoise_status vknoise_fill_fast(const vknoise_field* field,
                                             const vknoise_permutation* permutation, float* out,
                                             size_t count, unsigned threads) VKNOISE_NOEXCEPT;

/* The fast path at scattered points (cpu_fill.hpp's eval_fast): `points` holds dims doubles per
 * point (x [y [z [w]]]), `out` holds `out_count` = point_count * channels floats (channels 1, or
 * 1 + dims with noise->gradient), bit-identical to the mirror at each point (and so to
 * vknoise_renderer_eval where the device honours NoContraction). SIMD and up to `threads` threads
 * of its own (0: every hardware thread, at most one per 4096 points). Reentrant. Errors as
 * vknoise_renderer_eval's: VKNOISE_ERROR_INVALID_ARGUMENT for a bad noise, dims or count,
 * VKNOISE_ERROR_OUT_OF_RANGE for a non-finite or too large coordinate; also
 * VKNOISE_ERROR_OUT_OF_MEMORY. */
VKNOISE_API vknoise_status vknoise_eval_fast(const vknoise_noise* noise, int32_t dims,
                                             const vknoise_permutation* permutation,
                                             const double* points, size_t point_count, float* out,
                                             size_t out_count, unsigned threads) VKNOISE_NOEXCEPT;

/* vknoise_eval_fast with float coordinates (dims floats per point): exactly the values
 * vknoise_eval_fast gives for the same coordinates widened to double (each float is a double
 * exactly), with the same sizes, errors and threads. */
VKNOISE_API vknoise_status vknoise_eval_fast_float(const vknoise_noise* noise, int32_t dims,
                                                   const vknoise_permutation* permutation,
                                                   const float* points, size_t point_count,
                                                   float* out, size_t out_count,
                                                   unsigned threads) VKNOISE_NOEXCEPT;

/* The instruction set vknoise_fill_fast and vknoise_eval_fast use on this CPU, e.g. "AVX2". A
 * static string. */
VKNOISE_API const char* vknoise_cpu_simd_target(void) VKNOISE_NOEXCEPT;

/* ---- GPU: contexts (context.hpp) ---- */

typedef struct vknoise_context vknoise_context;

/* vknoise::context_options, field for field, in C's terms: device_index -1 for no index (the
 * std::optional's empty), fence_timeout_ns 0 for the default, the path a C string, and each
 * std::function hook a function pointer with a user-data pointer it is called with. */
typedef struct vknoise_context_options {
  int32_t device_index;               /* physical device index, or -1 (default): VKNOISE_DEVICE if
                                         set, else discrete, integrated, virtual, then CPU */
  int32_t validation;                 /* flag: VK_LAYER_KHRONOS_validation, messages collected */
  int32_t synchronization_validation; /* flag: also its synchronization checks */
  int32_t reserved;                   /* must be 0 */
  uint64_t fence_timeout_ns;          /* longest wait for one submission; 0: the default, 120 s */
  /* NULL (default), or a file saved by vknoise_context_save_pipeline_cache to start the pipeline
   * cache from; a missing or foreign file is ignored. Read when the context is made. */
  const char* pipeline_cache_path;
  /* NULL (default), or called with each validation message as the layer reports it, with
   * `validation` on a context of vknoise_context_create: on whichever thread makes the Vulkan call
   * concerned, including the one in vknoise_context_destroy (objects left alive are reported
   * there), until the context is destroyed. The messages also go to the message list while the
   * context lives. Calls are serialised; `message` is valid during the call only. The function
   * must not call into vknoise; it and the user data must stay valid until the context is
   * destroyed. Ignored by vknoise_context_borrow (the host's messenger gets the messages). */
  void (*on_validation_message)(void* user_data, const char* message);
  void* validation_message_user_data;
  /* NULL (default), or called with the errors no caller can receive: a wait in
   * vknoise_context_destroy, vknoise_renderer_destroy or vknoise_recorder_destroy that failed
   * (VKNOISE_ERROR_VULKAN) or timed out (VKNOISE_ERROR_TIMEOUT), the message naming the call.
   * What is then left alive is described at vknoise_context_destroy. Called on the destroying
   * thread; must not call into vknoise. */
  void (*on_teardown_error)(void* user_data, vknoise_status status, const char* message);
  void* teardown_error_user_data;
} vknoise_context_options;

VKNOISE_API void vknoise_context_options_init_default(vknoise_context_options* options)
    VKNOISE_NOEXCEPT;

/* Creates an instance, device and compute queue of its own. `options` may be NULL (defaults).
 * VKNOISE_ERROR_NO_DEVICE without a loader, a device, or the validation layer when asked for. */
VKNOISE_API vknoise_status vknoise_context_create(const vknoise_context_options* options,
                                                  vknoise_context** out) VKNOISE_NOEXCEPT;

/* A host program's Vulkan objects: vknoise::borrowed_device, its `enabled` device_features as the
 * three flags, then instance_api_version. All must outlive the context, which never destroys
 * them. What the host's objects need (context.hpp states the same):
 * - instance_api_version: the VkApplicationInfo.apiVersion the instance was created with
 *   (VK_API_VERSION_1_0 without VkApplicationInfo; Vulkan cannot be asked). Required: 0 or below
 *   1.1 gives VKNOISE_ERROR_INVALID_ARGUMENT (the kernels are SPIR-V 1.3); recorders need 1.2.
 * - the physical device: Vulkan 1.1, 1.2 for recorders. No instance or device extension.
 * - the queue: of a family with VK_QUEUE_COMPUTE_BIT.
 * - the flags say which features the host enabled when it created the device (Vulkan cannot be
 *   asked): recorders need timelineSemaphore; R16_SFLOAT and R8_UNORM image targets
 *   shaderStorageImageExtendedFormats; with shaderStorageImageWriteWithoutFormat image targets
 *   share one kernel per shape.
 * A missing requirement gives an error whose message names it and where it is set, e.g. "the
 * instance was created with apiVersion 1.0; the recorder needs 1.2 for timeline semaphores
 * (VkApplicationInfo.apiVersion)". */
typedef struct vknoise_device_handles {
  PFN_vkGetInstanceProcAddr get_instance_proc_addr; /* the host's loader entry point */
  VkInstance instance;
  VkPhysicalDevice physical_device;
  VkDevice device;
  uint32_t queue_family_index;
  VkQueue queue;
  int32_t timeline_semaphore;                 /* flag */
  int32_t storage_image_extended_formats;     /* flag */
  int32_t storage_image_write_without_format; /* flag */
  uint32_t instance_api_version;              /* VkApplicationInfo.apiVersion of `instance` */
} vknoise_device_handles;

/* A context on borrowed handles. `options` may be NULL; only its fence_timeout_ns,
 * pipeline_cache_path and on_teardown_error apply (the host owns the instance, so its own
 * messenger sees the validation layer's messages). */
VKNOISE_API vknoise_status vknoise_context_borrow(const vknoise_device_handles* handles,
                                                  const vknoise_context_options* options,
                                                  vknoise_context** out) VKNOISE_NOEXCEPT;

/* The context's Vulkan handles (owned or borrowed) and enabled features, e.g. to allocate command
 * buffers for a recorder. get_instance_proc_addr is set to NULL. */
VKNOISE_API vknoise_status vknoise_context_handles(const vknoise_context* context,
                                                   vknoise_device_handles* out) VKNOISE_NOEXCEPT;

/* The device's name (VkPhysicalDeviceProperties::deviceName), valid as long as the context; ""
 * for NULL. */
VKNOISE_API const char* vknoise_context_device_name(const vknoise_context* context)
    VKNOISE_NOEXCEPT;

/* Messages the validation layer reported so far, oldest first; 0 for NULL. */
VKNOISE_API size_t vknoise_context_validation_message_count(const vknoise_context* context)
    VKNOISE_NOEXCEPT;

/* Copies message `index` (< the count) into `buffer` (`buffer_size` bytes, NUL-terminated,
 * truncated to fit; buffer may be NULL when buffer_size is 0). `length`, when not NULL, receives
 * the full message length without the NUL. */
VKNOISE_API vknoise_status vknoise_context_validation_message(const vknoise_context* context,
                                                              size_t index, char* buffer,
                                                              size_t buffer_size,
                                                              size_t* length) VKNOISE_NOEXCEPT;

/* The mutex that every vknoise queue submission on the context's queue holds. A host that submits
 * to that (borrowed or lent) queue from its own threads while vknoise objects are in use must hold
 * it around its vkQueueSubmit calls too: lock, submit, unlock, on the same thread. */
VKNOISE_API void vknoise_context_lock_queue(const vknoise_context* context) VKNOISE_NOEXCEPT;
VKNOISE_API void vknoise_context_unlock_queue(const vknoise_context* context) VKNOISE_NOEXCEPT;

/* Writes the context's pipeline cache to `path` atomically (a temporary file renamed over it), for
 * vknoise_context_options.pipeline_cache_path in a later run. VKNOISE_ERROR_IO,
 * VKNOISE_ERROR_VULKAN. */
VKNOISE_API vknoise_status vknoise_context_save_pipeline_cache(const vknoise_context* context,
                                                               const char* path) VKNOISE_NOEXCEPT;

/* Destroys what the context created (never borrowed handles). Renderers and recorders on it must
 * be destroyed first. Waits at most fence_timeout_ns for the work submitted to its queue (always
 * for a device it created; for a borrowed one when abandoned work is left); if that wait fails or
 * times out, the error goes to on_teardown_error and nothing the GPU may still use is destroyed:
 * the abandoned work's objects and the wait's fence stay alive, and a created context also leaves
 * its VkDevice and VkInstance (vknoise::context::~context in context.hpp says why). */
VKNOISE_API void vknoise_context_destroy(vknoise_context* context) VKNOISE_NOEXCEPT;

/* ---- GPU: renderers (gpu_renderer.hpp) ---- */

typedef struct vknoise_renderer vknoise_renderer;

typedef enum vknoise_table_placement {
  VKNOISE_TABLE_AUTOMATIC = 0, /* uniform buffer on CPU implementations, storage buffer on GPUs */
  VKNOISE_TABLE_STORAGE_BUFFER = 1,
  VKNOISE_TABLE_UNIFORM_BUFFER = 2
} vknoise_table_placement;

/* vknoise::renderer_options, field for field. */
typedef struct vknoise_renderer_options {
  uint64_t chunk_bytes; /* device and staging memory per chunk; default 64 MiB, clamped */
  int32_t table;        /* vknoise_table_placement; default AUTOMATIC */
  int32_t reserved;     /* must be 0 */
} vknoise_renderer_options;

VKNOISE_API void vknoise_renderer_options_init_default(vknoise_renderer_options* options)
    VKNOISE_NOEXCEPT;

/* `context` must outlive the renderer; `options` may be NULL. */
VKNOISE_API vknoise_status vknoise_renderer_create(vknoise_context* context,
                                                   const vknoise_renderer_options* options,
                                                   vknoise_renderer** out) VKNOISE_NOEXCEPT;

/* Renders the field into host memory: `count` must equal vknoise_field_value_count(field).
 * Errors: those of vknoise_validate_field, VKNOISE_ERROR_VULKAN, VKNOISE_ERROR_TIMEOUT. */
VKNOISE_API vknoise_status vknoise_renderer_fill(vknoise_renderer* renderer,
                                                 const vknoise_field* field,
                                                 const vknoise_permutation* permutation, float* out,
                                                 size_t count) VKNOISE_NOEXCEPT;

/* Evaluates `noise` in `dims` dimensions at `point_count` points: `points` holds dims doubles per
 * point (x [y [z [w]]]), `out` holds `out_count` = point_count * channels floats (channels 1, or
 * 1 + dims with noise->gradient). VKNOISE_ERROR_OUT_OF_RANGE for a non-finite or too large
 * coordinate. */
VKNOISE_API vknoise_status vknoise_renderer_eval(vknoise_renderer* renderer,
                                                 const vknoise_noise* noise, int32_t dims,
                                                 const vknoise_permutation* permutation,
                                                 const double* points, size_t point_count,
                                                 float* out, size_t out_count) VKNOISE_NOEXCEPT;

VKNOISE_API void vknoise_renderer_destroy(vknoise_renderer* renderer) VKNOISE_NOEXCEPT;

/* ---- GPU: recording into the caller's command buffers (recorder.hpp) ----
 * A recorder writes fields into a caller's VkBuffer or VkImage, either recorded into the caller's
 * command buffer (record) or submitted on the context's queue (submit, run). It needs a Vulkan 1.2
 * device with the timelineSemaphore feature. recorder.hpp describes frames in flight, barriers,
 * layouts and queue families in full; the structs below mirror its types field for field. */

typedef struct vknoise_recorder vknoise_recorder;

/* The caller's stages and accesses on the target just before and just after vknoise's work. */
typedef struct vknoise_access_scope {
  VkPipelineStageFlags stages; /* default VK_PIPELINE_STAGE_ALL_COMMANDS_BIT */
  VkAccessFlags access;        /* default VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT */
} vknoise_access_scope;

/* A range of a VkBuffer with VK_BUFFER_USAGE_STORAGE_BUFFER_BIT: the field's floats in the layout
 * of vknoise_field at `offset` (a multiple of 4); `size` >= value count * 4 bytes. */
typedef struct vknoise_buffer_target {
  VkBuffer buffer;
  VkDeviceSize offset;
  VkDeviceSize size;
} vknoise_buffer_target;

/* A 2D or 3D VkImage with VK_IMAGE_USAGE_STORAGE_BIT (stated in `usage`: the VkImageCreateInfo
 * usage the image was created with; 0 or without the bit gives VKNOISE_ERROR_INVALID_ARGUMENT),
 * in R32_SFLOAT, R16_SFLOAT, R8_UNORM or
 * R8G8B8A8_UNORM, optimal tiling: sample (x, y, z, t) goes to texel offset + (x, y, z + size[2] *
 * t) of `mip_level` (the third coordinate is depth or array layer), as value * scale + bias. The
 * image goes from old_layout to new_layout (UNDEFINED discards its contents). */
typedef struct vknoise_image_target {
  VkImage image;
  VkImageType type;         /* VK_IMAGE_TYPE_2D (default) or VK_IMAGE_TYPE_3D */
  VkFormat format;          /* default VK_FORMAT_R32_SFLOAT */
  VkExtent3D extent;        /* at mip_level: width, height, depth (3D) or layer count (2D) */
  uint32_t mip_level;       /* default 0 */
  VkOffset3D offset;        /* default 0 */
  VkImageLayout old_layout; /* default VK_IMAGE_LAYOUT_UNDEFINED */
  VkImageLayout new_layout; /* default VK_IMAGE_LAYOUT_GENERAL */
  float scale;              /* default 1 */
  float bias;               /* default 0 */
  VkImageUsageFlags usage;  /* required: the image's usage, with VK_IMAGE_USAGE_STORAGE_BIT */
} vknoise_image_target;

typedef enum vknoise_target_kind {
  VKNOISE_TARGET_BUFFER = 0,
  VKNOISE_TARGET_IMAGE = 1
} vknoise_target_kind;

/* Where the field goes: `buffer` or `image` as `kind` says (the other is ignored). */
typedef struct vknoise_render_target {
  int32_t kind;     /* vknoise_target_kind; default BUFFER */
  int32_t reserved; /* must be 0 */
  vknoise_buffer_target buffer;
  vknoise_image_target image;
  vknoise_access_scope before;
  vknoise_access_scope after;
} vknoise_render_target;

/* The recorded work is complete when `semaphore` (a timeline semaphore the recorder owns) reaches
 * `value`. */
typedef struct vknoise_timeline_point {
  VkSemaphore semaphore;
  uint64_t value;
} vknoise_timeline_point;

typedef struct vknoise_recorder_options {
  /* record and submit calls in flight, each with its own resources (recorder.hpp), not host
   * frames: k fields per host frame need k per host frame in flight; 1..16, default 3. At most
   * this many vknoise_recorder_record calls may go into command buffers not yet submitted. */
  uint32_t frames_in_flight;
  int32_t table; /* vknoise_table_placement; default AUTOMATIC */
  /* Output bytes per dispatch at most; default 64 MiB, clamped to the device's limits. A larger
   * field is recorded as several dispatches of whole rows or row segments. */
  uint64_t chunk_bytes;
} vknoise_recorder_options;

VKNOISE_API void vknoise_render_target_init_default(vknoise_render_target* target) VKNOISE_NOEXCEPT;
VKNOISE_API void vknoise_recorder_options_init_default(vknoise_recorder_options* options)
    VKNOISE_NOEXCEPT;

/* `context` must outlive the recorder; `options` may be NULL. VKNOISE_ERROR_NO_DEVICE without
 * Vulkan 1.2 timeline semaphores: an instance or device below 1.2, a device without
 * timelineSemaphore, or a loader without the 1.2 functions (the message says which). */
VKNOISE_API vknoise_status vknoise_recorder_create(vknoise_context* context,
                                                   const vknoise_recorder_options* options,
                                                   vknoise_recorder** out) VKNOISE_NOEXCEPT;

/* Records the field into `command_buffer` (recording, of a compute-capable family, outside any
 * render pass or dynamic-rendering scope, which vknoise cannot detect): a barrier from
 * target->before, the dispatches, a barrier to target->after. It leaves changed, for the caller
 * to set again: the compute bind point's pipeline and descriptor sets, and the push constants of
 * every pipeline layout, graphics ones included (recorder.hpp). The caller submits the buffer and
 * signals *point in that submission (VkTimelineSemaphoreSubmitInfo), in the order the points were
 * returned; signalling the last point of a command buffer signals its earlier ones. Errors: those
 * of the field, VKNOISE_ERROR_INVALID_ARGUMENT for a target that does not fit,
 * VKNOISE_ERROR_TIMEOUT when a frame's resources are still in use, VKNOISE_ERROR_VULKAN. */
VKNOISE_API vknoise_status vknoise_recorder_record(vknoise_recorder* recorder,
                                                   VkCommandBuffer command_buffer,
                                                   const vknoise_field* field,
                                                   const vknoise_permutation* permutation,
                                                   const vknoise_render_target* target,
                                                   vknoise_timeline_point* point) VKNOISE_NOEXCEPT;

/* Records into a command buffer of the recorder's and submits it on the context's queue without
 * waiting. It signals *point (when `point` is not NULL, it receives the point) and `fence` (when
 * not VK_NULL_HANDLE: unsignalled, not in use), and waits on the GPU for `wait_for` (NULL: none).
 */
VKNOISE_API vknoise_status vknoise_recorder_submit(
    vknoise_recorder* recorder, const vknoise_field* field, const vknoise_permutation* permutation,
    const vknoise_render_target* target, VkFence fence, const vknoise_timeline_point* wait_for,
    vknoise_timeline_point* point) VKNOISE_NOEXCEPT;

/* Waits on the host until `point` is reached; VKNOISE_ERROR_TIMEOUT after the fence timeout. */
VKNOISE_API vknoise_status vknoise_recorder_wait(
    vknoise_recorder* recorder, const vknoise_timeline_point* point) VKNOISE_NOEXCEPT;

/* Submit and wait: the field is in the target when it returns. */
VKNOISE_API vknoise_status vknoise_recorder_run(
    vknoise_recorder* recorder, const vknoise_field* field, const vknoise_permutation* permutation,
    const vknoise_render_target* target) VKNOISE_NOEXCEPT;

/* Pipelines built so far (once per noise structure and target kind); 0 for NULL. */
VKNOISE_API uint32_t vknoise_recorder_pipelines_built(const vknoise_recorder* recorder)
    VKNOISE_NOEXCEPT;

/* Waits (bounded by the fence timeout) for all its work, then destroys what it created. */
VKNOISE_API void vknoise_recorder_destroy(vknoise_recorder* recorder) VKNOISE_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif /* VKNOISE_VKNOISE_H */
