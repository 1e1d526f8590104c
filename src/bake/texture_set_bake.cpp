#include "bake/texture_set_bake.hpp"

#include <sys/stat.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <bit>
#include <filesystem>
#include <memory>

#include "core/bounded_read.hpp"
#include "io/atomic_file.hpp"
#include "io/ktx2_writer.hpp"

#ifndef VKNOISE_VERSION
#error "VKNOISE_VERSION (the project's version string) is set by src/bake/CMakeLists.txt"
#endif

namespace vknoise::bake {
namespace {

using json = nlohmann::ordered_json;

const texture_recipe* recipe_named(const texture_set& set, const std::string& name) {
  for (const texture_recipe& recipe : set.textures) {
    if (recipe.name == name) return &recipe;
  }
  return nullptr;
}

std::string texture_names(const texture_set& set) {
  std::string names;
  for (const texture_recipe& recipe : set.textures) {
    names += (names.empty() ? "" : ", ") + std::string(recipe.name);
  }
  return names;
}

// Every NAME of --graph or --size names a texture of the set, once.
template <typename Value>
status check_names(const texture_set& set, const char* flag,
                   const std::vector<std::pair<std::string, Value>>& given) {
  for (std::size_t i = 0; i < given.size(); ++i) {
    const std::string& name = given[i].first;
    if (!recipe_named(set, name)) {
      return make_error(errc::invalid_argument,
                        std::string(flag) + " " + name + "=...: the " + std::string(set.name) +
                            " set has no texture '" + name + "' (" + texture_names(set) + ")");
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (given[j].first == name) {
        return make_error(errc::invalid_argument,
                          std::string(flag) + " " + name + "=... is given twice");
      }
    }
  }
  return {};
}

template <typename Value>
const Value* given_for(const std::vector<std::pair<std::string, Value>>& given,
                       std::string_view name) {
  for (const auto& [key, value] : given) {
    if (key == name) return &value;
  }
  return nullptr;
}

status check_size(const texture_recipe& recipe, std::uint32_t size) {
  if (size == 0 || size > recipe.max_size || !std::has_single_bit(size)) {
    return make_error(errc::invalid_argument,
                      "--size " + std::string(recipe.name) + "=" + std::to_string(size) + ": the " +
                          std::string(recipe.name) +
                          " texture's side must be a power of two from 1 to " +
                          std::to_string(recipe.max_size) +
                          " (a power of two places every texel exactly and tiles its mips)");
  }
  return {};
}

const char* content_name(texture_content content) {
  switch (content) {
    case texture_content::values:
      return "values";
    case texture_content::curl:
      return "curl";
    case texture_content::height_normal:
      return "height-normal";
  }
  return "";
}

std::string file_of(const std::string& dir, const texture_plan& plan) {
  return (std::filesystem::path(dir) / texture_file_name(*plan.recipe)).string();
}

io::ktx2_options ktx2_options_of(const texture_plan& plan, const set_request& request) {
  io::ktx2_options options;
  options.format = plan.recipe->format;
  options.mips = true;
  options.zstd_level = request.zstd_level;
  return options;
}

}  // namespace

result<std::vector<texture_plan>> plan_texture_set(const set_request& request,
                                                   std::uint64_t max_bytes) {
  const texture_set& set = *request.set;
  if (auto names = check_names(set, "--graph", request.graph_files); !names) {
    return names.error_value();
  }
  if (auto names = check_names(set, "--size", request.sizes); !names) return names.error_value();
  const bool has_array = std::any_of(set.textures.begin(), set.textures.end(), [](const auto& r) {
    return r.shape == io::ktx2_shape::array_2d;
  });
  if (request.frames && !has_array) {
    return make_error(errc::invalid_argument,
                      "--frames: the " + std::string(set.name) + " set has no texture of frames");
  }
  const std::uint32_t frames = request.frames.value_or(default_frames);
  if (frames == 0 || frames > max_frames) {
    return make_error(errc::invalid_argument, "--frames " + std::to_string(frames) +
                                                  ": expected 1 to " + std::to_string(max_frames));
  }
  std::vector<texture_plan> plans;
  for (const texture_recipe& recipe : set.textures) {
    texture_plan plan;
    plan.recipe = &recipe;
    const std::string* file = given_for(request.graph_files, recipe.name);
    const std::string who =
        file ? "--graph " + std::string(recipe.name) + "=" + *file
             : "the built-in graph graphs/bake/" + std::string(recipe.graph_name) + ".json";
    if (file) {
      auto text = detail::read_regular_file(*file, graph::max_text_bytes);
      if (!text) return make_error(errc::io_error, who + ": " + text.message());
      plan.graph_json = std::move(text).value();
      plan.graph_source = *file;
    } else {
      plan.graph_json = std::string(recipe_graph_json(recipe.graph_name));
      plan.graph_source = "graphs/bake/" + std::string(recipe.graph_name) + ".json";
    }
    auto parsed = graph::parse(plan.graph_json);
    if (!parsed) return make_error(errc::invalid_argument, who + ": " + parsed.message());
    auto field_graph = recipe_field_graph(recipe, *parsed, who);
    if (!field_graph) return field_graph.error_value();
    plan.field_graph = std::move(field_graph).value();
    const std::uint32_t* size = given_for(request.sizes, recipe.name);
    plan.size = size ? *size : recipe.size;
    if (auto fits = check_size(recipe, plan.size); !fits) return fits.error_value();
    plan.frames = recipe.shape == io::ktx2_shape::array_2d ? frames : 1;
    if (texel_bytes(plan) > max_bytes) {
      return make_error(
          errc::invalid_argument,
          "the " + std::string(recipe.name) + " texture at side " + std::to_string(plan.size) +
              " needs " + std::to_string(texel_bytes(plan) >> 20) +
              " MiB of floats, over the limit of " + std::to_string(max_bytes >> 20) + " MiB");
    }
    // Every texel the fill computes must be a field the library takes (lattice coordinates
    // within range, the graph's limits): checked for the texture and its last layer.
    for (const std::uint32_t frame : {0u, plan.frames - 1}) {
      if (auto valid = validate(texture_field(plan, frame)); !valid) {
        return make_error(errc::invalid_argument, who + ": " + valid.message());
      }
    }
    plans.push_back(std::move(plan));
  }
  return plans;
}

std::string bake_json(const set_request& request, std::span<const texture_plan> plans) {
  json root;
  root["vknoise_bake"] = 1;
  root["set"] = std::string(request.set->name);
  root["vknoise_version"] = VKNOISE_VERSION;
  root["table"] = request.table;
  root["texel_position"] = "texel i of N at i / N on each axis of the unit square or cube";
  json textures = json::object();
  for (const texture_plan& plan : plans) {
    const texture_recipe& recipe = *plan.recipe;
    const io::ktx2_image image = texture_image(plan);
    json texture;
    texture["file"] = texture_file_name(recipe);
    texture["format"] = io::ktx2_format_name(recipe.format);
    texture["vk_format"] = static_cast<std::uint32_t>(recipe.format);
    texture["shape"] = io::ktx2_shape_name(recipe.shape);
    texture["size"] = recipe.shape == io::ktx2_shape::texture_2d
                          ? json::array({image.width, image.height})
                          : json::array({image.width, image.height, image.depth});
    if (recipe.shape == io::ktx2_shape::array_2d) {
      texture["frames"] = plan.frames;
      texture["frame_time"] = "layer k at t = k / frames; t = 1 equals t = 0";
    }
    texture["levels"] = io::ktx2_full_level_count(image);
    texture["zstd"] = request.zstd_level ? json(*request.zstd_level) : json(nullptr);
    texture["content"] = content_name(recipe.content);
    texture["channels"] = std::string(recipe.channels);
    texture["graph_source"] = plan.graph_source;
    // The text was read by the graph reader, which takes one JSON value and nothing after it.
    texture["graph"] = json::parse(plan.graph_json);
    textures[std::string(recipe.name)] = std::move(texture);
  }
  root["textures"] = std::move(textures);
  return root.dump(2) + "\n";
}

status check_output_directory(const std::string& dir) {
  struct stat info {};
  if (::stat(dir.c_str(), &info) != 0) {
    return make_error(errc::io_error, "--out " + dir + ": no such directory");
  }
  if (!S_ISDIR(info.st_mode)) {
    return make_error(errc::io_error, "--out " + dir + ": not a directory");
  }
  return io::check_writable((std::filesystem::path(dir) / "bake.json").string());
}

status write_texture_set(const std::string& dir, const set_request& request,
                         std::span<const texture_plan> plans,
                         std::span<const std::vector<float>> texels) {
  // Each file complete in its temporary file before any replaces its target.
  std::vector<io::atomic_file> staged;
  for (std::size_t i = 0; i < plans.size(); ++i) {
    auto bytes =
        io::encode_ktx2(texture_image(plans[i]), texels[i], ktx2_options_of(plans[i], request));
    if (!bytes) return bytes.error_value();
    auto file = io::atomic_file::create(file_of(dir, plans[i]));
    if (!file) return file.error_value();
    if (auto written = file->write(*bytes); !written) return written;
    staged.push_back(std::move(file).value());
  }
  const std::string text = bake_json(request, plans);
  auto json_file = io::atomic_file::create((std::filesystem::path(dir) / "bake.json").string());
  if (!json_file) return json_file.error_value();
  if (auto written = json_file->write(std::as_bytes(std::span(text))); !written) return written;
  staged.push_back(std::move(json_file).value());
  for (io::atomic_file& file : staged) {
    if (auto committed = file.commit(); !committed) return committed;
  }
  return {};
}

}  // namespace vknoise::bake
