# msgx_add_handler(NAME <plugin-name> SOURCES <files...> [WERROR])
#
# The one CMake line of a handler folder (plugins/README.md), in this source tree and out of it: the
# tree includes this file from plugins/CMakeLists.txt, and the msgx-dev package installs it beside
# MsgxSdkConfig.cmake, which includes it for a handler built against the installed SDK
# (plugins/examples/remark-handler). Either way it builds <plugin-name>.so as a MODULE library with
# the settings the plugin host's handshake expects (C++20 without extensions, hidden symbols but the
# entry point, no undefined symbol), linked against the SDK only: a handler that includes a core or
# storage header does not compile.
#
# In the tree (the target msgx_handler_sdk exists): the handler links that shared SDK, is built into
# ${MSGX_HANDLERS_OUTPUT_DIR} (the directory msgxd's plugins.dir points at in a build tree), gets the
# project's warnings, is installed into ${MSGX_HANDLERS_INSTALL_DIR} with the package
# msgx-handlers, and records its golden/ folder (required) so that tests/golden/CMakeLists.txt
# registers the CTest test golden.<plugin-name> (label golden). WERROR changes nothing there: the
# project's warnings are errors already (MSGX_WERROR).
#
# Out of tree: the handler links the static SDK Msgx::plugin_sdk, warns with -Wall -Wextra
# -Wpedantic (WERROR makes them errors) and is installed into MsgxSdk_HANDLERS_DIR (override with
# -DMSGX_HANDLERS_INSTALL_DIR=...). Golden cases are the handler's own business out of tree
# (`msgxctl golden --plugins DIR CASES`).
function(msgx_add_handler)
  cmake_parse_arguments(H "WERROR" "NAME" "SOURCES" ${ARGN})
  if(NOT H_NAME OR NOT H_SOURCES)
    message(FATAL_ERROR "msgx_add_handler: NAME and SOURCES are required")
  endif()
  set(target msgx_handler_${H_NAME})
  string(REPLACE "-" "_" target ${target})
  add_library(${target} MODULE ${H_SOURCES})
  set_target_properties(${target} PROPERTIES
    PREFIX ""
    OUTPUT_NAME ${H_NAME}
    CXX_STANDARD 20
    CXX_STANDARD_REQUIRED ON
    CXX_EXTENSIONS OFF
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  # The plugin ABI is one exported symbol (PluginAbi.h): the version script keeps everything else
  # local, a statically linked SDK and the std:: templates libstdc++ marks default-visible included
  # (hidden visibility covers only the handler's own code), and --gc-sections leaves out the code
  # a handler does not use. Both shrink what msgxd maps per plugin (about 80 of them).
  set(exports ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/msgx-plugin-exports.map)
  target_compile_options(${target} PRIVATE -ffunction-sections -fdata-sections)
  target_link_options(${target} PRIVATE -Wl,--no-undefined -Wl,--version-script=${exports} -Wl,--gc-sections)
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS ${exports})

  if(TARGET msgx_handler_sdk)
    # The shared SDK of this build (plugins/CMakeLists.txt), found next to the handlers' folder once
    # installed, or in the packages' /usr/lib/msgx when a site copied a shipped handler into another
    # plugins.dir.
    target_link_libraries(${target} PRIVATE msgx_handler_sdk)
    set_target_properties(${target} PROPERTIES
      LIBRARY_OUTPUT_DIRECTORY ${MSGX_HANDLERS_OUTPUT_DIR}
      INSTALL_RPATH "$ORIGIN/..;/usr/lib/msgx")
    msgx_target_warnings(${target})
    # msgxd refuses a plugin file or folder that group or others may write (docs/security.md
    # "Plugins"): under a umask of 002 the build's own would be.
    add_custom_command(TARGET ${target} POST_BUILD
                       COMMAND chmod go-w $<TARGET_FILE:${target}> $<TARGET_FILE_DIR:${target}>)
    set_property(GLOBAL APPEND PROPERTY MSGX_HANDLER_PLUGINS ${target})
    # Package msgx-handlers (packaging/): every handler in /usr/lib/msgx/handlers, msgxd's plugins.dir.
    install(TARGETS ${target} LIBRARY DESTINATION ${MSGX_HANDLERS_INSTALL_DIR} COMPONENT handlers)
    # Every handler has golden cases: the test fails while its golden/ folder is missing or empty.
    set_property(GLOBAL APPEND PROPERTY MSGX_HANDLER_GOLDEN "${H_NAME}|${CMAKE_CURRENT_SOURCE_DIR}/golden")
  else()
    target_link_libraries(${target} PRIVATE Msgx::plugin_sdk)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic $<$<BOOL:${H_WERROR}>:-Werror>)
    if(NOT MSGX_HANDLERS_INSTALL_DIR)
      set(MSGX_HANDLERS_INSTALL_DIR ${MsgxSdk_HANDLERS_DIR})
    endif()
    install(TARGETS ${target} LIBRARY DESTINATION ${MSGX_HANDLERS_INSTALL_DIR})
  endif()
endfunction()
