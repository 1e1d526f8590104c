#!/usr/bin/env bash
# Builds and runs the consumer projects against a vknoise build, in a temporary directory that is
# removed at the end.
#   run_consumers.sh find_package <cmake> <vknoise build dir>
#     installs the build into a temporary prefix, then builds against it, with nothing but
#     CMAKE_PREFIX_PATH or PKG_CONFIG_PATH, and runs: find_package/ (C++, which sets no C++
#     standard: the package carries C++20), c_api/ (a C99 project that enables no C++ and gets no
#     C++ flag), and c_api/main.c with cc and pkg-config; then installs the command line tool (when
#     built), moves the prefix, and runs the tool from there.
#   run_consumers.sh add_subdirectory <cmake> <vknoise source dir>
#     builds add_subdirectory/, which builds vknoise from the source tree as a subproject (without
#     fault injection, which it checks), and runs it. The subproject is built for the baseline SIMD
#     target only (VKNOISE_SIMD_TARGETS=baseline): what is tested is the subproject's build and
#     link, and every target would cost minutes of CI; `make test` builds them all.
set -euo pipefail

mode=$1
cmake=$2
tree=$3
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/vknoise-consumer.XXXXXX")
trap 'rm -rf "$work"' EXIT

generator=()
if command -v ninja >/dev/null; then generator=(-G Ninja); fi

fail() {
  echo "run_consumers.sh: $*" >&2
  exit 1
}

case $mode in
  find_package)
    prefix=$work/prefix
    # The library and headers only: the command line tool may not be built.
    "$cmake" --install "$tree" --prefix "$prefix" --component vknoise_runtime
    "$cmake" --install "$tree" --prefix "$prefix" --component vknoise_development
    # Private dependencies stay out of what consumers compile and link with. (CMake may still list
    # a private shared library in IMPORTED_LINK_DEPENDENT_LIBRARIES, which only feeds -rpath-link.)
    if grep -hE '^\s*INTERFACE_' "$prefix"/lib*/cmake/vknoise/*.cmake \
      | grep -qiE 'volk|hwy|highway'; then
      fail "the installed package names a private dependency"
    fi
    if grep -qiE 'volk|hwy|highway' "$prefix"/lib*/pkgconfig/vknoise.pc; then
      fail "vknoise.pc names a private dependency"
    fi
    if nm -D --defined-only "$prefix"/lib*/libvknoise.so | grep -qi volk; then
      fail "libvknoise.so exports volk symbols"
    fi

    targets=("$prefix"/lib*/cmake/vknoise/vknoiseTargets.cmake)
    grep -q 'INTERFACE_COMPILE_FEATURES "cxx_std_20"' "${targets[@]}" ||
      fail "the installed vknoise::vknoise does not carry cxx_std_20"

    # consumer PROJECT: configures, builds (the commands in $work/PROJECT.log) and runs PROJECT
    # against the installed package, which must be the one found.
    consumer() {
      "$cmake" -S "$here/$1" -B "$work/$1" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_PREFIX_PATH="$prefix"
      grep -qx "vknoise_DIR:PATH=$prefix/lib[^/]*/cmake/vknoise" "$work/$1/CMakeCache.txt" ||
        fail "$1 found vknoise elsewhere: $(grep '^vknoise_DIR' "$work/$1/CMakeCache.txt")"
      "$cmake" --build "$work/$1" --verbose >"$work/$1.log" || { cat "$work/$1.log"; exit 1; }
      "$work/$1/consumer"
    }
    consumer find_package
    consumer c_api
    if grep -q '^CMAKE_CXX_COMPILER:' "$work/c_api/CMakeCache.txt"; then
      fail "the C consumer had C++ enabled"
    fi
    if grep -E -- '-std=(c|gnu)\+\+|stdc\+\+|[-/+]g\+\+|\bc\+\+ ' "$work/c_api.log"; then
      fail "the C consumer was compiled or linked with C++ settings (above)"
    fi

    pc=$(find "$prefix" -name vknoise.pc -print -quit)
    [ -n "$pc" ] || fail "no vknoise.pc under $prefix"
    export PKG_CONFIG_PATH
    PKG_CONFIG_PATH=$(dirname "$pc")
    libdir=$(pkg-config --variable=libdir vknoise)
    # shellcheck disable=SC2046  # pkg-config's flags are meant to be split
    "${CC:-cc}" -std=c99 -pedantic -Wall -Wextra -Werror $(pkg-config --cflags vknoise) \
      "$here/c_api/main.c" -o "$work/pkg_config_consumer" \
      $(pkg-config --libs vknoise) -Wl,-rpath,"$libdir"
    "$work/pkg_config_consumer"

    # The command line tool, where the build has it, links the library's static internals: it
    # needs no libvknoise.so, and the installed tree works after it is moved.
    if [ -x "$tree/src/cli/vknoise" ]; then
      "$cmake" --install "$tree" --prefix "$prefix" --component vknoise_cli
      mv "$prefix" "$work/moved"
      tool=$work/moved/bin/vknoise
      if readelf -d "$tool" | grep -E 'NEEDED.*libvknoise'; then
        fail "the installed tool needs libvknoise.so (above)"
      fi
      "$tool" render --dims 3 --size 8x8x2 --backend cpu --out "$work/tool.raw"
      [ "$(stat -c %s "$work/tool.raw")" = 512 ] || fail "the installed tool wrote a wrong file"
    fi
    ;;
  add_subdirectory)
    "$cmake" -S "$here/add_subdirectory" -B "$work/add_subdirectory" "${generator[@]}" \
      -DCMAKE_BUILD_TYPE=Release -DVKNOISE_SOURCE_DIR="$tree" -DVKNOISE_SIMD_TARGETS=baseline
    "$cmake" --build "$work/add_subdirectory"
    # A library built without fault injection never reads VKNOISE_FAULT.
    library=$(find "$work/add_subdirectory" -name 'libvknoise.so*' -type f -print -quit)
    [ -n "$library" ] || fail "no libvknoise.so under $work/add_subdirectory"
    if grep -qa VKNOISE_FAULT "$library"; then
      fail "the subproject's library reads VKNOISE_FAULT"
    fi
    "$work/add_subdirectory/consumer"
    ;;
  *)
    fail "unknown mode '$mode' (find_package or add_subdirectory)"
    ;;
esac
