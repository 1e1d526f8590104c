"""Bad input: each case raises its documented exception with a clear message, and none crashes
the interpreter (a crash would end this pytest process, failing the ctest test)."""

import os

import numpy as np
import pytest

import vknoise
from conftest import graph_path

F = vknoise.field
E = vknoise.eval
P3 = [[0.5, 0.5, 0.5]]
ok_graph = '{"dims": 2, "nodes": {"p": {"kind": "position"}, "n": {"kind": "noise", "at": "p"}},' \
    ' "outputs": {"v": "n"}}'


def read_only():
    a = np.zeros((4, 4), dtype=np.float32)
    a.flags.writeable = False
    return a


CASES = [
    # sizes
    ("size zero", lambda: F((0, 4)), ValueError, "size[0]"),
    ("size negative", lambda: F((-5, 4)), ValueError, "size[0]"),
    ("size 2**40", lambda: F((2**40, 4)), ValueError, "4294967295"),
    ("size float", lambda: F((4.5, 4)), TypeError, "size[0] must be an integer"),
    ("size string", lambda: F("64x64"), TypeError, "not str"),
    ("size too many", lambda: F((4, 4, 4), dims=2), ValueError, "a 2D field"),
    ("samples overflow", lambda: F((2**32 - 1,) * 4), ValueError, "2^60"),
    ("dims 5", lambda: F((4, 4), dims=5), ValueError, "dims=5"),
    ("field larger than memory", lambda: F((2**22, 2**22, 2**4)), MemoryError, ""),
    # positions
    ("origin NaN", lambda: F((4, 4), origin=(float("nan"), 0)), ValueError, "origin"),
    ("step inf", lambda: F((4, 4), step=float("inf")), ValueError, "step"),
    ("origin wrong length", lambda: F((4, 4), origin=(1, 2, 3)), ValueError, "origin has 3"),
    ("origin string", lambda: F((4, 4), origin="0,0"), TypeError, "origin"),
    ("origin far", lambda: F((4, 4), origin=(3e9, 0)), ValueError, ""),
    ("region negative", lambda: F((4, 4), region=(-1, 0)), ValueError, "region[0]"),
    ("region past 2^53", lambda: F((4, 4), region=(2**53 + 1, 0)), ValueError, "2^53"),
    # noise options
    ("unknown keyword", lambda: F((4, 4), octave=3), TypeError, "octave"),
    ("unknown noise", lambda: F((4, 4), noise="gabor"), ValueError, "noise='gabor'"),
    ("simplex with a period", lambda: F((4, 4), noise="simplex", period=8), ValueError,
     "simplex noise has no period"),
    ("simplex in 1D", lambda: F((4,), noise="simplex"), ValueError, "simplex noise has dims 2 to 4"),
    ("cellular metric unknown", lambda: F((4, 4), noise="cellular", distance="taxicab"),
     ValueError, "distance='taxicab': expected euclidean, euclidean2, manhattan or chebyshev"),
    ("cellular return unknown", lambda: F((4, 4), noise="cellular", returns="f3"), ValueError,
     "returns='f3'"),
    ("cellular return not a name", lambda: F((4, 4), noise="cellular", returns=1), TypeError,
     "returns"),
    ("cellular jitter above 1", lambda: F((4, 4), noise="cellular", jitter=1.5), ValueError,
     "jitter is 1.5; it must be a number from 0 to 1"),
    ("cellular jitter NaN", lambda: F((4, 4), noise="cellular", jitter=float("nan")), ValueError,
     "jitter"),
    ("cellular jitter a string", lambda: F((4, 4), noise="cellular", jitter="1"), TypeError,
     "jitter"),
    ("cellular options on improved", lambda: F((4, 4), distance="manhattan"), ValueError,
     "apply to noise='cellular'"),
    ("flow angle NaN", lambda: F((4, 4), noise="flow", angle=float("nan")), ValueError,
     "the flow angle must be a finite number"),
    ("flow angle a string", lambda: F((4, 4), noise="flow", angle="1"), TypeError, "angle"),
    ("flow advection without fbm", lambda: F((4, 4), noise="flow", advection=0.5), ValueError,
     "flow advection is a kind of fbm"),
    ("flow options on improved", lambda: F((4, 4), angle=1.0), ValueError,
     "apply to noise='flow'"),
    ("flow odd y period", lambda: F((4, 4), noise="flow", period=(2, 3)), ValueError,
     "even y periods only"),
    ("cellular gradient of cell", lambda: F((4, 4), noise="cellular", returns="cell",
                                            gradient=True), ValueError,
     "cellular noise returning cell has no gradient here"),
    ("unknown fractal", lambda: F((4, 4), fractal="fbn"), ValueError, "fractal='fbn'"),
    ("octaves 17", lambda: F((4, 4), fractal="fbm", octaves=17), ValueError, "octaves"),
    ("octaves huge", lambda: F((4, 4), fractal="fbm", octaves=2**40), ValueError, "octaves"),
    ("octaves without fractal", lambda: F((4, 4), octaves=3), ValueError, "octaves"),
    ("persistence NaN", lambda: F((4, 4), fractal="fbm", persistence=float("nan")),
     ValueError, "persistence"),
    ("lacunarity zero", lambda: F((4, 4), fractal="fbm", lacunarity=0), ValueError,
     "lacunarity"),
    ("period 300", lambda: F((4, 4), period=300), ValueError, "period[0]"),
    ("warp negative", lambda: F((4, 4), warp=-1), ValueError, "warp"),
    ("gradient with ridged", lambda: F((4, 4), fractal="ridged", gradient=True), ValueError,
     "gradient"),
    ("balanced in 3D", lambda: F((4, 4, 4), noise="improved4-balanced"), ValueError, ""),
    ("interpolation on improved", lambda: F((4, 4), interpolation="cubic"), ValueError,
     "value"),
    ("noise wrong type", lambda: F((4, 4), noise=3), TypeError, "noise must be"),
    # tables
    ("seed negative", lambda: F((4, 4), seed=-1), ValueError, "seed"),
    ("seed 2**64", lambda: F((4, 4), seed=2**64), ValueError, "seed"),
    ("permutation short", lambda: F((4, 4), permutation=list(range(255))), ValueError, ""),
    ("permutation duplicate", lambda: F((4, 4), permutation=[0] * 256), ValueError, ""),
    ("seed and permutation", lambda: F((4, 4), seed=1, permutation=list(range(256))),
     ValueError, "give one"),
    # backends
    ("unknown backend", lambda: F((4, 4), backend="cuda"), ValueError, "backend 'cuda'"),
    ("backend wrong type", lambda: F((4, 4), backend=1), TypeError, "backend must be"),
    # The library's answer for an index past its list (context_options: invalid_argument); auto
    # asks first, as the command line does, and finds no such device (no_device).
    ("missing device", lambda: F((4, 4), backend="gpu", device=99), ValueError, "device 99"),
    ("auto on a missing device", lambda: F((4, 4), device=99), RuntimeError, "device 99"),
    ("threads negative", lambda: F((4, 4), threads=-2), ValueError, "threads"),
    # out=
    ("out float64", lambda: F((4, 4), out=np.zeros((4, 4))), ValueError, "dtype float32"),
    ("out wrong shape", lambda: F((4, 4), out=np.zeros((4, 5), np.float32)), ValueError,
     "shape (4, 4)"),
    ("out not contiguous", lambda: F((4, 4), out=np.zeros((4, 8), np.float32)[:, ::2]),
     ValueError, "C-contiguous"),
    ("out Fortran order", lambda: F((4, 3), out=np.zeros((3, 4), np.float32, order="F")),
     ValueError, "C-contiguous"),
    ("out read-only", lambda: F((4, 4), out=read_only()), ValueError, "read-only"),
    ("out a list", lambda: F((2, 2), out=[[0, 0], [0, 0]]), TypeError, "NumPy array"),
    # points
    ("points 1-D", lambda: E([0.5, 0.5, 0.5]), ValueError, "shape (N, dims)"),
    ("points 5 dims", lambda: E(np.zeros((2, 5))), ValueError, "dims 1 to 4"),
    ("points NaN", lambda: E([[0.5, float("nan"), 0.5]]), ValueError, "point"),
    ("points inf (reference)", lambda: E([[0.5, float("inf"), 0.5]], backend="cpu-reference"),
     ValueError, "point"),
    ("points far", lambda: E([[3e9, 0, 0]]), ValueError, ""),
    ("points strings", lambda: E([["a", "b", "c"]]), TypeError, "real numbers"),
    ("points complex", lambda: E(np.zeros((2, 3), complex)), TypeError, "real numbers"),
    ("points ragged", lambda: E([[1, 2, 3], [1, 2]]), TypeError, "points"),
    ("points wrong dims for graph",
     lambda: E(P3, noise=vknoise.Graph.from_json(ok_graph)), ValueError, "graph's dims"),
    ("points NaN on GPU", lambda: E([[float("nan"), 0, 0]], backend="gpu"), ValueError,
     "point"),
    # graphs
    ("graph invalid JSON", lambda: vknoise.Graph.from_json("{not json"), ValueError, ""),
    ("graph unknown node kind", lambda: vknoise.Graph.from_json(
        ok_graph.replace('"kind": "noise"', '"kind": "simplex"')), ValueError, "simplex"),
    ("graph missing file", lambda: vknoise.Graph.load("/nonexistent/graph.json"),
     RuntimeError, "graph.json"),
    ("graph with noise options",
     lambda: F((4, 4), noise=vknoise.Graph.from_json(ok_graph), fractal="fbm"), ValueError,
     "does not apply with a graph"),
    ("graph dims mismatch", lambda: F((4, 4, 4), dims=3, noise=vknoise.Graph.from_json(
        ok_graph)), ValueError, "graph's dims"),
    ("graph curl of 2D", lambda: vknoise.Graph.from_json(ok_graph).with_outputs("curl"),
     ValueError, ""),
    ("graph unknown outputs", lambda: vknoise.Graph.from_json(ok_graph).with_outputs("div"),
     ValueError, "outputs='div'"),
    ("graph load wrong type", lambda: vknoise.Graph.load(42), TypeError, ""),
    # pnoise
    ("pnoise repeat 300", lambda: vknoise.pnoise3(0.5, 0.5, 0.5, repeatx=300), ValueError,
     "repeatx=300"),
    ("pnoise octaves 0", lambda: vknoise.pnoise3(0.5, 0.5, 0.5, octaves=0), ValueError,
     "octaves"),
    ("pnoise shapes", lambda: vknoise.pnoise3(np.zeros(3), np.zeros(4), 0.5), ValueError, ""),
    ("pnoise string", lambda: vknoise.pnoise2("a", 0.5), TypeError, "real numbers"),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_bad_input_raises(case, gpu):
    _, call, exception, message = case
    if "GPU" in case[0]:
        call = lambda: E([[float("nan"), 0, 0]], backend=gpu)  # noqa: E731 (validated GPU)
    with pytest.raises(exception) as raised:
        call()
    assert message in str(raised.value)
    assert type(raised.value) is exception or exception is not ValueError


def test_the_battery_is_large_enough():
    assert len(CASES) >= 30


def test_library_messages_reach_python():
    with pytest.raises(ValueError, match="dims"):
        vknoise.eval(np.zeros((1, 2)), noise="improved4-balanced")
    with pytest.raises(ValueError, match="2\\^31|point"):
        vknoise.eval([[2.0**40, 0.0, 0.0]], backend="cpu-reference")
    g = vknoise.Graph.load(graph_path("lava.json"))
    assert vknoise.field((4, 4), origin=(0, 0, 0.4), noise=g).shape[1:3] == (4, 4)


def test_graph_files_that_are_not_regular_files_are_refused_at_once(tmp_path):
    # A FIFO with no writer would block an ordinary open() forever; a directory and a device are
    # not graphs. Each is refused at once with the file's name and what it is.
    fifo = tmp_path / "graph.json"
    os.mkfifo(fifo)
    for path, what in ((fifo, "FIFO"), (tmp_path, "directory"), ("/dev/zero", "device")):
        with pytest.raises(RuntimeError, match=what):
            vknoise.Graph.load(str(path))


def test_a_deeply_nested_graph_is_refused_not_a_crash():
    with pytest.raises(ValueError, match="nests deeper than 64 levels"):
        vknoise.Graph.from_json("[" * 100000 + "]" * 100000)
