"""Shared fixtures of the Python tests (run by ctest as python_<file>, tests/python/CMakeLists.txt).

The GPU tests compute on a vknoise.Backend("gpu", validation=True): the validation layer with
synchronization validation, each message failing the test module, those raised while its
contexts are destroyed included. Nothing here skips: a skip is turned into a failure.
"""

import os
import subprocess

import numpy as np
import pytest

import vknoise

SOURCE_DIR = os.environ.get("VKNOISE_SOURCE_DIR",
                            os.path.join(os.path.dirname(__file__), "..", ".."))


def graph_path(name):
    return os.path.join(SOURCE_DIR, "graphs", name)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.skipped:
        report.outcome = "failed"
        report.longrepr = f"{item.nodeid} skipped; these tests never skip: {report.longrepr}"


@pytest.fixture(scope="module")
def gpu():
    backend = vknoise.Backend("gpu", validation=True)
    yield backend
    backend.close()
    assert backend.validation_messages() == []


@pytest.fixture
def backend_of(gpu):
    """The backend= argument for a backend name: the validated GPU for "gpu"."""
    return lambda name: gpu if name == "gpu" else name


def run_cli(*args, stdin=None):
    cli = os.environ["VKNOISE_CLI"]
    done = subprocess.run([cli, *map(str, args)], input=stdin, capture_output=True, text=True)
    assert done.returncode == 0, f"vknoise {' '.join(map(str, args))}: {done.stderr}"
    return done.stdout


def render_npy(tmp_path, *args):
    """The .npy that `vknoise render` writes for these options."""
    path = tmp_path / "field.npy"
    run_cli("render", *args, "--quiet", "--out", path)
    return np.load(path)


def cli_eval(points, *args):
    """`vknoise eval`'s values at the points, as an (N, channels) float64 array."""
    text = "".join(" ".join(repr(float(c)) for c in p) + "\n" for p in points)
    out = run_cli("eval", *args, stdin=text)
    return np.array([[float(v) for v in line.split()] for line in out.splitlines()])


def same_bits(a, b):
    a, b = np.asarray(a), np.asarray(b)
    assert a.shape == b.shape and a.dtype == b.dtype
    return np.array_equal(a.view(np.uint32 if a.dtype == np.float32 else np.uint64),
                          b.view(np.uint32 if b.dtype == np.float32 else np.uint64))
