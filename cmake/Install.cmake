# Installation: headers, the shared library (with its SONAME), a CMake package
# (find_package(vknoise CONFIG) -> vknoise::vknoise for C++, vknoise::c for C; see
# CMakeLists.txt), a version file and vknoise.pc. The command
# line tool is installed when it is built. Included from the top-level CMakeLists.txt after every
# target is defined.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

option(VKNOISE_INSTALL "Generate the install rules of vknoise" ON)
if(NOT VKNOISE_INSTALL)
  return()
endif()

set(VKNOISE_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/vknoise
    CACHE STRING "Where vknoise's CMake package files are installed, relative to the prefix")

# Only the shared library (vknoise::c) and its C++ face (vknoise::vknoise, an interface target
# adding cxx_std_20) are exported: the private link dependencies (volk, compiled in; the embedded
# shaders; any PRIVATE library) stay out of the package. The one public dependency is
# Vulkan::Headers, which vknoiseConfig.cmake finds again.
# The target already names <prefix>/include ($<INSTALL_INTERFACE:include>); another
# CMAKE_INSTALL_INCLUDEDIR is added to it.
set(include_destination)
if(NOT CMAKE_INSTALL_INCLUDEDIR STREQUAL "include")
  set(include_destination INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endif()
install(TARGETS vknoise vknoise_cxx EXPORT vknoiseTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT vknoise_runtime
          NAMELINK_COMPONENT vknoise_development
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT vknoise_development
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT vknoise_runtime
  ${include_destination})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/vknoise
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT vknoise_development
  FILES_MATCHING PATTERN "*.hpp" PATTERN "*.h")
# The built-in noises as GLSL functions for a host's shaders (cmake/BuiltinGlsl.cmake).
install(FILES ${VKNOISE_BUILTIN_GLSL} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/vknoise
  COMPONENT vknoise_development)

install(EXPORT vknoiseTargets NAMESPACE vknoise:: DESTINATION ${VKNOISE_INSTALL_CMAKEDIR}
  COMPONENT vknoise_development)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/vknoiseConfig.cmake.in
  ${PROJECT_BINARY_DIR}/vknoiseConfig.cmake INSTALL_DESTINATION ${VKNOISE_INSTALL_CMAKEDIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/vknoiseConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/vknoiseConfig.cmake
              ${PROJECT_BINARY_DIR}/vknoiseConfigVersion.cmake
  DESTINATION ${VKNOISE_INSTALL_CMAKEDIR} COMPONENT vknoise_development)

# vknoise.pc finds its prefix from its own location (${pcfiledir}), so an installed tree can be
# moved, unless the install directories are absolute.
set(VKNOISE_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
set(VKNOISE_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(VKNOISE_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
  set(VKNOISE_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
else()
  file(RELATIVE_PATH pc_to_prefix /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
  string(REGEX REPLACE "/$" "" pc_to_prefix "${pc_to_prefix}")
  set(VKNOISE_PC_PREFIX "\${pcfiledir}/${pc_to_prefix}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(VKNOISE_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
endif()
configure_file(${CMAKE_CURRENT_LIST_DIR}/vknoise.pc.in ${PROJECT_BINARY_DIR}/vknoise.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/vknoise.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig
  COMPONENT vknoise_development)

# The tools link the library's static internals (vknoise_internal): they need no libvknoise.so.
if(TARGET vknoise_cli)
  install(TARGETS vknoise_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT vknoise_cli)
  # The OpenVDB writer's plugin, beside the library, where the tools look for it (bin/../lib:
  # src/io/vdb_writer.cpp).
  install(TARGETS vknoise_vdb LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT vknoise_cli)
  if(TARGET vknoise_view)  # beside the tool, which runs it for `vknoise view`
    install(TARGETS vknoise_view RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
            COMPONENT vknoise_cli)
  endif()
endif()
