#!/usr/bin/env bash
# Makes a folder that runs the GPU report (gpu_report.sh) on a machine that has a GPU driver and a
# base system but no network, no development packages and no Vulkan loader: the given programs
# (stripped), every shared library they need except glibc's (found with ldd), the Vulkan loader
# (libvulkan.so.1), the Khronos validation layer with its manifest (library_path made relative),
# gpu_report.sh, plot_bench.py, and gpu-report.sh (tools/gpu_bundle_report.sh) to run it all.
# Files over 256 KiB (the programs, the validation layer, most libraries) are stored gzip-compressed,
# which gpu-report.sh expands on its first run: the folder, with the source tree it travels with,
# must stay under 64 MiB.
#
# Usage: gpu_bundle.sh DIR PLOT_BENCH_PY PROGRAM...
#   the programs: the vknoise tool, vknoise_kernel_bench, the test programs (named *_tests) and,
#   optionally, vknoise-view (the window, measured headless),
#   which is how gpu-report.sh tells them apart. DIR is replaced. Prints the folder's size; exits 1
#   when it is 64 MiB or more.
set -euo pipefail

fail() {
  echo "gpu_bundle.sh: $*" >&2
  exit 1
}

[[ $# -ge 3 ]] || fail "usage: gpu_bundle.sh DIR PLOT_BENCH_PY PROGRAM..."
out=$1 plot=$2
shift 2
programs=("$@")
for program in "${programs[@]}"; do
  [[ -x $program ]] || fail "'$program' is not an executable program"
done
[[ -f $plot ]] || fail "'$plot' is not a file"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
size_limit=$((64 * 1024 * 1024))
compress_above=$((256 * 1024))

# Replaces an earlier bundle only, never another folder given by mistake.
if [[ -e $out && ! -f $out/gpu-report.sh ]]; then fail "'$out' exists and is not a bundle"; fi
rm -rf "$out"
mkdir -p "$out/bin" "$out/lib" "$out/layers"

# library NAME: the file the dynamic linker loads for NAME here.
library() {
  local path
  path=$(ldconfig -p | awk -v name="$1" '$1 == name && /x86-64/ { print $NF; exit }')
  [[ -n $path ]] || fail "no $1 on this machine (ldconfig -p)"
  echo "$path"
}

# The validation layer: its manifest from the loader's system folders, its library beside it.
manifest=''
for folder in /usr/local/share/vulkan/explicit_layer.d /usr/share/vulkan/explicit_layer.d \
  /etc/vulkan/explicit_layer.d; do
  if [[ -f $folder/VkLayer_khronos_validation.json ]]; then
    manifest=$folder/VkLayer_khronos_validation.json
    break
  fi
done
[[ -n $manifest ]] ||
  fail "no VkLayer_khronos_validation.json (apt-get install vulkan-validationlayers)"
layer_library=$(sed -n 's/.*"library_path": *"\([^"]*\)".*/\1/p' "$manifest")
case $layer_library in
  /*) ;;
  */*) layer_library=$(dirname "$manifest")/$layer_library ;;
  *) layer_library=$(library "$layer_library") ;;
esac
layer_name=$(basename "$layer_library")
cp -L "$layer_library" "$out/layers/$layer_name"
sed "s|\"library_path\": *\"[^\"]*\"|\"library_path\": \"./$layer_name\"|" "$manifest" \
  >"$out/layers/VkLayer_khronos_validation.json"

for program in "${programs[@]}"; do cp -L "$program" "$out/bin/"; done
for program in vknoise vknoise_kernel_bench; do
  [[ -e $out/bin/$program ]] || fail "no program named $program was given"
done
compgen -G "$out/bin/*_tests" >/dev/null || fail "no test program (*_tests) was given"
cp -L "$(library libvulkan.so.1)" "$out/lib/libvulkan.so.1"

# Every library the programs, the loader and the layer load, under the name they ask for, except
# glibc's (the machine's own must be used) and those already copied.
glibc='^(ld-linux.*|libc|libm|libmvec|libpthread|libdl|librt|libresolv|libutil|libanl|libnsl'
glibc+='|libthread_db|libBrokenLocale|libnss_[a-z]*)\.so'
ldd "$out"/bin/* "$out/lib/libvulkan.so.1" "$out/layers/$layer_name" |
  awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }' | sort -u |
  while read -r name path; do
    if [[ $name =~ $glibc ]]; then continue; fi
    if [[ ! -e $out/lib/$name ]]; then cp -L "$path" "$out/lib/$name"; fi
  done
missing=$(ldd "$out"/bin/* | grep 'not found' || true)
[[ -z $missing ]] || fail "a program needs a library that is not on this machine: $missing"

strip --strip-unneeded "$out"/bin/* "$out"/lib/* "$out/layers/$layer_name"

cp "$here/gpu_report.sh" "$out/gpu_report.sh"
cp "$here/gpu_bundle_report.sh" "$out/gpu-report.sh"
cp "$plot" "$out/plot_bench.py"
cp "$here/bake_timing.sh" "$out/bake_timing.sh"
chmod +x "$out/gpu_report.sh" "$out/gpu-report.sh" "$out/bake_timing.sh"

# The newest glibc symbol version any of them needs: the oldest glibc the bundle runs on.
glibc_needed=$(for file in "$out"/bin/* "$out"/lib/* "$out/layers/$layer_name"; do
  objdump -T "$file" | grep -o 'GLIBC_[0-9.]*'
done | sort -u -V | tail -n 1)

for file in "$out"/bin/* "$out"/lib/* "$out/layers/$layer_name"; do
  if [[ $(stat -c %s "$file") -gt $compress_above ]]; then gzip -9 -n "$file"; fi
done

cat >"$out/README.txt" <<EOF
vknoise GPU report bundle (made by \`make gpu-bundle\`)

  ./gpu-report.sh [OUT_DIR] [--budget SECONDS] [--tests FILTER]

runs vknoise info, vknoise check --all, the GPU tests with the validation layer, the bench
sweep and the kernel benchmark, and writes their logs, bench.json, bench.csv, the charts (where
python3 has matplotlib) and summary.txt into OUT_DIR (default ./gpu-report). It needs an x86-64
Linux with ${glibc_needed/_/ } or newer, bash, coreutils, grep, sed, awk and gzip, and the
machine's Vulkan driver (the loader and the validation layer are here; with no NVIDIA ICD found,
/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json is tried).
EOF

size=$(du -sb "$out" | cut -f1)
echo "gpu-bundle: $out, $(find "$out" -type f | wc -l) files, $((size / 1024)) KiB" \
  "(limit $((size_limit / 1024)) KiB); needs ${glibc_needed/_/ } or newer"
[[ $size -lt $size_limit ]] || fail "$out is $size bytes, over the $size_limit-byte limit"
