#!/usr/bin/env bash
# The command line's bad-input battery: every bad input gets exactly one short stderr line
# "vknoise: ...", exit 2 for a usage error or 1 for a runtime one (never a signal, so never a crash
# or a sanitizer abort), and leaves nothing in the output directory. Includes inputs that are not
# regular files (a FIFO, a directory, /dev/zero), output names up to NAME_MAX and SIGINT or SIGTERM
# while a volume is being written; a full disk is disk_full_test.sh, every other signal
# signals_test.sh.
# Usage: bad_input_test.sh path/to/vknoise
set -u

source "$(dirname "$0")/harness.sh" "$@"


r3=(render --dims 3)

# --- sizes ----------------------------------------------------------------------------------------
for size in 0 0x4 4x0 4x4x0 -3 -3x4 4294967296 4294967296x1 99999999999999999999 '' x 4xx4 4x \
  ' 4' +4 4.0 1e3 0x10 4x4x4x4x4 abc 4,4; do
  expect_error "size '$size'" 2 '--size' "${r3[@]}" --size "$size" --out a.raw
done
expect_error "size 65536^4 (2^64 samples)" 2 '2^60' render --dims 4 \
  --size 65536x65536x65536x65536 --step 1e-6 --out a.raw
expect_error "size 4294967295^3" 2 '2^60' "${r3[@]}" --size 4294967295x4294967295x4294967295 \
  --step 1e-9 --out a.raw
expect_error "size 2^59 samples (memory)" 1 'cannot allocate' "${r3[@]}" \
  --size 536870912x1073741824 --step 1e-9 --out a.raw
expect_error "check size 0" 2 '--size' check --size 0x0

# --- NaN and Inf everywhere -----------------------------------------------------------------------
for bad in nan -inf Infinity 1e400; do
  for axis in 0 1 2 3; do
    origin=(0 0 0 0)
    origin[axis]=$bad
    expect_error "origin axis $axis $bad" 2 '--origin' render --dims 4 --size 4x4 \
      "--origin=$(IFS=,; echo "${origin[*]}")" --out a.raw
    step=(0.1 0.1 0.1 0.1)
    step[axis]=$bad
    expect_error "step axis $axis $bad" 2 '--step' render --dims 4 --size 4x4 \
      "--step=$(IFS=,; echo "${step[*]}")" --out a.raw
  done
  expect_error "step $bad" 2 '--step' "${r3[@]}" --size 4x4 "--step=$bad" --out a.raw
  expect_error "persistence $bad" 2 '--persistence' "${r3[@]}" --size 4x4 --fractal fbm \
    "--persistence=$bad" --out a.raw
  expect_error "lacunarity $bad" 2 '--lacunarity' "${r3[@]}" --size 4x4 --fractal fbm \
    "--lacunarity=$bad" --out a.raw
  expect_error "warp $bad" 2 '--warp' "${r3[@]}" --size 4x4 "--warp=$bad" --out a.raw
  expect_error "time start $bad" 2 '--time' render --dims 2 --size 4x4 "--time=$bad:1" \
    --frames 2 --out 'f%d.raw'
  expect_error "time end $bad" 2 '--time' render --dims 2 --size 4x4 "--time=0:$bad" \
    --frames 2 --out 'f%d.raw'
  expect_error "region $bad" 2 '--region' "${r3[@]}" --size 4x4 "--region=$bad,0,0" --out a.raw
  expect_error "eval persistence $bad" 2 '--persistence' eval --fractal fbm "--persistence=$bad"
  for dims in 1 2 3 4; do
    for at in $(seq 1 "$dims"); do
      point=""
      for k in $(seq 1 "$dims"); do
        if [[ $k -eq $at ]]; then point+="$bad "; else point+="0.5 "; fi
      done
      with_input '0.1 0.2 0.3 0.4\n' # a good line first: the error names line 2
      printf '%s\n' "$(echo "0.1 0.2 0.3 0.4" | cut -d' ' -f1-"$dims")" >"$input"
      printf '%s\n' "$point" >>"$input"
      expect_error "eval dims $dims coordinate $at $bad" 2 'stdin line 2' eval --dims "$dims"
      input=/dev/null
    done
  done
done

# --- noise settings -------------------------------------------------------------------------------
for octaves in 0 17 1000 -1 99999999999999999999 '' 4.5; do
  expect_error "octaves '$octaves'" 2 'octaves' "${r3[@]}" --size 4x4 --fractal fbm \
    --octaves "$octaves" --out a.raw
done
expect_error "octaves without a fractal" 2 'octaves' "${r3[@]}" --size 4x4 --octaves 3 --out a.raw
for persistence in -0.5 0 -0 -1e-300; do
  expect_error "persistence $persistence" 2 '--persistence' "${r3[@]}" --size 4x4 --fractal fbm \
    "--persistence=$persistence" --out a.raw
done
expect_error "persistence overflowing float over 16 octaves" 2 'overflows float' "${r3[@]}" \
  --size 4x4 --fractal fbm --octaves 16 --persistence 1e30 --out a.raw
expect_error "eval persistence overflowing float" 2 'overflows float' eval --fractal fbm \
  --octaves 16 --persistence 1e30
expect_error "lacunarity 0" 2 '--lacunarity' "${r3[@]}" --size 4x4 --fractal fbm \
  --lacunarity 0 --out a.raw
expect_error "lacunarity 1e300 leaves the domain" 2 '2^31' "${r3[@]}" --size 4x4 --fractal fbm \
  --lacunarity 1e300 --out a.raw
with_input '1 2 3\n'
expect_error "eval lacunarity 1e300 leaves the domain" 2 '2^31' eval --fractal fbm \
  --lacunarity 1e300
input=/dev/null
for period in 257 -1 1000 4294967296 8,8,8,8,8 '' , 8,,8 8.5 nan; do
  expect_error "period '$period'" 2 '--period' "${r3[@]}" --size 4x4 --period "$period" --out a.raw
done
# --period 0 means "no period" (documented), so it renders the plain field.
expect_success "period 0 is no period" "${r3[@]}" --size 8x8 --period 0 --out p.raw
cp "$case_dir/p.raw" "$work/period0.raw"
expect_success "no period" "${r3[@]}" --size 8x8 --out p.raw
if cmp -s "$work/period0.raw" "$case_dir/p.raw"; then pass; else fail "period 0 differs"; fi
expect_error "unknown noise" 2 '--noise' "${r3[@]}" --size 4x4 --noise perlin --out a.raw
expect_error "bad seed" 2 '--seed' "${r3[@]}" --size 4x4 --seed 0x10 --out a.raw
expect_error "seed 2^64" 2 '--seed' "${r3[@]}" --size 4x4 --seed 18446744073709551616 --out a.raw
expect_error "bad backend" 2 '--backend' "${r3[@]}" --size 4x4 --backend vulkan --out a.raw

# --- permutation tables (--permutation FILE) ------------------------------------------------------
seq 0 255 | tr '\n' ' ' >"$work/identity.txt"
# A table file must make the noise that table's: two tables that are not Perlin's, checked against
# what python3 computes here from the published algorithms, independently of the tool.
# tables.py seeded SEED: the table --seed SEED documents (SplitMix64 and Fisher-Yates,
#   include/vknoise/permutation.hpp).
# tables.py perlin|reversed GOLDEN: Perlin's table (the tests' own copy, tests/golden), as it is or
#   reversed.
# tables.py noise3 TABLE_FILE: Perlin's Improved Noise, his Java reference operation for operation
#   in double, with that table, at each "x y z" line of stdin, printed as eval prints (%.17g).
cat >"$work/tables.py" <<'PY'
import math, re, sys

def seeded(seed):
    mask = 2**64 - 1
    state = seed
    def next_value():
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)
    def uniform(n):
        limit = 2**64 - 2**64 % n
        while True:
            r = next_value()
            if r < limit:
                return r % n
    p = list(range(256))
    for i in range(255, 0, -1):
        j = uniform(i + 1)
        p[i], p[j] = p[j], p[i]
    return p

def perlin(golden):
    text = open(golden).read()
    values = [int(v) for v in re.findall(r'\b\d+\b', text[text.index('= {'):])][:256]
    assert sorted(values) == list(range(256))
    return values

def fade(t): return t * t * t * (t * (t * 6 - 15) + 10)
def lerp(t, a, b): return a + t * (b - a)
def grad(hash_, x, y, z):
    h = hash_ & 15
    u = x if h < 8 else y
    v = y if h < 4 else (x if h in (12, 14) else z)
    return (u if h & 1 == 0 else -u) + (v if h & 2 == 0 else -v)

def noise3(p, x, y, z):
    X, Y, Z = math.floor(x) & 255, math.floor(y) & 255, math.floor(z) & 255
    x -= math.floor(x); y -= math.floor(y); z -= math.floor(z)
    u, v, w = fade(x), fade(y), fade(z)
    A = p[X] + Y; AA = p[A] + Z; AB = p[A + 1] + Z
    B = p[X + 1] + Y; BA = p[B] + Z; BB = p[B + 1] + Z
    return lerp(w, lerp(v, lerp(u, grad(p[AA], x, y, z), grad(p[BA], x - 1, y, z)),
                           lerp(u, grad(p[AB], x, y - 1, z), grad(p[BB], x - 1, y - 1, z))),
                   lerp(v, lerp(u, grad(p[AA + 1], x, y, z - 1), grad(p[BA + 1], x - 1, y, z - 1)),
                           lerp(u, grad(p[AB + 1], x, y - 1, z - 1),
                                grad(p[BB + 1], x - 1, y - 1, z - 1))))

if sys.argv[1] == 'seeded':
    print(*seeded(int(sys.argv[2])))
elif sys.argv[1] == 'perlin':
    print(*perlin(sys.argv[2]))
elif sys.argv[1] == 'reversed':
    print(*reversed(perlin(sys.argv[2])))
else:
    table = [int(v) for v in open(sys.argv[2]).read().split()] * 2
    for line in sys.stdin:
        print('%.17g' % noise3(table, *map(float, line.split())))
PY
golden_table=$(dirname "$0")/../golden/perlin_permutation.hpp
python3 "$work/tables.py" seeded 1234 >"$work/seeded.txt"
python3 "$work/tables.py" reversed "$golden_table" >"$work/reversed.txt"
python3 "$work/tables.py" perlin "$golden_table" >"$work/perlin.txt"
check "python3's noise3 gives Perlin's reference value" [ "$(echo 3.14 42 7 |
  python3 "$work/tables.py" noise3 "$work/perlin.txt")" = 0.13691995878400012 ]

# The seeded shuffle from a file renders --seed 1234's field, which is not the default one.
expect_success "seeded table from a file" "${r3[@]}" --size 16x16x4 --step 0.37 \
  --permutation "$work/seeded.txt" --out p.raw
cp "$case_dir/p.raw" "$work/seeded_file.raw"
expect_success "--seed 1234" "${r3[@]}" --size 16x16x4 --step 0.37 --seed 1234 --out p.raw
check "a seeded table from a file renders --seed's field" cmp -s "$work/seeded_file.raw" \
  "$case_dir/p.raw"
expect_success "Perlin's table built in" "${r3[@]}" --size 16x16x4 --step 0.37 --out p.raw
check "a seeded table from a file changes the field" fails cmp -s "$work/seeded_file.raw" \
  "$case_dir/p.raw"
# Perlin's table reversed: eval's values are python3's, and differ from Perlin's.
with_input '3.14 42 7\n-1.25 0.5 100.75\n0.3 0.6 0.9\n17.5 -3.25 8.125\n'
python3 "$work/tables.py" noise3 "$work/reversed.txt" <"$input" >"$work/python_reversed"
expect_success "eval with Perlin's table reversed" eval --backend cpu-reference \
  --permutation "$work/reversed.txt"
check "eval with a table file gives python3's values for that table" \
  cmp -s "$work/stdout" "$work/python_reversed"
check "the reversed table's values are not Perlin's" \
  [ "$(head -1 "$work/stdout")" != 0.13691995878400012 ]
input=/dev/null
permutation_bad() {  # NAME PART CONTENT
  printf '%s' "$3" >"$work/table.txt"
  expect_error "permutation $1" 2 "$2" "${r3[@]}" --size 4x4 --permutation "$work/table.txt" \
    --out a.raw
}
permutation_bad "duplicate" 'entry 255 repeats value 7' "$(seq 0 254 | tr '\n' ' ') 7"
permutation_bad "out of range 256" '256' "$(seq 1 256 | tr '\n' ' ')"
permutation_bad "negative" '-1' "-1 $(seq 1 255 | tr '\n' ' ')"
permutation_bad "255 values" '--permutation' "$(seq 0 254 | tr '\n' ' ')"
permutation_bad "257 values" 'more than 256' "$(seq 0 256 | tr '\n' ' ')"
permutation_bad "empty" '--permutation' ''
permutation_bad "a word" 'is not an integer' "$(seq 0 254 | tr '\n' ' ') x"
permutation_bad "huge number" 'is not an integer' "99999999999999999999 $(seq 1 255 | tr '\n' ' ')"
expect_error "permutation missing file" 2 'No such file' "${r3[@]}" --size 4x4 \
  --permutation /nonexistent/table.txt --out a.raw
expect_error "permutation a directory" 2 '--permutation' "${r3[@]}" --size 4x4 \
  --permutation "$work" --out a.raw
head -c 100000 /dev/zero | tr '\0' 1 >"$work/long.txt"
expect_error "permutation 100 KB" 2 '64 KiB' "${r3[@]}" --size 4x4 --permutation "$work/long.txt" \
  --out a.raw
expect_error "permutation with seed" 2 'give one' "${r3[@]}" --size 4x4 --seed 3 \
  --permutation "$work/identity.txt" --out a.raw
with_input '1 2 3\n'
printf '%s' "$(seq 0 254 | tr '\n' ' ') 0" >"$work/table.txt"
expect_error "eval with a bad permutation" 2 '--permutation' eval --permutation "$work/table.txt"
input=/dev/null

# --- input files that are not regular files -------------------------------------------------------
# A FIFO (no writer: open() would wait for one forever), a directory and /dev/zero (endless) as the
# table or the graph: one line and exit 2 at once. `timeout` only bounds a command that must fail at
# once; a hang is a failure (exit 124), not a wait.
mkfifo "$work/fifo_input"
mkdir -p "$work/directory_input"
not_regular() {  # NAME PART ARGS...
  local name=$1 part=$2
  shift 2
  case_dir=$(mktemp -d "$work/case.XXXXXX")
  (cd "$case_dir" && timeout 60 "$vknoise" "$@" <"$input" >"$work/stdout" 2>"$work/stderr")
  status=$?
  judge "$name" 2 "$part" "$case_dir"
}
for kind in fifo directory zero; do
  case $kind in
    fifo) file=$work/fifo_input part='is a FIFO' ;;
    directory) file=$work/directory_input part='is a directory' ;;
    zero) file=/dev/zero part='is a character device' ;;
  esac
  not_regular "$kind as --permutation (render)" "$part" "${r3[@]}" --size 4x4 \
    --permutation "$file" --out a.raw
  with_input '1 2 3\n'
  not_regular "$kind as --permutation (eval)" "$part" eval --permutation "$file"
  not_regular "$kind as --graph (eval)" "$part" eval --graph "$file"
  input=/dev/null
  not_regular "$kind as --graph (render)" "$part" render --graph "$file" --size 4x4 --out a.raw
  not_regular "$kind as --graph (check)" "$part" check --graph "$file" --size 4x4
  not_regular "$kind as --graph (bench)" "$part" bench --graph "$file" --size 4x4
  not_regular "$kind as graph --emit-glsl" "$part" graph --emit-glsl "$file"
  not_regular "$kind as graph --stats" "$part" graph --stats "$file"
done

# --- regions --------------------------------------------------------------------------------------
for region in 1,2,3,4 -1,0,0 1.5,0,0 x,0,0 '' ,, 0,0,99999999999999999999 ' 1,0,0' +1,0,0; do
  expect_error "region '$region'" 2 '--region' "${r3[@]}" --size 4x4 --out a.raw --region \
    "$region"
done
expect_error "region past 2^53" 2 '2^53' "${r3[@]}" --size 4x4 --region 9007199254740993,0,0 \
  --out a.raw
expect_error "region plus size past 2^53" 2 '2^53' "${r3[@]}" --size 4x4 \
  --region 9007199254740990,0,0 --step 1e-12 --out a.raw
expect_error "region leaving the domain" 2 '2^31' "${r3[@]}" --size 4x4 --region 0,3000000000,0 \
  --step 1 --out a.raw
expect_error "region with a preset" 2 '--region does not apply' render --preset marble \
  --size 8x8 --region 1,1 --out a.png

# --- unknown flags and stray words ----------------------------------------------------------------
expect_error "render unknown flag" 2 '--bogus' "${r3[@]}" --size 4x4 --out a.raw --bogus
expect_error "eval unknown flag" 2 '--bogus' eval --bogus
expect_error "short unknown flag" 2 '-x' "${r3[@]}" --size 4x4 --out a.raw -x
expect_error "stray word" 2 'stray' "${r3[@]}" --size 4x4 --out a.raw stray
expect_error "flag without value" 2 '--size' "${r3[@]}" --out a.raw --size
expect_error "eval --region (render only)" 2 '--region' eval --region 1,2,3
expect_error "unknown command" 2 'frobnicate' frobnicate

# --- malformed eval input -------------------------------------------------------------------------
eval_bad() {  # NAME PART PRINTF_FORMAT [ARGS...]
  local name=$1 part=$2
  shift 2
  with_input "$@"
  expect_error "eval $name" 2 "$part" eval
  input=/dev/null
}
eval_bad "short line" 'line 2: expected 3 numbers' '1 2 3\n1 2\n'
eval_bad "long line" 'line 1: expected 3 numbers' '1 2 3 4\n'
eval_bad "word" '"one" is not a number' 'one 2 3\n'
eval_bad "commas" 'is not a number' '1,2,3\n'
eval_bad "empty line" 'line 2' '1 2 3\n\n'
eval_bad "blank line" 'line 1' ' \t \n'
eval_bad "NUL byte" 'line 1' '1 2\0003\n'
eval_bad "2^31" 'outside the noise domain' '2147483648 0 0\n'
eval_bad "hex junk" 'is not a number' '0x 1 2\n'
with_input '1 2 3\n' && head -c 1048576 /dev/zero | tr '\0' 9 >>"$input" && echo " 1 2" >>"$input"
expect_error "eval 1 MB number" 2 'line 2' eval
with_input '' && head -c 1048576 /dev/zero | tr '\0' ' ' >>"$input" && echo "1 2" >>"$input"
expect_error "eval 1 MB of blanks then 2 numbers" 2 'line 1: expected 3 numbers' eval
head -c 65536 /dev/urandom >"$work/input" && input=$work/input
expect_error "eval random bytes" 2 'stdin line' eval
input=/dev/null

# --- paths ----------------------------------------------------------------------------------------
expect_error "missing directory" 1 'cannot write /nonexistent/dir/a.raw' "${r3[@]}" --size 4x4 \
  --out /nonexistent/dir/a.raw
expect_error "below a file" 1 'cannot write /proc/version/a.raw' "${r3[@]}" --size 4x4 \
  --out /proc/version/a.raw
expect_error "read-only file system" 1 'cannot write /proc/a.raw' "${r3[@]}" --size 4x4 \
  --out /proc/a.raw
long_name=$(printf 'n%.0s' $(seq 300)).raw
expect_error "name too long" 1 'File name too long' "${r3[@]}" --size 4x4 --out "$long_name"
# Names up to NAME_MAX (255) are written: the temporary name keeps within it too.
for length in 240 250 255; do
  name=$(printf 'n%.0s' $(seq $((length - 4)))).raw
  if expect_success "a name of $length characters" "${r3[@]}" --size 4x4 --out "$name"; then
    check "a name of $length characters: the file, 64 bytes, and nothing else" \
      [ "$(ls -A "$case_dir")" = "$name" -a "$(stat -c %s "$case_dir/$name")" -eq 64 ]
  fi
done
# render without --dims renders 3D noise, as its help says ("default 3") and as eval does.
expect_success "render without --dims" render --size 4x4 --origin 0.5,0.25,0.125 --out d.raw
cp "$case_dir/d.raw" "$work/no_dims.raw"
expect_success "render --dims 3" render --dims 3 --size 4x4 --origin 0.5,0.25,0.125 --out d.raw
check "render without --dims is --dims 3" cmp -s "$work/no_dims.raw" "$case_dir/d.raw"
expect_error "empty output name" 2 '--out' "${r3[@]}" --size 4x4 --out ''
case_dir=$(mktemp -d "$work/case.XXXXXX")
mkdir "$case_dir/taken.raw"
(cd "$case_dir" && "$vknoise" "${r3[@]}" --size 4x4 --out taken.raw >"$work/stdout" 2>"$work/stderr")
status=$?
rmdir "$case_dir/taken.raw"
judge "a directory in the way" 1 'Is a directory' "$case_dir"
case_dir=$(mktemp -d "$work/case.XXXXXX")
mkfifo "$case_dir/fifo.raw"
(cd "$case_dir" && timeout 60 "$vknoise" "${r3[@]}" --size 4x4 --out fifo.raw >"$work/stdout" \
  2>"$work/stderr")
status=$?
if [[ -p $case_dir/fifo.raw ]]; then pass; else fail "a fifo in the way was replaced"; fi
rm -f "$case_dir/fifo.raw"
judge "a fifo in the way" 1 'not a regular file' "$case_dir"
if [[ $(id -u) -ne 0 ]]; then
  mkdir "$work/readonly" && chmod 555 "$work/readonly"
  expect_error "read-only directory" 1 'Permission denied' "${r3[@]}" --size 4x4 \
    --out "$work/readonly/a.raw"
fi

# --- signals --------------------------------------------------------------------------------------
# Ctrl-C (SIGINT) and SIGTERM while a volume streams to disk: exit 128 + signal, and no file at all,
# neither the output nor its temporary. The signal goes once the temporary file holds a slab; the
# render (16 octaves of the double reference over 256^3 samples in 64 slabs, about 30 s on one core
# here) cannot have finished by then, and if it had, interrupt would say so.
for signal in INT TERM; do
  if interrupt "$signal" '[[ -n $(find . -type f -size +0c) ]]' render --dims 3 \
    --size 256x256x256 --fractal fbm --octaves 16 --backend cpu-reference --memory-budget 1 \
    --out big.raw; then
    expected=$((128 + $(kill -l "$signal")))
    check "SIG$signal while streaming: exit $status, expected $expected" \
      [ "$status" -eq "$expected" ]
    check "SIG$signal while streaming leaves no file (left: $(ls -A "$case_dir"))" \
      [ -z "$(ls -A "$case_dir")" ]
  fi
done
# SIGINT while an animation writes its frames is in cli_test.sh.
finish
