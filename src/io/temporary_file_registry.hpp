// Temporary files being written right now, kept in static storage where a signal handler can
// reach them without allocating or locking.
#pragma once

#include <string>

#include "core/staged_file.hpp"

namespace vknoise::io {

// Returns a slot for unregister_temporary_file, or -1 when the path is too long or every slot is
// taken; such a file is then only left behind if the process is killed while writing it.
int register_temporary_file(const std::string& path);
void unregister_temporary_file(int slot);

// The registry as a staged_file's tracker: atomic_file puts every temporary file in it.
inline constexpr detail::temporary_file_tracker signal_cleanup{register_temporary_file,
                                                               unregister_temporary_file};

// Unlinks every registered file. Async-signal-safe: meant for a SIGINT handler that then
// _exit()s, so an interrupted write leaves nothing behind.
void remove_pending_temporary_files();

}  // namespace vknoise::io
