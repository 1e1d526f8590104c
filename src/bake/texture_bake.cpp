#include "bake/texture_bake.hpp"

#include <cmath>
#include <new>

namespace vknoise::bake {

result<std::shared_ptr<const graph>> recipe_field_graph(const texture_recipe& recipe,
                                                        const graph& recipe_graph,
                                                        const std::string& who) {
  const std::string texture = "the " + std::string(recipe.name) + " texture's graph";
  if (recipe_graph.dims() != recipe.graph_dims) {
    return make_error(errc::invalid_argument,
                      who + ": " + texture + " needs dims " + std::to_string(recipe.graph_dims) +
                          ", the graph has " + std::to_string(recipe_graph.dims()));
  }
  const int outputs = static_cast<int>(recipe_graph.output_names().size());
  if (outputs != recipe.graph_outputs) {
    return make_error(errc::invalid_argument,
                      who + ": " + texture + " needs " + std::to_string(recipe.graph_outputs) +
                          (recipe.graph_outputs == 1 ? " output" : " outputs") + " (" +
                          std::string(recipe.channels) + "), the graph has " +
                          std::to_string(outputs));
  }
  if (recipe.content != texture_content::curl) {
    return std::make_shared<const graph>(recipe_graph);
  }
  auto curl = recipe_graph.with_outputs(graph_outputs::curl);
  if (!curl) return make_error(errc::invalid_argument, who + ": " + curl.message());
  return std::make_shared<const graph>(std::move(curl).value());
}

field_spec texture_field(const texture_plan& plan, std::uint32_t frame, std::uint32_t past_edge) {
  const texture_recipe& recipe = *plan.recipe;
  field_spec field;
  field.dims = recipe.graph_dims;
  field.noise_graph = plan.field_graph;
  const std::uint32_t side = plan.size + past_edge;
  const double step = 1.0 / plan.size;
  field.step = {step, step, step, 1.0};
  switch (recipe.shape) {
    case io::ktx2_shape::texture_2d:
      field.size = {side, side, 1, 1};  // a 3D graph's z = 0 slice
      break;
    case io::ktx2_shape::volume_3d:
      field.size = {side, side, side, 1};
      break;
    case io::ktx2_shape::array_2d:
      field.size = {side, side, 1, 1};
      field.origin[2] = static_cast<double>(frame) / plan.frames;
      break;
  }
  return field;
}

io::ktx2_image texture_image(const texture_plan& plan) {
  io::ktx2_image image;
  image.shape = plan.recipe->shape;
  image.width = image.height = plan.size;
  image.depth = plan.recipe->shape == io::ktx2_shape::volume_3d  ? plan.size
                : plan.recipe->shape == io::ktx2_shape::array_2d ? plan.frames
                                                                 : 1;
  image.channels =
      plan.recipe->content == texture_content::height_normal ? 4 : plan.recipe->graph_outputs;
  return image;
}

std::uint64_t texel_bytes(const texture_plan& plan) {
  const io::ktx2_image image = texture_image(plan);
  return std::uint64_t{image.width} * image.height * image.depth *
         static_cast<std::uint64_t>(image.channels) * sizeof(float);
}

std::vector<float> heights_with_normals(std::span<const float> heights, std::uint32_t width,
                                        std::uint32_t height) {
  std::vector<float> texels(heights.size() * 4);
  // The texel spacing is 1 / side: a central difference over two texels is multiplied by side / 2.
  const float x_scale = 0.5f * static_cast<float>(width);
  const float y_scale = 0.5f * static_cast<float>(height);
  for (std::uint32_t y = 0; y < height; ++y) {
    const std::uint32_t up = (y + height - 1) % height, down = (y + 1) % height;
    for (std::uint32_t x = 0; x < width; ++x) {
      const std::uint32_t left = (x + width - 1) % width, right = (x + 1) % width;
      const float h = heights[std::size_t{y} * width + x];
      const float dx =
          (heights[std::size_t{y} * width + right] - heights[std::size_t{y} * width + left]) *
          x_scale;
      const float dy =
          (heights[std::size_t{down} * width + x] - heights[std::size_t{up} * width + x]) * y_scale;
      const float length = std::sqrt(dx * dx + dy * dy + 1.0f);
      float* texel = &texels[(std::size_t{y} * width + x) * 4];
      texel[0] = h;
      texel[1] = -dx / length;
      texel[2] = -dy / length;
      texel[3] = 1.0f / length;
    }
  }
  return texels;
}

result<std::vector<float>> bake_texels(const texture_plan& plan, const fill_function& fill) {
  const texture_recipe& recipe = *plan.recipe;
  try {
    if (recipe.content == texture_content::height_normal) {
      // Layer by layer: each is its own field at its time, and its normals need the whole layer.
      const std::size_t layer_texels = std::size_t{plan.size} * plan.size;
      std::vector<float> texels;
      texels.reserve(layer_texels * 4 * plan.frames);
      std::vector<float> heights(layer_texels);
      for (std::uint32_t frame = 0; frame < plan.frames; ++frame) {
        if (status filled = fill(texture_field(plan, frame), heights); !filled) {
          return filled.error_value();
        }
        const std::vector<float> layer = heights_with_normals(heights, plan.size, plan.size);
        texels.insert(texels.end(), layer.begin(), layer.end());
      }
      return texels;
    }
    const field_spec field = texture_field(plan, 0);
    std::vector<float> texels(value_count(field));
    if (status filled = fill(field, texels); !filled) return filled.error_value();
    if (recipe.content == texture_content::curl) {
      for (float& c : texels) c = c * 0.5f + 0.5f;
    }
    return texels;
  } catch (const std::bad_alloc&) {
    return make_error(errc::out_of_memory,
                      "out of memory for the " + std::string(recipe.name) + " texture's texels");
  }
}

}  // namespace vknoise::bake
