# Packages (docs/packaging.md): CPack components, one DEB/RPM each. Included by MsgxPackaging.cmake
# at the end of the top-level CMakeLists.txt.
#
#   component  package        contents
#   msgx       msgx           /usr/bin/msgxd, /usr/bin/msgxctl, /usr/share/msgx/migrations/<dialect>/,
#                             /etc/msgx/msgx.yaml (conffile), /etc/msgx/sites/*.yaml.example,
#                             msgxd.service, /etc/logrotate.d/msgx,
#                             /etc/msgx/prometheus/msgx-alerts.yml (conffile), maintainer scripts
#   handlers   msgx-handlers  /usr/lib/msgx/handlers/*.so (install rule in msgx_add_handler) and
#                             their shared SDK /usr/lib/msgx/libmsgx_handler_sdk.so.<version> (plugins/)
#   dev        msgx-dev       SDK headers and static libraries, find_package(MsgxSdk) config
#
# /etc paths are absolute (FHS; the package is the contract), everything else is relative to
# CPACK_PACKAGING_INSTALL_PREFIX=/usr. For an unprivileged `cmake --install --prefix P`, set
# -DMSGX_INSTALL_SYSCONFDIR=P/etc.
set(MSGX_INSTALL_SYSCONFDIR /etc CACHE PATH "where msgx.yaml and the logrotate file are installed")
set(MSGX_INSTALL_UNITDIR lib/systemd/system) # /usr/lib/systemd/system: the same path in DEB and RPM

# --- component msgx: shipped configuration, unit, logrotate -----------------------------------
# msgx.yaml names ${…} secrets only, but the site may write passwords in; 0640 (postinst gives the
# group to msgx).
install(FILES ${PROJECT_SOURCE_DIR}/etc/msgx.yaml DESTINATION ${MSGX_INSTALL_SYSCONFDIR}/msgx
        PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ COMPONENT msgx)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/etc/sites/ DESTINATION ${MSGX_INSTALL_SYSCONFDIR}/msgx/sites
        COMPONENT msgx FILES_MATCHING PATTERN "*.yaml.example")
install(FILES ${PROJECT_SOURCE_DIR}/etc/msgxd.service DESTINATION ${MSGX_INSTALL_UNITDIR} COMPONENT msgx)
install(FILES ${PROJECT_SOURCE_DIR}/etc/logrotate.d/msgx DESTINATION ${MSGX_INSTALL_SYSCONFDIR}/logrotate.d
        COMPONENT msgx)
# The Prometheus alert rules (docs/runbook.md): a conffile, a site tunes thresholds in place.
install(FILES ${PROJECT_SOURCE_DIR}/etc/prometheus/msgx-alerts.yml DESTINATION ${MSGX_INSTALL_SYSCONFDIR}/msgx/prometheus
        COMPONENT msgx)

# --- component dev: find_package(MsgxSdk) ------------------------------------------------------
include(CMakePackageConfigHelpers)
set(MSGX_SDK_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/MsgxSdk)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/sdk/MsgxSdkConfig.cmake.in ${PROJECT_BINARY_DIR}/packaging/MsgxSdkConfig.cmake
                              INSTALL_DESTINATION ${MSGX_SDK_CMAKE_DIR})
# The SDK version (PluginAbi.h) is the project version's compatibility promise for handler
# sources; the ABI itself is checked at load time by the build tag.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/packaging/MsgxSdkConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY ExactVersion)
install(EXPORT MsgxSdkTargets NAMESPACE Msgx:: DESTINATION ${MSGX_SDK_CMAKE_DIR} COMPONENT dev)
install(FILES ${PROJECT_BINARY_DIR}/packaging/MsgxSdkConfig.cmake ${PROJECT_BINARY_DIR}/packaging/MsgxSdkConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/plugins/cmake/MsgxHandler.cmake
              ${PROJECT_SOURCE_DIR}/plugins/cmake/msgx-plugin-exports.map
        DESTINATION ${MSGX_SDK_CMAKE_DIR} COMPONENT dev)

# --- CPack -------------------------------------------------------------------------------------
set(CPACK_PACKAGE_NAME msgx)
set(CPACK_PACKAGE_VENDOR "msgexchange")
set(CPACK_PACKAGE_CONTACT "msgexchange maintainers <msgx@localhost>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "airport message middleware (AODB mailbox to Kafka)")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_COMPONENTS_ALL msgx handlers dev)
set(CPACK_COMPONENT_MSGX_DESCRIPTION "msgexchange daemon msgxd, CLI msgxctl, migrations, configuration")
set(CPACK_COMPONENT_HANDLERS_DESCRIPTION "msgexchange handler plugins")
set(CPACK_COMPONENT_DEV_DESCRIPTION "msgexchange plugin SDK: headers, libraries, CMake package MsgxSdk")
set(CPACK_GENERATOR DEB RPM)
set(CPACK_VERBATIM_VARIABLES ON)
# Stripped programs and plugins, as a Debian package would ship them (rpm strips anyway); the
# unstripped RelWithDebInfo binaries stay in the build tree for crash analysis.
set(CPACK_STRIP_FILES ON)
# Two packages built from the same tree must not differ by a stale staging directory.
set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR}/packages)
set(MSGX_PACKAGE_RELEASE 1 CACHE STRING "package release (DEB revision, RPM Release)")
# Read by cpack, per generator: the release (and with it the exact `msgx (= version-release)`
# dependencies) can be changed at cpack time with MSGX_PACKAGE_RELEASE=<n> in the environment, so a
# rebuilt package for an upgrade test needs no reconfiguration.
configure_file(${CMAKE_CURRENT_LIST_DIR}/CPackProjectConfig.cmake.in ${PROJECT_BINARY_DIR}/packaging/CPackProjectConfig.cmake
               @ONLY)
set(CPACK_PROJECT_CONFIG_FILE ${PROJECT_BINARY_DIR}/packaging/CPackProjectConfig.cmake)

# DEB: one package per component, Depends from dpkg-shlibdeps. Handlers and the SDK must match the
# daemon's build exactly (the plugin build tag), hence `msgx (= version-release)`
# (CPackProjectConfig.cmake.in).
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SECTION net)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_MSGX_PACKAGE_NAME msgx)
set(CPACK_DEBIAN_HANDLERS_PACKAGE_NAME msgx-handlers)
set(CPACK_DEBIAN_DEV_PACKAGE_NAME msgx-dev)
set(CPACK_DEBIAN_MSGX_PACKAGE_DEPENDS "adduser")
set(CPACK_DEBIAN_MSGX_PACKAGE_RECOMMENDS "logrotate")
set(CPACK_DEBIAN_MSGX_PACKAGE_SUGGESTS "msgx-handlers")
set(CPACK_DEBIAN_DEV_PACKAGE_RECOMMENDS "cmake (>= 3.25), g++")
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
configure_file(${CMAKE_CURRENT_LIST_DIR}/deb/conffiles ${PROJECT_BINARY_DIR}/packaging/deb/conffiles @ONLY)
set(CPACK_DEBIAN_MSGX_PACKAGE_CONTROL_EXTRA
    ${PROJECT_BINARY_DIR}/packaging/deb/conffiles
    ${CMAKE_CURRENT_LIST_DIR}/deb/postinst
    ${CMAKE_CURRENT_LIST_DIR}/deb/prerm
    ${CMAKE_CURRENT_LIST_DIR}/deb/postrm)
set(CPACK_DEBIAN_MSGX_PACKAGE_CONTROL_STRICT_PERMISSION ON)

# RPM: the same layout. AUTOREQ off: Debian sonames are wrong on an RPM distribution; production
# RPMs are built there (docs/packaging.md).
set(CPACK_RPM_COMPONENT_INSTALL ON)
set(CPACK_RPM_FILE_NAME RPM-DEFAULT)
set(CPACK_RPM_PACKAGE_LICENSE "Proprietary")
set(CPACK_RPM_PACKAGE_AUTOREQ OFF)
# Not relocatable: msgx.yaml, the unit and plugins.dir name the FHS paths.
set(CPACK_PACKAGE_RELOCATABLE OFF)
set(CPACK_RPM_MSGX_PACKAGE_NAME msgx)
set(CPACK_RPM_HANDLERS_PACKAGE_NAME msgx-handlers)
set(CPACK_RPM_DEV_PACKAGE_NAME msgx-dev)
set(CPACK_RPM_MSGX_USER_FILELIST
    "%config(noreplace) ${MSGX_INSTALL_SYSCONFDIR}/msgx/msgx.yaml"
    "%config(noreplace) ${MSGX_INSTALL_SYSCONFDIR}/logrotate.d/msgx"
    "%config(noreplace) ${MSGX_INSTALL_SYSCONFDIR}/msgx/prometheus/msgx-alerts.yml")
# Directories every system owns are not ours to list.
set(CPACK_RPM_EXCLUDE_FROM_AUTO_FILELIST_ADDITION
    /etc /etc/logrotate.d /usr/lib/systemd /usr/lib/systemd/system /usr/include /usr/lib/cmake /usr/share)
set(CPACK_RPM_MSGX_PRE_INSTALL_SCRIPT_FILE ${CMAKE_CURRENT_LIST_DIR}/rpm/pre)
set(CPACK_RPM_MSGX_POST_INSTALL_SCRIPT_FILE ${CMAKE_CURRENT_LIST_DIR}/rpm/post)
set(CPACK_RPM_MSGX_PRE_UNINSTALL_SCRIPT_FILE ${CMAKE_CURRENT_LIST_DIR}/rpm/preun)

include(CPack)

# --- tests -------------------------------------------------------------------------------------
if(MSGX_BUILD_TESTS)
  # Builds the three DEBs from this build tree with cpack (into its own directory) and checks them
  # with dpkg-deb -c/-I: files, conffiles, Depends, unit, maintainer scripts. No network.
  add_test(NAME packaging.deb_contents
           COMMAND ${CMAKE_CURRENT_LIST_DIR}/test/check-deb-contents.sh ${PROJECT_BINARY_DIR}
                   ${PROJECT_BINARY_DIR}/packaging/test-deb)
  # COST: about 3 minutes of cpack; started first so the short tests run beside it.
  set_tests_properties(packaging.deb_contents PROPERTIES LABELS unit TIMEOUT 400 COST 900)
  find_program(MSGX_SYSTEMD_ANALYZE systemd-analyze)
  if(MSGX_SYSTEMD_ANALYZE)
    add_test(NAME packaging.unit_verify
             COMMAND ${CMAKE_CURRENT_LIST_DIR}/test/verify-unit.sh ${MSGX_SYSTEMD_ANALYZE}
                     ${PROJECT_SOURCE_DIR}/etc/msgxd.service $<TARGET_FILE:msgxd>)
    set_tests_properties(packaging.unit_verify PROPERTIES LABELS unit TIMEOUT 60)
  endif()
  # msgxd's side of Type=notify (READY/WATCHDOG/RELOADING/STOPPING) against a fake $NOTIFY_SOCKET.
  msgx_add_test(packaging_notify_test KIND e2e SOURCES ${CMAKE_CURRENT_LIST_DIR}/test/SystemdNotifyTest.cpp
                LIBS Poco::Foundation)
  add_dependencies(packaging_notify_test msgxd)
  target_compile_definitions(packaging_notify_test PRIVATE MSGX_MSGXD_BIN="$<TARGET_FILE:msgxd>")
endif()
