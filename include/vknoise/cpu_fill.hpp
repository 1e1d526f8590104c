// The fast CPU path: float32 fields (fill_fast) and scattered points (eval_fast) with SIMD
// (run-time dispatch to the best of SSE4.1, AVX2 and AVX-512 the CPU offers) and threads. It
// computes the same function as the float mirror, and as the GPU kernels, bit for bit: only the
// way the work is spread over lanes and threads differs.
//
// Kept threads: the threads besides the caller's are kept between calls (started on first use,
// blocked while no call needs them, until the process ends; saving about 40 microseconds a
// thread a call). One call at a time uses them; a call made while another has them starts
// threads of its own, which end before it returns. A child process made by fork() starts its
// own on its first call.
//
// It reduces coordinates on the host exactly as the mirror does (axis_coordinates for fields,
// reduce_point for points), so a field or point at 1e9 is as precise as one at 0, and performs
// the mirror's float operations in the mirror's order (no fused multiply-add).
//
// The two differ in how they share work. fill_fast fills a grid: along a row the y, z and t
// cells, their hashes and the fade curves are the same for every sample, so it computes them once
// per row (and fade(x) once per field). eval_fast evaluates each point on its own, hashes, fade
// curves and the reduction included, one point per SIMD lane: per sample it does several times
// fill_fast's work.
#pragma once

#include <span>

#include "vknoise/export.h"
#include "vknoise/field.hpp"
#include "vknoise/noise_spec.hpp"
#include "vknoise/permutation.hpp"
#include "vknoise/result.hpp"
#include "vknoise/stop_check.hpp"

namespace vknoise {

struct cpu_options {
  unsigned threads = 0;  // 0: every hardware thread (std::thread::hardware_concurrency)
  // Asked between chunks on the calling thread; true: the call stops and returns errc::cancelled
  // (stop_check.hpp). Empty: never asked.
  stop_check should_stop;
};

// Fills `out` (exactly value_count(field) floats, layout in field.hpp) bit-identically to
// fill_mirror. Improved noise (1D to 4D) and improved4_balanced, with every fractal, period and
// octave offset, run on SIMD kernels; so do graphs of sample values made of improved noise and
// exact ops (graph.hpp, eval_fast), a block of 64 samples along x at a time, node by node;
// gradient fields, warped fields, classic and value noise and other graphs run fill_mirror
// itself, split over the threads.
// Errors: those of validate(field, out.size()); errc::out_of_memory; errc::cancelled when
// options.should_stop says stop ("fill_fast: cancelled").
// Threading: reentrant; each call uses up to options.threads threads (at most 256, and no more
// than the field has rows of samples along x), the calling thread being one of them. All its
// work ends before it returns, whatever it returns. See kept threads below.
// A thread the system cannot start leaves its share to the calling thread.
VKNOISE_API status fill_fast(const field_spec& field, const permutation_table& table,
                             std::span<float> out, const cpu_options& options = {});

// Evaluates `noise` in `dims` dimensions at scattered points, as gpu_renderer::eval does:
// `points` holds dims doubles per point (x [y [z [w]]]; point i at points[i * dims]), `out`
// exactly channel_count(noise, dims) floats per point (the value, then d/dx, d/dy, ... with
// noise.gradient; point i's at out[i * channels]). No points (both spans empty) is valid.
// Point i's values are bit for bit those of reduce_point(noise, dims, point i) followed by
// sample_mirror, hence of gpu_renderer::eval where the device honours NoContraction.
// SIMD kernels, one point per lane, cover what fill_fast's cover (improved noise 1D to 4D and
// improved4_balanced, every fractal, period and octave offset) except a period whose
// period * lacunarity^octave exceeds 2^31; everything else (gradient, warp, classic and value
// noise, those periods) runs reduce_point and sample_mirror, split over the threads.
// Errors, the same as gpu_renderer::eval's with the same messages: errc::invalid_argument for
// dims outside 1..4, a noise spec validate(noise, dims) rejects, or span sizes other than the
// above (found before anything is written); errc::out_of_range naming the first point with a
// coordinate that is not finite or whose octaves leave +-max_abs_coordinate (max_octave_position;
// each stretch of points is checked just before it is computed, so `out` may then hold the values
// of some points); errc::out_of_memory; errc::cancelled when options.should_stop says stop
// ("eval_fast: cancelled"; a point outside the domain found before that is reported instead).
// Threading: reentrant; each call uses up to options.threads threads (at most 256, and at most
// one per 4096 points), the calling thread being one of them; see kept threads below. A thread
// the system cannot start leaves its share to the calling thread.
VKNOISE_API status eval_fast(const noise_spec& noise, int dims, std::span<const double> points,
                             const permutation_table& table, std::span<float> out,
                             const cpu_options& options = {});

// eval_fast with float coordinates (dims floats per point): exactly what the double overload
// computes for the same coordinates widened to double (every float is a double exactly), that is
// reduce_point of the widened point followed by sample_mirror, bit for bit. The same sizes, errors
// and messages (a float that is NaN, infinite or whose octaves leave +-max_abs_coordinate is out
// of range), the same threads and chunks, and the same stop checks. Where the octave's position
// is the coordinate times a power of two >= 1 with no period and no octave offset, the kernels
// reduce it in float (proved the same as the double reduction in src/cpu/point_noise-inl.h);
// otherwise they widen it.
VKNOISE_API status eval_fast(const noise_spec& noise, int dims, std::span<const float> points,
                             const permutation_table& table, std::span<float> out,
                             const cpu_options& options = {});

// The instruction set fill_fast and eval_fast dispatch to on this CPU, as Highway names it, e.g.
// "AVX3" (AVX-512), "AVX2" or "SSE4".
VKNOISE_API const char* cpu_simd_target();

}  // namespace vknoise
