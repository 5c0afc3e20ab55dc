#include "DispatchTest.h"

namespace msgx::test {

using namespace std::chrono_literals;

delivery::DispatcherSettings DispatchTest::msgSettings() {
    delivery::DispatcherSettings settings;
    settings.target = "msg";
    settings.maxAttempts = 3;
    settings.backoff = {1s, 2s, 4s};
    settings.backoffCap = 60s;
    settings.unavailableRetry = 5s;
    return settings;
}

delivery::DispatcherSettings DispatchTest::schdSettings() {
    delivery::DispatcherSettings settings = msgSettings();
    settings.target = "schd";
    settings.aggregated = true;
    settings.batchSize = 500;
    settings.flushPeriod = 3s;
    return settings;
}

} // namespace msgx::test
