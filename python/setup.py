"""Builds the vknoise Python package for pip from this source tree (docs/python.md):

    v/bin/pip install --no-build-isolation ./python

CMake configures a minimal Release build of the project one directory up (the extension _vknoise,
which links the library's static internals: no libvknoise.so, tests, command line tool, window,
examples or benchmarks), builds it on every core, and installs its component vknoise_python into
a staging prefix laid out as the wheel's vknoise/ package: the Python files and the extension,
which needs no other file of vknoise. The build happens in a temporary directory, removed
afterwards, so that it leaves nothing in the source tree. The version is the project's, read
from CMakeLists.txt.
"""

import atexit
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

PROJECT_DIR = Path(__file__).resolve().parent.parent
# The staging prefix's directory that holds the package (VKNOISE_PYTHON_INSTALL_DIR).
STAGED_SITE = "site"
CMAKE_OPTIONS = {
    "CMAKE_BUILD_TYPE": "Release",
    "VKNOISE_BUILD_PYTHON": "ON",
    "VKNOISE_BUILD_TESTS": "OFF",
    "VKNOISE_BUILD_CLI": "OFF",
    "VKNOISE_BUILD_VIEW": "OFF",
    "VKNOISE_BUILD_EXAMPLES": "OFF",
    "VKNOISE_BUILD_BENCH": "OFF",
    "VKNOISE_FUZZ": "OFF",
    "VKNOISE_PYTHON_INSTALL_DIR": STAGED_SITE,
}


def project_version():
    """The VERSION of CMakeLists.txt's project(), the one version of the library and package."""
    text = (PROJECT_DIR / "CMakeLists.txt").read_text(encoding="utf-8")
    match = re.search(r"^project\(vknoise\s+VERSION\s+([0-9]+(?:\.[0-9]+)*)\b", text, re.M)
    if not match:
        sys.exit(f"vknoise: no project(vknoise VERSION ...) in {PROJECT_DIR / 'CMakeLists.txt'}")
    return match.group(1)


def run(*command):
    print("vknoise:", " ".join(map(str, command)), flush=True)
    subprocess.run([str(part) for part in command], check=True)


class CMakeBuild(build_ext):
    """build_ext through CMake: the package directory it fills is the extension's."""

    def run(self):
        cmake = shutil.which("cmake")
        if not cmake:
            sys.exit("vknoise: cmake not found (Debian: apt-get install cmake)")
        package_dir = Path(self.get_ext_fullpath("vknoise._vknoise")).parent
        with tempfile.TemporaryDirectory(prefix="vknoise-cmake-") as scratch:
            build_dir, prefix = Path(scratch, "build"), Path(scratch, "prefix")
            generator = ["-G", "Ninja"] if shutil.which("ninja") else []
            options = dict(CMAKE_OPTIONS, Python3_EXECUTABLE=sys.executable)
            # VKNOISE_SIMD_TARGETS (CMakeLists.txt: all, baseline or a list of x86 targets)
            # from the environment: "baseline" builds several times faster, for a slower
            # fast CPU path.
            simd_targets = os.environ.get("VKNOISE_SIMD_TARGETS")
            if simd_targets:
                options["VKNOISE_SIMD_TARGETS"] = simd_targets
            run(cmake, "-S", PROJECT_DIR, "-B", build_dir, *generator,
                *(f"-D{name}={value}" for name, value in options.items()))
            run(cmake, "--build", build_dir, "--target", "_vknoise", "--parallel",
                len(os.sched_getaffinity(0)))
            run(cmake, "--install", build_dir, "--prefix", prefix, "--component", "vknoise_python")
            staged = prefix / STAGED_SITE / "vknoise"
            shutil.rmtree(package_dir, ignore_errors=True)
            shutil.copytree(staged, package_dir)


# pip builds in the source tree: setuptools' build and metadata directories go to a temporary
# directory rather than into python/.
scratch_dir = tempfile.mkdtemp(prefix="vknoise-setuptools-")
atexit.register(shutil.rmtree, scratch_dir, ignore_errors=True)

setup(
    version=project_version(),
    # The package's files are what CMake installs (python/CMakeLists.txt lists them).
    packages=[],
    ext_modules=[Extension("vknoise._vknoise", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": f"{scratch_dir}/build"},
             "egg_info": {"egg_base": scratch_dir}},
    zip_safe=False,
)
