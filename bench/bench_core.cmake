# The code behind `vknoise bench`: the runner, the peer libraries (stb, GLM, and FastNoise2 when
# configured with it: fastnoise2.cmake) and the report. Included from src/cli/CMakeLists.txt,
# which links it into the tool.
find_path(VKNOISE_STB_INCLUDE_DIR stb/stb_perlin.h REQUIRED)
find_path(VKNOISE_GLM_INCLUDE_DIR glm/gtc/noise.hpp REQUIRED)
add_library(vknoise_bench_core STATIC
  ${PROJECT_SOURCE_DIR}/bench/alu_bound.cpp
  ${PROJECT_SOURCE_DIR}/bench/bench_runner.cpp
  ${PROJECT_SOURCE_DIR}/bench/bench_workload.cpp
  ${PROJECT_SOURCE_DIR}/bench/cellular_visits.cpp
  ${PROJECT_SOURCE_DIR}/bench/corner_visits.cpp
  ${PROJECT_SOURCE_DIR}/bench/bench_report.cpp
  ${PROJECT_SOURCE_DIR}/bench/peers.cpp)
target_include_directories(vknoise_bench_core PUBLIC ${PROJECT_SOURCE_DIR})
target_include_directories(vknoise_bench_core SYSTEM PRIVATE ${VKNOISE_STB_INCLUDE_DIR}
                           ${VKNOISE_GLM_INCLUDE_DIR})
# The library's static internals, as the tool that runs the benchmark links them.
target_link_libraries(vknoise_bench_core PUBLIC vknoise_internal PRIVATE ${CMAKE_DL_LIBS})
# The project compiles with -ffp-contract=off already; GLM's noise must never be contracted
# (contracted, it gave values off by up to 0.73), so say it here too.
set_source_files_properties(${PROJECT_SOURCE_DIR}/bench/peers.cpp PROPERTIES
  COMPILE_OPTIONS "-ffp-contract=off")

include(${PROJECT_SOURCE_DIR}/bench/fastnoise2.cmake)
if(TARGET vknoise_fastnoise2)
  target_sources(vknoise_bench_core PRIVATE ${PROJECT_SOURCE_DIR}/bench/fastnoise2_peer.cpp)
  target_link_libraries(vknoise_bench_core PRIVATE vknoise_fastnoise2)
  target_compile_definitions(vknoise_bench_core PUBLIC VKNOISE_HAVE_FASTNOISE2=1
                             VKNOISE_FASTNOISE2_BUILD="${VKNOISE_FASTNOISE2_BUILD}")
endif()
