"""pnoise1..4: the `noise` package's call style over vknoise's Improved Noise, vectorised.

The `noise` package (python3-noise) computes Perlin's improved noise with Perlin's table, but its
own hashing of the lattice corners, so its values differ from these; the arguments mean:
  octaves, persistence, lacunarity  its fBm: sum(persistence^o * noise(p * lacunarity^o)) divided
      by sum(persistence^o): here fractal="fbm" (normalised, docs/noise.md), or no fractal at
      octaves=1, which is exactly the improved noise of noise.hpp (noise3 for pnoise3).
  repeatx.. (default 1024)  the lattice period per axis (each octave's scaled by
      lacunarity^o, as here). Its lattice wraps at 256 anyway, so a multiple of 256 is no period
      (period 0); 1 to 256 are period=; other values are refused (ValueError). With a period the
      lacunarity must be an integer.
  base  shifts its lattice by `base` cells along x in every octave; here base picks the
      permutation table: 0 is Perlin's table, any other base the table vknoise shuffles from
      seed=base. Either way each base is a different noise, and base=0 is the familiar one.
"""

import numpy as np

from . import _arguments, _vknoise


def _period(name, repeat):
    if repeat is None:
        return 0
    value = _arguments.integer(name, repeat, 1, 2**63 - 1, "a positive integer")
    if value % 256 == 0:
        return 0
    if value > 256:
        raise ValueError(f"{name}={value}: vknoise's periods are 1 to 256 (or multiples of 256, "
                         "which are no period)")
    return value


def _coordinate(name, value):
    array = np.asarray(value)
    if array.dtype.kind not in "biuf":
        raise TypeError(f"{name} must be real numbers, not dtype {array.dtype}")
    return array.astype(np.float64, copy=False)


def _pnoise(coordinates, octaves, persistence, lacunarity, repeats, base, backend):
    names = "xyzw"
    arrays = np.broadcast_arrays(*[_coordinate(names[a], c) for a, c in enumerate(coordinates)])
    shape = arrays[0].shape
    points = np.stack([a.ravel() for a in arrays], axis=-1)
    octaves = _arguments.integer("octaves", octaves, 1, 16, "an integer 1 to 16")
    spec = _arguments.noise(
        fractal="fbm" if octaves > 1 else None, octaves=octaves,
        persistence=persistence if octaves > 1 else None,
        lacunarity=lacunarity if octaves > 1 else None,
        period=[_period(f"repeat{names[a]}", r) for a, r in enumerate(repeats)])
    base = _arguments.integer("base", base, 0, _arguments.UINT64_MAX, "a non-negative integer")
    table = _arguments.table(seed=base if base else None)
    values = _vknoise.eval(_arguments.backend(backend), spec, points, table)
    return float(values[0]) if shape == () else values.reshape(shape)


def pnoise1(x, octaves=1, persistence=0.5, lacunarity=2.0, repeat=1024, base=0, *,
            backend="auto"):
    """1D improved noise (gradients +-1) at x, an array or a number (then a float)."""
    return _pnoise((x,), octaves, persistence, lacunarity, (repeat,), base, backend)


def pnoise2(x, y, octaves=1, persistence=0.5, lacunarity=2.0, repeatx=1024, repeaty=1024,
            base=0, *, backend="auto"):
    """Perlin's ImprovedNoise2D at (x, y), broadcast together (numbers: a float)."""
    return _pnoise((x, y), octaves, persistence, lacunarity, (repeatx, repeaty), base, backend)


def pnoise3(x, y, z, octaves=1, persistence=0.5, lacunarity=2.0, repeatx=1024, repeaty=1024,
            repeatz=1024, base=0, *, backend="auto"):
    """Perlin's Improved Noise (2002) at (x, y, z), broadcast together (numbers: a float)."""
    return _pnoise((x, y, z), octaves, persistence, lacunarity, (repeatx, repeaty, repeatz),
                   base, backend)


def pnoise4(x, y, z, w, octaves=1, persistence=0.5, lacunarity=2.0, repeatx=1024, repeaty=1024,
            repeatz=1024, repeatw=1024, base=0, *, backend="auto"):
    """4D improved noise (noise.hpp's noise4) at (x, y, z, w), broadcast together."""
    return _pnoise((x, y, z, w), octaves, persistence, lacunarity,
                   (repeatx, repeaty, repeatz, repeatw), base, backend)
