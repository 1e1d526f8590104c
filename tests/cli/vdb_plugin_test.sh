#!/usr/bin/env bash
# The OpenVDB writer is a plugin (libvknoise_vdb.so, src/io/vdb_plugin.h) that the tools open only
# when a .vdb is written, from their prefix's library directory (bin/../lib) once installed.
# Installed with `cmake --install` (the runtime and command line components) into a prefix that is
# then moved, the installed tool, which links the library's static internals and needs no
# libvknoise.so, still finds the plugin, and its .vdb reads back through OpenVDB's own vdb_print;
# with the plugin removed from the moved prefix, a .vdb fails with one line and exit 1, and other
# formats still work. Usage: vdb_plugin_test.sh path/to/vknoise CMAKE BUILD_DIR
source "$(dirname "$0")/harness.sh" "$1"
cmake=$2
tree=$3

prefix=$work/prefix
for component in vknoise_runtime vknoise_cli; do
  "$cmake" --install "$tree" --prefix "$prefix" --component "$component" >/dev/null
done
plugin=$(find "$prefix" -name libvknoise_vdb.so -print -quit)
library=$(find "$prefix" -name 'libvknoise.so.*' -type f -print -quit)
check "the plugin is installed beside the library" test -n "$plugin" -a \
  "$(dirname "$plugin")" = "$(dirname "$library")"
check "the installed tool needs no libvknoise.so" \
  bash -c 'test -x "$1" && ! readelf -d "$1" | grep -q "NEEDED.*libvknoise"' - "$prefix/bin/vknoise"
mv "$prefix" "$work/moved"
vknoise=$work/moved/bin/vknoise

if expect_success "moved prefix: .vdb" render --dims 3 --size 5x4x3 --backend cpu --out d.vdb; then
  vdb_print -l "$case_dir/d.vdb" >"$work/vdb_print" 2>&1
  check "moved prefix: grid named density" grep -q '^Name: density' "$work/vdb_print"
  check "moved prefix: every voxel" grep -q 'Number of active voxels: *60$' "$work/vdb_print"
fi
rm "$work/moved/${plugin#"$prefix"/}"
expect_error "moved prefix without the plugin" 1 \
  "cannot write d.vdb: the OpenVDB writer (libvknoise_vdb.so) could not be loaded" \
  render --dims 3 --size 5x4x3 --backend cpu --out d.vdb
if expect_success "without the plugin: .npy" render --dims 3 --size 5x4x3 --backend cpu \
  --out d.npy; then
  check "without the plugin: .npy written" test -s "$case_dir/d.npy"
fi

finish
