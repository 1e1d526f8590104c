#!/usr/bin/env bash
# Noise graphs (--graph FILE, docs/graph.md) through the command line: every shipped graph
# (graphs/*.json) rendered to .png, .npy, .exr and .raw with their shapes and channels checked;
# the backends agreeing (cpu and gpu bit for bit, cpu-reference within 1e-5); tiles (--region)
# stitched back equal to the whole field; eval on each backend; check's contract; the graph
# command's GLSL (compiled by glslc) and statistics; and bad graphs and bad combinations, each one
# error line, no stdout and no file.
# Usage: graph_test.sh path/to/vknoise
set -u

source "$(dirname "$0")/harness.sh" "$@"

graphs_dir=$(realpath "$(dirname "$0")/../../graphs")
# name dims channels contract, for every shipped graph (a new graph must be added here); the
# presets' graphs with sin, cos or sqrt are bounded (docs/graph.md).
shipped=(
  "cloud_layers 3 3 exact"
  "lava 3 3 exact"
  "terraced_terrain 2 1 exact"
  "marble 3 3 bounded"
  "wood 3 3 exact"
  "clouds 3 3 exact"
  "fire 3 3 exact"
  "terrain 3 3 bounded"
  "perlin_worley 3 1 exact"
  "voronoi 2 3 exact"
  "cracks 2 3 exact"
  "flow 3 1 exact"
)
check "every shipped graph is listed" [ "$(ls "$graphs_dir"/*.json | wc -l)" -eq ${#shipped[@]} ]

# npy_header FILE: "DESCR FORTRAN_ORDER SHAPE" of a .npy file, e.g. "<f4 False (8, 12, 3)", and
# checks that the payload after the header holds exactly the shape's float32 values.
npy_header() {
  python3 - "$1" <<'PY'
import ast, struct, sys
data = open(sys.argv[1], 'rb').read()
assert data[:6] == b'\x93NUMPY'
if data[6] == 1:
    (length,), start = struct.unpack('<H', data[8:10]), 10
else:
    (length,), start = struct.unpack('<I', data[8:12]), 12
header = ast.literal_eval(data[start:start + length].decode('latin1'))
count = 1
for n in header['shape']:
    count *= n
assert len(data) - start - length == 4 * count, (len(data) - start - length, count)
print(header['descr'], header['fortran_order'], tuple(header['shape']))
PY
}

# png_ihdr FILE: "WIDTH HEIGHT BIT_DEPTH COLOUR_TYPE" from the PNG's IHDR chunk.
png_ihdr() {
  python3 -c "
import struct, sys
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n' and data[12:16] == b'IHDR'
print(*struct.unpack('>IIBB', data[16:26]))" "$1"
}

# raw_close A B TOLERANCE: two .raw files of float32 of one length, every value finite and
# |a - b| <= TOLERANCE (0: the same bits).
raw_close() {
  python3 - "$@" <<'PY'
import array, math, sys
a, b = array.array('f'), array.array('f')
a.frombytes(open(sys.argv[1], 'rb').read())
b.frombytes(open(sys.argv[2], 'rb').read())
tolerance = float(sys.argv[3])
assert len(a) == len(b) and len(a) > 0, (len(a), len(b))
assert all(math.isfinite(x) for x in a) and all(math.isfinite(x) for x in b)
if tolerance == 0:
    sys.exit(0 if a.tobytes() == b.tobytes() else 1)
worst = max(abs(x - y) for x, y in zip(a, b))
sys.exit(0 if worst <= tolerance else 1)
PY
}

# lines_close A B TOLERANCE: two texts of numbers with the same shape (lines and columns), each
# pair within TOLERANCE.
lines_close() {
  python3 - "$@" <<'PY'
import sys
a = [l.split() for l in open(sys.argv[1])]
b = [l.split() for l in open(sys.argv[2])]
tolerance = float(sys.argv[3])
assert len(a) == len(b) and len(a) > 0, (len(a), len(b))
for x, y in zip(a, b):
    assert len(x) == len(y), (x, y)
    for u, v in zip(x, y):
        assert abs(float(u) - float(v)) <= tolerance, (u, v)
PY
}

# raw_distinct FILE: a float32 .raw file whose values are not all the same (a graph that renders
# a constant would pass every comparison above).
raw_distinct() {
  python3 -c "
import array, sys
a = array.array('f'); a.frombytes(open(sys.argv[1], 'rb').read())
sys.exit(0 if len(set(a)) > 1 else 1)" "$1"
}

# --- render: formats, shapes and channels ------------------------------------------------------

for entry in "${shipped[@]}"; do
  read -r name dims channels contract <<<"$entry"
  g=$graphs_dir/$name.json

  # A 2D image of the graph (a 3D graph's z = 0 slice): RGB for 3 outputs, gray for 1.
  expect_success "$name png" render --graph "$g" --size 24x16 --out a.png &&
    if [[ $channels -eq 3 ]]; then
      check "$name png is a 24x16 8-bit RGB png" [ "$(png_ihdr "$case_dir/a.png")" = "24 16 8 2" ]
    else
      check "$name png is a 24x16 8-bit gray png" [ "$(png_ihdr "$case_dir/a.png")" = "24 16 8 0" ]
    fi
  check "$name png leaves no temporary file" [ "$(ls -A "$case_dir")" = a.png ]

  # .npy: the graph's dims as axes (slowest first), then a channel axis for several outputs.
  if [[ $dims -eq 3 ]]; then size=12x8x3 shape="3, 8, 12"; else size=12x8 shape="8, 12"; fi
  [[ $channels -gt 1 ]] && shape="$shape, $channels"
  expect_success "$name npy" render --graph "$g" --size "$size" --out a.npy &&
    check "$name npy is float32 of shape ($shape)" \
      [ "$(npy_header "$case_dir/a.npy")" = "<f4 False ($shape)" ]

  # .exr: one float channel per output, named after the graph's outputs (exrheader lists them
  # sorted by name).
  expect_success "$name exr" render --graph "$g" --size 10x6 --out a.exr &&
    if command -v exrheader >/dev/null; then
      exrheader "$case_dir/a.exr" >"$work/exrheader" 2>&1
      check "$name exr is 10x6" grep -q 'dataWindow (type box2i): (0 0) - (9 5)' "$work/exrheader"
      outputs=$(python3 -c "import json, sys; print(' '.join(sorted(json.load(open(sys.argv[1]))\
['outputs'])))" "$g")
      check "$name exr's float channels are the outputs ($outputs)" [ "$(sed -n \
        's/^ *\([A-Za-z_0-9]*\), 32-bit floating-point.*/\1/p' "$work/exrheader" | xargs)" = "$outputs" ]
    fi

  # .raw: size x channels float32, the same bits on cpu and gpu (the shipped graphs are exact),
  # and cpu-reference (double) within 1e-5.
  if [[ $dims -eq 3 ]]; then
    size=9x7x2 place=(--origin 0.3,-1.7,2.2 --step 0.37)
  else
    size=13x9 place=(--origin 0.3,-1.7 --step 0.37)
  fi
  count=$((9 * 7 * 2 * channels))
  [[ $dims -eq 2 ]] && count=$((13 * 9 * channels))
  for backend in cpu gpu cpu-reference; do
    expect_success "$name raw on $backend" render --graph "$g" --size "$size" "${place[@]}" \
      --backend "$backend" --out a.raw &&
      cp "$case_dir/a.raw" "$work/$name.$backend.raw"
  done
  check "$name raw holds $count floats" [ "$(stat -c %s "$work/$name.cpu.raw")" -eq $((count * 4)) ]
  check "$name raw is not constant" raw_distinct "$work/$name.cpu.raw"
  if [[ $contract == exact ]]; then
    check "$name: cpu and gpu give the same bits" cmp -s "$work/$name.cpu.raw" "$work/$name.gpu.raw"
  else
    check "$name: gpu within its bound (0.001) of cpu" \
      raw_close "$work/$name.cpu.raw" "$work/$name.gpu.raw" 0.001
  fi
  tolerance=1e-5
  [[ $contract == bounded ]] && tolerance=0.001
  # Wood's rings are g - floor(g): where float and double round g across an integer, the two
  # take neighbouring rings, a jump of up to one whole ramp.
  [[ $name == wood ]] && tolerance=1
  check "$name: cpu-reference within $tolerance of gpu" \
    raw_close "$work/$name.cpu-reference.raw" "$work/$name.gpu.raw" "$tolerance"
  # The npy's payload is the raw's bytes.
  expect_success "$name npy payload" render --graph "$g" --size "$size" "${place[@]}" \
    --backend gpu --out a.npy &&
    check "$name npy payload is the raw" \
      cmp -s <(tail -c $((count * 4)) "$case_dir/a.npy") "$work/$name.gpu.raw"
done

# A graph of 2 outputs is neither gray nor RGB: no .png; the .npy has 2 channels.
cat >"$work/two.json" <<'JSON'
{"dims": 2, "nodes": {"n": {"kind": "noise", "seed": 3}, "m": {"kind": "neg", "in": "n"}},
 "outputs": {"a": "n", "b": "m"}}
JSON
expect_error "2-output graph to png" 2 'a .png holds one channel, or three of a graph (RGB)' \
  render --graph "$work/two.json" --size 8x8 --out a.png
expect_success "2-output graph to npy" render --graph "$work/two.json" --size 5x4 --out a.npy &&
  check "2-output npy has a channel axis of 2" \
    [ "$(npy_header "$case_dir/a.npy")" = "<f4 False (4, 5, 2)" ]
expect_success "2-output graph to exr" render --graph "$work/two.json" --size 5x4 --out a.exr &&
  if command -v exrheader >/dev/null; then
    check "2-output exr has float channels a and b" [ "$(exrheader "$case_dir/a.exr" 2>&1 |
      sed -n 's/^ *\([A-Za-z_0-9]*\), 32-bit floating-point.*/\1/p' | xargs)" = "a b" ]
  fi
expect_error "RGB graph to 16-bit png" 2 'an RGB .png (a graph of 3 outputs) has 8 bits' \
  render --graph "$graphs_dir/lava.json" --size 8x8 --png-bits 16 --out a.png

# --- tiling: --region tiles of a graph field stitched back are the whole field, bit for bit ----

# stitch.py OUT NX,NY,NZ CHANNELS TILE X0,Y0,Z0 SX,SY,SZ [TILE ...]: the tiles (.raw float32)
# placed at their regions in a whole field, written to OUT; fails unless they cover it once.
cat >"$work/stitch.py" <<'PY'
import sys
out, (nx, ny, nz), channels = sys.argv[1], [int(v) for v in sys.argv[2].split(',')], int(sys.argv[3])
sample = 4 * channels
field, covered = bytearray(nx * ny * nz * sample), bytearray(nx * ny * nz)
args = sys.argv[4:]
for i in range(0, len(args), 3):
    data = open(args[i], 'rb').read()
    x0, y0, z0 = [int(v) for v in args[i + 1].split(',')]
    sx, sy, sz = [int(v) for v in args[i + 2].split(',')]
    assert len(data) == sx * sy * sz * sample, (args[i], len(data))
    row = sx * sample
    for z in range(sz):
        for y in range(sy):
            at = ((z0 + z) * ny + y0 + y) * nx + x0
            src = (z * sy + y) * row
            field[at * sample:at * sample + row] = data[src:src + row]
            for x in range(sx):
                covered[at + x] += 1
assert all(c == 1 for c in covered), 'the tiles do not cover the field exactly once'
open(out, 'wb').write(field)
PY

# tiles_equal_whole NAME GRAPH BACKEND CHANNELS NX,NY,NZ -- REGION SIZE [REGION SIZE ...]: REGION
# and SIZE as x,y,z (z 0 and 1 for a 2D graph).
tiles_equal_whole() {
  local name=$1 g=$2 backend=$3 channels=$4 whole=$5 dims
  shift 6
  dims=$(python3 -c "import json, sys; print(json.load(open(sys.argv[1]))['dims'])" "$g")
  local dir
  dir=$(mktemp -d "$work/case.XXXXXX")
  local flags=(--graph "$g" --backend "$backend" --origin 0.25,-3.5,1 --step 0.1875,0.21,0.3)
  [[ $dims -eq 2 ]] && flags=(--graph "$g" --backend "$backend" --origin 0.25,-3.5 --step 0.1875,0.21)
  if ! "$vknoise" render "${flags[@]}" --size "$(echo "$whole" | cut -d, -f1-"$dims" | tr , x)" \
    --out "$dir/whole.raw" 2>"$work/stderr"; then
    fail "$name: whole render"
    return
  fi
  local tiles=() k=0
  while [[ $# -gt 0 ]]; do
    local region=$1 size=$2
    shift 2
    if ! "$vknoise" render "${flags[@]}" --size "$(echo "$size" | cut -d, -f1-"$dims" | tr , x)" \
      --region "$(echo "$region" | cut -d, -f1-"$dims")" --out "$dir/tile$k.raw" 2>"$work/stderr"; then
      fail "$name: tile $k at $region"
      return
    fi
    tiles+=("$dir/tile$k.raw" "$region" "$size")
    k=$((k + 1))
  done
  if ! python3 "$work/stitch.py" "$dir/stitched.raw" "$whole" "$channels" "${tiles[@]}" \
    2>"$work/stderr"; then
    fail "$name: stitching"
    return
  fi
  check "$name: stitched tiles equal the whole field" cmp -s "$dir/stitched.raw" "$dir/whole.raw"
}

for backend in cpu gpu; do
  tiles_equal_whole "terraced_terrain tiles on $backend" "$graphs_dir/terraced_terrain.json" \
    "$backend" 1 17,11,1 -- 0,0,0 10,4,1 10,0,0 7,4,1 0,4,0 5,7,1 5,4,0 12,7,1
  tiles_equal_whole "lava tiles on $backend" "$graphs_dir/lava.json" "$backend" 3 9,6,3 -- \
    0,0,0 4,6,2 4,0,0 5,3,2 4,3,0 5,3,2 0,0,2 9,6,1
done

# --- animation: --time adds a time axis, which a graph's fixed dims do not have ---------------

# A graph's dims are all its axes: --time (which would add one) is refused, for a 4D graph as for
# a 3D one, cleanly and before any frame is written. A 4D graph renders its 4D field.
cat >"$work/four.json" <<'JSON'
{"dims": 4, "nodes": {"n": {"kind": "noise", "basis": "improved4_balanced", "seed": 5}},
 "outputs": {"v": "n"}}
JSON
expect_success "4D graph renders" render --graph "$work/four.json" --size 4x3x2x2 --out a.npy &&
  check "4D graph npy has shape (2, 2, 3, 4)" \
    [ "$(npy_header "$case_dir/a.npy")" = "<f4 False (2, 2, 3, 4)" ]
expect_error "4D graph with --time" 2 '--time does not apply with --graph' \
  render --graph "$work/four.json" --size 4x3x2 --time 0:1 --frames 2 --out 'f%d.raw'
expect_error "3D graph with --time" 2 '--time does not apply with --graph' \
  render --graph "$graphs_dir/lava.json" --size 4x3 --time 0:1 --frames 2 --out 'f%d.raw'
expect_error "3D graph with --time to a gif" 2 '--time does not apply with --graph' \
  render --graph "$graphs_dir/lava.json" --size 4x3 --time 0:1 --frames 2 --out a.gif

# --- eval --graph ------------------------------------------------------------------------------

points3=$work/points3 points2=$work/points2
printf '0.1 0.2 0.3\n-1.5 2.25 7.125\n100.5 -33.25 0.75\n3 4 5\n' >"$points3"
printf '0.1 0.2\n-1.5 2.25\n100.5 -33.25\n3 4\n' >"$points2"
for entry in "${shipped[@]}"; do
  read -r name dims channels contract <<<"$entry"
  g=$graphs_dir/$name.json
  if [[ $dims -eq 3 ]]; then input=$points3; else input=$points2; fi
  for backend in cpu gpu cpu-reference; do
    expect_success "$name eval on $backend" eval --graph "$g" --backend "$backend" &&
      cp "$work/stdout" "$work/eval.$name.$backend"
  done
  check "$name eval prints 4 lines of $channels values" [ "$(awk -v c="$channels" \
    'NF == c { n++ } END { print n }' "$work/eval.$name.cpu")" = 4 ]
  if [[ $contract == exact ]]; then
    check "$name eval: cpu and gpu print the same values" \
      cmp -s "$work/eval.$name.cpu" "$work/eval.$name.gpu"
    check "$name eval: cpu-reference within 1e-5" \
      lines_close "$work/eval.$name.cpu-reference" "$work/eval.$name.gpu" 1e-5
  else
    check "$name eval: cpu and gpu within the bound" \
      lines_close "$work/eval.$name.cpu" "$work/eval.$name.gpu" 0.001
  fi
  # eval's values are the rendered field's at the same positions.
  # Fire's ramp is black below its flames: two of the points fall there.
  distinct=4
  [[ $name == fire ]] && distinct=3
  check "$name eval differs between points" \
    [ "$(sort -u "$work/eval.$name.cpu" | wc -l)" -eq "$distinct" ]
done
input=$points3
expect_error "eval --dims mismatch" 2 '--dims 2 does not match the graph'"'"'s dims 3' \
  eval --graph "$graphs_dir/lava.json" --dims 2
input=$points2
expect_error "eval with a 3D graph and 2D points" 2 'stdin line 1' \
  eval --graph "$graphs_dir/lava.json"
input=/dev/null

# eval's values are render's: one point of the terrain rendered and evaluated, the same float.
expect_success "render one terrain sample" render --graph "$graphs_dir/terraced_terrain.json" \
  --size 1x1 --origin 0.625,-2.5 --out p.raw &&
  cp "$case_dir/p.raw" "$work/p.raw"
with_input '0.625 -2.5\n'
expect_success "eval one terrain sample" eval --graph "$graphs_dir/terraced_terrain.json"
check "eval equals render at that point" [ "$(python3 -c "
import struct, sys
print(repr(struct.unpack('<f', open(sys.argv[1], 'rb').read())[0]))" "$work/p.raw")" = \
  "$(python3 -c "import struct; print(repr(struct.unpack('<f', struct.pack('<f', float('$(cat "$work/stdout")')))[0]))")" ]
input=/dev/null

# --- check --graph -----------------------------------------------------------------------------

for entry in "${shipped[@]}"; do
  read -r name dims channels contract <<<"$entry"
  if [[ $dims -eq 3 ]]; then size=16x16x4; else size=32x32; fi
  expect_success "$name check" check --graph "$graphs_dir/$name.json" --size "$size"
  check "$name check states the $contract contract" grep -q "^graph contract: $contract" "$work/stdout"
  n=$((32 * 32 * channels))
  [[ $contract == exact ]] && check "$name check: $n of $n bit-identical" \
    grep -qF "bit-identical to float mirror: $n of $n (100%)" "$work/stdout"
done
expect_error "check --dims mismatch" 2 'graph' \
  check --graph "$graphs_dir/terraced_terrain.json" --dims 3

# --- vknoise graph: --emit-glsl and --stats ----------------------------------------------------

for entry in "${shipped[@]}"; do
  read -r name dims channels contract <<<"$entry"
  g=$graphs_dir/$name.json
  expect_success "$name emit-glsl" graph --emit-glsl "$g" &&
    check "$name emit-glsl prints a compute shader" grep -q '^#version' "$work/stdout"
  if command -v glslc >/dev/null; then
    cp "$work/stdout" "$work/$name.comp"
    check "$name: glslc compiles the emitted shader" \
      glslc -fshader-stage=compute "$work/$name.comp" -o "$work/$name.spv"
  fi
done
expect_success "stats" graph --stats "$graphs_dir/terraced_terrain.json"
check "stats names the graph's dims and outputs" \
  grep -qF 'dims 2, 1 output(s) (height)' "$work/stdout"
check "stats states the contract" grep -q '^contract: exact' "$work/stdout"
check "stats times 4 kernels cold and from the disk cache" \
  [ "$(grep -cE '^  .* cold +[0-9.]+ ms +disk cache +[0-9.]+ ms +SPIR-V [0-9]+ bytes$' \
    "$work/stdout")" -eq 4 ]

# --- bad graphs and bad combinations: one line, no stdout, no file -----------------------------

# Derivatives and curl: cpu and gpu bit for bit, the reference within 1e-5 (value and
# derivatives: 1 + dims channels per output), and a curl of 3 channels.
for backend in cpu gpu cpu-reference; do
  expect_success "--gradient on $backend" render --graph "$graphs_dir/terraced_terrain.json" \
    --gradient --size 6x5 --step 0.05 --backend "$backend" --out g.raw &&
    cp "$case_dir/g.raw" "$work/gradient.$backend.raw"
  expect_success "--curl on $backend" render --curl --fractal fbm --octaves 3 --size 5x4x3 \
    --step 0.1 --backend "$backend" --out c.raw && cp "$case_dir/c.raw" "$work/curl.$backend.raw"
done
check "--gradient: 2D terrain, 3 channels per sample" \
  [ "$(stat -c %s "$work/gradient.cpu.raw")" -eq $((6 * 5 * 3 * 4)) ]
check "--curl: 3 channels per sample" [ "$(stat -c %s "$work/curl.cpu.raw")" -eq $((5 * 4 * 3 * 3 * 4)) ]
check "--gradient: gpu bit-identical to cpu" raw_close "$work/gradient.cpu.raw" "$work/gradient.gpu.raw" 0
check "--gradient: reference within 1e-4" \
  raw_close "$work/gradient.cpu-reference.raw" "$work/gradient.gpu.raw" 1e-4
check "--curl: gpu bit-identical to cpu" raw_close "$work/curl.cpu.raw" "$work/curl.gpu.raw" 0
check "--curl: reference within 1e-4" raw_close "$work/curl.cpu-reference.raw" "$work/curl.gpu.raw" 1e-4
expect_success "check --curl" check --curl --fractal fbm --octaves 2 --size 16x16
check "check --curl is bit-identical" grep -q 'bit-identical to float mirror: 768 of 768 (100%)' "$work/stdout"

bad() {  # bad NAME JSON: writes $work/bad/NAME.json
  mkdir -p "$work/bad"
  printf '%s\n' "$2" >"$work/bad/$1.json"
}
bad malformed '{"dims": 2, "nodes": {"n": {"kind": "noise"}}, "outputs": {"v": "n"}'
bad unknown_kind '{"dims": 2, "nodes": {"n": {"kind": "noize"}}, "outputs": {"v": "n"}}'
bad missing_input '{"dims": 2, "nodes": {"n": {"kind": "neg", "in": "nope"}}, "outputs": {"v": "n"}}'
bad cycle '{"dims": 2, "nodes": {"a": {"kind": "neg", "in": "b"}, "b": {"kind": "abs", "in": "a"}},
 "outputs": {"v": "a"}}'
bad channel '{"dims": 2, "nodes": {"p": {"kind": "position"}}, "outputs": {"v": "p.z"}}'
bad huge '{"dims": 2, "nodes": {"n": {"kind": "constant", "value": 1e999}}, "outputs": {"v": "n"}}'
bad dims5 '{"dims": 5, "nodes": {"n": {"kind": "noise"}}, "outputs": {"v": "n"}}'
bad no_outputs '{"dims": 2, "nodes": {"n": {"kind": "noise"}}, "outputs": {}}'
bad twice '{"dims": 2, "dims": 2, "nodes": {"n": {"kind": "noise"}}, "outputs": {"v": "n"}}'
bad empty ''

for command in render eval check; do
  out=()
  [[ $command == render ]] && out=(--size 4x4 --out a.png)
  expect_error "$command: malformed JSON" 2 'malformed JSON' $command --graph "$work/bad/malformed.json" "${out[@]}"
  expect_error "$command: unknown kind" 2 'noize' $command --graph "$work/bad/unknown_kind.json" "${out[@]}"
  expect_error "$command: missing input" 2 'nope' $command --graph "$work/bad/missing_input.json" "${out[@]}"
  expect_error "$command: cycle" 2 'cycle' $command --graph "$work/bad/cycle.json" "${out[@]}"
  expect_error "$command: missing file" 2 'no_such.json' $command --graph "$work/no_such.json" "${out[@]}"
done
expect_error "wrong channel ref" 2 "no component 'z'" render --graph "$work/bad/channel.json" --size 4x4 --out a.png
expect_error "1e999" 2 'overflow' render --graph "$work/bad/huge.json" --size 4x4 --out a.raw
expect_error "dims 5" 2 'dims' render --graph "$work/bad/dims5.json" --size 4x4 --out a.raw
expect_error "no outputs" 2 'outputs' render --graph "$work/bad/no_outputs.json" --size 4x4 --out a.raw
expect_error "a key twice" 2 'dims' render --graph "$work/bad/twice.json" --size 4x4 --out a.raw
expect_error "empty file" 2 'malformed JSON' render --graph "$work/bad/empty.json" --size 4x4 --out a.raw
expect_error "an empty path as the graph" 2 "cannot read graph file ''" \
  render --graph '' --size 4x4 --out a.raw
expect_error "a directory as the graph" 2 "$work/bad" render --graph "$work/bad" --size 4x4 --out a.raw
expect_error "--graph with --fractal" 2 '--fractal does not apply with --graph' \
  render --graph "$graphs_dir/lava.json" --fractal fbm --size 4x4 --out a.png
expect_error "--graph with --noise on eval" 2 '--noise does not apply with --graph' \
  eval --graph "$graphs_dir/lava.json" --noise improved
bad value_noise '{"dims": 2, "nodes": {"v": {"kind": "noise", "basis": "value"}}, "outputs": {"v": "v"}}'
expect_error "--gradient of a graph with value noise" 2 \
  "graph: node 'v' has no derivative: a value noise has no gradient" \
  render --graph "$work/bad/value_noise.json" --gradient --size 4x4 --out a.raw
expect_error "--curl of a graph of one output" 2 'a curl needs a vector potential' \
  render --graph "$graphs_dir/terraced_terrain.json" --curl --size 4x4 --out a.raw
expect_error "--curl of value noise" 2 '--curl needs a noise with a gradient' \
  render --curl --noise value --size 4x4x2 --out a.raw
expect_error "--gradient and --curl" 2 '--gradient and --curl: choose one' \
  render --graph "$graphs_dir/lava.json" --gradient --curl --size 4x4x2 --out a.raw
expect_error "render --dims mismatch" 2 '--dims 3 does not match the graph'"'"'s dims 2' \
  render --graph "$graphs_dir/terraced_terrain.json" --dims 3 --size 4x4 --out a.raw
expect_error "RGB graph to gif" 2 'a .gif holds one channel; this field has 3 per sample' \
  render --graph "$graphs_dir/lava.json" --size 4x4 --out a.gif
expect_error "RGB graph to vdb" 2 'a .vdb holds one channel; this field has 3 per sample' \
  render --graph "$graphs_dir/cloud_layers.json" --size 4x4x4 --out a.vdb
expect_error "3D graph to png with depth" 2 'a .png holds a 2D field' \
  render --graph "$graphs_dir/lava.json" --size 4x4x2 --out a.png
expect_error "graph: neither option" 2 'give one of --emit-glsl FILE and --stats FILE' graph
expect_error "graph: both options" 2 'give one of --emit-glsl FILE and --stats FILE' \
  graph --emit-glsl "$graphs_dir/lava.json" --stats "$graphs_dir/lava.json"
expect_error "emit-glsl: bad graph" 2 'cycle' graph --emit-glsl "$work/bad/cycle.json"
expect_error "emit-glsl: missing file" 2 'no_such.json' graph --emit-glsl "$work/no_such.json"
expect_error "stats: bad graph" 2 'noize' graph --stats "$work/bad/unknown_kind.json"
expect_error "stats: a directory" 2 "$work/bad" graph --stats "$work/bad"


# --- hostile texts and constants ---------------------------------------------------------------
# A text nested 90,000 levels deep (180 KB) is refused before anything recursive is built; bytes
# after the value (a NUL, then garbage) are refused naming the offset; numbers float cannot hold
# are refused naming the node and field.
python3 - "$work/bad" <<'PY'
import sys
d = sys.argv[1]
open(d + '/deep.json', 'w').write('{"dims": 2, "nodes": {"k": {"kind": "constant", "value": ' +
                                  '[' * 90000 + ']' * 90000 + '}}, "outputs": {"v": "k"}}')
open(d + '/trailing_nul.json', 'wb').write(
    b'{"dims": 2, "nodes": {"n": {"kind": "noise"}}, "outputs": {"v": "n"}}\n\x00garbage')
PY
bad rotation_1e39 '{"dims": 3, "nodes": {"p": {"kind": "position"}, "r": {"kind": "rotate",
 "in": "p", "matrix": [[1, 1e39, 0], [0, 1, 0], [0, 0, 1]]}, "n": {"kind": "noise", "at": "r"}},
 "outputs": {"v": "n"}}'
bad warp_1e39 '{"dims": 2, "nodes": {"p": {"kind": "position"}, "n": {"kind": "noise"},
 "w": {"kind": "warp", "in": "p", "by": ["n", "n"], "amplitude": 1e39},
 "m": {"kind": "noise", "at": "w"}}, "outputs": {"v": "m"}}'
for command in render eval check; do
  out=()
  [[ $command == render ]] && out=(--size 4x4 --out a.raw)
  expect_error "$command: 90,000 levels of nesting" 2 'graph: the JSON nests deeper than 64 levels' \
    $command --graph "$work/bad/deep.json" "${out[@]}"
  expect_error "$command: a NUL and garbage after the value" 2 \
    'graph: the JSON value ends at offset 69 but the text goes on: byte 0x00 at offset 70' \
    $command --graph "$work/bad/trailing_nul.json" "${out[@]}"
  expect_error "$command: a rotation entry of 1e39" 2 \
    "graph: node 'r' field 'matrix[0][1]': 1e+39 is beyond float's range" \
    $command --graph "$work/bad/rotation_1e39.json" "${out[@]}"
  expect_error "$command: a warp amplitude of 1e39" 2 \
    "graph: node 'w' field 'amplitude': 1e+39 is beyond float's range" \
    $command --graph "$work/bad/warp_1e39.json" "${out[@]}"
done
expect_error "graph --emit-glsl: 90,000 levels of nesting" 2 'nests deeper than 64 levels' \
  graph --emit-glsl "$work/bad/deep.json"

# A constant that takes the lattice coordinates out of range is named, not the field's extent.
bad lacunarity '{"dims": 3, "nodes": {"n": {"kind": "noise"}, "f": {"kind": "fractal",
 "noise": "n", "octaves": 3, "lacunarity": 1e5}}, "outputs": {"v": "f"}}'
bad scale_factor '{"dims": 3, "nodes": {"p": {"kind": "position"}, "s": {"kind": "scale",
 "in": "p", "factor": [1, 1e12, 1]}, "n": {"kind": "noise", "at": "s"}}, "outputs": {"v": "n"}}'
bad offset_by '{"dims": 3, "nodes": {"p": {"kind": "position"}, "o": {"kind": "offset",
 "in": "p", "by": 3e9}, "n": {"kind": "noise", "at": "o"}}, "outputs": {"v": "n"}}'
expect_error "a huge lacunarity names the fractal" 2 \
  "graph: node 'f' field 'lacunarity': it takes the x axis (up to 0.46875 in magnitude here) to 4.6875e+09" \
  render --graph "$work/bad/lacunarity.json" --size 16x16 --out a.raw
expect_error "a huge scale factor names the scale" 2 \
  "graph: node 's' field 'factor': it takes the y axis (up to 0.46875 in magnitude here) to 4.6875e+11" \
  render --graph "$work/bad/scale_factor.json" --size 16x16 --out a.raw
expect_error "a huge offset names the offset" 2 \
  "graph: node 'o' field 'by': it takes the x axis (up to 0.46875 in magnitude here) to 3e+09" \
  render --graph "$work/bad/offset_by.json" --size 16x16 --out a.raw
with_input '0.5 0.5 0.5\n'
expect_error "eval: a huge scale factor names the scale" 2 "point 0: graph: node 's' field 'factor'" \
  eval --graph "$work/bad/scale_factor.json"
input=/dev/null

# check: a value that overflows float (3e38 * 3e38) is infinite on the GPU and the mirror and
# finite in the double reference: a failure that says so, whatever the mirror agrees. NaN in all
# three results (sqrt of a negative noise) is counted, not a mismatch.
bad overflow '{"dims": 2, "nodes": {"n": {"kind": "noise"}, "a": {"kind": "mul", "a": "n",
 "b": 3e38}, "b": {"kind": "mul", "a": "a", "b": 3e38}}, "outputs": {"v": "b"}}'
bad nan_everywhere '{"dims": 2, "nodes": {"n": {"kind": "noise"}, "s": {"kind": "sqrt",
 "in": "n"}}, "outputs": {"v": "s"}}'
run check --graph "$work/bad/overflow.json" --size 16x16
check "check fails on values infinite on the GPU only" [ "$status" -eq 1 ]
check "check says which values are non-finite on one side" grep -q \
  '^vknoise: 255 GPU values are NaN or infinite where the CPU double reference is not' \
  "$work/stderr"
check "check reports the finite difference and the one-sided count" grep -q \
  '^max |gpu - cpu double| = 0 (finite samples; 255 non-finite (NaN or inf) on one side only)$' \
  "$work/stdout"
expect_success "check of a graph NaN in all three results" \
  check --graph "$work/bad/nan_everywhere.json" --size 16x16
check "check counts the NaN in all three results" \
  grep -Eq '^NaN in all three results: [1-9][0-9]* of 256$' "$work/stdout"
check "check's largest difference is over the finite samples" \
  grep -Eq '^max \|gpu - cpu double\| = [0-9.e-]+ \(finite samples; [1-9][0-9]* NaN on both sides\)$' \
  "$work/stdout"

# --- the limits' worst case on the GPU -------------------------------------------------------
# 253 nodes of chained 64-point curves and 64-stop ramps (each ramp read through a component):
# every curve and ramp a segment search in the kernel. It used to take minutes to compile on
# lavapipe (a loop per use); it must render 256x256 on the gpu backend with the cpu's bits.
python3 - "$work/chained_curves.json" <<'PY'
import json, sys
points = [[i / 63 * 2 - 1, ((i * 37) % 64) / 63 * 2 - 1] for i in range(64)]
stops = [[i / 63, (i % 7) / 6, (i % 5) / 4, (i % 3) / 2] for i in range(64)]
nodes = {"p": {"kind": "position"}, "n": {"kind": "noise", "at": "p"}}
previous, k, length = "n", 0, 0
while len(nodes) < 253:
    name = "c%d" % k
    if k % 2 == 0 or len(nodes) + 2 > 253:
        nodes[name] = {"kind": "curve", "in": previous, "points": points}
    else:
        nodes[name] = {"kind": "ramp", "in": previous, "stops": stops}
        nodes[name + "r"] = {"kind": "component", "in": name, "axis": "r"}
        name += "r"
    previous, k, length = name, k + 1, length + 1
    if length == 40:  # within the depth limit: start another chain at the noise
        previous, length = "n", 0
graph = {"dims": 2, "nodes": nodes, "outputs": {"v": previous}}
open(sys.argv[1], "w").write(json.dumps(graph))
PY
check "the chained curves graph has 253 nodes" [ "$(python3 -c "import json, sys
print(len(json.load(open(sys.argv[1]))['nodes']))" "$work/chained_curves.json")" -eq 253 ]
for backend in cpu gpu; do
  expect_success "chained curves on $backend" render --graph "$work/chained_curves.json" \
    --size 256x256 --backend $backend --out "$work/chained_curves.$backend.raw"
done
check "chained curves: cpu and gpu give the same bits" \
  cmp -s "$work/chained_curves.cpu.raw" "$work/chained_curves.gpu.raw"
check "chained curves: not constant" raw_distinct "$work/chained_curves.cpu.raw"

finish
