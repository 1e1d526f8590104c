# End-to-end tests of the command line tool; included from tests/CMakeLists.txt when the tool is
# built. The tool's target is vknoise_cli (the library owns the name vknoise); its file is vknoise.
# Each script (tests/cli/<script>.sh, sharing harness.sh) takes the tool's path.
if(TARGET vknoise_cli)
  function(vknoise_cli_test name script timeout)
    add_test(NAME ${name} COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/${script}.sh
                                  $<TARGET_FILE:vknoise_cli>)
    set_tests_properties(${name} PROPERTIES TIMEOUT ${timeout})
  endfunction()
  # Outputs, formats, animation, streaming, presets, exit codes and the one-line error contract.
  vknoise_cli_test(cli cli_test 600)
  # Seamless regions: tiles of uneven sizes stitched back equal the whole field, CPU and GPU.
  vknoise_cli_test(cli_tiling tiling_test 600)
  # Bad inputs: one line, exit 2 or 1, no crash, no file left; Ctrl-C included.
  vknoise_cli_test(cli_bad_input bad_input_test 600)
  # A full disk (a 64 KiB tmpfs) under every writer, an existing file kept byte for byte.
  vknoise_cli_test(cli_disk_full disk_full_test 300)
  # Every fatal signal mid-write (.raw streaming, .mp4, .vdb, graph --stats, the kernel cache):
  # nothing left, the existing file kept, the process ended by the signal.
  vknoise_cli_test(cli_signals signals_test 600)
  # .ktx2 textures read by ktx-parse under node (tests/ktx, `npm ci` there first): every format,
  # 2D, array and 3D, mips and Zstandard, against the same field as a .npy.
  vknoise_cli_test(cli_ktx2 ktx2_test 600)
  # vknoise bake: the cloud and ocean sets, cpu and gpu byte for byte, every texture read by
  # ktx-parse against `render` of its recipe, bake.json, and bad requests.
  vknoise_cli_test(cli_bake bake_test 600)
  # Golden SHA-256 of the built-in field options' outputs (tests/golden/field_hashes.py and
  # field_hashes.tsv): over 250 render and eval command lines on cpu-reference, cpu and gpu, bit
  # for bit.
  find_package(Python3 COMPONENTS Interpreter REQUIRED)
  add_test(NAME golden_field_hashes
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/golden/field_hashes.py
                   $<TARGET_FILE:vknoise_cli>)
  # About 100 s of CPU (lavapipe's pipeline build in each gpu process), 240 s under ASan: 6 min
  # were seen at load 5 to 9 without ASan.
  set_tests_properties(golden_field_hashes PROPERTIES TIMEOUT 1800)
  # vknoise bench: a small run on every backend, its JSON and CSV, and bad arguments.
  vknoise_cli_test(cli_bench bench_test 300)
  # Noise graphs (--graph): every shipped graph rendered, evaluated and checked on every backend,
  # tiled, emitted as GLSL; bad graphs and bad combinations: one line, no file.
  vknoise_cli_test(cli_graph graph_test 300)
  # Device faults (injected Vulkan errors, no loader at all): one error line, no file. Only in
  # builds that read VKNOISE_FAULT (-DVKNOISE_FAULT_INJECTION=ON, the default with the tests).
  if(VKNOISE_FAULT_INJECTION)
    vknoise_cli_test(cli_faults fault_test 300)
  endif()
  # The OpenVDB writer's plugin, installed into a prefix that is then moved: found, and missing.
  add_test(NAME cli_vdb_plugin COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/vdb_plugin_test.sh
                                       $<TARGET_FILE:vknoise_cli> ${CMAKE_COMMAND}
                                       ${PROJECT_BINARY_DIR})
  set_tests_properties(cli_vdb_plugin PROPERTIES TIMEOUT 300)
  # vknoise view in a real window under Xvfb with validation: every mode, the slice against
  # render's .png, a resize, live and broken graph files, and its errors.
  if(TARGET vknoise_view)
    find_program(XVFB_RUN xvfb-run REQUIRED)
    add_test(NAME cli_view COMMAND ${XVFB_RUN} -a -s "-screen 0 1280x1024x24" bash
                                   ${PROJECT_SOURCE_DIR}/tests/cli/view_test.sh
                                   $<TARGET_FILE:vknoise_cli>)
    # One X server at a time: xvfb-run -a picks a free display number, racily.
    set_tests_properties(cli_view PROPERTIES TIMEOUT 600 RESOURCE_LOCK xvfb)
    # The clouds of a baked texture set (--mode clouds --textures): validation silent, the picture
    # against a clear sky, the wind, and the set's errors.
    add_test(NAME cli_view_clouds
             COMMAND ${XVFB_RUN} -a -s "-screen 0 1280x1024x24" bash
                     ${PROJECT_SOURCE_DIR}/tests/cli/view_clouds_test.sh $<TARGET_FILE:vknoise_cli>)
    set_tests_properties(cli_view_clouds PROPERTIES TIMEOUT 600 RESOURCE_LOCK xvfb)
  endif()

  # --backend auto's decision from a device list, for every kind of device, without a device.
  add_executable(vknoise_cli_unit_tests ${CMAKE_CURRENT_LIST_DIR}/auto_backend_test.cpp
                                        ${PROJECT_SOURCE_DIR}/src/cli/auto_backend.cpp)
  target_include_directories(vknoise_cli_unit_tests PRIVATE ${PROJECT_SOURCE_DIR}/src)
  target_link_libraries(vknoise_cli_unit_tests PRIVATE vknoise GTest::gtest_main)
  gtest_discover_tests(vknoise_cli_unit_tests DISCOVERY_TIMEOUT 60 PROPERTIES TIMEOUT 60)
endif()
