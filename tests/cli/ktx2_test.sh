#!/usr/bin/env bash
# .ktx2 output read back by ktx-parse under node (tests/ktx/read_ktx.mjs, its packages installed by
# `npm ci` in tests/ktx): every format, every shape (2D, 2D array, 3D volume), with and without
# mips and Zstandard, each against the same field rendered to a .npy; and the options' errors.
source "$(dirname "$0")/harness.sh" "$@"
here=$(realpath "$(dirname "$0")")
reader=$here/../ktx/read_ktx.mjs
if [[ ! -d $here/../ktx/node_modules/ktx-parse ]]; then
  echo "FAIL: ktx-parse is not installed (run npm ci in tests/ktx)" >&2
  exit 1
fi

# Graphs of 1 to 4 outputs in [0, 1] (remapped noise of different seeds), so 8-bit formats hold
# them without clamping and the channels differ.
for n in 1 2 3 4; do
  nodes='"p": {"kind": "position"}'
  outputs=''
  for ((c = 0; c < n; ++c)); do
    nodes+=", \"n$c\": {\"kind\": \"noise\", \"at\": \"p\", \"seed\": $((c + 3))}"
    nodes+=", \"v$c\": {\"kind\": \"remap\", \"in\": \"n$c\", \"from\": [-1, 1], \"to\": [0, 1]}"
    outputs+="${outputs:+, }\"c$c\": \"v$c\""
  done
  printf '{"vknoise_graph": 1, "name": "channels%d", "range": [0, 1], "dims": 3, "nodes": {%s}, "outputs": {%s}}\n' \
    "$n" "$nodes" "$outputs" >"$work/channels$n.json"
done

# ktx_case NAME CHANNELS SIZE SHAPE FORMAT [render options...]: renders the field to a .ktx2 and
# a .npy with the same options and has read_ktx.mjs compare them.
ktx_case() {
  local name=$1 channels=$2 size=$3 shape=$4 format=$5
  shift 5
  local common=(render --backend cpu --graph "$work/channels$channels.json" --size "$size"
    --step 0.09,0.07,0.11)
  local options=() flags=()
  [[ $format != default ]] && options+=(--ktx-format "$format")
  [[ $shape == array ]] && options+=(--ktx-array)
  for extra in "$@"; do
    case $extra in
      --mips) options+=(--mips) flags+=(--mips) ;;
      --zstd=*) options+=(--zstd "${extra#--zstd=}") flags+=(--zstd) ;;
    esac
  done
  expect_success "$name: render .npy" "${common[@]}" --out "$work/$name.npy" || return
  expect_success "$name: render .ktx2" "${common[@]}" "${options[@]}" --out "$work/$name.ktx2" ||
    return
  local whd=$size
  [[ $whd == *x*x* ]] || whd=${whd}x1
  local expect_format=$format
  if [[ $format == default ]]; then
    expect_format=$([[ $channels == 1 ]] && echo r32f || ([[ $channels == 2 ]] && echo rg32f) ||
      echo rgba32f)
  fi
  if node "$reader" "$work/$name.ktx2" "$work/$name.npy" --size "$whd" --channels "$channels" \
    --format "$expect_format" --shape "$shape" "${flags[@]}" >"$work/node.out" 2>&1; then
    pass
  else
    fail "$name: read_ktx.mjs: $(head -c 1500 "$work/node.out")"
  fi
}

# Every format, 2D, level 0 and mips of an uneven size.
for format in r8 r8-srgb r16f r32f; do
  ktx_case "2d-$format" 1 13x7 2d "$format"
  ktx_case "2d-$format-mips" 1 13x7 2d "$format" --mips
done
for format in rg8 rg8-srgb rg16f rg32f; do
  ktx_case "2d-$format-mips" 2 16x6 2d "$format" --mips
done
for format in rgba8 rgba8-srgb rgba16f rgba32f; do
  ktx_case "2d-$format-mips" 4 9x16 2d "$format" --mips
  ktx_case "2d-$format-3ch" 3 9x16 2d "$format" --mips  # alpha 1.0
done
# The defaults by channel count.
for n in 1 2 3 4; do ktx_case "2d-default-$n" "$n" 8x8 2d default; done
# Volumes and arrays (the third axis as layers), every channel width, mips and zstd.
ktx_case "3d-r32f" 1 8x6x5 3d r32f
ktx_case "3d-r16f-mips" 1 8x6x5 3d r16f --mips
ktx_case "3d-rgba8-mips-zstd" 4 6x8x12 3d rgba8 --mips --zstd=5
ktx_case "3d-rg32f-zstd" 2 8x4x4 3d rg32f --zstd=1
ktx_case "array-r8-srgb" 1 8x6x3 array r8-srgb
ktx_case "array-rgba16f-mips" 4 10x7x3 array rgba16f --mips
ktx_case "array-r32f-mips-zstd" 1 16x16x4 array r32f --mips --zstd=22
ktx_case "2d-rg8-mips-zstd" 2 32x8 2d rg8 --mips --zstd=19
ktx_case "2d-rgba32f-zstd" 3 5x3 2d rgba32f --zstd=3

# A plain noise field (no graph) and a 2D field whose one array layer is the whole texture.
expect_success "noise r32f" render --backend cpu --dims 2 --size 12x12 --step 0.1 --out a.ktx2
check "noise r32f has a header" [ "$(head -c 12 "$case_dir/a.ktx2" | od -An -tx1 | tr -d ' \n')" \
  = ab4b5458203230bb0d0a1a0a ]

# Errors: one line, exit 2, no file.
g1=$work/channels1.json g3=$work/channels3.json
expect_error "zstd 0" 2 '--zstd level 0 is out of range 1..22' \
  render --graph "$g1" --size 8x8 --zstd 0 --out a.ktx2
expect_error "zstd 23" 2 '--zstd level 23 is out of range 1..22' \
  render --graph "$g1" --size 8x8 --zstd 23 --out a.ktx2
expect_error "zstd text" 2 '--zstd' render --graph "$g1" --size 8x8 --zstd fast --out a.ktx2
expect_error "unknown format" 2 '--ktx-format' \
  render --graph "$g1" --size 8x8 --ktx-format rgb8 --out a.ktx2
expect_error "channels do not fit" 2 'holds 1 channel; this field has 3' \
  render --graph "$g3" --size 8x8 --ktx-format r8 --out a.ktx2
expect_error "too many channels" 2 'holds 1 to 4 channels' \
  render --dims 4 --gradient --size 4x4 --out a.ktx2
expect_error "ktx options on a .png" 2 'apply to a .ktx2' \
  render --graph "$g1" --size 8x8 --mips --out a.png
expect_error "a 4D field" 2 'its t size must be 1' render --dims 4 --size 4x4x4x2 --out a.ktx2

finish
