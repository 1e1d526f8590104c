"""pnoise1..4: the `noise` package's call style over vknoise's Improved Noise."""

import numpy as np

import vknoise
from conftest import cli_eval, same_bits


def grid3(count=30, seed=2):
    rng = np.random.default_rng(seed)
    return rng.uniform(-20, 20, size=(3, count))


def test_pnoise3_is_improved_noise3():
    x, y, z = grid3()
    p = np.stack([x, y, z], axis=-1)
    reference = cli_eval(p, "--dims", 3, "--backend", "cpu-reference")[:, 0]
    assert same_bits(vknoise.pnoise3(x, y, z, backend="cpu-reference"), reference)
    fast = cli_eval(p, "--dims", 3, "--backend", "cpu")[:, 0]
    assert same_bits(vknoise.pnoise3(x, y, z, backend="cpu"), fast)
    # Perlin's reference value, the one his Java program prints.
    assert vknoise.pnoise3(3.14, 42.0, 7.0, backend="cpu-reference") == 0.13691995878400012


def test_scalars_give_floats_and_arrays_broadcast():
    value = vknoise.pnoise3(0.5, 0.25, 0.125)
    assert isinstance(value, float)
    x = np.linspace(0, 4, 5)
    y = np.linspace(0, 3, 4)[:, None]
    values = vknoise.pnoise3(x, y, 0.5)
    assert values.shape == (4, 5)
    assert values[2, 3] == vknoise.pnoise3(x[3], y[2, 0], 0.5)


def test_octaves_are_normalised_fbm():
    x, y, z = grid3()
    p = np.stack([x, y, z], axis=-1)
    fbm = vknoise.eval(p, fractal="fbm", octaves=3, persistence=0.4, lacunarity=2.5,
                       backend="cpu")
    assert same_bits(vknoise.pnoise3(x, y, z, octaves=3, persistence=0.4, lacunarity=2.5,
                                     backend="cpu"), fbm)


def test_repeat_is_the_period_and_multiples_of_256_are_none():
    x, y, z = grid3()
    assert same_bits(vknoise.pnoise3(x, y, z, repeatx=1024, repeaty=512),
                     vknoise.pnoise3(x, y, z))
    x = np.arange(0.25, 10, 0.5)
    assert same_bits(vknoise.pnoise3(x, 0.3, 0.7, repeatx=4),
                     vknoise.pnoise3(x + 16, 0.3, 0.7, repeatx=4))


def test_base_picks_a_seeded_table():
    x, y, z = grid3()
    p = np.stack([x, y, z], axis=-1)
    assert same_bits(vknoise.pnoise3(x, y, z, base=5, backend="cpu"),
                     vknoise.eval(p, seed=5, backend="cpu"))
    assert not np.array_equal(vknoise.pnoise3(x, y, z, base=5), vknoise.pnoise3(x, y, z))


def test_other_dims():
    x = np.linspace(-3, 3, 13)
    assert same_bits(vknoise.pnoise1(x, backend="cpu"),
                     vknoise.eval(x[:, None], backend="cpu"))
    assert same_bits(vknoise.pnoise2(x, 0.5, backend="cpu"),
                     vknoise.eval(np.stack([x, np.full_like(x, 0.5)], -1), backend="cpu"))
    assert same_bits(vknoise.pnoise4(x, 0.5, 0.25, 0.125, backend="cpu"),
                     vknoise.eval(np.stack([x] + [np.full_like(x, v) for v in (0.5, 0.25, 0.125)],
                                           -1), backend="cpu"))
