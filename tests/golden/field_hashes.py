#!/usr/bin/env python3
"""Golden SHA-256 table of the built-in field options, through the command line tool.

Every case below is a `vknoise render` (or `vknoise eval`) command line of the built-in noise
options (--noise, --fractal, --octaves, --persistence, --lacunarity, --interpolation, --smooth,
--period, --octave-offsets, --warp, --gradient, --curl, --seed, --permutation, --dims, --size,
--origin, --step, --region, --remap, --time/--frames/--loop, --threads), run on each backend
(cpu-reference, cpu, gpu). The table, field_hashes.tsv beside this script, holds the SHA-256 of
what the user gets: the float32 bytes of the .raw file (the frames' files in order for --time),
or eval's standard output (each value printed with %.17g, so exact). A combination that the tool
refuses is recorded as refused, with its exit status and its message, and must stay refused.

It guards the outputs of today's built-in fields bit for bit across changes that are not meant
to change them (e.g. lowering the built-in fields to the noise-graph IR): any difference fails,
naming the backend and the command line.

Usage:
  field_hashes.py VKNOISE                check every case against field_hashes.tsv (ctest's
                                         golden_field_hashes)
  field_hashes.py VKNOISE --regenerate   rewrite field_hashes.tsv from VKNOISE's outputs
Options: --jobs N (processes at once, default: the usable cores), --table FILE (another table).

Regenerate only when a change of output is intended, and say in the commit which cases change
and why (the diff of field_hashes.tsv shows them). --regenerate also lists the cases on which
cpu and gpu differ: the two are meant to be bit-identical (both the float mirror).
"""

import argparse
import concurrent.futures
import hashlib
import os
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TABLE = os.path.join(HERE, "field_hashes.tsv")
BACKENDS = ("cpu-reference", "cpu", "gpu")
# The options' file arguments are written relative to this directory as {golden}/NAME.
PERMUTATION = "--permutation {golden}/field_hashes_permutation.txt"

# A small field per dims (at most 256 samples) at a step that crosses several lattice cells,
# from an origin off the lattice.
SIZE = {1: "64", 2: "16x16", 3: "8x8x4", 4: "4x4x3x3"}
STEP = {1: "0.173", 2: "0.37", 3: "0.41", 4: "0.53"}
ORIGIN = {1: "0.31", 2: "0.31,-1.7", 3: "0.31,-1.7,2.9", 4: "0.31,-1.7,2.9,-0.45"}


def field(dims, origin=None, step=None, size=None):
    return (f"--dims {dims} --size {size or SIZE[dims]} --origin={origin or ORIGIN[dims]} "
            f"--step {step or STEP[dims]}")


def render_cases():
    cases = []

    def add(dims, options="", **kw):
        cases.append((field(dims, **kw) + (" " + options if options else "")).strip())

    # Each basis noise in each dims it has, one octave; the defaults (improved, --dims 3).
    for noise in ("improved", "classic", "value"):
        for dims in (1, 2, 3, 4):
            add(dims, f"--noise {noise}")
    add(4, "--noise improved4-balanced")
    add(3)
    cases.append("--size 8x8x4 --step 0.41")  # no --dims: 3
    add(2, "--fractal none")

    # Each fractal on each basis (default 4 octaves).
    for fractal in ("fbm", "turbulence", "ridged", "billow"):
        for noise, dims in (("improved", 1), ("improved", 2), ("improved", 3), ("improved", 4),
                            ("classic", 2), ("classic", 3), ("value", 2), ("value", 3),
                            ("improved4-balanced", 4)):
            add(dims, f"--noise {noise} --fractal {fractal}")
    for noise in ("classic", "value"):
        for dims in (1, 4):
            add(dims, f"--noise {noise} --fractal fbm")

    # Octaves, persistence and lacunarity.
    for octaves in (1, 2, 3, 8, 16):
        add(2, f"--fractal fbm --octaves {octaves}")
    for octaves in (1, 6):
        add(2, f"--fractal ridged --octaves {octaves}")
    for persistence in ("0.25", "0.7", "1", "1.5"):
        add(2, f"--fractal fbm --persistence {persistence}")
    for lacunarity in ("1.5", "2.5", "3", "1.9137", "0.5"):
        add(2, f"--fractal fbm --lacunarity {lacunarity}")
    add(3, "--fractal turbulence --octaves 5 --persistence 0.6 --lacunarity 2.2")
    add(3, "--noise classic --fractal billow --octaves 7 --persistence 0.45 --lacunarity 1.7")
    add(4, "--fractal ridged --octaves 5 --persistence 0.8 --lacunarity 2.3")
    add(2, "--noise value --fractal fbm --octaves 6 --lacunarity 2.7")

    # Value noise: each interpolation, with and without --smooth, in each dims.
    for interpolation in ("linear", "cosine", "cubic"):
        for smooth in ("", " --smooth"):
            for dims in (1, 2, 3, 4):
                add(dims, f"--noise value --interpolation {interpolation}{smooth}")
    add(2, "--noise value --interpolation cosine --smooth --fractal fbm --octaves 3")
    add(3, "--noise value --interpolation cubic --fractal ridged")
    add(1, "--noise value --interpolation cosine --fractal billow --octaves 5")
    add(2, "--noise value --interpolation cubic --smooth --period 256")
    add(2, "--noise value --interpolation linear --smooth --period 8")
    add(2, "--noise value --interpolation cubic --smooth --period 16")  # refused: cubic + smooth

    # Periods: one for every axis, and per axis (0: none).
    for period in (1, 3, 16, 64, 256):
        add(2, f"--period {period}")
    add(3, "--period 4,8,2")
    add(3, "--period 0,5,3")
    add(4, "--period 16,0,4,2")
    add(1, "--period 7")
    add(2, "--period 4,0")
    add(2, "--noise classic --period 5")
    add(3, "--noise classic --period 3,4,5")
    add(2, "--noise value --period 6")
    add(3, "--noise value --interpolation cosine --period 4,0,2")
    add(4, "--noise improved4-balanced --period 3")
    add(2, "--fractal fbm --octaves 5 --period 8")
    add(3, "--fractal ridged --octaves 3 --lacunarity 3 --period 4,4,2")
    add(2, "--fractal turbulence --period 16 --octave-offsets")
    add(2, "--fractal fbm --lacunarity 2.5 --period 8")  # refused: fractional lacunarity
    add(1, "--fractal billow --octaves 4 --period 12")
    add(2, "--period 8 --region 1000,2000")

    # Octave offsets.
    for dims in (1, 2, 3, 4):
        add(dims, "--fractal fbm --octave-offsets")
    add(3, "--fractal ridged --octaves 6 --octave-offsets")
    add(2, "--noise classic --fractal billow --octave-offsets")
    add(2, "--noise value --fractal turbulence --octave-offsets")
    add(4, "--noise improved4-balanced --fractal fbm --octave-offsets")

    # Domain warp.
    add(1, "--warp 0.5")
    add(2, "--warp 0.5")
    add(2, "--warp 2")
    add(3, "--warp 1.3")
    add(4, "--warp 0.7")
    add(2, "--noise classic --warp 1")
    add(2, "--noise value --warp 0.8")
    add(3, "--noise value --interpolation cubic --warp 0.6")
    add(4, "--noise improved4-balanced --warp 1")
    add(2, "--fractal fbm --octaves 3 --warp 1.5")
    add(3, "--fractal ridged --octave-offsets --warp 0.9")
    add(2, "--warp 0")
    add(3, "--noise classic --seed 7 --warp 1.1")
    add(2, "--warp 1 --period 8")  # refused: warp with a period

    # Analytic gradients (1 + dims channels).
    for noise in ("improved", "classic"):
        for dims in (1, 2, 3, 4):
            add(dims, f"--noise {noise} --gradient")
    add(4, "--noise improved4-balanced --gradient")
    add(2, "--fractal fbm --gradient")
    add(3, "--fractal fbm --gradient")
    add(3, "--fractal fbm --octaves 3 --persistence 0.6 --lacunarity 2.5 --gradient")
    add(2, "--period 8,4 --fractal fbm --octaves 3 --gradient")
    add(4, "--fractal fbm --octave-offsets --gradient")
    add(3, "--gradient --region 5,6,7")
    add(2, "--gradient", origin="1000000.25,-1000000.5")
    add(2, "--gradient --remap 01")
    add(3, "--noise classic --seed 9 --gradient")
    add(2, "--fractal ridged --gradient")  # refused: gradient with ridged
    add(2, "--noise value --gradient")  # refused: value noise has no gradient

    # Curl noise (3 channels), from three copies of the 3D noise.
    add(3, "--curl")
    add(3, "--noise classic --curl")
    add(3, "--fractal fbm --octaves 3 --curl")
    add(3, "--fractal ridged --curl")
    add(3, "--period 8 --curl")
    add(3, "--seed 5 --curl")
    add(3, "--noise classic --seed 5 --curl")
    add(3, "--fractal turbulence --octave-offsets --curl")
    add(3, "--curl --region 3,4,5", origin="1000000,-1000000,0.5")
    add(3, "--noise value --curl")  # refused: no gradient
    add(3, "--warp 1 --curl")  # refused

    # Seeds (the permutation table, and classic noise's gradients).
    for seed in ("0", "1", "42", "18446744073709551615"):
        add(3, f"--seed {seed}")
    add(2, "--noise classic --seed 1")
    add(2, "--noise classic --seed 42")
    add(4, "--noise classic --seed 3")
    add(2, "--noise value --seed 42")
    add(4, "--noise improved4-balanced --seed 42")
    add(2, "--fractal fbm --seed 7")
    add(3, "--fractal ridged --octave-offsets --seed 9")
    add(1, "--seed 123456789")

    # A permutation table from a file.
    for dims in (1, 2, 3, 4):
        add(dims, PERMUTATION)
    add(2, f"--noise classic {PERMUTATION}")
    add(2, f"--noise value {PERMUTATION}")
    add(4, f"--noise improved4-balanced {PERMUTATION}")
    add(3, f"--fractal fbm {PERMUTATION}")
    add(2, f"--gradient {PERMUTATION}")
    add(3, f"--curl {PERMUTATION}")

    # Regions: tiles of the global grid.
    add(1, "--region 1000")
    add(2, "--region 16,0")
    add(2, "--region 5,7")
    add(3, "--region 3,5,7")
    add(4, "--region 1,2,3,4")
    add(2, "--fractal fbm --region 100000,3")
    add(3, "--noise classic --region 2,0,9")
    add(2, "--noise value --interpolation cubic --region 33,44")
    add(2, "--region 7,9", origin="-5.5,-3.25")
    add(4, "--noise improved4-balanced --region 0,0,0,9")

    # Origins far from 0 (positions reduced exactly modulo the period).
    add(1, "", origin="1000000")
    add(1, "", origin="-1000000")
    add(2, "", origin="1000000,1000000")
    add(2, "", origin="-1000000,1000000.5")
    add(3, "", origin="1000000,-1000000,1000000")
    add(4, "", origin="1000000,-1000000,1000000,-1000000")
    add(2, "--fractal fbm --octaves 8", origin="1000000.3,-1000000.7")
    add(3, "--noise classic", origin="-1000000.1,-1000000.2,-1000000.3")
    add(2, "--noise value --interpolation cosine", origin="1000000.5,1000000.5")
    add(4, "--noise improved4-balanced", origin="-1000000,-1000000,-1000000,-1000000")
    add(3, "--fractal ridged --octave-offsets", origin="1000000.75,1000000.25,-1000000.5")
    add(2, "--period 16", origin="1000000.1,-1000000.1")
    add(2, "", origin="1000000,1000000", step="0.001")
    add(3, "", origin="1000000000,-1000000000,0.5")
    add(2, "--fractal fbm --octaves 16", origin="1000000,1000000")  # refused: out of range

    # --remap 01.
    add(2, "--remap 01")
    add(3, "--fractal fbm --remap 01")
    add(1, "--noise value --interpolation cubic --remap 01")
    add(4, "--noise classic --remap 01")

    # Steps: per axis, negative, fine.
    add(3, "", step="0.1,0.7,1.3")
    add(2, "", origin="0.5,0.5", step="1")
    add(2, "", step="0.0001")
    add(4, "--noise classic", step="0.3,-0.6,0.9,-1.2")

    # Animation: --dims 1..3 fields as frames of noise one dims up.
    add(2, "--time 0:4 --frames 3", size="8x8")
    add(2, "--time 0:4 --frames 4 --loop", size="8x8")
    add(3, "--time -1:1 --frames 2", size="4x4x2")
    add(2, "--fractal fbm --octaves 3 --time 0:8 --frames 3 --loop", size="8x8")
    add(2, "--noise classic --time 0.5:2.5 --frames 3", size="8x8")
    add(2, "--noise value --interpolation cosine --time 0:3 --frames 3", size="8x8")
    add(1, "--time 0:2 --frames 3", size="16")

    # The cpu backend's thread count (the same bits on any number of threads).
    add(3, "--fractal fbm --threads 1")
    add(3, "--fractal fbm --threads 3")
    return cases


def eval_cases():
    return [
        "--dims 1",
        "--dims 2 --fractal fbm",
        "--dims 3",
        "--dims 4",
        "--dims 4 --noise improved4-balanced",
        "--dims 3 --noise classic --seed 5",
        "--dims 2 --noise value --interpolation cosine --smooth",
        "--dims 3 --gradient",
        "--dims 3 --curl",
        "--dims 2 --fractal ridged --period 8 --octave-offsets",
        "--dims 3 --warp 0.7",
        f"--dims 2 {PERMUTATION}",
        "--dims 3 --remap 01",
        "--dims 3 --fractal billow --octaves 5 --lacunarity 2.1",
        "--dims 1 --noise value --interpolation cubic --fractal fbm",
    ]


def eval_points(dims):
    """40 scattered points, dims numbers a line: lattice points, negatives, and points near +-1e6.
    Built from integers so the text never depends on float formatting."""
    lines = []
    for i in range(40):
        coords = []
        for axis in range(dims):
            m = (i * 7919 + axis * 104729) % 20001 - 10000  # -10000 .. 10000
            if i % 10 == 3:
                m -= m % 1000  # on the lattice
            whole, frac = divmod(abs(m), 1000)
            if i % 10 == 7:
                whole += 1000000
            sign = "-" if m < 0 else ""
            coords.append(f"{sign}{whole}.{frac:03d}")
        lines.append(" ".join(coords))
    return "\n".join(lines) + "\n"


def all_cases():
    cases = [("render", o) for o in render_cases()] + [("eval", o) for o in eval_cases()]
    seen = set()
    for case in cases:
        assert case not in seen, f"case listed twice: {case}"
        seen.add(case)
    return [(b, c, o) for c, o in cases for b in BACKENDS]


def run_case(vknoise, work, backend, command, options):
    """(bytes, sha256) of the case's output, or (None, "refused (exit N): message")."""
    args = shlex.split(options.replace("{golden}", HERE))
    with tempfile.TemporaryDirectory(dir=work) as out_dir:
        if command == "render":
            out = "out_%03d.raw" if "--time" in args else "out.raw"
            argv = [vknoise, "render", *args, "--backend", backend, "--quiet", "--out",
                    os.path.join(out_dir, out)]
            stdin = None
        else:
            dims = int(args[args.index("--dims") + 1])
            argv = [vknoise, "eval", *args, "--backend", backend]
            stdin = eval_points(dims).encode()
        try:
            done = subprocess.run(argv, input=stdin, capture_output=True, timeout=600)
        except subprocess.TimeoutExpired:
            return None, "timed out after 600 s"
        if done.returncode != 0:
            message = done.stderr.decode(errors="replace").strip().replace("\t", " ")
            message = " | ".join(message.splitlines())
            return None, f"refused (exit {done.returncode}): {message}"
        if command == "eval":
            data = done.stdout
        else:
            data = b"".join(open(os.path.join(out_dir, name), "rb").read()
                            for name in sorted(os.listdir(out_dir)))
        return len(data), hashlib.sha256(data).hexdigest()


def outcome_text(size, digest):
    return f"{size}\t{digest}" if size is not None else f"-\t{digest}"


def read_table(path):
    table = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) != 5:
                sys.exit(f"{path}:{number}: expected 5 tab-separated fields, got {len(fields)}")
            backend, command, options, size, digest = fields
            table[(backend, command, options)] = (size, digest)
    return table


HEADER = """\
# Golden outputs of the built-in field options: one line per case and backend,
#   backend <TAB> command <TAB> options <TAB> bytes <TAB> sha256 of the output
# The output is the .raw file of `vknoise render OPTIONS --backend B --quiet --out out.raw` (the
# frames' files concatenated in order with --time), or the standard output of
# `vknoise eval OPTIONS --backend B` on field_hashes.py's 40 points. {golden} is this directory.
# A line whose bytes are "-" is a combination the tool refuses, with its exit status and message:
# it must stay refused with that status. Refused here, on every backend alike: value cubic
# --smooth with a period other than 256, a fractional lacunarity with a period, --warp with a
# period, --gradient with ridged or with value noise, --curl with value noise or with --warp,
# and an octave position beyond 2^31 (16 octaves at 1e6). No backend refuses a combination that
# another backend computes. cpu and gpu give the same bytes on every case (both are the float
# mirror); cpu-reference is the double reference rounded to float. Some cases give the same
# bytes as others by design (--fractal none, --octaves 1, --warp 0 and --period 256 as the
# defaults; --threads; value noise hashes its cells itself, so --seed and --permutation leave it
# unchanged): kept, so that a change that breaks such an identity shows.
# Checked by ctest's golden_field_hashes (field_hashes.py). Written by
#   python3 tests/golden/field_hashes.py build/src/cli/vknoise --regenerate
# only when a change of output is intended; the commit says which cases change and why.
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("vknoise")
    parser.add_argument("--regenerate", action="store_true")
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--table", default=TABLE)
    ns = parser.parse_args()
    vknoise = os.path.abspath(ns.vknoise)
    cases = all_cases()

    with tempfile.TemporaryDirectory() as work, \
            concurrent.futures.ThreadPoolExecutor(max(1, ns.jobs)) as pool:
        futures = [pool.submit(run_case, vknoise, work, *case) for case in cases]
        results = [f.result() for f in futures]
    outcome = dict(zip(cases, results))

    by_case = {}
    for (backend, command, options), result in outcome.items():
        by_case.setdefault((command, options), {})[backend] = result
    differ = [key for key, r in by_case.items() if r["cpu"] != r["gpu"]]
    refused_by_some = [key for key, r in by_case.items()
                       if len({r[b][0] is None for b in BACKENDS}) > 1]

    if ns.regenerate:
        with open(ns.table, "w", encoding="utf-8") as f:
            f.write(HEADER)
            for case in cases:
                f.write("\t".join(case) + "\t" + outcome_text(*outcome[case]) + "\n")
        print(f"wrote {len(cases)} lines to {ns.table}")
        for command, options in differ:
            print(f"NOTE: cpu and gpu differ: {command} {options}")
        for command, options in refused_by_some:
            print(f"NOTE: refused by some backends only: {command} {options}")
        return 0

    table = read_table(ns.table)
    failures = []
    for case in cases:
        got = outcome_text(*outcome[case])
        want = table.get(case)
        name = f"{case[0]}: vknoise {case[1]} {case[2]}"
        if want is None:
            failures.append(f"{name}: not in {os.path.basename(ns.table)} (regenerate if the "
                            f"case was added on purpose)")
            continue
        want_text = "\t".join(want)
        if want[0] == "-" or got.startswith("-"):
            # A refusal must stay one with the same exit status; its wording may change.
            same = got.split(":")[0] == want_text.split(":")[0]
        else:
            same = got == want_text
        if not same:
            failures.append(f"{name}\n    got   {got}\n    table {want_text}".replace("\t", " "))
    for case in sorted(set(table) - set(cases)):
        failures.append(f"{case[0]}: vknoise {case[1]} {case[2]}: in the table but no longer a "
                        f"case of field_hashes.py")
    for failure in failures:
        print(f"FAIL: {failure}", file=sys.stderr)
    for command, options in differ:
        print(f"note: cpu and gpu differ (as recorded): {command} {options}")
    counts = {b: sum(1 for c in cases if c[0] == b) for b in BACKENDS}
    print(f"{len(cases) - len(failures)} of {len(cases)} cases match ("
          + ", ".join(f"{b} {n}" for b, n in counts.items()) + ")")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
