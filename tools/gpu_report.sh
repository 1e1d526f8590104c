#!/usr/bin/env bash
# The GPU report: everything a GPU machine is asked to show, in one run, into one folder. It runs
#   vknoise info            the Vulkan devices and which one is used
#   vknoise check --all     every catalogue variant on the device against the CPU
#   the GPU tests           of each gtest program given, with the validation layer (the tests turn
#                           it on themselves; any message fails them)
#   vknoise bench           the backends sweep, grid and points; its GPU rows must be measured,
#                           not skipped
#   vknoise_kernel_bench    kernel-only throughput, at the largest grid the sweep measured
#   bake_timing.sh          the cloud texture set's bake, gpu and cpu, median of 5
#   plot_bench.py           the sweep's charts, where python3 has matplotlib
#   vknoise-view --headless the window's frame loop without a window, at 1920x1080, every mode
#                           (with --view): frame, noise and shading times from timestamps
# and writes each one's log, bench.json, bench.csv, the charts and summary.txt (what ran, how long,
# the key figures). The only programs it needs besides the ones given are bash, coreutils, grep,
# sed and awk, so it also runs from the folder `make gpu-bundle` makes (its gpu-report.sh) on a
# machine with no development packages; `make gpu-report` runs it on the build.
#
# Usage: gpu_report.sh --out DIR --tool VKNOISE --kernel-bench PROGRAM --plot PLOT_BENCH_PY
#                      --test PROGRAM [--test PROGRAM]... [--budget SECONDS] [--tests FILTER]
#                      [--view VKNOISE_VIEW [--view-size WxH] [--view-frames N]] [--bake-runs N]
#   --budget   seconds one repeat of the sweep may take (vknoise bench --budget; default 1): a
#              small budget keeps the sweep, and so the kernel benchmark's size, small
#   --tests    a gtest filter for every test program, instead of each one's GPU tests
#   --bake-runs  timed runs of `vknoise bake clouds` per backend (default 5; CI's smoke run 1)
#   --view-size, --view-frames  the headless window's picture (default 1920x1080) and frames per
#              mode (default 120); CI's smoke run on lavapipe keeps both small
# Exit status 0 when every step passed, 1 when one failed (summary.txt says which), 2 for bad usage.
set -uo pipefail

usage() {
  echo "gpu_report.sh: $*" >&2
  echo "usage: gpu_report.sh --out DIR --tool VKNOISE --kernel-bench PROGRAM --plot PLOT_BENCH_PY" \
    "--test PROGRAM [--test PROGRAM]... [--budget SECONDS] [--tests FILTER]" \
    "[--view VKNOISE_VIEW [--view-size WxH] [--view-frames N]] [--bake-runs N]" >&2
  exit 2
}

out='' tool='' kernel_bench='' plot='' budget=1 filter='' view='' bake_runs=5
view_size=1920x1080 view_frames=120
test_programs=()
while [[ $# -gt 0 ]]; do
  [[ $# -ge 2 ]] || usage "$1 needs a value"
  case $1 in
    --out) out=$2 ;;
    --tool) tool=$2 ;;
    --kernel-bench) kernel_bench=$2 ;;
    --plot) plot=$2 ;;
    --test) test_programs+=("$2") ;;
    --budget) budget=$2 ;;
    --tests) filter=$2 ;;
    --view) view=$2 ;;
    --view-size) view_size=$2 ;;
    --view-frames) view_frames=$2 ;;
    --bake-runs) bake_runs=$2 ;;
    *) usage "unknown argument '$1'" ;;
  esac
  shift 2
done
[[ -n $out ]] || usage "--out is missing"
for program in "$tool" "$kernel_bench" "${test_programs[@]}"; do
  [[ -x $program ]] || usage "'$program' is not an executable program"
done
[[ ${#test_programs[@]} -gt 0 ]] || usage "no --test program"
[[ -f $plot ]] || usage "--plot '$plot' is not a file"
[[ -z $view || -x $view ]] || usage "--view '$view' is not an executable program"
[[ $view_size =~ ^[0-9]+x[0-9]+$ ]] || usage "--view-size '$view_size' is not WxH"
[[ $view_frames =~ ^[0-9]+$ ]] || usage "--view-frames '$view_frames' is not a number"
[[ $budget =~ ^[0-9]*\.?[0-9]+$ ]] || usage "--budget '$budget' is not a number of seconds"

mkdir -p "$out" || exit 1
out=$(cd "$out" && pwd)
rm -f "$out"/*.log "$out"/*.xml "$out"/bench.json "$out"/bench.csv "$out"/bench_*.png \
  "$out"/bench_tables.md "$out"/summary.txt
steps="$out/steps.txt" figures="$out/figures.txt" notes="$out/notes.txt"
: >"$steps" && : >"$figures" && : >"$notes"
failures=0

# step NAME LOG COMMAND...: runs COMMAND with its output in LOG and one line in the summary.
step() {
  local name=$1 log=$2
  shift 2
  local start=$SECONDS
  echo "=== $name" >&2
  "$@" >"$out/$log" 2>&1
  local status=$?
  if [[ $status -eq 0 ]]; then
    printf '  ok    %-34s %5d s  %s\n' "$name" $((SECONDS - start)) "$log" >>"$steps"
  else
    failures=$((failures + 1))
    printf '  FAIL  %-34s %5d s  %s (exit %d)\n' "$name" $((SECONDS - start)) "$log" "$status" \
      >>"$steps"
    tail -n 20 "$out/$log" | sed 's/^/    /' >&2
  fi
  return "$status"
}

# A machine where the loader does not find the NVIDIA driver by itself (its ICD manifest outside the
# standard folders, as in some containers) has it at this path.
nvidia_icd=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
if [[ -z ${VK_DRIVER_FILES:-}${VK_ICD_FILENAMES:-} && -f $nvidia_icd ]] &&
  ! "$tool" info 2>/dev/null | grep -qi nvidia; then
  export VK_DRIVER_FILES=$nvidia_icd
  echo "the Vulkan loader found no NVIDIA device by itself: VK_DRIVER_FILES=$nvidia_icd" >>"$notes"
fi

step "vknoise info" info.log "$tool" info
device=$(sed -n 's/^device [0-9]*: \(.*\)  \[selected\]$/\1/p' "$out/info.log")
device_type=$(awk '/\[selected\]$/ { found = 1; next } found && /type:/ { print $2; exit }' \
  "$out/info.log")

# check --all prints one line per variant, ending in "ok" or FAIL.
check_all() { "$tool" check --all && ! grep -q FAIL "$out/check_all.log"; }
step "vknoise check --all" check_all.log check_all
echo "check --all: $(grep -c ' ok$' "$out/check_all.log") variants ok," \
  "$(grep -c FAIL "$out/check_all.log") failing" >>"$figures"

# The GPU tests of a test program: vknoise_tests holds the library's CPU tests too.
gpu_tests_of() {
  case $(basename "$1") in
    vknoise_tests) echo '*gpu*:devices.*:validation.*' ;;
    *) echo '*' ;;
  esac
}
# A filter that matches no test would make a run that proves nothing look like a pass.
run_tests() {
  local program=$1 log=$2
  "$program" --gtest_filter="${filter:-$(gpu_tests_of "$program")}" --gtest_brief=1 \
    --gtest_output="xml:$out/${log%.log}.xml" || return 1
  ! grep -q '^\[==========\] 0 tests' "$out/$log"
}
for program in "${test_programs[@]}"; do
  name=$(basename "$program")
  step "tests: $name" "tests_$name.log" run_tests "$program" "tests_$name.log"
  ran=$(sed -n 's/^\[==========\] \([0-9]*\) tests\{0,1\} from.*/\1/p' "$out/tests_$name.log")
  passed=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) tests\{0,1\}\.$/\1/p' "$out/tests_$name.log")
  echo "tests $name: ${ran:-0} ran, ${passed:-0} passed" >>"$figures"
done

# csv_rows BACKEND [all]: "workload dims octaves size samples msamples_per_s" of each measured row
# of the sweep, or of every row with "all". Columns are found by their header names; the note may
# be quoted and hold commas, so a column after it is counted from the end of the line.
csv_rows() {
  awk -F, -v backend="$1" -v all="${2:-}" '
    NR == 1 {
      for (i = 1; i <= NF; ++i) column[$i] = i
      columns = NF
      next
    }
    function field(name) {
      if (!(name in column)) return ""
      return column[name] > column["note"] ? $(NF - (columns - column[name])) : $column[name]
    }
    field("backend") == backend && (all != "" || field("skipped") == "false") {
      work = field("workload")
      print (work == "" ? "grid" : work), field("dims"), field("octaves"), field("size"),
            field("samples"), field("msamples_per_s")
    }' "$out/bench.csv"
}
# Both workloads, as `make bench` runs them. The sweep must measure the GPU: rows skipped for want
# of a device fail the report.
run_bench() {
  "$tool" bench --workloads grid,points --budget "$budget" --json "$out/bench.json" \
    --csv "$out/bench.csv" || return 1
  local shape backend
  for shape in $(csv_rows gpu all | awk '{ print $1 "/" $2 }' | sort -u); do
    for backend in gpu gpu-e2e; do
      if ! csv_rows "$backend" | awk -v s="$shape" '$1 "/" $2 == s { found = 1 }
        END { exit !found }'; then
        echo "gpu_report.sh: no $backend row of $shape (workload/dims) was measured (see above)"
        return 1
      fi
    done
  done
}
step "vknoise bench --budget $budget" bench.log run_bench

# The best throughput of a backend for each workload, dims and octave count, and where.
best_rows() {
  csv_rows "$1" | sort -k1,1 -k2,2n -k3,3n -k6,6gr | awk -v backend="$1" '
    !seen[$1 " " $2 " " $3]++ {
      printf "  %-8s %-6s %dD, %2d octave(s): %10.1f Msamples/s at %s\n", backend, $1, $2, $3,
             $6, $4
    }'
}
if [[ -s $out/bench.csv ]]; then
  {
    echo "vknoise bench, best median throughput per backend:"
    for backend in gpu gpu-e2e cpu-fast; do best_rows "$backend"; done
  } >>"$figures"
fi

# The kernel benchmark (a grid) at the largest 1-octave grid the sweep measured on the GPU, per
# dims.
kernel_benchmarks() {
  local dims size status=0 sizes
  sizes=$(csv_rows gpu | awk '$1 == "grid" && $3 == 1 && $5 > best[$2] {
      best[$2] = $5
      size[$2] = $4
    }
    END { for (d in size) print d, size[d] }' | sort -n)
  [[ -n $sizes ]] || { echo "gpu_report.sh: the sweep measured no 1-octave GPU grid"; return 1; }
  while read -r dims size; do
    "$kernel_bench" --dims "$dims" --size "$size" || status=1
  done <<<"$sizes"
  # The other bases at each size: simplex, cellular (F1, euclidean) and, in 3D, flow noise. Each
  # run also prints its share of the ALU bound (known devices; else it asks for --peak-gops).
  while read -r dims size; do
    for noise in simplex cellular flow; do
      [[ $noise == flow && $dims != 3 ]] && continue
      "$kernel_bench" --dims "$dims" --size "$size" --noise "$noise" || status=1
    done
  done <<<"$sizes"
  return $status
}
if step "vknoise_kernel_bench" kernel_bench.log kernel_benchmarks; then
  grep -E 'kernel median|ALU bound' "$out/kernel_bench.log" | sed 's/^/kernel bench: /' >>"$figures"
fi

# The cloud texture set (vknoise bake clouds, its default sizes): median wall time of 5 runs on
# the device and on the CPU path, alternating (bake_timing.sh, beside this script).
bake_timing() { "$(dirname "$0")/bake_timing.sh" "$tool" "$bake_runs" gpu,cpu; }
if step "vknoise bake clouds, median of $bake_runs" bake.log bake_timing; then
  grep -E '^(bake clouds|load)' "$out/bake.log" | sed 's/^/bake: /' >>"$figures"
fi

# The window's frame loop headless (no present) at --view-size: each mode for --view-frames
# frames, and on a GPU the clouds at the size of the realtime goal (a 256^3 4D Perlin-Worley
# volume, 6 octaves of Perlin fBm, every frame). A CPU device (lavapipe) takes over a minute for
# one such frame, past the window's 10 s frame limit: there the goal's size is left out.
view_runs() {
  local mode status=0
  for mode in slice heightfield volume ocean clouds; do
    echo "--- $mode"
    "$view" --headless --size "$view_size" --frames "$view_frames" --mode "$mode" --fractal fbm \
      --octaves 6 \
      --set volume=128 || status=1
  done
  if [[ $device_type == CPU ]]; then
    echo "--- clouds 256^3, 6 octaves: left out on a CPU device"
  else
    echo "--- clouds 256^3, 6 octaves"
    "$view" --headless --size "$view_size" --frames "$view_frames" --mode clouds \
      --set volume=256 --set layers=256 --set scene-octaves=6 || status=1
  fi
  return $status
}
if [[ -n $view ]] && step "vknoise-view --headless $view_size" view.log view_runs; then
  awk '/^--- / { name = substr($0, 5) } /medians:/ { sub(/^view: /, ""); print "view " name ": " $0 }' \
    "$out/view.log" >>"$figures"
fi

# bench_3d.png, bench_4d.png, and the figures as Markdown tables, by the first python3 with
# matplotlib (the one on PATH may be another than the system's, which has Debian's matplotlib).
# GPU_REPORT_PYTHON_LIBRARY_PATH, when set, is python3's LD_LIBRARY_PATH: the bundle's libraries
# (its libstdc++ among them) are for its own programs, not for the machine's python3.
with_python_libraries() {
  if [[ -v GPU_REPORT_PYTHON_LIBRARY_PATH ]]; then
    LD_LIBRARY_PATH=$GPU_REPORT_PYTHON_LIBRARY_PATH "$@"
  else
    "$@"
  fi
}
python=''
for candidate in python3 /usr/bin/python3; do
  if with_python_libraries "$candidate" -c 'import matplotlib' 2>/dev/null; then
    python=$candidate
    break
  fi
done
charts() {
  with_python_libraries "$python" "$plot" "$out/bench.json" "$out" --markdown \
    >"$out/bench_tables.md"
}
if [[ -n $python ]]; then
  [[ -s $out/bench.json ]] && step "charts (plot_bench.py)" charts.log charts
else
  echo "charts not drawn: no python3 with matplotlib here; on another machine:" \
    "python3 plot_bench.py bench.json DIR" >>"$notes"
fi

{
  echo "vknoise GPU report, $(date -u +%Y-%m-%dT%H:%M:%SZ), host $(uname -n)"
  echo "device: ${device:-none selected} (${device_type:-unknown type})"
  echo "bench budget: $budget s per repeat; tests: ${filter:-the GPU tests of each program}"
  [[ -s $notes ]] && sed 's/^/note: /' "$notes"
  echo
  echo "steps:"
  cat "$steps"
  echo
  echo "figures:"
  cat "$figures"
  echo
  if [[ $failures -eq 0 ]]; then echo "result: PASS"; else echo "result: FAIL ($failures steps)"; fi
} >"$out/summary.txt"
rm -f "$steps" "$figures" "$notes"
cat "$out/summary.txt"
[[ $failures -eq 0 ]]
