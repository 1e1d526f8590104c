"""The module itself: version, devices, check, Backend handles and the shared backends."""

import os
import re

import numpy as np

import vknoise
from conftest import SOURCE_DIR, graph_path


def test_version_is_the_projects():
    with open(os.path.join(SOURCE_DIR, "CMakeLists.txt")) as f:
        version = re.search(r"project\(vknoise VERSION ([0-9.]+)", f.read()).group(1)
    assert vknoise.__version__ == version


def test_devices_are_the_libraries():
    devices = vknoise.devices()
    assert devices and all({"index", "name", "type", "suitable", "preferred", "keeps_signed_zeros",
                            "keeps_denormals"} <= set(d) for d in devices)
    # lavapipe declares SignedZeroInfNanPreserve for 32-bit floats, and no DenormPreserve.
    lavapipe = [d for d in devices if d["name"].startswith("llvmpipe")]
    assert all(d["keeps_signed_zeros"] and not d["keeps_denormals"] for d in lavapipe)
    assert sum(d["preferred"] for d in devices) == 1


def test_check_passes_on_this_device(gpu):
    result = vknoise.check(backend=gpu)
    assert result.ok and result.count == 256 * 256 and result.contract == "tolerance"
    result = vknoise.check((64, 48), dims=3, fractal="fbm", backend=gpu)
    assert result.ok and result.identical_to_mirror == result.count
    g = vknoise.Graph.load(graph_path("lava.json"))
    result = vknoise.check((32, 32), origin=(0, 0, 0.4), noise=g, backend=gpu)
    assert result.ok and result.contract == g.contract


def test_check_wants_the_gpu():
    try:
        vknoise.check(backend="cpu")
    except ValueError as e:
        assert "GPU" in str(e)
    else:
        raise AssertionError("check on the CPU did not raise")


def test_backend_handles(gpu):
    assert gpu.kind == "gpu" and gpu.validation
    with vknoise.Backend("cpu", threads=1) as cpu:
        assert cpu.kind == "cpu" and cpu.threads == 1 and not cpu.validation
        a = vknoise.field((16, 16), backend=cpu)
    # A closed backend still computes: each call then opens and closes its own.
    assert np.array_equal(a, vknoise.field((16, 16), backend=cpu))
    assert "gpu" in repr(gpu)


def test_devices_listed_while_a_validated_context_lives(gpu):
    # Listing devices makes and destroys an instance of its own; the validated context's
    # messenger must still be destroyed through its own instance's functions.
    backend = vknoise.Backend("gpu", validation=True)
    vknoise.field((8, 8), backend=backend)
    assert vknoise.devices()
    backend.close()
    assert backend.validation_messages() == []
