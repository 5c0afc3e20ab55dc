# Golden tooling (golden/): included from core/CMakeLists.txt.
#
# msgx_golden - a message decided offline through the real loaded handler against before.json /
#               refs.json instead of the store (`msgxctl decode`, `msgxctl golden`, the golden CTest
#               tests), the Decision as JSON, and the line diff a failed case prints.
add_library(msgx_golden STATIC
  ${CMAKE_CURRENT_LIST_DIR}/src/golden/GoldenRunner.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/golden/OfflineDecision.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/golden/TextDiff.cpp
)
target_include_directories(msgx_golden PUBLIC ${CMAKE_CURRENT_LIST_DIR}/include)
target_link_libraries(msgx_golden PUBLIC msgx_pipeline msgx_model msgx_plugin msgx_base)
msgx_target_warnings(msgx_golden)
msgx_layer(msgx_golden tooling)
