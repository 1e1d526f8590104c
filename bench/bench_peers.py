#!/usr/bin/python3
"""vknoise side by side with FastNoise2 (docs/benchmarks.md, "Side by side with FastNoise2").

Two `vknoise bench` binaries, vknoise built the same (GCC) in both and FastNoise2 by g++ in one and
clang++ in the other (its speed depends on its compiler), take turns, round after round (the
first of each round alternating too); each run has cpu-fast and fastnoise2 on one thread, their
repeats alternating (`vknoise bench` does that). Per round and workload the ratio is vknoise's
throughput over the better FastNoise2 build's in that round: for a built-in field, the median of
the per-pair ratios of the better build's run; for the fBm graph, the graph row's median over
FastNoise2's fBm median from the same run. One markdown table: the rounds' ratios, their median and
interquartile range, which build won, the CPU and the load.

    bench/bench_peers.py [--rounds N] [--repeats N] GCC_BUILD/vknoise CLANG_BUILD/vknoise
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

GRAPH = "bench/graphs/fbm6_noise3.json"

# One bench invocation per entry: its arguments, then the workloads read from its JSON, each as
# (label, workload, dims, octaves, graph): the row of cpu-fast (or the graph) against
# fastnoise2's row of the same workload, dims and octaves.
RUNS = [
    (["--dims", "3,4", "--size", "256x256x64,64x64x64x64", "--octaves", "1"],
     [("3D grid 256x256x64, 1 octave", "grid", 3, 1, False),
      ("4D grid 64x64x64x64, 1 octave", "grid", 4, 1, False)]),
    (["--dims", "3", "--size", "256x256x16", "--octaves", "6", "--graph", GRAPH],
     [("3D fBm 256x256x16, 6 octaves", "grid", 3, 6, False),
      ("the same fBm as a graph (fbm6_noise3.json)", "grid", 3, 6, True)]),
    # The points as doubles, then rounded to float (what FastNoise2 reads in both runs): vknoise's
    # double and float inputs.
    (["--workloads", "points", "--dims", "3,4", "--size", "128x128x64,32x32x32x32",
      "--octaves", "1"],
     [("3D points, 1,048,576, 1 octave, double input", "points", 3, 1, False),
      ("4D points, 1,048,576, 1 octave, double input", "points", 4, 1, False)]),
    (["--workloads", "points", "--point-type", "float", "--dims", "3,4", "--size",
      "128x128x64,32x32x32x32", "--octaves", "1"],
     [("3D points, 1,048,576, 1 octave, float input", "points", 3, 1, False),
      ("4D points, 1,048,576, 1 octave, float input", "points", 4, 1, False)]),
]


def load_average():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def cpu_model():
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return "unknown"


def quartiles(values):
    """Lower quartile, median, upper quartile (linear interpolation, as the bench's summary)."""
    ordered = sorted(values)

    def at(q):
        position = q * (len(ordered) - 1)
        below = int(position)
        above = min(below + 1, len(ordered) - 1)
        return ordered[below] + (position - below) * (ordered[above] - ordered[below])

    return at(0.25), at(0.5), at(0.75)


def run_bench(binary, arguments, repeats):
    """The bench's JSON results of one invocation."""
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "bench.json")
        command = [binary, "bench", "--backends", "cpu-fast,fastnoise2", "--threads", "1",
                   "--repeats", str(repeats), "--warmup", "1", "--json", path] + arguments
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True)
        if done.returncode != 0:
            sys.exit(f"bench_peers: {' '.join(command)}: {done.stderr.strip()}")
        with open(path) as f:
            report = json.load(f)
    return report


def find(results, backend, work, dims, octaves, graph):
    for r in results:
        if (r["backend"] == backend and r["workload"] == work and r["dims"] == dims
                and (r["graph"] is not None) == graph and not r["skipped"]
                and (graph or r["octaves"] == octaves)):
            return r
    sys.exit(f"bench_peers: no measured {backend} row for {work} {dims}D {octaves} octave(s)")


def ratio_of(results, work, dims, octaves, graph):
    """vknoise's throughput over FastNoise2's in one run, and FastNoise2's Msamples/s."""
    peer = find(results, "fastnoise2", work, dims, octaves, False)
    if graph:
        ours = find(results, "cpu-fast", work, dims, octaves, True)
        return ours["msamples_per_s"] / peer["msamples_per_s"], peer["msamples_per_s"]
    return statistics.median(peer["pair_ratios"]), peer["msamples_per_s"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=int(os.environ.get("PEERS_ROUNDS", 7)))
    parser.add_argument("--repeats", type=int, default=7,
                        help="timed repeats per run (vknoise bench --repeats)")
    parser.add_argument("gcc_binary", help="vknoise with FastNoise2 built by g++")
    parser.add_argument("clang_binary", help="vknoise with FastNoise2 built by clang++")
    args = parser.parse_args()
    if args.rounds < 1 or args.repeats < 1:
        sys.exit("bench_peers: --rounds and --repeats must be at least 1")
    builds = {"g++": args.gcc_binary, "clang++": args.clang_binary}

    labels = [label for _, workloads in RUNS for label, *_ in workloads]
    ratios = {label: [] for label in labels}
    wins = {label: {name: 0 for name in builds} for label in labels}
    peer_build = {}
    load_start, start = load_average(), time.time()
    for round_index in range(args.rounds):
        order = list(builds) if round_index % 2 == 0 else list(reversed(builds))
        for arguments, workloads in RUNS:
            per_build = {}
            for name in order:
                report = run_bench(builds[name], arguments, args.repeats)
                peer_build[name] = report["machine"]["peer_build"]
                per_build[name] = {label: ratio_of(report["results"], *spec)
                                   for label, *spec in workloads}
            for label, *_ in workloads:
                # The better FastNoise2 build is the faster one: vknoise's ratio against it is the
                # smaller.
                best = max(builds, key=lambda name: per_build[name][label][1])
                wins[label][best] += 1
                ratios[label].append(per_build[best][label][0])
        print(f"bench_peers: round {round_index + 1}/{args.rounds} done, load "
              f"{load_average():.2f}", file=sys.stderr)
    load_end = load_average()

    print(f"`bench/bench_peers.py --rounds {args.rounds} --repeats {args.repeats}`, "
          f"{time.strftime('%Y-%m-%dT%H:%MZ', time.gmtime(start))}, {cpu_model()}, "
          f"{os.cpu_count()} hardware threads; load average (1 min) {load_start:.2f} at start, "
          f"{load_end:.2f} at end; {round((time.time() - start) / 60, 1)} min.")
    for name, text in peer_build.items():
        print(f"- {name} build: {text}")
    print()
    print("| workload | vknoise / best FastNoise2, per round | median | IQR | better build "
          "(rounds) |")
    print("|---|---|---|---|---|")
    for label in labels:
        lower, median, upper = quartiles(ratios[label])
        rounds = " ".join(f"{r:.2f}" for r in ratios[label])
        won = ", ".join(f"{name} {count}" for name, count in wins[label].items())
        print(f"| {label} | {rounds} | {median:.2f}x | {lower:.2f}-{upper:.2f} | {won} |")


if __name__ == "__main__":
    main()
