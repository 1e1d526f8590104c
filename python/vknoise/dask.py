"""vknoise.dask: fields as dask arrays, for fields larger than one machine.

A field is a pure function of its grid, so each block of a dask array is the field's region
(vknoise.field's region=, the command line's --region) at that block's place: any chunking gives
the whole field's samples bit for bit, and dask (dask.distributed on a cluster) fans the blocks
out. docs/tiling.md shows it on a cluster.
"""

import numpy as np
import dask.array as da
from dask.base import tokenize

from . import _arguments, _vknoise
from . import field as _field


def _block(size, origin, step, region, dims, options, block_info=None):
    location = block_info[None]["array-location"]
    box = [0] * dims
    start = list(region)
    for axis in range(dims):  # array axis dims-1-axis holds field axis `axis` (x last)
        begin, end = location[dims - 1 - axis]
        box[axis] = end - begin
        start[axis] += begin
    return _field(box, origin, step, dims=dims, region=start[:dims], **options)


def field(size, chunks="auto", origin=0.0, step=1 / 32, *, dims=None, region=None, **options):
    """The field vknoise.field(size, origin, step, ...) would return, as a dask array.

    chunks: dask's chunks for the field's axes, in the array's order (t, z, y, x trimmed to
    dims; "auto", sizes per axis, or explicit block sizes, even or not). A channel axis, when a
    sample has several values, is one chunk. options: vknoise.field's keywords except out=;
    backend= must be a name ("auto", "cpu", ...), which each worker opens for itself.
    """
    if "out" in options:
        raise TypeError("vknoise.dask.field has no out=: each block is its own array")
    backend = options.get("backend", "auto")
    if not isinstance(backend, str):
        raise TypeError("vknoise.dask.field takes backend= as a name ('auto', 'cpu', "
                        "'cpu-reference', 'gpu'): a vknoise.Backend stays in its process")
    unknown = set(options) - set(_FIELD_OPTIONS)
    if unknown:
        raise TypeError(f"vknoise.dask.field() got unexpected keyword arguments: "
                        f"{', '.join(sorted(unknown))}")
    # The whole field, described once here: its arguments are checked before any block runs.
    noise = {k: v for k, v in options.items() if k in _arguments.NOISE_OPTIONS + (
        "noise", "gradient")}
    spec = _arguments.field(size, origin, step, dims, region, noise, options.get("seed"),
                            options.get("permutation"))
    dims = spec.dims
    shape = spec.shape
    if spec.channels > 1 and isinstance(chunks, (tuple, list)) and len(chunks) == dims:
        chunks = tuple(chunks) + (spec.channels,)
    chunks = da.core.normalize_chunks(chunks, shape, dtype=np.float32)
    if len(chunks) > dims and len(chunks[dims]) != 1:
        raise ValueError("the channel axis must be one chunk")
    token = tokenize(size, chunks, origin, step, dims, region, {
        k: (v.json, v.outputs) if isinstance(v, _vknoise.Graph) else v
        for k, v in options.items()})
    return da.map_blocks(
        _block, dtype=np.float32, chunks=chunks, name="vknoise-field-" + token,
        meta=np.empty((0,) * len(shape), dtype=np.float32),
        size=_arguments.sizes(size, dims), origin=origin, step=step,
        region=_arguments.regions(region, dims), dims=dims, options=options)


_FIELD_OPTIONS = ("noise", "fractal", "octaves", "persistence", "lacunarity", "period",
                  "octave_offsets", "warp", "interpolation", "smooth", "distance", "returns",
                  "jitter", "angle", "advection", "gradient", "seed",
                  "permutation", "backend", "device", "threads")


def to_zarr(array, store, component=None, overwrite=False, compute=True, **kwargs):
    """Writes a dask array (a vknoise.dask.field) to Zarr: store is a path or a zarr store.

    Zarr needs chunks of one size per axis (the last may be shorter), so an array chunked
    unevenly is first rechunked to the largest chunk of each axis. Returns what
    dask.array.to_zarr returns (None, or the delayed write with compute=False).
    """
    regular = all(len(set(c[:-1])) <= 1 and (len(c) == 1 or c[-1] <= c[0])
                  for c in array.chunks)
    if not regular:
        array = array.rechunk(tuple(max(c) for c in array.chunks))
    return array.to_zarr(store, component=component, overwrite=overwrite, compute=compute,
                         **kwargs)
