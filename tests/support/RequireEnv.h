#pragma once

#include <stdexcept>
#include <string>

namespace msgx::test {

// Thrown by requireEnv() after it recorded the test failure, so that the test stops there.
class MissingTestEnvironment : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Returns the value of the environment variable `name` (the MSGX_TEST_* settings that
// tests/services/msgx-services writes). When it is unset or empty, records a GoogleTest failure
// (never a skip: a test that cannot reach its server has not passed) that names the variable and
// says how to run the test, then throws MissingTestEnvironment.
std::string requireEnv(const char* name);

} // namespace msgx::test
