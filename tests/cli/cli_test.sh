#!/usr/bin/env bash
# End-to-end tests of the vknoise command line tool: output, exit codes, the one-line error
# contract, and that a failed command never leaves a file (or a temporary file) behind.
# Usage: cli_test.sh path/to/vknoise
set -u

source "$(dirname "$0")/harness.sh" "$@"
fails() { ! "$@"; }


# --- eval -------------------------------------------------------------------------------------

# The double reference gives Perlin's own value; it is not the default (auto) backend, so it is
# named wherever a test expects the reference's exact digits.
with_input '3.14 42 7\n'
expect_success "eval golden on cpu-reference" eval --backend cpu-reference
check "eval golden value" [ "$(cat "$work/stdout")" = 0.13691995878400012 ]

expect_success "eval golden on cpu-reference with --dims 3" eval --backend cpu-reference --dims 3
check "eval golden value with --dims 3" [ "$(cat "$work/stdout")" = 0.13691995878400012 ]

# The fast CPU path computes in float32, as the GPU does: the float mirror's value.
expect_success "eval on the fast cpu path" eval --backend cpu --threads 1
check "eval fast cpu value" [ "$(cat "$work/stdout")" = 0.13691996037960052 ]

# Any strtod spelling of the same numbers gives the same result.
with_input '3.1400000000000001 4.2e1 0x1.cp+2\n'
expect_success "eval 17 digits, exponent and hex float" eval --backend cpu-reference
check "eval spellings agree" [ "$(cat "$work/stdout")" = 0.13691995878400012 ]

with_input '  3.14\t42   7  \r\n-1e-3 0.5 2.1474836475E9\n0 0 0\n'
expect_success "eval whitespace, CRLF and the domain's edge" eval --backend cpu-reference
check "eval prints one line per point" [ "$(wc -l <"$work/stdout")" -eq 3 ]
check "eval prints 17 significant digits" grep -qx '0.13691995878400012' "$work/stdout"
check "eval noise at the origin is 0" [ "$(sed -n 3p "$work/stdout")" = 0 ]

with_input '0.5 0.25 0.125 0.0625\n'
expect_success "eval dims 4" eval --dims 4
check "eval dims 4 prints a value" grep -qE '^-?[0-9]' "$work/stdout"

input=/dev/null
expect_success "eval empty input" eval
check "eval empty input prints nothing" [ ! -s "$work/stdout" ]

with_input '1.5 2.5 3.5\n'
expect_success "eval seed 7" eval --seed 7
seed7=$(cat "$work/stdout")
expect_success "eval seed 7 again" eval --seed 7
check "eval seed is deterministic" [ "$(cat "$work/stdout")" = "$seed7" ]
expect_success "eval default table" eval
check "eval seed changes the table" [ "$(cat "$work/stdout")" != "$seed7" ]

with_input '3.14 42 7\n1.5 2.5 3.5\n-100.25 7.75 1e6\n'
expect_success "eval cpu for gpu comparison" eval --backend cpu-reference
cp "$work/stdout" "$work/eval_cpu"
if expect_success "eval gpu" eval --backend gpu; then
  check "eval gpu matches cpu within 1e-5" awk 'NR == FNR { cpu[FNR] = $1; next }
    { d = $1 - cpu[FNR]; if (d < 0) d = -d; if (d > 1e-5) bad = 1 } END { exit bad || FNR != 3 }' \
    "$work/eval_cpu" "$work/stdout"
fi

with_input '1 2 3\n1 2\n'
expect_error "eval short line 2" 2 'stdin line 2: expected 3 numbers, got "1 2"' eval
with_input '1 2 3 4\n'
expect_error "eval too many numbers" 2 'line 1: expected 3 numbers' eval
with_input '1 2 3\n'
expect_error "eval dims 4 with 3 numbers" 2 'line 1: expected 4 numbers' eval --dims 4
with_input '1 2 3\n\n4 5 6\n'
expect_error "eval empty line" 2 'line 2' eval
with_input '0 0 0\n1 2 3x\n'
expect_error "eval trailing junk" 2 'line 2: "3x" is not a number' eval
with_input 'one 2 3\n'
expect_error "eval word" 2 'line 1: "one" is not a number' eval
with_input '1 nan 3\n'
expect_error "eval nan" 2 'line 1: "nan" is not a finite number' eval
with_input '1 2 -inf\n'
expect_error "eval inf" 2 'line 1: "-inf" is not a finite number' eval
with_input '1e400 2 3\n'
expect_error "eval overflow" 2 'line 1: "1e400" is not a finite number' eval
with_input '2147483648 0 0\n'
expect_error "eval 2^31" 2 'outside the noise domain' eval
with_input '0 -2147483648 0\n'
expect_error "eval -2^31" 2 'outside the noise domain' eval
with_input '1 2 3\n1 2 3\n' && head -c 1048576 /dev/zero | tr '\0' 7 >>"$input" && echo >>"$input"
expect_error "eval 1 MB number" 2 'line 3: "7777777777777777777777777777777777777777..."' eval
with_input '1 2 ' && head -c 1048576 /dev/zero | tr '\0' x >>"$input"
expect_error "eval 1 MB junk without newline" 2 'line 1: "xxxxxxxx' eval
with_input '1 2 3\n'
expect_error "eval gpu with a bad device" 1 '' eval --backend gpu --device 99
if [[ -w /dev/full ]]; then
  "$vknoise" eval <"$input" >/dev/full 2>"$work/stderr"
  check "eval reports a failed stdout" [ $? -eq 1 ]
  check "eval names stdout" grep -qx 'vknoise: cannot write to stdout: .*' "$work/stderr"
fi
expect_error "eval unknown flag" 2 '--bogus' eval --bogus
expect_error "eval bad backend" 2 '--backend "tpu"' eval --backend tpu
expect_error "eval bad seed" 2 '--seed "-1"' eval --seed=-1
expect_error "eval seed overflow" 2 '--seed' eval --seed 18446744073709551616
expect_error "eval bad dims" 2 '--dims "5"' eval --dims 5
expect_error "eval bad device" 2 '--device "abc"' eval --device abc
input=/dev/null

# --- render -----------------------------------------------------------------------------------

expect_success "render 64x64 png" render --dims 3 --size 64x64 --out noise.png
check "png signature" [ "$(head -c 8 "$case_dir/noise.png" | od -An -tx1 | tr -d ' \n')" = \
  89504e470d0a1a0a ]
check "png leaves no temporary file" [ "$(ls -A "$case_dir")" = noise.png ]

expect_success "render 3D raw" render --dims 3 --size 16x8x4 --origin -1.5,2,1e6 --step 0.1 \
  --out field.raw
check "raw holds 4 bytes per sample" [ "$(stat -c %s "$case_dir/field.raw")" -eq 2048 ]

expect_success "render 4D raw" render --dims 4 --size 2x3x4x5 --step 0.5,0.25,0.125,1 \
  --origin 0,0,0,0.5 --seed 42 --out field.RAW
check "4D raw size" [ "$(stat -c %s "$case_dir/field.RAW")" -eq 480 ]

expect_success "render replaces an existing file" render --dims 3 --size 8x8 --out a.raw
expect_success "render negative origin via =" render --dims 3 --size 8x8 --origin=-3,-2,-1 \
  --out a.raw
check "render negative origin size" [ "$(stat -c %s "$case_dir/a.raw")" -eq 256 ]

expect_success "render cpu raw for comparison" render --dims 3 --size 32x32 --out cpu.raw
cpu_raw=$case_dir/cpu.raw
if expect_success "render gpu raw" render --dims 3 --size 32x32 --backend gpu --out gpu.raw; then
  check "gpu raw size equals cpu raw size" \
    [ "$(stat -c %s "$case_dir/gpu.raw")" -eq "$(stat -c %s "$cpu_raw")" ]
fi
expect_success "render gpu png" render --dims 3 --size 48x16 --backend gpu --out gpu.png

expect_error "render size 0x4" 2 '"0" is not an integer' render --dims 3 --size 0x4 --out a.raw
expect_error "render size -3x4" 2 '--size "-3x4"' render --dims 3 --size -3x4 --out a.raw
expect_error "render size 4x" 2 '--size "4x"' render --dims 3 --size 4x --out a.raw
expect_error "render size overflow" 2 '"99999999999" is not an integer' \
  render --dims 3 --size 99999999999x2 --out a.raw
expect_error "render size 2^32" 2 '--size' render --dims 3 --size 4294967296x2 --out a.raw
expect_error "render size abc" 2 '--size "abc"' render --dims 3 --size abc --out a.raw
expect_error "render size 12abc" 2 '"12abc"' render --dims 3 --size 12abcx4 --out a.raw
expect_error "render 2 sizes with dims 1" 2 '--size "64x2"' render --dims 1 --size 64x2 --out a.raw
expect_error "render size 5 numbers" 2 '--size' render --dims 4 --size 1x1x1x1x1 --out a.raw
expect_error "render 4th size with dims 3" 2 'larger --dims' render --dims 3 --size 4x4x1x2 --out a.raw
expect_error "render origin nan" 2 '--origin "nan,0,0": "nan" is not a finite number' \
  render --dims 3 --size 4x4 --origin nan,0,0 --out a.raw
expect_error "render origin count" 2 '--origin "1,2"' render --dims 3 --size 4x4 --origin 1,2 \
  --out a.raw
expect_error "render origin 4 values with dims 3" 2 '--origin' \
  render --dims 3 --size 4x4 --origin 1,2,3,4 --out a.raw
expect_error "render origin word" 2 '"y" is not a number' render --dims 3 --size 4x4 \
  --origin 1,y,3 --out a.raw
expect_error "render step inf" 2 '--step "inf": "inf" is not a finite number' \
  render --dims 3 --size 4x4 --step inf --out a.raw
expect_error "render step count" 2 '--step' render --dims 3 --size 4x4 --step 1,2 --out a.raw
expect_error "render dims 5" 2 '--dims "5"' render --dims 5 --size 4x4 --out a.raw
# Without --dims, render is 3D, as its help says and as eval is (bad_input_test.sh compares the
# values with --dims 3's).
expect_success "render without dims" render --size 4x4 --out a.raw &&
  check "render without dims: 16 samples" [ "$(stat -c %s "$case_dir/a.raw")" -eq 64 ]
expect_error "render without size" 2 '--size' render --dims 3 --out a.raw
expect_error "render without out" 2 '--out' render --dims 3 --size 4x4
expect_error "render unknown flag" 2 '--frobnicate' render --dims 3 --size 4x4 --out a.raw \
  --frobnicate
expect_error "render origin outside the domain" 2 '' render --dims 3 --size 4x4 \
  --origin 3e9,0,0 --out a.raw
expect_error "render too many samples" 2 '' render --dims 3 \
  --size 4294967295x4294967295x4294967295 --step 1e-6 --out a.raw
# 2^59 samples: more bytes than any address space, so the allocation fails whatever the
# overcommit policy.
expect_error "render more than memory" 1 'cannot allocate' render --dims 3 \
  --size 536870912x1073741824 --step 1e-9 --out a.raw
expect_error "render unwritable directory" 1 'cannot write /nonexistent/dir/out.png' \
  render --dims 3 --size 4x4 --out /nonexistent/dir/out.png
expect_error "render below a file" 1 'cannot write /proc/version/x.png' \
  render --dims 3 --size 4x4 --out /proc/version/x.png
if [[ $(id -u) -ne 0 ]]; then
  mkdir "$work/readonly" && chmod 555 "$work/readonly"
  expect_error "render read-only directory" 1 'Permission denied' \
    render --dims 3 --size 4x4 --out "$work/readonly/out.png"
  check "read-only directory stays empty" [ -z "$(ls -A "$work/readonly")" ]
fi
expect_error "render png of a 3D field" 2 'a .png holds a 2D field; this field is 8x8x2 (use .raw)' \
  render --dims 3 --size 8x8x2 --out a.png
expect_error "render png of a 4D field" 2 'this field is 8x8x1x3' \
  render --dims 4 --size 8x8x1x3 --out a.png
expect_error "render unknown extension" 2 'unknown extension' render --dims 3 --size 4x4 \
  --out a.jpg
expect_error "render no extension" 2 'unknown extension' render --dims 3 --size 4x4 --out out
expect_error "render gpu with a bad device" 1 '' render --dims 3 --size 4x4 --backend gpu \
  --device 99 --out a.raw

# --region: indices not given are 0, as sizes not given are 1.
expect_success "region of 2 indices in 3D" render --dims 3 --size 8x6x3 --region 2,3 --out r.raw
cp "$case_dir/r.raw" "$work/region2.raw"
expect_success "region of 3 indices" render --dims 3 --size 8x6x3 --region 2,3,0 --out r.raw
check "region 2,3 equals 2,3,0" cmp -s "$work/region2.raw" "$case_dir/r.raw"
expect_success "region 2,3,1" render --dims 3 --size 8x6x3 --region 2,3,1 --out r.raw
check "region 2,3,1 differs from 2,3" fails cmp -s "$work/region2.raw" "$case_dir/r.raw"
expect_success "region of 1 index in 4D" render --dims 4 --size 4x4x2x2 --region 5 --out r.raw
cp "$case_dir/r.raw" "$work/region1.raw"
expect_success "region 5,0,0,0" render --dims 4 --size 4x4x2x2 --region 5,0,0,0 --out r.raw
check "region 5 equals 5,0,0,0" cmp -s "$work/region1.raw" "$case_dir/r.raw"
expect_error "region of 4 indices in 3D" 2 'expected 1 to 3 sample indices' render --dims 3 \
  --size 4x4 --region 1,2,3,4 --out a.raw

# An existing directory in the way: an error, and nothing else appears next to it.
case_dir=$(mktemp -d "$work/case.XXXXXX")
mkdir "$case_dir/taken.raw"
(cd "$case_dir" && "$vknoise" render --dims 3 --size 4x4 --out taken.raw >"$work/stdout" \
  2>"$work/stderr")
check "render onto a directory fails" [ $? -eq 1 ]
check "render onto a directory leaves nothing" [ "$(ls -A "$case_dir")" = taken.raw ]

# A failed render leaves an existing output untouched.
case_dir=$(mktemp -d "$work/case.XXXXXX")
echo keep >"$case_dir/keep.raw"
(cd "$case_dir" && "$vknoise" render --dims 3 --size 4x4 --step nan --out keep.raw \
  >"$work/stdout" 2>"$work/stderr")
check "failed render keeps the old file" [ "$(cat "$case_dir/keep.raw")" = keep ]

# --- check, info, usage -----------------------------------------------------------------------

expect_success "check 32x32" check --size 32x32
check "check prints three lines" [ "$(wc -l <"$work/stdout")" -eq 3 ]
check "check reports the tolerance" grep -q 'max |gpu - cpu double| = .* (tolerance 1e-05)' \
  "$work/stdout"
check "check reports bit identity" grep -qE '^bit-identical to float mirror: [0-9]+ of 1024 \(' \
  "$work/stdout"
expect_success "check dims 3" check --dims 3
expect_success "check dims 4" check --dims 4
expect_success "check far from the origin" check --size 16x16x2 --origin 1e6,-2e6,12345.5 --seed 3
expect_error "check bad size" 2 '--size' check --size 0x0
expect_error "check gpu with a bad device" 1 '' check --device 99

# --- the noise catalogue --------------------------------------------------------------------------

expect_success "check --all" check --all
check "check --all prints one line per variant" [ "$(wc -l <"$work/stdout")" -ge 15 ]
check "check --all has no failing variant" bash -c "! grep -q FAIL '$work/stdout'"
check "check --all covers fractals" grep -q 'ridged' "$work/stdout"
expect_success "check fbm 4D far away" check --dims 4 --size 16x16x2x2 --origin 1e6,1e6,1e6,1e6 \
  --fractal fbm --octaves 4
expect_success "render 1D fbm raw" render --dims 1 --size 1000 --fractal fbm --out line.raw
check "1D raw holds 1000 floats" [ "$(stat -c %s "$case_dir/line.raw")" -eq 4000 ]
expect_success "render tiled ridged png" render --dims 2 --size 64x64 --fractal ridged \
  --period 4 --step 0.125 --out tile.png
expect_success "render remapped raw" render --dims 2 --size 8x8 --remap 01 --out r.raw
check "remapped values lie in [0, 1]" python3 -c "
import struct,sys; v=struct.unpack('64f', open('$case_dir/r.raw','rb').read())
sys.exit(0 if min(v) >= 0 and max(v) <= 1 and max(v) > 0.55 else 1)"
with_input '0.5 0.25\n'
expect_success "eval 2D remapped" eval --dims 2 --remap 01
check "eval remap maps noise2 into [0, 1]" python3 -c "
import sys; v=float(open('$work/stdout').read()); sys.exit(0 if 0 <= v <= 1 else 1)"
with_input '0.3 0.7 1.1 2.2\n'
expect_success "eval balanced 4D on the gpu" eval --dims 4 --noise improved4-balanced --backend gpu
expect_error "balanced with dims 3" 2 'improved4-balanced' render --dims 3 --size 8x8 \
  --noise improved4-balanced --out b.raw
expect_error "unknown noise" 2 '--noise' render --dims 3 --size 8x8 --noise gabor --out b.raw
expect_error "simplex with a period" 2 'simplex noise has no period' render --dims 3 --size 8x8 \
  --noise simplex --period 8 --out b.raw
expect_error "simplex in 1D" 2 'simplex noise has dims 2 to 4' render --dims 1 --size 8 \
  --noise simplex --out b.raw
expect_error "simplex warped" 2 'simplex noise is not warped' render --dims 2 --size 8x8 \
  --noise simplex --warp 1 --out b.raw
expect_success "simplex 3D on the gpu" render --dims 3 --size 16x16x4 --noise simplex \
  --fractal fbm --backend gpu --out s.raw
check "simplex 3D is 16x16x4 floats" [ "$(stat -c %s "$case_dir/s.raw")" -eq 4096 ]
with_input '0.3 0.7 1.1\n'
expect_success "eval simplex 3D on the gpu" eval --dims 3 --noise simplex --backend gpu
new_graphs=$(realpath "$(dirname "$0")/../../graphs")
expect_error "cellular metric unknown" 2 '--cellular-distance "taxicab": expected euclidean' \
  render --dims 2 --size 8x8 --noise cellular --cellular-distance taxicab --out b.raw
expect_error "cellular return unknown" 2 '--cellular-return "f3": expected f1, f2' \
  render --dims 2 --size 8x8 --noise cellular --cellular-return f3 --out b.raw
expect_error "cellular jitter above 1" 2 '--cellular-jitter "1.5": expected a number from 0 to 1' \
  render --dims 2 --size 8x8 --noise cellular --cellular-jitter 1.5 --out b.raw
expect_error "cellular jitter nan" 2 '--cellular-jitter "nan"' \
  render --dims 2 --size 8x8 --noise cellular --cellular-jitter nan --out b.raw
expect_error "cellular options without cellular" 2 'apply to --noise cellular' \
  render --dims 2 --size 8x8 --cellular-return f2 --out b.raw
expect_error "cellular gradient of cell" 2 'returning cell has no gradient' \
  render --dims 2 --size 8x8 --noise cellular --cellular-return cell --gradient --out b.raw
expect_error "cellular period past 256" 2 'grows past 256' render --dims 2 --size 8x8 \
  --noise cellular --period 100 --fractal fbm --octaves 3 --out b.raw
expect_error "cellular options with a graph" 2 '--cellular-jitter does not apply with --graph' \
  render --graph "$new_graphs/voronoi.json" --size 8x8 --cellular-jitter 0.5 --out b.raw
expect_success "cellular 3D on the gpu" render --dims 3 --size 16x16x4 --noise cellular \
  --cellular-distance manhattan --cellular-return f2-f1 --cellular-jitter 0.8 --period 4 \
  --fractal fbm --octaves 3 --backend gpu --out "$work/c.raw"
check "cellular 3D is 16x16x4 floats" [ "$(stat -c %s "$work/c.raw")" -eq 4096 ]
expect_success "cellular 3D on the cpu" render --dims 3 --size 16x16x4 --noise cellular \
  --cellular-distance manhattan --cellular-return f2-f1 --cellular-jitter 0.8 --period 4 \
  --fractal fbm --octaves 3 --backend cpu --out "$work/c_cpu.raw"
check "cellular 3D: the gpu's bytes are the cpu's" cmp "$work/c.raw" "$work/c_cpu.raw"
with_input '0.3 0.7 1.1\n'
expect_success "eval cellular 3D on the gpu" eval --dims 3 --noise cellular --cellular-return f1 \
  --backend gpu
expect_error "flow angle nan" 2 '--flow-angle "nan": expected a finite number' \
  render --dims 2 --size 8x8 --noise flow --flow-angle nan --out b.raw
expect_error "flow angle beyond float" 2 '--flow-angle "1e39"' \
  render --dims 2 --size 8x8 --noise flow --flow-angle 1e39 --out b.raw
expect_error "flow advection negative" 2 '--flow-advection "-1": expected a finite number >= 0' \
  render --dims 2 --size 8x8 --noise flow --fractal fbm --flow-advection -1 --out b.raw
expect_error "flow advection without fbm" 2 'flow advection is a kind of fbm' \
  render --dims 2 --size 8x8 --noise flow --flow-advection 0.5 --out b.raw
expect_error "flow angle without flow" 2 'apply to --noise flow' \
  render --dims 2 --size 8x8 --flow-angle 1 --out b.raw
expect_error "flow odd y period in 2D" 2 'even y periods only' \
  render --dims 2 --size 8x8 --noise flow --period 4,3 --out b.raw
expect_error "flow in 4D" 2 'flow noise has dims 2 to 3, not 4' \
  render --dims 4 --size 8x8x1x1 --noise flow --out b.raw
# The angle loops: 2 pi (float(2 pi) after the host's double) gives the bits of 0, octaves too.
expect_success "flow at angle 0" render --dims 3 --size 16x16x2 --noise flow --fractal fbm \
  --octaves 3 --flow-advection 0.3 --backend gpu --out "$work/f0.raw"
expect_success "flow at angle 2 pi" render --dims 3 --size 16x16x2 --noise flow --fractal fbm \
  --octaves 3 --flow-advection 0.3 --flow-angle 6.283185307179586 --backend gpu \
  --out "$work/f1.raw"
check "flow: angle 2 pi is angle 0 bit for bit" cmp "$work/f0.raw" "$work/f1.raw"
expect_success "flow at angle 1" render --dims 3 --size 16x16x2 --noise flow --fractal fbm \
  --octaves 3 --flow-advection 0.3 --flow-angle 1 --backend cpu --out "$work/f2.raw"
check "flow: angle 1 is another field" bash -c "! cmp -s '$work/f0.raw' '$work/f2.raw'"
# graphs/flow.json's time axis: z = 1 turns the angle once around, back to z = 0's bits.
expect_success "flow graph at z 0" render --graph "$new_graphs/flow.json" \
  --size 32x32 --origin 0,0,0 --backend gpu --out "$work/g0.raw"
expect_success "flow graph at z 1" render --graph "$new_graphs/flow.json" \
  --size 32x32 --origin 0,0,1 --backend gpu --out "$work/g1.raw"
check "flow graph loops bit for bit" cmp "$work/g0.raw" "$work/g1.raw"
expect_error "unknown fractal" 2 '--fractal' render --dims 3 --size 8x8 --fractal fbn --out b.raw
expect_error "octaves 0" 2 'octaves' render --dims 3 --size 8x8 --fractal fbm --octaves 0 \
  --out b.raw
expect_error "octaves 1000" 2 'octaves' render --dims 3 --size 8x8 --fractal fbm --octaves 1000 \
  --out b.raw
expect_error "negative persistence" 2 '--persistence' render --dims 3 --size 8x8 --fractal fbm \
  --persistence -0.5 --out b.raw
expect_error "period 257" 2 '--period' render --dims 3 --size 8x8 --period 257 --out b.raw
expect_error "period with fractional lacunarity" 2 'integer lacunarity' render --dims 3 --size 8x8 \
  --fractal fbm --period 16 --lacunarity 1.5 --out b.raw
expect_error "bad remap" 2 '--remap' render --dims 2 --size 8x8 --remap 11 --out b.raw

with_input '3.14 42 7\n'
expect_success "eval gradient" eval --gradient --backend cpu-reference
check "eval gradient prints value and 3 derivatives" grep -qE '^0.13691995878400012 [-0-9.e]+ [-0-9.e]+ [-0-9.e]+$' "$work/stdout"
expect_success "render gradient raw" render --dims 2 --size 16x8 --gradient --out g.raw
check "gradient raw holds 3 floats per sample" [ "$(stat -c %s "$case_dir/g.raw")" -eq $((16 * 8 * 3 * 4)) ]
expect_error "gradient png" 2 'use .raw' render --dims 2 --size 16x8 --gradient --out g.png
expect_error "gradient with ridged" 2 'ridged' render --dims 2 --size 16x8 --gradient --fractal ridged \
  --out g.raw

with_input '0.3 0.7\n'
expect_success "eval classic 2D gradient" eval --dims 2 --noise classic --seed 5 --gradient
check "classic gradient has 3 numbers" grep -qE '^[-0-9.e]+ [-0-9.e]+ [-0-9.e]+$' "$work/stdout"
expect_success "eval value cubic smoothed on the gpu" eval --dims 2 --noise value --interpolation cubic \
  --smooth --backend gpu
expect_error "interpolation without value noise" 2 '--noise value' eval --dims 2 --interpolation cubic
expect_error "bad interpolation" 2 '--interpolation' eval --dims 2 --noise value --interpolation spline
expect_success "check classic 4D fbm" check --dims 4 --size 12x12x3x3 --noise classic --fractal fbm \
  --seed 9

expect_success "render warped fbm" render --dims 2 --size 32x32 --fractal fbm --warp 1.5 --out w.png
expect_error "negative warp" 2 '--warp' render --dims 2 --size 8x8 --warp -1 --out w.png
expect_error "warp with a period" 2 'period' render --dims 2 --size 8x8 --warp 1 --period 8 --out w.png

# --octave-offsets moves octave o by o * octave_offset (include/vknoise/noise_spec.hpp): a
# two-octave fBm at p is (n(p) + 0.5 * n(2p + octave_offset)) / 1.5, n being the plain noise that
# eval prints; in double (the reference backend), so the sum agrees to rounding.
ref=(--backend cpu-reference)
with_input '1.5 2.5 3.5\n-7.25 0.125 19.75\n300.3 -41.9 0.01\n'
expect_success "eval fbm with octave offsets" eval "${ref[@]}" --fractal fbm --octaves 2 \
  --octave-offsets
cp "$work/stdout" "$work/octave_offsets"
expect_success "eval fbm without octave offsets" eval "${ref[@]}" --fractal fbm --octaves 2
check "octave offsets change fBm" fails cmp -s "$work/octave_offsets" "$work/stdout"
python3 -c "
import sys
offset = (37.61803398874989, 51.41421356237309, 29.73205080756888)
for line in open(sys.argv[1]):
    p = [float(v) for v in line.split()]
    print(*map(repr, p))
    print(*(repr(2 * x + o) for x, o in zip(p, offset)))" "$input" >"$work/octave_points"
input=$work/octave_points
expect_success "eval the plain noise at each octave's point" eval "${ref[@]}"
check "fBm with octave offsets is (n(p) + 0.5 * n(2p + octave_offset)) / 1.5" python3 -c "
import sys
plain = [float(v) for v in open(sys.argv[1])]
fbm = [float(v) for v in open(sys.argv[2])]
expected = [(plain[2 * i] + 0.5 * plain[2 * i + 1]) / 1.5 for i in range(len(fbm))]
sys.exit(0 if len(fbm) == 3 and all(abs(a - b) <= 1e-12 for a, b in zip(fbm, expected)) else 1)" \
  "$work/stdout" "$work/octave_offsets"
input=/dev/null
expect_success "render fbm with octave offsets" render "${ref[@]}" --dims 3 --size 16x16x2 \
  --fractal fbm --octave-offsets --out o.raw
cp "$case_dir/o.raw" "$work/octave_offsets.raw"
expect_success "render fbm without octave offsets" render "${ref[@]}" --dims 3 --size 16x16x2 \
  --fractal fbm --out o.raw
check "octave offsets change a rendered fBm" fails cmp -s "$work/octave_offsets.raw" \
  "$case_dir/o.raw"
expect_success "render one octave with octave offsets" render "${ref[@]}" --dims 3 \
  --size 16x16x2 --fractal fbm --octaves 1 --octave-offsets --out o.raw
cp "$case_dir/o.raw" "$work/octave_offsets.raw"
expect_success "render the plain noise" render "${ref[@]}" --dims 3 --size 16x16x2 --out o.raw
check "octave 0 is not moved" cmp -s "$work/octave_offsets.raw" "$case_dir/o.raw"
expect_error "octave offsets with a value" 2 '--octave-offsets' render --dims 3 --size 8x8 \
  --fractal fbm --octave-offsets=maybe --out o.raw
expect_error "octave offsets with a preset" 2 '--octave-offsets does not apply' render \
  --preset marble --size 8x8 --octave-offsets --out o.png

expect_success "info" info
check "info names a device" grep -qE 'llvmpipe|^device 0: ' "$work/stdout"
check "info marks the selected device" grep -q '\[selected\]' "$work/stdout"
expect_success "info with device 0" info --device 0
expect_error "info with a bad device" 1 'no such device' info --device 99
VKNOISE_DEVICE=x expect_error "info with a bad VKNOISE_DEVICE" 2 'VKNOISE_DEVICE="x"' info

expect_success "help" --help
check "help lists the commands" grep -q render "$work/stdout"
expect_success "render help" render --help
check "render help lists --out" grep -q -- --out "$work/stdout"
expect_error "no command" 2 'vknoise: '
expect_error "unknown command" 2 'frobnicate' frobnicate
expect_error "unknown top-level flag" 2 '--bogus' --bogus

# --- the default backend: auto ----------------------------------------------------------------

# info names the backend auto takes; on a CPU implementation such as lavapipe it is the fast CPU
# path. Whatever it names, auto's output is byte for byte that backend's.
expect_success "info for auto" info
check "info names auto's choice" grep -qE '^auto backend: (cpu|gpu) \(.+\)$' "$work/stdout"
auto_choice=$(sed -n 's/^auto backend: \(cpu\|gpu\) (.*)$/\1/p' "$work/stdout")
if grep -q '\[selected\]' "$work/stdout" &&
  sed -n '/\[selected\]/,/^device /p' "$work/stdout" | grep -q '^  type: *CPU$'; then
  check "auto on a CPU implementation is the fast CPU path" grep -qE \
    '^auto backend: cpu \(the preferred Vulkan device, .+, is a CPU implementation; the fast CPU path is faster there\)$' \
    "$work/stdout"
fi
expect_success "info with device 0 names auto's choice for it" info --device 0
check "auto follows --device" grep -q '^auto backend: [a-z]* (Vulkan device 0, ' "$work/stdout"

with_input '3.14 42 7\n1.5 2.5 3.5\n-100.25 7.75 1e6\n'
expect_success "eval default backend" eval --fractal fbm --octaves 3
cp "$work/stdout" "$work/eval_default"
expect_success "eval --backend auto" eval --fractal fbm --octaves 3 --backend auto
check "eval default equals --backend auto" cmp -s "$work/eval_default" "$work/stdout"
expect_success "eval --backend $auto_choice" eval --fractal fbm --octaves 3 --backend "$auto_choice"
check "eval auto equals --backend $auto_choice" cmp -s "$work/eval_default" "$work/stdout"
expect_success "eval --backend cpu-reference" eval --fractal fbm --octaves 3 --backend cpu-reference
check "eval auto is not the double reference" fails cmp -s "$work/eval_default" "$work/stdout"
expect_error "eval auto with a device that does not exist" 1 'device 99 does not exist' eval \
  --device 99
VKNOISE_DEVICE=x expect_error "eval auto with a bad VKNOISE_DEVICE" 2 'VKNOISE_DEVICE="x"' eval
input=/dev/null

for what in "field:--dims 3 --size 40x24x3 --seed 5 --out a.raw" \
  "animation:--dims 2 --size 24x16 --time 0:2 --frames 3 --out a%d.raw" \
  "preset:--preset marble --size 40x24 --out a.png"; do
  name=${what%%:*}
  read -ra args <<<"${what#*:}"
  expect_success "render $name, default backend" render "${args[@]}"
  default_dir=$case_dir
  expect_success "render $name, --backend auto" render "${args[@]}" --backend auto
  check "render $name: default equals --backend auto" diff -r "$default_dir" "$case_dir"
  expect_success "render $name, --backend $auto_choice" render "${args[@]}" --backend "$auto_choice"
  check "render $name: auto equals --backend $auto_choice" diff -r "$default_dir" "$case_dir"
done
expect_error "render auto with a device that does not exist" 1 'device 99 does not exist' \
  render --dims 3 --size 4x4 --device 99 --out a.raw
expect_success "render help lists auto" render --help
check "render help names the backends" grep -q -- '--backend auto|cpu|cpu-reference|gpu' \
  "$work/stdout"
check "render help says auto is the default" grep -q 'auto (default: gpu on a discrete or integrated GPU, else cpu' \
  "$work/stdout"
expect_success "eval help lists auto" eval --help
check "eval help names the backends" grep -q -- '--backend auto|cpu|cpu-reference|gpu' \
  "$work/stdout"

# --- presets ----------------------------------------------------------------------------------

# png_ihdr FILE: "WIDTH HEIGHT BIT_DEPTH COLOUR_TYPE" from the PNG's IHDR chunk.
png_ihdr() {
  python3 -c "
import struct, sys
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n' and data[12:16] == b'IHDR'
print(*struct.unpack('>IIBB', data[16:26]))" "$1"
}

# png_rgb_close A B LEVELS: A and B are 8-bit RGB PNGs of one size whose channels differ by at
# most LEVELS. Decodes with zlib and PNG's five row filters (the encoder picks one per row).
png_rgb_close() {
  python3 - "$@" <<'PY'
import struct, sys, zlib
def pixels(path):
    data, pos, idat = open(path, 'rb').read(), 8, b''
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b'IHDR':
            width, height, depth, colour_type = struct.unpack('>IIBB', body[:10])
        if kind == b'IDAT':
            idat += body
        pos += 12 + length
    assert depth == 8 and colour_type == 2
    raw, stride, rows, prev = zlib.decompress(idat), width * 3, [], bytearray(width * 3)
    for y in range(height):
        start = y * (stride + 1)
        kind, row = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a, b = (row[i - 3] if i >= 3 else 0), prev[i]
            c = prev[i - 3] if i >= 3 else 0
            if kind == 1: row[i] = (row[i] + a) & 255
            elif kind == 2: row[i] = (row[i] + b) & 255
            elif kind == 3: row[i] = (row[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(row)
        prev = row
    return width, height, b''.join(rows)
(w1, h1, p1), (w2, h2, p2) = pixels(sys.argv[1]), pixels(sys.argv[2])
worst = max(abs(x - y) for x, y in zip(p1, p2))
sys.exit(0 if (w1, h1) == (w2, h2) and worst <= int(sys.argv[3]) else 1)
PY
}

# A preset is its graph (graphs/NAME.json, embedded in the tool): exact graphs (wood, clouds, fire)
# give the GPU the cpu backend's bits; bounded ones (marble's cos, terrain's sqrt and division) stay
# within one level of colour.
for preset in marble wood clouds fire terrain; do
  expect_success "preset $preset on cpu" render --preset "$preset" --size 64x48 --backend cpu \
    --out "$preset.png"
  check "preset $preset is a 64x48 8-bit RGB png" [ "$(png_ihdr "$case_dir/$preset.png")" = \
    "64 48 8 2" ]
  check "preset $preset leaves no temporary file" [ "$(ls -A "$case_dir")" = "$preset.png" ]
  cp "$case_dir/$preset.png" "$work/preset_$preset.png"
  if expect_success "preset $preset on gpu" render --preset "$preset" --size 64x48 --backend gpu \
    --out "$preset.png"; then
    case $preset in
      marble | terrain)
        check "preset $preset gpu within 1 level of cpu" \
          png_rgb_close "$work/preset_$preset.png" "$case_dir/$preset.png" 1
        ;;
      *)
        check "preset $preset gpu equals cpu" cmp -s "$work/preset_$preset.png" \
          "$case_dir/$preset.png"
        ;;
    esac
  fi
done

# --preset NAME is --graph graphs/NAME.json on the preset's plane (z 0.37) at its step, byte for
# byte; the user's --origin x,y,z and --step x,y override those.
graphs_dir=$(realpath "$(dirname "$0")/../../graphs")
for preset in marble wood clouds fire terrain; do
  step=0.015625
  [[ $preset == wood ]] && step=0.0078125
  expect_success "graph of preset $preset" render --graph "$graphs_dir/$preset.json" \
    --backend cpu-reference --size 256x256 --origin 0,0,0.37 --step "$step" --out a.png
  cp "$case_dir/a.png" "$work/graph_$preset.png"
  expect_success "preset $preset at its defaults" render --preset "$preset" \
    --backend cpu-reference --size 256x256 --out a.png
  check "preset $preset is its graph, byte for byte" cmp -s "$work/graph_$preset.png" \
    "$case_dir/a.png"
done
expect_success "graph of wood on another plane" render --graph "$graphs_dir/wood.json" \
  --size 32x24 --origin 10,-5,2.5 --step 0.01,0.02,1 --seed 7 --out a.png
cp "$case_dir/a.png" "$work/graph_wood_moved.png"
expect_success "preset wood on another plane" render --preset wood --size 32x24 \
  --origin 10,-5,2.5 --step 0.01,0.02 --seed 7 --out a.png
check "preset origin, step and seed are the graph's" cmp -s "$work/graph_wood_moved.png" \
  "$case_dir/a.png"
expect_success "graph of fire with a 2D origin" render --graph "$graphs_dir/fire.json" \
  --size 16x16 --origin=-3,4,0.37 --step 0.015625 --out a.png
cp "$case_dir/a.png" "$work/graph_fire_moved.png"
expect_success "preset fire with a 2D origin keeps its z" render --preset fire --size 16x16 \
  --origin=-3,4 --out a.png
check "preset 2D origin is the graph's at the preset's z" cmp -s "$work/graph_fire_moved.png" \
  "$case_dir/a.png"
expect_error "preset with --graph" 2 '--graph does not apply with --preset' render \
  --preset fire --graph "$graphs_dir/fire.json" --size 8x8 --out a.png
expect_error "preset origin of one number" 2 'expected x,y or x,y,z' render --preset clouds \
  --size 8x8 --origin 1 --out a.png
expect_error "preset step of three numbers" 2 'expected one number or x,y' render \
  --preset clouds --size 8x8 --step 1,2,3 --out a.png
check "the comparison sees different presets" \
  fails png_rgb_close "$work/preset_marble.png" "$work/preset_clouds.png" 1

expect_success "preset with origin z, step and seed" render --preset wood --size 64x48 \
  --origin 10,-5,2.5 --step 0.01,0.02 --seed 7 --out wood.png
check "preset seed and frame change the image" \
  fails png_rgb_close "$work/preset_wood.png" "$case_dir/wood.png" 1
expect_success "preset with a 2D origin" render --preset fire --size 16x16 --origin=-3,4 --out f.png

expect_error "unknown preset" 2 '--preset "granite": unknown preset' render --preset granite \
  --size 8x8 --out a.png
expect_error "preset to raw" 2 'a preset renders a colour image (use .png)' render --preset marble \
  --size 8x8 --out a.raw
expect_error "preset unknown extension" 2 'unknown extension' render --preset marble --size 8x8 \
  --out a.jpg
expect_error "preset with --fractal" 2 '--fractal does not apply with --preset (a preset sets the noise itself)' \
  render --preset fire --size 8x8 --fractal fbm --out a.png
expect_error "preset with --dims" 2 '--dims does not apply' render --preset fire --dims 2 \
  --size 8x8 --out a.png
expect_error "preset with --remap" 2 '--remap does not apply' render --preset clouds --size 8x8 \
  --remap 01 --out a.png
expect_error "preset with a 3D size" 2 'a preset renders a WxH image' render --preset clouds \
  --size 8x8x2 --out a.png
expect_error "preset origin count" 2 'expected x,y or x,y,z' render --preset clouds --size 8x8 \
  --origin 1,2,3,4 --out a.png
expect_error "preset origin nan" 2 '"nan" is not a finite number' render --preset clouds \
  --size 8x8 --origin nan,0 --out a.png
expect_error "preset origin outside the domain" 2 '' render --preset terrain --size 8x8 \
  --origin 3e9,0 --out a.png
expect_error "preset without size" 2 '--size' render --preset marble --out a.png
expect_error "preset unwritable directory" 1 'cannot write /nonexistent/dir/a.png' \
  render --preset marble --size 8x8 --out /nonexistent/dir/a.png
expect_error "preset gpu with a bad device" 1 '' render --preset marble --size 8x8 --backend gpu \
  --device 99 --out a.png
expect_success "render help lists the presets" render --help
check "render help names --preset" grep -q -- '--preset marble|wood|clouds|fire|terrain' \
  "$work/stdout"

# --- animation --------------------------------------------------------------------------------

expect_success "animate 2D to png frames" render --dims 2 --size 16x8 --time 0:1 --frames 3 \
  --out 'f_%03d.png'
check "animation writes one png per frame" [ "$(ls -A "$case_dir" | tr '\n' ' ')" = \
  "f_000.png f_001.png f_002.png " ]
check "animation reports progress per frame" grep -q '^frame 3/3 ' "$work/stderr"
check "animation reports peak memory" grep -q '^peak memory: ' "$work/stderr"
expect_success "animation quiet" render --dims 2 --size 8x8 --time 0:1 --frames 2 --out 'f%d.raw' \
  --quiet
check "quiet animation prints nothing" [ ! -s "$work/stderr" ]

# Frame k of a 2D field is 3D noise at z = t, and is the same whoever renders it.
expect_success "animation, 5 frames over 0:4" render --dims 2 --size 16x16 --time 0:4 --frames 5 \
  --seed 3 --out 'a%d.raw'
cp "$case_dir/a2.raw" "$work/frame2.raw"
expect_success "frame 2 by hand" render --dims 3 --size 16x16 --origin 0,0,2 --seed 3 --out b.raw
check "frame k is 3D noise at t = T0 + k*(T1-T0)/(N-1)" cmp -s "$work/frame2.raw" "$case_dir/b.raw"

# A 3D volume's frames are 4D noise at w = t.
expect_success "animate a volume" render --dims 3 --size 8x8x4 --time 0:1 --frames 2 \
  --out 'v%d.raw'
cp "$case_dir/v1.raw" "$work/volume1.raw"
expect_success "volume frame by hand" render --dims 4 --size 8x8x4 --origin 0,0,0,1 --out w.raw
check "a volume's frame is 4D noise at w = t" cmp -s "$work/volume1.raw" "$case_dir/w.raw"

# --loop: period T1-T0 on time, so frame N (the first frame of the next turn) is frame 0.
expect_success "looping animation" render --dims 2 --size 16x16 --time 0:4 --frames 4 --loop \
  --fractal fbm --octaves 3 --out 'l%d.raw'
check "loop writes N frames" [ "$(ls -A "$case_dir" | wc -l)" -eq 4 ]
cp "$case_dir/l0.raw" "$work/loop0.raw"
expect_success "loop, the next turn" render --dims 2 --size 16x16 --time 4:8 --frames 4 --loop \
  --fractal fbm --octaves 3 --out 'l%d.raw'
check "loop frame N equals frame 0" cmp -s "$work/loop0.raw" "$case_dir/l0.raw"
expect_success "loop frame N by hand" render --dims 3 --size 16x16 --origin 0,0,4 \
  --period 0,0,4 --fractal fbm --octaves 3 --out n.raw
check "loop frame N by hand equals frame 0" cmp -s "$work/loop0.raw" "$case_dir/n.raw"

# --resume renders only the missing frames.
expect_success "resume, first run" render --dims 2 --size 8x8 --time 0:1 --frames 3 \
  --out 'r%d.raw'
cp "$case_dir/r1.raw" "$work/r1.raw"
resume_dir=$case_dir
rm "$resume_dir/r1.raw"
(cd "$resume_dir" && "$vknoise" render --dims 2 --size 8x8 --time 0:1 --frames 3 --out 'r%d.raw' \
  --resume >"$work/stdout" 2>"$work/stderr")
check "resume exits 0" [ $? -eq 0 ]
check "resume reports the skipped frames" grep -q 'skipped 2 of 3 frames' "$work/stderr"
check "resume renders the missing frame" cmp -s "$work/r1.raw" "$resume_dir/r1.raw"

# Streaming: a volume over --memory-budget is rendered in z-slabs, bit for bit the same.
for backend in cpu cpu-reference gpu; do
  expect_success "whole volume on $backend" render --dims 3 --size 64x64x96 --backend $backend \
    --out whole.raw
  cp "$case_dir/whole.raw" "$work/whole.raw"
  expect_success "slabbed volume on $backend" render --dims 3 --size 64x64x96 --backend $backend \
    --memory-budget 1 --out slabs.raw
  check "slabs on $backend are reported" grep -q '^slab 2/2 ' "$work/stderr"
  check "slabs equal the whole volume on $backend" cmp -s "$work/whole.raw" "$case_dir/slabs.raw"
done
expect_success "slabbed 4D animation" render --dims 3 --size 32x32x48 --time 0:1 --frames 2 \
  --memory-budget 1 --out 's%d.raw'
cp "$case_dir/s1.raw" "$work/s1.raw"
expect_success "whole 4D frame" render --dims 4 --size 32x32x48 --origin 0,0,0,1 --out t.raw
check "slabbed frame equals the whole frame" cmp -s "$work/s1.raw" "$case_dir/t.raw"

expect_error "frames 0" 2 '--frames "0"' render --dims 2 --size 8x8 --time 0:1 --frames 0 \
  --out 'a%d.raw'
expect_error "frames without time" 2 '--frames needs --time' render --dims 2 --size 8x8 \
  --frames 3 --out 'a%d.raw'
expect_error "time without frames" 2 '--time needs --frames' render --dims 2 --size 8x8 \
  --time 0:1 --out 'a%d.raw'
expect_error "malformed time" 2 '--time "0-1"' render --dims 2 --size 8x8 --time 0-1 --frames 3 \
  --out 'a%d.raw'
expect_error "time not a number" 2 '--time "0:x"' render --dims 2 --size 8x8 --time 0:x \
  --frames 3 --out 'a%d.raw'
expect_error "time nan" 2 '--time' render --dims 2 --size 8x8 --time nan:1 --frames 3 \
  --out 'a%d.raw'
expect_error "pattern without %d" 2 'need a frame number' render --dims 2 --size 8x8 --time 0:1 \
  --frames 3 --out a.raw
expect_error "pattern with %s" 2 'only %d, %0Nd and %%' render --dims 2 --size 8x8 --time 0:1 \
  --frames 3 --out 'a%s.raw'
expect_error "pattern with two %d" 2 'more than one %d' render --dims 2 --size 8x8 --time 0:1 \
  --frames 3 --out 'a%d_%d.raw'
expect_error "pattern with %-4d" 2 'only %d' render --dims 2 --size 8x8 --time 0:1 --frames 3 \
  --out 'a%-4d.raw'
expect_error "loop with a fractional period" 2 \
  '--loop needs T1-T0 to be an integer period from 1 to 256' render --dims 2 --size 8x8 \
  --time 0:1.5 --frames 3 --loop --out 'a%d.raw'
expect_error "loop with a period over 256" 2 'integer period from 1 to 256' render --dims 2 \
  --size 8x8 --time 0:300 --frames 3 --loop --out 'a%d.raw'
expect_error "loop without time" 2 '--loop needs --time' render --dims 2 --size 8x8 --loop \
  --out a.raw
expect_error "animate a 4D field" 2 '--time animates' render --dims 4 --size 8x8 --time 0:1 \
  --frames 2 --out 'a%d.raw'
expect_error "animate a preset" 2 'do not apply with --preset' render --preset marble --size 8x8 \
  --time 0:1 --frames 2 --out 'a%d.png'
expect_error "stream to png" 2 'this volume needs streaming; use .raw' render --dims 3 \
  --size 64x64x96 --memory-budget 1 --out a.png
expect_error "bad memory budget" 2 '--memory-budget "0"' render --dims 3 --size 8x8 \
  --memory-budget 0 --out a.raw

# Ctrl-C during an animation: exit 130, no temporary file, and only complete frames. 100000 frames
# cannot be done by the time the second frame exists.
if interrupt INT '[[ -e f_000001.raw ]]' render --dims 2 --size 256x256 --time 0:1000 \
  --frames 100000 --out 'f_%06d.raw'; then
  check "SIGINT exits 130" [ "$status" -eq 130 ]
  check "SIGINT leaves no temporary file" bash -c "! ls -A '$case_dir' | grep -q '^\.'"
  check "SIGINT leaves some frames" [ -e "$case_dir/f_000001.raw" ]
  check "SIGINT leaves complete frames only" bash -c "cd '$case_dir' &&
    ! find . -type f ! -size $((256 * 256 * 4))c | grep -q ."
fi
# SIGINT and SIGTERM while a streamed volume is being written are in bad_input_test.sh.

# --- file formats
# Each format at a small size, read back with its own tools where they exist; every bad case
# leaves its directory empty (expect_error checks that).
expect_success "render npy" render --dims 3 --size 5x4x3 --out f.npy
check "npy is header plus 60 floats" [ $(( $(stat -c %s "$case_dir/f.npy") % 64 )) -eq $((60 * 4 % 64)) ]
check "npy header names dtype and shape" grep -qa "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4, 5), }" \
  "$case_dir/f.npy"
if python3 -c "import numpy" 2>/dev/null; then
  check "numpy loads the npy" python3 -c "import numpy; a = numpy.load('$case_dir/f.npy'); \
assert a.shape == (3, 4, 5) and a.dtype == numpy.float32"
fi
expect_success "render gradient npy" render --dims 2 --size 4x3 --gradient --out g.npy
check "gradient npy has a channel axis" grep -qa "'shape': (3, 4, 3), }" "$case_dir/g.npy"

expect_success "render nhdr" render --dims 3 --size 5x4x3 --origin 1,2,3 --step 0.5 --out v.nhdr
check "nhdr writes header and data" [ "$(ls "$case_dir" | tr '\n' ' ')" = "v.nhdr v.raw " ]
check "nhdr sizes" grep -qx 'sizes: 5 4 3' "$case_dir/v.nhdr"
check "nhdr origin" grep -qx 'space origin: (1,2,3)' "$case_dir/v.nhdr"
check "nhdr data file" grep -qx 'data file: v.raw' "$case_dir/v.nhdr"
check "nhdr raw holds 60 floats" [ "$(stat -c %s "$case_dir/v.raw")" -eq 240 ]
expect_error "nhdr unwritable directory" 1 'cannot write /nonexistent/dir/' \
  render --dims 3 --size 4x4 --out /nonexistent/dir/v.nhdr

expect_success "render exr" render --dims 2 --size 6x5 --out h.exr
if command -v exrheader >/dev/null; then
  exrheader "$case_dir/h.exr" >"$work/exrheader" 2>&1
  check "exr has channel Y" grep -q 'Y, 32-bit floating-point' "$work/exrheader"
  check "exr is 6x5" grep -q 'dataWindow (type box2i): (0 0) - (5 4)' "$work/exrheader"
fi
expect_success "render gradient exr" render --dims 2 --size 6x5 --gradient --out g.exr
if command -v exrheader >/dev/null; then
  exrheader "$case_dir/g.exr" >"$work/exrheader" 2>&1
  check "gradient exr has dYdx and dYdy" grep -q 'dYdy, 32-bit floating-point' "$work/exrheader"
fi
expect_error "exr of a 3D field" 2 'an .exr holds a 2D field' render --dims 3 --size 4x4x2 \
  --out h.exr

expect_success "render vdb" render --dims 3 --size 5x4x3 --out d.vdb
if command -v vdb_print >/dev/null; then
  vdb_print -l "$case_dir/d.vdb" >"$work/vdb_print" 2>&1
  check "vdb grid is named density" grep -q '^Name: density' "$work/vdb_print"
  check "vdb dimensions" grep -q 'Dimensions of active voxels: *5 x 4 x 3' "$work/vdb_print"
  check "vdb keeps every voxel" grep -q 'Number of active voxels: *60$' "$work/vdb_print"
  check "vdb is a fog volume" grep -q 'class: fog volume' "$work/vdb_print"
fi
expect_success "render 2D vdb" render --dims 2 --size 5x4 --out s.vdb
expect_error "vdb of a 4D field" 2 'a .vdb holds a 2D or 3D field' render --dims 4 \
  --size 4x4x2x2 --out d.vdb
expect_error "vdb of a gradient" 2 'a .vdb holds one channel' render --dims 3 --size 4x4x2 \
  --gradient --out d.vdb
expect_error "vdb unwritable directory" 1 'cannot write /nonexistent/dir/d.vdb' \
  render --dims 3 --size 4x4 --out /nonexistent/dir/d.vdb

expect_success "render gif of z slices" render --dims 3 --size 6x5x3 --out a.gif
check "gif starts with GIF89a" [ "$(head -c 6 "$case_dir/a.gif")" = GIF89a ]
expect_error "gif of a gradient" 2 'a .gif holds one channel' render --dims 2 --size 4x4 \
  --gradient --out a.gif

# An animation into a .gif or .mp4 is one file of every frame: the same file as the z slices of
# the field whose z axis is the time. ffprobe (ffmpeg, which `make test` installs) counts the
# frames; without it these checks fail rather than skip.
# video_frames FILE: "WIDTH,HEIGHT,FRAMES" of the file's first video stream, decoded.
video_frames() {
  ffprobe -v error -count_frames -select_streams v:0 \
    -show_entries stream=width,height,nb_read_frames -of csv=p=0 "$1"
}
check "ffprobe is installed" bash -c "command -v ffprobe >/dev/null"
for format in gif mp4; do
  expect_success "$format animation" render --dims 2 --size 16x12 --time 0:4 --frames 5 \
    --out "a.$format"
  check "$format animation is one file" [ "$(ls -A "$case_dir")" = "a.$format" ]
  check "$format animation holds 5 frames of 16x12" [ "$(video_frames "$case_dir/a.$format")" = \
    16,12,5 ]
  cp "$case_dir/a.$format" "$work/animation.$format"
  expect_success "$format of the z slices" render --dims 3 --size 16x12x5 \
    --step 0.03125,0.03125,1 --out "z.$format"
  check "$format animation equals the z slices' $format" cmp -s "$work/animation.$format" \
    "$case_dir/z.$format"
  expect_error "$format animation with a frame pattern" 2 'holds every frame of the animation' \
    render --dims 2 --size 16x12 --time 0:4 --frames 5 --out "a%d.$format"
  expect_error "$format animation over the memory budget" 2 'holds every frame' render --dims 2 \
    --size 512x512 --time 0:1 --frames 8 --memory-budget 1 --out "a.$format"
done
expect_success "looping mp4 of 3 frames" render --dims 2 --size 32x18 --time 0:2 --frames 3 \
  --loop --fractal fbm --out l.mp4
check "looping mp4 holds 3 frames of 32x18" [ "$(video_frames "$case_dir/l.mp4")" = 32,18,3 ]
expect_success "mp4 of odd sides" render --dims 2 --size 15x11 --time 0:1 --frames 2 --out o.mp4
check "mp4 pads odd sides by one pixel" [ "$(video_frames "$case_dir/o.mp4")" = 16,12,2 ]
expect_success "mp4 of one 2D field" render --dims 2 --size 16x12 --out one.mp4
check "mp4 of one field holds one frame" [ "$(video_frames "$case_dir/one.mp4")" = 16,12,1 ]
case_dir=$(mktemp -d "$work/case.XXXXXX")
(cd "$case_dir" && PATH=/nonexistent "$vknoise" render --dims 2 --size 8x8 --time 0:1 --frames 2 \
  --out a.mp4 >"$work/stdout" 2>"$work/stderr")
status=$?
judge "mp4 without ffmpeg" 1 'ffmpeg is not installed (apt-get install ffmpeg) or use .gif' \
  "$case_dir"
expect_error "mp4 of a gradient" 2 'a .mp4 holds one channel' render --dims 2 --size 4x4 \
  --gradient --out a.mp4
expect_error "unknown extension lists the formats" 2 '.npy, .nhdr, .exr, .vdb, .gif, .mp4' \
  render --dims 2 --size 4x4 --out a.tiff
expect_success "render help" render --help
for extension in .png .raw .npy .nhdr .exr .vdb .gif .mp4; do
  check "render --out help names $extension" grep -qF -- "$extension (" "$work/stdout"
done

# --- 16-bit PNG ----------------------------------------------------------------------------------
expect_success "render 16-bit png" render --dims 2 --size 16x8 --png-bits 16 --out p16.png
check "16-bit png has bit depth 16" python3 -c "
import sys; d=open('$case_dir/p16.png','rb').read(); sys.exit(0 if d[24] == 16 and d[25] == 0 else 1)"
expect_error "png bits 12" 2 '--png-bits' render --dims 2 --size 16x8 --png-bits 12 --out p12.png

finish
