# ctest driver for a demo: runs it at 64x64 for 2 frames with --validate and checks that both
# PNG frames exist. Variables: DEMO (executable), OUT (directory), NAME (file prefix).
file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${DEMO} --size 64x64 --frames 2 --validate --out ${OUT}
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${DEMO} exited with ${rc}")
endif()
foreach(frame 0000 0001)
  if(NOT EXISTS ${OUT}/${NAME}_${frame}.png)
    message(FATAL_ERROR "missing ${OUT}/${NAME}_${frame}.png")
  endif()
endforeach()
