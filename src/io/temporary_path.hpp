// A temporary name next to a target, for writers that open files by name themselves (OpenVDB,
// ffmpeg) and so cannot go through atomic_file: the name is reserved (created empty, mode 0666
// minus the umask), registered for removal on SIGINT, and renamed over the target by commit().
#pragma once

#include <string>

#include "vknoise/result.hpp"

namespace vknoise::io {

class temporary_path {
 public:
  static result<temporary_path> reserve(const std::string& target);

  temporary_path(temporary_path&& other) noexcept;
  temporary_path& operator=(temporary_path&&) = delete;
  temporary_path(const temporary_path&) = delete;
  ~temporary_path();  // removes the temporary file unless committed

  const std::string& path() const { return temporary_path_; }
  // Renames the temporary file over the target; after an error it is already gone.
  status commit();

 private:
  temporary_path(std::string target, std::string temporary, int registry_slot);
  void discard();

  std::string target_;
  std::string temporary_path_;
  int registry_slot_ = -1;
};

}  // namespace vknoise::io
