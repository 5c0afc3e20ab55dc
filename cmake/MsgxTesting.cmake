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
  set_property(GLOBAL APPEND PROPERTY MSGX_TEST_EXECUTABLES ${name})
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

# Precompiled GoogleTest/GoogleMock headers for the test code (msgx_precompile_test_headers, called
# once after every test target is defined). Parsing the two headers is ~4 s of a 10-25 s test
# translation unit under the sanitizers, and the test code is about half of make test's build.
#
# GCC uses a .gch only under the flags it was made with: the same macros where the headers test
# them (Poco's interface defines _XOPEN_SOURCE, _FILE_OFFSET_BITS, ... which glibc's headers do), and
# the same -fPIE / -fPIC. CMake compiles with -Winvalid-pch, an error under -Werror, so a target
# reuses the header of a host made with its own flags or none at all: the test executables and test
# libraries that link the storage layer (most of them, all with one set of flags) reuse
# msgx_test_pch_executable or msgx_test_pch_library; the others parse the headers as before.
option(MSGX_TEST_PCH "Precompile the GoogleTest/GoogleMock headers of the tests that link msgx_storage" ON)

# out: TRUE when `target` links `wanted`, directly or through the targets it links.
function(msgx_links out target wanted)
  set(queue ${target})
  set(seen "")
  set(found FALSE)
  while(queue)
    list(POP_FRONT queue current)
    if(current IN_LIST seen OR NOT TARGET ${current})
      continue()
    endif()
    list(APPEND seen ${current})
    get_target_property(aliased ${current} ALIASED_TARGET)
    if(aliased)
      list(APPEND queue ${aliased})
      continue()
    endif()
    if(current STREQUAL wanted)
      set(found TRUE)
      break()
    endif()
    get_target_property(type ${current} TYPE)
    set(libs "")
    if(NOT type STREQUAL "INTERFACE_LIBRARY")
      get_target_property(direct ${current} LINK_LIBRARIES)
      if(direct)
        list(APPEND libs ${direct})
      endif()
    endif()
    get_target_property(interface ${current} INTERFACE_LINK_LIBRARIES)
    if(interface)
      list(APPEND libs ${interface})
    endif()
    foreach(lib IN LISTS libs)
      string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" lib "${lib}")
      list(APPEND queue ${lib})
    endforeach()
  endwhile()
  set(${out} ${found} PARENT_SCOPE)
endfunction()

# Every executable made by msgx_add_test and every static or object library under tests/ that links
# msgx_storage and GoogleTest reuses the host of its kind.
function(msgx_precompile_test_headers)
  if(NOT MSGX_TEST_PCH)
    return()
  endif()
  set(source ${PROJECT_SOURCE_DIR}/tests/support/pch/PchHost.cpp)
  add_executable(msgx_test_pch_executable ${source})
  add_library(msgx_test_pch_library OBJECT ${source})
  foreach(host msgx_test_pch_executable msgx_test_pch_library)
    target_link_libraries(${host} PRIVATE msgx_storage msgx_test_support GTest::gmock GTest::gtest_main)
    target_precompile_headers(${host} PRIVATE <gtest/gtest.h> <gmock/gmock.h>)
    msgx_target_warnings(${host})
  endforeach()
  get_property(tests GLOBAL PROPERTY MSGX_TEST_EXECUTABLES)
  set(directories ${PROJECT_SOURCE_DIR}/tests)
  set(libraries "")
  while(directories)
    list(POP_FRONT directories directory)
    get_property(subdirectories DIRECTORY ${directory} PROPERTY SUBDIRECTORIES)
    list(APPEND directories ${subdirectories})
    get_property(targets DIRECTORY ${directory} PROPERTY BUILDSYSTEM_TARGETS)
    foreach(target IN LISTS targets)
      get_target_property(type ${target} TYPE)
      if(type STREQUAL "STATIC_LIBRARY" OR type STREQUAL "OBJECT_LIBRARY")
        list(APPEND libraries ${target})
      endif()
    endforeach()
  endwhile()
  list(REMOVE_ITEM libraries msgx_test_pch_library)
  foreach(target IN LISTS tests libraries)
    msgx_links(storage ${target} msgx_storage)
    msgx_links(gtest ${target} GTest::gtest)
    if(NOT storage OR NOT gtest)
      continue()
    endif()
    get_target_property(type ${target} TYPE)
    if(type STREQUAL "EXECUTABLE")
      target_precompile_headers(${target} REUSE_FROM msgx_test_pch_executable)
    else()
      target_precompile_headers(${target} REUSE_FROM msgx_test_pch_library)
    endif()
  endforeach()
endfunction()
