// Writing a file so that it appears complete or not at all: the bytes go to a temporary file in
// the target's directory (same file system, so the final rename is atomic) and only a successful
// commit() renames it over the target. Anything else removes the temporary file.
#pragma once

#include <cstddef>
#include <span>
#include <string>

#include "vknoise/result.hpp"

namespace vknoise::io {

class atomic_file {
 public:
  // Creates the temporary file now, so an unwritable directory is reported before any work.
  static result<atomic_file> create(const std::string& path);

  atomic_file(atomic_file&& other) noexcept;
  atomic_file& operator=(atomic_file&&) = delete;
  atomic_file(const atomic_file&) = delete;
  ~atomic_file();  // discards the temporary file unless committed

  status write(std::span<const std::byte> bytes);
  // Closes and renames over the target. After an error the temporary file is already gone.
  status commit();

 private:
  atomic_file(std::string path, std::string temporary_path, int fd, int registry_slot);
  status fail(int error_number);
  void discard();

  std::string path_;
  std::string temporary_path_;
  int fd_ = -1;
  int registry_slot_ = -1;
};

// The whole file in one call.
status write_file_atomically(const std::string& path, std::span<const std::byte> bytes);

// Checks up front that `path` could be written (creates and removes a temporary file next to it).
status check_writable(const std::string& path);

}  // namespace vknoise::io
