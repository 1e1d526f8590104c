#include "bench_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

namespace vknoise::bench {
namespace {

std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
      out += escaped;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

std::string number(double value) {
  if (!std::isfinite(value)) return "null";
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", value);
  return text;
}

std::string optional_number(const std::optional<double>& value) {
  return value ? number(*value) : "null";
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

// The measured row of `backend` at `threads` for the same field as `like`, in workload `work`.
const bench_result* find_row(const std::vector<bench_result>& results, workload work,
                             backend_id backend, unsigned threads, const bench_result& like) {
  for (const bench_result& r : results) {
    if (r.work == work && r.backend == backend && r.dims == like.dims &&
        r.octaves == like.octaves && r.threads == threads && r.size == like.size &&
        r.graph == like.graph && !r.skipped) {
      return &r;
    }
  }
  return nullptr;
}

struct quartiles {
  double lower, median, upper;
};

// Linear interpolation between order statistics (numpy's default), so that the script that
// gathers the runs' figures and the summary agree.
double quantile(const std::vector<double>& sorted, double q) {
  const double at = q * static_cast<double>(sorted.size() - 1);
  const std::size_t below = static_cast<std::size_t>(at);
  const std::size_t above = std::min(below + 1, sorted.size() - 1);
  return sorted[below] + (at - static_cast<double>(below)) * (sorted[above] - sorted[below]);
}

quartiles quartiles_of(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return {quantile(values, 0.25), quantile(values, 0.5), quantile(values, 0.75)};
}

}  // namespace

std::string format_bench_size(const bench_result& row) {
  std::string text;
  for (int axis = 0; axis < row.dims; ++axis) {
    if (axis) text += 'x';
    text += std::to_string(row.size[axis]);
  }
  return text;
}

std::string table_header() {
  char text[200];
  std::snprintf(text, sizeof text, "%-8s %-4s %-14s %-3s %-13s %-7s %12s  %-19s %s\n", "workload",
                "dims", "size", "oct", "backend", "threads", "Msamples/s", "spread (min-max)",
                "note");
  return text;
}

std::string table_row(const bench_result& row) {
  char text[400];
  const std::string threads = row.threads ? std::to_string(row.threads) : "-";
  // A graph's row: its own octaves ("g" in the column), its name in the note.
  const std::string octaves = row.graph.empty() ? std::to_string(row.octaves) : "g";
  const std::string graph_note = row.graph.empty() ? "" : "graph " + row.graph + " ";
  if (row.skipped) {
    std::snprintf(text, sizeof text, "%-8s %-4d %-14s %-3s %-13s %-7s %12s  %-19s %s%s\n",
                  workload_name(row.work), row.dims, format_bench_size(row).c_str(),
                  octaves.c_str(), backend_name(row.backend), threads.c_str(), "-", "-",
                  graph_note.c_str(), row.note.c_str());
    return text;
  }
  char spread[48];
  std::snprintf(spread, sizeof spread, "%.3g-%.3g", row.min_msps, row.max_msps);
  std::string note;
  if (row.alu_fraction) {
    char fraction[48];
    std::snprintf(fraction, sizeof fraction, "%.1f%% of ALU bound", *row.alu_fraction * 100);
    note = fraction;
  }
  std::snprintf(text, sizeof text, "%-8s %-4d %-14s %-3s %-13s %-7s %12.4g  %-19s %s%s\n",
                workload_name(row.work), row.dims, format_bench_size(row).c_str(), octaves.c_str(),
                backend_name(row.backend), threads.c_str(), row.median_msps, spread,
                graph_note.c_str(), note.c_str());
  return text;
}

std::string ratio_summary(const std::vector<bench_result>& results) {
  // For each ratio, dims and octave count: the largest size where both sides were measured.
  struct ratio {
    std::string what;
    const bench_result* a;
    const bench_result* b;
  };
  std::vector<ratio> ratios;
  auto consider = [&](std::string what, const bench_result& a, const bench_result& b) {
    for (ratio& r : ratios) {
      if (r.what == what && r.a->dims == a.dims && r.a->octaves == a.octaves) {
        if (a.samples > r.a->samples) r = {what, &a, &b};
        return;
      }
    }
    ratios.push_back({std::move(what), &a, &b});
  };
  for (const bench_result& fast : results) {
    if (fast.backend != backend_id::cpu_fast || fast.skipped || fast.threads != 1) continue;
    const std::string work = workload_name(fast.work);
    const std::string against_point_function =
        fast.work == workload::grid ? " (a grid fill against a point function)" : "";
    for (backend_id peer : {backend_id::stb, backend_id::glm}) {
      if (auto* other = find_row(results, fast.work, peer, 1, fast)) {
        consider(
            work + ": cpu-fast / " + backend_name(peer) + ", 1 thread" + against_point_function,
            fast, *other);
      }
    }
    for (const bench_result& many : results) {
      if (many.work == fast.work && many.backend == backend_id::cpu_fast && !many.skipped &&
          many.threads > 1 && many.dims == fast.dims && many.size == fast.size &&
          many.octaves == fast.octaves && many.graph == fast.graph) {
        consider(work + ": cpu-fast " + std::to_string(many.threads) + " threads / 1 thread", many,
                 fast);
      }
    }
    if (fast.work == workload::grid) {
      if (auto* scattered = find_row(results, workload::points, backend_id::cpu_fast, 1, fast)) {
        consider("cpu-fast grid / points, 1 thread", fast, *scattered);
      }
    }
  }
  // A graph against each built-in field of its grid, backend by backend: what composing costs.
  for (const bench_result& g : results) {
    if (g.graph.empty() || g.skipped) continue;
    for (const bench_result& b : results) {
      if (!b.graph.empty() || b.skipped || b.work != g.work || b.backend != g.backend ||
          b.threads != g.threads || b.dims != g.dims || b.size != g.size) {
        continue;
      }
      const std::string threads = g.threads ? ", " + std::to_string(g.threads) + " thread(s)" : "";
      consider(std::string(backend_name(g.backend)) + threads + ": graph " + g.graph +
                   " / built-in " + std::to_string(b.octaves) + " octave(s)",
               g, b);
    }
  }
  std::string text;
  // FastNoise2, whose repeats alternated with cpu-fast's: the median and interquartile range of
  // the pairs' ratios, which the machine's drift affects least.
  for (const bench_result& peer : results) {
    if (peer.backend != backend_id::fastnoise2 || peer.pair_ratios.empty()) continue;
    char line[300];
    const quartiles q = quartiles_of(peer.pair_ratios);
    std::snprintf(line, sizeof line,
                  "%s: cpu-fast 1 thread / fastnoise2, %dD %s, %d octave(s): %.2fx "
                  "(IQR %.2f-%.2f over %zu alternating pairs)\n",
                  workload_name(peer.work), peer.dims, format_bench_size(peer).c_str(),
                  peer.octaves, q.median, q.lower, q.upper, peer.pair_ratios.size());
    text += line;
  }
  for (const ratio& r : ratios) {
    char line[300];
    if (!r.a->graph.empty()) {
      std::snprintf(line, sizeof line, "%s, %dD %s: %.3fx\n", r.what.c_str(), r.a->dims,
                    format_bench_size(*r.a).c_str(), r.a->median_msps / r.b->median_msps);
    } else {
      std::snprintf(line, sizeof line, "%s, %dD %s, %d octave(s): %.2fx\n", r.what.c_str(),
                    r.a->dims, format_bench_size(*r.a).c_str(), r.a->octaves,
                    r.a->median_msps / r.b->median_msps);
    }
    text += line;
  }
  return text;
}

std::string to_json(const bench_report& report, const report_settings& settings) {
  const machine_info& m = report.machine;
  std::string out = "{\n  \"machine\": {\n";
  auto field = [&](const char* name, const std::string& value, bool last = false) {
    out += "    \"" + std::string(name) + "\": " + value + (last ? "\n" : ",\n");
  };
  field("cpu_model", json_string(m.cpu_model));
  field("cores", std::to_string(m.cores));
  field("simd_target", json_string(m.simd_target));
  field("gpu_device", m.gpu_name.empty() ? "null" : json_string(m.gpu_name));
  field("gpu_type", m.gpu_type.empty() ? "null" : json_string(m.gpu_type));
  field("driver", m.driver.empty() ? "null" : json_string(m.driver));
  field("vulkan_api", m.vulkan_api.empty() ? "null" : json_string(m.vulkan_api));
  field("gpu_note", m.gpu_note.empty() ? "null" : json_string(m.gpu_note));
  field("peak_gops", optional_number(m.peak_gops));
  field("peak_source", m.peak_source.empty() ? "null" : json_string(m.peak_source));
  field("peer_build", json_string(m.peer_build));
  field("load_average_start", optional_number(m.load_start));
  field("load_average_end", optional_number(m.load_end));
  field("date", json_string(m.date), true);
  out += "  },\n  \"settings\": {\n";
  field("command", json_string(settings.command));
  field("repeats", std::to_string(settings.repeats));
  field("warmup", std::to_string(settings.warmup));
  field("budget_seconds", number(settings.budget_seconds));
  field("statistic", json_string("median Msamples/s over the repeats"));
  field("spread", json_string("min-max Msamples/s over the repeats"), true);
  out += "  },\n  \"results\": [";
  bool first = true;
  for (const bench_result& r : report.results) {
    out += first ? "\n    {" : ",\n    {";
    first = false;
    std::string size = "[";
    for (int axis = 0; axis < r.dims; ++axis) {
      size += (axis ? ", " : "") + std::to_string(r.size[axis]);
    }
    size += "]";
    out += "\"workload\": " + json_string(workload_name(r.work));
    out += ", \"backend\": " + json_string(backend_name(r.backend));
    out += ", \"dims\": " + std::to_string(r.dims);
    out += ", \"size\": " + size;
    out += ", \"octaves\": " + std::to_string(r.octaves);
    out += ", \"threads\": " + (r.threads ? std::to_string(r.threads) : std::string("null"));
    out += ", \"samples\": " + std::to_string(r.samples);
    if (r.skipped) {
      out += ", \"msamples_per_s\": null, \"spread\": null, \"median_seconds\": null";
    } else {
      out += ", \"msamples_per_s\": " + number(r.median_msps);
      out += ", \"spread\": {\"kind\": \"min-max\", \"min\": " + number(r.min_msps) +
             ", \"max\": " + number(r.max_msps) + "}";
      out += ", \"median_seconds\": " + number(r.median_seconds);
    }
    out += ", \"repeats\": " + std::to_string(r.repeats);
    out += std::string(", \"skipped\": ") + (r.skipped ? "true" : "false");
    out += ", \"note\": " + (r.note.empty() ? std::string("null") : json_string(r.note));
    out += ", \"alu_fraction\": " + optional_number(r.alu_fraction);
    out += ", \"graph\": " + (r.graph.empty() ? std::string("null") : json_string(r.graph));
    if (!r.pair_ratios.empty()) {
      out += ", \"pair_ratios\": [";
      for (std::size_t k = 0; k < r.pair_ratios.size(); ++k) {
        out += (k ? ", " : "") + number(r.pair_ratios[k]);
      }
      out += "]";
    }
    out += "}";
  }
  out += report.results.empty() ? "]\n}\n" : "\n  ]\n}\n";
  return out;
}

std::string to_csv(const bench_report& report) {
  std::string out =
      "backend,dims,size,octaves,threads,samples,msamples_per_s,spread_min,spread_max,"
      "median_seconds,repeats,skipped,note,alu_fraction,workload,graph\n";
  for (const bench_result& r : report.results) {
    out += std::string(backend_name(r.backend)) + "," + std::to_string(r.dims) + "," +
           format_bench_size(r) + "," + std::to_string(r.octaves) + "," +
           (r.threads ? std::to_string(r.threads) : "") + "," + std::to_string(r.samples) + ",";
    if (r.skipped) {
      out += ",,,,";
    } else {
      out += number(r.median_msps) + "," + number(r.min_msps) + "," + number(r.max_msps) + "," +
             number(r.median_seconds) + ",";
    }
    out += std::to_string(r.repeats) + "," + (r.skipped ? "true" : "false") + "," +
           csv_field(r.note) + "," + (r.alu_fraction ? number(*r.alu_fraction) : "") + "," +
           workload_name(r.work) + "," + csv_field(r.graph) + "\n";
  }
  return out;
}

}  // namespace vknoise::bench
