#!/usr/bin/env bash
# What `cmake --install` puts where, by component (README, "Use it from your project"):
#   install_components_test.sh <cmake> <vknoise build dir> <vknoise source dir>
# 1. vknoise_runtime + vknoise_development alone install exactly the library (its file, SONAME
#    link and namelink), the public headers, the CMake package and vknoise.pc: no program, no
#    plugin, no Python.
# 2. The whole install (no --component) is exactly the union of the documented components
#    vknoise_runtime, vknoise_development, vknoise_cli and vknoise_python: no rule without one.
# 3. The command line component holds the tools and the OpenVDB plugin where they are built, and
#    the Python component the package where it is built.
set -euo pipefail

cmake=$1
build=$2
source=$3
work=$(mktemp -d "${TMPDIR:-/tmp}/vknoise-install.XXXXXX")
trap 'rm -rf "$work"' EXIT

fail() {
  echo "install_components_test.sh: $*" >&2
  exit 1
}

cache_value() {  # the build's CMake cache entry $1
  sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"
}
libdir=$(cache_value CMAKE_INSTALL_LIBDIR)
includedir=$(cache_value CMAKE_INSTALL_INCLUDEDIR)
[[ -n $libdir && -n $includedir ]] || fail "no install directories in $build/CMakeCache.txt"
version=$(sed -n 's/^project(vknoise VERSION \([0-9.]*\).*/\1/p' "$source/CMakeLists.txt")
[ -n "$version" ] || fail "no project(vknoise VERSION ...) in $source/CMakeLists.txt"

# install_into PREFIX [COMPONENT...]: the components into PREFIX (all of them without any).
install_into() {
  local prefix=$1
  shift
  if [ $# -eq 0 ]; then
    "$cmake" --install "$build" --prefix "$prefix" >/dev/null
  fi
  for component in "$@"; do
    "$cmake" --install "$build" --prefix "$prefix" --component "$component" >/dev/null
  done
}

# listing PREFIX: every file and link under PREFIX, relative to it, sorted.
listing() {
  (cd "$1" && find . \( -type f -o -type l \) -printf '%P\n' | LC_ALL=C sort)
}

# 1. The library and its headers only.
install_into "$work/library" vknoise_runtime vknoise_development
{
  (cd "$source/include" && find vknoise \( -name '*.h' -o -name '*.hpp' \) -printf "$includedir/%p\n")
  printf '%s\n' "$libdir/libvknoise.so" "$libdir/libvknoise.so.${version%%.*}" \
    "$libdir/libvknoise.so.$version" "$libdir/pkgconfig/vknoise.pc" \
    "$libdir/cmake/vknoise/vknoiseConfig.cmake" "$libdir/cmake/vknoise/vknoiseConfigVersion.cmake" \
    "$libdir/cmake/vknoise/vknoiseTargets.cmake"
  # The built-in noises as GLSL functions for the host's own shaders (generated at build time).
  echo "$includedir/vknoise/vknoise.glsl"
  # The per-configuration half of the exported targets.
  echo "$libdir/cmake/vknoise/vknoiseTargets-$(cache_value CMAKE_BUILD_TYPE | tr '[:upper:]' '[:lower:]').cmake"
} | LC_ALL=C sort >"$work/expected"
listing "$work/library" >"$work/library.list"
if ! diff -u "$work/expected" "$work/library.list"; then
  fail "vknoise_runtime + vknoise_development installed other files than the library's (diff above: - expected, + installed)"
fi
# No program and no Python, whatever the build holds: nothing executable but the library itself.
while IFS= read -r file; do
  case $file in
    "$libdir"/libvknoise.so*) ;;
    *) [ -x "$work/library/$file" ] && fail "$file is executable" ;;
  esac
done <"$work/library.list"
if grep -E '(^|/)(bin|python[0-9.]*|site-packages|dist-packages)/|\.py$|_vknoise' "$work/library.list"; then
  fail "the library's components hold a program or Python files (above)"
fi

# 2. The whole install is the union of the documented components.
install_into "$work/all"
install_into "$work/components" vknoise_runtime vknoise_development vknoise_cli vknoise_python
listing "$work/all" >"$work/all.list"
listing "$work/components" >"$work/components.list"
if ! diff -u "$work/components.list" "$work/all.list"; then
  fail "cmake --install installs files outside the documented components (diff above: + only in the whole install)"
fi

# 3. The other two components, where their targets are built.
expect_installed() {  # FILE WHAT: FILE (relative to the prefix) is in the whole install
  grep -qxF "$1" "$work/all.list" || fail "the whole install lacks $2 ($1)"
}
if [ -x "$build/src/cli/vknoise" ]; then
  expect_installed bin/vknoise "the command line tool"
  expect_installed "$libdir/libvknoise_vdb.so" "the OpenVDB writer plugin"
fi
if [ -x "$build/src/cli/vknoise-view" ]; then
  expect_installed bin/vknoise-view "the window"
fi
python_dir=$(cache_value VKNOISE_PYTHON_INSTALL_DIR)
if [ -n "$python_dir" ]; then
  expect_installed "$python_dir/vknoise/__init__.py" "the Python package"
  grep -qE "^$python_dir/vknoise/_vknoise\..*so$" "$work/all.list" ||
    fail "the whole install lacks the Python extension under $python_dir/vknoise"
fi
echo "install_components: $(wc -l <"$work/library.list") files for the library and headers," \
  "$(wc -l <"$work/all.list") in the whole install"
