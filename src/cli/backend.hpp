// The command line's one place for how noise is computed: --backend (auto resolved here), --threads
// and --device choose a vknoise::compute_backend, and --seed / --permutation the table and the
// classic gradients' seed it computes with. eval, render and the presets compute through a
// backend_session and never ask which backend it is.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "vknoise/compute_backend.hpp"
#include "vknoise/field.hpp"
#include "vknoise/graph.hpp"
#include "vknoise/noise_spec.hpp"
#include "vknoise/permutation.hpp"
#include "vknoise/result.hpp"

namespace vknoise::cli {

// --backend's values. automatic: resolved to gpu or cpu before computing (cli/auto_backend.hpp);
// cpu: the fast float path (fill_fast, bit-identical to the float mirror and the GPU);
// cpu_reference: the double reference (fill_reference); gpu: Vulkan compute.
enum class backend { automatic, cpu, cpu_reference, gpu };
inline constexpr backend all_backends[] = {backend::automatic, backend::cpu, backend::cpu_reference,
                                           backend::gpu};

// As --backend spells it: "auto", "cpu", "cpu-reference", "gpu".
const char* backend_name(backend b);

// What --seed and --permutation choose, kept together so that no computation takes one without
// the other: --seed N shuffles the table from N and draws classic noise's gradients from N;
// --permutation FILE takes the file's table; without either, Perlin's table. The gradients' seed
// is 0 without --seed.
struct noise_seed {
  permutation_table table = permutation_table::perlin();
  std::uint64_t classic_seed = 0;

  // `noise` with classic_seed set: the one place a spec gets --seed's gradients.
  noise_spec seeded(noise_spec noise) const;
};

// Everything the options decide about computing, checked without side effects.
struct computation {
  cli::backend backend = cli::backend::automatic;
  noise_seed seed;
  std::optional<std::uint32_t> device;  // --device; none: VKNOISE_DEVICE, else the preferred one
  unsigned threads = 0;                 // --threads, for backend::cpu (0: every hardware thread)
};

// The backend a command computes with, created once from its options; every fill and eval
// computes with the run's table and classic seed. The compute_backend is created by the first
// fill or eval and kept for the rest of the run, so a command that computes nothing (a resumed
// render whose frames all exist) opens no device, and an animation opens it once.
class backend_session {
 public:
  // Resolves backend::automatic (choose_auto_backend over list_devices(), so commands call this
  // when they run, never when they only check the command line). Errors: errc::invalid_argument
  // for a malformed VKNOISE_DEVICE, errc::no_device for a device index that names no device.
  static result<backend_session> start(const computation& how);

  // compute_backend::fill and eval, with the errors of creating the backend on first use.
  status fill(const field_spec& field, std::span<float> out);
  status eval(const noise_spec& noise, int dims, std::span<const double> points,
              std::span<double> out);
  status eval(const graph& g, std::span<const double> points, std::span<double> out);

 private:
  backend_session(const backend_options& options, const noise_seed& seed)
      : options_(options), seed_(seed) {}
  result<compute_backend*> opened();

  backend_options options_;
  noise_seed seed_;
  std::optional<compute_backend> backend_;
};

}  // namespace vknoise::cli
