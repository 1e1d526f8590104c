"""Keyword arguments as the compiled core takes them.

Python's conventions are applied here (TypeError for a value of the wrong type, ValueError for
one out of its range, with the option's name); what a value means is the library's business, and
its own checks (vknoise::validate) give the remaining ValueErrors with its messages.
"""

import operator

import numpy as np

from . import _vknoise

UINT32_MAX = 2**32 - 1
UINT64_MAX = 2**64 - 1


def integer(name, value, low, high, expected):
    """`value` as an int in [low, high]: TypeError for a non-integer, ValueError outside."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an integer, not bool")
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an integer, not {type(value).__name__}") from None
    if not low <= number <= high:
        raise ValueError(f"{name}={number}: expected {expected}")
    return number


def real(name, value):
    """`value` as a float (NaN and infinities pass: the library names them)."""
    if isinstance(value, (str, bytes)) or value is None:
        raise TypeError(f"{name} must be a number, not {type(value).__name__}")
    try:
        return float(value)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a number, not {type(value).__name__}") from None


def sequence(name, value):
    """A list of the values of a sequence or 1-D array, or None for a scalar."""
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be a number or a sequence of numbers, not str")
    if isinstance(value, np.ndarray):
        if value.ndim == 0:
            return None
        if value.ndim != 1:
            raise ValueError(f"{name} must be one-dimensional, not shape {value.shape}")
        return value.tolist()
    if isinstance(value, (list, tuple)):
        return list(value)
    return None


def dims_of(dims, size, graph):
    """The field's dims: given, the graph's, or as many as the sizes."""
    if dims is not None:
        return integer("dims", dims, 1, 4, "1, 2, 3 or 4")
    if graph is not None:
        return graph.dims
    sizes = sequence("size", size)
    return 1 if sizes is None else max(1, min(len(sizes), 4))


def sizes(size, dims):
    """size as (x, y, z, t), missing sizes 1, like --size NXxNY[xNZ[xNT]]."""
    values = sequence("size", size)
    values = [size] if values is None else values
    if not 1 <= len(values) <= dims:
        raise ValueError(f"size has {len(values)} entries; a {dims}D field has 1 to {dims}")
    out = [integer(f"size[{a}]", v, 1, UINT32_MAX, "an integer in [1, 4294967295]")
           for a, v in enumerate(values)]
    return out + [1] * (4 - len(out))


def vector(name, value, dims, default, allow_single=True):
    """One number for every axis, or exactly dims numbers (dims 4 also takes x, y, z)."""
    values = sequence(name, value)
    if values is None:
        if not allow_single:
            raise TypeError(f"{name} must be a sequence of {dims} numbers")
        return [real(name, value)] * 4
    fewest = 3 if dims == 4 else dims
    if not fewest <= len(values) <= dims:
        raise ValueError(f"{name} has {len(values)} entries; expected one number or {dims}")
    out = [real(f"{name}[{a}]", v) for a, v in enumerate(values)]
    return out + [default] * (4 - len(out))


def regions(region, dims):
    """region as --region X0[,Y0[,Z0[,T0]]]: the box's first global sample index per axis."""
    if region is None:
        return [0, 0, 0, 0]
    values = sequence("region", region)
    values = [region] if values is None else values
    if len(values) > dims:
        raise ValueError(f"region has {len(values)} entries; a {dims}D field has 1 to {dims}")
    out = [integer(f"region[{a}]", v, 0, UINT64_MAX, "a non-negative integer")
           for a, v in enumerate(values)]
    return out + [0] * (4 - len(out))


def periods(period):
    """period: 0 (none) or 1..256 for every axis, or one per axis."""
    if period is None:
        return [0, 0, 0, 0]
    values = sequence("period", period)
    values = [period] if values is None else values
    if len(values) > 4:
        raise ValueError(f"period has {len(values)} entries; expected 1 to 4")
    out = [integer(f"period[{a}]", v, 0, 256, "0 (none) or an integer 1 to 256")
           for a, v in enumerate(values)]
    return out * 4 if len(out) == 1 else out + [0] * (4 - len(out))


NOISE_OPTIONS = ("fractal", "octaves", "persistence", "lacunarity", "period", "octave_offsets",
                 "warp", "interpolation", "smooth", "distance", "returns", "jitter",
                 "angle", "advection")


def noise(noise="improved", fractal=None, octaves=None, persistence=None, lacunarity=None,
          period=None, octave_offsets=False, warp=None, interpolation=None, smooth=False,
          distance=None, returns=None, jitter=None, angle=None, advection=None, gradient=False):
    """A NoiseSpec from the noise options, or the Graph given as noise= (its gradient with
    gradient=True); every other noise option is an error with a graph."""
    if isinstance(noise, _vknoise.Graph):
        given = dict(fractal=fractal, octaves=octaves, persistence=persistence,
                     lacunarity=lacunarity, period=period, octave_offsets=octave_offsets,
                     warp=warp, interpolation=interpolation, smooth=smooth,
                     distance=distance, returns=returns, jitter=jitter, angle=angle,
                     advection=advection)
        for name in NOISE_OPTIONS:
            if given[name] not in (None, False):
                raise ValueError(f"{name}= does not apply with a graph: the graph says what a "
                                 "sample is")
        return noise.with_outputs("gradient") if gradient else noise
    if not isinstance(noise, str):
        raise TypeError(f"noise must be a name or a vknoise.Graph, not {type(noise).__name__}")
    for name, value in (("fractal", fractal), ("interpolation", interpolation),
                        ("distance", distance), ("returns", returns)):
        if value is not None and not isinstance(value, str):
            raise TypeError(f"{name} must be a name, not {type(value).__name__}")
    return _vknoise.NoiseSpec(
        noise=noise, fractal=fractal,
        octaves=None if octaves is None else integer("octaves", octaves, -2**31, 2**31 - 1,
                                                     "an integer 1 to 16"),
        persistence=None if persistence is None else real("persistence", persistence),
        lacunarity=None if lacunarity is None else real("lacunarity", lacunarity),
        period=periods(period), octave_offsets=bool(octave_offsets), gradient=bool(gradient),
        warp=None if warp is None else real("warp", warp),
        interpolation=interpolation, smooth=bool(smooth), distance=distance, returns=returns,
        jitter=None if jitter is None else real("jitter", jitter),
        angle=None if angle is None else real("angle", angle),
        advection=None if advection is None else real("advection", advection))


def table(seed=None, permutation=None):
    """--seed N (Perlin's table without one) or --permutation's 256 values."""
    if seed is not None:
        seed = integer("seed", seed, 0, UINT64_MAX, "an integer in [0, 2**64 - 1]")
    if permutation is not None:
        values = sequence("permutation", permutation)
        if values is None:
            raise TypeError("permutation must be a sequence of 256 integers")
        permutation = [integer(f"permutation[{i}]", v, -2**31, 2**31 - 1, "0 to 255")
                       for i, v in enumerate(values)]
    return _vknoise.Table(seed=seed, permutation=permutation)


def backend(backend, device=None, threads=0):
    """The Backend a call computes on: the one given, or the shared one its name chooses."""
    if isinstance(backend, _vknoise.Backend):
        if device is not None or threads:
            raise ValueError("device= and threads= are the Backend's when backend= is one")
        return backend
    if not isinstance(backend, str):
        raise TypeError("backend must be 'auto', 'cpu', 'cpu-reference', 'gpu' or a "
                        f"vknoise.Backend, not {type(backend).__name__}")
    if device is not None:
        device = integer("device", device, 0, UINT32_MAX, "a device index (0, 1, ...)")
    threads = integer("threads", threads, 0, UINT32_MAX, "a thread count (0: every core)")
    return _vknoise._shared_backend(backend, device, threads)


def field(size, origin, step, dims, region, noise_options, seed, permutation):
    """The _vknoise.Field the arguments of vknoise.field describe."""
    graph = noise_options.get("noise")
    graph = graph if isinstance(graph, _vknoise.Graph) else None
    dims = dims_of(dims, size, graph)
    return _vknoise.Field(
        dims=dims, size=sizes(size, dims), origin=vector("origin", origin, dims, 0.0),
        step=vector("step", step, dims, 1.0 / 32), region=regions(region, dims),
        noise=noise(**noise_options), table=table(seed, permutation))


def points(values):
    """(N, dims) C-contiguous: a C-contiguous float32 array as it is (the fast CPU path reads it
    without converting; the other paths widen it), else float64 converted as NumPy converts
    (lists, other real dtypes, strided arrays are copied); complex numbers and a wrong shape are
    refused."""
    try:
        array = np.asarray(values)
    except (TypeError, ValueError) as e:
        raise TypeError(f"points must be an array of numbers: {e}") from None
    if array.dtype.kind not in "biuf":
        raise TypeError(f"points must be real numbers, not dtype {array.dtype}")
    if array.ndim != 2 or not 1 <= array.shape[1] <= 4:
        raise ValueError(f"points must have shape (N, dims) with dims 1 to 4, not {array.shape}")
    if array.dtype == np.float32 and array.flags.c_contiguous:
        return array
    return np.ascontiguousarray(array, dtype=np.float64)

