#!/usr/bin/env python3
"""cloud_pictures.py CLOUDS.png CLEAR.png: checks a screenshot of the baked clouds against the same
view with a clear sky (a weather map of no coverage), as `vknoise view --mode clouds --textures`
draws them. Asserts that:
  the two have the same size, and the ground (the bottom 8% of rows, below the horizon) is equal
  within one level: the clouds only change the sky;
  the clear sky is blue at the top (blue above red by 0.1 in every pixel of the top row);
  in the sky (the top 70% of rows) between 10% and 97% of the pixels are clouds (differ from the
  clear sky by more than 8 levels), and some blue sky is left;
  the clouds are greyer than the sky behind them (their mean saturation is below the sky's
  there) and not uniform (their brightness varies: standard deviation above 0.03).
Prints the figures; exit 0 when all hold, 1 otherwise. Debian's python3-matplotlib and NumPy."""
import sys

import matplotlib.image
import numpy as np


def rgb(path):
    picture = matplotlib.image.imread(path)
    return picture[:, :, :3].astype(np.float64)


def saturation(p):
    high, low = p.max(axis=-1), p.min(axis=-1)
    return (high - low) / np.maximum(high, 1e-6)


def main():
    clouds, clear = rgb(sys.argv[1]), rgb(sys.argv[2])
    problems = []
    if clouds.shape != clear.shape:
        print("sizes differ: %s and %s" % (clouds.shape[1::-1], clear.shape[1::-1]))
        return 1
    rows = clouds.shape[0]
    ground = slice(rows - max(1, rows * 8 // 100), rows)
    ground_difference = np.abs(clouds[ground] - clear[ground]).max() * 255
    if ground_difference > 1.01:
        problems.append("the ground differs by %.0f levels" % ground_difference)
    top = clear[0]
    if not np.all(top[:, 2] > top[:, 0] + 0.1):
        problems.append("the clear sky's top row is not blue")
    sky = slice(0, rows * 70 // 100)
    difference = np.abs(clouds[sky] - clear[sky]).max(axis=-1) * 255
    cloudy = difference > 8
    share = cloudy.mean()
    if not 0.10 <= share <= 0.97:
        problems.append("%.1f%% of the sky is cloud, expected 10%% to 97%%" % (share * 100))
    blue = clouds[sky][:, :, 2] > clouds[sky][:, :, 0] + 0.08
    if blue.mean() < 0.03:
        problems.append("no blue sky is left between the clouds")
    if cloudy.any():
        cloud_saturation = saturation(clouds[sky][cloudy]).mean()
        sky_saturation = saturation(clear[sky][cloudy]).mean()
        brightness = clouds[sky][cloudy].mean(axis=-1)
        print("cloud: %.1f%% of the sky, saturation %.3f (the sky behind: %.3f), brightness "
              "mean %.3f sd %.3f; blue sky left %.1f%%; ground difference %.0f levels" %
              (share * 100, cloud_saturation, sky_saturation, brightness.mean(),
               brightness.std(), blue.mean() * 100, ground_difference))
        if cloud_saturation >= sky_saturation:
            problems.append("the clouds are not greyer than the sky behind them")
        if brightness.std() <= 0.03:
            problems.append("the clouds are uniform (brightness sd %.3f)" % brightness.std())
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
