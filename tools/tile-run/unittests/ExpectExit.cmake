# Runs CMD with ARGS (arguments separated by |), prints its output, and fails unless it exits
# with EXPECT. ctest's PASS_REGULAR_EXPRESSION then checks the message.
string(REPLACE "|" ";" ARGS "${ARGS}")
execute_process(COMMAND ${CMD} ${ARGS} RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
message("exit code: ${rc}")
if(NOT "${rc}" STREQUAL "${EXPECT}")
  message(FATAL_ERROR "expected exit code ${EXPECT}, got ${rc}")
endif()
