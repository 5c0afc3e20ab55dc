# Plugin host (plugin/): included from core/CMakeLists.txt.
#
# msgx_plugin - loads handler plugins (dlopen, handshake, registry, hot reload), routes a decoded
#               message to its handler, and renders Decisions and flight documents as JSON (the
#               golden runner, `msgxctl decode`, the control socket). Builds on the SDK
#               (msgx_plugin_sdk) and the decoder (msgx_codec).
add_library(msgx_plugin STATIC
  ${CMAKE_CURRENT_LIST_DIR}/src/plugin/ControlServer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/plugin/DocumentJson.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/plugin/GoldenRunner.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/plugin/HandlerRegistry.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/plugin/IgnoreRules.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/plugin/InMemoryViews.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/plugin/JsonValue.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/plugin/LoadedPlugin.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/plugin/MessageRouting.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/plugin/OfflineDecision.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/plugin/PluginHost.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/plugin/PluginJson.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/plugin/PluginLoader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/plugin/SemanticVersion.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/plugin/TextDiff.cpp
)
target_include_directories(msgx_plugin PUBLIC ${CMAKE_CURRENT_LIST_DIR}/include)
target_link_libraries(msgx_plugin PUBLIC msgx_plugin_sdk msgx_codec msgx_core PRIVATE Poco::JSON Poco::Foundation
                                         ${CMAKE_DL_LIBS})
msgx_target_warnings(msgx_plugin)

# The daemon hosts the plugins and serves the control socket.
target_link_libraries(msgxd PRIVATE msgx_plugin)
