# msgx_add_test(<name> SOURCES <files...> KIND <unit|integration|golden|e2e|fault>
#               [PARTS <pg|mysql|sqlite|odbc-pg|odbc-mysql|kafka>...] [LIBS <targets...>] [TIMEOUT s] [SERIAL]
#               [COST n])
#
# Builds one GoogleTest executable and registers each of its test cases with CTest, labelled with
# its kind and, where it talks to a server, the parts it needs, so `ctest -L '^pg$'` selects them
# (-L is a regular expression: plain `-L pg` also matches odbc-pg).
# A test that needs a server reads its address from the MSGX_TEST_* environment that
# `tests/services/msgx-services start` writes; it fails (never skips) when that is missing.
set(MSGX_TEST_KINDS unit integration golden e2e fault)
set(MSGX_TEST_PARTS pg mysql sqlite odbc-pg odbc-mysql kafka)

function(msgx_add_test name)
  cmake_parse_arguments(T "SERIAL" "KIND;TIMEOUT;COST" "SOURCES;PARTS;LIBS" ${ARGN})
  if(NOT T_KIND IN_LIST MSGX_TEST_KINDS)
    message(FATAL_ERROR "msgx_add_test(${name}): KIND must be one of ${MSGX_TEST_KINDS}, got '${T_KIND}'")
  endif()
  foreach(part IN LISTS T_PARTS)
    if(NOT part IN_LIST MSGX_TEST_PARTS)
      message(FATAL_ERROR "msgx_add_test(${name}): unknown part '${part}' (known: ${MSGX_TEST_PARTS})")
    endif()
  endforeach()
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 300)
  endif()
  add_executable(${name} ${T_SOURCES})
  msgx_target_warnings(${name})
  target_link_libraries(${name} PRIVATE ${T_LIBS} msgx_test_support GTest::gmock GTest::gtest_main)
  gtest_discover_tests(${name} DISCOVERY_MODE PRE_TEST PROPERTIES TIMEOUT ${T_TIMEOUT})
  # gtest_discover_tests flattens list-valued PROPERTIES, so the labels (kind + parts) are set by a
  # generated include file that ctest runs after discovery.
  set(labels ${T_KIND} ${T_PARTS})
  set(labels_file ${CMAKE_CURRENT_BINARY_DIR}/${name}_labels.cmake)
  # SERIAL: the test runs alone (RUN_SERIAL), for the long end-to-end runs that start their own
  # servers and a daemon, whose timing a parallel build of other tests would distort.
  set(serial "")
  if(T_SERIAL)
    set(serial " RUN_SERIAL TRUE")
  endif()
  # COST: a long test that is not serial starts first, beside the short ones (a fresh clone has
  # no timing history, and ctest would otherwise start it in test-number order, near the end).
  if(T_COST)
    string(APPEND serial " COST ${T_COST}")
  endif()
  file(GENERATE OUTPUT ${labels_file}
       CONTENT "set_tests_properties(\${${name}_TESTS} PROPERTIES LABELS \"${labels}\"${serial})\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES ${labels_file})
endfunction()
