#!/usr/bin/env bash
# vknoise view --mode clouds --textures DIR: the clouds of a baked texture set, in a real window
# under Xvfb (ctest runs this script under xvfb-run) with the validation layer (synchronization
# validation on; any message, teardown included, makes the exit status 1). The set is baked small
# by `vknoise bake clouds`. Covers:
#   a scripted run: exit 0, no validation message, a screenshot of the window's size;
#   the picture against the same view of a clear sky (the set with a weather map of no
#   coverage): the ground equal, blue sky at the top, clouds over part of the sky, greyer than the
#   sky behind them and not uniform (cloud_pictures.py);
#   the wind moves the layer: with time running the last frame differs from the still one;
#   errors, each one line and nothing written: --textures without --mode clouds (exit 2), a
#   missing directory and a missing file (exit 1), a file that is no KTX 2 texture, a 2D texture
#   of the wrong format and a 3D texture where a 2D one belongs (exit 2), a FIFO, /dev/zero and a
#   directory in a file's place (exit 1), each naming the file.
source "$(dirname "$0")/harness.sh" "$@"
here=$(cd "$(dirname "$0")" && pwd)

# The set, small (a short test on a CPU driver): vknoise bake on the fast CPU path, which writes
# the GPU's bytes. The clear sky: the same set with a weather map of no coverage anywhere.
bake_small=(bake clouds --backend cpu --quiet --size base=32 --size erosion=16 --size curl=32
  --size weather=64)
set_dir=$work/set clear_dir=$work/clear
mkdir -p "$set_dir" "$clear_dir"
if ! "$vknoise" "${bake_small[@]}" --out "$set_dir" >"$work/bake.log" 2>&1 ||
  ! "$vknoise" "${bake_small[@]}" --graph "weather=$here/cloud_set/clear_weather.json" \
    --out "$clear_dir" >>"$work/bake.log" 2>&1; then
  fail "baking the texture sets: $(tail -3 "$work/bake.log")"
  finish
  exit
fi

still=(--mode clouds --size 160x96 --frames 3 --validate --set panel=off --set play=off)

if expect_success "baked clouds" view "${still[@]}" --textures "$set_dir" \
  --screenshot clouds.png; then
  clouds_png=$case_dir/clouds.png
  check "baked clouds: validation layer silent" grep -q "validation layer: no messages" \
    "$work/stdout"
  check "baked clouds: 3 frames" grep -q "view: 3 frames (clouds)" "$work/stdout"
  check "baked clouds: no render command for a field" grep -q "render command: none: the clouds" \
    "$work/stdout"
  if expect_success "clear sky" view "${still[@]}" --textures "$clear_dir" --screenshot clear.png
  then
    if /usr/bin/python3 "$here/cloud_pictures.py" "$clouds_png" "$case_dir/clear.png" \
      >"$work/pictures" 2>&1; then
      pass
    else
      fail "baked clouds against the clear sky: $(cat "$work/pictures")"
    fi
    cat "$work/pictures"
  fi
  # With time running the wind moves the layer between frames: the last frame is another.
  if expect_success "baked clouds later" view "${still[@]}" --set play=on --set time=0 \
    --textures "$set_dir" --screenshot later.png; then
    check "the wind moves the layer" fails cmp -s "$clouds_png" "$case_dir/later.png"
  fi
fi

# --- errors: one line, nothing written -----------------------------------------------------------
expect_error "--textures without clouds" 2 "--textures needs --mode clouds" \
  view --mode ocean --textures "$set_dir" --frames 1
expect_error "--textures: no directory" 1 "--textures $work/nothing: no such directory" \
  view --mode clouds --textures "$work/nothing" --frames 1
broken=$work/broken
reset_broken() {
  rm -rf "$broken"
  cp -r "$set_dir" "$broken"
}
reset_broken
rm "$broken/curl.ktx2"
expect_error "--textures: a missing file" 1 "$broken/curl.ktx2" \
  view --mode clouds --textures "$broken" --frames 1
reset_broken
echo "not a texture" >"$broken/erosion.ktx2"
expect_error "--textures: not a KTX 2 file" 2 "$broken/erosion.ktx2" \
  view --mode clouds --textures "$broken" --frames 1
reset_broken
cp "$set_dir/curl.ktx2" "$broken/weather.ktx2"
expect_error "--textures: a wrong format" 2 \
  "$broken/weather.ktx2: VK_FORMAT_R8G8B8A8_UNORM, expected VK_FORMAT_R8G8_UNORM" \
  view --mode clouds --textures "$broken" --frames 1
reset_broken
cp "$set_dir/erosion.ktx2" "$broken/curl.ktx2"
expect_error "--textures: a 3D texture for a 2D one" 2 \
  "$broken/curl.ktx2: a 3D texture, expected a 2D texture" \
  view --mode clouds --textures "$broken" --frames 1
# Files that are no regular files: refused at once (no read of a FIFO without a writer, none of
# /dev/zero's endless bytes), naming the file.
reset_broken
rm "$broken/base.ktx2" && mkfifo "$broken/base.ktx2"
expect_error "--textures: a FIFO" 1 "$broken/base.ktx2: is a FIFO" \
  view --mode clouds --textures "$broken" --frames 1
reset_broken
rm "$broken/erosion.ktx2" && ln -s /dev/zero "$broken/erosion.ktx2"
expect_error "--textures: /dev/zero" 1 "$broken/erosion.ktx2" \
  view --mode clouds --textures "$broken" --frames 1
reset_broken
rm "$broken/weather.ktx2" && mkdir "$broken/weather.ktx2"
expect_error "--textures: a directory" 1 "$broken/weather.ktx2: is a directory" \
  view --mode clouds --textures "$broken" --frames 1

finish
