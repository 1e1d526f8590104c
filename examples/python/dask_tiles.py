#!/usr/bin/python3
"""A field larger than any one worker, rendered in tiles on a dask.distributed cluster and written
to Zarr: a LocalCluster here, the same code on Slurm or Kubernetes (docs/tiling.md).

    PYTHONPATH=build/python /usr/bin/python3 examples/python/dask_tiles.py [out.zarr]
"""

import sys

import dask.array as da
import numpy as np
from distributed import Client, LocalCluster

import vknoise
import vknoise.dask


def main(store="dask_tiles.zarr"):
    # Workers are processes: they import vknoise from PYTHONPATH like this one.
    with LocalCluster(n_workers=2, threads_per_worker=1, memory_limit="512MiB",
                      dashboard_address=None) as cluster, Client(cluster) as client:
        # 768x768x256 float32 (576 MiB): blocks of 128 z-slices x 384 rows, one region each.
        field = vknoise.dask.field((768, 768, 256), chunks=(128, 384, 768), step=1 / 64,
                                   fractal="fbm", octaves=4, seed=7, backend="cpu")
        print(f"{field.shape} in {field.npartitions} blocks, on {client}")
        vknoise.dask.to_zarr(field, store, overwrite=True)

    back = da.from_zarr(store)
    # Any block equals the same region rendered on its own, bit for bit.
    block = vknoise.field((100, 50, 10), step=1 / 64, fractal="fbm", octaves=4, seed=7,
                          region=(300, 600, 120), backend="cpu")
    same = np.array_equal(back[120:130, 600:650, 300:400].compute().view(np.uint32),
                          block.view(np.uint32))
    print(f"wrote {store}; a region read back equals vknoise.field(region=...): {same}")


if __name__ == "__main__":
    main(*sys.argv[1:])
