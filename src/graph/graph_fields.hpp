// Fields of a graph (field_spec::noise_graph set): what validate(field), fill_reference and
// fill_mirror (field.hpp) do for them. The field is validated by the caller except in
// validate_graph_field.
#pragma once

#include <span>

#include "vknoise/field.hpp"
#include "vknoise/graph.hpp"
#include "vknoise/permutation.hpp"
#include "vknoise/result.hpp"

namespace vknoise::detail {

// validate(field) without the noise_spec's checks, errc::invalid_argument unless field.dims is
// the graph's, errc::out_of_range when a lattice coordinate leaves +-max_abs_coordinate.
status validate_graph_field(const field_spec& field);

status fill_graph_reference(const field_spec& field, const permutation_table& table,
                            std::span<double> out);
status fill_graph_reference(const field_spec& field, const permutation_table& table,
                            std::span<float> out);
status fill_graph_mirror(const field_spec& field, const permutation_table& table,
                         std::span<float> out);

// A built-in field (no noise_graph) as the graph field that computes it bit for bit
// (graph::from_noise); a graph field as it is. The caller has validated the field as it was given
// (validate(field)), so a built-in field keeps the built-in checks and messages.
// errc::out_of_memory.
result<field_spec> as_graph_field(const field_spec& field);

// What eval_reference and eval_mirror (graph.hpp) check of their points and output size.
status validate_graph_points(const graph& g, std::span<const double> points, std::size_t out_size);

}  // namespace vknoise::detail
