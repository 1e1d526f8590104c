# Compiles GLSL compute shaders with glslc at build time and embeds the SPIR-V in an interface
# library, so that no shader file is needed at run time. Each source <stem>.comp becomes
# `vknoise::spirv::<stem>` in <stem>_spv.hpp. #include finds files in the calling directory's
# shaders/ and in the INCLUDES directories (absolute paths); list the included files in DEPENDS
# (relative to the calling directory) or, for INCLUDES, by absolute path.
function(vknoise_embed_shaders target)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS;INCLUDES" ${ARGN})
  set(out_dir ${CMAKE_CURRENT_BINARY_DIR}/spirv)
  file(MAKE_DIRECTORY ${out_dir})
  set(deps)
  foreach(dep IN LISTS ARG_DEPENDS)
    if(IS_ABSOLUTE ${dep})
      list(APPEND deps ${dep})
    else()
      list(APPEND deps ${CMAKE_CURRENT_SOURCE_DIR}/${dep})
    endif()
  endforeach()
  set(include_flags)
  foreach(dir IN LISTS ARG_INCLUDES)
    list(APPEND include_flags -I ${dir})
  endforeach()
  set(outputs)
  foreach(src IN LISTS ARG_SOURCES)
    get_filename_component(stem ${src} NAME_WE)
    set(header ${out_dir}/${stem}_spv.hpp)
    set(numbers ${out_dir}/${stem}.spv.inc)
    add_custom_command(
      OUTPUT ${numbers}
      COMMAND ${GLSLC} --target-env=vulkan1.1 -O -Werror -mfmt=num
              -I ${CMAKE_CURRENT_SOURCE_DIR}/shaders ${include_flags} -o ${numbers}
              ${CMAKE_CURRENT_SOURCE_DIR}/${src}
      DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${src} ${deps}
      COMMENT "glslc ${src} -> ${stem}")
    string(CONCAT header_text "#pragma once\n#include <cstdint>\nnamespace vknoise::spirv {\n"
      "inline constexpr std::uint32_t ${stem}[] = {\n#include \"${stem}.spv.inc\"\n};\n"
      "}  // namespace vknoise::spirv\n")
    list(APPEND outputs ${numbers})
    file(WRITE ${header}.in "${header_text}")
    configure_file(${header}.in ${header} COPYONLY)
    list(APPEND outputs ${header})
  endforeach()
  add_custom_target(${target}_compile DEPENDS ${outputs})
  add_library(${target} INTERFACE)
  target_include_directories(${target} INTERFACE ${out_dir})
  add_dependencies(${target} ${target}_compile)
endfunction()
