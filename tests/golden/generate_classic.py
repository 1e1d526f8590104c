#!/usr/bin/env python3
"""Golden values for tests/classic_noise_test.cpp, independent of the C++ library.

Draws the gradient tables of classic_gradients::from_seed(seed) as documented in
include/vknoise/classic_gradients.hpp and evaluates classic noise as documented in
src/core/classic_noise.hpp, with permutation_table::from_seed(seed) as documented in
include/vknoise/permutation.hpp. Python floats are IEEE-754 doubles, math.sqrt and / are
correctly rounded, and CPython never fuses a multiply with an add, so every value printed here is
bit-identical to the C++ double reference.

Usage: python3 tests/golden/generate_classic.py [seed]   (default 1); prints hexfloats.
"""

import itertools
import math
import sys

# The generator, the permutation shuffle and lerp are generate_golden.py's: one port of each.
from generate_golden import SplitMix64, lerp, permutation_from_seed


def gradients_from_seed(seed):
    """tables[d - 1][i] is gradient i of dimension d, 4 components."""
    rng = SplitMix64(seed ^ (1 << 63))
    tables = [[[rng.coordinate(), 0.0, 0.0, 0.0] for _ in range(256)]]
    for dims in (2, 3, 4):
        table = []
        for _ in range(256):
            while True:
                c = [rng.coordinate() for _ in range(dims)]
                s = c[0] * c[0]
                for k in range(1, dims):
                    s = s + c[k] * c[k]
                if not (s > 1.0 or s < 1e-4):
                    break
            length = math.sqrt(s)
            table.append([v / length for v in c] + [0.0] * (4 - dims))
        tables.append(table)
    return tables


def scurve(t):
    return t * t * (3.0 - 2.0 * t)


def classic_noise(point, perm, table):
    """The corner hash perm[..perm[perm[X] + Y].. + last], gradient (hash & 255), dot product
    summed over the axes in order, and lerps along x first. Natural period 256."""
    dims = len(point)
    cells = [int(math.floor(x)) & 255 for x in point]
    fracs = [x - math.floor(x) for x in point]
    p = perm + perm
    corner = {}
    for offset in itertools.product((0, 1), repeat=dims):
        h = p[(cells[0] + offset[0]) & 255]
        for k in range(1, dims):
            h = p[h + ((cells[k] + offset[k]) & 255)]
        g = table[h & 255]
        d = [fracs[k] - offset[k] for k in range(dims)]
        dot = d[0] * g[0]
        for k in range(1, dims):
            dot = dot + d[k] * g[k]
        corner[offset] = dot
    # Collapse x first: corner offsets are (x, y, z, w); reduce the first remaining axis.
    for k in range(dims):
        s = scurve(fracs[k])
        corner = {o[1:]: lerp(s, corner[(0,) + o[1:]], corner[(1,) + o[1:]])
                  for o in corner if o[0] == 0}
    return corner[()]


POINTS = [(3.14,), (3.14, 42.7), (3.14, 42.7, 7.3), (3.14, 42.7, 7.3, -1.6)]


def main():
    seed = int(sys.argv[1], 0) if len(sys.argv) > 1 else 1
    tables = gradients_from_seed(seed)
    perm = permutation_from_seed(seed)
    print("seed %#x" % seed)
    for dims, index in ((1, 0), (2, 0), (3, 255), (4, 128)):
        g = tables[dims - 1][index]
        print("gradient %dD[%d] = {%s}" % (dims, index, ", ".join(v.hex() for v in g)))
    for pt in POINTS:
        v = classic_noise(pt, perm, tables[len(pt) - 1])
        print("classic_noise%d%s = %s  (%r)" % (len(pt), pt, v.hex(), v))
    return 0


if __name__ == "__main__":
    sys.exit(main())
