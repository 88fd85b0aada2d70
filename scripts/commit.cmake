# Writes OUTPUT (a C header) defining MRLAB_COMMIT: `git describe --always --dirty` of SOURCE_DIR, or "unknown"
# outside a git checkout.  Run at every build (CMakeLists.txt), it rewrites OUTPUT only when the commit changed, so
# that summary.json names the commit the program was built from without a rebuild of anything else.
set(commit unknown)
if(EXISTS ${SOURCE_DIR}/.git)
  execute_process(COMMAND git -C ${SOURCE_DIR} describe --always --dirty OUTPUT_VARIABLE described
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE failed)
  if(NOT failed AND described)
    set(commit ${described})
  endif()
endif()
set(text "#define MRLAB_COMMIT \"${commit}\"\n")
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} old)
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUTPUT} "${text}")
endif()
