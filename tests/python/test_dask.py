"""vknoise.dask on a dask.distributed LocalCluster: two worker processes, a field larger than a
worker's memory_limit, chunked unevenly, written to Zarr and read back, equals one vknoise.field
call bit for bit."""

import numpy as np
import pytest
import zarr
from distributed import Client, LocalCluster

import vknoise
import vknoise.dask
from conftest import same_bits

MEMORY_LIMIT = 400 * 2**20
SIZE = (512, 448, 480)  # x, y, z: 420 MiB of float32
OPTIONS = dict(origin=(0.5, -3.0, 7.25), step=(1 / 64, 1 / 50, 1 / 40), fractal="fbm",
               octaves=2, seed=11, backend="cpu", threads=1)


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    cluster = LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                           memory_limit=MEMORY_LIMIT, dashboard_address=None,
                           local_directory=str(tmp_path_factory.mktemp("dask")))
    client = Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_workers_import_vknoise(client):
    versions = client.run(lambda: vknoise.__version__)
    assert len(versions) == 2 and set(versions.values()) == {vknoise.__version__}


def test_cluster_field_to_zarr_is_the_whole_field(client, tmp_path):
    assert np.prod(SIZE) * 4 > MEMORY_LIMIT
    chunks = ((100, 140, 140, 100), (200, 248), (64, 200, 137, 111))  # (z, y, x), uneven
    field = vknoise.dask.field(SIZE, chunks=chunks, **OPTIONS)
    assert field.shape == SIZE[::-1] and field.chunks == chunks
    store = str(tmp_path / "field.zarr")
    vknoise.dask.to_zarr(field, store)
    back = zarr.open(store, mode="r")[...]
    whole = vknoise.field(SIZE, **OPTIONS)
    assert same_bits(back, whole)


def test_any_chunking_gives_the_same_samples(client):
    small = (40, 30, 20)
    whole = vknoise.field(small, gradient=True, backend="cpu")
    for chunks in ["auto", (7, 11, 13), ((3, 17), (1, 29), (40,))]:
        tiled = vknoise.dask.field(small, chunks=chunks, gradient=True, backend="cpu")
        assert same_bits(tiled.compute(), whole)
