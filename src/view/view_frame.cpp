#include "view/view_frame.hpp"

#include <cstring>
#include <string>

#include "cli/common_options.hpp"
#include "cli/field_options.hpp"
#include "scenes/scene.hpp"
#include "view_clouds_baked_spv.hpp"
#include "view_heightfield_spv.hpp"
#include "view_shared.h"
#include "view_slice_spv.hpp"
#include "view_volume_spv.hpp"
#include "vknoise/graph.hpp"

namespace vknoise::view {
namespace {

template <class T>
std::vector<std::byte> bytes_of(const T& value) {
  std::vector<std::byte> out(sizeof(T));
  std::memcpy(out.data(), &value, sizeof(T));
  return out;
}

// The settings' field moved along its time axis.
field_spec at_time(const view_settings& settings, field_spec field) {
  if (auto axis = time_axis(field.dims)) field.origin[*axis] += settings.time;
  return field;
}

// The derivatives where the noise has them (fractal none or fbm, no warp, not value noise), so
// the heightfield is lit by its analytic normals; other fields are lit by differences.
field_spec with_derivatives_if_possible(field_spec field) {
  if (field.noise_graph) return field;
  field_spec with = field;
  with.noise.gradient = true;
  return validate(with) ? with : field;
}

shader::orbit_params orbit_parameters(const view_settings& settings, const frame_plan& plan,
                                      std::uint32_t n, float relief) {
  shader::orbit_params p{};
  p.width = plan.width;
  p.height = plan.height;
  p.n = n;
  p.channels = static_cast<std::uint32_t>(channel_count(plan.field));
  p.yaw = static_cast<float>(settings.yaw);
  p.pitch = static_cast<float>(settings.pitch);
  p.distance = static_cast<float>(settings.distance);
  p.relief = relief;
  p.low = plan.low;
  p.high = plan.high;
  p.step = static_cast<float>(plan.field.step[0]);
  p.derivatives = plan.field.noise.gradient ? 1u : 0u;
  return p;
}

status needs_dims(const field_spec& base, int dims, const char* mode) {
  if (base.dims >= dims) return {};
  return make_error(errc::invalid_argument,
                    std::string("the ") + mode + " view needs a field of " + std::to_string(dims) +
                        " dims or more (this one has " + std::to_string(base.dims) + ")");
}

void plan_scene(frame_plan& plan, const scenes::scene& scene, double seconds) {
  plan.field = scene.field(seconds);
  plan.table = permutation_table::from_seed(scene.seed);
  plan.shader = scene.shader;
  plan.params.resize(scene.params_bytes);
  scene.params(seconds, plan.width, plan.height, plan.params.data());
}

// The clouds of a baked texture set, under the live clouds' sky (scenes::clouds_sky_of_scenes:
// the layer's bottom, the sun, the wind). They sample textures, not a field: the frame's field is
// one sample, so that every mode's frame has the same steps (the recorder's timeline point, the
// readouts).
void plan_baked_clouds(frame_plan& plan, double seconds) {
  plan.field = field_spec{};
  plan.field.dims = 1;
  plan.shader = vknoise::spirv::view_clouds_baked;
  shader::clouds_baked_params p{};
  p.width = plan.width;
  p.height = plan.height;
  const scenes::clouds_sky& sky = scenes::clouds_sky_of_scenes;
  p.base = sky.base;
  p.top = 1.8f;
  p.sun_x = sky.sun_x;
  p.sun_y = sky.sun_y;
  p.sun_z = sky.sun_z;
  p.wind = static_cast<float>(seconds * sky.wind_per_second);
  p.shape_tile = 3.0f;
  p.detail_tile = 0.75f;
  p.weather_tile = 16.0f;
  p.coverage = -0.12f;
  plan.params = bytes_of(p);
}

}  // namespace

result<settings_field> parse_settings_field(const view_settings& settings) {
  auto seed = cli::parse_noise_seed(settings.common);
  if (!seed) return seed.error_value();
  auto field = cli::parse_field(settings.field, {1, 1, 1, 1});
  if (!field) return field.error_value();
  field->noise = seed->seeded(field->noise);
  return settings_field{*field, seed->table};
}

status check_settings(const view_settings& settings) {
  auto parsed = parse_settings_field(settings);
  if (!parsed) return parsed.error_value();
  auto plan = plan_frame(settings, parsed->field, parsed->table, 16, 16, 0.0);
  if (!plan) return plan.error_value();
  return {};
}

result<frame_plan> plan_frame(const view_settings& settings, const field_spec& base,
                              const permutation_table& table, std::uint32_t width,
                              std::uint32_t height, double seconds) {
  frame_plan plan;
  plan.width = width;
  plan.height = height;
  plan.table = table;
  if (base.noise_graph) {
    const auto [lo, hi] = base.noise_graph->range();
    plan.low = static_cast<float>(lo);
    plan.high = static_cast<float>(hi);
  }
  switch (settings.mode) {
    case view_mode::slice: {
      plan.field = at_time(settings, base);
      plan.field.size = {width, base.dims >= 2 ? height : 1u, 1, 1};
      shader::slice_params p{};
      p.width = width;
      p.height = height;
      p.channels = static_cast<std::uint32_t>(channel_count(plan.field));
      p.field_rows = plan.field.size[1];
      p.colormap = settings.diff ? VIEW_COLORMAP_HEAT
                   : p.channels == 3 && base.noise_graph
                       ? VIEW_COLORMAP_RGB
                       : static_cast<std::uint32_t>(settings.colours);
      p.low = plan.low;
      p.high = plan.high;
      plan.shader = vknoise::spirv::view_slice;
      plan.params = bytes_of(p);
      break;
    }
    case view_mode::heightfield: {
      if (auto s = needs_dims(base, 2, "heightfield"); !s) return s.error_value();
      plan.field = with_derivatives_if_possible(at_time(settings, base));
      plan.field.size = {settings.grid, settings.grid, 1, 1};
      plan.shader = vknoise::spirv::view_heightfield;
      plan.params = bytes_of(
          orbit_parameters(settings, plan, settings.grid, static_cast<float>(settings.relief)));
      break;
    }
    case view_mode::volume: {
      if (auto s = needs_dims(base, 3, "volume"); !s) return s.error_value();
      plan.field = at_time(settings, base);
      plan.field.size = {settings.volume, settings.volume, settings.volume, 1};
      plan.shader = vknoise::spirv::view_volume;
      // Density gain: the heightfield's relief 0.25 gives a gain of 4.
      shader::orbit_params p = orbit_parameters(settings, plan, settings.volume,
                                                static_cast<float>(settings.relief * 16.0));
      p.low = 0.0f;  // matter where the value is above 0
      plan.params = bytes_of(p);
      break;
    }
    case view_mode::ocean:
      plan_scene(plan, scenes::ocean(settings.grid), seconds);
      plan.low = -1;
      plan.high = 1;
      break;
    case view_mode::clouds:
      if (!settings.textures.empty()) {
        plan_baked_clouds(plan, seconds);
        break;
      }
      plan_scene(plan, scenes::clouds(settings.volume, settings.layers, settings.scene_octaves),
                 seconds);
      plan.low = -1;
      plan.high = 1;
      break;
  }
  if (auto s = validate(plan.field); !s) return s.error_value();
  return plan;
}

}  // namespace vknoise::view
