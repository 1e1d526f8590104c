#!/usr/bin/env bash
# A full disk under every writer: a 64 KiB tmpfs holds an existing file of the output's name (for
# .nhdr both of its files), and a render that does not fit must leave it byte for byte, print one
# line "vknoise: cannot write ...: ...No space left on device..." and exit 1, and leave no
# temporary file. The .mp4 case is the one where ffmpeg 5.1 exits 0 after "Error writing trailer
# ... No space left on device": the tool must catch it by decoding what ffmpeg wrote.
#
# Mounting needs root (CI runs as root); otherwise the script runs itself again in an unprivileged
# user and mount namespace (unshare -rm). With neither it FAILS, it does not skip.
# Usage: disk_full_test.sh path/to/vknoise
set -u

before_cleanup() { [[ -n ${full_disk:-} ]] && umount "$full_disk" 2>/dev/null; }
source "$(dirname "$0")/harness.sh" "$@"

full_disk=$work/full
mkdir "$full_disk"
if ! mount -t tmpfs -o size=64k tmpfs "$full_disk" 2>/dev/null; then
  full_disk=
  if [[ -z ${VKNOISE_DISK_FULL_IN_NAMESPACE:-} ]] && unshare -rm true 2>/dev/null; then
    VKNOISE_DISK_FULL_IN_NAMESPACE=1 exec unshare -rm bash "$0" "$@"
  fi
  fail "cannot mount a tmpfs (not root) and cannot unshare a mount namespace"
  finish
  exit 1
fi

old_contents() { printf 'the file that was there before: %s\n' "$1"; }

# full_disk_case NAME MESSAGE_PART ARGS... (ARGS end with --out FILE): FILE (and for .nhdr its
# .raw) exist before and must stay as they were; nothing else may be left on the disk.
full_disk_case() {
  local name=$1 part=$2
  shift 2
  local out=${*: -1} kept=()
  kept=("$out")
  [[ $out == *.nhdr ]] && kept+=("${out%.nhdr}.raw")
  rm -rf "${full_disk:?}"/* "$full_disk"/.[!.]* 2>/dev/null
  local file
  for file in "${kept[@]}"; do old_contents "$file" >"$full_disk/$file"; done
  (cd "$full_disk" && "$vknoise" "$@" >"$work/stdout" 2>"$work/stderr")
  status=$?
  for file in "${kept[@]}"; do
    old_contents "$file" >"$work/expected"
    if ! cmp -s "$work/expected" "$full_disk/$file"; then
      fail "full disk, $name: the existing $file was not kept"
    fi
    rm -f "$full_disk/$file"
  done
  judge "full disk, $name" 1 "$part" "$full_disk"
  if ! grep -q 'No space left on device' "$work/stderr"; then
    fail "full disk, $name: the error does not say 'No space left on device'"
  fi
}

r2=(render --dims 2 --size 1024x1024)
r3=(render --dims 3 --size 64x64x64) # 1 MiB of floats
full_disk_case ".png" 'cannot write a.png' "${r2[@]}" --out a.png
full_disk_case ".png 16-bit" 'cannot write a.png' "${r2[@]}" --png-bits 16 --out a.png
full_disk_case ".exr" 'cannot write a.exr' "${r2[@]}" --out a.exr
full_disk_case ".npy" 'cannot write a.npy' "${r3[@]}" --out a.npy
full_disk_case ".ktx2" 'cannot write a.ktx2' "${r3[@]}" --mips --out a.ktx2
full_disk_case ".raw" 'cannot write a.raw' "${r3[@]}" --out a.raw
full_disk_case ".nhdr" 'cannot write a.' "${r3[@]}" --out a.nhdr
full_disk_case ".gif" 'cannot write a.gif' render --dims 3 --size 512x512x4 --out a.gif
full_disk_case ".vdb" 'cannot write a.vdb' "${r3[@]}" --out a.vdb
# A streamed volume fills the disk part way through its slabs.
full_disk_case "streamed .raw" 'cannot write s.raw' "${r3[@]}" --memory-budget 1 --out s.raw
# 48 frames of noise at a step near 1 (nearly random pixels, about 2 KB a frame in H.264) fill the
# disk while ffmpeg writes its samples; ffmpeg 5.1 finds out only at the trailer and exits 0, so the
# message must be the tool's own verdict on the file ("incomplete video"), never a success.
full_disk_case ".mp4 (ffmpeg exits 0)" 'ffmpeg wrote an incomplete video' render --dims 3 \
  --size 64x64x48 --step 0.93 --out a.mp4

# A texture set that does not fit: the older set's files stay (all of them, byte for byte), none
# of the new set appears, and no temporary file is left (vknoise bake writes all, then renames).
rm -rf "${full_disk:?}"/* "$full_disk"/.[!.]* 2>/dev/null
for file in base.ktx2 bake.json; do old_contents "$file" >"$full_disk/$file"; done
(cd "$full_disk" && "$vknoise" bake clouds --backend cpu --quiet --size base=32 --size weather=64 --out . \
  >"$work/stdout" 2>"$work/stderr")
status=$?
for file in base.ktx2 bake.json; do
  old_contents "$file" >"$work/expected"
  cmp -s "$work/expected" "$full_disk/$file" || fail "full disk, bake: the existing $file was not kept"
  rm -f "$full_disk/$file"
done
judge "full disk, bake" 1 "cannot write" "$full_disk"
grep -q 'No space left on device' "$work/stderr" ||
  fail "full disk, bake: the error does not say 'No space left on device'"
finish
