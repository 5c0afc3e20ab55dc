# HTTP (http/): included from core/CMakeLists.txt.
#
# msgx_http - the daemon's HTTP side (docs/http.md): the Poco Net server with its connection
#             deadlines, the router with the token files and the access log, and the endpoints
#             (compat inject, schedule sync, live flights, health, the operator API).
add_library(msgx_http STATIC
  ${CMAKE_CURRENT_LIST_DIR}/src/http/ChunkedBodyReader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/http/ConnectionDeadlines.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/http/ConsoleFiles.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/http/Exchange.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/http/HttpServer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/http/Router.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/http/TokenFile.cpp
)
# The endpoints, one group per file, and the table that lists them.
target_sources(msgx_http PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/src/http/HttpApi.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/http/ConsoleEndpoint.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/http/FlightsEndpoint.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/http/HealthEndpoints.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/http/InjectEndpoint.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/http/MetricsEndpoint.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/http/OpsControlEndpoints.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/http/OpsJson.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/http/OpsMessageEndpoints.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/http/ScheduleSyncEndpoint.cpp
)
target_include_directories(msgx_http PUBLIC ${CMAKE_CURRENT_LIST_DIR}/include)
target_link_libraries(msgx_http PUBLIC msgx_pipeline msgx_delivery msgx_plugin msgx_decoder msgx_model msgx_config
                                       msgx_storage msgx_base Poco::Net Poco::Foundation)
msgx_target_warnings(msgx_http)
msgx_layer(msgx_http tooling)
