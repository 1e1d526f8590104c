"""vknoise.eval against `vknoise eval`, bit for bit, on every backend; NumPy's conversions."""

import numpy as np
import pytest

import vknoise
from conftest import cli_eval, graph_path, same_bits

BACKENDS = ["cpu-reference", "cpu", "gpu"]


def points(dims, count=40, seed=1):
    rng = np.random.default_rng(seed)
    return rng.uniform(-50, 50, size=(count, dims))


CASES = {
    "1d": (1, {}, []),
    "2d fbm": (2, dict(fractal="fbm", octaves=5), ["--fractal", "fbm", "--octaves", 5]),
    "3d": (3, {}, []),
    "3d seed turbulence": (3, dict(fractal="turbulence", seed=99),
                           ["--fractal", "turbulence", "--seed", 99]),
    "3d gradient": (3, dict(gradient=True), ["--gradient"]),
    "4d balanced": (4, dict(noise="improved4-balanced"), ["--noise", "improved4-balanced"]),
    # The library's names in either spelling, here and on the command line alike.
    "4d balanced, '_' for '-'": (4, dict(noise="improved4_balanced"),
                                 ["--noise", "improved4-balanced"]),
    "3d value cubic ridged": (3, dict(noise="value", interpolation="cubic", fractal="ridged"),
                              ["--noise", "value", "--interpolation", "cubic",
                               "--fractal", "ridged"]),
}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("case", list(CASES))
def test_eval_equals_cli(backend_of, backend, case):
    dims, kwargs, flags = CASES[case]
    p = points(dims)
    values = vknoise.eval(p, **kwargs, backend=backend_of(backend))
    expected = cli_eval(p, "--dims", dims, *flags, "--backend", backend)
    assert values.dtype == np.float64
    assert same_bits(values.reshape(len(p), -1), expected)


@pytest.mark.parametrize("backend", BACKENDS)
def test_graph_eval_equals_cli(backend_of, backend):
    g = vknoise.Graph.load(graph_path("terrain.json"))
    p = points(g.dims)
    values = vknoise.eval(p, noise=g, backend=backend_of(backend))
    expected = cli_eval(p, "--graph", graph_path("terrain.json"), "--backend", backend)
    assert same_bits(values.reshape(len(p), -1), expected)


def test_shapes_and_channels():
    assert vknoise.eval(points(3)).shape == (40,)
    assert vknoise.eval(points(3), gradient=True).shape == (40, 4)
    assert vknoise.eval(np.empty((0, 2))).shape == (0,)


def test_conversions_follow_numpy():
    p = points(3)
    expected = vknoise.eval(p, backend="cpu")
    assert same_bits(vknoise.eval(p.tolist(), backend="cpu"), expected)
    strided = np.asfortranarray(p)
    assert same_bits(vknoise.eval(strided, backend="cpu"), expected)
    wide = np.zeros((40, 6))
    wide[:, ::2] = p
    assert same_bits(vknoise.eval(wide[:, ::2], backend="cpu"), expected)
    p32 = p.astype(np.float32)
    assert same_bits(vknoise.eval(p32, backend="cpu"),
                     vknoise.eval(p32.astype(np.float64), backend="cpu"))
    assert same_bits(vknoise.eval(np.arange(6).reshape(2, 3), backend="cpu"),
                     vknoise.eval(np.arange(6.0).reshape(2, 3), backend="cpu"))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("case", list(CASES))
def test_float32_points_equal_their_float64_values(backend_of, backend, case):
    # float32 points give the values of the same points in float64, bit for bit: read as they
    # are by the fast CPU path, widened by the others. Coordinates past 2^23 and near integers
    # take both of the fast path's reductions.
    dims, kwargs, _ = CASES[case]
    p32 = points(dims, count=300).astype(np.float32)
    p32[::7] = np.round(p32[::7]) - np.float32(2.0 ** -20)
    p32[::11] = np.float32(9e6) * np.sign(p32[::11])
    p32[::13] = -np.float32(1e-30)
    assert p32.flags.c_contiguous
    values = vknoise.eval(p32, **kwargs, backend=backend_of(backend))
    expected = vknoise.eval(p32.astype(np.float64), **kwargs, backend=backend_of(backend))
    assert values.dtype == np.float64
    assert same_bits(values, expected)


def test_float32_points_errors_raise():
    bad = np.array([[0.5, np.float32(np.nan), 1.0]], dtype=np.float32)
    with pytest.raises(ValueError, match="point 0"):
        vknoise.eval(bad, backend="cpu")
    far = np.array([[0.5, 0.5, 0.5], [3e9, 0.5, 0.5]], dtype=np.float32)
    with pytest.raises(ValueError, match="point 1"):
        vknoise.eval(far, backend="cpu")
    with pytest.raises(ValueError):
        vknoise.eval(np.zeros((4, 5), dtype=np.float32), backend="cpu")
    with pytest.raises(ValueError):
        vknoise.eval(np.zeros((4, 2), dtype=np.float32), noise="improved4-balanced",
                     backend="cpu")
