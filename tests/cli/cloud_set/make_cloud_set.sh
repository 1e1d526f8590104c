#!/usr/bin/env bash
# make_cloud_set.sh VKNOISE DIR [BASE EROSION CURL WEATHER]: writes a stand-in for the texture set
# of `vknoise bake clouds --out DIR` with `vknoise render` and the graphs beside this script:
# DIR/base.ktx2 (BASE^3, RGBA8), erosion.ktx2 (EROSION^3, RGBA8), curl.ktx2 (CURL^2, RGBA8) and
# weather.ktx2 (WEATHER^2, RG8), each with its full mip chain and tiling on every axis (each covers
# its graph's unit cube or square). Sizes default to 32, 16, 32, 64.
set -e
vknoise=$1 out=$2
base=${3:-32} erosion=${4:-16} curl=${5:-32} weather=${6:-64}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
# render_set GRAPH SIZE DIMS FORMAT: GRAPH over the unit square or cube, SIZE samples a side.
render_set() {
  local graph=$1 size=$2 dims=$3 format=$4 extent=$2x$2
  [[ $dims == 3 ]] && extent=${size}x${size}x${size}
  "$vknoise" render --graph "$here/$graph.json" --size "$extent" \
    --step "$(awk -v n="$size" 'BEGIN { printf "%.17g", 1 / n }')" --ktx-format "$format" --mips \
    --out "$out/$graph.ktx2"
}
render_set base "$base" 3 rgba8
render_set erosion "$erosion" 3 rgba8
render_set curl "$curl" 2 rgba8
render_set weather "$weather" 2 rg8
