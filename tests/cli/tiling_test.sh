#!/usr/bin/env bash
# Seamless regions: a field rendered whole and the same field rendered as tiles (--region) of
# uneven sizes, stitched back together with python3, are the same bytes, on the CPU and the GPU,
# through .raw and .npy files.
# Usage: tiling_test.sh path/to/vknoise
set -u

source "$(dirname "$0")/harness.sh" "$@"

# stitch.py OUT NX,NY,NZ,NT CHANNELS TILE X0,Y0,Z0,T0 NX,NY,NZ,NT [TILE ...]: places every tile
# (a .raw or .npy file of float32) at its region inside a whole field and writes its bytes to OUT;
# fails unless the tiles cover every sample exactly once.
cat >"$work/stitch.py" <<'PY'
import ast, struct, sys

def payload(path, shape):
    data = open(path, 'rb').read()
    if path.endswith('.npy'):
        assert data[:6] == b'\x93NUMPY', path
        major = data[6]
        if major == 1:
            (length,), start = struct.unpack('<H', data[8:10]), 10
        else:
            (length,), start = struct.unpack('<I', data[8:12]), 12
        header = ast.literal_eval(data[start:start + length].decode('latin1'))
        assert header['descr'] == '<f4' and not header['fortran_order'], header
        assert tuple(header['shape']) == shape, (path, header['shape'], shape)
        data = data[start + length:]
    return data

out, whole, channels = sys.argv[1], [int(v) for v in sys.argv[2].split(',')], int(sys.argv[3])
dims = int(sys.argv[4])
sample = 4 * channels
nx, ny, nz, nt = whole
field = bytearray(nx * ny * nz * nt * sample)
covered = bytearray(nx * ny * nz * nt)
args = sys.argv[5:]
for i in range(0, len(args), 3):
    path = args[i]
    x0, y0, z0, t0 = [int(v) for v in args[i + 1].split(',')]
    sx, sy, sz, st = [int(v) for v in args[i + 2].split(',')]
    shape = tuple([st, sz, sy, sx][4 - dims:]) + ((channels,) if channels > 1 else ())
    data = payload(path, shape)
    assert len(data) == sx * sy * sz * st * sample, (path, len(data))
    row = sx * sample
    for t in range(st):
        for z in range(sz):
            for y in range(sy):
                src = ((t * sz + z) * sy + y) * row
                at = (((t0 + t) * nz + z0 + z) * ny + y0 + y) * nx + x0
                field[at * sample:at * sample + row] = data[src:src + row]
                for x in range(sx):
                    covered[at + x] += 1
assert all(c == 1 for c in covered), 'the tiles do not cover the field exactly once'
open(out, 'wb').write(field)
PY

# tiled_equals_whole NAME FORMAT BACKEND DIMS WHOLE CHANNELS FLAGS -- REGION SIZE [REGION SIZE ...]
# WHOLE, REGION and SIZE are 4 comma-separated numbers (x,y,z,t; 1 and 0 beyond DIMS).
tiled_equals_whole() {
  local name=$1 format=$2 backend=$3 dims=$4 whole=$5 channels=$6
  shift 6
  local flags=()
  while [[ $1 != -- ]]; do flags+=("$1"); shift; done
  shift
  local dir
  dir=$(mktemp -d "$work/case.XXXXXX")
  local whole_size
  whole_size=$(echo "$whole" | cut -d, -f1-"$dims" | tr , x)
  if ! "$vknoise" render --dims "$dims" --size "$whole_size" --backend "$backend" "${flags[@]}" \
    --out "$dir/whole.$format" 2>"$work/stderr"; then
    fail "$name: whole render"
    return
  fi
  local tiles=() k=0
  while [[ $# -gt 0 ]]; do
    local region=$1 size=$2
    shift 2
    local tile=$dir/tile$k.$format
    if ! "$vknoise" render --dims "$dims" --size "$(echo "$size" | cut -d, -f1-"$dims" | tr , x)" \
      --region "$(echo "$region" | cut -d, -f1-"$dims")" --backend "$backend" "${flags[@]}" \
      --out "$tile" 2>"$work/stderr"; then
      fail "$name: tile $k at $region"
      return
    fi
    tiles+=("$tile" "$region" "$size")
    k=$((k + 1))
  done
  if ! python3 "$work/stitch.py" "$dir/stitched.raw" "$whole" "$channels" "$dims" "${tiles[@]}" \
    2>"$work/stderr"; then
    fail "$name: stitching"
    return
  fi
  local reference=$dir/whole.$format
  if [[ $format == npy ]]; then  # the whole field's payload, through the same reader
    python3 "$work/stitch.py" "$dir/whole.raw" "$whole" "$channels" "$dims" \
      "$reference" 0,0,0,0 "$whole" 2>"$work/stderr" || { fail "$name: whole npy"; return; }
    reference=$dir/whole.raw
  fi
  if cmp "$reference" "$dir/stitched.raw" >"$work/stderr" 2>&1; then
    pass
  else
    fail "$name: $k tiles differ from the whole field"
  fi
}

# 3D 37x23x5 in 8 uneven boxes of a 2x2x2 grid (x 11+26, y 5+18, z 3+2), at non-dyadic steps far
# from the origin, with a fractal sum and a seeded table.
grid3=(0,0,0,0 11,5,3,1 11,0,0,0 26,5,3,1 0,5,0,0 11,18,3,1 11,5,0,0 26,18,3,1
  0,0,3,0 11,5,2,1 11,0,3,0 26,5,2,1 0,5,3,0 11,18,2,1 11,5,3,0 26,18,2,1)
# The same field in 5 boxes that form no grid: two z-slabs cut differently.
mosaic3=(0,0,0,0 20,23,2,1 20,0,0,0 17,23,2,1 0,0,2,0 37,9,3,1 0,9,2,0 4,14,3,1
  4,9,2,0 33,14,3,1)
flags3=(--origin=-3.3,1000000.7,2.25 --step 0.1,0.07,0.3 --fractal fbm --octaves 3 --seed 11)
# Every backend the tool has: cpu, gpu, and cpu-reference where the fast CPU path exists.
backends=(cpu gpu)
"$vknoise" render --help 2>/dev/null | grep -q cpu-reference && backends=(cpu cpu-reference gpu)
for backend in "${backends[@]}"; do
  for format in raw npy; do
    tiled_equals_whole "3D 37x23x5 grid of 8, $backend, .$format" "$format" "$backend" 3 \
      37,23,5,1 1 "${flags3[@]}" -- "${grid3[@]}"
  done
  tiled_equals_whole "3D 37x23x5 mosaic of 5, $backend, .raw" raw "$backend" 3 37,23,5,1 1 \
    "${flags3[@]}" -- "${mosaic3[@]}"
  # 4D, cut on every axis, time included.
  tiled_equals_whole "4D 9x7x4x3 in 5 boxes, $backend" raw "$backend" 4 9,7,4,3 1 \
    --origin=1e6,-2.5,0.5,7 --step 0.37 -- \
    0,0,0,0 4,7,4,1 4,0,0,0 5,7,4,1 0,0,0,1 9,3,4,2 0,3,0,1 9,4,1,2 0,3,1,1 9,4,3,2
done
# Gradient channels stay with their sample; a periodic 2D fbm, tiles across the period.
tiled_equals_whole "2D gradient 30x17 in 3 boxes, .npy" npy cpu 2 30,17,1,1 3 --gradient \
  --fractal fbm --octaves 2 --period 4 --step 0.2 -- 0,0,0,0 13,17,1,1 13,0,0,0 17,6,1,1 \
  13,6,0,0 17,11,1,1
tiled_equals_whole "1D 101 in 3 boxes, value noise" raw cpu 1 101,1,1,1 1 --noise value \
  --interpolation cubic --step 0.3 -- 0,0,0,0 1,1,1,1 1,0,0,0 63,1,1,1 64,0,0,0 37,1,1,1

# A tile's files say where it lies: the NRRD origin is origin + region * step.
dir=$(mktemp -d "$work/case.XXXXXX")
if "$vknoise" render --dims 3 --size 4x4x2 --region 8,2,3 --origin 1,2,3 --step 0.5 \
  --out "$dir/t.nhdr" 2>"$work/stderr" && grep -qx 'space origin: (5,3,4.5)' "$dir/t.nhdr"; then
  pass
else
  fail "a tile's .nhdr space origin is origin + region * step"
fi

finish
