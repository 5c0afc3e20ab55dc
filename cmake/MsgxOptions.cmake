# Build options and the warning/sanitizer flags applied to the project's own targets only
# (never to the Debian-provided dependencies).
option(MSGX_BUILD_TESTS "Build the test suite and the test-service helpers" ON)
option(MSGX_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(MSGX_WERROR "Treat warnings in our own code as errors" ON)

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
endfunction()
