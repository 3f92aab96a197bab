# Installs the TileOpt build into BUILD_DIR/embedding-install, then, once
# against the MLIR shared library and once against MLIR's component
# libraries, builds the project in SOURCE_DIR against it, runs it, checks
# which MLIR it loads, that its kernel's PTX is byte-identical to tile-opt's
# (TILE_OPT) for SOURCE_DIR/matmul.mlir, and that its report counts the SMs
# of the target description it registered. Fails on any step.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  message("${out}${err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "step failed (${rc}): ${ARGN}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

set(prefix ${BUILD_DIR}/embedding-install)
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
set(options "strategy=tiled chip=sm_90 ptxas=none")
set(reference ${BUILD_DIR}/embedding-tile-opt)
file(REMOVE_RECURSE ${reference})
run(${TILE_OPT} ${SOURCE_DIR}/matmul.mlir
    "--tile-gpu-pipeline=${options} artifact-dir=${reference}" -o /dev/null)
file(GLOB reference_ptx ${reference}/*.ptx)
if(NOT reference_ptx)
  message(FATAL_ERROR "tile-opt wrote no PTX to ${reference}")
endif()

foreach(dylib ON OFF)
  set(work ${BUILD_DIR}/embedding-build-${dylib})
  run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${work} -G Ninja
      -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${prefix}
      -DMLIR_DIR=${MLIR_DIR} -DMLIR_LINK_MLIR_DYLIB=${dylib})
  run(${CMAKE_COMMAND} --build ${work})
  # The MLIR shared library is loaded exactly when it was asked for.
  run(readelf -d ${work}/embed)
  string(FIND "${out}" "libMLIR.so" at)
  if(dylib AND at EQUAL -1)
    message(FATAL_ERROR "embed (MLIR_LINK_MLIR_DYLIB=ON) needs no libMLIR.so")
  elseif(NOT dylib AND NOT at EQUAL -1)
    message(FATAL_ERROR "embed (MLIR_LINK_MLIR_DYLIB=OFF) needs libMLIR.so")
  endif()
  set(artifact ${work}/artifact)
  file(REMOVE_RECURSE ${artifact})
  run(${work}/embed ${artifact})
  foreach(ptx ${reference_ptx})
    get_filename_component(name ${ptx} NAME)
    run(${CMAKE_COMMAND} -E compare_files ${ptx} ${artifact}/${name})
  endforeach()
  # The report used the description embed registered for sm_90.
  file(READ ${artifact}/report.json report)
  string(FIND "${report}" "\"sms\": 114" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "report.json does not count the registered 114 SMs:\n${report}")
  endif()
  message("embedding (MLIR_LINK_MLIR_DYLIB=${dylib}): PTX identical to tile-opt's")
endforeach()
