# shaderc, the library that compiles noise graphs' kernels at run time (src/graph), linked
# statically into libvknoise: Debian's libshaderc.so.1 leaves glslang's and SPIRV-Tools' symbols
# to the program that loads it (glslc carries them), so a library cannot use it, whereas the
# static archives (libshaderc-dev, glslang-dev, spirv-tools) resolve within libvknoise, where the
# version script (src/vknoise.map) keeps them out of sight of a host's own glslang.
# Defines the interface target vknoise_shaderc and VKNOISE_SHADERC_VERSION.
find_package(PkgConfig REQUIRED)
find_package(Threads REQUIRED)
pkg_check_modules(VKNOISE_SHADERC_PC REQUIRED shaderc)
set(VKNOISE_SHADERC_VERSION ${VKNOISE_SHADERC_PC_VERSION})
set(shaderc_archives)
foreach(archive shaderc_combined glslang SPIRV MachineIndependent OSDependent OGLCompiler
        GenericCodeGen SPIRV-Tools-opt SPIRV-Tools)
  find_library(VKNOISE_LIB_${archive} NAMES lib${archive}.a REQUIRED)
  list(APPEND shaderc_archives ${VKNOISE_LIB_${archive}})
endforeach()
list(JOIN shaderc_archives "," shaderc_group)
add_library(vknoise_shaderc INTERFACE)
target_include_directories(vknoise_shaderc INTERFACE ${VKNOISE_SHADERC_PC_INCLUDE_DIRS})
# The archives refer to each other in circles: one group, rescanned until resolved.
target_link_libraries(vknoise_shaderc INTERFACE "$<LINK_GROUP:RESCAN,${shaderc_group}>"
                                                Threads::Threads)
target_compile_definitions(vknoise_shaderc INTERFACE
                           VKNOISE_SHADERC_VERSION="${VKNOISE_SHADERC_VERSION}")
