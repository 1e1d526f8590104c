#include "peers.hpp"

#include <cstdint>
#include <string>
#include <vector>

#define STB_PERLIN_IMPLEMENTATION
#include <stb/stb_perlin.h>

#include <glm/gtc/noise.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
// One copy of each loop per x86-64 level, picked at load time by the CPU (GCC ifunc), with the
// libraries' noise functions inlined into it (flatten) so that they too are compiled per level.
#define VKNOISE_PEER_CLONES \
  __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default"), flatten))
#else
#define VKNOISE_PEER_CLONES
#endif

namespace vknoise::bench {
namespace {

constexpr float lacunarity = 2.0f;
constexpr float gain = 0.5f;

status check(const field_spec& field, std::span<float> out, bool supported, const char* peer) {
  if (auto valid = validate(field); !valid) return valid;
  if (!supported) {
    return make_error(errc::invalid_argument, std::string(peer) +
                                                  " does not compute this field (dims " +
                                                  std::to_string(field.dims) + ")");
  }
  if (out.size() != sample_count(field)) {
    return make_error(errc::invalid_argument, std::string(peer) + ": output size mismatch");
  }
  return {};
}

template <class Noise>
inline float fbm(int octaves, Noise&& noise) {
  if (octaves == 1) return noise(1.0f);
  float sum = 0.0f, amp = 1.0f, norm = 0.0f, frequency = 1.0f;
  for (int o = 0; o < octaves; ++o) {
    sum += amp * noise(frequency);
    norm += amp;
    amp *= gain;
    frequency *= lacunarity;
  }
  return sum / norm;
}

VKNOISE_PEER_CLONES
void stb_loop(const std::vector<float>& xs, const std::vector<float>& ys,
              const std::vector<float>& zs, int octaves, float* out) {
  std::size_t i = 0;
  for (float z : zs) {
    for (float y : ys) {
      for (float x : xs) {
        out[i++] = octaves == 1 ? stb_perlin_noise3(x, y, z, 0, 0, 0)
                                : stb_perlin_fbm_noise3(x, y, z, lacunarity, gain, octaves);
      }
    }
  }
}

VKNOISE_PEER_CLONES
void glm_loop3(const std::vector<float>& xs, const std::vector<float>& ys,
               const std::vector<float>& zs, int octaves, float* out) {
  std::size_t i = 0;
  for (float z : zs) {
    for (float y : ys) {
      for (float x : xs) {
        const glm::vec3 p(x, y, z);
        out[i++] = fbm(octaves, [&](float f) { return glm::perlin(p * f); });
      }
    }
  }
}

VKNOISE_PEER_CLONES
void glm_loop4(const std::vector<float>& xs, const std::vector<float>& ys,
               const std::vector<float>& zs, const std::vector<float>& ws, int octaves,
               float* out) {
  std::size_t i = 0;
  for (float w : ws) {
    for (float z : zs) {
      for (float y : ys) {
        for (float x : xs) {
          const glm::vec4 p(x, y, z, w);
          out[i++] = fbm(octaves, [&](float f) { return glm::perlin(p * f); });
        }
      }
    }
  }
}

VKNOISE_PEER_CLONES
void stb_points(const double* points, std::size_t count, int octaves, float* out) {
  for (std::size_t i = 0; i < count; ++i) {
    const double* p = points + 3 * i;
    const float x = static_cast<float>(p[0]), y = static_cast<float>(p[1]),
                z = static_cast<float>(p[2]);
    out[i] = octaves == 1 ? stb_perlin_noise3(x, y, z, 0, 0, 0)
                          : stb_perlin_fbm_noise3(x, y, z, lacunarity, gain, octaves);
  }
}

VKNOISE_PEER_CLONES
void glm_points3(const double* points, std::size_t count, int octaves, float* out) {
  for (std::size_t i = 0; i < count; ++i) {
    const double* p = points + 3 * i;
    const glm::vec3 v(static_cast<float>(p[0]), static_cast<float>(p[1]), static_cast<float>(p[2]));
    out[i] = fbm(octaves, [&](float f) { return glm::perlin(v * f); });
  }
}

VKNOISE_PEER_CLONES
void glm_points4(const double* points, std::size_t count, int octaves, float* out) {
  for (std::size_t i = 0; i < count; ++i) {
    const double* p = points + 4 * i;
    const glm::vec4 v(static_cast<float>(p[0]), static_cast<float>(p[1]), static_cast<float>(p[2]),
                      static_cast<float>(p[3]));
    out[i] = fbm(octaves, [&](float f) { return glm::perlin(v * f); });
  }
}

status check_points(int dims, std::span<const double> points, std::span<float> out, bool supported,
                    const char* peer) {
  if (!supported) {
    return make_error(errc::invalid_argument,
                      std::string(peer) + " has no " + std::to_string(dims) + "D noise");
  }
  if (points.size() % dims != 0 || out.size() != points.size() / dims) {
    return make_error(errc::invalid_argument, std::string(peer) + ": output size mismatch");
  }
  return {};
}

}  // namespace

std::vector<float> peer_positions(const field_spec& field, int axis) {
  std::vector<float> positions(field.size[axis]);
  for (std::uint32_t i = 0; i < field.size[axis]; ++i) {
    positions[i] = static_cast<float>(sample_position(field, axis, i));
  }
  return positions;
}

bool stb_supports(const field_spec& field) {
  return field.dims == 3 && field.noise.kind == noise_kind::improved;
}
bool glm_supports(const field_spec& field) {
  return (field.dims == 3 || field.dims == 4) && field.noise.kind == noise_kind::improved;
}

float stb_sample(float x, float y, float z, int octaves) {
  return octaves == 1 ? stb_perlin_noise3(x, y, z, 0, 0, 0)
                      : stb_perlin_fbm_noise3(x, y, z, lacunarity, gain, octaves);
}

float glm_sample3(float x, float y, float z, int octaves) {
  const glm::vec3 p(x, y, z);
  return fbm(octaves, [&](float f) { return glm::perlin(p * f); });
}

float glm_sample4(float x, float y, float z, float w, int octaves) {
  const glm::vec4 p(x, y, z, w);
  return fbm(octaves, [&](float f) { return glm::perlin(p * f); });
}

status stb_fill(const field_spec& field, std::span<float> out) {
  if (auto ok = check(field, out, stb_supports(field), "stb"); !ok) return ok;
  stb_loop(peer_positions(field, 0), peer_positions(field, 1), peer_positions(field, 2),
           field.noise.octaves, out.data());
  return {};
}

status glm_fill(const field_spec& field, std::span<float> out) {
  if (auto ok = check(field, out, glm_supports(field), "glm"); !ok) return ok;
  if (field.dims == 3) {
    glm_loop3(peer_positions(field, 0), peer_positions(field, 1), peer_positions(field, 2),
              field.noise.octaves, out.data());
  } else {
    glm_loop4(peer_positions(field, 0), peer_positions(field, 1), peer_positions(field, 2),
              peer_positions(field, 3), field.noise.octaves, out.data());
  }
  return {};
}

status stb_eval(int octaves, std::span<const double> points, std::span<float> out) {
  if (auto ok = check_points(3, points, out, true, "stb"); !ok) return ok;
  stb_points(points.data(), out.size(), octaves, out.data());
  return {};
}

status glm_eval(int dims, int octaves, std::span<const double> points, std::span<float> out) {
  if (auto ok = check_points(dims, points, out, dims == 3 || dims == 4, "glm"); !ok) return ok;
  if (dims == 3) {
    glm_points3(points.data(), out.size(), octaves, out.data());
  } else {
    glm_points4(points.data(), out.size(), octaves, out.data());
  }
  return {};
}

}  // namespace vknoise::bench
