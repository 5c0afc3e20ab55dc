# Every dependency comes from a Debian 12 package (scripts/install-deps.sh installs them).
find_package(PkgConfig REQUIRED)
find_package(Threads REQUIRED)

# Poco's Data connector CMake files link to PostgreSQL::client, MySQL::client and ODBC::ODBC but
# nothing on Debian defines the first two (platform-notes.md §2): define them before find_package(Poco).
find_package(PostgreSQL REQUIRED)
find_package(ODBC REQUIRED)
pkg_check_modules(MARIADB REQUIRED IMPORTED_TARGET libmariadb)
if(NOT TARGET PostgreSQL::client)
  add_library(PostgreSQL::client INTERFACE IMPORTED)
  target_link_libraries(PostgreSQL::client INTERFACE PostgreSQL::PostgreSQL)
endif()
if(NOT TARGET MySQL::client)
  add_library(MySQL::client INTERFACE IMPORTED)
  target_link_libraries(MySQL::client INTERFACE PkgConfig::MARIADB)
endif()

find_package(Poco 1.11 REQUIRED COMPONENTS Foundation Util Net XML JSON Data DataPostgreSQL DataMySQL
                                           DataODBC DataSQLite)
pkg_check_modules(RDKAFKA REQUIRED IMPORTED_TARGET rdkafka>=2.0)
pkg_check_modules(RDKAFKAXX REQUIRED IMPORTED_TARGET rdkafka++>=2.0)
find_package(yaml-cpp REQUIRED)
find_package(fmt REQUIRED)
find_package(spdlog REQUIRED)
find_package(CLI11 REQUIRED)
if(MSGX_BUILD_TESTS)
  find_package(GTest REQUIRED)
endif()
