#include "io/fatal_signals.hpp"

#include <cerrno>
#include <csignal>

#include "io/temporary_file_registry.hpp"

namespace vknoise::io {
namespace {

constexpr int fixed_signals[] = {SIGHUP,  SIGINT,  SIGQUIT,   SIGILL,  SIGTRAP, SIGABRT,
                                 SIGBUS,  SIGFPE,  SIGUSR1,   SIGSEGV, SIGUSR2, SIGPIPE,
                                 SIGALRM, SIGTERM, SIGSTKFLT, SIGXCPU, SIGXFSZ, SIGVTALRM,
                                 SIGPROF, SIGIO,   SIGPWR,    SIGSYS};

// What each signal did before (SIG_DFL where that was SIG_IGN: see the header), put back by the
// handler for a fault. Written once before the handlers are installed.
struct sigaction previous_actions[NSIG];

// A fault that the same instruction raises again once the handler returns: si_code > 0 means the
// kernel raised it for this thread's instruction, not kill() or raise(). (Not SIGTRAP: a
// breakpoint's trap resumes after the instruction.)
bool is_fault(int signal_number, const siginfo_t* info) {
  const bool synchronous = signal_number == SIGSEGV || signal_number == SIGBUS ||
                           signal_number == SIGFPE || signal_number == SIGILL;
  return synchronous && info != nullptr && info->si_code > 0;
}

void on_fatal_signal(int signal_number, siginfo_t* info, void*) {
  const int saved_errno = errno;
  remove_pending_temporary_files();
  if (is_fault(signal_number, info)) {
    // The faulting instruction runs again once the handler returns and faults into the action
    // the signal had before: a sanitizer's report, or the default core dump.
    ::sigaction(signal_number, &previous_actions[signal_number], nullptr);
  } else {
    // A signal sent by kill() or raise() ends the process by its default action, whoever else
    // had a handler for it (a sanitizer reports a sent SIGSEGV as a crash of its own, exit 1).
    // The signal is blocked while its handler runs: raised again, it is delivered as soon as the
    // handler returns.
    struct sigaction default_action {};
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    ::sigaction(signal_number, &default_action, nullptr);
    ::raise(signal_number);
  }
  errno = saved_errno;
}

void install(int signal_number) {
  struct sigaction previous {};
  if (::sigaction(signal_number, nullptr, &previous) != 0) return;
  const bool ignored = !(previous.sa_flags & SA_SIGINFO) && previous.sa_handler == SIG_IGN;
  if (ignored && signal_number != SIGINT && signal_number != SIGQUIT) return;
  if (ignored) previous.sa_handler = SIG_DFL;
  previous_actions[signal_number] = previous;
  struct sigaction action {};
  action.sa_sigaction = on_fatal_signal;
  action.sa_flags = SA_SIGINFO;
  sigfillset(&action.sa_mask);  // one cleanup at a time, not interrupted by another signal
  ::sigaction(signal_number, &action, nullptr);
}

}  // namespace

void remove_temporary_files_on_fatal_signals() {
  detail::set_process_temporary_file_tracker(&signal_cleanup);
  for (const int signal_number : fixed_signals) install(signal_number);
  for (int signal_number = SIGRTMIN; signal_number <= SIGRTMAX; ++signal_number) {
    install(signal_number);
  }
}

}  // namespace vknoise::io
