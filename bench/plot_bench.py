#!/usr/bin/env python3
"""Charts of `vknoise bench --json` output: throughput against field size (or point count), one
line per backend (cpu-fast once per thread count), one panel per octave count; log-log axes.

Usage: plot_bench.py BENCH.json OUT_DIR [--markdown]
Writes OUT_DIR/bench_3d.png and OUT_DIR/bench_4d.png for the grid workload and
OUT_DIR/bench_points_3d.png and OUT_DIR/bench_points_4d.png for the points workload (each where
the JSON has such rows); with --markdown, also prints the figures as Markdown tables, one per
workload and dims (median Msamples/s, min-max in brackets; "-" where skipped or n/a).
"""
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

STYLE = {
    "gpu": ("tab:green", "o"),
    "gpu-e2e": ("tab:olive", "s"),
    "cpu-reference": ("tab:gray", "v"),
    "cpu-fast": ("tab:blue", "D"),
    "stb": ("tab:orange", "^"),
    "glm": ("tab:red", "P"),
}


def series_name(row):
    if row["backend"] == "cpu-fast":
        return "cpu-fast, %d thread%s" % (row["threads"], "" if row["threads"] == 1 else "s")
    return row["backend"]


def workload(row):
    return row.get("workload", "grid")  # JSON written before the points workload existed


def plot(report, work, dims, path):
    rows = [r for r in report["results"]
            if workload(r) == work and r["dims"] == dims and not r["skipped"]]
    if not rows:
        return False
    octaves = sorted({r["octaves"] for r in rows})
    fig, axes = plt.subplots(1, len(octaves), figsize=(5.2 * len(octaves), 4.4), squeeze=False,
                             sharey=True)
    for ax, oct_count in zip(axes[0], octaves):
        series = {}
        for r in rows:
            if r["octaves"] == oct_count:
                series.setdefault(series_name(r), []).append(r)
        for name in sorted(series, key=lambda n: list(STYLE).index(n.split(",")[0])):
            points = sorted(series[name], key=lambda r: r["samples"])
            colour, marker = STYLE[points[0]["backend"]]
            dashed = points[0]["backend"] == "cpu-fast" and points[0]["threads"] > 1
            ax.plot([p["samples"] for p in points], [p["msamples_per_s"] for p in points],
                    color=colour, marker=marker, linestyle="--" if dashed else "-", label=name)
            lows = [p["msamples_per_s"] - p["spread"]["min"] for p in points]
            highs = [p["spread"]["max"] - p["msamples_per_s"] for p in points]
            ax.errorbar([p["samples"] for p in points], [p["msamples_per_s"] for p in points],
                        yerr=[lows, highs], color=colour, linestyle="none", capsize=2)
        ax.set_xscale("log")
        ax.set_yscale("log")
        what = "grid" if work == "grid" else "scattered points"
        ax.set_title("%dD improved noise, %s, %d octave%s" % (
            dims, what, oct_count, "" if oct_count == 1 else "s (fBm)"), fontsize=10)
        ax.set_xlabel("samples per field" if work == "grid" else
                      "points per call (as many as the grid's samples, in its box)")
        ax.grid(True, which="both", alpha=0.3)
    axes[0][0].set_ylabel("Msamples/s (median; bars: min-max)")
    axes[0][-1].legend(fontsize=8)
    machine = report["machine"]
    gpu = machine.get("gpu_device") or "no GPU"
    fig.suptitle("%s, %s threads; Vulkan: %s; %s" % (machine["cpu_model"], machine["cores"], gpu,
                                                     machine["date"][:10]), fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return True


def columns(results):
    order = []
    for r in results:
        name = series_name(r)
        if name not in order:
            order.append(name)
    return sorted(order, key=lambda n: (list(STYLE).index(n.split(",")[0]), n))


def markdown(report):
    lines = []
    for work in ("grid", "points"):
        results = [r for r in report["results"] if workload(r) == work]
        if results:
            lines.append(markdown_tables(results, work))
    return "\n".join(lines)


def markdown_tables(results, work):
    names = columns(results)
    lines = []
    for dims in (3, 4):
        rows = [r for r in results if r["dims"] == dims]
        if not rows:
            continue
        lines.append("%s, %dD:" % ("Grid" if work == "grid" else "Points", dims))
        lines.append("")
        keys = []
        for r in sorted(rows, key=lambda r: (r["octaves"], r["samples"], r["size"])):
            key = (r["octaves"], tuple(r["size"]))
            if key not in keys:
                keys.append(key)
        lines.append("| %s | octaves | %s |" % (
            "%dD size" % dims if work == "grid" else "%dD points: as many as the size's" % dims,
            " | ".join(names)))
        lines.append("|---|---|%s" % ("---|" * len(names)))
        for octaves, size in keys:
            cells = []
            for name in names:
                match = [r for r in rows if r["octaves"] == octaves and tuple(r["size"]) == size
                         and series_name(r) == name]
                if not match or match[0]["skipped"]:
                    cells.append("-")
                else:
                    m = match[0]
                    cells.append("%.3g (%.3g-%.3g)" % (m["msamples_per_s"], m["spread"]["min"],
                                                       m["spread"]["max"]))
            lines.append("| %s | %d | %s |" % ("x".join(map(str, size)), octaves,
                                              " | ".join(cells)))
        lines.append("")
    return "\n".join(lines)


def main():
    want_markdown = "--markdown" in sys.argv[1:]
    args = [a for a in sys.argv[1:] if a != "--markdown"]
    if len(args) != 2:
        sys.exit(__doc__)
    report = json.load(open(args[0]))
    os.makedirs(args[1], exist_ok=True)
    for work, prefix in (("grid", "bench_"), ("points", "bench_points_")):
        for dims in (3, 4):
            path = os.path.join(args[1], "%s%dd.png" % (prefix, dims))
            if plot(report, work, dims, path):
                print("wrote", path, file=sys.stderr)
    if want_markdown:
        print(markdown(report))


if __name__ == "__main__":
    main()
