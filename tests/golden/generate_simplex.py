#!/usr/bin/env python3
"""Generates the golden simplex noise values used by tests/simplex_noise_test.cpp.

This script is deliberately independent of the C++ library: it is a literal port of Stefan
Gustavson's public-domain SimplexNoise.java, the revision of 2012-03-09 (permMod12, the 4D simplex
found by rank ordering, 0.5 - x0*x0 - y0*y0 in 2D and 0.6 - ... in 3D and 4D, scale factors 70,
32 and 27), with Perlin's permutation.

Python floats are IEEE-754 doubles and CPython never fuses a multiply with an add, so every
expression below rounds exactly as the Java reference does (Java evaluates left to right, as does
Python, and each expression is written with the same association as the Java source; Java's int
operands of a double expression convert exactly).

Usage (from the repository root):
    python3 tests/golden/generate_simplex.py
writes tests/golden/simplex_golden.inc.
"""

import math
import os
import random
import sys

# --------------------------------------------------------------------------------------------------
# Perlin's canonical permutation (the same table as generate_golden.py), doubled to 512 entries.

P = [
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
assert len(P) == 256 and sorted(P) == list(range(256))
PERM = [P[i & 255] for i in range(512)]
PERM_MOD12 = [PERM[i] % 12 for i in range(512)]

GRAD3 = [
    (1, 1, 0), (-1, 1, 0), (1, -1, 0), (-1, -1, 0),
    (1, 0, 1), (-1, 0, 1), (1, 0, -1), (-1, 0, -1),
    (0, 1, 1), (0, -1, 1), (0, 1, -1), (0, -1, -1),
]
GRAD4 = [
    (0, 1, 1, 1), (0, 1, 1, -1), (0, 1, -1, 1), (0, 1, -1, -1),
    (0, -1, 1, 1), (0, -1, 1, -1), (0, -1, -1, 1), (0, -1, -1, -1),
    (1, 0, 1, 1), (1, 0, 1, -1), (1, 0, -1, 1), (1, 0, -1, -1),
    (-1, 0, 1, 1), (-1, 0, 1, -1), (-1, 0, -1, 1), (-1, 0, -1, -1),
    (1, 1, 0, 1), (1, 1, 0, -1), (1, -1, 0, 1), (1, -1, 0, -1),
    (-1, 1, 0, 1), (-1, 1, 0, -1), (-1, -1, 0, 1), (-1, -1, 0, -1),
    (1, 1, 1, 0), (1, 1, -1, 0), (1, -1, 1, 0), (1, -1, -1, 0),
    (-1, 1, 1, 0), (-1, 1, -1, 0), (-1, -1, 1, 0), (-1, -1, -1, 0),
]

# Java: static final double, computed once in double.
F2 = 0.5 * (math.sqrt(3.0) - 1.0)
G2 = (3.0 - math.sqrt(3.0)) / 6.0
F3 = 1.0 / 3.0
G3 = 1.0 / 6.0
F4 = (math.sqrt(5.0) - 1.0) / 4.0
G4 = (5.0 - math.sqrt(5.0)) / 20.0


def fastfloor(x):
    # Java: int xi = (int)x; return x < xi ? xi - 1 : xi; ((int) truncates toward zero.)
    assert abs(x) < 2147483647.0, x
    xi = int(x)
    return xi - 1 if x < xi else xi


# The Grad fields are doubles: each product is double * double, added left to right.
def dot2(g, x, y):
    return float(g[0]) * x + float(g[1]) * y


def dot3(g, x, y, z):
    return float(g[0]) * x + float(g[1]) * y + float(g[2]) * z


def dot4(g, x, y, z, w):
    return float(g[0]) * x + float(g[1]) * y + float(g[2]) * z + float(g[3]) * w


def noise2(xin, yin):
    s = (xin + yin) * F2
    i = fastfloor(xin + s)
    j = fastfloor(yin + s)
    t = float(i + j) * G2
    X0 = float(i) - t
    Y0 = float(j) - t
    x0 = xin - X0
    y0 = yin - Y0
    if x0 > y0:
        i1, j1 = 1, 0
    else:
        i1, j1 = 0, 1
    x1 = x0 - float(i1) + G2
    y1 = y0 - float(j1) + G2
    x2 = x0 - 1.0 + 2.0 * G2
    y2 = y0 - 1.0 + 2.0 * G2
    ii = i & 255
    jj = j & 255
    gi0 = PERM_MOD12[ii + PERM[jj]]
    gi1 = PERM_MOD12[ii + i1 + PERM[jj + j1]]
    gi2 = PERM_MOD12[ii + 1 + PERM[jj + 1]]
    t0 = 0.5 - x0 * x0 - y0 * y0
    if t0 < 0:
        n0 = 0.0
    else:
        t0 *= t0
        n0 = t0 * t0 * dot2(GRAD3[gi0], x0, y0)
    t1 = 0.5 - x1 * x1 - y1 * y1
    if t1 < 0:
        n1 = 0.0
    else:
        t1 *= t1
        n1 = t1 * t1 * dot2(GRAD3[gi1], x1, y1)
    t2 = 0.5 - x2 * x2 - y2 * y2
    if t2 < 0:
        n2 = 0.0
    else:
        t2 *= t2
        n2 = t2 * t2 * dot2(GRAD3[gi2], x2, y2)
    return 70.0 * (n0 + n1 + n2)


def noise3(xin, yin, zin):
    s = (xin + yin + zin) * F3
    i = fastfloor(xin + s)
    j = fastfloor(yin + s)
    k = fastfloor(zin + s)
    t = float(i + j + k) * G3
    X0 = float(i) - t
    Y0 = float(j) - t
    Z0 = float(k) - t
    x0 = xin - X0
    y0 = yin - Y0
    z0 = zin - Z0
    if x0 >= y0:
        if y0 >= z0:
            i1, j1, k1, i2, j2, k2 = 1, 0, 0, 1, 1, 0
        elif x0 >= z0:
            i1, j1, k1, i2, j2, k2 = 1, 0, 0, 1, 0, 1
        else:
            i1, j1, k1, i2, j2, k2 = 0, 0, 1, 1, 0, 1
    else:
        if y0 < z0:
            i1, j1, k1, i2, j2, k2 = 0, 0, 1, 0, 1, 1
        elif x0 < z0:
            i1, j1, k1, i2, j2, k2 = 0, 1, 0, 0, 1, 1
        else:
            i1, j1, k1, i2, j2, k2 = 0, 1, 0, 1, 1, 0
    x1 = x0 - float(i1) + G3
    y1 = y0 - float(j1) + G3
    z1 = z0 - float(k1) + G3
    x2 = x0 - float(i2) + 2.0 * G3
    y2 = y0 - float(j2) + 2.0 * G3
    z2 = z0 - float(k2) + 2.0 * G3
    x3 = x0 - 1.0 + 3.0 * G3
    y3 = y0 - 1.0 + 3.0 * G3
    z3 = z0 - 1.0 + 3.0 * G3
    ii = i & 255
    jj = j & 255
    kk = k & 255
    gi0 = PERM_MOD12[ii + PERM[jj + PERM[kk]]]
    gi1 = PERM_MOD12[ii + i1 + PERM[jj + j1 + PERM[kk + k1]]]
    gi2 = PERM_MOD12[ii + i2 + PERM[jj + j2 + PERM[kk + k2]]]
    gi3 = PERM_MOD12[ii + 1 + PERM[jj + 1 + PERM[kk + 1]]]
    t0 = 0.6 - x0 * x0 - y0 * y0 - z0 * z0
    if t0 < 0:
        n0 = 0.0
    else:
        t0 *= t0
        n0 = t0 * t0 * dot3(GRAD3[gi0], x0, y0, z0)
    t1 = 0.6 - x1 * x1 - y1 * y1 - z1 * z1
    if t1 < 0:
        n1 = 0.0
    else:
        t1 *= t1
        n1 = t1 * t1 * dot3(GRAD3[gi1], x1, y1, z1)
    t2 = 0.6 - x2 * x2 - y2 * y2 - z2 * z2
    if t2 < 0:
        n2 = 0.0
    else:
        t2 *= t2
        n2 = t2 * t2 * dot3(GRAD3[gi2], x2, y2, z2)
    t3 = 0.6 - x3 * x3 - y3 * y3 - z3 * z3
    if t3 < 0:
        n3 = 0.0
    else:
        t3 *= t3
        n3 = t3 * t3 * dot3(GRAD3[gi3], x3, y3, z3)
    return 32.0 * (n0 + n1 + n2 + n3)


def noise4(x, y, z, w):
    s = (x + y + z + w) * F4
    i = fastfloor(x + s)
    j = fastfloor(y + s)
    k = fastfloor(z + s)
    l = fastfloor(w + s)  # noqa: E741 (Java's name)
    t = float(i + j + k + l) * G4
    X0 = float(i) - t
    Y0 = float(j) - t
    Z0 = float(k) - t
    W0 = float(l) - t
    x0 = x - X0
    y0 = y - Y0
    z0 = z - Z0
    w0 = w - W0
    rankx = ranky = rankz = rankw = 0
    if x0 > y0:
        rankx += 1
    else:
        ranky += 1
    if x0 > z0:
        rankx += 1
    else:
        rankz += 1
    if x0 > w0:
        rankx += 1
    else:
        rankw += 1
    if y0 > z0:
        ranky += 1
    else:
        rankz += 1
    if y0 > w0:
        ranky += 1
    else:
        rankw += 1
    if z0 > w0:
        rankz += 1
    else:
        rankw += 1
    i1 = 1 if rankx >= 3 else 0
    j1 = 1 if ranky >= 3 else 0
    k1 = 1 if rankz >= 3 else 0
    l1 = 1 if rankw >= 3 else 0
    i2 = 1 if rankx >= 2 else 0
    j2 = 1 if ranky >= 2 else 0
    k2 = 1 if rankz >= 2 else 0
    l2 = 1 if rankw >= 2 else 0
    i3 = 1 if rankx >= 1 else 0
    j3 = 1 if ranky >= 1 else 0
    k3 = 1 if rankz >= 1 else 0
    l3 = 1 if rankw >= 1 else 0
    x1 = x0 - float(i1) + G4
    y1 = y0 - float(j1) + G4
    z1 = z0 - float(k1) + G4
    w1 = w0 - float(l1) + G4
    x2 = x0 - float(i2) + 2.0 * G4
    y2 = y0 - float(j2) + 2.0 * G4
    z2 = z0 - float(k2) + 2.0 * G4
    w2 = w0 - float(l2) + 2.0 * G4
    x3 = x0 - float(i3) + 3.0 * G4
    y3 = y0 - float(j3) + 3.0 * G4
    z3 = z0 - float(k3) + 3.0 * G4
    w3 = w0 - float(l3) + 3.0 * G4
    x4 = x0 - 1.0 + 4.0 * G4
    y4 = y0 - 1.0 + 4.0 * G4
    z4 = z0 - 1.0 + 4.0 * G4
    w4 = w0 - 1.0 + 4.0 * G4
    ii = i & 255
    jj = j & 255
    kk = k & 255
    ll = l & 255
    gi0 = PERM[ii + PERM[jj + PERM[kk + PERM[ll]]]] % 32
    gi1 = PERM[ii + i1 + PERM[jj + j1 + PERM[kk + k1 + PERM[ll + l1]]]] % 32
    gi2 = PERM[ii + i2 + PERM[jj + j2 + PERM[kk + k2 + PERM[ll + l2]]]] % 32
    gi3 = PERM[ii + i3 + PERM[jj + j3 + PERM[kk + k3 + PERM[ll + l3]]]] % 32
    gi4 = PERM[ii + 1 + PERM[jj + 1 + PERM[kk + 1 + PERM[ll + 1]]]] % 32
    t0 = 0.6 - x0 * x0 - y0 * y0 - z0 * z0 - w0 * w0
    if t0 < 0:
        n0 = 0.0
    else:
        t0 *= t0
        n0 = t0 * t0 * dot4(GRAD4[gi0], x0, y0, z0, w0)
    t1 = 0.6 - x1 * x1 - y1 * y1 - z1 * z1 - w1 * w1
    if t1 < 0:
        n1 = 0.0
    else:
        t1 *= t1
        n1 = t1 * t1 * dot4(GRAD4[gi1], x1, y1, z1, w1)
    t2 = 0.6 - x2 * x2 - y2 * y2 - z2 * z2 - w2 * w2
    if t2 < 0:
        n2 = 0.0
    else:
        t2 *= t2
        n2 = t2 * t2 * dot4(GRAD4[gi2], x2, y2, z2, w2)
    t3 = 0.6 - x3 * x3 - y3 * y3 - z3 * z3 - w3 * w3
    if t3 < 0:
        n3 = 0.0
    else:
        t3 *= t3
        n3 = t3 * t3 * dot4(GRAD4[gi3], x3, y3, z3, w3)
    t4 = 0.6 - x4 * x4 - y4 * y4 - z4 * z4 - w4 * w4
    if t4 < 0:
        n4 = 0.0
    else:
        t4 *= t4
        n4 = t4 * t4 * dot4(GRAD4[gi4], x4, y4, z4, w4)
    return 27.0 * (n0 + n1 + n2 + n3 + n4)


# --------------------------------------------------------------------------------------------------
# Golden points.

COUNT = 200


def unskew_point(dims, cell, frac):
    """The point whose skewed coordinates are cell + frac (per axis): on simplex edges and faces
    when fractions coincide (x0 == y0 and the like)."""
    G = {2: G2, 3: G3, 4: G4}[dims]
    skewed = [c + f for c, f in zip(cell, frac)]
    t = sum(skewed) * G
    return tuple(v - t for v in skewed)


def fixed_points(dims):
    pts = []
    zero = (0.0,) * dims
    pts.append(zero)
    ints = [(1.0, 2.0, 3.0, 4.0), (-1.0, -2.0, -3.0, -4.0), (7.0, -5.0, 0.0, 12.0),
            (255.0, 256.0, 257.0, -256.0)]
    pts += [p[:dims] for p in ints]
    halves = [(0.5, 0.5, 0.5, 0.5), (-0.5, -0.5, -0.5, -0.5), (0.5, -1.5, 2.5, -3.5),
              (255.5, 256.5, 257.5, 258.5), (-100.5, 33.5, -0.5, 1.5)]
    pts += [p[:dims] for p in halves]
    others = [(3.14, 42.0, 7.0, 1.5), (-0.25, 0.75, -100.125, 33.3), (12.3, 45.6, 78.9, -10.11),
              (-12.3, -45.6, -78.9, 10.11), (1.0 + 1e-12, 2.0 - 1e-12, 3.0 + 1e-12, 4.0 - 1e-12),
              (-1e-17, 0.5, 0.5, -1e-300), (0.1, 0.2, 0.3, 0.4)]
    pts += [p[:dims] for p in others]
    # Points on simplex edges: equal fractions of the skewed coordinates (x0 == y0, ...).
    cells = [(0, 0, 0, 0), (3, -7, 11, -2), (-1, -1, -1, -1), (100, 200, -50, 7)]
    fracs = [(0.25, 0.25, 0.25, 0.25), (0.5, 0.5, 0.1, 0.5), (0.3, 0.7, 0.3, 0.7),
             (0.6, 0.2, 0.6, 0.6), (0.125, 0.125, 0.875, 0.125)]
    for c in cells:
        for f in fracs:
            pts.append(unskew_point(dims, c[:dims], f[:dims]))
    # The diagonal x == y == ... (every x0 equal: all the rank and order ties at once).
    for v in (0.2, -0.7, 1.3, 17.25, -123.875):
        pts.append((v,) * dims)
    # Large coordinates.
    large = [(1e3 + 0.5, -1e3 - 0.25, 1e3 + 0.123, -999.875),
             (1e5 + 0.5, -1e5 - 0.25, 1e5 + 0.987654321, 12345.678),
             (-1e6 - 0.5, 1e6 + 0.25, -1e6 + 0.375, -1e6 - 0.125),
             (-1e6, -1e6, -1e6, -1e6), (1e5, -1e5 + 0.5, 0.5, 1e3),
             (1000.0 + 1e-9, 999.9, -1000.0 - 1e-9, 1000.333),
             (-1e6 + 0.1, 0.2, 1e5 + 0.3, -1e3 + 0.4)]
    pts += [p[:dims] for p in large]
    return pts


def golden_points(rng, dims):
    pts = fixed_points(dims)
    while len(pts) < COUNT:
        pts.append(tuple(rng.uniform(-300.0, 300.0) for _ in range(dims)))
    for pt in pts:
        for c in pt:
            assert math.isfinite(c) and abs(c) < 2147483648.0, pt
    return pts


# --------------------------------------------------------------------------------------------------
# Output.

HEADER = """\
// Generated by tests/golden/generate_simplex.py. Do not edit by hand; rerun the script instead.
// Gustavson's SimplexNoise.java (2012-03-09) with Perlin's permutation at fixed points, as
// hexfloats: {x, y, expected}, {x, y, z, expected} and {x, y, z, w, expected}.
"""


def table_lines(name, kind, points, fn):
    lines = ["inline constexpr %s %s[] = {" % (kind, name)]
    for pt in points:
        values = list(pt) + [fn(*pt)]
        lines.append("    {" + ", ".join(v.hex() for v in values) + "},")
    lines.append("};")
    return lines


def main():
    rng = random.Random(20120309)
    points2 = golden_points(rng, 2)
    points3 = golden_points(rng, 3)
    points4 = golden_points(rng, 4)
    for pts, fn in ((points2, noise2), (points3, noise3), (points4, noise4)):
        assert fn(*((0.0,) * len(pts[0]))) == 0.0
        worst = max(abs(fn(*pt)) for pt in pts)
        print("%s: %d points, max |value| %.6f" % (fn.__name__, len(pts), worst))
    lines = [HEADER, "// clang-format off"]
    lines += table_lines("kSimplexGolden2", "simplex_golden2", points2, noise2)
    lines.append("")
    lines += table_lines("kSimplexGolden3", "simplex_golden3", points3, noise3)
    lines.append("")
    lines += table_lines("kSimplexGolden4", "simplex_golden4", points4, noise4)
    lines.append("// clang-format on")
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "simplex_golden.inc")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("wrote", path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
