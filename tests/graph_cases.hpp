// Graphs the CPU tests share (graph_eval_test.cpp, cpu_fill_test.cpp).
#pragma once

namespace graph_cases {

// One graph per node kind (and per domain form where it matters), all exact.
inline const char* const node_graphs[] = {
    // arithmetic on two noises with their own tables
    R"({"dims": 3, "nodes": {"p": {"kind": "position"},
        "a": {"kind": "noise", "at": "p", "seed": 3}, "b": {"kind": "noise", "at": "p", "table": "perlin"},
        "s": {"kind": "add", "a": "a", "b": "b"}, "d": {"kind": "sub", "a": "s", "b": 0.25},
        "m": {"kind": "mul", "a": "d", "b": "b"}, "q": {"kind": "div", "a": "m", "b": 3},
        "lo": {"kind": "min", "a": "q", "b": "a"}, "hi": {"kind": "max", "a": "q", "b": "a"},
        "n": {"kind": "neg", "in": "lo"}, "ab": {"kind": "abs", "in": "n"},
        "fl": {"kind": "floor", "in": "m"}},
       "outputs": {"lo": "lo", "hi": "hi", "ab": "ab", "fl": "fl"}})",
    // shaping
    R"({"dims": 2, "nodes": {"p": {"kind": "position"},
        "f": {"kind": "fractal", "noise": "n", "type": "fbm", "octaves": 4},
        "n": {"kind": "noise", "at": "p"},
        "c": {"kind": "clamp", "in": "f", "lo": -0.2, "hi": 0.3},
        "x": {"kind": "mix", "a": "c", "b": "n", "t": 0.3},
        "s": {"kind": "select", "a": "x", "b": "c", "control": "n", "threshold": 0.1},
        "bl": {"kind": "blend", "a": "s", "b": 1.0, "control": "f", "lo": -0.3, "hi": 0.4},
        "r": {"kind": "remap", "in": "bl", "from": [-1, 1], "to": [0, 10]},
        "t": {"kind": "terrace", "in": "r", "steps": 3},
        "cu": {"kind": "curve", "in": "f", "points": [[-0.5, 0], [0, 0.2], [0.2, 0.9], [0.6, 1]]}},
       "outputs": {"t": "t", "cu": "cu"}})",
    // a colour ramp
    R"({"dims": 3, "nodes": {"n": {"kind": "noise"},
        "u": {"kind": "remap", "in": "n", "from": [-1, 1], "to": [0, 1]},
        "ramp": {"kind": "ramp", "in": "u", "stops": [[0, 0.1, 0.2, 0.3], [0.4, 0.9, 0.5, 0.1], [1, 1, 1, 1]]}},
       "outputs": {"r": "ramp.r", "g": "ramp.g", "b": "ramp.b"}})",
    // lattice domains: scale, offset and warp of the position, and a warped fractal
    R"({"dims": 3, "nodes": {"p": {"kind": "position"},
        "s": {"kind": "scale", "in": "p", "factor": [2, 0.5, 3]},
        "o": {"kind": "offset", "in": "s", "by": 17.25},
        "w1": {"kind": "noise", "at": "p", "seed": 9}, "w2": {"kind": "noise", "at": "o"},
        "w": {"kind": "warp", "in": "o", "by": ["w1", "w2", 0.5], "amplitude": 0.8},
        "ws": {"kind": "scale", "in": "w", "factor": 1.5},
        "n": {"kind": "noise", "at": "ws"},
        "f": {"kind": "fractal", "noise": "n", "type": "ridged", "octaves": 4, "octave_offsets": true},
        "y": {"kind": "component", "in": "w", "axis": "y"}},
       "outputs": {"f": "f", "y": "y"}})",
    // float domains: rotate and combine, a fractal with octave offsets over one
    R"({"dims": 3, "nodes": {"p": {"kind": "position"},
        "r": {"kind": "rotate", "in": "p", "matrix": [[0.8, -0.6, 0], [0.6, 0.8, 0], [0, 0, 1]]},
        "n": {"kind": "noise", "at": "r", "basis": "classic"},
        "f": {"kind": "fractal", "noise": "n", "octaves": 3, "octave_offsets": true},
        "x": {"kind": "component", "in": "r", "axis": 0},
        "c": {"kind": "combine", "components": ["x", "f", 2.5, "n"]},
        "v": {"kind": "noise", "at": "c", "basis": "value"},
        "g": {"kind": "fractal", "noise": "v", "type": "billow", "octaves": 2}},
       "outputs": {"f": "f", "g": "g", "x": "x"}})",
    // FastNoise2's pingpong (a constant strength, and a node's), smoothstep (its defaults, and a
    // range), and MinSmooth and MaxSmooth (a smoothness, and the default)
    R"({"dims": 3, "nodes": {"p": {"kind": "position"},
        "n": {"kind": "noise", "at": "p"},
        "f": {"kind": "fractal", "noise": "n", "type": "fbm", "octaves": 3},
        "pp": {"kind": "pingpong", "in": "f", "strength": 2.5},
        "k": {"kind": "remap", "in": "n", "from": [-1, 1], "to": [1, 3]},
        "pk": {"kind": "pingpong", "in": "n", "strength": "k"},
        "pd": {"kind": "pingpong", "in": "f"},
        "s": {"kind": "smoothstep", "in": "pk"},
        "sr": {"kind": "smoothstep", "in": "f", "lo": -0.25, "hi": 0.5},
        "sn": {"kind": "smooth_min", "a": "f", "b": "n", "smoothness": 0.5},
        "sx": {"kind": "smooth_max", "a": "sn", "b": "pd"},
        "m": {"kind": "mul", "a": "s", "b": "sx"}},
       "outputs": {"pp": "pp", "m": "m", "sr": "sr", "pk": "pk"}})",
};

// Graphs the fast path's SIMD kernels cover (improved noise and exact ops), for the domain forms
// and bases node_graphs leaves to classic and value noise: float domains (rotate, combine) under
// a fractal with octave offsets, 1D and 4D (balanced) noise, a noise read directly and by a
// fractal, a warp of a warp.
inline const char* const simd_graphs[] = {
    R"({"dims": 3, "nodes": {"p": {"kind": "position"},
        "r": {"kind": "rotate", "in": "p", "matrix": [[0.8, -0.6, 0], [0.6, 0.8, 0], [0, 0, 1]]},
        "n": {"kind": "noise", "at": "r", "seed": 4},
        "f": {"kind": "fractal", "noise": "n", "type": "turbulence", "octaves": 3, "octave_offsets": true},
        "x": {"kind": "component", "in": "r", "axis": 0},
        "c": {"kind": "combine", "components": ["x", "f", 2.5, "n"]},
        "v": {"kind": "noise", "at": "c", "basis": "improved4_balanced"},
        "g": {"kind": "fractal", "noise": "v", "type": "billow", "octaves": 2}},
       "outputs": {"f": "f", "g": "g", "x": "x", "n": "n"}})",
    R"({"dims": 1, "nodes": {"p": {"kind": "position"},
        "n": {"kind": "noise", "at": "p"},
        "f": {"kind": "fractal", "noise": "n", "type": "ridged", "octaves": 5},
        "m": {"kind": "mul", "a": "f", "b": "n"}},
       "outputs": {"m": "m"}})",
    R"({"dims": 4, "nodes": {"p": {"kind": "position"},
        "a": {"kind": "noise", "at": "p", "seed": 11},
        "b": {"kind": "noise", "at": "p", "basis": "improved4_balanced"},
        "w": {"kind": "warp", "in": "p", "by": ["a", "b", 0, "a"], "amplitude": 0.6},
        "w2": {"kind": "warp", "in": "w", "by": ["b", "a", "a", 0.25], "amplitude": 0.3},
        "f": {"kind": "fractal", "noise": "n", "octaves": 3},
        "n": {"kind": "noise", "at": "w2"},
        "r": {"kind": "rotate", "in": "w2", "matrix": [[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]]},
        "z": {"kind": "component", "in": "r", "axis": 2}},
       "outputs": {"f": "f", "z": "z"}})",
};

// Simplex, cellular and flow noise over each domain form: a lattice domain (position
// through scales), a displaced one (warped), a float one (rotated, combined); fractals with
// periods (cellular's cells and flow's lattice wrap at period x lacunarity^octave, 3 and 6
// being no powers of two), an angle node, every metric and return. Periodic noises have no
// paste-in GLSL function, so these are not among simd_graphs.
inline const char* const basis_graphs[] = {
    R"({"dims": 3, "nodes": {"p": {"kind": "position"},
        "s": {"kind": "scale", "in": "p", "factor": 0.7},
        "a": {"kind": "noise", "at": "s", "basis": "simplex"},
        "fa": {"kind": "fractal", "noise": "a", "octaves": 3, "type": "ridged"},
        "w": {"kind": "warp", "in": "s", "by": ["a", "fa", 0.5], "amplitude": 0.8},
        "b": {"kind": "noise", "at": "w", "basis": "simplex"},
        "c": {"kind": "noise", "at": "w", "basis": "cellular", "distance": "manhattan", "return": "f2-f1", "jitter": 0.7},
        "r": {"kind": "rotate", "in": "p", "matrix": [[0.8, -0.6, 0], [0.6, 0.8, 0], [0, 0, 1]]},
        "d": {"kind": "noise", "at": "r", "basis": "cellular", "return": "cell"},
        "e": {"kind": "noise", "at": "s", "basis": "cellular", "distance": "chebyshev", "return": "f1/f2", "period": [3, 4, 6]},
        "fe": {"kind": "fractal", "noise": "e", "octaves": 3, "lacunarity": 2},
        "t": {"kind": "component", "in": "p", "axis": 2},
        "angle": {"kind": "mul", "a": "t", "b": 2.5},
        "f": {"kind": "noise", "at": "s", "basis": "flow", "angle": "angle", "period": [3, 4, 5]},
        "ff": {"kind": "fractal", "noise": "f", "octaves": 3, "type": "turbulence"},
        "g": {"kind": "noise", "at": "r", "basis": "flow", "angle": 0.4},
        "x": {"kind": "add", "a": "b", "b": "c"},
        "y": {"kind": "add", "a": "d", "b": "fe"},
        "z": {"kind": "sub", "a": "ff", "b": "g"}},
       "outputs": {"fa": "fa", "x": "x", "y": "y", "z": "z"}})",
    R"({"dims": 2, "nodes": {"p": {"kind": "position"},
        "s": {"kind": "scale", "in": "p", "factor": 1.3},
        "a": {"kind": "noise", "at": "s", "basis": "cellular", "distance": "euclidean2", "return": "f1*f2"},
        "b": {"kind": "noise", "at": "s", "basis": "cellular", "return": "f2", "period": [5, 7]},
        "fb": {"kind": "fractal", "noise": "b", "octaves": 2, "lacunarity": 3},
        "c": {"kind": "noise", "at": "s", "basis": "simplex"},
        "f": {"kind": "noise", "at": "s", "basis": "flow", "angle": "c", "period": [6, 4]},
        "ff": {"kind": "fractal", "noise": "f", "octaves": 2, "type": "billow"},
        "x": {"kind": "component", "in": "p", "axis": 0},
        "m": {"kind": "combine", "components": ["x", "c"]},
        "g": {"kind": "noise", "at": "m", "basis": "cellular", "distance": "manhattan", "return": "cell", "jitter": 0}},
       "outputs": {"a": "a", "fb": "fb", "ff": "ff", "g": "g"}})",
    R"({"dims": 4, "nodes": {"p": {"kind": "position"},
        "a": {"kind": "noise", "at": "p", "basis": "simplex"},
        "b": {"kind": "noise", "at": "p", "basis": "cellular", "distance": "manhattan", "return": "f2"},
        "c": {"kind": "noise", "at": "p", "basis": "cellular", "period": [2, 3, 4, 5]},
        "w": {"kind": "warp", "in": "p", "by": ["a", "b", "c", 0], "amplitude": 0.5},
        "d": {"kind": "noise", "at": "w", "basis": "cellular", "distance": "chebyshev", "return": "cell"},
        "e": {"kind": "noise", "at": "w", "basis": "simplex"},
        "ae": {"kind": "sub", "a": "a", "b": "e"}},
       "outputs": {"ae": "ae", "b": "b", "c": "c", "d": "d"}})",
};

}  // namespace graph_cases
