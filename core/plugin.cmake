# Plugin host (plugin/): included from core/CMakeLists.txt.
#
# msgx_plugin - loads handler plugins (dlopen, ABI handshake, registry, hot reload) and hands out
#               per-message leases of their handlers; nothing else. Routing a message to its handler
#               is the pipeline's (pipeline/MessageRouting), golden files are golden/'s.
add_library(msgx_plugin STATIC
  ${CMAKE_CURRENT_LIST_DIR}/src/plugin/HandlerRegistry.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/plugin/LoadedPlugin.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/plugin/PluginDirectoryWatch.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/plugin/PluginHost.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/plugin/PluginJson.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/plugin/PluginLoader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/plugin/SemanticVersion.cpp
)
target_include_directories(msgx_plugin PUBLIC ${CMAKE_CURRENT_LIST_DIR}/include)
target_link_libraries(msgx_plugin PUBLIC msgx_plugin_sdk msgx_base PRIVATE ${CMAKE_DL_LIBS})
msgx_target_warnings(msgx_plugin)
msgx_layer(msgx_plugin runtime)
