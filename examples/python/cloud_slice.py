#!/usr/bin/python3
"""A cloud slice: one z slice of the clouds graph (graphs/clouds.json), and beside it the same
slice of 3D fBm from pnoise3, the `noise` package's call style, on a NumPy grid.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/cloud_slice.py [out.png]
"""

import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import vknoise  # noqa: E402

GRAPHS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "graphs")


def main(path="cloud_slice.png"):
    clouds = vknoise.Graph.load(os.path.join(GRAPHS, "clouds.json"))
    # A 384x256 slice at z = 0.4 of a 3D graph: shape (1, 256, 384[, channels]).
    density = vknoise.field((384, 256), origin=(0, 0, 0.4), step=1 / 128, noise=clouds)
    density = density[0] if density.ndim == 3 else density[0, ..., 0]

    x = np.arange(384) / 128
    y = np.arange(256)[:, None] / 128
    fbm = vknoise.pnoise3(x, y, 0.4, octaves=5, persistence=0.5, lacunarity=2.0)

    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 3.6), dpi=100)
    a.imshow(density, cmap="Blues_r", origin="lower")
    a.set_title(f"graphs/clouds.json ({clouds.contract})")
    b.imshow(fbm, cmap="gray", origin="lower")
    b.set_title("pnoise3, 5 octaves")
    for ax in (a, b):
        ax.axis("off")
    fig.savefig(path, bbox_inches="tight")
    print(f"wrote {path}")


if __name__ == "__main__":
    main(*sys.argv[1:])
