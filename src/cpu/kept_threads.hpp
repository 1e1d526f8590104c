// Threads the fast CPU path keeps between calls, so that a call does not pay for starting its
// threads: about 40 microseconds each, a tenth of a million-sample fill on two cores.
//
// One call at a time uses them; a call that finds them in use (another thread's fill, or a fill
// from inside a stop check) starts threads of its own instead. A child process made by fork()
// does not inherit threads: the first call in the child makes a new set, and the parent's,
// whose locks the fork may have caught held, are never touched again. The kept threads wait,
// blocked, until the process ends.
#pragma once

namespace vknoise::cpu {

// Runs call(context, 0) on the calling thread and call(context, 1) .. call(context, threads - 1)
// on kept threads, those of them that start before the calling thread's own call returns (a
// busy machine may not give a kept thread a core that soon): for work the calls share by taking
// pieces from a common pool, which a late call would find empty. Returns true once every call
// that started has returned; false, having run nothing, when the kept threads are in use or
// cannot be started. `call` must not throw.
bool run_on_kept_threads(unsigned threads, void (*call)(void* context, unsigned index),
                         void* context);

}  // namespace vknoise::cpu
