# msgx_add_handler(NAME <plugin-name> SOURCES <files...>)
#
# The one CMake line of a handler folder (plugins/README.md). Builds the handler as a MODULE library
# <plugin-name>.so into ${MSGX_HANDLERS_OUTPUT_DIR} (the directory msgxd's plugins.dir points at in
# a build tree), linked against the SDK only, and records its golden/ folder (required) so that
# tests/golden/CMakeLists.txt registers it as the CTest test golden.<plugin-name> (label golden).
set(MSGX_HANDLERS_OUTPUT_DIR ${CMAKE_BINARY_DIR}/handlers CACHE INTERNAL "where handler plugins are built")
# Relative to the install prefix (/usr in the packages): the default plugins.dir of msgx.yaml.
set(MSGX_HANDLERS_INSTALL_DIR lib/msgx/handlers CACHE INTERNAL "where handler plugins are installed")

function(msgx_add_handler)
  cmake_parse_arguments(H "" "NAME" "SOURCES" ${ARGN})
  if(NOT H_NAME OR NOT H_SOURCES)
    message(FATAL_ERROR "msgx_add_handler: NAME and SOURCES are required")
  endif()
  set(target msgx_handler_${H_NAME})
  string(REPLACE "-" "_" target ${target})
  add_library(${target} MODULE ${H_SOURCES})
  set_target_properties(${target} PROPERTIES
    PREFIX ""
    OUTPUT_NAME ${H_NAME}
    LIBRARY_OUTPUT_DIRECTORY ${MSGX_HANDLERS_OUTPUT_DIR}
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  # Only the SDK: a handler that includes a core or storage header does not compile. The shared
  # SDK of this build (plugins/CMakeLists.txt), found next to the handlers' folder once installed,
  # or in the packages' /usr/lib/msgx when a site copied a shipped handler into another plugins.dir.
  target_link_libraries(${target} PRIVATE msgx_handler_sdk)
  set_target_properties(${target} PROPERTIES INSTALL_RPATH "$ORIGIN/..;/usr/lib/msgx")
  # The plugin ABI is one exported symbol (PluginAbi.h): the version script keeps everything else
  # local, the std:: templates libstdc++ marks default-visible included (hidden visibility covers
  # only the handler's own code), and --gc-sections leaves out the handler's unused code. Both
  # shrink what msgxd maps per plugin (about 80 of them).
  set(exports ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/msgx-plugin-exports.map)
  target_compile_options(${target} PRIVATE -ffunction-sections -fdata-sections)
  target_link_options(${target} PRIVATE -Wl,--no-undefined -Wl,--version-script=${exports} -Wl,--gc-sections)
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS ${exports})
  msgx_target_warnings(${target})
  set_property(GLOBAL APPEND PROPERTY MSGX_HANDLER_PLUGINS ${target})
  # Package msgx-handlers (packaging/): every handler in /usr/lib/msgx/handlers, msgxd's plugins.dir.
  install(TARGETS ${target} LIBRARY DESTINATION ${MSGX_HANDLERS_INSTALL_DIR} COMPONENT handlers)
  # Every handler has golden cases: the test fails while its golden/ folder is missing or empty.
  set_property(GLOBAL APPEND PROPERTY MSGX_HANDLER_GOLDEN "${H_NAME}|${CMAKE_CURRENT_SOURCE_DIR}/golden")
endfunction()
