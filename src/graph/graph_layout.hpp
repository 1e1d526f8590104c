// Where a graph's parameters, tables and lattice coordinates live, for the float mirror and the
// GPU kernel alike (the double reference reads the nodes' parameters directly):
//
// constants  32-bit words (floats as their bits, counts and indices as uints), binding
//            VKNOISE_BINDING_GRAPH_CONSTANTS. Node i's fixed part starts at word node_base[i]; its
//            size depends on the graph's structure only, so the generated kernel names the words
//            by literal index. What varies with parameters (curve and ramp points, the slots of
//            a fractal's octaves) lives after the fixed parts, found through a word of the fixed
//            part. Changing any parameter therefore changes these words and never the kernel.
// tables     the distinct permutation tables the noise nodes read (table index per noise node),
//            512 doubled entries each, concatenated; and classic noise's gradient tables (seed and
//            dims per entry), 256 vec4 each.
// slots      the host-reduced lattice coordinates a sample reads: one per octave of every noise
//            or fractal node that samples a lattice domain, and one per component read of a
//            lattice domain or rotation of one ("raw": the position in float, cells 0). They
//            are laid out as a
//            built-in field's octaves (vknoise_shared.h, field_push_constants and
//            points_push_constants, with octaves = slot_count()).
//
// Lattice domains: position through constant scale and offset (a chain applied in double, in the
// graph's order) and warps (a float displacement added on the device). Every other domain is a
// float vector.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "graph/graph_ir.hpp"
#include "vknoise/noise.hpp"
#include "vknoise/permutation.hpp"

namespace vknoise::graph_ir {

// One step of a lattice domain's chain, per component: x * value or x + value, in double.
struct chain_step {
  bool multiply;
  double value[4];
  int node = -1;  // the scale or offset node it comes from
};

struct lattice_chain {
  std::vector<chain_step> steps;
  // The chain of the domain, with float displacement d (from warps) on top when displaced.
  bool displaced = false;
};

enum class slot_kind : std::uint8_t {
  lattice,  // octave_coordinate(octave_spec, axis, octave, chain(x)): cells and fraction, or a
            // simplex noise's whole position
  raw       // {0, 0, 0, 0, float(chain(x))}
};

struct slot {
  slot_kind kind = slot_kind::lattice;
  int chain = 0;           // index into layout::chains
  noise_spec octave_spec;  // period, lacunarity, octave_offsets (as a built-in field's octaves)
  int octave = 0;
  int node = -1;  // the node that reads it (a fractal for its octaves)
};

struct table_ref {
  table_source source;
  std::uint64_t seed;  // table_source::seed
};

struct gradient_ref {
  std::uint64_t classic_seed;
  int dims;
};

// How a node's value is represented (per node, for vectors only).
enum class domain_form : std::uint8_t {
  none,     // a scalar, or a colour vector
  lattice,  // chain from position, plus displacement when chain.displaced
  vector    // a float vector
};

struct layout {
  std::vector<std::uint32_t> node_base;    // first constant word of each node's fixed part
  std::vector<std::uint32_t> node_params;  // ... of its words struct (after its constant inputs)
  std::vector<std::uint32_t> words;        // all constant words
  std::uint32_t fixed_words = 0;           // words before the variable area
  std::vector<domain_form> form;           // per node
  std::vector<int> node_chain;             // per lattice node: index into chains, else -1
  std::vector<lattice_chain> chains;
  std::vector<slot> slots;
  std::vector<int> node_table;     // per noise node: index into tables, else -1
  std::vector<int> node_gradient;  // per classic noise node: index into gradients, else -1
  std::vector<table_ref> tables;
  std::vector<gradient_ref> gradients;
  std::vector<bool> direct_use;  // per noise node: read other than by a fractal (one slot)
  // The slot words whose value the structure fixes (no fractal, whose slot count is its octaves,
  // takes slots before them): the kernel writes these as literals instead of reading them.
  std::vector<std::uint32_t> structural_words;
  int slot_count() const { return static_cast<int>(slots.size()); }
};

// How a vector node's gradient (with derivatives, graph_ir::output_mode) is known: the
// position's (identity), scaled per axis from it (diagonal), or any (full). The chain rule
// through the first two multiplies nothing that is not there, so a graph equal to a built-in
// field gets the built-in's derivatives bit for bit. Per node; `full` for scalars.
enum class jacobian_form : std::uint8_t { identity, diagonal, full };
std::vector<jacobian_form> jacobian_forms(const graph& g);

// The layout of a valid graph (graph::parse checked it).
layout make_layout(const graph& g);

// The permutation table of each tables entry, `field` standing for table_source::field.
std::vector<permutation_table> resolve_tables(const layout& l, const permutation_table& field);

// A slot's coordinate on `axis` (below the graph's dims) at double position x on that axis.
lattice_coord slot_coordinate(const layout& l, int slot_index, int axis, double x);
// slot_coordinate at each of `positions`, into out (as many entries).
void slot_coordinates(const layout& l, int slot_index, int axis, std::span<const double> positions,
                      std::span<lattice_coord> out);

// The double position after a lattice chain, on one axis.
double apply_chain(const lattice_chain& chain, int axis, double x);

// The largest |coordinate| any lattice slot reaches for |x| <= bound on `axis` (for the domain
// check against max_abs_coordinate).
double max_slot_position(const layout& l, int axis, double bound);

// What first takes a coordinate of `axis` (|x| <= bound) to `limit` or beyond: the node (a scale
// or offset of a lattice chain, or the fractal whose octave scaling does it; -1 when the position
// itself reaches it), and the largest |coordinate| after it.
struct domain_excess {
  int node = -1;
  double reached = 0;
};
domain_excess find_domain_excess(const layout& l, int axis, double bound, double limit);

}  // namespace vknoise::graph_ir
