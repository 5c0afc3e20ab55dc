# msgxctl: the operator CLI (core/src/ctl). Each subcommand is one file, listed in Commands.cpp.
add_executable(msgxctl
  ${CMAKE_CURRENT_LIST_DIR}/src/ctl/MsgxctlMain.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/ctl/Commands.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/ctl/MigrateCommand.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/ctl/DecodeCommand.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/ctl/GoldenCommand.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/ctl/OfflineSettings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/ctl/PluginsCommand.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/ctl/InjectCommand.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/ctl/StatusCommand.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/ctl/MessagesCommand.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/ctl/ReplayCommand.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/ctl/StoreCommandContext.cpp
)
# msgxctl events (delivery work).
target_sources(msgxctl PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/src/ctl/EventsCommand.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/ctl/CursorCommand.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/ctl/SkipCommand.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/ctl/RequestCommand.cpp
)
target_compile_definitions(msgxctl PRIVATE MSGX_VERSION="${PROJECT_VERSION}")
target_link_libraries(msgxctl PRIVATE msgx_golden msgx_daemon msgx_pipeline msgx_delivery msgx_plugin
                                      msgx_decoder msgx_config msgx_storage CLI11::CLI11)
msgx_target_warnings(msgxctl)
msgx_layer(msgxctl executable)
# The migrations `msgxctl migrate` finds next to it (<build>/share/msgx/migrations, storage/CMakeLists.txt).
add_dependencies(msgxctl msgx_migrations)
