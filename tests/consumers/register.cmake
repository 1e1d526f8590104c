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

# vknoise's public headers in every include order with a host's Vulkan header (vulkan.h, volk.h,
# Dear ImGui's imgui_impl_vulkan.h), from C++ and C99: each order compiles, links and runs, and
# leaves the host's prototypes declared (include_order/). The volk orders define
# VK_NO_PROTOTYPES for the program, as volk requires of anything that includes vulkan.h first.
find_package(Vulkan REQUIRED)
set(include_order_hosts vulkan volk)
if(VKNOISE_IMGUI_HEADER)
  list(APPEND include_order_hosts imgui)
endif()
set(include_order_dir ${CMAKE_CURRENT_LIST_DIR}/include_order)
foreach(host_header IN LISTS include_order_hosts)
  if(host_header STREQUAL "vulkan")
    set(host_number 1)
  elseif(host_header STREQUAL "volk")
    set(host_number 2)
  else()
    set(host_number 3)
  endif()
  foreach(first IN ITEMS vknoise host)
    set(languages cpp c)
    if(host_header STREQUAL "imgui")
      set(languages cpp)  # a C++ header
    endif()
    foreach(language IN LISTS languages)
      set(name consumer_include_order_${language}_${first}_first_${host_header})
      add_executable(${name} ${include_order_dir}/include_order.${language})
      target_compile_definitions(${name} PRIVATE HOST_HEADER=${host_number}
                                                 VKNOISE_FIRST=$<STREQUAL:${first},vknoise>)
      target_include_directories(${name} PRIVATE ${include_order_dir})
      if(language STREQUAL "c")
        set_target_properties(${name} PROPERTIES C_STANDARD 99 C_STANDARD_REQUIRED ON
                                                 C_EXTENSIONS OFF)
        target_link_libraries(${name} PRIVATE vknoise::c)
      else()
        target_link_libraries(${name} PRIVATE vknoise::vknoise)
      endif()
      target_compile_options(${name} PRIVATE -Wall -Wextra -Werror)
      if(host_header STREQUAL "imgui")
        target_include_directories(${name} PRIVATE ${VKNOISE_IMGUI_HEADER}/imgui
                                                   ${VKNOISE_IMGUI_HEADER}/imgui/backends)
      endif()
      if(host_header STREQUAL "volk")
        target_sources(${name} PRIVATE ${VOLK_SOURCE_DIR}/volk.c)
        target_include_directories(${name} PRIVATE ${VOLK_SOURCE_DIR})
        target_compile_definitions(${name} PRIVATE VK_NO_PROTOTYPES)
        target_link_libraries(${name} PRIVATE ${CMAKE_DL_LIBS})
      else()
        target_link_libraries(${name} PRIVATE Vulkan::Vulkan)
      endif()
      add_test(NAME ${name} COMMAND ${name})
      set_tests_properties(${name} PROPERTIES PASS_REGULAR_EXPRESSION "^include_order: vknoise")
    endforeach()
  endforeach()
endforeach()
