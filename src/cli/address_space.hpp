// Running under an address space limit (ulimit -v, RLIMIT_AS).
#pragma once

namespace vknoise::cli {

// Under a finite RLIMIT_AS, limits glibc's malloc to one arena (unless MALLOC_ARENA_MAX says
// otherwise). Each further arena, one per thread that allocates, reserves 64 MiB of address space
// up front; with lavapipe's and the CPU fill's threads they took 256 MiB of a 600 MB limit, and
// lavapipe's shader compiler, whose allocations then failed, crashed on the null pointer (it does
// not check them). Without a limit nothing changes. Call first thing in main, before any thread.
void fit_malloc_to_address_space_limit();

}  // namespace vknoise::cli
