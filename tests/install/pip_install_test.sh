#!/usr/bin/env bash
# `pip install ./python` into a virtual environment, as docs/python.md documents it:
#   pip_install_test.sh <python3> <vknoise source dir>
# In a temporary directory: a venv with the system's site packages (NumPy, PyTorch), then
#   pip install --no-index --no-build-isolation <source>/python
# which builds the extension through CMake (a minimal build of its own, every core, the library's
# static internals linked into the extension) with nothing fetched. Then: the package is the
# documented files, the Python files and the extension, which loads no libvknoise.so and exports
# none of the library's symbols; every installed file is in the venv and the source tree
# gained nothing; from another folder without PYTHONPATH the package computes a
# field on the GPU with validation (pip_installed_package.py); `pip uninstall -y vknoise` removes
# every file it installed.
set -euo pipefail

python=$1
source=$(cd "$2" && pwd)
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/vknoise-pip.XXXXXX")
trap 'rm -rf "$work"' EXIT

fail() {
  echo "pip_install_test.sh: $*" >&2
  exit 1
}

# Only the command's own options count: no pip configuration (files or PIP_* variables: no
# --find-links), no PYTHONPATH, no compiler launcher (ccache) that the build's CMake would take
# from the environment.
while IFS= read -r variable; do unset "$variable"; done < <(compgen -e | grep '^PIP_' || true)
export PIP_CONFIG_FILE=/dev/null PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONDONTWRITEBYTECODE=1
unset PYTHONPATH PYTHONHOME CMAKE_C_COMPILER_LAUNCHER CMAKE_CXX_COMPILER_LAUNCHER
# Any attempt to reach an index would go to a closed port and be reported (pip retries, then
# fails): the installation must need nothing from the network.
export http_proxy=http://127.0.0.1:9 https_proxy=http://127.0.0.1:9
export HTTP_PROXY=$http_proxy HTTPS_PROXY=$https_proxy
unset no_proxy NO_PROXY

version=$(sed -n 's/^project(vknoise VERSION \([0-9.]*\).*/\1/p' "$source/CMakeLists.txt")
[ -n "$version" ] || fail "no project(vknoise VERSION ...) in $source/CMakeLists.txt"

venv=$work/venv
"$python" -m venv --system-site-packages "$venv"
pip=("$venv/bin/python" -m pip)
site=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_path("platlib"))')
ext_suffix=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')

source_files() { (cd "$source/python" && find . -printf '%P %s %T@\n' | LC_ALL=C sort); }
source_files >"$work/python_before"

started=$(date +%s)
mkdir "$work/tmp"  # pip's and the build's temporary files, which must all be gone afterwards
# The module is built for the baseline SIMD target only (setup.py passes VKNOISE_SIMD_TARGETS on):
# what is tested is the package's build and installation, and every target would cost minutes of
# CI; `make test` builds them all.
if ! TMPDIR=$work/tmp VKNOISE_SIMD_TARGETS=baseline "${pip[@]}" install --verbose --no-index --no-build-isolation \
  "$source/python" >"$work/install.log" 2>&1; then
  cat "$work/install.log"
  fail "pip install failed (its output above)"
fi
echo "python_pip_install: pip install (the module, built by CMake) took" \
  "$(($(date +%s) - started)) s on $(nproc) cores"
if grep -nE 'Retrying|ProxyError|Downloading' "$work/install.log"; then
  fail "pip went to the network (above)"
fi
grep -qE -- "--build .* --parallel $(nproc)\$" "$work/install.log" ||
  fail "the build inside pip did not run on every core ($(nproc)): $(grep -- '--build' "$work/install.log")"

[ -z "$(ls -A "$work/tmp")" ] || fail "pip install left temporary files: $(ls -A "$work/tmp")"
source_files >"$work/python_after"
diff -u "$work/python_before" "$work/python_after" >&2 ||
  fail "pip install left files in $source/python (diff above)"

# The package: the Python files of python/vknoise and the extension, one file each.
package=$site/vknoise
{
  (cd "$source/python/vknoise" && find . -maxdepth 1 -type f -printf '%P\n')
  echo "_vknoise$ext_suffix"
} | LC_ALL=C sort >"$work/expected"
(cd "$package" && find . -path ./__pycache__ -prune -o -printf '%P\n' | sed '/^$/d' | LC_ALL=C sort) \
  >"$work/installed"
diff -u "$work/expected" "$work/installed" >&2 ||
  fail "the installed package differs from the expected files (diff above: + installed)"
# The extension holds the library's internals: it needs no libvknoise.so, and keeps them to itself
# (no vknoise symbol exported but PyInit__vknoise; what else it exports is the C++ runtime's own
# template instances), so a libvknoise.so in the same interpreter never binds to them.
extension=$package/_vknoise$ext_suffix
if readelf -d "$extension" | grep -E 'NEEDED.*libvknoise'; then
  fail "the extension needs libvknoise.so (above)"
fi
nm -D --defined-only "$extension" | grep -qE ' T PyInit__vknoise$' ||
  fail "the extension does not export PyInit__vknoise"
if nm -DC --defined-only "$extension" | awk '{$1 = $2 = ""; sub(/^ +/, ""); print}' |
  grep -E '^((typeinfo|typeinfo name|vtable) for )?vknoise(::|_)'; then
  fail "the extension exports the library's symbols (above)"
fi

# Every file pip recorded is inside the venv.
"$venv/bin/python" - "$venv" >"$work/recorded" <<'EOF'
import os, sys
from importlib.metadata import distribution
venv = os.path.realpath(sys.argv[1])
for file in distribution("vknoise").files:
    path = os.path.realpath(file.locate())
    if not path.startswith(venv + os.sep):
        sys.exit(f"pip installed {path} outside the venv {venv}")
    print(path)
EOF
grep -qx "$extension" "$work/recorded" || fail "pip's record lacks the extension"
installed_version=$("${pip[@]}" show vknoise | sed -n 's/^Version: //p')
[ "$installed_version" = "$version" ] ||
  fail "pip installed version '$installed_version', the project is $version"

# Imported from elsewhere, without PYTHONPATH.
mkdir "$work/elsewhere"
(cd "$work/elsewhere" && "$venv/bin/python" "$here/pip_installed_package.py" "$venv" "$version")

# Uninstalled: every recorded file gone, nothing of vknoise left in the venv.
"${pip[@]}" uninstall -y vknoise >"$work/uninstall.log" 2>&1 || { cat "$work/uninstall.log"; exit 1; }
while IFS= read -r path; do
  [ ! -e "$path" ] || fail "pip uninstall left $path"
done <"$work/recorded"
left=$(find "$venv" -iname '*vknoise*')
[ -z "$left" ] || fail "pip uninstall left: $left"
if (cd "$work/elsewhere" && "$venv/bin/python" -c 'import vknoise' 2>/dev/null); then
  fail "vknoise still imports after pip uninstall"
fi
echo "python_pip_install: installed $(wc -l <"$work/recorded") files into the venv, imported," \
  "computed and uninstalled"
