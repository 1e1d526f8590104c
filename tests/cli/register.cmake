# End-to-end tests of the command line tool; included from tests/CMakeLists.txt when the tool is
# built. The tool's target is vknoise_cli (the library owns the name vknoise); its file is vknoise.
if(TARGET vknoise_cli)
  add_test(NAME cli COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/cli_test.sh
                            $<TARGET_FILE:vknoise_cli>)
  set_tests_properties(cli PROPERTIES TIMEOUT 600)
  # Seamless regions: tiles of uneven sizes stitched back equal the whole field, CPU and GPU.
  add_test(NAME cli_tiling COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/tiling_test.sh
                                   $<TARGET_FILE:vknoise_cli>)
  set_tests_properties(cli_tiling PROPERTIES TIMEOUT 600)
  # Bad inputs: one line, exit 2 or 1, no crash, no file left; a full disk and Ctrl-C included.
  add_test(NAME cli_bad_input COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/bad_input_test.sh
                                      $<TARGET_FILE:vknoise_cli>)
  set_tests_properties(cli_bad_input PROPERTIES TIMEOUT 600)
  # vknoise bench: a small run on every backend, its JSON and CSV, and bad arguments.
  add_test(NAME cli_bench COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/bench_test.sh
                                  $<TARGET_FILE:vknoise_cli>)
  set_tests_properties(cli_bench PROPERTIES TIMEOUT 300)
  # Device faults (injected Vulkan errors, no loader at all): one error line, no file.
  add_test(NAME cli_faults COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/fault_test.sh
                                   $<TARGET_FILE:vknoise_cli>)
  set_tests_properties(cli_faults PROPERTIES TIMEOUT 300)
endif()
