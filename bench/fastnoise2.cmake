# FastNoise2 as a peer of `vknoise bench`, for benchmarkers only (nothing else sets these):
#   VKNOISE_FASTNOISE2_SOURCE  a FastNoise2 source tree (v1.1.1)
#   VKNOISE_FASTSIMD_SOURCE    the FastSIMD tree that FastNoise2 pins (CPM would download it)
#   VKNOISE_FASTNOISE2_CXX     the C++ compiler FastNoise2 alone is built with
# FastNoise2's speed depends on its compiler (Clang and GCC differ by up to 1.7x) while vknoise
# must stay built as shipped, so FastNoise2 is its own CMake build (ExternalProject) with its own
# compiler, installed into the build tree and imported as vknoise_fastnoise2.
set(VKNOISE_FASTNOISE2_SOURCE "" CACHE PATH
    "FastNoise2 source tree for vknoise bench (empty: none)")
set(VKNOISE_FASTSIMD_SOURCE "" CACHE PATH "The FastSIMD source tree FastNoise2 pins")
set(VKNOISE_FASTNOISE2_CXX "${CMAKE_CXX_COMPILER}" CACHE STRING
    "The C++ compiler FastNoise2 is built with")
if(NOT VKNOISE_FASTNOISE2_SOURCE)
  return()
endif()
if(NOT EXISTS "${VKNOISE_FASTNOISE2_SOURCE}/include/FastNoise/FastNoise.h")
  message(FATAL_ERROR
          "VKNOISE_FASTNOISE2_SOURCE: no FastNoise2 tree at ${VKNOISE_FASTNOISE2_SOURCE}")
endif()
if(NOT EXISTS "${VKNOISE_FASTSIMD_SOURCE}/include/FastSIMD")
  message(FATAL_ERROR "VKNOISE_FASTSIMD_SOURCE: no FastSIMD tree at '${VKNOISE_FASTSIMD_SOURCE}' "
                      "(FastNoise2 needs the FastSIMD commit it pins)")
endif()

# FastNoise2's project enables C too: the C compiler of the same family as the C++ one.
set(fastnoise2_cc "${CMAKE_C_COMPILER}")
get_filename_component(fastnoise2_cxx_name "${VKNOISE_FASTNOISE2_CXX}" NAME)
if(fastnoise2_cxx_name MATCHES "clang\\+\\+")
  string(REPLACE "clang++" "clang" fastnoise2_cc "${VKNOISE_FASTNOISE2_CXX}")
elseif(fastnoise2_cxx_name MATCHES "g\\+\\+")
  string(REPLACE "g++" "gcc" fastnoise2_cc "${VKNOISE_FASTNOISE2_CXX}")
endif()

# The compiler's first line of --version, reported with the bench's figures.
execute_process(COMMAND ${VKNOISE_FASTNOISE2_CXX} --version OUTPUT_VARIABLE fastnoise2_cxx_version
                RESULT_VARIABLE fastnoise2_cxx_status)
if(NOT fastnoise2_cxx_status EQUAL 0)
  message(FATAL_ERROR "VKNOISE_FASTNOISE2_CXX: ${VKNOISE_FASTNOISE2_CXX} does not run")
endif()
string(REGEX REPLACE "\n.*" "" fastnoise2_cxx_version "${fastnoise2_cxx_version}")

include(ExternalProject)
set(fastnoise2_install ${CMAKE_BINARY_DIR}/fastnoise2/install)
set(fastnoise2_library ${fastnoise2_install}/lib/libFastNoise.a)
ExternalProject_Add(fastnoise2_build
  SOURCE_DIR ${VKNOISE_FASTNOISE2_SOURCE}
  PREFIX ${CMAKE_BINARY_DIR}/fastnoise2
  INSTALL_DIR ${fastnoise2_install}
  CMAKE_ARGS
    -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_CXX_COMPILER=${VKNOISE_FASTNOISE2_CXX}
    -DCMAKE_C_COMPILER=${fastnoise2_cc}
    -DCMAKE_CXX_COMPILER_LAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER}
    -DCMAKE_C_COMPILER_LAUNCHER=${CMAKE_C_COMPILER_LAUNCHER}
    -DCMAKE_INSTALL_PREFIX=<INSTALL_DIR>
    -DCMAKE_INSTALL_LIBDIR=lib
    # A static library, position independent as the tool's executable is.
    -DBUILD_SHARED_LIBS=OFF
    -DCMAKE_POSITION_INDEPENDENT_CODE=ON
    -DFASTNOISE2_TOOLS=OFF
    -DFASTNOISE2_TESTS=OFF
    -DCPM_FastSIMD_SOURCE=${VKNOISE_FASTSIMD_SOURCE}
  UPDATE_COMMAND ""
  BUILD_BYPRODUCTS ${fastnoise2_library})

# The installed library (FastNoise2's static archive holds FastSIMD's objects too) and headers,
# with the definitions FastNoise2's own targets give their users.
file(MAKE_DIRECTORY ${fastnoise2_install}/include)
add_library(vknoise_fastnoise2 STATIC IMPORTED GLOBAL)
set_target_properties(vknoise_fastnoise2 PROPERTIES
  IMPORTED_LOCATION ${fastnoise2_library}
  INTERFACE_INCLUDE_DIRECTORIES ${fastnoise2_install}/include
  INTERFACE_COMPILE_DEFINITIONS "FASTNOISE_STATIC_LIB;FASTSIMD_STATIC_LIB;FASTSIMD_IS_RELAXED=1")
find_package(Threads REQUIRED)
target_link_libraries(vknoise_fastnoise2 INTERFACE Threads::Threads)
add_dependencies(vknoise_fastnoise2 fastnoise2_build)
set(VKNOISE_FASTNOISE2_BUILD "FastNoise2 by ${fastnoise2_cxx_version} (-O3, its own SIMD dispatch)")
