"""vknoise.field against `vknoise render`'s .npy, bit for bit, on every backend; out= in place."""

import numpy as np
import pytest

import vknoise
from conftest import graph_path, render_npy, same_bits

BACKENDS = ["cpu-reference", "cpu", "gpu"]

# (Python keywords, the same as command line flags)
CASES = {
    "3d slice": (dict(size=(32, 24), dims=3, origin=(0.1, 0.2, 0.5)),
                 ["--dims", 3, "--size", "32x24", "--origin", "0.1,0.2,0.5"]),
    "3d volume fbm seed": (dict(size=(12, 10, 6), step=(0.05, 0.07, 0.11), fractal="fbm",
                                octaves=3, seed=7),
                           ["--dims", 3, "--size", "12x10x6", "--step", "0.05,0.07,0.11",
                            "--fractal", "fbm", "--octaves", 3, "--seed", 7]),
    "2d ridged period": (dict(size=(40, 20), dims=2, fractal="ridged", period=8,
                              origin=(-3.5, 2.25)),
                         ["--dims", 2, "--size", "40x20", "--fractal", "ridged", "--period", 8,
                          "--origin", "-3.5,2.25"]),
    "4d": (dict(size=(8, 6, 3, 2), origin=(0.5, 0.25, 0.125, 0.75), step=0.1),
           ["--dims", 4, "--size", "8x6x3x2", "--origin", "0.5,0.25,0.125,0.75", "--step", 0.1]),
    "1d classic": (dict(size=100, noise="classic", seed=3),
                   ["--dims", 1, "--size", 100, "--noise", "classic", "--seed", 3]),
    "gradient": (dict(size=(16, 8, 2), gradient=True, fractal="fbm", octaves=2),
                 ["--dims", 3, "--size", "16x8x2", "--gradient", "--fractal", "fbm",
                  "--octaves", 2]),
    "region": (dict(size=(10, 7), dims=3, region=(1000, 33, 2), origin=(0, 0, 0.5)),
               ["--dims", 3, "--size", "10x7", "--region", "1000,33,2", "--origin",
                "0,0,0.5"]),
    "simplex 3d fbm seed": (dict(size=(16, 12, 3), noise="simplex", fractal="fbm", octaves=3,
                                 seed=11, origin=(-1.5, 0.25, 2.0)),
                            ["--dims", 3, "--size", "16x12x3", "--noise", "simplex", "--fractal",
                             "fbm", "--octaves", 3, "--seed", 11, "--origin", "-1.5,0.25,2"]),
    "simplex 4d gradient": (dict(size=(6, 5, 3, 2), noise="simplex", gradient=True, step=0.13),
                            ["--dims", 4, "--size", "6x5x3x2", "--noise", "simplex", "--gradient",
                             "--step", 0.13]),
    "cellular 3d tiled fbm": (dict(size=(16, 12, 3), noise="cellular", distance="chebyshev",
                                   returns="f2-f1", jitter=0.7, fractal="fbm", octaves=3,
                                   period=(4, 4, 2), seed=5, step=0.11),
                              ["--dims", 3, "--size", "16x12x3", "--noise", "cellular",
                               "--cellular-distance", "chebyshev", "--cellular-return", "f2-f1",
                               "--cellular-jitter", 0.7, "--fractal", "fbm", "--octaves", 3,
                               "--period", "4,4,2", "--seed", 5, "--step", 0.11]),
    "cellular 2d gradient": (dict(size=(12, 10), noise="cellular", returns="f2", gradient=True,
                                  step=0.17),
                             ["--dims", 2, "--size", "12x10", "--noise", "cellular",
                              "--cellular-return", "f2", "--gradient", "--step", 0.17]),
    "cellular 4d cell": (dict(size=(6, 5, 3, 2), noise="cellular", returns="cell", step=0.3),
                         ["--dims", 4, "--size", "6x5x3x2", "--noise", "cellular",
                          "--cellular-return", "cell", "--step", 0.3]),
    "flow 2d tiled": (dict(size=(16, 12), noise="flow", angle=0.8, period=(3, 4), step=0.21),
                      ["--dims", 2, "--size", "16x12", "--noise", "flow", "--flow-angle", 0.8,
                       "--period", "3,4", "--step", 0.21]),
    "flow 3d advected": (dict(size=(12, 10, 3), noise="flow", fractal="fbm", octaves=3,
                              advection=0.4, angle=2, seed=3),
                         ["--dims", 3, "--size", "12x10x3", "--noise", "flow", "--fractal", "fbm",
                          "--octaves", 3, "--flow-advection", 0.4, "--flow-angle", 2, "--seed",
                          3]),
    "warp value": (dict(size=(20, 12), dims=2, noise="value", interpolation="cosine"),
                   ["--dims", 2, "--size", "20x12", "--noise", "value", "--interpolation",
                    "cosine"]),
}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("case", list(CASES))
def test_field_equals_render(tmp_path, backend_of, backend, case):
    kwargs, flags = CASES[case]
    values = vknoise.field(**kwargs, backend=backend_of(backend))
    expected = render_npy(tmp_path, *flags, "--backend", backend)
    assert values.dtype == np.float32 and values.flags.c_contiguous
    assert same_bits(values, expected)


@pytest.mark.parametrize("backend", BACKENDS)
def test_graph_field_equals_render(tmp_path, backend_of, backend):
    g = vknoise.Graph.load(graph_path("lava.json"))
    values = vknoise.field((24, 16), origin=(0, 0, 0.4), step=1 / 128, noise=g,
                           backend=backend_of(backend))
    expected = render_npy(tmp_path, "--graph", graph_path("lava.json"), "--size", "24x16",
                          "--origin", "0,0,0.4", "--step", 1 / 128, "--backend", backend)
    assert same_bits(values, expected)


@pytest.mark.parametrize("backend", BACKENDS)
def test_out_is_written_in_place(backend_of, backend):
    out = np.full((3, 5, 7), np.nan, dtype=np.float32)
    pointer = out.__array_interface__["data"][0]
    returned = vknoise.field((7, 5, 3), out=out, backend=backend_of(backend))
    assert returned is out
    assert out.__array_interface__["data"][0] == pointer
    assert same_bits(out, vknoise.field((7, 5, 3), backend=backend_of(backend)))


def test_shapes():
    assert vknoise.field(5).shape == (5,)
    assert vknoise.field((5, 4)).shape == (4, 5)
    assert vknoise.field((5, 4), dims=3).shape == (1, 4, 5)
    assert vknoise.field((5, 4, 3, 2)).shape == (2, 3, 4, 5)
    assert vknoise.field((5, 4), gradient=True).shape == (4, 5, 3)


def test_simplex_tiles_by_region_make_the_whole_field():
    # Simplex noise reads the whole coordinate: a region's tile still equals the whole field's
    # samples, bit for bit, since both take each position from origin + (region + i) * step.
    whole = vknoise.field((30, 20), dims=3, noise="simplex", fractal="fbm", backend="cpu")
    left = vknoise.field((13, 20), dims=3, noise="simplex", fractal="fbm", backend="gpu")
    right = vknoise.field((17, 20), dims=3, noise="simplex", fractal="fbm", region=(13, 0),
                          backend="gpu")
    assert same_bits(whole, np.concatenate([left, right], axis=-1))


def test_tiles_by_region_make_the_whole_field():
    whole = vknoise.field((30, 20), fractal="fbm", backend="cpu")
    left = vknoise.field((13, 20), fractal="fbm", backend="cpu")
    right = vknoise.field((17, 20), fractal="fbm", region=(13, 0), backend="cpu")
    assert same_bits(whole, np.concatenate([left, right], axis=1))


def test_auto_is_the_command_lines_choice():
    backend = vknoise.Backend("auto")
    # lavapipe (a CPU implementation) or no device: the fast CPU path, as `vknoise info` says.
    kinds = {d["type"] for d in vknoise.devices() if d["preferred"]}
    expected = "gpu" if kinds & {"discrete GPU", "integrated GPU"} else "cpu"
    assert backend.kind == expected and backend.reason
