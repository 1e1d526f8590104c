#include "cli/progress.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <utility>

#include "cli/field_buffer.hpp"

namespace vknoise::cli {
namespace {

std::string format_duration(double seconds) {
  const auto total = static_cast<std::uint64_t>(seconds + 0.5);
  char text[32];
  if (total >= 3600) {
    std::snprintf(text, sizeof text, "%llu:%02llu:%02llu",
                  static_cast<unsigned long long>(total / 3600),
                  static_cast<unsigned long long>(total / 60 % 60),
                  static_cast<unsigned long long>(total % 60));
  } else {
    std::snprintf(text, sizeof text, "%llu:%02llu", static_cast<unsigned long long>(total / 60),
                  static_cast<unsigned long long>(total % 60));
  }
  return text;
}

}  // namespace

progress::progress(bool quiet, std::string unit, std::uint64_t total,
                   std::uint64_t samples_per_step)
    : quiet_(quiet),
      terminal_(::isatty(STDERR_FILENO) == 1),
      unit_(std::move(unit)),
      total_(total),
      samples_per_step_(samples_per_step) {}

void progress::step_done(std::uint64_t done, std::uint64_t rendered) {
  if (quiet_) return;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double rate = seconds > 0 ? rendered * static_cast<double>(samples_per_step_) / seconds : 0;
  const double eta = rendered > 0 ? seconds / rendered * (total_ - done) : 0;
  char text[160];
  std::snprintf(text, sizeof text, "%s %llu/%llu  %.1f Msamples/s  ETA %s", unit_.c_str(),
                static_cast<unsigned long long>(done), static_cast<unsigned long long>(total_),
                rate * 1e-6, format_duration(eta).c_str());
  if (terminal_) {
    // Trailing spaces erase what a longer previous line left behind.
    std::fprintf(stderr, "\r%-60s", text);
    line_open_ = true;
  } else {
    std::fprintf(stderr, "%s\n", text);
  }
  std::fflush(stderr);
}

void progress::finish() {
  if (!line_open_) return;
  std::fputc('\n', stderr);
  std::fflush(stderr);
  line_open_ = false;
}

void progress::note(const std::string& line) {
  if (quiet_) return;
  finish();
  std::fprintf(stderr, "%s\n", line.c_str());
}

std::string peak_memory_line() {
  struct rusage usage {};
  ::getrusage(RUSAGE_SELF, &usage);
  return "peak memory: " + format_bytes(static_cast<double>(usage.ru_maxrss) * 1024.0);
}

}  // namespace vknoise::cli
