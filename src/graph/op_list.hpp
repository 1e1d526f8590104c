// The graph ops, one row each. This one list makes the op enum (graph_ir.hpp), the op table
// (op_table.hpp, which says what each column means) and every walker's case for a pointwise op.
// A row is one of two kinds:
//
//   SHAPED(id, value, rounding, rule, simd, words, check, fields...)
//     An op each walker handles in a case of its own: the domains, the bases, the piecewise
//     tables, constants, and division (which the float path does by a reciprocal word).
//
//   POINTWISE(id, rounding, simd, words, check, fields...)
//     A scalar function of its scalar inputs (its scalar_in fields, in order) and of its words
//     struct's members (in order), with its derivative taken by the twin rule:
//       graph_ID(input_0, .., words..)  graph_ID_d(input_0, gradient_0, input_1, .., words..)
//     in each of the three twins (graph_ops.hpp, shaders/graph_ops.glsl and, when simd,
//     cpu/graph_ops-inl.h). The reader, the layout, the evaluators, the GLSL emitter and the SIMD
//     kernels all handle these without a case of their own.
//
// Adding a pointwise op: its row here; its words struct and its check in op_table.{hpp,cpp} when
// it has parameters or limits; its twins; docs/graph.md.
//
// The macro names the parts of op_table.hpp (value_type, precision, derivative, the words
// structs, the checks and the field makers); only op_table.hpp expands the whole rows.
#pragma once

// clang-format off
#define VKNOISE_GRAPH_OPS(SHAPED, POINTWISE)                                                      \
  /* vectors (domains and colours) */                                                            \
  SHAPED(position, vt::vector, pr::exact, dr::jacobian, true, no_words, nullptr)                  \
  SHAPED(scale, vt::vector, pr::exact, dr::jacobian, true, scale_words, nullptr,                  \
         other("in"), other("factor"))                                                            \
  SHAPED(offset, vt::vector, pr::exact, dr::jacobian, true, offset_words, nullptr,                \
         other("in"), other("by"))                                                                \
  SHAPED(rotate, vt::vector, pr::exact, dr::jacobian, true, rotate_words, nullptr,                \
         other("in"), other("matrix"))                                                            \
  SHAPED(warp, vt::vector, pr::exact, dr::jacobian, true, warp_words, nullptr,                    \
         other("in"), other("by"), other("amplitude", optional))                                  \
  SHAPED(combine, vt::vector, pr::exact, dr::jacobian, true, no_words, nullptr,                   \
         other("components"))                                                                     \
  SHAPED(ramp, vt::vector, pr::exact, dr::jacobian, true, piecewise_words, nullptr,               \
         other("in"), other("stops"))                                                             \
  /* scalars */                                                                                   \
  SHAPED(constant, vt::scalar, pr::exact, dr::flat, true, constant_words, nullptr,                \
         number("value"))                                                                         \
  SHAPED(component, vt::scalar, pr::exact, dr::twin, true, component_words, nullptr,              \
         other("in"), other("axis"))                                                              \
  SHAPED(noise, vt::scalar, pr::exact, dr::basis, true, noise_words, nullptr,                     \
         other("basis", optional), other("at", optional), other("seed", optional),                \
         other("table", optional), other("classic_seed", optional),                               \
         other("interpolation", optional), other("smooth", optional),                             \
         other("distance", optional), other("return", optional), other("jitter", optional),       \
         other("angle", optional), other("period", optional))                                     \
  SHAPED(fractal, vt::scalar, pr::exact, dr::basis, true, fractal_words, nullptr,                 \
         other("noise"), other("type", optional), other("octaves", optional),                     \
         other("persistence", optional), other("lacunarity", optional),                           \
         other("octave_offsets", optional), other("advection", optional))                         \
  POINTWISE(add, pr::exact, true, no_words, nullptr, scalar_in("a"), scalar_in("b"))              \
  POINTWISE(sub, pr::exact, true, no_words, nullptr, scalar_in("a"), scalar_in("b"))              \
  POINTWISE(mul, pr::exact, true, no_words, nullptr, scalar_in("a"), scalar_in("b"))              \
  SHAPED(div, vt::scalar, pr::exact_by_constant, dr::twin, true, no_words, check_divisor,         \
         scalar_in("a"), scalar_in("b"))                                                          \
  POINTWISE(min, pr::exact, true, no_words, nullptr, scalar_in("a"), scalar_in("b"))              \
  POINTWISE(max, pr::exact, true, no_words, nullptr, scalar_in("a"), scalar_in("b"))              \
  POINTWISE(neg, pr::exact, true, no_words, nullptr, scalar_in("in"))                             \
  POINTWISE(abs, pr::exact, true, no_words, nullptr, scalar_in("in"))                             \
  POINTWISE(floor, pr::exact, true, no_words, nullptr, scalar_in("in"))                           \
  POINTWISE(clamp, pr::exact, true, no_words, check_clamp,                                        \
            scalar_in("in"), scalar_in("lo"), scalar_in("hi"))                                    \
  POINTWISE(mix, pr::exact, true, no_words, nullptr,                                              \
            scalar_in("a"), scalar_in("b"), scalar_in("t"))                                       \
  POINTWISE(select, pr::exact, true, select_words, nullptr,                                       \
            scalar_in("a"), scalar_in("b"), scalar_in("control"), number("threshold", 0.0))       \
  POINTWISE(blend, pr::exact, true, step_words, check_step,                                       \
            scalar_in("a"), scalar_in("b"), scalar_in("control"), number("lo"), number("hi"))     \
  POINTWISE(remap, pr::exact, true, remap_words, check_remap,                                     \
            scalar_in("in"), pair("from"), pair("to"))                                            \
  POINTWISE(terrace, pr::exact, true, terrace_words, check_terrace,                               \
            scalar_in("in"), number("steps"))                                                     \
  SHAPED(curve, vt::scalar, pr::exact, dr::twin, true, piecewise_words, nullptr,                  \
         other("in"), other("points"))                                                            \
  POINTWISE(pingpong, pr::exact, true, no_words, nullptr,                                         \
            scalar_in("in"), scalar_in("strength", 2.0))                                          \
  POINTWISE(smoothstep, pr::exact, true, step_words, check_step,                                  \
            scalar_in("in"), number("lo", 0.0), number("hi", 1.0))                                \
  POINTWISE(smooth_min, pr::exact, true, smooth_words, check_smoothness,                         \
            scalar_in("a"), scalar_in("b"), number("smoothness", 0.1))                            \
  POINTWISE(smooth_max, pr::exact, true, smooth_words, check_smoothness,                         \
            scalar_in("a"), scalar_in("b"), number("smoothness", 0.1))                            \
  POINTWISE(sqrt, pr::bounded, false, no_words, nullptr, scalar_in("in"))                         \
  POINTWISE(pow, pr::bounded, false, no_words, nullptr, scalar_in("a"), scalar_in("b"))           \
  POINTWISE(sin, pr::bounded, false, no_words, nullptr, scalar_in("in"))                          \
  POINTWISE(cos, pr::bounded, false, no_words, nullptr, scalar_in("in"))
// clang-format on

// For an expansion over one kind of row: the other kind's rows expand to nothing.
#define VKNOISE_GRAPH_OP_SKIP(...)
