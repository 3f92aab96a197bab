# Installs the TileOpt build into BUILD_DIR/embedding-install, then builds and
# runs the project in SOURCE_DIR against it. Fails on any step.
set(prefix ${BUILD_DIR}/embedding-install)
set(work ${BUILD_DIR}/embedding-build)
foreach(step
    "${CMAKE_COMMAND};--install;${BUILD_DIR};--prefix;${prefix}"
    "${CMAKE_COMMAND};-S;${SOURCE_DIR};-B;${work};-G;Ninja;-DCMAKE_BUILD_TYPE=Release;-DCMAKE_PREFIX_PATH=${prefix};-DMLIR_DIR=${MLIR_DIR}"
    "${CMAKE_COMMAND};--build;${work}"
    "${work}/embed")
  execute_process(COMMAND ${step} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${out}${err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "step failed (${rc}): ${step}")
  endif()
endforeach()
