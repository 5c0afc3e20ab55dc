# Included once from the top-level CMakeLists.txt, before the first add_subdirectory().
#
# - GNUInstallDirs for the relative destinations of the install() rules in plugins/ and core/.
# - Every install() rule without a COMPONENT belongs to the `msgx` package (e.g. the migrations rule
#   of storage/), so a file nobody assigned still ships with the daemon instead of in a stray
#   "Unspecified" package.
# - packaging/MsgxPackages.cmake (CPack, the shipped configuration, the unit, the SDK package config
#   and the package tests) is included deferred, at the end of the top-level directory, so it comes
#   after every other directory's install rules and after enable_testing().
include(GNUInstallDirs)
set(CMAKE_INSTALL_DEFAULT_COMPONENT_NAME msgx)
# (Deferred arguments are expanded when the call runs, hence EVAL with the path spelled out now.)
cmake_language(EVAL CODE "cmake_language(DEFER CALL include [[${CMAKE_CURRENT_LIST_DIR}/MsgxPackages.cmake]])")
