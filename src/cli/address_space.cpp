#include "cli/address_space.hpp"

#include <malloc.h>
#include <sys/resource.h>

#include <cstdlib>

namespace vknoise::cli {

void fit_malloc_to_address_space_limit() {
  rlimit space{};
  if (::getrlimit(RLIMIT_AS, &space) != 0 || space.rlim_cur == RLIM_INFINITY) return;
  if (std::getenv("MALLOC_ARENA_MAX") != nullptr) return;  // the user's choice stands
  ::mallopt(M_ARENA_MAX, 1);
}

}  // namespace vknoise::cli
