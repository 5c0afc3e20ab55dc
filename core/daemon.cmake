# Daemon (daemon/): included from core/CMakeLists.txt.
#
# msgx_daemon - the parts of a running process that msgxd and msgxctl share: signal handling, the
#               start-up summary line, and the control socket (the daemon's server and the CLI's
#               one-command client).
add_library(msgx_daemon STATIC
  ${CMAKE_CURRENT_LIST_DIR}/src/daemon/ControlServer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/daemon/ProcessSignals.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/daemon/StartupSummary.cpp
)
target_include_directories(msgx_daemon PUBLIC ${CMAKE_CURRENT_LIST_DIR}/include)
target_link_libraries(msgx_daemon PUBLIC msgx_config msgx_base)
msgx_target_warnings(msgx_daemon)
msgx_layer(msgx_daemon tooling)

# msgxd: the daemon. libsystemd for sd_notify (msgxd.service is Type=notify with a watchdog).
pkg_check_modules(LIBSYSTEMD REQUIRED IMPORTED_TARGET libsystemd)
add_executable(msgxd
  ${CMAKE_CURRENT_LIST_DIR}/src/daemon/MsgxdMain.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/daemon/SystemdNotify.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/daemon/StoreStartup.cpp
)
target_compile_definitions(msgxd PRIVATE MSGX_VERSION="${PROJECT_VERSION}")
target_link_libraries(msgxd PRIVATE msgx_daemon msgx_http msgx_pipeline msgx_plugin msgx_config msgx_storage
                                    CLI11::CLI11 PkgConfig::LIBSYSTEMD)
add_dependencies(msgxd msgx_migrations)
msgx_target_warnings(msgxd)
msgx_layer(msgxd executable)
