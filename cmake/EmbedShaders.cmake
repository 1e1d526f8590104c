# Compiles GLSL compute shaders with glslc at build time and embeds the SPIR-V in an interface
# library, so that no shader file is needed at run time. Each source <stem>.comp becomes
# `vknoise::spirv::<stem>` in <stem>_spv.hpp, and each VARIANTS entry "suffix=A,B=value" adds
# `vknoise::spirv::<stem>_<suffix>`, compiled with -DA=1 -DB=value.
function(vknoise_embed_shaders target)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS;VARIANTS" ${ARGN})
  set(out_dir ${CMAKE_CURRENT_BINARY_DIR}/spirv)
  file(MAKE_DIRECTORY ${out_dir})
  set(deps)
  foreach(dep IN LISTS ARG_DEPENDS)
    list(APPEND deps ${CMAKE_CURRENT_SOURCE_DIR}/${dep})
  endforeach()
  set(outputs)
  foreach(src IN LISTS ARG_SOURCES)
    get_filename_component(stem ${src} NAME_WE)
    set(header ${out_dir}/${stem}_spv.hpp)
    set(header_text "#pragma once\n#include <cstdint>\nnamespace vknoise::spirv {\n")
    foreach(variant "" ${ARG_VARIANTS})
      if(variant STREQUAL "")
        set(name ${stem})
        set(define_flags)
      else()
        string(FIND "${variant}" "=" split)
        string(SUBSTRING "${variant}" 0 ${split} suffix)
        math(EXPR split "${split} + 1")
        string(SUBSTRING "${variant}" ${split} -1 defines)
        string(REPLACE "," ";" defines "${defines}")
        set(name ${stem}_${suffix})
        set(define_flags)
        foreach(define IN LISTS defines)
          if(define MATCHES "=")
            list(APPEND define_flags -D${define})
          else()
            list(APPEND define_flags -D${define}=1)
          endif()
        endforeach()
      endif()
      set(numbers ${out_dir}/${name}.spv.inc)
      add_custom_command(
        OUTPUT ${numbers}
        COMMAND ${GLSLC} --target-env=vulkan1.1 -O -Werror -mfmt=num ${define_flags}
                -I ${CMAKE_CURRENT_SOURCE_DIR}/shaders -o ${numbers}
                ${CMAKE_CURRENT_SOURCE_DIR}/${src}
        DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${src} ${deps}
        COMMENT "glslc ${src} -> ${name}")
      string(APPEND header_text
        "inline constexpr std::uint32_t ${name}[] = {\n#include \"${name}.spv.inc\"\n};\n")
      list(APPEND outputs ${numbers})
    endforeach()
    string(APPEND header_text "}  // namespace vknoise::spirv\n")
    file(WRITE ${header}.in "${header_text}")
    configure_file(${header}.in ${header} COPYONLY)
    list(APPEND outputs ${header})
  endforeach()
  add_custom_target(${target}_compile DEPENDS ${outputs})
  add_library(${target} INTERFACE)
  target_include_directories(${target} INTERFACE ${out_dir})
  add_dependencies(${target} ${target}_compile)
endfunction()
