# msgx_add_handler(NAME <plugin-name> SOURCES <files...> [WERROR])
#
# The out-of-tree twin of plugins/cmake/MsgxHandler.cmake: builds <plugin-name>.so as a MODULE
# library against the installed SDK only, with the settings the plugin host's handshake expects
# (C++20 without extensions, hidden symbols but the entry point, no undefined symbol), and installs
# it into MsgxSdk_HANDLERS_DIR (override with -DMSGX_HANDLERS_INSTALL_DIR=...). Golden cases are
# the handler's own business out of tree (`msgxctl golden --plugins DIR CASES`). Warnings are on
# (-Wall -Wextra -Wpedantic); WERROR makes them errors.
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
  target_link_libraries(${target} PRIVATE Msgx::plugin_sdk)
  # The plugin ABI is one exported symbol (PluginAbi.h): the version script keeps everything else
  # local, the statically linked SDK and the std:: templates libstdc++ marks default-visible
  # included (hidden visibility covers only the handler's own code), and --gc-sections leaves out
  # the SDK code a handler does not use. Both shrink what msgxd maps per plugin (about 80 of them).
  set(exports ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/msgx-plugin-exports.map)
  target_compile_options(${target} PRIVATE -ffunction-sections -fdata-sections)
  target_link_options(${target} PRIVATE -Wl,--no-undefined -Wl,--version-script=${exports} -Wl,--gc-sections)
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS ${exports})
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic $<$<BOOL:${H_WERROR}>:-Werror>)
  if(NOT MSGX_HANDLERS_INSTALL_DIR)
    set(MSGX_HANDLERS_INSTALL_DIR ${MsgxSdk_HANDLERS_DIR})
  endif()
  install(TARGETS ${target} LIBRARY DESTINATION ${MSGX_HANDLERS_INSTALL_DIR})
endfunction()
