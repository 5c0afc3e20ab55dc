# Delivery (delivery/): included from core/CMakeLists.txt.
#
# msgx_delivery - the outbox dispatchers (one per logical target, strictly in EVENT_ID order) and
#                 the sinks they send through: Kafka (librdkafka, idempotent producer) and
#                 JSON-lines files (architecture.md §6).
add_library(msgx_delivery STATIC)
target_include_directories(msgx_delivery PUBLIC ${CMAKE_CURRENT_LIST_DIR}/include)
target_link_libraries(msgx_delivery PUBLIC msgx_config msgx_base msgx_storage PRIVATE PkgConfig::RDKAFKA Poco::Foundation)
msgx_target_warnings(msgx_delivery)
msgx_layer(msgx_delivery runtime)

# Records and sinks.
target_sources(msgx_delivery PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/src/delivery/DeliveryRecord.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/delivery/FileSink.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/delivery/KafkaErrorClass.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/delivery/KafkaSink.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/delivery/ProducerSettings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/delivery/SinkFactory.cpp
)

# Dispatchers and the operator's release of a held target.
target_sources(msgx_delivery PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/src/delivery/Dispatcher.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/delivery/DispatcherSettings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/delivery/TargetRelease.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/delivery/ClaimRecovery.cpp
)
