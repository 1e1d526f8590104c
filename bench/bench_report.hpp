// The bench's figures as a terminal table, JSON and CSV (text only; writing files is the
// caller's).
//
// JSON: {"machine": {...}, "settings": {...}, "results": [{"workload", "backend", "dims", "size",
// "octaves", "threads", "samples", "msamples_per_s", "spread": {"kind": "min-max", "min", "max"},
// "median_seconds", "repeats", "skipped", "note", "alu_fraction", "graph"}]}; workload is "grid"
// or "points" (bench_workload.hpp; for points, samples is the point count), a skipped row has null
// figures, a GPU row null threads; a fastnoise2 row whose repeats alternated with cpu-fast's also
// has "pair_ratios" (bench_result::pair_ratios). CSV: one header line, then one line per row, the
// same fields with workload last.
#pragma once

#include <string>
#include <vector>

#include "bench_runner.hpp"

namespace vknoise::bench {

struct report_settings {
  int repeats = 0;
  int warmup = 0;
  double budget_seconds = 0;
  std::string command;  // the command line that produced the figures
};

// "256x256x1": the size's first `dims` axes.
std::string format_bench_size(const bench_result& row);

std::string table_header();
std::string table_row(const bench_result& row);
// Throughput ratios within each workload (cpu-fast against stb and glm at 1 thread, cpu-fast N
// threads against 1) and across them (cpu-fast's grid against its points, 1 thread), one line per
// ratio, dims and octave count, at the largest size where both were measured. Grid ratios against
// the peers say that they set a grid fill against a point function. First, for each fastnoise2
// row that alternated with cpu-fast: the median and interquartile range of the pairs' ratios.
std::string ratio_summary(const std::vector<bench_result>& results);

std::string to_json(const bench_report& report, const report_settings& settings);
std::string to_csv(const bench_report& report);

}  // namespace vknoise::bench
