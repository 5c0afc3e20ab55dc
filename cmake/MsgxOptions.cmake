# Build options and the warning/sanitizer flags applied to the project's own targets only
# (never to the Debian-provided dependencies).
option(MSGX_BUILD_TESTS "Build the test suite and the test-service helpers" ON)
option(MSGX_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(MSGX_WERROR "Treat warnings in our own code as errors" ON)
# A unity build compiles each target's sources in batches of eight, one translation unit per batch:
# the headers (Poco, gtest, the standard library) are parsed once per batch instead of once per
# source, which the from-scratch build of make test spends most of its time on (docs/testing.md).
# The sources must not repeat a file-local name of another source of their target, which a unity
# build refuses at once; that keeps such repetitions out of the code either way.
option(MSGX_UNITY_BUILD "Compile each target's sources in batches (unity build)" OFF)
set(CMAKE_UNITY_BUILD ${MSGX_UNITY_BUILD})

if(MSGX_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()

# msgx_target_warnings(<target>): -Wall -Wextra (-Werror) for a target of ours.
function(msgx_target_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
                                           -Wold-style-cast -Wcast-align -Woverloaded-virtual)
  if(MSGX_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  # In a batch every source is an included file, and GCC then takes a test fixture of an anonymous
  # namespace under a TEST_F class for a header's type with internal linkage.
  if(MSGX_UNITY_BUILD)
    target_compile_options(${target} PRIVATE -Wno-subobject-linkage)
  endif()
endfunction()
