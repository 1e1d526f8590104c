"""vknoise.Graph: loaded or parsed, usable wherever a noise is, and across processes."""

import pickle

import numpy as np

import vknoise
from conftest import graph_path, render_npy, same_bits


def test_load_and_from_json_are_the_same_graph():
    with open(graph_path("terraced_terrain.json")) as f:
        text = f.read()
    loaded = vknoise.Graph.load(graph_path("terraced_terrain.json"))
    parsed = vknoise.Graph.from_json(text)
    assert (loaded.dims, loaded.channels, loaded.output_names) == (
        parsed.dims, parsed.channels, parsed.output_names)
    a = vknoise.field((20, 10), noise=loaded, step=0.01, backend="cpu")
    b = vknoise.field((20, 10), noise=parsed, step=0.01, backend="cpu")
    assert same_bits(a, b)
    assert loaded.contract in ("exact", "bounded")


def test_gradient_of_a_graph_equals_render(tmp_path):
    g = vknoise.Graph.load(graph_path("terrain.json"))
    values = vknoise.field((12, 8), noise=g, gradient=True, step=0.02, backend="cpu")
    assert values.shape[-1] == g.channels * (1 + g.dims)
    expected = render_npy(tmp_path, "--graph", graph_path("terrain.json"), "--gradient",
                          "--size", "12x8", "--step", 0.02, "--backend", "cpu")
    assert same_bits(values, expected)


def test_pickle_round_trip_keeps_the_graph():
    g = vknoise.Graph.load(graph_path("lava.json")).with_outputs("gradient")
    copy = pickle.loads(pickle.dumps(g))
    assert copy.outputs == "gradient" and copy.channels == g.channels
    a = vknoise.field((9, 7), origin=(0, 0, 0.4), noise=g, backend="cpu")
    b = vknoise.field((9, 7), origin=(0, 0, 0.4), noise=copy, backend="cpu")
    assert same_bits(a, b)


def test_curl_has_three_channels():
    g = vknoise.Graph.from_json(
        '{"dims": 3, "nodes": {"p": {"kind": "position"},'
        ' "a": {"kind": "noise", "at": "p"},'
        ' "o": {"kind": "offset", "in": "p", "by": [10, 20, 30]},'
        ' "b": {"kind": "noise", "at": "o"},'
        ' "q": {"kind": "offset", "in": "p", "by": [-7, 3, 11]},'
        ' "c": {"kind": "noise", "at": "q"}},'
        ' "outputs": {"x": "a", "y": "b", "z": "c"}}')
    curl = g.with_outputs("curl")
    values = vknoise.eval(np.array([[0.1, 0.2, 0.3], [1.5, 2.5, 3.5]]), noise=curl,
                          backend="cpu")
    assert values.shape == (2, 3)
