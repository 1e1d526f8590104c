"""vknoise: Ken Perlin's Improved Noise on the GPU (Vulkan compute) and the CPU, with the exact
CPU reference behind the same call.

    >>> import vknoise
    >>> heights = vknoise.field((256, 256), step=1 / 64, fractal="fbm", backend="cpu")
    >>> heights.shape            # (y, x): the axes t, z, y, x trimmed to the field's dims
    (256, 256)

The API is documented in docs/python.md; keyword names are the command line's flags (--octaves:
octaves=). Every call computes through a backend created once and reused; the GIL is released
while it computes. Errors: ValueError for bad arguments (with the library's message), TypeError for
arguments of the wrong type, RuntimeError for device failures, MemoryError when memory runs out.
Ctrl-C stops a long fill or eval within half a second (KeyboardInterrupt); at interpreter exit,
calls still running in other threads are stopped (RuntimeError in those threads); a forked child
makes its own backends (docs/python.md, "Interrupts, fork and exit").
"""

import atexit
import os

from . import _arguments, _vknoise
from ._check import CheckResult, check
from ._pnoise import pnoise1, pnoise2, pnoise3, pnoise4
from ._vknoise import Backend, Graph, __version__, devices

__all__ = ["Backend", "CheckResult", "Graph", "__version__", "check", "devices", "eval", "field",
           "pnoise1", "pnoise2", "pnoise3", "pnoise4"]

# At exit, calls still running in other threads stop and the shared backends go, while the
# interpreter still runs, not in the static destructors after it (docs/python.md, "Exit").
atexit.register(_vknoise._shutdown)
# A forked child's pools make their own backends; this notes the child's main thread, which runs
# the signal handlers during its calls (docs/python.md, "fork").
os.register_at_fork(after_in_child=_vknoise._after_fork_in_child)


def field(size, origin=0.0, step=1 / 32, *, dims=None, noise="improved", fractal=None,
          octaves=None, persistence=None, lacunarity=None, period=None, octave_offsets=False,
          warp=None, interpolation=None, smooth=False, distance=None, returns=None, jitter=None,
          angle=None, advection=None, gradient=False, seed=None, permutation=None, region=None,
          backend="auto", device=None, threads=0, out=None):
    """A field of noise: a regular grid of samples, as `vknoise render` computes it.

    size: samples per axis, (nx[, ny[, nz[, nt]]]) or one int; missing sizes are 1.
    origin, step: one number for every axis or one per axis; sample i on an axis is at
        origin + (region + i) * step.
    dims: coordinates per sample, 1 to 4 (default: the graph's, else len(size)).
    noise: "improved" (default), "improved4-balanced", "classic", "value", "simplex",
        "cellular", "flow", or a vknoise.Graph.
    fractal, octaves, persistence, lacunarity, period, octave_offsets, warp, interpolation,
    smooth, gradient: as the command line's --fractal ... --gradient (docs/noise.md).
    distance, returns, jitter: cellular noise's --cellular-distance, --cellular-return and
        --cellular-jitter ("returns" because "return" is Python's keyword).
    angle, advection: flow noise's --flow-angle (radians) and --flow-advection.
    seed / permutation: the permutation table (default Perlin's): shuffled from a 64-bit seed,
        or 256 values.
    region: the first global sample index per axis (--region): any tiling of a grid into
        regions gives the whole field's samples bit for bit.
    backend: "auto" (the GPU when the device is a discrete or integrated GPU, else the fast CPU
        path), "cpu", "cpu-reference", "gpu", or a vknoise.Backend; device, threads: its
        Vulkan device index and CPU thread count.
    out: a C-contiguous, writeable float32 array of the result's shape, written in place and
        returned.

    Returns a float32 array of shape (nt, nz, ny, nx) trimmed to dims (dims 2: (ny, nx)), with
    a trailing channel axis when a sample has several values (gradient=True: the value, then
    d/dx, d/dy, ...; a graph's outputs).
    """
    spec = _arguments.field(size, origin, step, dims, region, dict(
        noise=noise, fractal=fractal, octaves=octaves, persistence=persistence,
        lacunarity=lacunarity, period=period, octave_offsets=octave_offsets, warp=warp,
        interpolation=interpolation, smooth=smooth, distance=distance, returns=returns,
        jitter=jitter, angle=angle, advection=advection, gradient=gradient), seed, permutation)
    return _vknoise.fill(_arguments.backend(backend, device, threads), spec, out)


def eval(points, *, noise="improved", fractal=None, octaves=None, persistence=None,
         lacunarity=None, period=None, octave_offsets=False, warp=None, interpolation=None,
         smooth=False, distance=None, returns=None, jitter=None, angle=None, advection=None,
         gradient=False, seed=None, permutation=None, backend="auto", device=None, threads=0):
    """Noise at scattered points, as `vknoise eval` computes it (the batched points paths).

    points: an array of shape (N, dims), dims 1 to 4, of anything NumPy converts to float64
        (lists, strided arrays: copied). A C-contiguous float32 array is read as it is: the
        values are those of the same points in float64 (each float32 is a float64 exactly),
        and backend "cpu" computes them without a converted copy. The options are field()'s.

    Returns float64 of shape (N,), or (N, channels) when a sample has several values:
    cpu-reference's doubles unrounded, the float paths' (cpu, gpu) float32 values widened.
    """
    pts = _arguments.points(points)
    spec = _arguments.noise(noise=noise, fractal=fractal, octaves=octaves,
                            persistence=persistence, lacunarity=lacunarity, period=period,
                            octave_offsets=octave_offsets, warp=warp,
                            interpolation=interpolation, smooth=smooth, distance=distance,
                            returns=returns, jitter=jitter, angle=angle, advection=advection,
                            gradient=gradient)
    return _vknoise.eval(_arguments.backend(backend, device, threads), spec, pts,
                         _arguments.table(seed, permutation))

