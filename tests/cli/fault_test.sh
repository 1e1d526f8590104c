#!/usr/bin/env bash
# Device faults through the command line: injected Vulkan failures (VKNOISE_FAULT, see
# src/vulkan/fault_injection.hpp) and a machine without a Vulkan loader. Each must end with one
# `vknoise: ` line naming the problem, exit status 1, and no output file; the CPU backend must
# keep working without any Vulkan library.
# Usage: fault_test.sh path/to/vknoise
set -u
source "$(dirname "$0")/harness.sh" "$@"
VKNOISE=$vknoise

# expect_fault NAME EXPECTED_TEXT COMMAND...: exit 1, one stderr line containing the text, and
# nothing left in the output directory.
expect_fault() {
  local name=$1 text=$2
  shift 2
  rm -rf "$work/out" && mkdir -p "$work/out"
  "$@" >"$work/stdout" 2>"$work/stderr"
  local rc=$?
  local lines
  lines=$(wc -l <"$work/stderr")
  if [ "$rc" != 1 ]; then
    fail "$name: exit $rc, expected 1 ($(cat "$work/stderr"))"
  elif [ "$lines" != 1 ] || ! grep -q "^vknoise: .*$text" "$work/stderr"; then
    fail "$name: expected one line with '$text', got: $(cat "$work/stderr")"
  elif [ -n "$(ls -A "$work/out")" ]; then
    fail "$name: left $(ls -A "$work/out")"
  else
    passed=$((passed + 1))
  fi
}

render=("$VKNOISE" render --dims 3 --size 32x32x4 --backend gpu --out "$work/out/field.raw")
# An animation submits once per frame: @3 fails the third frame, after two were written.
animate=("$VKNOISE" render --dims 2 --size 16x16 --time 0:1 --frames 4 --backend gpu
         --out "$work/out/frame_%d.png")
for fault in "vkAllocateMemory=VK_ERROR_OUT_OF_DEVICE_MEMORY" \
             "vkQueueSubmit=VK_ERROR_DEVICE_LOST" \
             "vkWaitForFences=VK_ERROR_DEVICE_LOST"; do
  call=${fault%%=*}
  result=${fault#*=}
  expect_fault "$fault" "$call failed: $result" env VKNOISE_FAULT="$fault" "${render[@]}"
done
rm -rf "$work/out" && mkdir -p "$work/out"
VKNOISE_FAULT=vkQueueSubmit=VK_ERROR_DEVICE_LOST@3 "${animate[@]}" 2>"$work/stderr"
rc=$?
if [ "$rc" = 1 ] && grep -q "^vknoise: .*VK_ERROR_DEVICE_LOST" "$work/stderr" &&
   [ -s "$work/out/frame_0.png" ] && [ -s "$work/out/frame_1.png" ] &&
   [ "$(ls -A "$work/out" | wc -l)" = 2 ]; then
  passed=$((passed + 1))
else
  fail "device lost at frame 3: exit $rc, files: $(ls -A "$work/out"), $(cat "$work/stderr")"
fi
expect_fault "out of host memory from the driver" "out of host memory\|OUT_OF_HOST_MEMORY" \
  env VKNOISE_FAULT=vkAllocateMemory=VK_ERROR_OUT_OF_HOST_MEMORY "${render[@]}"
expect_fault "eval with a lost device" "VK_ERROR_DEVICE_LOST" \
  sh -c "echo 0.5 0.5 0.5 | VKNOISE_FAULT=vkQueueSubmit=VK_ERROR_DEVICE_LOST $VKNOISE eval --dims 3 --backend gpu"

# No Vulkan loader at all: hide libvulkan.so.1 in a private mount namespace.
loader=$(ldconfig -p | awk '/libvulkan\.so\.1 /{print $NF; exit}')
if [ -z "$loader" ]; then
  fail "no libvulkan.so.1 on this machine to hide"
elif ! unshare --mount true 2>/dev/null; then
  fail "unshare --mount is not permitted here (the test needs root or user namespaces)"
else
  without_loader() { unshare --mount sh -c 'mount --bind /dev/null "$0" && exec "$@"' "$loader" "$@"; }
  expect_fault "GPU backend without a loader" "no Vulkan loader.*--backend cpu" \
    without_loader "${render[@]}"
  rm -rf "$work/out" && mkdir -p "$work/out"
  if without_loader "$VKNOISE" render --dims 3 --size 32x32x4 --backend cpu \
      --out "$work/out/cpu.raw" 2>"$work/stderr" && [ -s "$work/out/cpu.raw" ]; then
    passed=$((passed + 1))
  else
    fail "CPU backend without a loader: $(cat "$work/stderr")"
  fi
  # The default backend, auto, takes the fast CPU path when there is no Vulkan, and info says so.
  if without_loader "$VKNOISE" render --dims 3 --size 32x32x4 --out "$work/out/auto.raw" \
      2>"$work/stderr" && cmp -s "$work/out/cpu.raw" "$work/out/auto.raw"; then
    passed=$((passed + 1))
  else
    fail "auto backend without a loader: $(cat "$work/stderr")"
  fi
  without_loader "$VKNOISE" info >"$work/stdout" 2>"$work/stderr"
  rc=$?
  if [ "$rc" = 1 ] && [ "$(wc -l <"$work/stderr")" = 1 ] &&
     grep -q '^vknoise: no Vulkan loader' "$work/stderr" &&
     grep -qx 'auto backend: cpu (Vulkan is not available: no Vulkan loader found (libvulkan.so.1))' \
       "$work/stdout"; then
    passed=$((passed + 1))
  else
    fail "info without a loader: exit $rc, $(cat "$work/stdout" "$work/stderr")"
  fi
fi
if ldd "$VKNOISE" | grep -q libvulkan; then
  fail "the vknoise binary links libvulkan at load time"
else
  passed=$((passed + 1))
fi

finish
