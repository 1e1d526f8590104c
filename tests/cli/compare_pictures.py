#!/usr/bin/env python3
"""compare_pictures.py A.png B.png LEVELS: the two pictures have the same size and every pixel's
channels differ by at most LEVELS of 255 (a grayscale picture counts as three equal channels).
Prints the largest difference and how many pixels differ; exit 0 when within LEVELS, 1 otherwise.
Debian's python3 with python3-matplotlib (its PNG reader) and NumPy."""
import sys

import matplotlib.image
import numpy as np


def levels(path):
    picture = np.rint(matplotlib.image.imread(path) * 255).astype(np.int32)
    if picture.ndim == 2:
        picture = np.stack([picture] * 3, axis=-1)
    return picture[:, :, :3]


def main():
    a, b, allowed = levels(sys.argv[1]), levels(sys.argv[2]), int(sys.argv[3])
    if a.shape != b.shape:
        print("sizes differ: %s and %s" % (a.shape[1::-1], b.shape[1::-1]))
        return 1
    difference = np.abs(a - b)
    largest = int(difference.max())
    differing = int(np.count_nonzero(difference.max(axis=2)))
    print("largest difference %d levels, %d of %d pixels differ" %
          (largest, differing, a.shape[0] * a.shape[1]))
    return 0 if largest <= allowed else 1


if __name__ == "__main__":
    sys.exit(main())
