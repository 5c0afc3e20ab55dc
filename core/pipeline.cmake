# Pipeline (pipeline/): included from core/CMakeLists.txt.
#
# msgx_pipeline - the daemon's main job (architecture.md §1, §4, §9): the inbox poller, the routing of
#                 a message (decode, ignore rules, handler), the pump (the only writer of flight
#                 state), the back-fill worker, the archive job, the single-writer lease, requests and
#                 the admin-API reference refresh.
add_library(msgx_pipeline STATIC)
target_include_directories(msgx_pipeline PUBLIC ${CMAKE_CURRENT_LIST_DIR}/include)
target_link_libraries(msgx_pipeline PUBLIC msgx_config msgx_storage msgx_decoder msgx_plugin msgx_model
                                           msgx_delivery msgx_base PRIVATE Poco::Net Poco::Foundation)
msgx_target_warnings(msgx_pipeline)
msgx_layer(msgx_pipeline pipeline)

# Routing: decode -> ignore rules -> the handler of the key.
target_sources(msgx_pipeline PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/IgnoreRules.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/MessageRouting.cpp
)

# Pump: decisions into processing commits.
target_sources(msgx_pipeline PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/DecisionCommit.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/EventPayloads.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/FlightStoreMapping.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/NamedFlights.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/Pump.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/RetryPolicy.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/StoreFlightView.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/PackedDocuments.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/StoreReferenceView.cpp
)

# The inbox poller's cadence.
target_sources(msgx_pipeline PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/PollCadence.cpp
)

# The gauges that read the own store, for the metrics loop.
target_sources(msgx_pipeline PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/StoreSampler.cpp
)

# Requests to AODB: documents, registration/sending/expiry, matching a RESP.
target_sources(msgx_pipeline PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/RequestDocuments.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/RequestCoordinator.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/ResponseMatcher.cpp
)

# The admin-API reference refresh: the HTTP client (Poco Net) and the fetch -> validate -> publish job.
target_sources(msgx_pipeline PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/AdminApiClient.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/ReferenceRefresh.cpp
)

# Intake and housekeeping: poller, back-fill, archive, lease.
target_sources(msgx_pipeline PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/InboxPoller.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/BacklogSkip.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/FirstStart.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/MissingIdTracker.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/BackfillWorker.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/ArchiveJob.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/WriterLeaseKeeper.cpp
)

# Replay and the runtime that runs the pipeline's threads in msgxd.
target_sources(msgx_pipeline PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/MessageKey.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/Replay.cpp
)
target_sources(msgx_pipeline PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/PipelineRuntime.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/pipeline/Wakeup.cpp
)
