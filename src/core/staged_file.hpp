// Writing a file so that it appears complete or not at all, the one way every file vknoise writes
// is written (the pipeline cache and the kernel cache here, the command line's images and volumes
// through io/atomic_file.hpp): the bytes go to a new temporary file in the target's directory
// (same file system, so the final rename is atomic), named ".<target name>.tmp.<6 random
// characters>" and created with mode 0666 minus the umask like any other file the user creates;
// commit() renames it over the target. Anything else, an error or destruction, removes it.
// Nothing is fsynced: a crash of the machine may lose a committed file, but a reader never sees
// half of one.
//
// The temporary name stays within NAME_MAX (255 bytes): of a target name longer than 243 bytes
// only the first 243 (cut at a UTF-8 character's start) are in it, so any name the file system
// takes can be written.
//
// Errors are errc::io_error "cannot write <target>: <reason>". Not thread-safe per object;
// separate objects may be used from separate threads.
#pragma once

#include <cstddef>
#include <span>
#include <string>

#include "vknoise/result.hpp"

namespace vknoise::detail {

// Someone who must know every temporary file while it exists: the command line registers them so
// that its signal handler can remove them (io/temporary_file_registry.hpp). track() runs before
// the file is created, so a signal in the middle of open() still finds it, and returns a token;
// untrack(token) runs once the name is gone again (renamed over the target, or removed). Both may
// be called from any thread.
struct temporary_file_tracker {
  int (*track)(const std::string& path);
  void (*untrack)(int token);
};

// The process's tracker: the one a staged_file created without a tracker of its own uses (the
// library's kernel cache and pipeline cache write that way). None by default: the library
// installs no signal handler. A program that removes temporary files on signals (the command
// line, the window: io/fatal_signals.hpp) sets it once at start-up, before any thread writes
// files; `tracker` must then outlive every staged_file. Null turns it off again.
void set_process_temporary_file_tracker(const temporary_file_tracker* tracker);

// Removes the temporary files that staged_file left in `directory` (a process killed with
// SIGKILL, a machine that crashed) for targets whose names end in `target_suffix` (".spv"), when
// they were last modified longer than `min_age_seconds` ago: such a file is no longer being
// written. (For target names of at most 243 bytes, whose temporary names hold them whole.) Returns
// how many it removed; errors only mean fewer.
std::size_t remove_stale_temporary_files(const std::string& directory,
                                         const std::string& target_suffix, long min_age_seconds);

class staged_file {
 public:
  // Creates the temporary file now, so that an unwritable directory is reported before any work.
  // Refuses a target that is a directory or an existing file other than a regular one (renaming
  // over a device or a fifo would replace it; as root, even /dev/null). `tracker`, if given, must
  // outlive the object.
  static result<staged_file> create(const std::string& target,
                                    const temporary_file_tracker* tracker = nullptr);

  staged_file(staged_file&& other) noexcept;
  staged_file& operator=(staged_file&&) = delete;
  staged_file(const staged_file&) = delete;
  ~staged_file();  // removes the temporary file unless committed

  // The temporary file's name, for writers that reopen it by name (after close()).
  const std::string& temporary_path() const { return temporary_path_; }
  // The open temporary file (until close() or commit()), for a writer that lends it to another
  // program (ffmpeg writes /dev/fd/3), or -1.
  int descriptor() const { return fd_; }

  status write(std::span<const std::byte> bytes);
  // Closes the descriptor early, for a writer (OpenVDB, ffmpeg) that writes the temporary file by
  // name itself; commit() then only renames.
  status close();
  // Closes the file and renames it over the target. After any error the temporary file is gone.
  status commit();

 private:
  staged_file(std::string target, std::string temporary_path, int fd,
              const temporary_file_tracker* tracker, int token);
  status fail(int error_number);
  void discard();
  void untrack();

  std::string target_;
  std::string temporary_path_;
  int fd_ = -1;
  const temporary_file_tracker* tracker_ = nullptr;
  int token_ = -1;
};

// The whole file in one call.
status write_file_atomically(const std::string& path, std::span<const std::byte> bytes,
                             const temporary_file_tracker* tracker = nullptr);

}  // namespace vknoise::detail
