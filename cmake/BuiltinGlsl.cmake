# shaders/include/vknoise.glsl, the built-in noises as GLSL functions for a host's own shaders,
# generated at build time by emit_glsl_function from the kernels' sources (src/glsl), so that
# no noise code is copied by hand. Installed with the headers (cmake/Install.cmake).
add_executable(vknoise_builtin_glsl ${PROJECT_SOURCE_DIR}/src/glsl/builtin_glsl_main.cpp)
target_link_libraries(vknoise_builtin_glsl PRIVATE vknoise)
set(VKNOISE_BUILTIN_GLSL ${PROJECT_BINARY_DIR}/shaders/include/vknoise.glsl)
add_custom_command(OUTPUT ${VKNOISE_BUILTIN_GLSL}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/shaders/include
  COMMAND vknoise_builtin_glsl ${VKNOISE_BUILTIN_GLSL}
  DEPENDS vknoise_builtin_glsl
  COMMENT "vknoise_builtin_glsl -> shaders/include/vknoise.glsl")
add_custom_target(vknoise_glsl ALL DEPENDS ${VKNOISE_BUILTIN_GLSL})
