// Temporary files and directories that exist right now, kept in static storage where a signal
// handler can reach them without allocating or locking (io/fatal_signals.hpp removes them).
#pragma once

#include <string>

#include "core/staged_file.hpp"

namespace vknoise::io {

// Returns a slot for unregister_temporary_file, or -1 when the path is too long or every slot is
// taken; such a file is then only left behind if the process is killed while writing it.
int register_temporary_file(const std::string& path);
void unregister_temporary_file(int slot);

// A directory of one level of files (no subdirectories), removed with the files in it. Returns a
// slot for unregister_temporary_file, or -1 as above.
int register_temporary_directory(const std::string& path);

// The registry as a staged_file's tracker: atomic_file puts every temporary file in it, and the
// command line makes it the process's tracker (detail::set_process_temporary_file_tracker), so the
// library's own temporary files (the kernel cache, the pipeline cache) are in it too.
inline constexpr detail::temporary_file_tracker signal_cleanup{register_temporary_file,
                                                               unregister_temporary_file};

// Unlinks every registered file, then empties and removes every registered directory.
// Async-signal-safe: meant for a fatal signal's handler, so an interrupted write leaves nothing
// behind.
void remove_pending_temporary_files();

}  // namespace vknoise::io
