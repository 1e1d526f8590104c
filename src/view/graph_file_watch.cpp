#include "view/graph_file_watch.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <system_error>

#include "core/bounded_read.hpp"

namespace vknoise::view {
namespace {

// The coarsest timestamp granularity of a common file system (FAT: 2 s; ext4 and tmpfs keep
// nanoseconds, but take them from a clock that ticks every few milliseconds).
constexpr std::time_t granularity_seconds = 2;

bool same_time(const timespec& a, const timespec& b) {
  return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

}  // namespace

bool graph_file_watch::stamp::operator==(const stamp& o) const {
  return device == o.device && inode == o.inode && size == o.size && mode == o.mode &&
         same_time(modified, o.modified) && same_time(changed, o.changed);
}

std::optional<graph_file_news> graph_file_watch::report_problem(std::string problem) {
  text_.reset();  // once readable again, the file is news even with its old content
  if (problem_ == problem) return std::nullopt;
  problem_ = problem;
  return graph_file_news{std::nullopt, std::move(problem)};
}

std::optional<graph_file_news> graph_file_watch::poll(const std::filesystem::path& path) {
  if (path_ != path) {
    *this = graph_file_watch(max_bytes_);
    path_ = path;
  }
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    stamp_.reset();
    return report_problem(std::generic_category().message(errno));
  }
  const stamp now{info.st_dev, info.st_ino, info.st_size, info.st_mode, info.st_mtim, info.st_ctim};
  if (stamp_ == now && !racy_) return std::nullopt;

  timespec read_at{};
  ::clock_gettime(CLOCK_REALTIME, &read_at);
  stamp_ = now;
  racy_ = info.st_mtim.tv_sec + granularity_seconds >= read_at.tv_sec;
  // The stamp is taken before the read: a write during the read changes the stamp, so the next
  // poll reads again.
  auto text = detail::read_regular_file(path, max_bytes_);
  if (!text) return report_problem(text.message());
  problem_.reset();
  if (text_ == *text) return std::nullopt;
  text_ = *text;
  return graph_file_news{std::move(*text), std::nullopt};
}

}  // namespace vknoise::view
