#!/usr/bin/python3
"""A terrain heightmap: ridged multifractal improved noise, 512x512, shaded and saved as a PNG.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/terrain_heightmap.py [out.png]
"""

import sys

import matplotlib

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.colors import LightSource  # noqa: E402

import vknoise  # noqa: E402


def main(path="terrain_heightmap.png"):
    # dims 2: a (y, x) array. ridged sums 6 octaves of |noise| folded into ridges (docs/noise.md).
    heights = vknoise.field((512, 512), origin=(3.0, 1.0), step=1 / 128, fractal="ridged",
                            octaves=6, seed=42)
    shaded = LightSource(azdeg=315, altdeg=40).shade(heights, cmap=plt.cm.terrain,
                                                     vert_exag=40, blend_mode="soft")
    fig, ax = plt.subplots(figsize=(6, 6), dpi=100)
    ax.imshow(shaded, origin="lower")
    ax.set_title(f"ridged fBm, 6 octaves, seed 42 ({heights.dtype}, {heights.shape})")
    ax.axis("off")
    fig.savefig(path, bbox_inches="tight")
    print(f"wrote {path}: heights from {heights.min():.3f} to {heights.max():.3f}")


if __name__ == "__main__":
    main(*sys.argv[1:])
