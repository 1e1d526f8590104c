#!/usr/bin/env bash
# The speed of `vknoise bake clouds`: the wall time of the whole default set (computing the four
# textures, their mips, the conversion and the files), per backend. One warm-up run of each
# backend (the kernel cache and the pipeline cache filled), then RUNS rounds that alternate the
# backends, so a change in the machine's load reaches each alike; prints every run, the median of
# each backend, and the load average before and after. Needs bash, coreutils and awk only (it also
# runs from the GPU bundle).
# Usage: bake_timing.sh VKNOISE [RUNS (default 5)] [BACKENDS (default gpu,cpu)]
set -euo pipefail

[[ $# -ge 1 && -x $1 ]] || { echo "usage: bake_timing.sh VKNOISE [RUNS] [BACKENDS]" >&2; exit 2; }
tool=$1 runs=${2:-5} backends=${3:-gpu,cpu}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
IFS=, read -ra list <<<"$backends"

now() { date +%s.%N; }
bake() { "$tool" bake clouds --backend "$1" --quiet --out "$dir"; }

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for backend in "${list[@]}"; do bake "$backend"; done
declare -A times
for ((round = 1; round <= runs; ++round)); do
  for backend in "${list[@]}"; do
    start=$(now)
    bake "$backend"
    end=$(now)
    times[$backend]+="$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }') "
  done
done
for backend in "${list[@]}"; do
  median=$(tr ' ' '\n' <<<"${times[$backend]}" | grep . | sort -n |
    awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
  echo "bake clouds --backend $backend: median $median s of $runs runs (${times[$backend]% })"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
