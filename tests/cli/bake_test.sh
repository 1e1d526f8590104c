#!/usr/bin/env bash
# vknoise bake: the cloud and ocean sets on the cpu and gpu backends give the same bytes; ktx-parse
# (tests/ktx/read_ktx.mjs, an independent reader) reads every texture and finds the field that
# `vknoise render` gives for the same recipe graph over the same grid (texel i of N at i / N),
# mapped as the set documents (curl: c / 2 + 1 / 2; the ocean: the height and its normals,
# computed here with NumPy in float32); bake.json is JSON naming the recipes; and every bad
# request gets one line, exit 2, and leaves the directory as it was.
source "$(dirname "$0")/harness.sh" "$@"
here=$(realpath "$(dirname "$0")")
graphs=$here/../../graphs/bake
reader=$here/../ktx/read_ktx.mjs
if [[ ! -d $here/../ktx/node_modules/ktx-parse ]]; then
  echo "FAIL: ktx-parse is not installed (run npm ci in tests/ktx)" >&2
  exit 1
fi

small=(--size base=16 --size erosion=8 --size curl=16 --size weather=32)
mkdir "$work/cpu" "$work/gpu" "$work/ocean_cpu" "$work/ocean_gpu"
expect_success "bake clouds on the cpu" bake clouds --backend cpu --seed 7 "${small[@]}" \
  --out "$work/cpu"
expect_success "bake clouds on the gpu" bake clouds --backend gpu --seed 7 "${small[@]}" \
  --out "$work/gpu"
expect_success "bake ocean on the cpu" bake ocean --backend cpu --seed 7 --size detail=16 \
  --frames 4 --out "$work/ocean_cpu"
expect_success "bake ocean on the gpu" bake ocean --backend gpu --seed 7 --size detail=16 \
  --frames 4 --out "$work/ocean_gpu"
for file in base.ktx2 erosion.ktx2 curl.ktx2 weather.ktx2 bake.json; do
  check "clouds $file: the same bytes on cpu and gpu" cmp -s "$work/cpu/$file" "$work/gpu/$file"
done
for file in detail.ktx2 bake.json; do
  check "ocean $file: the same bytes on cpu and gpu" \
    cmp -s "$work/ocean_cpu/$file" "$work/ocean_gpu/$file"
done
check "clouds: exactly the set's files" \
  test "$(ls "$work/cpu" | tr '\n' ' ')" = "bake.json base.ktx2 curl.ktx2 erosion.ktx2 weather.ktx2 "
check "another seed gives other textures" fails cmp -s "$work/cpu/base.ktx2" \
  <("$vknoise" bake clouds --backend cpu --seed 8 "${small[@]}" --quiet --out "$work/ocean_gpu" &&
    cat "$work/ocean_gpu/base.ktx2")

# read FILE NPY SIZE CHANNELS FORMAT SHAPE: ktx-parse against the field, every mip level.
read_back() {
  local name=$1
  shift
  if node "$reader" "$@" --mips >"$work/node.out" 2>&1; then
    pass
  else
    fail "$name: read_ktx.mjs: $(head -c 1500 "$work/node.out")"
  fi
}
render=(render --backend cpu --seed 7 --origin 0,0,0)
expect_success "base field" "${render[@]}" --graph "$graphs/clouds_base.json" --size 16x16x16 \
  --step 0.0625 --out "$work/base.npy"
read_back "base.ktx2" "$work/cpu/base.ktx2" "$work/base.npy" --size 16x16x16 --channels 4 \
  --format rgba8 --shape 3d
expect_success "erosion field" "${render[@]}" --graph "$graphs/clouds_erosion.json" \
  --size 8x8x8 --step 0.125 --out "$work/erosion.npy"
read_back "erosion.ktx2" "$work/cpu/erosion.ktx2" "$work/erosion.npy" --size 8x8x8 --channels 3 \
  --format rgba8 --shape 3d
expect_success "weather field" render --backend cpu --seed 7 --origin 0,0 \
  --graph "$graphs/clouds_weather.json" --size 32x32 --step 0.03125 --out "$work/weather.npy"
read_back "weather.ktx2" "$work/cpu/weather.ktx2" "$work/weather.npy" --size 32x32x1 \
  --channels 2 --format rg8 --shape 2d
expect_success "curl field" "${render[@]}" --graph "$graphs/clouds_curl.json" --curl \
  --size 16x16 --step 0.0625 --out "$work/curl_raw.npy"
/usr/bin/python3 - "$work/curl_raw.npy" "$work/curl.npy" <<'PY'
import sys
import numpy as np
c = np.load(sys.argv[1]).astype(np.float32)
np.save(sys.argv[2], (c * np.float32(0.5) + np.float32(0.5)).astype(np.float32))
PY
read_back "curl.ktx2" "$work/cpu/curl.ktx2" "$work/curl.npy" --size 16x16x1 --channels 3 \
  --format rgba8 --shape 2d
# The ocean's frame k is at t = k / 4: the render's z step.
expect_success "ocean heights" "${render[@]}" --graph "$graphs/ocean_detail.json" \
  --size 16x16x4 --step 0.0625,0.0625,0.25 --out "$work/heights.npy"
/usr/bin/python3 - "$work/heights.npy" "$work/detail.npy" <<'PY'
import sys
import numpy as np
h = np.load(sys.argv[1]).astype(np.float32).reshape(4, 16, 16)  # frame, y, x
f = np.float32
dx = (np.roll(h, -1, axis=2) - np.roll(h, 1, axis=2)) * f(8)  # (right - left) * width / 2
dy = (np.roll(h, -1, axis=1) - np.roll(h, 1, axis=1)) * f(8)
length = np.sqrt(dx * dx + dy * dy + f(1)).astype(f)
texels = np.stack([h, -dx / length, -dy / length, f(1) / length], axis=-1).astype(f)
np.save(sys.argv[2], texels)
PY
read_back "detail.ktx2" "$work/ocean_cpu/detail.ktx2" "$work/detail.npy" --size 16x16x4 \
  --channels 4 --format rgba16f --shape array
/usr/bin/python3 - "$work/cpu/bake.json" <<'PY' >"$work/json.out" 2>&1
import json, sys
d = json.load(open(sys.argv[1]))
assert d["set"] == "clouds" and d["table"] == "seed 7", d
t = d["textures"]
assert list(t) == ["base", "erosion", "curl", "weather"], list(t)
assert t["base"]["size"] == [16, 16, 16] and t["base"]["levels"] == 5, t["base"]
assert t["weather"]["format"] == "rg8" and t["weather"]["vk_format"] == 16
assert t["curl"]["graph"]["name"] == "clouds_curl"
assert t["base"]["graph_source"] == "graphs/bake/clouds_base.json"
PY
check "bake.json: $(head -c 300 "$work/json.out")" test ! -s "$work/json.out"

# Zstandard: the same texels, read back inflated.
mkdir "$work/zstd"
expect_success "bake clouds --zstd 19" bake clouds --backend cpu --seed 7 "${small[@]}" \
  --zstd 19 --out "$work/zstd"
read_back "base.ktx2 with zstd" "$work/zstd/base.ktx2" "$work/base.npy" --size 16x16x16 \
  --channels 4 --format rgba8 --shape 3d --zstd

# A user's recipe replaces a texture's: --graph NAME=FILE.
mkdir "$work/own"
cat >"$work/weather_own.json" <<'JSON'
{"dims": 2, "range": [0, 1], "nodes": {"p": {"kind": "position"},
  "s": {"kind": "scale", "in": "p", "factor": 2},
  "n": {"kind": "noise", "at": "s", "period": 2},
  "v": {"kind": "remap", "in": "n", "from": [-1, 1], "to": [0, 1]}},
 "outputs": {"coverage": "v", "type": "v"}}
JSON
expect_success "--graph weather=FILE" bake clouds --backend cpu "${small[@]}" \
  --graph "weather=$work/weather_own.json" --out "$work/own"
expect_success "its field" render --backend cpu --origin 0,0 --graph "$work/weather_own.json" \
  --size 32x32 --step 0.03125 --out "$work/weather_own.npy"
read_back "weather.ktx2 of the user's graph" "$work/own/weather.ktx2" "$work/weather_own.npy" \
  --size 32x32x1 --channels 2 --format rg8 --shape 2d

# Bad requests: one line, exit 2, and the directory as it was (an older set's file kept).
cat >"$work/three.json" <<'JSON'
{"dims": 3, "nodes": {"n": {"kind": "noise"}}, "outputs": {"a": "n", "b": "n", "c": "n"}}
JSON
bad() {
  local name=$1 part=$2
  shift 2
  rm -rf "$work/kept" && mkdir "$work/kept" && echo old >"$work/kept/base.ktx2"
  run bake "$@"
  judge "$name" 2 "$part" "$case_dir"
  if [[ $(ls -A "$work/kept") != base.ktx2 || $(cat "$work/kept/base.ktx2") != old ]]; then
    fail "$name: the directory changed: $(ls -A "$work/kept" | tr '\n' ' ')"
  fi
}
k=(--out "$work/kept")
bad "unknown set" 'unknown set "rain": expected one of clouds, ocean' rain "${k[@]}"
bad "no set" "SET is required" "${k[@]}"
bad "missing DIR" "no such directory" clouds --backend cpu --out "$work/nowhere"
bad "DIR a file" "not a directory" clouds --backend cpu --out "$work/kept/base.ktx2"
bad "unwritable DIR" "cannot write" clouds --backend cpu "${small[@]}" --out /proc
bad "size 0" "--size base=0: the base texture's side must be a power of two from 1 to 512" \
  clouds "${k[@]}" --size base=0
bad "size too large" "from 1 to 16384" clouds "${k[@]}" --size weather=32768
bad "size not a power of two" "power of two" clouds "${k[@]}" --size erosion=48
bad "size not a number" '--size "erosion=4x4": expected NAME=N' clouds "${k[@]}" --size erosion=4x4
bad "frames not a number" '--frames "many": expected 1 to 2048' ocean "${k[@]}" --frames many
bad "size of an unknown texture" "the clouds set has no texture 'detail'" clouds "${k[@]}" \
  --size detail=16
bad "--size without =" "expected NAME=N" clouds "${k[@]}" --size 64
bad "wrong output count" "the base texture's graph needs 4 outputs" clouds "${k[@]}" \
  --graph "base=$work/three.json"
bad "wrong dims" "the weather texture's graph needs dims 2, the graph has 3" clouds "${k[@]}" \
  --graph "weather=$work/three.json"
bad "graph a FIFO" "is a FIFO" clouds "${k[@]}" --graph "curl=$(mkfifo "$work/fifo" && echo "$work/fifo")"
bad "graph /dev/zero" "--graph curl=/dev/zero" clouds "${k[@]}" --graph curl=/dev/zero
bad "graph a directory" "is a directory" clouds "${k[@]}" --graph "curl=$work"
/usr/bin/python3 -c 'print("[" * 100000 + "]" * 100000)' >"$work/deep.json"
bad "graph 100k levels deep" "nests deeper than 64 levels" clouds "${k[@]}" \
  --graph "base=$work/deep.json"
bad "zstd 0" "--zstd level 0 is out of range 1..22" clouds "${k[@]}" --zstd 0
bad "zstd 23" "--zstd level 23 is out of range 1..22" clouds "${k[@]}" --zstd 23
bad "frames 0" "--frames 0: expected 1 to 2048" ocean "${k[@]}" --frames 0
bad "frames for clouds" "the clouds set has no texture of frames" clouds "${k[@]}" --frames 8
bad "cpu-reference" "bake computes in float" clouds "${k[@]}" --backend cpu-reference
finish
