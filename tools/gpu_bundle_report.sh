#!/usr/bin/env bash
# The GPU report (gpu_report.sh) run from a folder `make gpu-bundle` made, on a machine with a GPU
# driver but no development packages and no Vulkan loader: the programs, the libraries they need
# besides glibc, the Vulkan loader and the Khronos validation layer are all in this folder.
# Installed into the folder as gpu-report.sh.
#
# Usage: ./gpu-report.sh [OUT_DIR] [--budget SECONDS] [--tests FILTER]
#   OUT_DIR defaults to ./gpu-report (in the current directory); the options are gpu_report.sh's.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=$PWD/gpu-report
if [[ $# -gt 0 && $1 != --* ]]; then
  out=$1
  shift
fi

# The largest programs and libraries travel gzip-compressed to keep the folder small; they are
# expanded here, next to their archive, the first time (programs keep their execute bit).
for packed in "$here"/bin/*.gz "$here"/lib/*.gz "$here"/layers/*.gz; do
  [[ -e $packed ]] || continue
  unpacked=${packed%.gz}
  if [[ ! -e $unpacked ]]; then
    gzip -dc "$packed" >"$unpacked.partial" && chmod --reference="$packed" "$unpacked.partial" &&
      mv "$unpacked.partial" "$unpacked"
  fi
done

# NVIDIA's Vulkan driver loads a library with initial-exec TLS (libnvidia-tls), which must fit in
# the static TLS surplus that glibc sets aside at start-up (512 bytes by default): the test
# programs' own libraries use that up, and their instance creation then fails ("cannot allocate
# memory in static TLS block"). 64 KiB leaves room for it.
export GLIBC_TUNABLES=glibc.rtld.optional_static_tls=65536${GLIBC_TUNABLES:+:$GLIBC_TUNABLES}

# The machine's own LD_LIBRARY_PATH stays python3's (gpu_report.sh draws the charts with it).
export GPU_REPORT_PYTHON_LIBRARY_PATH=${LD_LIBRARY_PATH:-}
export LD_LIBRARY_PATH=$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export VK_ADD_LAYER_PATH=$here/layers${VK_ADD_LAYER_PATH:+:$VK_ADD_LAYER_PATH}

tests=()
for program in "$here"/bin/*_tests; do tests+=(--test "$program"); done
# The window's headless frame loop, where the bundle has it.
[[ -x $here/bin/vknoise-view ]] && tests+=(--view "$here/bin/vknoise-view")
exec bash "$here/gpu_report.sh" --out "$out" --tool "$here/bin/vknoise" \
  --kernel-bench "$here/bin/vknoise_kernel_bench" --plot "$here/plot_bench.py" "${tests[@]}" "$@"
