// Temporary files being written right now, kept in static storage where a signal handler can
// reach them without allocating or locking.
#pragma once

#include <string>

namespace vknoise::io {

// Returns a slot for unregister_temporary_file, or -1 when the path is too long or every slot is
// taken; such a file is then only left behind if the process is killed while writing it.
int register_temporary_file(const std::string& path);
void unregister_temporary_file(int slot);

// Creates `path` as a new file for writing (O_EXCL, mode 0666 minus the umask) and registers it.
// The name is registered before the file exists: a signal that arrives while open() runs is
// handled as open() returns, before any later registration could happen, and would leave the
// file behind. Returns the descriptor and the slot, or fd -1 with errno set (EEXIST: the name is
// taken; that file is left alone unless a signal arrives in that instant, so names should be
// unique, as the writers' random or per-process names are).
struct registered_file {
  int fd = -1;
  int slot = -1;
};
registered_file create_registered_file(const std::string& path);

// Unlinks every registered file. Async-signal-safe: meant for a SIGINT handler that then
// _exit()s, so an interrupted write leaves nothing behind.
void remove_pending_temporary_files();

}  // namespace vknoise::io
