# Model (model/): included from core/CMakeLists.txt.
#
# msgx_model - the SDK's flight documents, values and reference data on the host side: their JSON
#              form (flight attributes and detail items in the store, golden files, replies) and
#              in-memory FlightView / ReferenceView implementations (golden runner, the pump's
#              reference cache).
add_library(msgx_model STATIC
  ${CMAKE_CURRENT_LIST_DIR}/src/model/DocumentJson.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/model/InMemoryViews.cpp
)
target_include_directories(msgx_model PUBLIC ${CMAKE_CURRENT_LIST_DIR}/include)
target_link_libraries(msgx_model PUBLIC msgx_plugin_sdk msgx_base)
msgx_target_warnings(msgx_model)
msgx_layer(msgx_model runtime)
