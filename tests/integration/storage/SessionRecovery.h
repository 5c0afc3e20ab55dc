#pragma once

#include "TestDatabase.h"

#include <gtest/gtest.h>

namespace msgx::test {

// Session recovery after the server killed a session (SessionRecoveryTest.cpp); server backends only.
class SessionRecovery : public ::testing::TestWithParam<StoreBackend> {};

} // namespace msgx::test
