#include "io/atomic_file.hpp"

#include <utility>

#include "io/temporary_file_registry.hpp"

namespace vknoise::io {

result<atomic_file> atomic_file::create(const std::string& path) {
  auto file = detail::staged_file::create(path, &signal_cleanup);
  if (!file) return file.error_value();
  return atomic_file(std::move(file).value());
}

status write_file_atomically(const std::string& path, std::span<const std::byte> bytes) {
  return detail::write_file_atomically(path, bytes, &signal_cleanup);
}

status check_writable(const std::string& path) {
  auto file = atomic_file::create(path);
  if (!file) return file.error_value();
  return {};  // the destructor removes the probe
}

}  // namespace vknoise::io
