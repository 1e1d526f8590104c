"""vknoise.check: `vknoise check` from Python, a field on the GPU against the CPU."""

from dataclasses import dataclass

import numpy as np

from . import _arguments, _vknoise

# The GPU computes in float on reduced coordinates: against the double reference it may differ
# by float rounding, far below this (the command line's tolerance).
TOLERANCE = 1e-5

# The command line's default sizes per dims.
_DEFAULT_SIZES = {1: (65536,), 2: (256, 256), 3: (256, 256), 4: (64, 64, 4, 4)}


@dataclass(frozen=True)
class CheckResult:
    """What check() found. ok: within TOLERANCE of the reference (built-in noise), bit-identical
    to the float mirror (an exact graph), or within the graph's bound (a bounded graph)."""

    count: int
    max_difference_to_reference: float
    max_difference_to_mirror: float
    identical_to_mirror: int
    contract: str  # "tolerance", "exact" or "bounded"
    ok: bool


def _max_difference(a, b):
    d = np.abs(a.astype(np.float64) - b)
    return float("inf") if np.isnan(d).any() else float(d.max(initial=0.0))


def check(size=None, origin=0.0, step=1 / 32, *, dims=None, noise="improved", fractal=None,
          octaves=None, persistence=None, lacunarity=None, period=None, octave_offsets=False,
          warp=None, interpolation=None, smooth=False, distance=None, returns=None, jitter=None,
          angle=None, advection=None, gradient=False, seed=None, permutation=None, region=None,
          backend="gpu", device=None):
    """Renders one field on the GPU and on the CPU (the double reference and the float mirror)
    and compares them, as `vknoise check` does (default size: 256x256, 65536 in 1D, 64x64x4x4
    in 4D). backend: "gpu" or a vknoise.Backend of kind gpu (e.g. with validation). Returns a
    CheckResult; raises RuntimeError without a device."""
    graph = noise if isinstance(noise, _vknoise.Graph) else None
    if size is None:
        dims = _arguments.dims_of(dims, (1, 1, 1), graph)
        size = _DEFAULT_SIZES[dims]
    spec = _arguments.field(size, origin, step, dims, region, dict(
        noise=noise, fractal=fractal, octaves=octaves, persistence=persistence,
        lacunarity=lacunarity, period=period, octave_offsets=octave_offsets, warp=warp,
        interpolation=interpolation, smooth=smooth, distance=distance, returns=returns,
        jitter=jitter, angle=angle, advection=advection, gradient=gradient), seed, permutation)
    gpu = _arguments.backend(backend, device)
    if gpu.kind != "gpu":
        raise ValueError(f"check compares the GPU with the CPU; backend is {gpu.kind}")
    values = _vknoise.fill(gpu, spec)
    reference = _vknoise.fill_reference(spec)
    mirror = _vknoise.fill_mirror(spec)
    identical = int(np.count_nonzero(values.view(np.uint32) == mirror.view(np.uint32)))
    to_reference = _max_difference(values, reference)
    count = values.size
    if graph is None:
        contract, ok = "tolerance", to_reference <= TOLERANCE
    elif graph.contract == "exact":
        contract, ok = "exact", identical == count
    else:
        contract, ok = "bounded", to_reference <= graph.bound
    return CheckResult(count, to_reference, _max_difference(values, mirror), identical, contract,
                       ok)
