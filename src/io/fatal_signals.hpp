// Removing the temporary files of an interrupted run (io/temporary_file_registry.hpp) on every
// signal that would end the process, for the programs that write files: the command line and
// the window. The library itself installs no signal handler.
//
// The signals: every one whose default action ends the process and that can be caught. SIGHUP,
// SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGVTALRM, SIGPROF, SIGIO
// (SIGPOLL), SIGSTKFLT, SIGPWR, SIGXCPU, SIGXFSZ, SIGSYS, SIGTRAP, the real-time signals SIGRTMIN
// to SIGRTMAX, and the crash signals SIGABRT, SIGSEGV, SIGBUS, SIGFPE and SIGILL. SIGKILL and
// SIGSTOP cannot be caught: a temporary file may then stay (named ".NAME.tmp.XXXXXX", next to
// NAME).
//
// After the cleanup the process ends by the same signal, as it would have without the handler:
// a signal sent by kill() or raise() is raised again with the default action, so a shell sees
// 128 + N and a parent's waitpid() sees WIFSIGNALED, and a core-dumping signal still dumps core.
// A fault (SIGSEGV from a bad access, ...) gets back the action it had before (the default, or a
// sanitizer's, which then reports it), and the handler returns to fault again into it.
//
// A signal ignored when the program starts stays ignored (nohup's SIGHUP, a parent's SIGPIPE),
// except SIGINT and SIGQUIT: a non-interactive shell ignores those in every background command it
// starts, and Ctrl-C and the tests' interrupts must still clean up there.
#pragma once

namespace vknoise::io {

// Installs the handlers and makes the registry the process's temporary file tracker
// (detail::set_process_temporary_file_tracker). Call once, at the start of main().
void remove_temporary_files_on_fatal_signals();

}  // namespace vknoise::io
