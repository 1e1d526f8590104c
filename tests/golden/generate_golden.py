#!/usr/bin/env python3
"""Generates the golden data used by the vknoise unit tests.

This script is deliberately independent of the C++ library: it is a literal port of Ken Perlin's
Java reference implementations ImprovedNoise (3D, 2002) and ImprovedNoise4D, plus an independent
implementation of the seeded permutation algorithm documented in include/vknoise/permutation.hpp.

Python floats are IEEE-754 doubles and CPython never fuses a multiply with an add, so every
expression below rounds exactly as the Java reference does (Java evaluates left to right, as does
Python, and each expression is written with the same association as the Java source).

Usage (from the repository root):
    python3 tests/golden/generate_golden.py
writes tests/golden/perlin_golden.inc and tests/golden/permutation_golden.inc.
"""

import math
import os
import random
import struct
import sys

# --------------------------------------------------------------------------------------------------
# Perlin's canonical permutation, doubled to 512 entries.

PERM = [
    151, 160, 137, 91, 90, 15, 131, 13, 201, 95, 96, 53, 194, 233, 7, 225, 140, 36, 103, 30, 69,
    142, 8, 99, 37, 240, 21, 10, 23, 190, 6, 148, 247, 120, 234, 75, 0, 26, 197, 62, 94, 252, 219,
    203, 117, 35, 11, 32, 57, 177, 33, 88, 237, 149, 56, 87, 174, 20, 125, 136, 171, 168, 68, 175,
    74, 165, 71, 134, 139, 48, 27, 166, 77, 146, 158, 231, 83, 111, 229, 122, 60, 211, 133, 230,
    220, 105, 92, 41, 55, 46, 245, 40, 244, 102, 143, 54, 65, 25, 63, 161, 1, 216, 80, 73, 209, 76,
    132, 187, 208, 89, 18, 169, 200, 196, 135, 130, 116, 188, 159, 86, 164, 100, 109, 198, 173,
    186, 3, 64, 52, 217, 226, 250, 124, 123, 5, 202, 38, 147, 118, 126, 255, 82, 85, 212, 207, 206,
    59, 227, 47, 16, 58, 17, 182, 189, 28, 42, 223, 183, 170, 213, 119, 248, 152, 2, 44, 154, 163,
    70, 221, 153, 101, 155, 167, 43, 172, 9, 129, 22, 39, 253, 19, 98, 108, 110, 79, 113, 224, 232,
    178, 185, 112, 104, 218, 246, 97, 228, 251, 34, 242, 193, 238, 210, 144, 12, 191, 179, 162,
    241, 81, 51, 145, 235, 249, 14, 239, 107, 49, 192, 214, 31, 181, 199, 106, 157, 184, 84, 204,
    176, 115, 121, 50, 45, 127, 4, 150, 254, 138, 236, 205, 93, 222, 114, 67, 29, 24, 72, 243, 141,
    128, 195, 78, 66, 215, 61, 156, 180,
]
assert len(PERM) == 256 and sorted(PERM) == list(range(256))
P512 = PERM + PERM


def java_int_floor_and_255(x):
    # (int)Math.floor(x) & 255. For |x| < 2^31 the int cast is exact; Python's & on negative ints
    # behaves like two's complement, as Java's does.
    f = math.floor(x)
    assert -2147483648 <= f <= 2147483647, x
    return int(f) & 255


def fade(t):
    return t * t * t * (t * (t * 6 - 15) + 10)


def lerp(t, a, b):
    return a + t * (b - a)


def grad(hash_, x, y, z):
    h = hash_ & 15
    u = x if h < 8 else y
    v = y if h < 4 else (x if h == 12 or h == 14 else z)
    return (u if (h & 1) == 0 else -u) + (v if (h & 2) == 0 else -v)


def noise3(x, y, z, p=P512):
    X = java_int_floor_and_255(x)
    Y = java_int_floor_and_255(y)
    Z = java_int_floor_and_255(z)
    x -= math.floor(x)
    y -= math.floor(y)
    z -= math.floor(z)
    u = fade(x)
    v = fade(y)
    w = fade(z)
    A = p[X] + Y
    AA = p[A] + Z
    AB = p[A + 1] + Z
    B = p[X + 1] + Y
    BA = p[B] + Z
    BB = p[B + 1] + Z
    return lerp(w, lerp(v, lerp(u, grad(p[AA], x, y, z),
                                grad(p[BA], x - 1, y, z)),
                        lerp(u, grad(p[AB], x, y - 1, z),
                             grad(p[BB], x - 1, y - 1, z))),
                lerp(v, lerp(u, grad(p[AA + 1], x, y, z - 1),
                             grad(p[BA + 1], x - 1, y, z - 1)),
                     lerp(u, grad(p[AB + 1], x, y - 1, z - 1),
                          grad(p[BB + 1], x - 1, y - 1, z - 1))))


def grad4(hash_, x, y, z, w):
    h = hash_ & 31
    a, b, c = y, z, w
    sel = h >> 3
    if sel == 1:
        a, b, c = w, x, y
    elif sel == 2:
        a, b, c = z, w, x
    elif sel == 3:
        a, b, c = y, z, w
    return (-a if (h & 4) == 0 else a) + (-b if (h & 2) == 0 else b) + (-c if (h & 1) == 0 else c)


def noise4(x, y, z, w, p=P512):
    X = java_int_floor_and_255(x)
    Y = java_int_floor_and_255(y)
    Z = java_int_floor_and_255(z)
    W = java_int_floor_and_255(w)
    x -= math.floor(x)
    y -= math.floor(y)
    z -= math.floor(z)
    w -= math.floor(w)
    a = fade(x)
    b = fade(y)
    c = fade(z)
    d = fade(w)
    A = p[X] + Y
    AA = p[A] + Z
    AB = p[A + 1] + Z
    B = p[X + 1] + Y
    BA = p[B] + Z
    BB = p[B + 1] + Z
    AAA = p[AA] + W
    AAB = p[AA + 1] + W
    ABA = p[AB] + W
    ABB = p[AB + 1] + W
    BAA = p[BA] + W
    BAB = p[BA + 1] + W
    BBA = p[BB] + W
    BBB = p[BB + 1] + W
    return lerp(d,
                lerp(c, lerp(b, lerp(a, grad4(p[AAA], x, y, z, w),
                                     grad4(p[BAA], x - 1, y, z, w)),
                             lerp(a, grad4(p[ABA], x, y - 1, z, w),
                                  grad4(p[BBA], x - 1, y - 1, z, w))),
                     lerp(b, lerp(a, grad4(p[AAB], x, y, z - 1, w),
                                  grad4(p[BAB], x - 1, y, z - 1, w)),
                          lerp(a, grad4(p[ABB], x, y - 1, z - 1, w),
                               grad4(p[BBB], x - 1, y - 1, z - 1, w)))),
                lerp(c, lerp(b, lerp(a, grad4(p[AAA + 1], x, y, z, w - 1),
                                     grad4(p[BAA + 1], x - 1, y, z, w - 1)),
                             lerp(a, grad4(p[ABA + 1], x, y - 1, z, w - 1),
                                  grad4(p[BBA + 1], x - 1, y - 1, z, w - 1))),
                     lerp(b, lerp(a, grad4(p[AAB + 1], x, y, z - 1, w - 1),
                                  grad4(p[BAB + 1], x - 1, y, z - 1, w - 1)),
                          lerp(a, grad4(p[ABB + 1], x, y - 1, z - 1, w - 1),
                               grad4(p[BBB + 1], x - 1, y - 1, z - 1, w - 1)))))


# --------------------------------------------------------------------------------------------------
# Seeded permutation, as documented in include/vknoise/permutation.hpp.

MASK64 = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK64

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def uniform(self, n):
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            r = self.next()
            if r < limit:
                return r % n

    def coordinate(self):
        """(next() >> 11) * 2^-52 - 1, as include/vknoise/classic_gradients.hpp documents."""
        return float(self.next() >> 11) * 2.0**-52 - 1.0


def permutation_from_seed(seed):
    rng = SplitMix64(seed)
    perm = list(range(256))
    for i in range(255, 0, -1):
        j = rng.uniform(i + 1)
        perm[i], perm[j] = perm[j], perm[i]
    return perm


# --------------------------------------------------------------------------------------------------
# Golden points.

LARGE = [
    1e6 + 0.5, -1e6 - 0.25, 1e6 + 0.123456789, -1e6 + 0.987654321,
    1e9 + 0.375, -1e9 - 0.625, 1e9 + 0.1, -1e9 + 0.9,
    2147483647.5, -2147483647.75, 2147483647.25, -2147483647.0, 2147483646.875,
    -2147483000.3, 123456789.0625, -98765432.1,
]

# Values just below a lattice point in double whose fraction x - floor(x) rounds to 1.0 exactly
# (e.g. -1e-17 + 1 == 1.0): the reference then evaluates the cell below with fraction 1.0.
FRACTION_ONE = [-1e-17, -1e-300, -5e-324, 255.0 - 1e-14, -255.0 - 1e-14]


def near_lattice(rng):
    k = rng.randint(-300, 300)
    return float(k) + rng.choice([1e-12, -1e-12, 1e-9, -1e-9, 2.0 ** -40, -(2.0 ** -40)])


def coordinate(rng, kind):
    if kind == "random":
        return rng.uniform(-300.0, 300.0)
    if kind == "negative":
        return -rng.uniform(0.0, 300.0)
    if kind == "lattice":
        return float(rng.randint(-300, 300))
    if kind == "near":
        return near_lattice(rng)
    if kind == "half":
        return rng.randint(-300, 300) + 0.5
    if kind == "large":
        return rng.choice(LARGE)
    if kind == "one":
        return rng.choice(FRACTION_ONE)
    raise ValueError(kind)


def golden_points(rng, dims, count):
    points = []
    # Hand-picked points first.
    fixed3 = [
        (3.14, 42.0, 7.0), (0.0, 0.0, 0.0), (1.0, 2.0, 3.0), (-1.0, -2.0, -3.0), (0.5, 0.5, 0.5),
        (-0.5, -0.5, -0.5), (255.5, 256.5, 257.5), (-0.25, 0.75, -100.125),
        (1e6 + 0.5, 1e6 + 0.25, 1e6 + 0.75), (-1e6 - 0.5, 1e6 + 0.25, -1e6 - 0.75),
        (1e9 + 0.375, -1e9 - 0.625, 1e9 + 0.1), (2147483647.5, -2147483647.75, 0.5),
        (-2147483647.75, 2147483647.5, -2147483647.75), (1.0 + 1e-12, 2.0 - 1e-12, 3.0 + 1e-12),
        (-1e-17, 0.5, 0.5), (0.25, -1e-300, 7.5), (12.3, 45.6, 78.9), (-12.3, -45.6, -78.9),
        (2147483646.875, 0.125, 2147483647.25), (1.5, 1e9 + 0.9, -2147483000.3),
    ]
    fixed4 = [
        (3.14, 42.0, 7.0, 1.5), (0.0, 0.0, 0.0, 0.0), (1.0, 2.0, 3.0, 4.0),
        (-1.0, -2.0, -3.0, -4.0), (0.5, 0.5, 0.5, 0.5), (-0.5, -0.5, -0.5, -0.5),
        (255.5, 256.5, 257.5, 258.5), (-0.25, 0.75, -100.125, 33.3),
        (1e6 + 0.5, 1e6 + 0.25, 1e6 + 0.75, 1e6 + 0.125),
        (-1e6 - 0.5, 1e6 + 0.25, -1e6 - 0.75, 1e9 + 0.375),
        (2147483647.5, -2147483647.75, 0.5, -0.5),
        (-2147483647.75, 2147483647.5, -2147483647.75, 2147483647.5),
        (1.0 + 1e-12, 2.0 - 1e-12, 3.0 + 1e-12, 4.0 - 1e-12), (-1e-17, 0.5, 0.5, -1e-300),
        (12.3, 45.6, 78.9, -10.11), (-12.3, -45.6, -78.9, 10.11),
        (2147483646.875, 0.125, 2147483647.25, -98765432.1), (1.5, 1e9 + 0.9, -2147483000.3, 7.0),
    ]
    points.extend(fixed3 if dims == 3 else fixed4)
    # All-random points, then points mixing the kinds per axis.
    for _ in range(60):
        points.append(tuple(rng.uniform(-300.0, 300.0) for _ in range(dims)))
    kinds = ["random", "negative", "lattice", "near", "half", "large", "one"]
    for kind in kinds:
        for _ in range(6):
            points.append(tuple(coordinate(rng, kind) for _ in range(dims)))
    # Integer lattice points (noise is zero there).
    for _ in range(8):
        points.append(tuple(float(rng.randint(-300, 300)) for _ in range(dims)))
    while len(points) < count:
        mix = [rng.choice(kinds) for _ in range(dims)]
        points.append(tuple(coordinate(rng, kind) for kind in mix))
    for pt in points:
        for c in pt:
            assert math.isfinite(c) and abs(c) < 2147483648.0, pt
    return points


# --------------------------------------------------------------------------------------------------
# A float32 emulation of the same expressions, used only to report how far a float mirror can drift
# from the double reference on these points (a sanity check of the tests' tolerance).


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def reduce_coordinate(x):
    fl = math.floor(x)
    cell = int(fl) & 255
    frac = f32(x - fl)
    if frac == 1.0:
        cell = (cell + 1) & 255
        frac = 0.0
    return cell, frac


def float_noise3(pt, p=P512):
    (X, x), (Y, y), (Z, z) = [reduce_coordinate(c) for c in pt]
    fd = lambda t: f32(f32(f32(f32(t * t) * t)) * f32(f32(t * f32(f32(t * 6) - 15)) + 10))
    lp = lambda t, a, b: f32(a + f32(t * f32(b - a)))
    gr = lambda h, a, b, c: f32(grad(h, a, b, c))
    u, v, w = fd(x), fd(y), fd(z)
    A = p[X] + Y
    AA = p[A] + Z
    AB = p[A + 1] + Z
    B = p[X + 1] + Y
    BA = p[B] + Z
    BB = p[B + 1] + Z
    x1, y1, z1 = f32(x - 1), f32(y - 1), f32(z - 1)
    return lp(w, lp(v, lp(u, gr(p[AA], x, y, z), gr(p[BA], x1, y, z)),
                    lp(u, gr(p[AB], x, y1, z), gr(p[BB], x1, y1, z))),
              lp(v, lp(u, gr(p[AA + 1], x, y, z1), gr(p[BA + 1], x1, y, z1)),
                 lp(u, gr(p[AB + 1], x, y1, z1), gr(p[BB + 1], x1, y1, z1))))


# --------------------------------------------------------------------------------------------------
# Output.

HEADER = """\
// Generated by tests/golden/generate_golden.py. Do not edit by hand; rerun the script instead.
// {what}
"""


def table_lines(name, kind, points, fn, p):
    lines = ["inline constexpr %s %s[] = {" % (kind, name)]
    for pt in points:
        values = list(pt) + [fn(*pt, p=p)]
        lines.append("    {" + ", ".join(v.hex() for v in values) + "},")
    lines.append("};")
    return lines


def write_perlin(path, points3, points4, seeded3, seeded4):
    what = ("Perlin's Java ImprovedNoise (3D) and ImprovedNoise4D at fixed points, as\n"
            "// hexfloats: {x, y, z, expected} and {x, y, z, w, expected}.")
    lines = [HEADER.format(what=what)]
    lines.append("// clang-format off")
    lines += table_lines("kGolden3", "golden3", points3, noise3, P512)
    lines.append("")
    lines += table_lines("kGolden4", "golden4", points4, noise4, P512)
    lines.append("")
    lines.append("// The same algorithms with the table permutation_table::from_seed(kGoldenSeed).")
    lines.append("inline constexpr std::uint64_t kGoldenSeed = 0x%XULL;" % GOLDEN_SEED)
    seeded = permutation_from_seed(GOLDEN_SEED) * 2
    lines += table_lines("kGoldenSeeded3", "golden3", seeded3, noise3, seeded)
    lines.append("")
    lines += table_lines("kGoldenSeeded4", "golden4", seeded4, noise4, seeded)
    lines.append("// clang-format on")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def write_permutation(path, seeds):
    what = ("The first 16 entries of permutation_table::from_seed(seed), from an\n"
            "// independent implementation of the documented algorithm.")
    lines = [HEADER.format(what=what)]
    lines.append("// clang-format off")
    lines.append("inline constexpr seeded_prefix kSeededPrefixes[] = {")
    for seed in seeds:
        prefix = permutation_from_seed(seed)[:16]
        lines.append("    {0x%XULL, {%s}}," % (seed, ", ".join(str(v) for v in prefix)))
    lines.append("};")
    lines.append("// clang-format on")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


GOLDEN_SEED = 0xDEADBEEF


def main():
    # Known value from Perlin's Java reference.
    known = noise3(3.14, 42.0, 7.0)
    print("noise3(3.14, 42, 7) = %r (%s)" % (known, known.hex()))
    assert known == 0.13691995878400012, known
    assert noise3(0.0, 0.0, 0.0) == 0.0 and noise4(1.0, 2.0, 3.0, 4.0) == 0.0

    rng = random.Random(20020101)
    points3 = golden_points(rng, 3, 200)
    points4 = golden_points(rng, 4, 200)

    worst = max(abs(float_noise3(pt) - noise3(*pt)) for pt in points3)
    print("largest |float emulation - reference| over the 3D points: %.3g" % worst)

    here = os.path.dirname(os.path.abspath(__file__))
    # A subset of the points (every fifth) again with a seeded table.
    write_perlin(os.path.join(here, "perlin_golden.inc"), points3, points4, points3[::5],
                 points4[::5])
    write_permutation(os.path.join(here, "permutation_golden.inc"),
                      [0, 1, 42, 0xDEADBEEF, 0xFFFFFFFFFFFFFFFF])
    for seed in (1, 0xDEADBEEF):
        print("from_seed(%#x)[:16] = %s" % (seed, permutation_from_seed(seed)[:16]))
    print("wrote %d 3D and %d 4D points" % (len(points3), len(points4)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
