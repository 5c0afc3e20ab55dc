#include "RequireEnv.h"

#include <gtest/gtest.h>

#include <cstdlib>

namespace msgx::test {

std::string requireEnv(const char* name) {
    const char* value = std::getenv(name); // NOLINT(concurrency-mt-unsafe): nothing sets it concurrently
    if (value != nullptr && *value != '\0') {
        return value;
    }
    const std::string message = std::string("environment variable ") + name +
                                " is not set: run the test through `make test` or "
                                "`tests/services/with-services -- ctest ...`, which start the test "
                                "services and export their MSGX_TEST_* settings";
    ADD_FAILURE() << message;
    throw MissingTestEnvironment(message);
}

} // namespace msgx::test
