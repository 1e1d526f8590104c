#!/bin/sh
# Counts the operations per sample of the kernel vknoise_kernel_bench runs for each basis (one
# octave, the built-in field's graph), mechanically: `vknoise graph --emit-glsl` prints the
# kernel, its fixed-count loops get [[unroll]] hints (cellular noise's search loops keep theirs:
# their trip counts depend on the sample), glslc -O and spirv-opt --loop-unroll -O compile it,
# and bench/count_kernel_ops.py classifies the instructions (docs/benchmarks.md has the results).
# Simplex and flow noise are counted twice: as they are, and with their per-corner contribution
# (the branch taken when a corner lies within its radius) cut out, so that the difference over
# the D + 1 corners is the cost of one contributing corner. The cut keeps the corner's offset,
# hash and angle alive by adding them into the sum (else the compiler would drop all that feeds
# only the contribution): per corner it adds one conversion and one add (simplex; it also drops
# the corner's compare) or one conversion and three adds (flow, the same), which the line it
# prints says to subtract.
# Usage: tools/count_kernel_ops.sh [VKNOISE_BINARY]   (default build/src/cli/vknoise)
# Needs glslc, spirv-opt, spirv-dis and python3.
set -eu
vknoise=${1:-build/src/cli/vknoise}
here=$(dirname "$0")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for case in improved:3 improved:4 simplex:2 simplex:3 simplex:4 flow:2 flow:3 cellular:2 \
            cellular:3 cellular:4; do
  basis=${case%:*}
  dims=${case#*:}
  printf '{"vknoise_graph": 1, "dims": %s, "nodes": {"p": {"kind": "position"}, "n": {"kind": "noise", "basis": "%s", "at": "p"}}, "outputs": {"value": "n"}}\n' \
    "$dims" "$basis" >"$work/graph.json"
  "$vknoise" graph --emit-glsl "$work/graph.json" >"$work/kernel.comp"
  # Hints on every loop but the search's (for (int i0 = ..., i1, i2, i3).
  sed -e 's/^#version 450$/#version 450\n#extension GL_EXT_control_flow_attributes : require/' \
      -e '/for (int i[0-3] = /!s/\bfor (/[[unroll]] for (/' \
      "$work/kernel.comp" >"$work/unrolled.comp"
  count() {
    glslc -fshader-stage=compute -O "$1" -o "$work/kernel.spv"
    spirv-opt --loop-unroll -O "$work/kernel.spv" -o "$work/opt.spv"
    spirv-dis --raw-id "$work/opt.spv" -o "$work/opt.dis"
    python3 "$here/../bench/count_kernel_ops.py" "$work/opt.dis"
  }
  echo "== $basis ${dims}D"
  count "$work/unrolled.comp"
  case $basis in
    simplex)
      cut='s/if (t < 0\.0) {/if (true) { n[corner] = t + float(c.gi[corner]); } else if (t < 0.0) {/'
      extra=1 ;;
    flow)
      cut='s/if (w > 0\.0) {/sum = sum + ((w + float(c.h[k])) + alpha_r); if (false) {/'
      extra=3 ;;
    *) continue ;;
  esac
  sed -e "$cut" "$work/unrolled.comp" >"$work/no_corner.comp"
  echo "-- without the corners' contributions ($extra float op(s) per corner to subtract)"
  count "$work/no_corner.comp"
done
