#!/usr/bin/env bash
# vknoise view, through the tool (`vknoise view` runs vknoise-view), in a real window under Xvfb
# (ctest runs this script under xvfb-run) on the Vulkan device there is (lavapipe in CI). Every run
# that opens a window has --validate: the Khronos layer with synchronization validation, where any
# message, teardown included, makes the exit status 1. Covers:
#   every view mode: a scripted run of N frames, exit 0, no validation message;
#   the slice's screenshot against `vknoise render`'s .png of the same field (the command line the
#   view prints for it), within one level: 2D, 3D fBm, 4D, a seed, a graph, headless;
#   resizing the window mid-run (the picture follows the window);
#   a graph file rewritten during the run (the picture changes to the new graph) and a broken one
#   (the error is reported, the last good picture stays);
#   the graph file becoming a directory, a link to /dev/zero, a 2 MiB file, nothing, a half-written
#   text and a FIFO: each reported, the window keeps running, a good graph is picked up again,
#   SIGTERM ends it with exit 0;
#   sizes beyond maxStorageBufferRange: --size and a heightfield grid refused (one line, exit 2),
#   the largest --size that fits and a resize beyond it (a scaled picture) with validation silent;
#   low memory (ulimit -v): the tool starts, a .vdb is refused with one line, a gpu render runs;
#   a .vdb written through the OpenVDB plugin and read back by vdb_print, the plugin missing or
#   unloadable: one line, exit 1;
#   no display, and bad options: one error line, non-zero exit, nothing written.
# The runs that are changed mid-run are waited on through the view's own output lines, never time.
source "$(dirname "$0")/harness.sh" "$@"
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

compare() { /usr/bin/python3 "$here/compare_pictures.py" "$@" >"$work/compare" 2>&1; }
picture_size() { /usr/bin/python3 -c "import matplotlib.image as m, sys; \
s = m.imread(sys.argv[1]).shape; print('%dx%d' % (s[1], s[0]))" "$1"; }

# The scripted view: small, still (time does not run), no panel over the picture.
still=(--frames 3 --validate --set panel=off --set play=off)

# render_printed NAME OUT [ARGS...]: runs the `vknoise render` command line the view printed for
# its last frame, writing OUT (with ARGS added); returns 1, with a failure recorded, if it fails.
render_printed() {
  local name=$1 out=$2
  shift 2
  local command
  command=$(sed -n 's/^view: render command: vknoise render //p' "$work/stdout")
  if [[ -z $command ]]; then
    fail "$name: the view printed no render command"
    return 1
  fi
  command=${command/--out field.png/--out $out}
  eval "run render $command \"\$@\""
  if [[ $status -ne 0 ]]; then
    fail "$name: vknoise render $command $*: exit $status"
    return 1
  fi
}

# matches_render NAME DIR: DIR/view.png equals, within one level, the .png that the render
# command the view printed for its last frame writes.
matches_render() {
  local name=$1 dir=$2
  render_printed "$name" "$dir/render.png" || return
  if compare "$dir/view.png" "$dir/render.png" 1; then pass; else
    fail "$name: view.png and render.png differ by more than one level: $(cat "$work/compare")"
  fi
}

# --- every mode, with the panel drawn, validation on --------------------------------------------
for mode in slice heightfield volume ocean clouds; do
  if expect_success "mode $mode" view --mode "$mode" --size 96x64 --frames 4 --validate \
    --fractal fbm --octaves 3 --set grid=48 --set volume=24 --set layers=12 \
    --screenshot "$mode.png"; then
    check "mode $mode: validation layer silent" grep -q "validation layer: no messages" \
      "$work/stdout"
    check "mode $mode: 4 frames" grep -q "view: 4 frames ($mode)" "$work/stdout"
    check "mode $mode: screenshot" test "$(picture_size "$case_dir/$mode.png")" = 96x64
  fi
done

# --- the slice equals render's picture of the same field ------------------------------------------
slice_case() {
  local name=$1
  shift
  if expect_success "slice $name" view --size 160x96 "${still[@]}" --screenshot view.png "$@"; then
    matches_render "slice $name" "$case_dir"
  fi
}
slice_case "2D" --dims 2 --origin 3,1 --step 0.05
slice_case "3D fBm" --dims 3 --fractal fbm --octaves 5 --origin 0.5,0.25,0.75
slice_case "4D" --dims 4 --origin 0,0,0.5,0.25 --step 0.03
slice_case "seed" --dims 3 --seed 7 --origin 0,0,0.3
slice_case "graph" --graph "$repo/graphs/lava.json" --step 0.0078125 --origin 0,0,0.4
slice_case "time" --dims 3 --set time=0.375
slice_case "headless" --headless --dims 3 --fractal ridged --octaves 3

# The other colour maps colour the same field: far from the gray picture, and not gray.
for map in viridis diverging; do
  if expect_success "$map" view --size 64x48 "${still[@]}" --colormap "$map" --screenshot view.png; then
    map_dir=$case_dir
    run render --dims 3 --size 64x48 --out "$map_dir/render.png"
    check "$map: colours, not the gray levels" fails compare "$map_dir/view.png" \
      "$map_dir/render.png" 32
    check "$map: not gray" /usr/bin/python3 -c "import matplotlib.image as m, sys; \
p = m.imread(sys.argv[1]); sys.exit(0 if abs(p[..., 0] - p[..., 1]).max() > 0.2 else 1)" \
      "$map_dir/view.png"
  fi
done

# --- the field as the GPU computed it, and its distance from the CPU mirror -----------------------
# The view's field is the float mirror's bit for bit: render's fast CPU path writes the same .npy.
if expect_success "save field" view --size 96x64 "${still[@]}" --fractal fbm --octaves 4 \
  --origin 0.5,0.5,0.5 --save-field field.npy; then
  field_dir=$case_dir
  if render_printed "save field" "$field_dir/render.npy" --backend cpu; then
    check "save field: bit for bit render's .npy" cmp -s "$field_dir/field.npy" \
      "$field_dir/render.npy"
  fi
fi
if expect_success "mirror difference" view --size 96x64 "${still[@]}" --set diff=on \
  --fractal fbm --octaves 4 --screenshot view.png; then
  check "mirror difference: zero on this device" grep -q \
    "largest |GPU - CPU mirror| of the last field: 0$" "$work/stdout"
  check "mirror difference: the heat map is black" /usr/bin/python3 -c "import matplotlib.image \
as m, sys; sys.exit(0 if m.imread(sys.argv[1])[..., :3].max() == 0 else 1)" "$case_dir/view.png"
fi
expect_error "unknown field format" 2 "--save-field" view --save-field x.bmp --frames 1

# --- a resize mid-run: the picture follows the window ---------------------------------------------
if expect_success "resize" view --size 160x96 --frames 6 --validate --set panel=off \
  --set play=off --resize-at 2:200x120 --screenshot view.png; then
  check "resize: reported" grep -q "view: resized to 200x120" "$work/stdout"
  check "resize: picture 200x120" test "$(picture_size "$case_dir/view.png")" = 200x120
  matches_render "resize" "$case_dir"
fi

# --- live graph files --------------------------------------------------------------------------
graph_of() {  # graph_of FRACTAL_OCTAVES: a 2D graph
  printf '{"vknoise_graph": 1, "dims": 2, "nodes": {"p": {"kind": "position"}, %s},
  "outputs": {"value": "out"}}\n' "$1"
}
first_graph=$(graph_of '"out": {"kind": "noise", "at": "p"}')
second_graph=$(graph_of '"n": {"kind": "noise", "at": "p"},
  "out": {"kind": "fractal", "noise": "n", "type": "ridged", "octaves": 4}')

# live_view DIR: vknoise view on DIR/live.json in the background, until stop_view.
live_view() {
  local dir=$1
  # Emptied here, before the view starts in the background: a wait for its first line must not
  # find the previous view's.
  : >"$work/stdout"
  : >"$work/stderr"
  (cd "$dir" && exec "$vknoise" view --graph "$dir/live.json" --size 128x80 --frames 100000000 \
    --validate --set panel=off --set play=off --screenshot view.png \
    >"$work/stdout" 2>"$work/stderr") &
  view_pid=$!
}
view_is_running() { kill -0 "$view_pid" 2>/dev/null; }
view_has_ended() { ! view_is_running; }
printed() { grep -q "$1" "$2" || view_has_ended; }
# stop_view: SIGTERM ends the run after one more (captured) frame; its exit status is $status.
stop_view() {
  if view_is_running; then kill -TERM "$view_pid"; fi
  if wait_for "the view to end after SIGTERM" 120 view_has_ended; then
    wait "$view_pid"
    status=$?
  else
    kill -KILL "$view_pid"
    wait "$view_pid"
    status=137
  fi
}
# replace FILE TEXT: atomically, as editors save.
replace() { printf '%s\n' "$2" >"$1.tmp" && mv "$1.tmp" "$1"; }

# edit_while_running NAME TEXT LINE FILE: the view on a graph file of $first_graph in a fresh
# $case_dir; once it runs, the file becomes TEXT, and once the view has printed LINE into FILE
# (stdout or stderr) it is stopped. Checks that it ended well and its layer stayed silent.
edit_while_running() {
  local name=$1 text=$2 line=$3 file=$4
  case_dir=$(mktemp -d "$work/case.XXXXXX")
  replace "$case_dir/live.json" "$first_graph"
  live_view "$case_dir"
  if wait_for "the view to start" 120 printed "view: running" "$work/stdout" && view_is_running
  then
    replace "$case_dir/live.json" "$text"
    wait_for "'$line' from the view" 120 printed "$line" "$file"
  fi
  stop_view
  check "$name: exit 0" test "$status" -eq 0
  check "$name: '$line'" grep -q "$line" "$file"
  check "$name: validation silent" grep -q "validation layer: no messages" "$work/stdout"
}

# A rewritten graph: the picture becomes the new graph's, and is no longer the first one's.
edit_while_running "rewritten graph" "$second_graph" "view: graph reloaded" "$work/stdout"
live=$case_dir
matches_render "rewritten graph shows the new graph" "$live"
replace "$live/live.json" "$first_graph"
run render --graph "$live/live.json" --size 128x80 --out "$work/first.png"
check "rewritten graph: the picture changed" fails compare "$live/view.png" "$work/first.png" 8

# A broken graph: reported, and the last good picture (the first graph's) stays.
edit_while_running "broken graph" '{"vknoise_graph": 1, "dims": 2, "nodes": {"p": {"kind": "nope"' \
  "view: graph error: " "$work/stderr"
if compare "$case_dir/view.png" "$work/first.png" 1; then pass; else
  fail "broken graph: the picture is not the last good graph's: $(cat "$work/compare")"
fi

# --- the graph file becomes anything: the view reports it, keeps going, and takes a good graph ---
# One run goes through every state; after each bad one a good graph (alternately the first and
# the second) is written and picked up again. Each state is waited for through the view's stderr
# line for it, each recovery through one more "graph reloaded" line on stdout.
count_of() { grep -c -- "$1" "$2" 2>/dev/null || true; }
at_least() { [[ $(count_of "$1" "$2") -ge $3 ]] || view_has_ended; }
good_graphs=("$first_graph" "$second_graph")
recoveries=0
# bad_state NAME MESSAGE COMMAND...: COMMAND makes $live_file bad; MESSAGE is the problem's text.
# The view may see states on the way (the file missing between rm and mkdir, a file still being
# written): the wait is for a new error line with MESSAGE.
bad_state() {
  local name=$1 message=$2
  shift 2
  view_is_running || return
  errors_before=$(count_of "view: graph error: " "$work/stderr")
  "$@"
  if wait_for "'$message' from the view ($name)" 120 new_error_says "$message" &&
    view_is_running; then
    pass
  else
    fail "battery $name: not reported as '$message'"
  fi
}
new_error_says() {
  grep "view: graph error: " "$work/stderr" | tail -n +$((errors_before + 1)) | grep -q -- "$1" ||
    view_has_ended
}
recover() {
  view_is_running || return
  rm -rf "$live_file"
  replace "$live_file" "${good_graphs[$((recoveries % 2))]}"
  recoveries=$((recoveries + 1))
  wait_for "reload $recoveries" 120 at_least "view: graph reloaded" "$work/stdout" "$recoveries"
}
# The first 40 bytes of a graph, written in place (not renamed): an editor caught mid-save.
half_write() { printf '%s' "${first_graph:0:40}" >"$live_file"; }
half_written_error="malformed JSON"
case_dir=$(mktemp -d "$work/case.XXXXXX")
live_file=$case_dir/live.json
replace "$live_file" "$first_graph"
live_view "$case_dir"
if wait_for "the battery's view to start" 120 printed "view: running" "$work/stdout"; then
  bad_state directory "is a directory" eval 'rm -f "$live_file" && mkdir "$live_file"'
  recover
  bad_state "link to /dev/zero" "is a character device" \
    eval 'rm -f "$live_file" && ln -s /dev/zero "$live_file"'
  recover
  bad_state "2 MiB file" "larger than 1 MiB" \
    eval 'head -c $((2 << 20)) /dev/zero | tr "\0" " " >"$live_file"'
  recover
  bad_state removed "No such file or directory" rm -f "$live_file"
  recover
  bad_state "half written" "$half_written_error" half_write
  recover
  # The last state stays: a FIFO with no writer, which a blocking open would wait on forever.
  bad_state FIFO "is a FIFO" eval 'rm -f "$live_file" && mkfifo "$live_file"'
fi
stop_view
check "battery: exit 0 after SIGTERM with a FIFO in place" test "$status" -eq 0
check "battery: every good graph picked up again" test "$(count_of "view: graph reloaded" \
  "$work/stdout")" -eq 5
check "battery: each problem reported once" test "$(count_of "is a directory" "$work/stderr")" -eq 1
check "battery: validation silent" grep -q "validation layer: no messages" "$work/stdout"
# The picture is the last good graph's (the first graph, written again by the fifth recovery).
check "battery: the last good graph stays" compare "$case_dir/view.png" "$work/first.png" 1

# --- sizes against maxStorageBufferRange (lavapipe: 128 MiB) -------------------------------------
# A --size or a field whose storage buffer would exceed it: one line, exit 2, before any frame.
expect_error "size over the storage limit" 2 "maxStorageBufferRange" view --size 8193x4096 \
  --frames 1 --validate
expect_error "heightfield grid over the storage limit" 2 "choose a smaller grid" view \
  --mode heightfield --set grid=4096 --frames 1 --validate
# The largest --size that fits runs, its layer silent (headless: no X window of that size).
# An AddressSanitizer build interposes lavapipe's allocations too, and its 33-Mpixel frame then
# outlasts the window's 10 s frame bound: the sanitizer stage leaves this size to make test.
if ldd "$vknoise" | grep -q 'libasan'; then
  echo "size at the storage limit: not run on an AddressSanitizer build (its frame outlasts 10 s)"
else
if expect_success "size at the storage limit" view --headless --size 8192x4096 --frames 1 \
  --validate --dims 2; then
  check "size at the storage limit: validation silent" grep -q "validation layer: no messages" \
    "$work/stdout"
fi
fi
# A window resized beyond it keeps running, drawn from the largest picture that fits.
if expect_success "resize over the storage limit" view --size 160x96 --frames 4 --validate \
  --set panel=off --set play=off --dims 2 --resize-at 2:6000x6000; then
  check "resize over the storage limit: scaled" grep -q \
    "view: the 6000x6000 window is drawn from a 5792x5792 picture" "$work/stdout"
  check "resize over the storage limit: validation silent" grep -q \
    "validation layer: no messages" "$work/stdout"
fi

# --- low memory: the tool starts (OpenVDB is a plugin, loaded for a .vdb only) -------------------
# low_memory KIB ARGS...: vknoise ARGS under an address space limit of KIB KiB (ulimit -v).
low_memory() {
  local limit=$1
  shift
  case_dir=$(mktemp -d "$work/case.XXXXXX")
  (cd "$case_dir" && ulimit -v "$limit" && exec "$vknoise" "$@" >"$work/stdout" 2>"$work/stderr")
  status=$?
}
# AddressSanitizer reserves terabytes of shadow memory at start-up, so an instrumented tool cannot
# start under any address space limit at all: the sanitizer stage leaves these cases to make test,
# which runs them on the plain build.
if ldd "$vknoise" | grep -q 'libasan'; then
  echo "low memory: not run on an AddressSanitizer build (it cannot start under ulimit -v)"
else
# Under a 100 MB limit: success, or one line; never a signal.
for args in "info" "render --dims 2 --backend cpu --size 64x64 --out x.png" "view --help"; do
  low_memory 100000 $args
  if [[ $status -ge 128 ]]; then
    fail "low memory: vknoise $args: killed by signal $((status - 128))"
  elif [[ $status -ne 0 ]] && ! { [[ $(wc -l <"$work/stderr") -eq 1 ]] &&
    grep -q '^vknoise: ' "$work/stderr"; }; then
    fail "low memory: vknoise $args: exit $status without one error line"
  else
    pass
  fi
done
low_memory 100000 render --dims 2 --backend cpu --size 64x64 --out x.png
check "low memory: the cpu render wrote its .png, if it succeeded" test "$status" -ne 0 -o \
  -s "$case_dir/x.png"
low_memory 100000 render --dims 3 --backend cpu --size 4x4x2 --out x.vdb
judge "low memory: a .vdb, refused before OpenVDB is loaded" 1 "out of memory" "$case_dir"
# A run that fails still prints its validation messages, before its one error line: here the
# loader, short of memory, reports through the layer's messenger that it found no GPU.
low_memory 100000 view --headless --frames 1 --size 16x16 --validate
check "low memory: the view fails with exit 1 (exit $status)" test "$status" -eq 1
check "low memory: its validation messages are printed" grep -q '^validation: ' "$work/stderr"
check "low memory: the error line comes last" eval 'tail -n 1 "$work/stderr" | grep -q "^vknoise: view: "'
# A gpu render under a limit that lavapipe fits in once malloc keeps to one arena (with glibc's
# default of one arena per thread, 64 MiB each, its compiler's allocations failed and it crashed
# on them: 4 runs of 4 at this limit). The limit grows with the cores: a thread stack each.
low_memory $((500000 + $(nproc) * 16384)) render --dims 2 --backend gpu --size 64x64 --out g.png
check "low memory: gpu render (exit $status)" test "$status" -eq 0 -a -s "$case_dir/g.png"
fi

# --- .vdb through the plugin: written by the view, read back by OpenVDB's own tool ---------------
if expect_success "save field as .vdb" view --size 24x16 "${still[@]}" --dims 3 --save-field f.vdb
then
  vdb_print -l "$case_dir/f.vdb" >"$work/vdb_print" 2>&1
  check "vdb: grid named density" grep -q '^Name: density' "$work/vdb_print"
  check "vdb: every voxel" grep -q 'Number of active voxels: *384$' "$work/vdb_print"
fi
# Without the plugin beside the tool or in its prefix's library directory (a copy of the tool run
# from elsewhere): one line, exit 1.
alone=$(mktemp -d "$work/alone.XXXXXX")
cp "$vknoise" "$alone/vknoise"
tool=$vknoise
vknoise=$alone/vknoise
expect_error "vdb plugin missing" 1 \
  "the OpenVDB writer (libvknoise_vdb.so) could not be loaded" render --dims 3 --size 4x4x2 \
  --out x.vdb
echo "not a library" >"$alone/libvknoise_vdb.so"
expect_error "vdb plugin unloadable" 1 \
  "the OpenVDB writer (libvknoise_vdb.so) could not be loaded" render --dims 3 --size 4x4x2 \
  --out x.vdb
vknoise=$tool

# --- errors: one line, non-zero, nothing written -------------------------------------------------
saved_display=${DISPLAY-}
unset DISPLAY
expect_error "no display" 1 "no display" view --frames 1 --screenshot x.png
export DISPLAY=$saved_display
expect_error "bad mode" 2 "--mode" view --mode cube --frames 1
expect_error "unknown --set key" 2 "unknown key" view --set colour=red --frames 1
expect_error "bad --set value" 2 "--set panel=maybe" view --set panel=maybe --frames 1
expect_error "bad field option" 2 "octaves is 99" view --fractal fbm --octaves 99 --frames 1
expect_error "volume of a 2D field" 2 "volume view needs" view --mode volume --dims 2 --frames 1
expect_error "bad size" 2 "--size" view --size 0x10 --frames 1
expect_error "bad screenshot name" 2 "--screenshot" view --screenshot x.jpg --frames 1
expect_error "headless needs frames" 2 "--headless needs --frames" view --headless
expect_error "bad resize" 2 "--resize-at" view --resize-at 2:big --frames 3
expect_error "missing graph" 1 "nope.json" view --graph nope.json --frames 1
expect_error "unknown option" 2 "--bogus" view --bogus
if expect_success "help" view --help; then
  check "help names the modes" grep -q "heightfield" "$work/stdout"
fi

finish
