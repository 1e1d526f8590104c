#!/usr/bin/python3
"""The Python binding's cost, in one run (docs/benchmarks.md, "Python"):

1. vknoise.field over a 256^3 field (dims 3, the default noise) against compute_backend::fill of
   the same field timed in C++ in the same process (vknoise._vknoise._time_fill): medians of
   --repeats runs after a warm-up, and the binding's overhead in percent. The Python calls
   write into one array (out=), as the C++ fills write into one buffer, so both time the fill
   and not the first touch of fresh memory.
2. pnoise3 over --points points (one call on arrays) against python3-noise's noise.pnoise3,
   which takes one point per call: called in a Python loop over the same points (a list
   comprehension over floats), the way that package is used.

    PYTHONPATH=build/python /usr/bin/python3 bench/python_bench.py [--backends cpu,gpu]
"""

import argparse
import statistics
import time

import numpy as np

import vknoise
from vknoise import _arguments, _vknoise


def median_seconds(call, repeats):
    call()  # warm-up: the backend, its threads, the first touch of the output
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def field_rows(backends, size, repeats, rounds):
    """Python's and C++'s fills alternate, `rounds` times `repeats` runs each, into the same
    array: both see the same memory and the same load from the rest of the machine."""
    for name in backends:
        backend = vknoise.Backend(name)
        spec = _arguments.field(size, 0.0, 1 / 32, 3, None, {}, None, None)
        out = np.empty(spec.shape, dtype=np.float32)
        python, cxx = [], []
        call = lambda: vknoise.field(size, dims=3, backend=backend, out=out)  # noqa: E731
        call()
        for _ in range(rounds):
            for _ in range(repeats):
                start = time.perf_counter()
                call()
                python.append(time.perf_counter() - start)
            cxx += _vknoise._time_fill(backend, spec, repeats, out)
        label = f"vknoise.field {'x'.join(map(str, size))}, {name}"
        yield label, statistics.median(python), statistics.median(cxx), np.prod(size)


def pnoise_rows(count, repeats):
    rng = np.random.default_rng(1)
    x, y, z = rng.uniform(-100, 100, size=(3, count))
    ours = median_seconds(lambda: vknoise.pnoise3(x, y, z, backend="cpu"), repeats)
    import noise  # python3-noise
    xs, ys, zs = x.tolist(), y.tolist(), z.tolist()
    theirs = median_seconds(lambda: [noise.pnoise3(a, b, c) for a, b, c in zip(xs, ys, zs)],
                            max(1, repeats // 3))
    return ours, theirs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backends", default="cpu", help="comma-separated: cpu,gpu,...")
    parser.add_argument("--size", default="256x256x256")
    parser.add_argument("--repeats", type=int, default=1, help="runs per round")
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--points", type=int, default=1_000_000)
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.split("x"))

    print(f"vknoise {vknoise.__version__}, devices: "
          f"{', '.join(d['name'] for d in vknoise.devices()) or 'none'}")
    print(f"\nmedians of {args.rounds} x {args.repeats} runs each, alternating\n")
    print(f"| field | Python median | C++ fill median | overhead | Python Msamples/s |")
    print("|---|---|---|---|---|")
    for label, python, cxx, samples in field_rows(args.backends.split(","), size, args.repeats,
                                                      args.rounds):
        print(f"| {label} | {python * 1e3:.1f} ms | {cxx * 1e3:.1f} ms | "
              f"{(python / cxx - 1) * 100:+.2f}% | {samples / python / 1e6:.0f} |")

    ours, theirs = pnoise_rows(args.points, args.repeats)
    print(f"\n| pnoise3 over {args.points:,} points | seconds | Mpoints/s |")
    print("|---|---|---|")
    print(f"| vknoise.pnoise3(x, y, z) on arrays, backend cpu | {ours:.4f} | "
          f"{args.points / ours / 1e6:.1f} |")
    print(f"| noise.pnoise3 (python3-noise) in a Python loop | {theirs:.3f} | "
          f"{args.points / theirs / 1e6:.2f} |")
    print(f"\nvknoise.pnoise3 is {theirs / ours:.0f}x faster")


if __name__ == "__main__":
    main()
