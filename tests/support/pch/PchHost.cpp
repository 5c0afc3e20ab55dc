// The one translation unit of the hosts of the precompiled GoogleTest/GoogleMock headers
// (msgx_precompile_test_headers, cmake/MsgxTesting.cmake): it gives the header its compile flags.
// The executable host takes main() from gtest_main.
