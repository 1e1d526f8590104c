// The window's graph file, watched for edits once a frame. The file may become anything while the
// window runs: a directory, a FIFO, a link to /dev/zero, a huge file, nothing (an editor removing
// it), a half-written text. It is read only through detail::read_regular_file (non-blocking
// open, regular files only, at most the graph size limit), so no state of the file blocks, aborts
// or costs more than one bounded read.
//
// Most frames cost one stat(): the file is read again only when its stamp (device, inode, size,
// modification and change times, type) differs from the last read's, or when that read was
// "racy": the file's modification time was within the file system's timestamp granularity (taken
// as 2 s, FAT's) of the moment it was read, so a later write in the same tick could keep the same
// stamp. A racy file is read every frame until it has been still for 2 s, and its content is
// compared, so an editor that rewrites the file within the same second is still seen.
//
// Not thread-safe (the frame loop's).
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <ctime>
#include <filesystem>
#include <optional>
#include <string>

namespace vknoise::view {

// What a poll found new since the last one.
struct graph_file_news {
  std::optional<std::string> text;     // the file's new content (a regular file within the limit)
  std::optional<std::string> problem;  // why it cannot be read now ("is a directory", ...)
};

class graph_file_watch {
 public:
  explicit graph_file_watch(std::size_t max_bytes) : max_bytes_(max_bytes) {}

  // Nothing when the file at `path` has neither new content nor a new problem since the last
  // poll (a problem is reported once, until it changes or the file is readable again). A new
  // path starts afresh.
  std::optional<graph_file_news> poll(const std::filesystem::path& path);

 private:
  struct stamp {
    dev_t device = 0;
    ino_t inode = 0;
    off_t size = 0;
    mode_t mode = 0;
    timespec modified{}, changed{};
    bool operator==(const stamp& o) const;
  };
  std::optional<graph_file_news> report_problem(std::string problem);

  std::size_t max_bytes_;
  std::optional<std::filesystem::path> path_;
  std::optional<stamp> stamp_;  // of the last read (or failed read)
  bool racy_ = false;           // the last read may have missed a write in the same tick
  std::optional<std::string> text_;
  std::optional<std::string> problem_;
};

}  // namespace vknoise::view
