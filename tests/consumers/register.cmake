# Consumer projects, built and run against this build: an installed package found with
# find_package from C++ and from C only (plus a pkg-config C build), and the source tree as an
# add_subdirectory subproject (which builds the library again: 3 to 12 minutes on two shared
# cores). Included from tests/CMakeLists.txt.
add_test(NAME consumer_find_package
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/run_consumers.sh find_package ${CMAKE_COMMAND}
          ${PROJECT_BINARY_DIR})
add_test(NAME consumer_add_subdirectory
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/run_consumers.sh add_subdirectory ${CMAKE_COMMAND}
          ${PROJECT_SOURCE_DIR})
set_tests_properties(consumer_find_package PROPERTIES TIMEOUT 300)
set_tests_properties(consumer_add_subdirectory PROPERTIES TIMEOUT 1800 PROCESSORS 2)
