#!/usr/bin/env bash
# Every fatal signal the tool handles (src/io/fatal_signals.hpp), sent while a file is being
# written over an existing one: a volume streaming to .raw, an .mp4 that ffmpeg encodes, a .vdb
# that OpenVDB writes; `graph --stats` with its temporary directory of kernel cache files; and
# SIGXFSZ, which the kernel raises inside the kernel cache's own write. After each: the tool ended
# by that signal (a shell sees 128 + N), the existing file is byte for byte what it was, and no
# temporary file or directory is left (nor a core file: core dumps are turned off here). Stale
# kernel cache temporaries (an hour old) go on the cache's next use.
# Usage: signals_test.sh path/to/vknoise
set -u

source "$(dirname "$0")/harness.sh" "$@"
ulimit -c 0

# Every signal the tool handles; of the 31 real-time ones (one loop from SIGRTMIN to SIGRTMAX
# handles them all), the first two and the last two.
signals=(HUP INT QUIT ILL TRAP ABRT BUS FPE USR1 SEGV USR2 PIPE ALRM TERM STKFLT XCPU XFSZ VTALRM
  PROF IO PWR SYS RTMIN RTMIN+1 RTMAX-1 RTMAX)
# VKNOISE_TEST_SIGNALS, when set, names the signals to send instead (`make test-asan` sends a few,
# since each case costs seconds there: the handler and the cleanup are one code path for every
# signal, which the plain run proves for each of them).
if [ -n "${VKNOISE_TEST_SIGNALS:-}" ]; then read -ra signals <<<"$VKNOISE_TEST_SIGNALS"; fi

old_contents='the file that was there before'
exit_status_of() { echo $((128 + $(kill -l "$1"))); }

# mid_write SIGNAL WHAT FILE READY ARGS...: vknoise ARGS writes $target/FILE (ARGS say @TARGET@
# for $target), which exists; SIGNAL goes once READY holds. Checks the exit status, the old file,
# and that $target and the case directory hold nothing else.
mid_write() {
  local signal=$1 what=$2 file=$3 ready=$4
  shift 4
  target=$(mktemp -d "$work/target.XXXXXX")
  printf '%s\n' "$old_contents" >"$target/$file"
  if interrupt "$signal" "$ready" "${@//@TARGET@/$target}"; then
    local expected
    expected=$(exit_status_of "$signal")
    check "SIG$signal while $what: exit $status, expected $expected" [ "$status" -eq "$expected" ]
    check "SIG$signal while $what: the existing file is kept" \
      [ "$(cat "$target/$file")" = "$old_contents" ]
    check "SIG$signal while $what: nothing else left ($(ls -A "$target" "$case_dir" | tr '\n' ' '))" \
      [ "$(ls -A "$target")" = "$file" -a -z "$(ls -A "$case_dir")" ]
  fi
  rm -rf "$target"
}
temporary_holds_data='[[ -n $(find "$target" -name ".*.tmp.*" -size +0c) ]]'

# --- a volume streamed to .raw ----------------------------------------------------------------
# 16 double-precision octaves over 256^3 samples in 64 slabs (tens of seconds), signalled once the
# temporary file holds the first slab.
for signal in "${signals[@]}"; do
  mid_write "$signal" "a volume streams to .raw" v.raw "$temporary_holds_data" render --dims 3 \
    --size 256x256x256 --fractal fbm --octaves 16 --backend cpu-reference --memory-budget 1 \
    --out @TARGET@/v.raw
done

# --- an .mp4 -------------------------------------------------------------------------------------
# ffmpeg reads its input at the video's own rate here (-re, through a stand-in first on PATH): the
# 2000 frames take 80 s to encode, and the signal goes once the temporary file holds ffmpeg's first
# bytes.
real_ffmpeg=$(command -v ffmpeg)
mkdir "$work/slow_ffmpeg"
printf '#!/bin/sh\nexec %q -re "$@"\n' "$real_ffmpeg" >"$work/slow_ffmpeg/ffmpeg"
chmod +x "$work/slow_ffmpeg/ffmpeg"
for signal in "${signals[@]}"; do
  PATH=$work/slow_ffmpeg:$PATH mid_write "$signal" "ffmpeg writes an .mp4" v.mp4 \
    "$temporary_holds_data" render --dims 3 --size 64x64x2000 --out @TARGET@/v.mp4
done

# --- a .vdb ------------------------------------------------------------------------------------
# OpenVDB writes a 256^3 grid (60 MB, about 2 s here); the signal goes once it has begun.
for signal in "${signals[@]}"; do
  mid_write "$signal" "OpenVDB writes a .vdb" v.vdb "$temporary_holds_data" render --dims 3 \
    --size 256x256x256 --backend cpu --out @TARGET@/v.vdb
done

# --- a texture set -----------------------------------------------------------------------------
# vknoise bake computes every texture before it writes any: a signal while the last one (a 4096^2
# weather map, over a second of CPU) is computed leaves the older set as it was. A few signals of
# each kind: the handler is the one the other cases prove for every signal.
for signal in INT TERM HUP SEGV RTMIN; do
  mid_write "$signal" "bake computes a texture set" base.ktx2 \
    'grep -q "^curl: side" "$work/stderr"' bake clouds --backend cpu --size base=32 \
    --size weather=4096 --out @TARGET@
done

# --- graph --stats -------------------------------------------------------------------------------
# Its directory (vknoise-graph-stats-XXXXXX under TMPDIR) is made before shaderc starts up and
# compiles a graph of 8 fractals of 8 octaves four times into it (together 0.2 to 0.7 s here); the
# signal goes once the directory exists. Nothing may be left in TMPDIR.
python3 - "$work/big_graph.json" <<'PY'
import json, sys
nodes = {"p": {"kind": "position"}}
for i in range(8):
    nodes[f"o{i}"] = {"kind": "offset", "in": "p", "by": 0.37 * (i + 1)}
    nodes[f"n{i}"] = {"kind": "noise", "at": f"o{i}"}
    nodes[f"f{i}"] = {"kind": "fractal", "noise": f"n{i}", "type": "fbm", "octaves": 8}
    nodes[f"s{i}"] = {"kind": "add", "a": f"s{i - 1}" if i else "f0", "b": f"f{i}"}
json.dump({"vknoise_graph": 1, "dims": 3, "nodes": nodes, "outputs": {"v": "s7"}},
          open(sys.argv[1], "w"))
PY
# The window is short, so a run may end on its own before the signal lands (exit 0, nothing to
# judge): such a run is started again, up to 5 times; a run the signal reached is judged.
stats_interrupted() {
  local attempt
  for attempt in 1 2 3 4 5; do
    stats_tmp=$(mktemp -d "$work/tmpdir.XXXXXX")
    (export TMPDIR=$stats_tmp && exec "$vknoise" graph --stats "$work/big_graph.json" \
      >"$work/stdout" 2>"$work/stderr") &
    pid=$!
    if ! wait_for "graph --stats to make its directory or end" 60 stats_ready_or_ended; then
      kill -KILL "$pid" 2>/dev/null
      wait "$pid"
      return 1
    fi
    kill -"$1" "$pid" 2>/dev/null
    wait "$pid"
    status=$?
    [[ $status -ne 0 ]] && return 0
    rm -rf "$stats_tmp"
  done
  fail "graph --stats ended on its own before SIG$1 five times in a row"
  return 1
}
stats_ready_or_ended() { [[ -n $(ls -A "$stats_tmp") ]] || ! kill -0 "$pid" 2>/dev/null; }
for signal in "${signals[@]}"; do
  if stats_interrupted "$signal"; then
    expected=$(exit_status_of "$signal")
    check "SIG$signal during graph --stats: exit $status, expected $expected" \
      [ "$status" -eq "$expected" ]
    check "SIG$signal during graph --stats: no directory left ($(ls -A "$stats_tmp"))" \
      [ -z "$(ls -A "$stats_tmp")" ]
  fi
  rm -rf "$stats_tmp"
done

# --- the kernel cache ----------------------------------------------------------------------------
# A file size limit of 1 KiB: the kernel raises SIGXFSZ in the write() of the first file that
# passes it, which is the kernel cache's (a graph kernel is several KiB; Mesa's own shader cache
# is off, and the output, 64 bytes, comes later). The cache directory must be left without the
# temporary file, and without a cache file.
cache=$work/kernel_cache
lava=$(realpath "$(dirname "$0")/../../graphs/lava.json")
target=$(mktemp -d "$work/target.XXXXXX")
printf '%s\n' "$old_contents" >"$target/g.raw"
case_dir=$(mktemp -d "$work/case.XXXXXX")
(cd "$case_dir" && ulimit -f 1 && MESA_SHADER_CACHE_DISABLE=true VKNOISE_CACHE_DIR=$cache \
  exec "$vknoise" render --graph "$lava" --size 4x4 \
  --backend gpu --out "$target/g.raw" >"$work/stdout" 2>"$work/stderr")
status=$?
check "SIGXFSZ in the kernel cache's write: exit $status, expected 153" [ "$status" -eq 153 ]
check "SIGXFSZ in the kernel cache's write: the cache directory was made" [ -d "$cache" ]
check "SIGXFSZ in the kernel cache's write: no temporary or cache file ($(ls -A "$cache"))" \
  [ -z "$(ls -A "$cache")" ]
check "SIGXFSZ in the kernel cache's write: the existing file is kept" \
  [ "$(cat "$target/g.raw")" = "$old_contents" ]
# The same render without the limit fills the cache and writes the file.
VKNOISE_CACHE_DIR=$cache expect_success "a graph render with a kernel cache" render \
  --graph "$lava" --size 4x4 --backend gpu --out g.raw
check "the kernel cache holds the kernel" [ -n "$(find "$cache" -name '*.spv')" ]

# Stale temporaries: one left two hours ago by a killed process goes on the cache's next use; one
# of ten minutes ago (it may still be written) and the cache files stay.
rm -rf "$cache" && mkdir "$cache"
touch -d '2 hours ago' "$cache/.0123456789abcdef0123456789abcdef.spv.tmp.AbC123"
touch -d '10 minutes ago' "$cache/.fedcba9876543210fedcba9876543210.spv.tmp.XyZ789"
touch -d '2 hours ago' "$cache/notes.txt"
VKNOISE_CACHE_DIR=$cache expect_success "a graph render with stale kernel cache temporaries" \
  render --graph "$lava" --size 4x4 \
  --backend gpu --out g.raw
check "a stale kernel cache temporary is removed" \
  [ ! -e "$cache/.0123456789abcdef0123456789abcdef.spv.tmp.AbC123" ]
check "a recent kernel cache temporary is kept" \
  [ -e "$cache/.fedcba9876543210fedcba9876543210.spv.tmp.XyZ789" ]
check "other files in the cache directory are kept" [ -e "$cache/notes.txt" ]
finish
